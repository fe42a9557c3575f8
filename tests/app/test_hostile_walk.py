"""The hostile-input walk of issue 38, sized for `make test`: every input class the issue
found is tried through the command line in this process (cli.run, as a player runs
`warboard …`), each run bounded in time (a FIFO gets a writer if a reader blocks on it).
Each must end in a clean refusal naming the option or field (status 2, or 1 for a verify
that finds problems; a reading set aside is a warning naming it, and the command goes on),
with no traceback, no hang, and nothing on disk changed but the command's own output.
The figures per class are printed (-s) as `class: tried, refused, warned`."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from app import cli
from engine import sealed
from engine.dice import RollRecord
from engine.forum_text import TEXTS
from engine.gamefile import new_game_file
from engine.model import Game, LogEntry
from engine.readings import READINGS_KEY
from engine.scenario_io import load_demo, save_scenario, scenario_to_dict
from engine.turn_post import turn_post
from tests.hostile_io import snapshot, within

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")

SEED = "5eed" * 16
HIDDEN = ("\u202e", "\u200b", "\u2066", "\x1b", "\u2028", "\ufeff")
BOUND_S = 20
HIDDEN_FIELDS = {"units[0].id": lambda d, v: d["units"][0].update(id=v),
                 "units[3].parent": lambda d, v: d["units"][3].update(parent=v),
                 "terrain[0].id": lambda d, v: d["terrain"][0].update(id=v)}
#: every character in a unit's id, one of them in a reference and a terrain id
HIDDEN_CASES = [(i, "units[0].id") for i in range(len(HIDDEN))] + [
    (0, "units[3].parent"), (1, "terrain[0].id")]


def _json(path: Path, doc: dict) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _chain(n: int, *, loop: bool = False, reverse: bool = False) -> dict:
    doc = scenario_to_dict(load_demo())
    last = "g0" if loop else doc["units"][0]["id"]
    groups = [{"id": f"g{i}", "kind": f"k{i}", "members": [f"g{i + 1}" if i < n - 1 else last]}
              for i in range(n)]
    doc["groups"] = groups[::-1] if reverse else groups
    return doc


def _sealed_game(path: Path, roll: int) -> Path:
    game = Game(load_demo())
    sealing, _ = sealed.seal("correct horse", seed=SEED, game_id="walk")
    game.state[sealed.STATE_KEY] = sealing.to_dict()
    rec = RollRecord("hostile", "d6", (3,), "sealed", None, roll)
    game.append_log(LogEntry(1, None, "roll", None, (rec,), "hostile roll"))
    new_game_file(path, game)
    return path


def _duplicate_id_game(path: Path) -> Path:
    new_game_file(path, Game(load_demo()))
    con = sqlite3.connect(path)
    (text,) = con.execute("SELECT json FROM terrain WHERE id='bakery'").fetchone()
    d = json.loads(text)
    d["id"] = "us-1-3"
    con.execute("UPDATE terrain SET id='us-1-3', json=? WHERE id='bakery'",
                (json.dumps(d), ))
    con.commit()
    con.close()
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    doc = scenario_to_dict(load_demo())
    _json(root / "ok.json", doc)
    _json(root / "chain.json", _chain(3000))
    _json(root / "chain-reversed.json", _chain(3000, reverse=True))
    _json(root / "loop.json", _chain(3000, loop=True))
    for i, field in HIDDEN_CASES:
        d = scenario_to_dict(load_demo())
        HIDDEN_FIELDS[field](d, f"us{HIDDEN[i]}-1")
        _json(root / f"hidden-{i}-{field}.json", d)
    evil = load_demo()
    evil.units[0].name = "Evil\x1b]0;pwned\x07\x1b[2J\u202eName\x9b31m"
    save_scenario(evil, root / "escapes.json")
    game = Game(load_demo("keno-orchard.json"))
    game.state[READINGS_KEY] = {"initiative_die": "d1000-of-doom"}
    new_game_file(root / "reading.warboard", game)
    _sealed_game(root / "roll-1e7.warboard", 10 ** 7)
    _sealed_game(root / "roll-1e12.warboard", 10 ** 12)
    _duplicate_id_game(root / "duplicate.warboard")
    for name in ("fifo.json", "fifo.warboard", "fifo"):
        os.mkfifo(root / name)
    (root / "out").mkdir()
    return root


def _run(folder: Path, argv: list[str]) -> tuple[int, str, str]:
    """One command line, bounded in time; a traceback fails the test, naming the line.
    A line naming a FIFO runs in a thread the FIFO can be released from; any other runs
    here (the picture command builds widgets, which belong to the main thread) and is
    timed."""
    out, err = io.StringIO(), io.StringIO()
    fifos = [p for p in folder.iterdir() if p.is_fifo()]

    def call() -> int:
        with redirect_stdout(out), redirect_stderr(err):
            return cli.run(argv)
    started = time.monotonic()
    try:
        if any(str(f) in argv for f in fifos):
            code = within(BOUND_S, call, fifos)
        else:
            code = call()
    except Exception as e:  # noqa: BLE001 (a traceback is the finding)
        pytest.fail(f"traceback from {argv}: {type(e).__name__}: {e}")
    assert time.monotonic() - started < BOUND_S, f"took over {BOUND_S} s: {argv}"
    return code, out.getvalue(), err.getvalue()


S = "{ok}"
#: class → [(argv, status, words the refusal or warning must hold)]
WALK: dict[str, list[tuple[list[str], int, list[str]]]] = {
    "numbers off any table": [
        (["picture", S, "-o", "{out}/p.png", "--area", "0", "0", "1e308", "1e308"], 2,
         ["--area"]),
        (["picture", S, "-o", "{out}/p.png", "--area", "0", "0", "1", "1e6"], 2, ["--area"]),
        (["picture", S, "-o", "{out}/p.png", "--area", "-1e308", "0", "5", "5"], 2,
         ["--area"]),
        (["picture", S, "-o", "{out}/p.png", "--measure", "gren-1", "1e308,5"], 2,
         ["--measure B"]),
        (["picture", S, "-o", "{out}/p.png", "--measure", "gren-1", "nan,inf"], 2,
         ["--measure B"]),
        (["picture", S, "-o", "{out}/p.png", "--template", "blast-3", "5", "1e308"], 2,
         ["--template X Y"]),
        (["picture", S, "-o", "{out}/p.png", "--template", "blast-3", "5", "5", "--scatter",
          "1e308@0"], 2, ["--scatter DIST"]),
        (["picture", S, "-o", "{out}/p.png", "--around", "gren-1", "1e308"], 2,
         ["radius"]),
        (["template", S, "blast-3", "1e308", "5"], 2, ["argument X", "off any table"]),
        (["template", S, "blast-3", "5", "5", "--toward", "5", "-1e300"], 2,
         ["argument --toward", "off any table"]),
        (["resolve", S, "shoot", "--by", "gren-1", "--target", "us-1-1", "--point", "1e7",
          "5"], 2, ["argument --point", "off any table"]),
    ],
    "roll numbers": [
        (["verify", "{folder}/roll-1e7.warboard", "--seed", SEED], 1,
         ["rolls #1–#9999999 missing"]),
        (["verify", "{folder}/roll-1e12.warboard", "--seed", SEED], 1,
         ["rolls #1–#999999999999 missing"]),
    ],
    "group chains": [
        (["measure", "{folder}/chain.json", "gren-1", "us-1-1"], 2,
         ["groups[31].members[0]", "groups nested too deep", "'g0'"]),
        (["measure", "{folder}/chain-reversed.json", "gren-1", "us-1-1"], 2,
         ["groups nested too deep"]),
        (["measure", "{folder}/loop.json", "gren-1", "us-1-1"], 2, ["groups nested too deep"]),
        (["organisation", "{folder}/chain.json"], 2, ["groups nested too deep"]),
    ],
    "unknown reading value": [
        (["cards", "{folder}/reading.warboard", "-o", "{out}/cards.pdf"], 0,
         ["warning", "Initiative die", "d1000-of-doom"]),
    ],
    "FIFOs": [
        (["measure", "{folder}/fifo.json", "a", "b"], 2, ["fifo.json: not a regular file"]),
        (["picture", "{folder}/fifo", "-o", "{out}/p.png"], 2, ["not a regular file"]),
        (["cards", "{folder}/fifo.json", "-o", "{out}/c.pdf"], 2, ["not a regular file"]),
        (["verify", "{folder}/fifo.warboard"], 2, ["fifo.warboard"]),
        (["measure", "{folder}/fifo.warboard", "a", "b"], 2, ["fifo.warboard"]),
    ],
    "hidden characters in ids": [
        (["measure", f"{{folder}}/hidden-{i}-{field}.json", "gren-1", "us-1-1"], 2,
         [field, f"U+{ord(HIDDEN[i]):04X}"]) for i, field in HIDDEN_CASES
    ],
    "ids naming their field": [
        (["measure", "{folder}/duplicate.warboard", "gren-1", "us-1-1"], 2,
         ["units row 'us-1-3'", "already used by terrain row 'us-1-3'"]),
    ],
}


def test_every_hostile_input_is_refused_by_name_and_nothing_else_changes(qapp, folder,
                                                                         capsys):
    """(qapp: the cards command would otherwise make a QGuiApplication, which a later
    widget test in the same process cannot use.)"""
    figures = []
    for cls, lines in WALK.items():
        tried = refused = warned = 0
        for argv_t, status, words in lines:
            argv = [a.format(ok=folder / "ok.json", folder=folder, out=folder / "out")
                    for a in argv_t]
            before = snapshot(folder)
            code, out, err = _run(folder, argv)
            after = snapshot(folder)
            tried += 1
            assert code == status, (cls, argv, code, err)
            said = err if status else err + out
            if status == 1:
                said = out
            for w in words:
                assert w in said, (cls, argv, w, said)
            assert "Traceback" not in err, (cls, argv, err)
            made = {k for k in after if k not in before}
            assert {k: v for k, v in after.items() if k not in made} == before, (cls, argv)
            if status == 2:
                assert not made, (cls, argv, made)
                refused += 1
            else:
                assert made <= {"out/cards.pdf"}, made
                warned += 1
        figures.append(f"{cls}: {tried} tried, {refused} refused, {warned} warned/reported")
    with capsys.disabled():
        print("\n" + "\n".join(figures))


def test_terminal_escapes_and_picture_names_write_nothing_of_their_own(folder):
    code, out, err = _run(folder, ["measure", str(folder / "escapes.json"), "sherman-1",
                                   "gren-1"])
    assert code == 0 and "Evil\\u001b]0;pwned" in out
    assert not any(c in out + err for c in ("\x1b", "\x07", "\x9b", "\u202e"))
    game = Game(load_demo())
    name = "x[/img][url=http://evil]y) ![z](http://evil\n# head.png"
    game.append_log(LogEntry(1, None, "picture", None, summary="picture",
                             details={"kind": "picture", "file": name}))
    bb, md = turn_post(game, 1, "bbcode"), turn_post(game, 1, "markdown")
    assert "[url" not in bb and bb.count("[img]") == bb.count("[/img]") == 1
    assert "\n# " not in md and "](x%5B/img%5D" in md
    assert TEXTS["en"]["picture"].split(":")[1] in md
