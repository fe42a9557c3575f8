"""BE-4 melee levels (04 §7, §4.3): the higher level wins outright; equal levels roll their
weapons' dice (bare hands 1 base die, the knife 2), 5–6 a success, a tie rolls again; a
serious fight is best of three, each lost round a WOUND (−1 HP, §4.A-3 PROPOSED)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.model import AdjustState, RemoveUnit, SetState
from engine.rulesets.butterfly_effect.melee import contest_odds, fighter

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game

CONTACT = (64, 25.2)


def melee(game, weapon=None, target_weapon="", **options):
    return context(game, "melee", "jiy", "manny", weapon=weapon,
                   options={"target_weapon": target_weapon, **options})


@pytest.mark.parametrize("a,b,winner", [
    ("operative_knife", "", "actor"),                 # knife (1) v bare hands (0)
    ("power_blade", "operative_knife", "actor"),      # power blade (2) v knife (1)
    ("assault_rifle", "pistol", "actor"),             # butt (1) v pistol = unarmed (0)
    ("pistol", "operative_knife", "target"),
])
def test_be4_levels_win_outright(a, b, winner):
    game = sample_game(CONTACT)
    game.scenario.profiles = {"manny": {**dict(melee(game).profile(game.unit("manny"))),
                                        "weapons": []}}
    ctx = melee(game, a, b)
    res = ctx.resolve(ScriptedDice([]))               # no dice at all
    assert "wins outright" in res.step("levels").outcome
    loser = "manny" if winner == "actor" else "jiy"
    assert res.change.effects == [RemoveUnit(loser, "killed in melee")]
    assert ctx.odds().outcomes == ((f"{winner} outright", Fraction(1)),)


def test_be4_knife_v_knife_tie_then_win():
    game = sample_game(CONTACT)
    ctx = melee(game, "operative_knife", "operative_knife", outcome="neutralise")
    res = ctx.resolve(ScriptedDice([5, 1, 6, 2,      # round 1: 1 – 1, tie: roll again
                                    6, 5, 3, 1]))    # round 2: 2 – 0
    assert res.step("r1").outcome.startswith("tie")
    assert res.step("r2").outcome.startswith("Jiy (Жий) wins the round 2–0")
    assert res.change.effects == [SetState("manny", "neutralised", True)]


def test_be4_bare_hands_and_pistol_roll_one_die_each():
    game = sample_game(CONTACT)
    game.scenario.profiles = {"manny": {**dict(melee(game).profile(game.unit("manny"))),
                                        "weapons": ["pistol"]}}
    a = fighter(melee(game), game.unit("jiy"), "pistol")
    b = fighter(melee(game), game.unit("manny"))
    assert (a.level, a.dice, b.level, b.dice) == (0, 1, 0, 1)
    res = melee(game, "pistol").resolve(ScriptedDice([2, 6]))
    assert res.summary == "Manny (Мэнни) wins"


def test_shooting_at_point_blank_loses_to_bare_hands():
    game = sample_game(CONTACT)
    game.scenario.profiles = {"manny": {**dict(melee(game).profile(game.unit("manny"))),
                                        "weapons": []}}
    res = melee(game, "assault_rifle", actor_shoots=True).resolve(ScriptedDice([]))
    assert res.change.effects == [RemoveUnit("jiy", "killed in melee")]


def test_best_of_three_wounds():
    game = sample_game(CONTACT)
    ctx = melee(game, "operative_knife", "operative_knife", serious=True)
    res = ctx.resolve(ScriptedDice([5, 5, 6, 1,       # Jiy 2 – 1 Manny
                                    1, 1, 5, 1,       # 0 – 1: Manny wins round 2
                                    5, 1, 1, 1]))     # 1 – 0: Jiy wins 2–1
    assert res.summary == "Jiy (Жий) wins 2–1"
    wounds = [e for e in res.change.effects if isinstance(e, AdjustState)]
    assert wounds == [AdjustState("manny", "hp", -1, minimum=0, default=5),
                      AdjustState("jiy", "hp", -1, minimum=0, default=4),
                      AdjustState("manny", "hp", -1, minimum=0, default=4)]
    assert res.change.effects[-1] == RemoveUnit("manny", "killed in melee")


def test_contest_odds_by_hand():
    q = Fraction(1, 2)
    out = dict(contest_odds(q, q, 3, 5, 5, True))
    assert out == {"actor 2–0": Fraction(1, 4), "actor 2–1": Fraction(1, 4),
                   "target 2–0": Fraction(1, 4), "target 2–1": Fraction(1, 4)}
    # a 1-HP fighter falls with his first lost round
    out = dict(contest_odds(q, q, 3, 1, 5, True))
    assert out == {"actor 2–0": Fraction(1, 4), "target 1–1": Fraction(1, 4),
                   "target 1–0": Fraction(1, 2)}


def test_melee_needs_close_combat(game):
    assert "DASH" in refused(melee(game, "operative_knife"), "target")
