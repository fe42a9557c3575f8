"""Exact odds against simulation (within 4σ): the comm test by die, level and bypassed
links; the combat move reaching a distance (on the board, through the action); the detach
roll. Hand-computed figures from the rules file's tables too."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from engine.dice import D4, D6, D8, D10, ScriptedDice
from engine.rulesets.keno_platoon import RULESET as KP
from engine.rulesets.keno_platoon import movement
from engine.rulesets.keno_platoon.command import (
    CommFacts,
    comm_die,
    comm_odds,
    plan_comm,
    roll_comm,
)
from tests.engine.sampling import simulate

from .helpers import ctx_of, game_of, unit

N = 2000


def agrees(exact, sampled: dict, n: int = N) -> None:
    """Every outcome's sampled frequency within 4σ of the exact probability."""
    for outcome, p in exact.outcomes:
        f = sampled.get(outcome, 0.0)
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(f - float(p)) <= 4 * sigma + 1e-12, (outcome, f, float(p))
    assert set(sampled) <= {o for o, _ in exact.outcomes}


def far(quality, level_from, level_to, bypassed=0):
    return CommFacts(quality, level_from, level_to, bypassed, distance_in=12.0, los=True,
                     means_from=True, means_to=True)


@pytest.mark.parametrize("die", [D4, D6, D8, D10])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_comm_table_of_the_rules_file(die, level):
    """§4.5-5: success = faces > L, e.g. d4 vs 3 = 1/4, d10 vs 1 = 9/10."""
    dist = comm_odds(plan_comm(far(die, level, 1)))
    assert dist.probability("through") == Fraction(die.sides - level, die.sides)


@pytest.mark.parametrize("die", [D6, D8, D10])
@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("links", [0, 1, 2])
def test_comm_odds_agree_with_simulation(die, level, links):
    plan = plan_comm(far(die, 1, level, links))
    if comm_die(die, links) is None:
        assert plan.kind == "impossible"
        return
    exact = comm_odds(plan)
    stepped = comm_die(die, links)
    assert exact.probability("through") == Fraction(stepped.sides - level, stepped.sides)
    agrees(exact, simulate(lambda d: roll_comm(plan, d).results[0], N,
                           seed=die.sides * 100 + level * 10 + links))


def test_comm_in_contact_and_impossible():
    near = CommFacts(D6, 3, 3, distance_in=6.0, los=True)
    assert plan_comm(near).kind == "contact"
    assert comm_odds(plan_comm(near)).probability("through") == 1
    assert roll_comm(plan_comm(near), ScriptedDice([])).outcome.startswith("through")
    unseen = CommFacts(D6, 3, 3, distance_in=2.0, los=False)
    assert plan_comm(unseen).kind == "impossible"
    assert plan_comm(unseen, {"phones": "either_end"}).kind == "impossible"
    half = CommFacts(D8, 2, 2, distance_in=20, los=True, means_from=True)
    assert plan_comm(half).kind == "impossible"
    assert plan_comm(half, {"phones": "either_end"}).kind == "test"
    assert plan_comm(far(D6, 1, 1, 1), {"die_floor": "d6"}).kind == "impossible"
    assert plan_comm(far(D4, 1, 1, 1)).kind == "impossible"        # below d4


@pytest.mark.parametrize("cls,gap", [("infantry", 7.0), ("light_infantry", 10.0),
                                     ("ground_vehicle", 13.0)])
def test_combat_move_odds_agree_with_simulation_on_the_board(cls, gap):
    profile = "steel-tank" if cls == "ground_vehicle" else "keno-squad"
    g = game_of([unit("u", 10, 10, profile=profile, move_class=cls)])
    ctx = ctx_of(g, "advance", "u", point=(10.0 + gap, 10.0), options={"mode": "combat"})
    exact = ctx.odds()
    faces = {"infantry": 6, "light_infantry": 8, "ground_vehicle": 12}[cls]
    assert exact.probability("reached") == p_reach(faces, gap)
    assert movement.combat_die(cls).sides == faces

    def reached(d):
        res = ctx.resolve(d)
        return "reached" if res.steps[0].outcome.endswith("destination reached") else "short"

    agrees(exact, simulate(reached, 600, seed=faces), n=600)


def p_reach(faces: int, gap: float) -> Fraction:
    """P(2dN ≥ gap), counted face by face."""
    return Fraction(sum(a + b >= gap for a in range(1, faces + 1)
                        for b in range(1, faces + 1)), faces * faces)


def data_reach(row: str, gap: float) -> Fraction:
    """P(2dN ≥ gap) from the combat move's data (move.toml)."""
    odds = movement.COMBAT_MOVE.odds(movement.combat_inputs("u", row, gap=gap),
                                     KP.option_values({}))
    return odds.probability("reached")


def test_combat_move_hand_figures():
    assert data_reach("infantry", 7) == p_reach(6, 7) == Fraction(21, 36)
    assert data_reach("infantry", 2) == 1 and data_reach("infantry", 13) == 0
    # reduced states (§4.A-15): towing 2d8, heavily overloaded 2d4; class reading: 2d12
    assert movement.combat_die("towing", "ground_vehicle").sides == 8
    assert movement.combat_die("overloaded_heavy", "ground_vehicle").sides == 4
    assert movement.combat_die("towing", "ground_vehicle", "class").sides == 12
    assert movement.combat_die("aircraft") is None


@pytest.mark.parametrize("level,android", [(2, False), (1, False), (3, False), (2, True)])
def test_detach_roll_odds_agree_with_simulation(level, android):
    g = game_of([unit("sq", 10, 10, figures=6, level=level, android=android)])
    ctx = ctx_of(g, "detach_group", "sq", options={"figures": 2})
    exact = ctx.odds()
    if level == 2 and not android:
        assert [exact.probability(k) for k in (1, 2, 3)] == [Fraction(1, 6), Fraction(1, 3),
                                                             Fraction(1, 2)]
    agrees(exact, simulate(lambda d: int(ctx.resolve(d).steps[0].outcome.split()[1]), N,
                           seed=level + 10 * android))
