"""Opening a game beside which another file's unfinished-save journal lies: the journal
is set aside (never applied), the game opens as its file holds it, and the player is
told the journal's new name."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QMessageBox

from engine.gamefile import GameFile, new_game_file
from engine.gamefile_open import _transaction
from engine.model import Game
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario
from tests.engine.test_gamefile import demo_game


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


def leave_journal_of(path, spare):
    """`path`'s journal of a transaction that spilled pages, copied to `spare` while open."""
    with GameFile(path) as f:
        f.db.conn.execute("PRAGMA cache_size=1")
        with pytest.raises(RuntimeError), _transaction(f.db):
            f.db.conn.execute("UPDATE units SET json = json || ' '")
            shutil.copy(str(path) + "-journal", spare)
            raise RuntimeError("rolled back")


def test_another_files_journal_is_set_aside_and_the_player_told(qtbot, tmp_path, monkeypatch):
    win = show_window(qtbot, make_scenario())
    a_path, b_path = tmp_path / "a.warboard", tmp_path / "b.warboard"
    new_game_file(a_path, demo_game(extra_units=120))
    b = Game(make_scenario())
    new_game_file(b_path, b)
    leave_journal_of(a_path, tmp_path / "spare")
    shutil.copy(b_path, a_path)
    shutil.copy(tmp_path / "spare", str(a_path) + "-journal")
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "information",
                        lambda parent, title, text, *a, **k: told.append((title, text)))
    monkeypatch.setattr(QMessageBox, "critical", lambda *a, **k: told.append(("error", a[2])))
    assert win.services.files.open_path(a_path)
    assert win.game == b
    aside = sorted(tmp_path.glob("a.warboard.not-its-journal-*"))
    assert len(aside) == 1 and len(told) == 1
    assert told[0][0] == "A journal of another file was set aside"
    assert aside[0].name in told[0][1]


def test_the_command_line_names_the_journal_it_set_aside(tmp_path, capsys):
    from app.main import main

    a_path, b_path = tmp_path / "a.warboard", tmp_path / "b.warboard"
    new_game_file(a_path, demo_game(extra_units=120))
    new_game_file(b_path, Game(make_scenario()))
    leave_journal_of(a_path, tmp_path / "spare")
    shutil.copy(b_path, a_path)
    shutil.copy(tmp_path / "spare", str(a_path) + "-journal")
    main(["odds", str(a_path), "no-such-action", "--by", "no-such-unit"])  # refused, once read
    aside = sorted(tmp_path.glob("a.warboard.not-its-journal-*"))
    assert len(aside) == 1
    err = capsys.readouterr().err
    assert "not applied" in err and aside[0].name in err
