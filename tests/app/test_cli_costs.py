"""`warboard resolve --apply` charges the action's declared cost in the same saved change,
refuses it when it is not available (exit 2, naming what is missing) and applies it
anyway with --override-cost, the ledger marking it (tests/engine/turn_toys.py's
"toy-sides": 2 AP a turn, Grenade 1 AP once per turn)."""

from __future__ import annotations

import pytest

from app import cli
from engine import ledger
from engine.gamefile import load_game, new_game_file
from engine.model import apply_change
from engine.rulesets import registry
from engine.turns import start_turn, structure_of
from tests.engine import turn_toys as toys


@pytest.fixture
def game_path(tmp_path):
    registry.register(toys.SIDES)
    g = toys.game(toys.SIDES, [toys.unit("fischer", "axis", name="Pvt. Fischer"),
                               toys.unit("smith", "allies", x=30)])
    apply_change(g, start_turn(g, structure_of(toys.SIDES)))
    path = tmp_path / "toy.warboard"
    new_game_file(path, g)
    yield path
    registry.unregister(toys.SIDES.id)


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_apply_charges_refuses_and_overrides(capsys, game_path):
    code, out, err = run(capsys, "resolve", game_path, "grenade", "--by", "fischer",
                         "--apply")
    assert (code, err) == (0, "") and "logged" in out
    g = load_game(game_path)
    assert g.unit("fischer").state["ap_left"] == 1
    assert [e["action"] for e in ledger.entries(g)] == ["grenade"]

    code, out, err = run(capsys, "resolve", game_path, "grenade", "--by", "fischer",
                         "--apply")
    assert code == 2 and err.strip() == (
        "warboard resolve: error: --apply: Pvt. Fischer already used grenade this turn "
        "(Grenade: once per turn) (--override-cost applies it anyway)")
    assert load_game(game_path).unit("fischer").state["ap_left"] == 1   # nothing written

    code, out, err = run(capsys, "resolve", game_path, "grenade", "--by", "fischer",
                         "--apply", "--override-cost")
    assert (code, err) == (0, "")
    g = load_game(game_path)
    assert [e["override"] for e in ledger.entries(g)] == [False, True]
    assert g.unit("fischer").state["ap_left"] == 0


def test_override_cost_needs_apply(capsys, game_path):
    code, _out, err = run(capsys, "resolve", game_path, "grenade", "--by", "fischer",
                          "--override-cost")
    assert code == 2 and "--override-cost: only with --apply" in err
