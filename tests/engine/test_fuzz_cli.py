"""No traceback for any command line: hypothesis builds argument lists for every command
(measure, template, cards, resolve, odds) from valid and hostile tokens — negative
numbers (-5, -inf, -1e3), 1e308, NaN, integers too large for a float, lone surrogates,
unknown flags and --fact names, bad files (missing, a folder, another program's SQLite
database, hostile JSON) — and each run must end with status 0 or 2, a refusal on stderr
naming the argument or field, and every file in the folder as it was (outputs asked for
with -o aside). `warboard cards --library OTHER.sqlite` never writes into another
program's database.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app import cli
from engine.gamefile import new_game_file
from engine.model import Game
from engine.scenario_io import load_demo

EXAMPLES = 150
NUMBERS = ["0", "3", "-5", "-2.5", "-inf", "inf", "nan", "-nan", "1e308", "-1e308",
           "1" + "0" * 400, "-1e3", "1e-320", "٣", "0x10", "", " ", "\ud800"]
UNITS = ["us-1-1", "gren-1", "sherman-1", "nobody", "", "\ud800", "-5"]
TOKENS = NUMBERS + UNITS + [
    "--json", "--toward", "--scatter", "3@90", "-4@x", "@", "--seed", "--dice", "3,5",
    "1 2 3", "--fact", "cover=2", "nosuch=1", "los=maybe", "cover=-inf", "--option",
    "aimed=yes", "x=y", "=", "--rule", "--target", "--targets", "a,b", "--weapon", "mg42",
    "--point", "--template", "blast-3", "--format", "bbcode", "--units", "--size", "a4",
    "--per-page", "-3", "--one-per-page", "--library", "--bogus", "-x", "--", "-",
    "shoot", "tank_aim", "rally", "move", "nosuch", "--by", "--return-fire",
]
COMMANDS = {
    "measure": ["FILE", "us-1-1", "gren-1"],
    "template": ["FILE", "blast-3", "10", "10"],
    "cards": ["FILE", "-o", "OUT"],
    "resolve": ["FILE", "shoot", "--by", "gren-1", "--target", "us-1-1", "--dice", "3 2"],
    "odds": ["FILE", "shoot", "--by", "gren-1", "--target", "us-1-1"],
}
FILES = ["scenario", "game", "foreign", "missing", "folder", "hostile", "deep"]


@pytest.fixture(autouse=True)
def _qt_app(qapp):
    """`cards` makes a QGuiApplication when none exists (as its own process does); in the
    suite a later Qt test needs the QApplication, so it exists first."""
    return qapp


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cli")
    shutil.copy(Path(__file__).parents[2] / "resources/scenarios/crossroads.json",
                root / "scenario.json")
    new_game_file(root / "game.warboard", Game(load_demo()))
    conn = sqlite3.connect(root / "foreign.sqlite")
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.commit()
    conn.close()
    (root / "folder").mkdir()
    (root / "cwd").mkdir()        # where a mutated output name lands, never the repo
    (root / "hostile.json").write_text('{"format": "warboard-scenario", "version": 1, '
                                       '"name": "x", "x": 1' + "0" * 400 + "}")
    (root / "deep.json").write_text("[" * 20000 + "]" * 20000)
    return root


def file_arg(folder: Path, name: str) -> str:
    return str(folder / {"scenario": "scenario.json", "game": "game.warboard",
                         "foreign": "foreign.sqlite", "missing": "nothing.json",
                         "folder": "folder", "hostile": "hostile.json",
                         "deep": "deep.json"}[name])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


@st.composite
def command_lines(draw, folder: Path) -> list[str]:
    name = draw(st.sampled_from(sorted(COMMANDS)))
    args = [draw(st.sampled_from(FILES)) if a == "FILE" else a for a in COMMANDS[name]]
    args = [file_arg(folder, a) if a in FILES else a for a in args]
    args = [str(folder / "out.pdf") if a == "OUT" else a for a in args]
    for _ in range(draw(st.integers(0, 3))):      # replace, insert or drop a token
        op = draw(st.integers(0, 2))
        token = draw(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)))
        if op == 0 and len(args) > 1:
            args[draw(st.integers(1, len(args) - 1))] = token
        elif op == 1:
            args.insert(draw(st.integers(1, len(args))), token)
        elif len(args) > 1:
            del args[draw(st.integers(1, len(args) - 1))]
    if name == "cards" and draw(st.booleans()):
        args += ["--library", file_arg(folder, draw(st.sampled_from(["foreign", "folder",
                                                                      "hostile"])))]
    return [name, *args]


TALLY = {"tried": 0, "refused": 0, "ok": 0}


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(data=st.data())
def test_every_command_line_ends_in_a_result_or_a_named_refusal(folder, data):
    argv = data.draw(command_lines(folder))
    before = snapshot(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(folder / "cwd"), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        code = cli.run(argv)
    TALLY["tried"] += 1
    assert code in (0, 2), (argv, code, err.getvalue())
    if code == 2:
        TALLY["refused"] += 1
        text = err.getvalue()
        assert "error:" in text and text.strip().split("error:", 1)[1].strip(), (argv, text)
    else:
        TALLY["ok"] += 1
    after = snapshot(folder)
    after.pop("out.pdf", None)
    before.pop("out.pdf", None)
    assert after == before, f"{argv}: changed {set(after) ^ set(before) or 'a file'}"
    if TALLY["tried"] == EXAMPLES:
        print(f"fuzz command line: {TALLY['tried']} inputs, {TALLY['refused']} clean "
              f"refusals, {TALLY['ok']} results, 0 tracebacks, 0 files changed")


def test_cards_never_write_into_another_programs_database(folder):
    other = folder / "foreign.sqlite"
    before = other.read_bytes()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = cli.run(["cards", file_arg(folder, "scenario"), "--library", str(other),
                        "-o", str(folder / "x.pdf")])
    assert code == 2 and "not a Warboard library" in err.getvalue()
    assert other.read_bytes() == before and not (folder / "x.pdf").exists()


@pytest.mark.parametrize("argv, named", [
    (["template", "FILE", "blast-3", "-inf", "5"], "argument X: expected a finite number"),
    (["template", "FILE", "blast-3", "-5", "-1e400"], "argument Y: expected a finite number"),
    (["resolve", "FILE", "shoot", "--by", "gren-1", "--target", "us-1-1", "--fact",
      "cuver=2"], "--fact cuver: shoot reads no such fact"),
])
def test_negative_numbers_are_values_and_unknown_facts_are_refused(folder, argv, named):
    argv = [file_arg(folder, "scenario") if a == "FILE" else a for a in argv]
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert cli.run(argv) == 2
    assert named in err.getvalue()


def test_a_negative_coordinate_reaches_the_command(folder):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.run(["template", file_arg(folder, "scenario"), "blast-3", "-5", "10",
                        "--json"])
    assert code == 0 and json.loads(out.getvalue())["centre"][0] == -5
