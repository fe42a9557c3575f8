"""P4 odds: exact odds of every Iron Hearts worked example that rolls dice (01 §7, IH-1 …
IH-12), against a 10^5-sample Monte Carlo of the same actions, same run.

Each example's contexts are built as its golden test builds them (the set-ups of
bench/ih_examples.py, which the golden tests import too: the same profiles, facts and
earlier steps applied with the example's dice), and the example's exact odds are the odds
of every action in it that rolls (IH-8: the squad volley, three start-of-turn tests and
the rally). The exact figure is timed cold — engine.odds' caches cleared before every run —
as the median of several runs. Two baselines, same run:
- numpy: a vectorised numpy Monte Carlo of 10^5 samples of the same actions
  (bench.odds_numpy: the ruleset's own plan — Test, Bands, Volley — with the dice drawn all at
  once), checked against the exact odds (`numpy_tv`, total-variation distance); an action
  kind it does not simulate (the tank actions) is timed on its resolver's Monte Carlo and
  named in `numpy_falls_back`;
- resolver: engine.odds.simulate of the real resolvers, 10^4 samples timed once and scaled
  ×10 (`mc=1e4x10`), or 10^5 with --full (`mc=1e5`).

Target (issue #15): every example's exact odds ≤ 5 ms, the worst named; the ratios are
reported (against a vectorised simulation the exact odds are only a few times faster).
The exact odds are timed in CPU time (the process's own: single-threaded work, so the other
processes of a loaded host do not count against it; Monte Carlo baselines stay wall time).

Every ruleset (issue #41): every action of every sample table (bench/sample_odds.py: each
action × actor × target × weapon the rules accept, planned through the referee as the
`odds` command plans it) is timed once from nothing kept; the `SCREEN` slowest of each
table are timed again as above, and a line per ruleset names its slowest action with the
same 5 ms target: `exact_ms` as the odds panel re-prices a set-up (engine.odds' caches
cleared, the board's landings of that scatter kept, as the measurement service keeps its
pairs), `first_ms` with the landings worked out again (a scatter's first odds at a new aim on the
same board), both of the call slowest either way and both judged against the target, and
`over_first_in_screen`, how many calls the screening run (nothing kept) found over 5 ms.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from bench import Options, Outcome, fmt, target
from bench.ih_examples import DAMAGE8, DUEL, IH, ctx, ctx_of, game, gunner5, make_game, play
from bench.odds_numpy import simulate as numpy_simulate
from bench.odds_numpy import total_variation
from bench.sample_odds import SCENARIOS, SampleCall, planned
from engine.board_ops import clear_landings
from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.odds import clear_caches, simulate
from engine.protocol import Context, Facts
from engine.scenario_io import load_scenario

#: Exact odds of each example within this (issue #15: 5 ms; design.md P4 allows 10).
TARGET_MS = 5.0
#: A vectorised simulation further than this from the exact odds is not the same action.
MAX_TV = 0.02
SAMPLES = 100_000
EXACT_RUNS = 7
#: How many of each table's slowest calls in the screening run are timed again.
SCREEN = 5


def ih1() -> list[Context]:
    return [ctx(game(), "stat_test", "ninja", options={"stat": "melee"})]


def ih2() -> list[Context]:
    return [ctx(game(), "detect", "sarge")]


def ih3() -> list[Context]:
    return [ctx(game(), "shoot", "mg", "vova", weapon="mg42", options={"volleys": 3},
                facts=Facts(distance_m=60.0, cover=0))]


def ih4() -> list[Context]:
    return [ctx(game(), "shoot", "mg", "cmd", weapon=DAMAGE8,
                facts=Facts(distance_m=50.0, cover=2))]


def ih5() -> list[Context]:
    g = game()
    shot = ctx(g, "shoot", "mg", "vova", weapon="mg42", facts=Facts(distance_m=60.0, cover=0))
    apply_change(g, shot.resolve(ScriptedDice([1, 2, 9, 9, 9, 8, 10])).change)
    return [shot, ctx(g, "suppression_test", "vova")]


def ih6() -> list[Context]:
    g = make_game()
    play(g, "tank_move", [], target=None)
    aim = ctx_of(g, "tank_aim", facts=DUEL)
    play(g, "tank_aim", [1], facts=DUEL)
    return [aim, ctx_of(g, "tank_fire", facts=DUEL)]


def ih7() -> list[Context]:
    # as the golden IH-7: the soldier is handed the MP-40 (a unit fires its own weapons)
    return [ctx(game(("smg", "axis", "soldier")), "shoot", "smg", "vova",
                weapon=IH.weapon("mp40"), options={"volleys": 3},
                facts=Facts(distance_m=20.0, cover=0))]


def ih8() -> list[Context]:
    g = game()
    squad = ("vova", "tolik", "zhora")
    shot = ctx(g, "shoot", "mg", targets=squad, weapon="mg42",
               facts=Facts(distance_m=60.0, cover=0))
    apply_change(g, shot.resolve(ScriptedDice([1, 2, 3, 9, 9, 1, 2, 3, 8, 9, 10])).change)
    out = [shot]
    for uid, face in zip(squad, (7, 6, 2), strict=True):
        test = ctx(g, "suppression_test", uid)
        out.append(test)
        apply_change(g, test.resolve(ScriptedDice([face])).change)
    return [*out, ctx(g, "rally", "cmd", targets=squad)]


def ih9() -> list[Context]:
    g = make_game({"crew": {"gunner": {"status": "killed"}, "commander": {"at": "gunner"}}})
    aim = ctx_of(g, "tank_aim", facts=DUEL, options={"paid": True})
    play(g, "tank_aim", [3], facts=DUEL, options={"paid": True})
    return [aim, ctx_of(g, "tank_fire", facts=DUEL)]


def ih10() -> list[Context]:
    g = make_game()
    gunner5(g)
    near = Facts(distance_m=150.0, in_arc=True, cover=0, los=True)
    for _ in range(2):
        play(g, "tank_aim", [10], facts=near)
    return [ctx_of(g, "tank_aim", facts=near)]


def ih11() -> list[Context]:
    g = game(*[(f"x{i}", "allies", "soldier") for i in range(4)])
    two = ctx(g, "grenade", "zhora", "vova", weapon="hand-grenade",
              facts=Facts(distance_m=20.0, under_template=("tolik", "vova")))
    seven = ctx(g, "grenade", "zhora", weapon="hand-grenade",
                facts=Facts(distance_m=20.0, under_template=("vova", "tolik", "cmd", "x0",
                                                             "x1", "x2", "x3")))
    return [two, seven]


def ih12() -> list[Context]:
    front = Facts(distance_m=350.0, side_struck="front", in_arc=True, cover=0, los=True)
    g = make_game(profile="vets_plus1")
    play(g, "tank_aim", [1], facts=front)
    return [ctx_of(g, "tank_fire", facts=front,
                   options={"crew_te": "hit_location", "location_adjust": "best"})]


EXAMPLES: dict[str, Callable[[], list[Context]]] = {
    "IH-1": ih1, "IH-2": ih2, "IH-3": ih3, "IH-4": ih4, "IH-5": ih5, "IH-6": ih6,
    "IH-7": ih7, "IH-8": ih8, "IH-9": ih9, "IH-10": ih10, "IH-11": ih11, "IH-12": ih12,
}


def cpu_ms(fn: Callable[[], object]) -> float:
    """CPU time of one call of `fn`, in ms."""
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def exact_ms(contexts: list[Context], first: bool = False) -> float:
    """Median CPU time of the example's exact odds, every run from cold odds caches (the
    board's kept landings too when `first`: a scatter's first odds at a new aim)."""
    def run() -> None:
        for c in contexts:
            clear_caches()
            if first:
                clear_landings()
            c.odds()

    run()
    return statistics.median(cpu_ms(run) for _ in range(EXACT_RUNS))


def monte_carlo_ms(contexts: list[Context], samples: int) -> list[float]:
    """Wall time of `samples` resolutions of each action by its resolver, scaled to SAMPLES."""
    out = []
    for i, c in enumerate(contexts):
        t0 = time.perf_counter()
        simulate(lambda dice, c=c: c.resolve(dice).summary, samples, seed=i + 1)
        out.append((time.perf_counter() - t0) * 1000 * SAMPLES / samples)
    return out


def numpy_ms(contexts: list[Context], resolver_ms: list[float]) -> tuple[float, float,
                                                                         list[str]]:
    """The vectorised numpy Monte Carlo of SAMPLES samples of each action (bench.odds_numpy):
    wall ms, the largest total-variation distance from the exact headline distribution
    (sampling noise, ~0.005; more would mean it is not the same action), and the actions
    with no vectorised simulation, counted at their resolver's Monte Carlo time instead."""
    rng = np.random.default_rng(7)
    ms, tv, fallback = 0.0, 0.0, []
    for c, by_resolver in zip(contexts, resolver_ms, strict=True):
        t0 = time.perf_counter()
        got = numpy_simulate(c, SAMPLES, rng)
        spent = (time.perf_counter() - t0) * 1000
        if got is None:
            fallback.append(c.action.id)
            ms += by_resolver
            continue
        ms += spent
        tv = max(tv, total_variation(got, c.odds()))
    return ms, tv, fallback


def table_slowest(scenario: str) -> tuple[float, float, SampleCall | None, int, int]:
    """The slowest exact odds of a sample table: (ms as re-priced, ms the first time at a
    new aim, of the call slowest either way; that call), how many calls the table has and
    how many the screening run found over the target."""
    screened = []
    for call, context, _ in planned(scenario):
        clear_caches()
        clear_landings()
        screened.append((cpu_ms(context.odds), call, context))
    screened.sort(key=lambda r: r[0], reverse=True)
    over = sum(1 for ms, _, _ in screened if ms > TARGET_MS)
    worst, first, worst_call = 0.0, 0.0, None
    for _, call, context in screened[:SCREEN]:
        ms, at_new_aim = exact_ms([context]), exact_ms([context], first=True)
        if max(ms, at_new_aim) > max(worst, first):
            worst, first, worst_call = ms, at_new_aim, call
    return worst, first, worst_call, len(screened), over


def rulesets_slowest() -> tuple[float, str]:
    """A P4 line per ruleset's slowest sample action, judged on the slower of its re-priced
    and first-at-a-new-aim times; the worst of those and its ruleset."""
    worst, worst_name = 0.0, ""
    for path in sorted(SCENARIOS.glob("*.json")):
        ruleset = load_scenario(path).ruleset
        ms, first, call, n, over = table_slowest(path.name)
        judged = max(ms, first)  # re-priced and at a new aim: both within the target
        if judged > worst:
            worst, worst_name = judged, ruleset
        what = (f"slowest={call.action} by={call.actor} target={call.target or '-'} "
                f"weapon={call.weapon or '-'}") if call else "slowest=-"
        print(f"P4.{ruleset} scenario={path.name} calls={n} {what} exact_ms={fmt(ms)} "
              f"first_ms={fmt(first)} over_first_in_screen={over} target_ms={fmt(TARGET_MS)} "
              f"{'ok' if judged <= TARGET_MS else 'FAIL'}", flush=True)
    return worst, worst_name


@target("P4", "odds")
def odds(options: Options) -> Outcome:
    samples = SAMPLES if options.full else SAMPLES // 10
    mc = "1e5" if samples == SAMPLES else "1e4x10"
    worst, worst_name, min_ratio, max_tv = 0.0, "", float("inf"), 0.0
    min_np = float("inf")
    for name, build in EXAMPLES.items():
        contexts = build()
        ex = exact_ms(contexts)
        per_action = monte_carlo_ms(contexts, samples)
        sim = sum(per_action)
        vec, tv, fallback = numpy_ms(contexts, per_action)
        ratio, np_ratio = sim / ex, vec / ex
        if ex > worst:
            worst, worst_name = ex, name
        min_ratio, min_np, max_tv = min(min_ratio, ratio), min(min_np, np_ratio), max(max_tv, tv)
        ok = ex <= TARGET_MS and tv <= MAX_TV
        actions = ",".join(c.action.id for c in contexts)
        note = f" numpy_falls_back={','.join(fallback)}" if fallback else ""
        print(f"P4.{name} actions={actions} exact_ms={fmt(ex)} numpy_ms={fmt(vec)} "
              f"numpy_ratio={fmt(np_ratio)} numpy_tv={fmt(tv)}{note} resolver_mc_ms={fmt(sim)} "
              f"mc={mc} resolver_ratio={fmt(ratio)} target_ms={fmt(TARGET_MS)} "
              f"{'ok' if ok else 'FAIL'}", flush=True)
    rs_worst, rs_worst_name = rulesets_slowest()
    return Outcome({"worst_ms": worst, "worst": worst_name, "min_numpy_ratio": min_np,
                    "max_numpy_tv": max_tv, "min_resolver_ratio": min_ratio,
                    "examples": len(EXAMPLES), "rulesets_worst_ms": rs_worst,
                    "rulesets_worst": rs_worst_name, "samples": SAMPLES,
                    "target_ms": TARGET_MS},
                   worst <= TARGET_MS and max_tv <= MAX_TV and rs_worst <= TARGET_MS)
