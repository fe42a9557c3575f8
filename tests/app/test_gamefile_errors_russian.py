"""A game file's errors in the Russian window (issue #16): a damaged row refused on opening,
and a save that finds another game in the file — the same file open in two windows, and a
file changed on disk under an open game — each told in Russian (title, message and the
field named as the file writes it), the game left open, nothing crashing."""

from __future__ import annotations

import json
import sqlite3

import pytest
from PySide6.QtWidgets import QMessageBox

from engine.gamefile import load_game, new_game_file
from engine.model import Change, Game, LogEntry, MoveUnit
from tests.app.helpers import show_window
from tests.app.test_board import make_scenario
from tests.app.test_russian_walk import ALLOW, english
from tests.russian_words import LATIN

from .russian import Russian


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def errors(monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        lambda parent, title, text, *a, **k: shown.append((title, text)))
    return shown


def no_english(texts, *names: str) -> None:
    """No English word in `texts` but the names the file writes (table, row, field)."""
    allowed = set(ALLOW)
    for n in names:
        words = LATIN.findall(n)
        allowed.update(words, (f"{w}'" for w in words))
    assert english(texts, allowed) == [], texts


def game_file(tmp_path, name="game.warboard"):
    path = tmp_path / name
    new_game_file(path, Game(make_scenario()))
    return path


def test_a_damaged_row_is_refused_in_russian(qtbot, qm_folder, tmp_path, errors):
    path = game_file(tmp_path)
    conn = sqlite3.connect(path)
    unit = json.loads(conn.execute("SELECT json FROM units WHERE id = 'gren-1'").fetchone()[0])
    conn.execute("UPDATE units SET json = ? WHERE id = 'gren-1'",
                 (json.dumps({**unit, "facing": "north"}),))
    conn.commit()
    conn.close()
    with Russian(qm_folder):
        win = show_window(qtbot, make_scenario())
        assert win.services.files.open_path(path) is False
        (title, text), = errors
        assert title == "В файле игры неверное значение"
        assert "units, строка 'gren-1': facing: ожидалось число, получено \"north\"" in text
        assert "Файл оставлен как был" in text
        no_english([title, text], "units gren facing north")
        assert win.editor.game.unit("gren-1").facing != "north"      # the board's game kept


def test_the_same_file_in_two_windows(qtbot, qm_folder, tmp_path, errors):
    """Window A logs a roll into the file; window B, which opened it before, then saves a
    move: its log is shorter than the file's — another game, said in Russian in the status
    bar and by Save, and the file keeps A's roll."""
    path = game_file(tmp_path)
    with Russian(qm_folder):
        a = show_window(qtbot, make_scenario())
        b = show_window(qtbot, make_scenario())
        assert a.services.files.open_path(path) and b.services.files.open_path(path)
        a.editor.log(LogEntry(1, "gren-1", "rally", summary="rallied"))
        a.services.files.flush()
        b.editor.push(Change([MoveUnit("gren-1", 2.0, 3.0)], "Move gren-1"))
        qtbot.waitUntil(lambda: "Автосохранение не удалось" in b.statusBar().currentMessage(),
                        timeout=10_000)
        status = b.statusBar().currentMessage()
        assert "в журнале файла 1 запись, а в партии только 0: в файле другая партия" in status
        no_english([status])
        assert b.services.files.save() is False
        (title, text), = errors
        assert title == "Не удалось сохранить игру"
        assert "в журнале файла 1 запись, а в партии только 0: в файле другая партия" in text
        no_english([title, text])
        assert [e.summary for e in load_game(path).log] == ["rallied"]
        a.services.files.close()
        b.services.files.close()


def test_a_file_changed_on_disk_under_an_open_game(qtbot, qm_folder, tmp_path, errors):
    """The file was rewritten by another program: a unit row the open game still has is
    gone, and the next autosave of a move says so in Russian, naming the table and row."""
    path = game_file(tmp_path)
    with Russian(qm_folder):
        win = show_window(qtbot, make_scenario())
        assert win.services.files.open_path(path)
        conn = sqlite3.connect(path)
        conn.execute("DELETE FROM units WHERE id = 'hq-1'")
        conn.commit()
        conn.close()
        win.editor.push(Change([MoveUnit("gren-1", 2.0, 3.0)], "Move gren-1"))
        qtbot.waitUntil(lambda: "Автосохранение не удалось" in
                        win.statusBar().currentMessage(), timeout=10_000)
        status = win.statusBar().currentMessage()
        assert "units, строка 'hq-1': нет ни в файле, ни в автосохранении" in status, status
        no_english([status], "units hq")
        assert win.services.files.close() is False                  # the failure is told again
        (title, text), = errors
        assert title == "Автосохранение не удалось"
        assert "units, строка 'hq-1': нет ни в файле, ни в автосохранении" in text
        assert "Последних изменений может не быть в файле" in text, text
        no_english([title, text], "units hq")
