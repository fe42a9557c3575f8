"""BE-1 and BE-2 (04 §7): simultaneous fire in the open and through cover, each step
asserted with the seed's dice. BE-1's 12d6 shotgun roll prints only 11 dice (seed L69):
the rule-correct script appends a 12th, non-successful die (1); the 11-die script is
refused naming the step and the count."""

from __future__ import annotations

import pytest

from engine.dice import DiceError, ScriptedDice
from engine.joint import answer_context, charge_joint, resolve_joint
from engine.model import AdjustState, RemoveUnit, SetState, apply_change, revert_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.rulesets.butterfly_effect.fire import Refused, threshold
from engine.turns import end_turn

from .conftest import context

JIY = [6, 5, 6, 4, 5]
MANNY_PRINTED = [2, 1, 4, 3, 4, 5, 6, 6, 6, 6, 2]        # the seed's 11 values for "12d6"


def be1(game):
    """Jiy first, Manny's return fire from the same prior state, in the open (cover 0)."""
    first = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                    overrides={"cover": 0})
    answer = answer_context(first, weapon="combat_shotgun", overrides={"cover": 0})
    return first, answer


def test_be1_steps(game):
    first, answer = be1(game)
    assert first.fact("range_band") == "medium" and answer.fact("range_band") == "medium"
    joint = resolve_joint([first, answer], ScriptedDice(JIY + MANNY_PRINTED + [1]))
    jiy, manny = joint.resolutions
    f = jiy.step("fire")
    assert (f.target, f.faces, f.count("hit")) == (4, tuple(JIY), 5)     # 4+: all five hit
    g = manny.step("fire")
    assert g.target == 6 and len(g.faces) == 12 and g.count("hit") == 4  # 5s miss at 6+
    assert "5 → 0" in jiy.step("damage").outcome and "end of his own turn" in \
        jiy.step("damage").outcome
    assert "4 → 0" in manny.step("damage").outcome
    effects = joint.change.effects
    assert AdjustState("manny", "hp", -5, minimum=0, default=5) in effects
    assert AdjustState("jiy", "hp", -4, minimum=0, default=4) in effects
    assert SetState("manny", "dead_pending", True) in effects
    assert not any(isinstance(e, RemoveUnit) for e in effects)   # both still fire


def test_be1_eleven_dice_refused(game):
    first, answer = be1(game)
    with pytest.raises(DiceError, match="12 × d6"):
        resolve_joint([first, answer], ScriptedDice(JIY + MANNY_PRINTED))


def test_be1_both_dead_at_the_end_of_the_round(game):
    first, answer = be1(game)
    joint = charge_joint([first, answer],
                         resolve_joint([first, answer], ScriptedDice(JIY + MANNY_PRINTED + [1])))
    apply_change(game, joint.change)
    step = end_turn(game, BE.turn_structure)
    apply_change(game, step)
    alive = {u.id for u in game.scenario.units}
    assert alive == set()                                         # both dead
    revert_change(game, step)
    revert_change(game, joint.change)
    assert {u.id for u in game.scenario.units} == {"jiy", "manny"}
    assert game.unit("manny").state.get("hp") is None             # undo restores


def test_be2_cover(game):
    """Jiy behind the barrels (partial, measured: level 1), Manny in the trench (full,
    level 4): 4+2 = 6+ → one hit; 6+1 = 7+ → twelve sixes and no hit."""
    game.unit("jiy").state.pop("stealth")          # a firefight already under way
    first = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    answer = answer_context(first, weapon="combat_shotgun")
    assert first.fact("cover") == 4 and answer.fact("cover") == 1
    joint = resolve_joint([first, answer], ScriptedDice([5, 5, 5, 6, 5] + [6] * 12))
    jiy, manny = joint.resolutions
    assert (jiy.step("fire").target, jiy.step("fire").count("hit")) == (6, 1)
    assert "light wound" in jiy.step("damage").outcome
    assert (manny.step("fire").target, manny.step("fire").count("hit")) == (7, 0)
    assert "no die can succeed" in manny.step("fire").note
    # the damage, then the record of the shot Manny took (so cover he takes later this
    # round counts for it, §4.A-6 reading A; cover.FIRED_ON)
    *damage, record = joint.change.effects
    assert damage == [AdjustState("manny", "hp", -1, minimum=0, default=5),
                      SetState("manny", "wound", "light")]
    assert record.key == "fired_on" and record.value == [
        {"turn": 1, "by": "jiy", "faces": [5, 5, 5, 6, 5], "base": 4, "target": 6,
         "cover": "full", "heavy": False, "armour": 0, "hp": 1}]
    assert dict(answer.odds().outcomes)[0] == 1     # the impossible shot: 0 hits, surely


def test_firing_breaks_stealth(game):
    """§4.8-5: a shot without a flash suppressor ends camouflage at once; with one, the
    alarm is raised but the position may stay unknown."""
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    res = ctx.resolve(ScriptedDice([1] * 5))
    assert SetState("jiy", "stealth", None) in res.change.effects
    game.unit("jiy").state["gear"] = ["flash_suppressor"]
    res = context(game, "fire", "jiy", "manny", weapon="assault_rifle").resolve(
        ScriptedDice([1] * 5))
    assert res.change.effects == [SetState("jiy", "alarm", True)]


@pytest.mark.parametrize("weapon,band,cover,expected", [
    ("assault_rifle", "medium", "none", 4),
    ("assault_rifle", "medium", "partial", 5),
    ("assault_rifle", "extreme", "none", 6),
    ("heavy_weapon", "medium", "partial", 4),       # heavy weapons ignore partial cover
    ("grenade", "short", "partial", 4),             # so do grenades
    ("heavy_weapon", "medium", "full", 6),          # full cover: any weapon
])
def test_be4_accuracy(weapon, band, cover, expected):
    assert threshold(dict(BE.weapon(weapon)), band, cover)[1] == expected


def test_band_the_weapon_lacks():
    with pytest.raises(Refused, match="cannot fire"):
        threshold(dict(BE.weapon("combat_shotgun")), "long", "none")
    assert threshold(dict(BE.weapon("combat_shotgun")), "long", "none", "worst_listed")[1] == 6
    with pytest.raises(Refused, match="melee"):
        threshold(dict(BE.weapon("assault_rifle")), "close", "none")
