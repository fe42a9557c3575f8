"""Faults a kill does not make, at the disk: every save, autosave, Save As, backup,
library and roster write runs under a fault-injecting SQLite VFS (tests/sqlite_faults.py)
with an I/O error at its n-th write, and separately at its n-th sync or truncate, for
every n until the write gets through; the scenario JSON export (Python file I/O, not
SQLite) gets an OSError at its n-th file operation. Each time: the error says so in plain
words (the program's message, never SQLite's exception), the previous save stands,
nothing is lost, and the next try works."""

from __future__ import annotations

import dataclasses
import errno
import itertools
import os
from pathlib import Path

import pytest

from engine.autosave import Autosaver
from engine.backups import BackupError, list_backups, make_backup
from engine.gamefile import GameFile, GameFileError, load_game, new_game_file
from engine.library import Library, LibraryError
from engine.roster import Roster, list_rosters, load_roster, save_roster
from engine.scenario_io import load_scenario, save_scenario
from tests.engine.test_gamefile import demo_game
from tests.engine.test_write_faults import _moved, _no_backup, _no_file, _same, _same_or
from tests.sqlite_faults import FaultyVfs, installed

#: No write path here takes more tries than this (a guard against a loop never ending).
MAX_TRIES = 400
KINDS = ["write", "sync"]


@pytest.fixture(scope="module")
def vfs():
    with installed() as shim:
        yield shim


@pytest.fixture
def shim(vfs):
    vfs.at(None)
    yield vfs
    vfs.at(None)


def _until_through(shim: FaultyVfs, kind: str, attempt, check_after_failure,
                   errors: tuple[type[BaseException], ...]) -> int:
    """Run `attempt` with the fault at its n-th write (or sync) for n = 1, 2, … until it
    gets through; returns the number of failed tries."""
    failures = 0
    for n in range(1, MAX_TRIES):
        shim.at(kind, n)
        try:
            attempt()
        except errors as e:
            assert shim.fired, f"{kind} {n}: failed without the fault: {e}"
            _plain(str(e))
            failures += 1
            shim.at(None)
            check_after_failure()
            continue
        fired = shim.fired
        shim.at(None)
        if not fired:
            print(f"{kind}: through at n = {n}, {failures} failed")  # seen with -s
            return failures
        # The fault hit a write the attempt could do without (sqlite_utils' probes, a
        # journal's cleanup after the commit): what was written must stand, and the
        # later writes still get their turn.
        check_after_failure()
    raise AssertionError(f"{kind}: still failing after {MAX_TRIES} tries")


def _plain(text: str) -> None:
    assert "not saved" in text or "not made" in text or "not kept" in text, text
    assert "sqlite3." not in text and "Traceback" not in text, text
    assert "disk I/O error" not in text, text             # SQLite's words, not the player's
    assert "input/output error" in text or "full" in text, text


@pytest.mark.parametrize("kind", KINDS)
def test_a_save_keeps_the_previous_save(tmp_path, shim, kind):
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=5)
    new_game_file(path, game)
    before = load_game(path)
    _moved(game, 1)

    def save():
        with GameFile(path) as f:
            f.save(game)
    failed = _until_through(shim, kind, save, lambda: _same_or(path, before, game),
                            (GameFileError,))
    assert failed >= 1 and load_game(path) == game


@pytest.mark.parametrize("kind", KINDS)
def test_save_as_over_a_game_and_to_a_new_file(tmp_path, shim, kind):
    old = tmp_path / "old.warboard"
    first = demo_game()
    new_game_file(old, first)
    game = _moved(demo_game(extra_units=5), 2)
    fresh = tmp_path / "new.warboard"
    failed = _until_through(shim, kind, lambda: new_game_file(old, game),
                            lambda: _same_or(old, first, game), (GameFileError,))
    failed += _until_through(shim, kind, lambda: new_game_file(fresh, game),
                             lambda: _no_file_or(fresh, game), (GameFileError,))
    assert failed >= 2 and load_game(old) == game == load_game(fresh)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.warboard", "old.warboard"]


@pytest.mark.parametrize("kind", KINDS)
def test_an_autosave_retries_until_written(tmp_path, shim, kind, monkeypatch):
    monkeypatch.setattr(Autosaver, "RETRY_S", 3600.0)  # retried on our flush, not a timer
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=5)
    new_game_file(path, game)
    before = load_game(path)
    with Autosaver(path) as saver:
        saver.synced(game)
        _moved(game, 3)
        saver.submit(game)

        def flush():
            saver._wake.set()
            saver.flush(30)
        failed = _until_through(shim, kind, flush, lambda: _same_or(path, before, game),
                                (GameFileError,))
    assert failed >= 1 and load_game(path) == game


@pytest.mark.parametrize("kind", KINDS)
def test_a_backup_fails_whole(tmp_path, shim, kind):
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=5)
    new_game_file(path, game)
    failed = _until_through(shim, kind, lambda: make_backup(path),
                            lambda: _no_backup_or_whole(path, game), (BackupError,))
    assert failed >= 1 and len(list_backups(path)) == 1
    assert load_game(list_backups(path)[0]) == game == load_game(path)


@pytest.mark.parametrize("kind", KINDS)
def test_a_library_write_leaves_the_library_as_it_was(tmp_path, shim, kind):
    path = tmp_path / "library.sqlite"
    with Library(path, seed=False) as lib:
        lib.save_faction("iron-hearts", "kept", "Kept")

    def write():
        with Library(path, seed=False) as lib:
            lib.save_faction("iron-hearts", "new", "New " + "n" * 20000)

    def unchanged_or_written():
        with Library(path, seed=False) as lib:
            ids = [f.id for f in lib.factions("iron-hearts")]
        assert ids in (["kept"], ["kept", "new"]), ids
    failed = _until_through(shim, kind, write, unchanged_or_written, (LibraryError,))
    assert failed >= 1
    with Library(path, seed=False) as lib:
        assert len(lib.factions("iron-hearts")) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_a_roster_write_keeps_the_rosters(tmp_path, shim, kind):
    path = tmp_path / "library.sqlite"
    with Library(path, seed=False) as lib:
        save_roster(lib, Roster("kept", "iron-hearts"))

    def write():
        with Library(path, seed=False) as lib:
            save_roster(lib, Roster("new", "iron-hearts"))

    def kept():
        with Library(path, seed=False) as lib:
            names = list_rosters(lib)
            assert sorted(names) in (["kept"], ["kept", "new"]), names
            assert load_roster(lib, "kept") == Roster("kept", "iron-hearts")
    failed = _until_through(shim, kind, write, kept, (LibraryError,))
    assert failed >= 1
    with Library(path, seed=False) as lib:
        assert len(list_rosters(lib)) == 2


class _FailingOs:
    """The export's file operations fail at the n-th among them: its text file's write and
    flush (ENOSPC), os.fsync and os.replace (EIO). The scenario export writes through
    Python, not SQLite."""

    def __init__(self, monkeypatch) -> None:
        self.n, self.count, self.fired = 0, 0, False
        for name, code in (("fsync", errno.EIO), ("replace", errno.EIO)):
            monkeypatch.setattr(os, name, self._wrap(getattr(os, name), code))
        real_fdopen = os.fdopen

        def fdopen(*args, **kw):
            f = real_fdopen(*args, **kw)
            f_write, f_flush = f.write, f.flush
            proxy = _Proxy(f, self._wrap(f_write, errno.ENOSPC),
                           self._wrap(f_flush, errno.ENOSPC))
            return proxy
        monkeypatch.setattr(os, "fdopen", fdopen)

    def _wrap(self, real, code: int):
        def call(*args, **kw):
            self.count += 1
            if self.count == self.n:
                self.fired = True
                raise OSError(code, os.strerror(code))
            return real(*args, **kw)
        return call


class _Proxy:
    """A text file whose write and flush can fail (io's own cannot be patched)."""

    def __init__(self, f, write, flush) -> None:
        self._f, self.write, self.flush = f, write, flush

    def fileno(self) -> int:
        return self._f.fileno()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._f.close()


def test_a_scenario_export_keeps_the_previous_file(tmp_path, monkeypatch):
    target = tmp_path / "table.json"
    save_scenario(_exported(demo_game()), target)
    before = target.read_bytes()
    scenario = _exported(_moved(demo_game(extra_units=5), 4))
    fail = _FailingOs(monkeypatch)
    failures = 0
    for n in itertools.count(1):
        fail.n, fail.count, fail.fired = n, 0, False
        try:
            save_scenario(scenario, target)
        except OSError as e:
            assert e.strerror in ("No space left on device", "Input/output error"), e
            failures += 1
            assert target.read_bytes() == before
            assert [p.name for p in tmp_path.iterdir()] == ["table.json"]
            continue
        assert not fail.fired
        break
    fail.n = 0
    assert failures == 4 and load_scenario(target) == load_scenario_of(scenario, tmp_path)


def _exported(game):
    """The table as File ▸ Export writes it (removed units included)."""
    return dataclasses.replace(game.scenario, units=game.all_units())


def load_scenario_of(scenario, where: Path):
    """The scenario as a file written without faults reads back."""
    other = where / "sub"
    other.mkdir()
    save_scenario(scenario, other / "x.json")
    return load_scenario(other / "x.json")


def _no_file_or(path: Path, game) -> None:
    if path.exists() and not any(p.name.startswith(f".{path.name}")
                                 for p in path.parent.iterdir()):
        assert load_game(path) == game
        return
    _no_file(path)


def _no_backup_or_whole(path: Path, game) -> None:
    backups = list_backups(path)
    if backups:
        assert len(backups) == 1 and load_game(backups[0]) == game
    else:
        _no_backup(path)
    _same(path, game)
