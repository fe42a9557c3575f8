"""The landings BoardOps keeps for the odds panel's re-pricing (engine.board_ops._LANDINGS):
the same set-up gives the same landings without working them out again, and any change of
the board the landings depend on — a unit moved or turned, a unit taken off the table, the
aim, the template, the scatter rule — works them out anew."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.board_ops as board_ops
from engine.board_ops import BoardOps, clear_landings, scatter_d6, scatter_d20
from engine.model import Game, MoveUnit, RemoveUnit, apply_change
from engine.model.change import Change
from engine.scenario_io import load_scenario

SCENARIO = Path(__file__).resolve().parents[2] / "resources" / "scenarios" / \
    "boets-velian-ridge.json"


@pytest.fixture
def counted(monkeypatch):
    """How many times the landings were worked out (geometry asked)."""
    calls = []
    real = board_ops.landing_hits

    def counting(*args, **kw):
        calls.append(args[0])
        return real(*args, **kw)

    monkeypatch.setattr(board_ops, "landing_hits", counting)
    clear_landings()
    yield calls
    clear_landings()


def _setup():
    game = Game.from_meta(load_scenario(SCENARIO), {})
    u = game.scenario.units[0]
    return game, (u.x, u.y), scatter_d20(1.0)


def test_the_same_set_up_is_worked_out_once(counted):
    game, aim, rule = _setup()
    first = BoardOps(game).landings("blast-5", aim, rule)
    again = BoardOps(game).landings("blast-5", aim, rule)
    assert again == first and again is not first
    assert len(counted) == 1


def test_a_moved_unit_is_a_new_set_up(counted):
    game, aim, rule = _setup()
    before = BoardOps(game).landings("blast-5", aim, rule)
    u = game.scenario.units[0]
    apply_change(game, Change([MoveUnit(u.id, u.x + 0.5, u.y)]))
    after = BoardOps(game).landings("blast-5", aim, rule)
    assert len(counted) == 2
    assert after != before   # the unit half an inch off: other landings cover it


def test_a_unit_off_the_table_is_a_new_set_up(counted):
    game, aim, rule = _setup()
    before = BoardOps(game).landings("blast-5", aim, rule)
    gone = game.scenario.units[0].id
    apply_change(game, Change([RemoveUnit(gone, "killed")]))
    after = BoardOps(game).landings("blast-5", aim, rule)
    assert len(counted) == 2
    assert any(gone in la.under for la in before)
    assert not any(gone in la.under for la in after)


def test_aim_template_and_rule_are_part_of_the_key(counted):
    game, aim, rule = _setup()
    board = BoardOps(game)
    board.landings("blast-5", aim, rule)
    board.landings("blast-3", aim, rule)
    board.landings("blast-5", (aim[0] + 1.0, aim[1]), rule)
    board.landings("blast-5", aim, scatter_d6(2))
    assert len(counted) == 4
