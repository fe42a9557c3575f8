"""The stealth duel falls due the moment a move on the board brings a stealthed operative
within medium distance (100 m) of a scout (04 §4.8-2, §6-6), not only at the next round's
start: engine.triggers.move_change with the ruleset's "move" trigger; not after a tie in
the same round (§4.A-13), not once he has won it, not when he is detected."""

from __future__ import annotations

from engine.board_rules import move_triggers
from engine.model import MoveUnit, apply_change, revert_change
from engine.triggers import due_for, move_change

from .conftest import sample_game


def moved(game, x, y):
    change = move_change(game, move_triggers(game.scenario), [MoveUnit("jiy", x, y)],
                         "Jiy creeps")
    apply_change(game, change)
    return change


def test_entering_medium_distance_offers_the_duel_and_leaving_withdraws_it():
    game = sample_game(None)                                # 114 m: long
    assert [t.at for t in move_triggers(game.scenario)] == ["move"]
    moved(game, 10, 24)                                     # still long (106 m)
    assert due_for(game, "jiy") == []
    step = moved(game, 14, 24)                              # 98 m: medium
    assert [(d["test"], d["at"]) for d in due_for(game, "jiy")] == [("stealth_duel", "move")]
    assert "medium distance" in due_for(game, "jiy")[0]["label"]
    moved(game, 16, 24)                                     # closer: still one entry
    assert len(due_for(game, "jiy")) == 1
    moved(game, 8, 24)                                      # back out to long
    assert due_for(game, "jiy") == []
    game2 = sample_game(None)
    step = moved(game2, 14, 24)
    revert_change(game2, step)
    assert due_for(game2, "jiy") == [] and game2.unit("jiy").x == 6


def test_not_after_a_tie_a_win_or_detection():
    for state in ({"duel_tie": True}, {"duel_won": "manny"}, {"stealth": None}):
        game = sample_game(None, jiy=state)
        moved(game, 14, 24)
        assert due_for(game, "jiy") == [], state
