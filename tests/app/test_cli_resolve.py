"""`warboard resolve` and `warboard odds`: the engine's results on the command line, the
same as calling the engine with the same dice; --apply writes the file; user errors exit 2
naming the argument (and, for dice, the step and the die)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from app import cli
from engine.dice import TypedDice
from engine.facts import facts_for
from engine.gamefile import load_game, new_game_file, read_log
from engine.model import Game
from engine.rulesets.iron_hearts import RULESET as IH
from engine.scenario_io import load_demo, load_scenario, save_scenario


@pytest.fixture(scope="module")
def demo_master(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("resolve") / "master.json"
    save_scenario(load_demo(), path)
    return path


@pytest.fixture
def demo(demo_master, tmp_path) -> Path:
    """A fresh copy of the demo per test (--apply writes to it)."""
    path = tmp_path / "crossroads.json"
    shutil.copy(demo_master, path)
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def engine_resolve(path: Path, action: str, actor: str, target: str, faces: str, **kw):
    """The same resolution through the engine: facts measured on the file's table."""
    game = Game.from_meta(load_scenario(path), {})
    facts = facts_for(game.scenario, action, actor, target, ruleset=IH,
                      weapon=kw.get("weapon"), rules=kw.get("rules"))
    ctx = IH.context(action, actor=game.unit(actor), target=game.unit(target),
                     facts=facts, game=game, **kw)
    return ctx.resolve(TypedDice(faces))


def same(cli_json: dict, res) -> None:
    entry = res.log_entry(1).to_dict()
    for key in ("action", "actor", "target", "summary", "dice", "details"):
        assert cli_json[key] == entry[key], key


def test_commands_are_registered():
    assert {"resolve", "odds"} <= set(cli.COMMANDS)


def test_shoot_is_the_engines_shoot(capsys, demo):
    # gren-1 (Kar98k, Accuracy 5) at Dawson: hit on 3, wound die 2 ≤ Damage 7 − cover
    code, out, err = run(capsys, "resolve", demo, "shoot", "--by", "gren-1", "--target",
                         "us-1-1", "--dice", "3,2", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    res = engine_resolve(demo, "shoot", "gren-1", "us-1-1", "3,2")
    same(data, res)
    assert [s["id"] for s in data["details"]["steps"]] == ["hit", "wound"]
    assert data["dice"][0]["faces"] == [3] and data["dice"][0]["source"] == "typed"
    assert data["summary"].startswith("1 hits")
    assert data["applied"] is None and data["seed"] is None


#: A scenario file has no running turn, and the tanks' AP are charged by the turn contract
#: (issue 9 point 4): applying to it needs the override, as for any declared cost.
OVER = "--override-cost"


def test_tank_fire_is_the_engines_tank_fire(capsys, demo):
    # aim first and keep the aim in the file (--apply), then fire at the grenadier
    code, out, _ = run(capsys, "resolve", demo, "tank_aim", "--by", "sherman-1", "--target",
                       "gren-3", "--dice", "1", "--apply", OVER)
    assert code == 0 and "Applied to" in out
    assert load_scenario(demo).unit("sherman-1").state["aim"]["target"] == "gren-3"
    code, out, err = run(capsys, "resolve", demo, "tank_fire", "--by", "sherman-1",
                         "--target", "gren-3", "--dice", "2 3", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    same(data, engine_resolve(demo, "tank_fire", "sherman-1", "gren-3", "2 3"))
    assert data["summary"] == "hit, wound — Gren. Keller: −1 HP (1 → 0); NPC at 0 HP: " \
                              "roll the death roll"
    assert data["details"]["facts"]["side_struck"] == "front"


def test_apply_writes_markers_and_state_to_a_scenario(capsys, demo):
    code, out, _ = run(capsys, "resolve", demo, "tank_aim", "--by", "sherman-1", "--target",
                       "gren-3", "--dice", "1", "--apply", OVER)
    code, out, _ = run(capsys, "resolve", demo, "tank_fire", "--by", "sherman-1", "--target",
                       "gren-3", "--dice", "2,3", "--apply", OVER)
    assert code == 0
    after = load_scenario(demo)
    gren = after.unit("gren-3")
    assert gren.markers == {"suppression": 1}
    assert gren.state["hp"] == 0 and gren.state["casualty"] == "npc-pending"
    assert gren.state["mm_penalties"] == [2]             # the 75 mm's MM 2
    assert after.unit("sherman-1").state["loaded"] is False
    assert after.unit("sherman-1").state["ap_left"] == 2


def test_apply_to_a_game_file_logs_the_roll(capsys, tmp_path):
    path = tmp_path / "game.warboard"
    g = Game(load_demo())
    g.active_side = "axis"      # the shot's 1 AP is charged by the turn contract in its turn
    new_game_file(path, g)
    code, out, err = run(capsys, "resolve", path, "shoot", "--by", "gren-1", "--target",
                         "us-1-1", "--dice", "3 2", "--apply")
    assert (code, err) == (0, "") and "logged" in out
    game = load_game(path)
    assert game.unit("gren-1").state["ap_left"] == 2
    log = read_log(path)
    assert len(log) == 1
    entry = log[0].entry
    assert (entry.actor, entry.action, entry.target) == ("gren-1", "shoot", "us-1-1")
    assert [r.faces for r in entry.dice] == [(3,), (2,)]


def test_seed_is_printed_and_replays(capsys, demo):
    args = ("resolve", demo, "shoot", "--by", "gren-nco", "--target", "us-1-5", "--option",
            "volleys=2", "--fact", "los=yes", "--fact", "distance_m=40")
    code, first, _ = run(capsys, *args)
    assert code == 0
    seed = int(re.search(r"replay with --seed (\d+)", first).group(1))
    code, again, _ = run(capsys, *args, "--seed", seed)
    assert again == first
    code, out, _ = run(capsys, *args, "--seed", 7, "--json")
    assert json.loads(out)["seed"] == 7
    assert all(r["seed"] == 7 for r in json.loads(out)["dice"])


def test_facts_by_hand_are_marked_in_the_rendering(capsys, demo):
    code, out, _ = run(capsys, "resolve", demo, "shoot", "--by", "gren-1", "--target",
                       "us-1-1", "--fact", "cover=0", "--dice", "1,5", "--format", "bbcode")
    assert code == 0
    assert "cover 0 [i](entered by hand)[/i]" in out and "[b]Shoot[/b]" in out


@pytest.mark.parametrize("extra, message", [
    (("--dice", "3"), "--dice: step 'Wound roll' needs 1 × d10, only 0 values left"),
    (("--dice", "11"), "--dice: step 'Hit roll' needs a d10: 11 is not a face of a d10"),
    (("--dice", "9,4"), "--dice: 1 typed value(s) not used: 4"),
    (("--option", "volleys=9"), "--option shoot.volleys: expected a whole number 1–3, got 9"),
    (("--option", "spray=1"), "--option shoot.spray: unknown option"),
    (("--option", "volleys"), "argument --option: expected K=V, got 'volleys'"),
    (("--rule", "cover_effect=sideways"),
     "--rule iron-hearts.options.cover_effect: expected one of damage | accuracy | both"),
    (("--fact", "los=maybe"), "--fact facts.los: expected true or false, got 'maybe'"),
    (("--weapon", "raygun"), "--weapon weapon: no weapon 'raygun'"),
])
def test_bad_arguments_exit_2_naming_them(capsys, demo, extra, message):
    code, out, err = run(capsys, "resolve", demo, "shoot", "--by", "gren-1", "--target",
                         "us-1-1", *extra)
    assert code == 2 and out == ""
    assert message in err


@pytest.mark.parametrize("argv, message", [
    (("fly", "--by", "gren-1"), "ACTION: ruleset 'iron-hearts' has no action 'fly'"),
    (("shoot", "--by", "nobody"), "--by: no unit with id 'nobody'"),
    (("shoot", "--by", "gren-1", "--target", "ghost"), "--target: no unit with id 'ghost'"),
    (("shoot", "--by", "gren-1", "--targets", "us-1-1,ghost"),
     "--targets: no unit with id 'ghost'"),
])
def test_unknown_names_exit_2(capsys, demo, argv, message):
    for cmd in ("resolve", "odds"):
        code, out, err = run(capsys, cmd, demo, *argv)
        assert code == 2 and message in err


def test_a_refusal_names_the_argument_at_fault(capsys, demo):
    # Dawson cannot see Brandt behind the farmhouse: the rules refuse, nothing is rolled.
    # One refusal style (issue 9): a refusal is the CLI's error naming the flag of the
    # argument at fault (it was printed as a "Not possible" step with exit 0 before).
    code, out, err = run(capsys, "resolve", demo, "shoot", "--by", "us-1-1", "--target",
                         "gren-nco", "--fact", "los=no", "--dice", "")
    assert (code, out) == (2, "")
    assert "error: --fact los: not possible: no line of sight: the target is hidden" in err


def test_odds_table_and_json(capsys, demo):
    # Kar98k: hit d10 ≤ 5 (1/2); cover 3 (by hand) lowers Damage 7 to 4: wound 4/10 → 1/5
    args = ("odds", demo, "shoot", "--by", "gren-1", "--target", "us-1-1", "--fact", "cover=3")
    code, out, err = run(capsys, *args)
    assert (code, err) == (0, "")
    rows = {ln.split()[0]: ln.split()[1:] for ln in out.splitlines()[2:4]}
    assert rows == {"0": ["80.00%", "100.00%"], "1": ["20.00%", "20.00%"]}
    assert "hits:" in out and "suppression:" in out
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert data["outcomes"] == [{"outcome": 0, "probability": 0.8, "exact": "4/5"},
                                {"outcome": 1, "probability": 0.2, "exact": "1/5"}]
    assert data["at_least"][1] == {"n": 1, "probability": 0.2, "exact": "1/5"}
    assert data["parts"]["hits"]["outcomes"][1]["exact"] == "1/2"
    assert data["facts"]["cover"] == 3 and data["facts"]["overridden"] == ["cover"]


def test_odds_of_named_outcomes_have_no_at_least(capsys, demo):
    run(capsys, "resolve", demo, "tank_aim", "--by", "sherman-1", "--target", "gren-3",
        "--dice", "1", "--apply", OVER)
    code, out, _ = run(capsys, "odds", demo, "tank_fire", "--by", "sherman-1", "--target",
                       "gren-3", "--json")
    data = json.loads(out)
    # Accuracy 6: hit 6/10; personnel Damage 6 − cover 3: wound 3/10 → 9/50
    assert data["at_least"] is None
    assert {o["outcome"]: o["exact"] for o in data["outcomes"]}["hit, wound"] == "9/50"


@pytest.mark.parametrize("argv, message", [
    (("tank_fire", "--by", "us-1-1", "--target", "gren-1"),
     "--by us-1-1 (us-rifleman): Fire main gun applies to vehicles only"),
    (("melee", "--by", "sherman-1", "--target", "gren-1"),
     "--by sherman-1 (m4a1-sherman): Melee applies to characters only"),
    (("rally", "--by", "us-1-1", "--targets", "us-1-2"),
     "--by us-1-1 (us-rifleman): Commander's rally applies to commanders (NCOs, officers, player "
     "characters) only"),
])
def test_an_action_the_unit_cannot_take_exits_2(capsys, demo, argv, message):
    before = demo.read_bytes()
    for cmd, extra in (("resolve", ("--dice", "1", "--apply")), ("odds", ())):
        code, out, err = run(capsys, cmd, demo, *argv, *extra)
        assert (code, out) == (2, "")
        assert err == f"warboard {cmd}: error: {message}\n"
    assert demo.read_bytes() == before                # nothing applied


def test_a_grenade_needs_a_thrower_with_grenades(capsys, tmp_path):
    import dataclasses

    scenario = load_demo()
    profiles = {"sgt-no-grenades": {"accuracy": 6, "melee": 6, "guts": 7, "hp": 1,
                                    "rank": "nco", "weapons": ["thompson"]}}
    units = [dataclasses.replace(u, profile="sgt-no-grenades") if u.id == "us-1-nco" else u
             for u in scenario.units]
    path = tmp_path / "no-grenades.json"
    save_scenario(dataclasses.replace(scenario, units=units, profiles=profiles), path)
    code, _, err = run(capsys, "odds", path, "grenade", "--by", "us-1-nco", "--point", "30",
                       "30")
    assert code == 2
    assert "--by us-1-nco (sgt-no-grenades): Grenade applies to characters with grenades " \
           "only" in err
    # the same sergeant may still rally and shoot: only the grenade is refused
    code, _, err = run(capsys, "odds", path, "shoot", "--by", "us-1-nco", "--target", "gren-1")
    assert (code, err) == (0, "")
