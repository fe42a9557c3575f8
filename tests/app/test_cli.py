"""The command line: same numbers as engine.measure, errors on stderr with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app import cli
from engine.measure import measure_pair, template_query
from engine.scenario_io import load_demo, save_scenario

WARBOARD = Path(sys.executable).with_name("warboard")


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "crossroads.json"
    save_scenario(load_demo(), path)
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_commands_are_registered():
    assert {"measure", "template"} <= set(cli.COMMANDS)


def test_measure_json_equals_measure_pair(capsys, demo_file):
    code, out, err = run(capsys, "measure", demo_file, "sherman-1", "schreck-gunner", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    expected = measure_pair(load_demo(), "sherman-1", "schreck-gunner").to_dict()
    assert data == expected
    for key in ("from", "to", "centre_in", "edge_in", "edge_m", "centre_m", "los",
                "visible_fraction", "cover", "cover_terrain", "target_side", "in_arc"):
        assert key in data


def test_measure_facing_model_option(capsys, demo_file):
    # sherman-3 is 61° to the left of sherman-1's facing: front under front180, left side
    # under quadrants.
    args = ("measure", demo_file, "sherman-3", "sherman-1", "--json")
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert json.loads(out)["target_side"] == "front"
    code, out, _ = run(capsys, *args, "--facing-model", "quadrants")
    assert code == 0
    assert json.loads(out)["target_side"] == "left"


def test_measure_text(capsys, demo_file):
    code, out, err = run(capsys, "measure", demo_file, "sherman-1", "gren-3")
    assert (code, err) == (0, "")
    m = measure_pair(load_demo(), "sherman-1", "gren-3")
    assert "Sherman 1 'Anvil' (Lt. Brooks) (sherman-1)" in out
    assert f'{m.edge_in:.2f}"  ({m.edge_m:.1f} m)' in out
    assert f"side struck       {m.target_side} of gren-3" in out
    assert "in turret arc" in out
    assert m.los in out


def test_template_json_equals_template_query(capsys, demo_file):
    code, out, err = run(capsys, "template", demo_file, "blast-5", 41.4, 15.5,
                         "--scatter", "1@90", "--json")
    assert (code, err) == (0, "")
    expected = template_query(load_demo(), "blast-5", 41.4, 15.5, scatter=(1.0, 90.0))
    data = json.loads(out)
    assert data == expected.to_dict()
    assert data["centre"] == [41.4, 16.5]
    assert {u["id"] for u in data["under"]} >= {"gren-3", "gren-4"}
    assert data["hole"] == "gren-3"  # gren-3 stands at (41.4, 16.2), under (41.4, 16.5)


def test_template_flamer_and_text(capsys, demo_file):
    code, out, err = run(capsys, "template", demo_file, "flamer", 36, 17, "--toward", 41.4, 17)
    assert (code, err) == (0, "")
    assert out.startswith("flamer at (36.00, 17.00)")
    assert "Gren. Keller (gren-3)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["measure", "{demo}", "sherman-1", "nobody"], "to: no unit with id 'nobody'"),
        (["measure", "{demo}", "ghost", "gren-1"], "from: no unit with id 'ghost'"),
        (["measure", "{missing}", "a", "b"], "no such file"),
        (["measure", "{badjson}", "a", "b"], "not valid JSON"),
        (["measure", "{badfield}", "a", "b"], "units[0].facing: expected a number"),
        (["measure", "{game}", "a", "b"], "not a Warboard game file (not a SQLite database)"),
        (["measure", "{nogame}", "a", "b"], "none.warboard: no such file"),
        (["template", "{demo}", "blast-3", "1", "2", "--scatter", "3deg"],
         "expected DIST@BEARING"),
        (["template", "{demo}", "blast-3", "1", "2", "--scatter=-3@10"], "must not be negative"),
        (["template", "{demo}", "blast-3", "nan", "2"], "expected a finite number"),
        (["template", "{demo}", "blast-9", "1", "2"], "invalid choice: 'blast-9'"),
        (["template", "{demo}", "flamer", "1", "2"], "toward"),
        (["measure", "{demo}", "sherman-1"], "the following arguments are required: TO"),
        (["measure", "{demo}", "a", "b", "--facing-model", "hex"], "invalid choice: 'hex'"),
    ],
)
def test_user_errors_exit_2_with_a_message(capsys, tmp_path, demo_file, argv, message):
    (tmp_path / "bad.json").write_text("{oops")
    doc = json.loads(demo_file.read_text())
    doc["units"][0]["facing"] = "east"
    (tmp_path / "field.json").write_text(json.dumps(doc))
    (tmp_path / "g.warboard").write_bytes(b"not a database at all")
    names = {"demo": demo_file, "missing": tmp_path / "none.json",
             "badjson": tmp_path / "bad.json", "badfield": tmp_path / "field.json",
             "game": tmp_path / "g.warboard", "nogame": tmp_path / "none.warboard"}
    code, out, err = run(capsys, *[a.format(**names) for a in argv])
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("Traceback") == 0


def test_measure_reads_a_game_file(capsys, demo_file, tmp_path):
    """A .warboard game gives the numbers of its table now: a moved unit measures from
    where it stands, as measure_pair says for the same table."""
    from engine.gamefile import load_game, new_game_file
    from engine.model import Change, Game, MoveUnit, apply_change

    game = Game(load_demo())
    apply_change(game, Change([MoveUnit("sherman-1", 30.0, 20.0)], "move"))
    path = tmp_path / "played.warboard"
    new_game_file(path, game)
    code, out, err = run(capsys, "measure", path, "sherman-1", "schreck-gunner", "--json")
    assert (code, err) == (0, "")
    expected = measure_pair(load_game(path).scenario, "sherman-1", "schreck-gunner")
    assert json.loads(out) == json.loads(json.dumps(expected.to_dict()))
    from_json = measure_pair(load_demo(), "sherman-1", "schreck-gunner")
    assert json.loads(out)["centre_in"] != from_json.centre_in
    before = path.read_bytes()
    (tmp_path / "copy").write_bytes(before)  # a game file under another name is still read
    code, out2, _ = run(capsys, "measure", tmp_path / "copy", "sherman-1", "schreck-gunner",
                        "--json")
    assert code == 0 and out2 == out
    assert path.read_bytes() == before


def test_help_exits_0(capsys):
    code, out, _ = run(capsys, "measure", "--help")
    assert code == 0
    assert "FROM" in out and "--facing-model" in out


@pytest.mark.skipif(not WARBOARD.exists(), reason="warboard entry point not installed")
def test_installed_entry_point(demo_file):
    ok = subprocess.run([str(WARBOARD), "measure", str(demo_file), "sherman-1", "gren-1",
                         "--json"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout) == measure_pair(load_demo(), "sherman-1", "gren-1").to_dict()
    bad = subprocess.run([str(WARBOARD), "measure", str(demo_file), "sherman-1", "nobody"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2
    assert "no unit with id 'nobody'" in bad.stderr
