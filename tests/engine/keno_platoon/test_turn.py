"""A Keno turn on the sample scenario through the engine's turn steps: the §4.A-1
initiative (best quality die), alternating activations, a platoon commander passing his
two actions (one free within 6" in sight, one by a comm test that fails and loses the
action), a combat move on the board, a merge of two battered squads; undo restores it all.
"""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.model import revert_change
from engine.turns import activate, next_activation, pass_tested, roll_initiative

from .helpers import T, act, frozen, push, sample_game


def test_initiative_each_side_rolls_its_best_quality_die():
    g = sample_game()
    g.sides = ["keno", "steel"]
    roll = roll_initiative(g, T, ScriptedDice([9, 8]))      # keno: s1's d10; steel: d8
    assert [s.rolls[0].die for s in roll.steps[:2]] == ["d10", "d8"]
    assert roll.order == ["keno", "steel"]
    g.state["rules"] = {"initiative_die": "d6"}              # the alternative: d6 each
    with pytest.raises(Exception, match="d6"):
        roll_initiative(g, T, ScriptedDice([9, 8]))


def test_a_keno_turn_and_undo_restores_the_board():
    g = sample_game()
    g.sides = ["keno", "steel"]
    for uid in ("p1", "k1"):         # the commander and a Khara team sit at field phones
        g.unit(uid).state.update({"comms": "phone", "at_phone": True})
    start = frozen(g)
    done = [push(g, roll_initiative(g, T, ScriptedDice([3, 7])).change)]   # steel first
    assert g.active_side == "steel"
    done.append(push(g, activate(g, T, "t1")))
    done.append(act(g, "advance", "t1", [6, 5], point=(22.0, 20.0),
                    options={"mode": "combat"}).change)                 # 2d12 = 11
    assert (g.unit("t1").x, g.unit("t1").y) == pytest.approx((22.0, 20.0))   # 11 ≥ 8"
    done.append(push(g, next_activation(g, T)))
    assert g.active_side == "keno"
    done.append(push(g, activate(g, T, "p1")))
    # s1 is 2" away in the open: no test
    roll = pass_tested(g, T, "p1", "s1", ScriptedDice([]))
    assert roll.steps[0].outcome == "passed (no test needed)"
    done.append(push(g, roll.change))
    # s1 (2 veterans, broken) merges with s2 after a combat move next to it
    done.append(act(g, "advance", "s1", [4, 3], point=(25.0, 37.0),
                    options={"mode": "combat"}).change)
    res = act(g, "merge_groups", "s1", other="s2")
    done.append(res.change)
    assert res.steps[0].outcome == "5 figures, d6, level 2, Shaken"
    # k1 is beyond 6": by phone, a comm test d8 > 2 — a 2 fails and the action is lost
    roll = pass_tested(g, T, "p1", "k1", ScriptedDice([2]))
    assert roll.steps[0].label == "Communication test (d8 > 2)"
    assert roll.steps[0].results == ("lost",)
    done.append(push(g, roll.change))
    assert g.unit("p1").state["actions_left"] == 0 and "actions_left" not in \
        g.unit("k1").state
    for change in reversed(done):
        revert_change(g, change)
    assert frozen(g) == start
