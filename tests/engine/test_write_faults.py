"""Faults a kill does not make: every save, autosave, Save As, backup and library write
is run with a fault injected at its n-th step for every n — the write aborted inside its
transaction (SQLite's progress handler: the statement fails there) and, separately, a
full disk after n pages (PRAGMA max_page_count: SQLite's own "database or disk is full")
— until it gets through. Each time: the error says so in plain words (never SQLite's
exception), the previous save stands, nothing is lost, and the next try works.

These two doors of SQLite itself fail the write mid-statement and at page allocation;
test_write_faults_vfs.py fails it at the disk, the n-th write or sync of any file, through
a fault-injecting VFS (tests/sqlite_faults.py)."""

from __future__ import annotations

import itertools
import sqlite3
from pathlib import Path

import pytest

from engine.autosave import Autosaver
from engine.backups import BackupError, list_backups, make_backup
from engine.gamefile import GameFile, GameFileError, load_game, new_game_file
from engine.library import Library, LibraryError
from engine.model import Change, LogEntry, MoveUnit, SetGameState, apply_change
from tests.engine.test_gamefile import demo_game

#: The progress handler runs every this many SQLite instructions.
STEP = 100
#: No write path here takes more tries than this (a guard against a loop never ending).
MAX_TRIES = 600


class Faults:
    """Every sqlite3 connection opened while installed gets the fault: `at(kind, n)`."""

    def __init__(self, monkeypatch) -> None:
        self.kind: str | None = None
        self.n = 0
        self.fired = False
        self._ticks = itertools.count(1)
        self._open: list[sqlite3.Connection] = []
        real = sqlite3.connect

        def connect(*args, **kw):
            conn = real(*args, **kw)
            self._install(conn, str(args[0] if args else kw.get("database", "")))
            return conn
        monkeypatch.setattr(sqlite3, "connect", connect)

    def at(self, kind: str | None, n: int = 0) -> None:
        """The fault from now on, in new connections and in those still open (an
        autosaver keeps its own)."""
        self.kind, self.n, self.fired = kind, n, False
        self._ticks = itertools.count(1)
        for conn in list(self._open):
            try:
                conn.execute(f"PRAGMA max_page_count = {2**30}")
            except sqlite3.Error:
                self._open.remove(conn)           # closed
                continue
            if kind == "full":
                pages = conn.execute("PRAGMA page_count").fetchone()[0]
                conn.execute(f"PRAGMA max_page_count = {pages + n}")

    def _install(self, conn: sqlite3.Connection, target: str) -> None:
        if "mode=ro" in target or target == ":memory:":
            return                                # reading: no write to fail
        self._open.append(conn)
        if self.kind == "step":
            def tick() -> int:
                if conn.in_transaction and next(self._ticks) == self.n:
                    self.fired = True
                    return 1
                return 0
            conn.set_progress_handler(tick, STEP)
        elif self.kind == "full":
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {pages + self.n}")
            self.fired = True   # a write that needs more pages fails on them


def _until_through(faults: Faults, kind: str, attempt, check_after_failure,
                   errors: tuple[type[BaseException], ...]) -> int:
    """Run `attempt` with the fault at n = 1, 2, … until it gets through; returns the
    number of failed tries."""
    failures = 0
    for n in range(1, MAX_TRIES):
        faults.at(kind, n)
        try:
            attempt()
        except errors as e:
            text = str(e)
            assert "not saved" in text or "not made" in text, text
            assert "sqlite3." not in text and "Traceback" not in text
            failures += 1
            faults.at(None)
            check_after_failure()
            continue
        faults.at(None)
        return failures
    raise AssertionError(f"{kind}: still failing after {MAX_TRIES} tries")


def _moved(game, i: int):
    """A change that needs new pages in the file: a move and a few long log entries."""
    apply_change(game, Change([MoveUnit(game.units[i % len(game.units)].id, 5 + i, 6),
                               SetGameState("iteration", i)]))
    for k in range(4):
        game.append_log(LogEntry(game.turn, None, "roll", summary=f"{i}.{k} " + "x" * 3000))
    return game


@pytest.fixture
def faults(monkeypatch):
    return Faults(monkeypatch)


@pytest.mark.parametrize("kind", ["step", "full"])
def test_a_save_keeps_the_previous_save(tmp_path, faults, kind):
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=20)
    new_game_file(path, game)
    before = load_game(path)
    _moved(game, 1)

    def save():
        with GameFile(path) as f:
            f.save(game)
    failed = _until_through(faults, kind, save, lambda: _same(path, before),
                            (GameFileError,))
    assert failed >= 1 and load_game(path) == game


@pytest.mark.parametrize("kind", ["step", "full"])
def test_save_as_over_a_game_and_to_a_new_file(tmp_path, faults, kind):
    old = tmp_path / "old.warboard"
    first = demo_game()
    new_game_file(old, first)
    game = _moved(demo_game(extra_units=20), 2)
    fresh = tmp_path / "new.warboard"
    failed = _until_through(faults, kind, lambda: new_game_file(old, game),
                            lambda: _same(old, first), (GameFileError,))
    failed += _until_through(faults, kind, lambda: new_game_file(fresh, game),
                             lambda: _no_file(fresh), (GameFileError,))
    assert failed >= 2 and load_game(old) == game == load_game(fresh)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.warboard", "old.warboard"]


@pytest.mark.parametrize("kind", ["step", "full"])
def test_an_autosave_retries_until_written(tmp_path, faults, kind, monkeypatch):
    monkeypatch.setattr(Autosaver, "RETRY_S", 3600.0)  # retried on our flush, not a timer
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=20)
    new_game_file(path, game)
    before = load_game(path)
    with Autosaver(path) as saver:
        saver.synced(game)
        _moved(game, 3)
        saver.submit(game)

        def flush():
            saver._wake.set()
            saver.flush(30)
        failed = _until_through(faults, kind, flush, lambda: _same_or(path, before, game),
                                (GameFileError,))
    assert load_game(path) == game
    assert failed >= 0


def test_a_backup_on_a_full_disk(tmp_path, faults):
    """A backup copies pages outside any statement (SQLite's backup API): a full disk is
    the fault that reaches it."""
    kind = "full"
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=20)
    new_game_file(path, game)
    failed = _until_through(faults, kind, lambda: make_backup(path),
                            lambda: _no_backup(path), (BackupError,))
    assert failed >= 1 and len(list_backups(path)) == 1
    assert load_game(list_backups(path)[0]) == game == load_game(path)


@pytest.mark.parametrize("kind", ["step", "full"])
def test_a_library_write_leaves_the_library_as_it_was(tmp_path, faults, kind):
    path = tmp_path / "library.sqlite"
    with Library(path, seed=False) as lib:
        lib.save_faction("iron-hearts", "kept", "Kept")
    counter = itertools.count()

    def write():
        with Library(path, seed=False) as lib:
            lib.save_faction("iron-hearts", f"new-{next(counter)}", "New " + "n" * 20000)

    def unchanged():
        with Library(path, seed=False) as lib:
            assert [f.id for f in lib.factions("iron-hearts")] == ["kept"]
    failed = _until_through(faults, kind, write, unchanged, (LibraryError,))
    assert failed >= 1
    with Library(path, seed=False) as lib:
        assert len(lib.factions("iron-hearts")) == 2


def _same(path: Path, game) -> None:
    assert load_game(path) == game


def _same_or(path: Path, before, after) -> None:
    assert load_game(path) in (before, after)


def _no_file(path: Path) -> None:
    assert not path.exists()
    assert [p for p in path.parent.iterdir() if p.name.startswith(f".{path.name}")] == []


def _no_backup(path: Path) -> None:
    assert list_backups(path) == []
