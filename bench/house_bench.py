"""H1 house-odds: exact odds of a data action (engine.house) against the same action
written in Python, in the same run; the target is a ratio of at most 2.

- Keno's morale test (resources/rulesets/keno-platoon/tests.toml, `rally_morale`) on the
  sample table, against its Python version before it moved to data (kept here as the
  baseline: the unit's quality die, level and morale read, the test built, p_test, the
  two outcomes);
- Keno's communication test (comm.toml, a named check the turn's pass hook calls),
  uncached, against its Python version before the move;
- the guide's `shoot` (docs/house-rules.md: a pool to hit whose hits roll a pool to
  wound), against the same two pools chained by hand (engine.odds.chain).

Both sides go through the same door: an action's odds are `ctx.odds()` of a context of
the ruleset, the Python baseline being an `Action` subclass put in the same context in
place of the data action (as a Python ruleset ships it); the comm test is called as the
pass hook calls it, from the measured facts and the readings to the distribution.
Each figure is the median of REPEAT calls, in milliseconds, caches warm; the data and
the Python call alternate so a loaded host slows both alike.
"""

from __future__ import annotations

import dataclasses
import statistics
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from bench import Options, Outcome, fmt, target

REPEAT = 200
TARGET_RATIO = 2.0


def _medians_ms(data_fn: Callable[[], object], python_fn: Callable[[], object]
                ) -> tuple[float, float]:
    """The median time of each, their calls alternating."""
    data_fn(), python_fn()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(REPEAT):
        for fn, out in ((data_fn, times[0]), (python_fn, times[1])):
            t0 = time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


def _python_twin(ctx: Any, odds: Callable[[Any], object]) -> Any:
    """`ctx` with a Python Action in place of the data one: its `odds(ctx)` is `odds`,
    reached through the same `ctx.odds()`."""
    from engine.protocol import Action

    class PythonTwin(Action):
        id, label, roles = ctx.action.id, ctx.action.label, ctx.action.roles

        def resolve(self, ctx: Any, dice: Any) -> Any:
            raise NotImplementedError("the baseline prices, it does not roll")

        def odds(self, ctx: Any) -> Any:
            return odds(ctx)

    return dataclasses.replace(ctx, action=PythonTwin())


def _keno_pair() -> tuple[Callable[[], object], Callable[[], object]]:
    """The data `rally_morale` against its Python version as it was before the move
    (bb161aa: quality_test_actions.ImproveMorale.odds with proposed_tests.morale_test),
    its logic kept here: the refusal, the unit read through keno's common module, the
    test built, p_test, the two outcomes."""
    from engine.dice import Comparison
    from engine.i18n import msg
    from engine.model import Game
    from engine.odds import OutcomeDistribution, p_test
    from engine.options import Modifier
    from engine.protocol import ActionRefused, make_test
    from engine.rulesets.keno_platoon import RULESET as KP
    from engine.rulesets.keno_platoon import common, data
    from engine.scenario_io import load_scenario
    from resources.loader import resource

    game = Game(load_scenario(resource("scenarios", "keno-orchard.json")))
    unit = game.scenario.units[1]
    unit.state["morale"] = "broken"
    ctx = KP.context("rally_morale", actor=unit, game=game)

    def q(ctx):
        sc, u = ctx.game.scenario, ctx.actor
        return common.quality_die(sc, u), common.level(sc, u), common.morale(sc, u)

    def python(ctx) -> OutcomeDistribution:
        if q(ctx)[2] == "steady":
            raise ActionRefused(msg("{unit} is already Steady", unit=ctx.actor.label),
                                argument="actor")
        quality, lv, m = q(ctx)
        k = data.morale_ladder().index(m)
        mods = [Modifier("steps below Steady", k, "PROPOSED reading (rules file §8) §8-5",
                         proposed=True)] if k else []
        p = p_test(make_test(quality, lv, mods, Comparison.GT))
        return OutcomeDistribution("Try to improve morale",
                                   (("one step better", p), ("no change", 1 - p)))

    twin = _python_twin(ctx, python)
    assert ctx.odds() == twin.odds()
    return ctx.odds, twin.odds


def _guide_pair(folder: Path) -> tuple[Callable[[], object], Callable[[], object]]:
    import os

    from engine.dice import D6, Comparison
    from engine.model import Game
    from engine.odds import chain, distribution
    from engine.options import Modifier
    from engine.protocol import Facts, make_pool
    from engine.rulesets import registry
    from engine.scenario_io import load_scenario
    from tests.engine.house import guide

    rules = guide.build(folder)
    os.environ["WARBOARD_RULESETS"] = str(folder)
    registry.reload_house()
    rs = registry.get_ruleset("frontier-skirmish")
    game = Game(load_scenario(rules.parent / "frontier-skirmish.json"))
    ctx = rs.context("shoot", actor=game.unit("red-1"), target=game.unit("blue-1"),
                     weapon="carbine", game=game,
                     facts=Facts(distance_in=13.4, los=True, cover=2))

    def python(ctx):
        mods = [Modifier("long shot", 1), Modifier("target in cover", 1)]
        hit = make_pool(D6, 2, 4, mods, Comparison.GE)
        wounds = chain(hit.successes(),
                       lambda k: make_pool(D6, k, 4, (), Comparison.GE).successes())
        return distribution("wounds", wounds)

    twin = _python_twin(ctx, python)
    got = {int(o): p for o, p in ctx.odds().outcomes}
    assert got == {int(o): p for o, p in twin.odds().outcomes}, got
    assert sum(got.values()) == Fraction(1)
    return ctx.odds, twin.odds


def _comm_pair() -> tuple[Callable[[], object], Callable[[], object]]:
    """Keno's comm test as data (comm.toml, a named check, uncached) against its Python
    version before the move (bb161aa: command.plan_comm and comm_odds), kept here. Each
    is called as the pass hook calls it: with the facts it measured and the readings,
    the data check's inputs made from the facts on every call (command._odds)."""
    from engine.dice import D8, Comparison, step_die
    from engine.odds import OutcomeDistribution, p_test
    from engine.options import Modifier
    from engine.protocol import make_test
    from engine.rulesets.keno_platoon import data
    from engine.rulesets.keno_platoon.command import COMM, CommFacts, _readings

    facts = CommFacts(D8, 2, 1, 1, 10.0, True, True, True)
    readings = _readings({})

    def python(f: CommFacts, rules: dict) -> OutcomeDistribution:
        reach = data.rule_number("comms.contact_in")
        if f.los and f.distance_in <= reach + 1e-9:
            return OutcomeDistribution("communication test", (("through", Fraction(1)),
                                                              ("lost", Fraction(0))))
        if not (f.means_from and f.means_to):
            return OutcomeDistribution("communication test", (("impossible", Fraction(1)),))
        d = step_die(f.quality, -f.bypassed)
        if d is None or d.sides < 4:
            return OutcomeDistribution("communication test", (("impossible", Fraction(1)),))
        mods = (Modifier(f"{f.bypassed} bypassed link(s)", -f.bypassed,
                         "one die step down per bypassed link (§4.4-6)", to="die_step"),) \
            if f.bypassed else ()
        p = p_test(make_test(f.quality, max(f.level_from, f.level_to), mods, Comparison.GT))
        return OutcomeDistribution("communication test", (("through", p), ("lost", 1 - p)))

    def data_check(f: CommFacts, rules: dict) -> OutcomeDistribution:
        return COMM.odds(f.inputs(), rules)

    def data_call() -> OutcomeDistribution:
        return data_check(facts, readings)

    def python_call() -> OutcomeDistribution:
        return python(facts, readings)

    assert dict(data_call().outcomes) == dict(python_call().outcomes)
    return data_call, python_call


@target("H1", "house-odds")
def house_odds(options: Options) -> Outcome:
    from engine.rulesets import registry

    worst = 0.0
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        pairs = {"keno.rally_morale": _keno_pair(), "keno.comm_test": _comm_pair(),
                 "guide.shoot": _guide_pair(Path(tmp))}
        for name, (data_fn, python_fn) in pairs.items():
            d, p = _medians_ms(data_fn, python_fn)
            ratio = d / p
            worst = max(worst, ratio)
            print(f"H1.{name} data_ms={fmt(d)} python_ms={fmt(p)} ratio={fmt(ratio)} "
                  f"target_ratio={fmt(TARGET_RATIO)} {'ok' if ratio <= TARGET_RATIO else 'FAIL'}",
                  flush=True)
            figures[f"{name}_ratio"] = ratio
    registry.reload_house()
    figures.update({"worst_ratio": worst, "target_ratio": TARGET_RATIO})
    return Outcome(figures, worst <= TARGET_RATIO)
