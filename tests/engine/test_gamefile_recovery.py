"""Crash recovery that never refuses a recoverable game: a hot journal left by a kill is
rolled back when the game opens (read-only readers included), a side file left beside a
path is never applied to a new file there, and killed saves' temporary files go away."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import sys

import pytest

from engine.gamefile import GameFile, check_game_file, load_game, new_game_file, open_game
from engine.model import Change, MoveUnit, apply_change
from tests.engine.test_gamefile import demo_game

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                                reason="needs fork and SIGKILL")


def leave_hot_journal(path) -> None:
    """A child starts a big write into `path`, spilling pages into the file itself, and is
    killed before it commits: the file is half-written and its -journal is hot."""
    pid = os.fork()
    if pid == 0:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA cache_size=1")
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE units SET json = replace(json, '\"x\"', '\"x\" ') ")
        conn.execute("UPDATE log SET summary = summary || ' changed'")
        os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)
    journal = path.with_name(path.name + "-journal")
    assert journal.exists() and journal.stat().st_size > 0


@pytest.fixture
def killed(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game(extra_units=300)
    new_game_file(path, game)
    leave_hot_journal(path)
    return path, game


def test_a_hot_journal_is_rolled_back_on_open_and_the_game_is_as_last_saved(killed):
    path, game = killed
    read = open_game(path)          # once refused: "attempt to write a readonly database"
    assert read.game == game and read.log_problems == ()
    assert not path.with_name(path.name + "-journal").exists()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_a_session_opens_a_killed_file_too(killed):
    path, game = killed
    with GameFile(path) as f:
        apply_change(game, Change([MoveUnit(game.units[0].id, 4, 4)]))
        f.save(game)
    assert load_game(path) == game


def test_a_new_file_never_takes_a_stale_journal(tmp_path, killed):
    path, _ = killed
    other = demo_game(seed=9)
    apply_change(other, Change([MoveUnit(other.units[0].id, 1, 2)]))
    new_game_file(path, other)           # over the killed file: its journal is not applied
    assert load_game(path) == other
    journal = tmp_path / "g.warboard-journal"
    stranger = tmp_path / "new.warboard"
    leave_hot_journal(path)
    shutil.copy(journal, tmp_path / "new.warboard-journal")   # another file's leftover
    new_game_file(stranger, other)
    assert not (tmp_path / "new.warboard-journal").exists()
    check_game_file(stranger)
    assert load_game(stranger) == other


def test_reading_a_foreign_database_with_a_journal_changes_nothing(tmp_path):
    path = tmp_path / "other.warboard"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE units (id TEXT, json TEXT)")
    conn.execute("CREATE TABLE log (summary TEXT)")
    conn.executemany("INSERT INTO units VALUES (?, ?)", [(str(i), '{"x": 1}') for i in range(500)])
    conn.commit()
    conn.close()
    leave_hot_journal(path)
    before = path.read_bytes()
    with pytest.raises(Exception) as e:
        load_game(path)
    assert "not a Warboard game" in str(e.value) or "damaged" in str(e.value)
    assert path.read_bytes() == before                 # not ours: never recovered by us


def test_killed_saves_temporary_files_are_cleaned_and_a_live_one_is_not(tmp_path):
    import fcntl

    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    stale = tmp_path / ".g.warboard.dead1.tmp"
    stale.write_bytes(b"half a game")
    (tmp_path / ".g.warboard.dead1.tmp-journal").write_bytes(b"x")
    live = tmp_path / ".g.warboard.live1.tmp"
    live.write_bytes(b"being written")
    fd = os.open(live, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        new_game_file(path, game)
    finally:
        os.close(fd)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [".g.warboard.live1.tmp", "g.warboard"]


def test_a_game_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path):
    from engine import gamefile

    path = tmp_path / "huge.warboard"
    with open(path, "wb") as f:
        f.write(b"SQLite format 3\x00")
        f.truncate(gamefile.MAX_GAME_BYTES + 1)          # sparse: nothing to read
    with pytest.raises(gamefile.GameFileError, match="more than a game file may be"):
        load_game(path)
