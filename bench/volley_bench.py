"""P13 cw-volley: one Civil War volley on the sample table (resources/scenarios/
civil-war-vasylivka.json: UNR's company fires from unr-3 at the Plastuns' pl-1), timed as
the play sequence runs it: plan (the declared facts, firing stands included), exact odds,
the roll (a seeded generator) and applying the change.

Each run starts from a freshly loaded game whose terrain index is already built, as an
open game's is, with nothing measured yet: the figure is one volley's own work. Baseline,
same run: the stand-to-stand line of sight worked out the old way, three n x n
visibility matrices over every stand of both companies (`old_los_ms`), against the one
shooter-stands x target-stands block the volley needs (`los_ms`).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import numpy as np

from bench import Options, Outcome, median_ms, target
from engine.dice import RandomDice
from engine.facts import facts_for
from engine.measure import service_for
from engine.model import Game, apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.scenario_io import load_scenario
from geometry.los import visibility_block, visibility_matrix

SAMPLE = Path(__file__).resolve().parent.parent / "resources" / "scenarios" \
    / "civil-war-vasylivka.json"
SHOOTER, TARGET = "unr-3", "pl-1"
SHOOTER_GROUP, TARGET_GROUP = "unr", "pl"
RUNS = 15
#: The volley's whole sequence within this.
TARGET_MS = 50.0


def fresh_game() -> Game:
    """The sample loaded anew, its terrain index built, nothing measured on it."""
    game = Game(load_scenario(SAMPLE))
    service_for(game.scenario).terrain_index()
    return game


def volley(game: Game, seed: int = 36) -> None:
    """Plan, odds, roll and apply UNR's volley at the Plastuns."""
    facts = facts_for(game.scenario, "fire", SHOOTER, TARGET, ruleset=CW)
    ctx = CW.context("fire", actor=game.unit(SHOOTER), target=game.unit(TARGET),
                     facts=facts, game=game)
    ctx.odds()
    apply_change(game, ctx.resolve(RandomDice(seed)).change)


def _stands(game: Game, group: str) -> list:
    return [u.polygon() for u in game.group_units(group, leaders=True)]


@target("P13", "cw-volley-plan-odds-roll-apply")
def p13_cw_volley(opts: Options) -> Outcome:
    times = []
    volley(fresh_game())  # warm-up: imports, the ruleset's tables
    for _ in range(RUNS):
        game = fresh_game()
        t0 = time.perf_counter()
        volley(game)
        times.append((time.perf_counter() - t0) * 1000)
    game = fresh_game()
    index = service_for(game.scenario).terrain_index()
    a, b = _stands(game, SHOOTER_GROUP), _stands(game, TARGET_GROUP)
    both = a + b
    old = median_ms(lambda: [visibility_matrix(index, both) for _ in range(3)], repeat=5)
    new = median_ms(lambda: visibility_block(index, a, b), repeat=5)
    med = statistics.median(times)
    return Outcome({"median_ms": med, "p95_ms": float(np.percentile(times, 95)),
                    "runs": RUNS, "los_ms": new, "old_los_ms": old, "ratio": old / new,
                    "stands": f"{len(a)}x{len(b)}", "target_ms": TARGET_MS},
                   med <= TARGET_MS)
