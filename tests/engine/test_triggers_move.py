"""Triggers at "move" (engine.triggers.after_move / move_change): checked after a move on
the board over every unit, kept while their condition holds, dropped when it stops, never
twice for a unit; the move's Change carries them, so undo takes them back."""

from __future__ import annotations

import pytest

from engine.model import Game, MoveUnit, apply_change, revert_change
from engine.scenario import Scenario, Table, Unit
from engine.triggers import MOVE, Trigger, due, due_after_move, move_change
from geometry.bases import BaseShape

R = BaseShape.round(25)


def near(game, unit) -> bool:
    return unit.side == "a" and any(o.side == "b" and abs(o.x - unit.x) < 10
                                    for o in game.units)


TRIGGERS = (Trigger(MOVE, "spot", near, "within 10\" of the enemy"),
            Trigger("turn_start", "rally"))


def game() -> Game:
    return Game.from_meta(Scenario("t", "x", Table(60, 40), units=[
        Unit("a1", "a", "p", 5, 5, R), Unit("a2", "a", "p", 5, 20, R),
        Unit("b1", "b", "p", 40, 5, R)]), {})


def test_a_move_raises_keeps_and_drops_the_test_and_undo_restores():
    g = game()
    far = move_change(g, TRIGGERS, [MoveUnit("a1", 10, 5)], "a1 moves")
    assert far.effects == [MoveUnit("a1", 10, 5)]           # nothing due, no extra effect
    close = move_change(g, TRIGGERS, [MoveUnit("a1", 35, 5)], "a1 closes in")
    apply_change(g, close)
    assert [(d["unit"], d["test"], d["at"], d["until"]) for d in due(g)] == [
        ("a1", "spot", "move", "turn_end")]
    other = move_change(g, TRIGGERS, [MoveUnit("a2", 6, 20)], "a2 shuffles")
    assert other.effects == [MoveUnit("a2", 6, 20)]          # a1's entry is kept as it was
    back = move_change(g, TRIGGERS, [MoveUnit("a1", 10, 5)], "a1 falls back")
    apply_change(g, back)
    assert due(g) == []                                      # no longer holds: dropped
    revert_change(g, back)
    revert_change(g, close)
    assert due(g) == [] and g.unit("a1").x == 5


def test_no_move_trigger_leaves_the_move_alone_and_bad_boundaries_are_refused():
    g = game()
    plain = move_change(g, TRIGGERS[1:], [MoveUnit("a1", 35, 5)], "move")
    assert plain.effects == [MoveUnit("a1", 35, 5)]
    with pytest.raises(ValueError, match="move"):
        Trigger("moved", "spot")


def test_a_drag_preview_says_what_a_drop_would_make_due_and_changes_nothing():
    g = game()
    before = g.snapshot()
    assert due_after_move(g, TRIGGERS, [MoveUnit("a1", 10, 5)]) == []
    [entry] = due_after_move(g, TRIGGERS, [MoveUnit("a1", 35, 5)])
    assert (entry["unit"], entry["test"], entry["label"]) == ("a1", "spot",
                                                              "within 10\" of the enemy")
    assert g.snapshot() == before
    assert due_after_move(g, TRIGGERS[1:], [MoveUnit("a1", 35, 5)]) == []
