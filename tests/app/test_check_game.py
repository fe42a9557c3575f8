"""File ▸ Check Game…: the findings of a whole game (all ✓), of a game whose log was
altered, with a stray journal and a bad sealing (each ✗ with its details), and the last
good backup offered and restored from the dialog."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from app.check_game_dialog import CheckGameDialog
from engine.backups import make_backup
from engine.check_game import check_game
from engine.gamefile import load_game, new_game_file
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario
from tests.engine.test_gamefile import demo_game


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


def _altered(path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE log SET summary = 'changed' WHERE seq = 2")
    conn.commit()
    conn.close()
    (path.parent / (path.name + "-journal")).write_bytes(b"")


def test_a_whole_game_passes_every_check(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    report = check_game(path)
    assert report.ok and [f.check for f in report.findings] == \
        ["integrity", "schema", "chain", "sealed", "stray"]
    assert report.backup is None


def test_problems_are_found_and_the_last_good_backup_named(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    good = make_backup(path)
    _altered(path)
    report = check_game(path)
    bad = {f.check for f in report.findings if not f.ok}
    assert bad == {"chain", "stray"}
    assert report.backup == good


def test_the_dialog_shows_the_findings_and_restores_the_backup(qtbot, tmp_path):
    win = show_window(qtbot, make_scenario())
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    make_backup(path)
    assert win.services.files.open_path(path)
    win.services.files.flush()
    _altered(path)
    seen: list[CheckGameDialog] = []

    def press_restore():
        dialog = next(w for w in QApplication.topLevelWidgets()
                      if isinstance(w, CheckGameDialog) and w.isVisible())
        seen.append(dialog)
        texts = [dialog.tree.topLevelItem(i).text(0)
                 for i in range(dialog.tree.topLevelItemCount())]
        assert texts[0].startswith("✓ file: whole")
        assert any(t.startswith("✗ roll log: altered") for t in texts)
        assert dialog.restore_button is not None
        dialog.restore_button.click()

    QTimer.singleShot(0, press_restore)
    assert win.services.files.check_action in win.file_menu.actions()
    win.services.files.check_action.trigger()
    assert len(seen) == 1 and seen[0].restore_requested
    assert win.services.files.path == path
    assert [e.summary for e in load_game(path).log] == [e.summary for e in game.log]
    assert list(tmp_path.glob("g.warboard.damaged-*"))
