"""`warboard resolve` and `warboard odds` on the Butterfly Effect sample scenario, in
process: BE-2's exchange through cover measured on the table (Jiy at the barrels, Manny in
the trench) with return fire, --apply writing it; the stealth duel's odds; BE-3's "0"
refused naming the die."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import cli
from engine.scenario_io import load_scenario
from resources.loader import read_text, resource

SAMPLE = "butterfly-night-approach.json"


@pytest.fixture
def table(tmp_path) -> Path:
    """The sample with Jiy moved to the barrels (74 m: medium), out of stealth."""
    data = json.loads(read_text("scenarios", SAMPLE))
    jiy = next(u for u in data["units"] if u["id"] == "jiy")
    jiy.update(x=26, y=24, state={})
    path = tmp_path / SAMPLE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_resolve_be2_with_return_fire(capsys, table):
    code, out, err = run(capsys, "resolve", table, "fire", "--by", "jiy", "--target", "manny",
                         "--weapon", "assault_rifle", "--return-fire", "manny",
                         "--return-weapon", "combat_shotgun", "--dice",
                         " ".join(["5"] * 3 + ["6", "5"] + ["6"] * 12), "--apply")
    assert code == 0, err
    assert "6+" in out or "≥ 6" in out
    assert "light wound" in out
    game_units = {u.id: u for u in load_scenario(table).units}
    assert game_units["manny"].state.get("hp") == 4 and "hp" not in game_units["jiy"].state


def test_odds_fire_and_duel(capsys, table):
    code, out, err = run(capsys, "odds", table, "fire", "--by", "jiy", "--target", "manny",
                         "--weapon", "assault_rifle", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["action"] == "fire"
    code, out, err = run(capsys, "odds", table, "stealth_duel", "--by", "jiy", "--target",
                         "manny", "--option", "night=true", "--option", "weather=fierce",
                         "--option", "undergrowth=true")
    assert code == 0, err
    assert "hider" in out and "tie" in out


def test_resolve_duel_zero_refused(capsys, table):
    code, out, err = run(capsys, "resolve", table, "stealth_duel", "--by", "jiy", "--target",
                         "manny", "--option", "night=true", "--option", "weather=fierce",
                         "--option", "undergrowth=true",
                         "--dice", "4 5 3 1 6 5 2 4 0 5 5 5 6 2 5")
    assert code == 2
    assert "0 is not a face" in err


@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_refusal_exits_2_naming_the_argument(capsys, cmd):
    """One refusal style (#9): the rules' refusal after the flag of the argument at fault,
    exit 2, nothing on stdout (it was a "Not possible" step with exit 0)."""
    sample = str(resource("scenarios", SAMPLE))
    dice = ["--dice", "1"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, sample, "stealth_duel", "--by", "jiy", "--target",
                         "manny", *dice)          # the start: 114 m, long
    assert (code, out) == (2, "")
    assert "--target: not possible: long distance: the duel comes within medium distance" \
        in err
    code, out, err = run(capsys, cmd, sample, "take_cover", "--by", "jiy", "--option",
                         "distance=medium", *dice)
    assert code == 2 and "--option distance: not possible: cover at medium distance is " \
        "reached by a DASH first" in err
    code, out, err = run(capsys, cmd, sample, "silent_elimination", "--by", "jiy",
                         "--target", "manny", *dice)
    assert code == 2 and "--target: not possible: Jiy (Жий) has not won a stealth duel" in err
