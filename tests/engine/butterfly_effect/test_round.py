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
