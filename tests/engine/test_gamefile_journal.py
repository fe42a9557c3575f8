"""A hot -journal beside a game that another game left (a killed save of game A, then
game B copied to A's path) is never rolled into it: it is set aside under a name the
player is told, and the game opens as it is. A game's own hot journal is still rolled
back. Every write transaction starts with page 1 (the file's id), so journals can be
told apart (engine/journal.py)."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import sys

import pytest

from engine import journal
from engine.gamefile import GameFile, load_game, new_game_file, open_game, save_game
from engine.model import Change, MoveUnit, apply_change
from tests.engine.test_gamefile import demo_game

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin",
                                reason="needs fork and SIGKILL")


def killed_mid_save(path, game) -> None:
    """A child saves a changed `game` into `path` through Warboard, its cache so small
    that pages reach the file before the commit, and is killed at the commit."""
    pid = os.fork()
    if pid == 0:
        try:
            for i, u in enumerate(game.units):
                apply_change(game, Change([MoveUnit(u.id, 2 + i % 40, 3 + i % 30)]))

            def at_commit(sql: str) -> None:
                if sql == "COMMIT":
                    os.kill(os.getpid(), signal.SIGKILL)
            with GameFile(path) as f:
                f.db.conn.execute("PRAGMA cache_size=1")
                f.db.conn.set_trace_callback(at_commit)
                f.save(game)
        finally:
            os._exit(3)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status)
    hot = path.with_name(path.name + "-journal")
    assert hot.exists() and hot.stat().st_size > 0


@pytest.fixture
def two_games(tmp_path):
    a_path, b_path = tmp_path / "a.warboard", tmp_path / "b.warboard"
    a, b = demo_game(extra_units=200), demo_game(extra_units=150, seed=5)
    new_game_file(a_path, a)
    new_game_file(b_path, b)
    save_game(b_path, b)          # both files have been written through a transaction
    save_game(a_path, a)
    return a_path, a, b_path, b


def test_another_games_journal_is_set_aside_and_the_game_opens_as_it_is(two_games):
    a_path, a, b_path, b = two_games
    killed_mid_save(a_path, a)
    shutil.copy(b_path, a_path)              # game B put where A was: A's journal stays
    read = open_game(a_path)                 # once: B rolled back with A's pages, refused
    assert read.game == b
    aside = read.journal_set_aside
    assert aside is not None and aside.exists() and aside.name.startswith(
        "a.warboard.not-its-journal-")
    assert not a_path.with_name("a.warboard-journal").exists()
    conn = sqlite3.connect(a_path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


def test_every_path_leaves_another_games_journal_unapplied(two_games):
    a_path, a, b_path, b = two_games
    killed_mid_save(a_path, a)
    shutil.copy(b_path, a_path)
    apply_change(b, Change([MoveUnit(b.units[0].id, 9, 9)]))
    save_game(a_path, b)                     # a save, not an open, meets it first
    assert load_game(a_path) == b


def test_the_games_own_journal_is_still_rolled_back(two_games):
    a_path, a, _, _ = two_games
    killed_mid_save(a_path, demo_game(extra_units=200))
    read = open_game(a_path)
    assert read.journal_set_aside is None
    assert read.game == a
    assert not a_path.with_name("a.warboard-journal").exists()


def test_a_journal_begins_with_the_files_page_one(two_games):
    a_path, a, _, _ = two_games
    killed_mid_save(a_path, a)
    image = journal.page_one_image(a_path.with_name("a.warboard-journal"))
    assert image is not None and image[:16] == b"SQLite format 3\x00"
    assert int.from_bytes(image[60:64], "big") != 0          # the file's id
    assert not journal.is_foreign(a_path)
