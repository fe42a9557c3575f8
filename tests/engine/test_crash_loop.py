"""The crash loop: SIGKILLs at every phase of every save path, and every file afterwards
opens, passes `PRAGMA integrity_check`, and has lost at most the change in flight.

The paths: `save_game` (also what `warboard resolve --apply` does), the `Autosaver`,
Save As (`new_game_file` over the game), `warboard resolve … --apply` itself, library
writes (`Library.save_faction`) and roster saves (`save_roster`). Each kill forks a
child from this process (no interpreter start-up: everything is imported already),
which saves in a loop and reports each committed change number on a pipe. Where it dies
is chosen (tests/engine/crash_points.py): a first child records the file calls of one
save, then one child per phase of that save — the journal begun, half written, synced,
the database written, synced, the journal deleted (the commit), a Save As's rename and
folder sync, the save complete — dies before that call. The parent then opens the file
— recovering the hot journal the kill may have left, as every opener does — checks it,
and checks that its change number is the last one reported committed or a later one
that was in flight (for the autosave, the write in flight carries every change
submitted since its last commit). The next child starts from what the file holds.
"""

from __future__ import annotations

import contextlib
import io
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from app import cli
from engine.autosave import Autosaver
from engine.gamefile import load_game, new_game_file, save_game
from engine.library import Library
from engine.model import Change, Game, LogEntry, MoveUnit, SetGameState, apply_change
from engine.roster import Roster, list_rosters, save_roster
from engine.scenario_io import load_demo
from tests.engine.crash_points import fork, moments, reported

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                                reason="needs fork and SIGKILL")

IH = "iron-hearts"


def change(game: Game, i: int) -> None:
    """Change number `i`: a unit moves, the game state and the log say i."""
    unit = game.units[i % len(game.units)]
    apply_change(game, Change([MoveUnit(unit.id, 1 + i % 70, 1 + i % 46),
                               SetGameState("iteration", i)]))
    game.append_log(LogEntry(game.turn, unit.id, "roll", summary=str(i), details={"i": i}))


# --------------------------------------------------------------------------- children
# Each runs forever in the forked child; `say(n)` reports change n as committed.


def saving(path: Path, start: int, say: Callable[[int], None]) -> None:
    game = load_game(path)
    i = start
    say(i)                                           # ready
    while True:
        i += 1
        change(game, i)
        save_game(path, game)
        say(i)


def autosaving(path: Path, start: int, say: Callable[[int], None]) -> None:
    game = load_game(path)
    saver = Autosaver(path, on_saved=lambda snap, stats: say(
        snap.game_value("state").get("iteration", 0)))
    saver.synced(game)
    i = start
    say(i)
    while True:
        i += 1
        change(game, i)
        saver.submit(game)
        say(-i)                      # submitted (the write in flight may carry it)
        time.sleep(0.001)


def saving_as(path: Path, start: int, say: Callable[[int], None]) -> None:
    game = load_game(path)
    i = start
    say(i)
    while True:
        i += 1
        change(game, i)
        new_game_file(path, game)   # Save As over the game's own name: replace in one step
        say(i)


def resolving(path: Path, start: int, say: Callable[[int], None]) -> None:
    i = start
    devnull = open(os.devnull, "w")  # noqa: SIM115 — the child never returns
    sys.stdout = sys.stderr = devnull
    say(i)
    while True:
        code = cli.run(["resolve", str(path), "shoot", "--by", "gren-1", "--target",
                        "us-1-1", "--dice", "10", "--override-cost", "--apply"])
        if code == 0:
            i += 1
            say(i)


def library_writing(path: Path, start: int, say: Callable[[int], None]) -> None:
    with Library(path, seed=False) as lib:
        i = start
        say(i)
        while True:
            i += 1
            lib.save_faction(IH, f"crash-{i}", f"Faction {i}")
            say(i)


def roster_saving(path: Path, start: int, say: Callable[[int], None]) -> None:
    with Library(path, seed=False) as lib:
        i = start
        say(i)
        while True:
            i += 1
            roster = Roster(f"crash-{i}", IH)
            roster.add("allies", "vehicle", "m4a1-sherman", 1 + i % 5)
            save_roster(lib, roster)
            say(i)


# --------------------------------------------------------------------------- checks


def integrity(path: Path) -> str:
    conn = sqlite3.connect(path)   # read-write: a hot journal is rolled back, as on open
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def game_number(path: Path) -> int:
    game = load_game(path)                    # recovers, checks every row
    assert integrity(path) == "ok"
    i = game.state.get("iteration", 0)
    logged = [e.details["i"] for e in game.log if "i" in e.details]
    assert logged == list(range(1, i + 1)), (logged[-3:], i)   # no log entry lost
    return i


def resolved_number(path: Path) -> int:
    game = load_game(path)
    assert integrity(path) == "ok"
    return len(game.log)


def library_number(path: Path, table: str) -> int:
    assert integrity(path) == "ok"
    with Library(path, seed=False) as lib:
        if table == "rosters":
            names = list_rosters(lib)
        else:
            names = [f.id for f in lib.factions(IH)]
    got = [int(n.removeprefix("crash-")) for n in names if n.startswith("crash-")]
    return max(got, default=0)


PATHS = {
    "save": (saving, "game", game_number),
    "autosave": (autosaving, "game", game_number),
    "save-as": (saving_as, "game", game_number),
    "resolve-apply": (resolving, "game", resolved_number),
    "library": (library_writing, "library", lambda p: library_number(p, "factions")),
    "roster": (roster_saving, "library", lambda p: library_number(p, "rosters")),
}


def test_kills_at_every_phase_of_a_save_lose_at_most_the_change_in_flight(tmp_path):
    game = Game(load_demo())
    library = tmp_path / "library.sqlite"
    with Library(library):
        pass                                      # seeded once, here
    figures = {"kills": 0, "at_last_commit": 0, "in_flight_kept": 0}
    with contextlib.redirect_stderr(io.StringIO()):
        cli.run(["resolve", "-", "shoot", "--by", "x"])  # the parent pays the imports once
    for name, (child, kind, number) in PATHS.items():
        path = tmp_path / f"{name}.warboard" if kind == "game" else library
        if kind == "game":
            new_game_file(path, game)
        before = number(path)
        said, calls = fork(child, path, before, None)    # one save, its calls recorded
        start = number(path)
        assert start == reported(said, before)[0] > before, (name, said, before, start)
        advanced = stayed = 0
        for at in moments(calls):
            reported_n, in_flight = reported(fork(child, path, start, at)[0], start)
            got = number(path)
            where = f"{name}, killed before {at}"
            assert got >= reported_n, f"{where}: committed change {reported_n} lost (file: {got})"
            assert got <= in_flight, f"{where}: file {got}, reported {reported_n}"
            figures["kills"] += 1
            figures["at_last_commit"] += got == reported_n
            figures["in_flight_kept"] += got > reported_n
            advanced += got > start
            stayed += got == start
            start = got
        # the kills fell on both sides of the commit: before it the file is the last save,
        # after it the new one
        assert advanced and stayed, f"{name}: {advanced} kills after the commit, {stayed} before"
        if kind == "game":
            new_game_file(path, load_game(path))  # the next save cleans a killed save's tmp
            leftovers = [p.name for p in path.parent.iterdir()
                         if p.name.startswith(f".{path.name}.")]
            assert leftovers == [], leftovers
    print(f"crash loop: {figures}")
