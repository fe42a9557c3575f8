"""Ranged fire beyond the worked examples (04 §4.4, §4.5, §4.7, §4.A-7, §4.A-8, §4.A-9):
a split burst with dice allocated before the roll, armour first, full defence, full
cover's first-heavy-hit save, ambush casualties removed at once."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.model import AdjustState, RemoveUnit, SetGameState, SetState, apply_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.scenario import Unit
from engine.turns import declare_ambush

from ..refusals import refused  # #9: refusals raise ActionRefused (no "refused" step)
from .conftest import context, sample_game


def with_guard(game):
    game.scenario.units.append(Unit("guard-2", "guards", "manny", 60, 40,
                                    game.unit("manny").base))
    return game


def test_split_burst_dice_before_the_roll():
    game = with_guard(sample_game())
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, options={"dice_on_second": 2})
    res = ctx.resolve(ScriptedDice([6, 6, 1, 4, 4]))
    first, second = res.step("fire"), res.step("fire2")
    assert (len(first.faces), first.target, first.count("hit")) == (3, 6, 2)   # trench
    assert (len(second.faces), second.target, second.count("hit")) == (2, 4, 2)
    assert AdjustState("guard-2", "hp", -2, minimum=0, default=5) in res.change.effects


def test_split_refusals():
    game = with_guard(sample_game())
    shotgun = context(game, "fire", "manny", "jiy", weapon="combat_shotgun",
                      roles={"target2": "guard-2"}, options={"dice_on_second": 2})
    assert "no burst" in refused(shotgun)
    bad = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, options={"dice_on_second": 5})
    assert "allocate 1–4" in refused(bad)


def test_armour_first():
    game = sample_game(manny={"armour": 2})
    game.unit("manny").state["full_defence"] = False
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  overrides={"cover": 0})
    res = ctx.resolve(ScriptedDice([6, 6, 6, 1, 1]))
    assert res.change.effects[:2] == [
        AdjustState("manny", "armour", -2, minimum=0, default=2),
        AdjustState("manny", "hp", -1, minimum=0, default=5)]
    hp_first = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                       overrides={"cover": 0}, rules={"damage_order": "hp_first"})
    res = hp_first.resolve(ScriptedDice([6, 6, 6, 1, 1]))
    assert res.change.effects[0] == AdjustState("manny", "hp", -3, minimum=0, default=5)


def test_full_defence_and_the_heavy_save():
    game = sample_game(manny={"full_defence": True})
    rifle = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    assert "full defence" in refused(rifle)
    heavy = context(game, "fire", "jiy", "manny", weapon="heavy_weapon")
    res = heavy.resolve(ScriptedDice([6] * 8))
    assert res.step("fire").target == 6          # 4 + 2: full cover counts for heavy too
    # the save is the trench's, used up on the board (§4.A-7 "the cover is used up"; it
    # was marked on Manny until the save was tied to the cover piece)
    assert res.change.effects[0] == SetGameState("cover_save_used", ["trench"])
    assert "absorbs" in res.step("damage").outcome
    assert not any(isinstance(e, AdjustState) for e in res.change.effects)
    assert dict(heavy.odds().outcomes)[0] == 1
    apply_change(game, res.change)
    again = context(game, "fire", "jiy", "manny", weapon="heavy_weapon").resolve(
        ScriptedDice([6] * 8))
    assert AdjustState("manny", "hp", -8, minimum=0, default=5) in again.change.effects


def test_ambush_casualties_fall_at_once():
    game = sample_game()
    apply_change(game, declare_ambush(game, BE.turn_structure, "operatives"))
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  overrides={"cover": 0})
    res = ctx.resolve(ScriptedDice([6] * 5))
    assert RemoveUnit("manny", "killed") in res.change.effects
    assert SetState("manny", "dead_pending", True) not in res.change.effects


def test_turn_structure_is_rounds_with_an_ambush():
    ts = BE.turn_structure
    assert (ts.kind, ts.actions_per_turn, ts.ambush) == ("rounds", 1, True)


def test_wound_severity_reading():
    game = sample_game()
    unrated = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                      overrides={"cover": 0}, rules={"wound_severity": "none"})
    res = unrated.resolve(ScriptedDice([6, 1, 1, 1, 1]))
    assert SetState("manny", "wound", "unrated") in res.change.effects
    rated = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                    overrides={"cover": 0})
    assert SetState("manny", "wound", "heavy") in rated.resolve(
        ScriptedDice([6, 6, 6, 1, 1])).change.effects             # 2 of 5 HP left
    assert SetState("manny", "wound", "critical") in rated.resolve(
        ScriptedDice([6, 6, 6, 6, 1])).change.effects             # 1 HP left


def test_light_weapons_do_no_damage_to_the_heavily_armoured():
    """§4.4-9, §8-3 PROPOSED: a light weapon (the pistol) does no damage to a heavily
    armoured target; a rifle does."""
    game = sample_game((56, 34))                          # short distance, in the open
    game.unit("manny").state["heavily_armoured"] = True
    pistol = context(game, "fire", "jiy", "manny", weapon="pistol", overrides={"cover": 0})
    res = pistol.resolve(ScriptedDice([6, 6]))
    assert res.step("fire").count("hit") == 2
    assert "no damage to the heavily armoured" in res.step("damage").outcome
    assert not any(isinstance(e, AdjustState) for e in res.change.effects)
    assert dict(pistol.odds().outcomes)[0] == 1                # no damage, surely
    rifle = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                    overrides={"cover": 0})
    assert AdjustState("manny", "hp", -2, minimum=0, default=5) in rifle.resolve(
        ScriptedDice([6, 6, 1, 1, 1])).change.effects


def test_the_first_heavy_save_belongs_to_the_cover_not_the_man():
    """§4.A-7: the trench's save, once used, is gone for anyone in it; a man who moves to
    other full cover has its save; cover with no piece behind it keeps the save on him;
    undo gives the save back."""
    from engine.model import revert_change

    game = with_guard(sample_game())
    game.unit("guard-2").x, game.unit("guard-2").y = 64, 28          # also in the trench
    heavy = [6, 6, 1, 1, 1, 1, 1, 1]
    first = context(game, "fire", "jiy", "manny", weapon="heavy_weapon").resolve(
        ScriptedDice(heavy))
    assert "absorbs" in first.step("damage").outcome
    apply_change(game, first.change)
    other = context(game, "fire", "jiy", "guard-2", weapon="heavy_weapon").resolve(
        ScriptedDice(heavy))
    assert AdjustState("guard-2", "hp", -2, minimum=0, default=5) in other.change.effects
    revert_change(game, first.change)
    assert "cover_save_used" not in game.state
    # taken full cover with no piece (typed): the save is the character's
    game.unit("guard-2").x, game.unit("guard-2").y = 60, 40
    game.unit("guard-2").state["in_cover"] = "full"
    own = context(game, "fire", "jiy", "guard-2", weapon="heavy_weapon").resolve(
        ScriptedDice(heavy))
    assert SetState("guard-2", "cover_save_used", True) in own.change.effects
