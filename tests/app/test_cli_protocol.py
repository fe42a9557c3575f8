"""`warboard resolve/odds` on the open protocol: a group actor named by --by, any role by
--role NAME=VALUE, per-member facts by --fact, return fire (--return-fire) resolved and
priced jointly, and the game's readings under --rule. The toy rulesets of
tests/engine/test_protocol*.py are registered for the test."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from app import cli
from engine.gamefile import load_game, save_game
from engine.model import Game, apply_change
from engine.readings import readings_change
from engine.rulesets.registry import register, unregister
from engine.scenario import Group
from engine.scenario_io import save_scenario
from tests.engine import test_protocol as toy
from tests.engine import test_protocol_open as volley


@pytest.fixture
def rulesets():
    register(toy.TOY)
    register(volley.VOLLEY)
    yield
    unregister(toy.TOY.id)
    unregister(volley.VOLLEY.id)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.run(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def volley_file(tmp_path, rulesets):
    game = volley.make_game()
    game.scenario.groups = [Group("team-a", "team", ["a1", "a2", "a3"], "Team A"),
                            Group("solo", "team", ["b1"])]
    path = tmp_path / "volley.json"
    save_scenario(game.scenario, path)
    return str(path)


@pytest.fixture
def toy_file(tmp_path, rulesets):
    game = toy.make_game()
    game.scenario.profiles = {"rifleman": {"accuracy": 6, "guts": 7, "hp": 1,
                                           "weapons": ["smg"]}}
    path = tmp_path / "toy.json"
    save_scenario(game.scenario, path)
    return str(path)


def test_a_group_actor_by_its_id(volley_file):
    status, out, _ = run(["resolve", volley_file, "volley", "--by", "team-a", "--target", "b1",
                          "--dice", "5", "--json"])
    assert status == 0
    data = json.loads(out)
    assert data["actor"] == "team-a" and data["details"]["facts"]["los_each"] == \
        {"a1": True, "a2": False, "a3": False}
    assert "Facts: los each a1 yes, a2 no, a3 no" in data["text"]
    status, out, err = run(["resolve", volley_file, "volley", "--by", "team-z",
                            "--target", "b1"])
    assert status == 2 and "--by: no group 'team-z' (groups: team-a, solo)" in err


def test_per_member_facts_pool_option_and_roles_by_name(volley_file):
    status, out, _ = run(["odds", volley_file, "volley", "--by", "team-a", "--target", "b1",
                          "--fact", "los_each=a1:yes,a2:yes,a3:no",
                          "--option", "veterans=true", "--json"])
    assert status == 0
    data = json.loads(out)
    assert [o["outcome"] for o in data["outcomes"]] == [0, 1, 2, 3, 4]
    status, _, err = run(["odds", volley_file, "volley", "--by", "team-a", "--target", "b1",
                          "--fact", "los_each=a1"])
    assert status == 2 and "--fact facts.los_each: expected unit:value pairs" in err
    status, out, _ = run(["resolve", volley_file, "stance", "--by", "a1",
                          "--role", "answering=b1", "--role", "where=3,4"])
    assert status == 0 and "ready against b1" in out
    assert "Roles: where 3, 4 · answering b1" in out
    status, _, err = run(["resolve", volley_file, "stance", "--by", "a1", "--role", "x=1"])
    assert status == 2 and "--role x: stance has no such role (roles: actor, where, " \
        "answering)" in err
    status, _, err = run(["resolve", volley_file, "stance", "--by", "a1",
                          "--role", "where=3"])
    assert status == 2 and "--role where: expected a point X,Y" in err


def test_return_fire_resolves_both_from_one_prior_state(toy_file):
    argv = ["resolve", toy_file, "shoot", "--by", "gren-1", "--target", "tommy-1",
            "--weapon", "smg", "--fact", "cover=0", "--return-fire", "tommy-1",
            "--return-weapon", "smg", "--dice", "1,1,9,2,9,1,1,1,2,9,9"]
    status, out, err = run(argv)
    assert status == 0, err
    assert out.startswith("Resolved together (one prior state: Shoot by gren-1, "
                          "Shoot by tommy-1)")
    assert " │ " in out and "Effects (merged)" in out
    status, out, _ = run([*argv, "--json"])
    data = json.loads(out)
    assert [e["actor"] for e in data["joint"]] == ["gren-1", "tommy-1"]
    assert data["joint"][0]["details"]["joint"]["with"] == ["shoot:tommy-1"]
    # each side kills the other: both removed once, after every marker and wound
    assert data["effects"][-2:] == ["tommy-1: removed (casualty)", "gren-1: removed (casualty)"]
    assert "gren-1: suppression +3 (max 3)" in data["effects"]
    status, out, _ = run(["odds", toy_file, "shoot", "--by", "gren-1", "--target", "tommy-1",
                          "--weapon", "smg", "--return-fire", "tommy-1",
                          "--return-weapon", "smg", "--json"])
    data = json.loads(out)
    assert data["answer"]["actor"] == "tommy-1"
    assert all(len(o["outcome"]) == 2 for o in data["outcomes"])
    assert sum(o["probability"] for o in data["outcomes"]) == pytest.approx(1)


def test_return_fire_refusals_name_the_flag(toy_file):
    base = ["resolve", toy_file, "shoot", "--by", "gren-1", "--target", "tommy-1",
            "--weapon", "smg"]
    status, _, err = run([*base, "--return-fire", "nobody"])
    assert status == 2 and "--return-fire nobody: return fire: no unit with id 'nobody'" in err
    status, _, err = run([*base, "--return-fire", "tommy-1"])
    assert status == 2 and "--return-fire tommy-1: shoot.weapon: required" in err
    status, _, err = run([*base, "--return-weapon", "smg"])
    assert status == 2 and "--return-weapon: needs --return-fire UNIT" in err
    status, out, _ = run(["resolve", "--help"])
    assert "--return-fire UNIT" in out and "one prior state" in out


def test_return_fire_applied_to_a_game_file_logs_both(toy_file, tmp_path):
    from engine.scenario_io import load_scenario

    path = tmp_path / "toy.warboard"
    save_game(path, Game(load_scenario(toy_file)))
    status, out, err = run(["resolve", str(path), "shoot", "--by", "gren-1",
                            "--target", "tommy-1", "--weapon", "smg", "--fact", "cover=0",
                            "--return-fire", "tommy-1", "--return-weapon", "smg",
                            "--dice", "1,9,9,2,9,9,9", "--apply"])
    assert status == 0, err
    game = load_game(path)
    assert [e.actor for e in game.log] == ["gren-1", "tommy-1"]
    assert game.unit("tommy-1").markers.get("suppression") == 1


def test_the_games_readings_under_rule(toy_file, tmp_path):
    from engine.scenario_io import load_scenario

    game = Game(load_scenario(toy_file))
    apply_change(game, readings_change(toy.TOY, game, {"suppression_source": "cover_band"}))
    path = tmp_path / "read.warboard"
    save_game(path, game)
    argv = ["resolve", str(path), "shoot", "--by", "gren-1", "--target", "tommy-1",
            "--weapon", "smg", "--dice", "3,7,1,2,8", "--json"]
    status, out, _ = run(argv)
    assert json.loads(out)["details"]["rules"]["suppression_source"] == "cover_band"
    status, out, _ = run([*argv, "--rule", "suppression_source=both"])
    assert json.loads(out)["details"]["rules"]["suppression_source"] == "both"
    status, _, err = run([*argv, "--rule", "suppression_source=never"])
    assert status == 2 and "--rule toy-skirmish.options.suppression_source" in err


def test_modifiers_agreed_at_the_table_of_every_kind(volley_file):
    base = ["odds", volley_file, "volley", "--by", "team-a", "--target", "b1", "--json"]
    status, out, _ = run(base)
    assert [o["outcome"] for o in json.loads(out)["outcomes"]] == [0, 1]
    status, out, _ = run([*base, "--modifier", "fire:+1:pool:GM ruling"])
    assert [o["outcome"] for o in json.loads(out)["outcomes"]] == [0, 1, 2]
    status, out, _ = run([*base, "--modifier", "fire:-1:die_step:mud"])
    assert json.loads(out)["outcomes"][1]["exact"] == "1/4"          # d4 ≥ 4
    status, out, _ = run([*base, "--modifier", "fire:-1:smoke"])
    assert json.loads(out)["outcomes"][1]["exact"] == "2/3"          # d6 ≥ 3
    status, out, _ = run(["resolve", volley_file, "volley", "--by", "team-a", "--target", "b1",
                          "--modifier", "fire:+1:pool:GM ruling", "--dice", "6,1"])
    assert status == 0 and "+1 die GM ruling (to the pool) — entered by hand" in out
    status, _, err = run([*base, "--modifier", "aim:+1:x"])
    assert status == 2 and "--modifier volley.modifiers: no step 'aim' (steps: fire)" in err
    status, _, err = run([*base, "--modifier", "fire:lots:x"])
    assert status == 2 and "the value must be a whole number" in err
