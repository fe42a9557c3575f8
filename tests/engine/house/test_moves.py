"""Moves on the board said as data: a dash of 2d6 inches toward a chosen point and a
fall back toward the unit's own table edge, made by the board's own services (stopped by
what stops any move) and undone exactly."""

from __future__ import annotations

import json
import math

import pytest

from engine.dice import ScriptedDice
from engine.house.folder import load_folder
from engine.model import Game, apply_change, revert_change
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

RULES = '''
[ruleset]
id = "moves"
name = "Moves"

[actions.dash]
label = "Dash"
roles = ["actor", "point"]
outcome = "run"
[[actions.dash.steps]]
id = "run"
kind = "roll"
label = "Dash"
die = "'d6'"
n = 2
[[actions.dash.effects]]
do = "move_toward"
value = "run"

[actions.rout]
label = "Rout"
kind = "test"
[[actions.rout.steps]]
id = "nerve"
kind = "test"
label = "Nerve"
die = "'d6'"
target = "3"
vs = ">="
[[actions.rout.effects]]
when = "not outcome"
do = "fall_back"
value = 6
'''


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("moves")
    (folder / "rules.toml").write_text(RULES, "utf-8")
    return load_folder(folder)


def _game(rules) -> Game:
    units = [Unit("a", "red", "p", 10, 24, BaseShape.round(25), name="Ada")]
    table = Table(48, 48, edges={"red": "west", "blue": "east"})
    return Game(Scenario("t", rules.id, table, [], units))


def _frozen(game):
    return json.dumps(game.snapshot(), sort_keys=True)


def test_a_dash_moves_the_rolled_inches_toward_the_point_and_undoes(rules):
    game = _game(rules)
    ctx = rules.context("dash", actor=game.unit("a"), point=(40.0, 24.0), game=game)
    res = ctx.resolve(ScriptedDice([4, 5]))
    before = _frozen(game)
    apply_change(game, res.change)
    a = game.unit("a")
    assert math.isclose(a.x, 19.0) and math.isclose(a.y, 24.0)
    revert_change(game, res.change)
    assert _frozen(game) == before
    assert dict(ctx.odds().outcomes)[7] == pytest.approx(6 / 36)


def test_a_failed_nerve_falls_back_toward_the_own_edge(rules):
    game = _game(rules)
    ctx = rules.context("rout", actor=game.unit("a"), game=game)
    apply_change(game, ctx.resolve(ScriptedDice([1])).change)
    assert math.isclose(game.unit("a").x, 4.0)
    game2 = _game(rules)
    ctx2 = rules.context("rout", actor=game2.unit("a"), game=game2)
    assert ctx2.resolve(ScriptedDice([5])).change.effects == []


def test_a_formula_reads_the_distance_to_the_unit_s_commander(tmp_path):
    folder = tmp_path / "cmd"
    folder.mkdir()
    (folder / "rules.toml").write_text(RULES.replace(
        'target = "3"', 'target = "3 if actor.commander_distance <= 6 else 5"'), "utf-8")
    rules = load_folder(folder)
    units = [Unit("a", "red", "p", 10, 24, BaseShape.round(25), name="Ada", parent="c"),
             Unit("c", "red", "p", 14, 24, BaseShape.round(25), name="Cap")]
    game = Game(Scenario("t", rules.id, Table(48, 48), [], units))
    near = rules.context("rout", actor=game.unit("a"), game=game)
    assert dict(near.odds().outcomes)["success"] == pytest.approx(4 / 6)
    game.unit("c").x = 30
    far = rules.context("rout", actor=game.unit("a"), game=game)
    assert dict(far.odds().outcomes)["success"] == pytest.approx(2 / 6)
