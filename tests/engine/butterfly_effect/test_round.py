"""The combat round (04 §4.2, §4.7): one active action each, the ambushing side spends all
its actions first; the answer of a firefight comes from the declared responder; the duel's
other modifiers (sentries, Perception by grade)."""

from __future__ import annotations

import pytest

from engine.costs import CostRefused, charge
from engine.dice import ScriptedDice
from engine.joint import answer_context
from engine.model import apply_change
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.scenario import Unit
from engine.turns import declare_ambush, may_act, next_activation

from .conftest import context, sample_game


def test_ambush_side_acts_first_then_everyone():
    game = sample_game()
    ts = BE.turn_structure
    apply_change(game, declare_ambush(game, ts, "operatives"))
    assert may_act(game, ts) == ["jiy"]                  # the attackers first
    manny = context(game, "fire", "manny", "jiy", weapon="combat_shotgun")
    with pytest.raises(CostRefused, match="ambush"):
        charge(manny, manny.resolve(ScriptedDice([1] * 12)))
    jiy = context(game, "fire", "jiy", "manny", weapon="assault_rifle")
    apply_change(game, charge(jiy, jiy.resolve(ScriptedDice([1] * 5))).change)
    with pytest.raises(CostRefused, match="0 actions left"):   # one active action a round
        charge(jiy, jiy.resolve(ScriptedDice([1] * 5)))
    apply_change(game, next_activation(game, ts))        # the ambush is sprung
    assert may_act(game, ts) == ["manny"]


def test_an_ambush_of_two_rounds_puts_its_side_first_in_both():
    """§4.A-15 read as two rounds: the ambushing side acts first in the next round too,
    and only then is the ambush over; the default (one round) ends it with the round."""
    from engine.readings import readings_change
    from engine.turns import ambush_side, end_turn

    game = sample_game()
    ts = BE.turn_structure
    apply_change(game, readings_change(BE, game, {"ambush_rounds": 2}))
    change = declare_ambush(game, ts, "operatives")
    assert "for 2 rounds" in change.label
    apply_change(game, change)
    apply_change(game, next_activation(game, ts))        # sprung in round 1
    apply_change(game, end_turn(game, ts))               # round 2: still the ambush
    assert (ambush_side(game), game.active_side) == ("operatives", "operatives")
    assert may_act(game, ts) == ["jiy"]
    apply_change(game, next_activation(game, ts))
    apply_change(game, end_turn(game, ts))               # round 3: over
    assert (ambush_side(game), game.active_side) == (None, None)
    assert sorted(may_act(game, ts)) == ["jiy", "manny"]

    one = sample_game()
    apply_change(one, declare_ambush(one, ts, "operatives"))
    apply_change(one, next_activation(one, ts))
    apply_change(one, end_turn(one, ts))
    assert ambush_side(one) is None


def test_the_responder_role_answers():
    game = sample_game()
    game.scenario.units.append(Unit("guard-2", "guards", "manny", 60, 30,
                                    game.unit("manny").base))
    first = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                    roles={"return_fire": "guard-2"})
    answer = answer_context(first, weapon="combat_shotgun")
    assert (answer.actor.id, answer.target.id) == ("guard-2", "jiy")


def test_sentries_and_grades():
    game = sample_game((20, 24))
    ctx = context(game, "stealth_duel", "jiy", "manny", options={"sentries": 2})
    res = ctx.resolve(ScriptedDice([1] * 9 + [1] * 3))
    assert len(res.step("scout").faces) == 9            # 6 Perception + 1 medium + 2 sentries
    assert len(res.step("hider").faces) == 3            # 2 ОП + class 1
    graded = context(game, "stealth_duel", "jiy", "manny", rules={"stat_dice": "per_grade"})
    res = graded.resolve(ScriptedDice([1] * 4 + [1] * 3))
    assert len(res.step("scout").faces) == 4            # Perception +3 as 3 dice, + medium
