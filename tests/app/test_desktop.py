"""Desktop expectations (issue 39): a scenario or game file dropped onto the board opens
it (other files are refused at the door), F11 toggles full screen, and the slow paths —
opening a table, a picture, printing cards — show a busy cursor while they work."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication

from app.window import MainWindow
from engine.scenario_io import load_demo

SAMPLE = Path(str(resources.files("resources.scenarios").joinpath("keno-orchard.json")))


@pytest.fixture
def win(qtbot):
    w = MainWindow(load_demo())
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    return w


def drop(win, path: Path) -> tuple[bool, bool]:
    """Drag `path` over the board and drop it: (accepted on enter, accepted on drop)."""
    target = win.view.viewport()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    at = QPointF(target.rect().center())
    enter = QDragEnterEvent(at.toPoint(), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, enter)
    dropped = QDropEvent(at, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                         Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, dropped)
    return enter.isAccepted(), dropped.isAccepted()


def test_a_scenario_dropped_on_the_board_opens(win):
    before = win.scenario.ruleset
    assert drop(win, SAMPLE) == (True, True)
    assert win.scenario.ruleset == "keno-platoon" != before
    assert win.services.files.source == SAMPLE


def test_another_file_is_not_taken(win, tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("not a table")
    ruleset = win.scenario.ruleset
    drop(win, other)
    assert win.scenario.ruleset == ruleset and win.services.files.source != other


def test_f11_toggles_full_screen(win, qtbot):
    action = win.full_screen.action
    assert action.shortcut().toString() == "F11" and action in win.view_menu.actions()
    action.trigger()
    qtbot.waitUntil(lambda: bool(win.windowState() & Qt.WindowState.WindowFullScreen))
    action.trigger()
    qtbot.waitUntil(lambda: not win.windowState() & Qt.WindowState.WindowFullScreen)


def cursor_during(monkeypatch, module, name: str) -> list:
    """Patch `module.name` to note the program's cursor while it runs."""
    seen = []
    real = getattr(module, name)

    def noting(*args, **kwargs):
        cursor = QApplication.overrideCursor()
        seen.append(cursor.shape() if cursor is not None else None)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, noting)
    return seen


def test_slow_work_shows_a_busy_cursor(win, monkeypatch, tmp_path):
    from app import picture
    from app.cards import printing
    from app.files import FileController

    busy = Qt.CursorShape.WaitCursor
    seen = cursor_during(monkeypatch, FileController, "_read_scenario")
    win.open_path(SAMPLE)
    assert seen == [busy]
    seen = cursor_during(monkeypatch, picture, "save_picture")
    win.services.picture_export.export(tmp_path / "board.png", picture.PictureOptions())
    assert seen == [busy]
    seen = cursor_during(monkeypatch, printing, "paint")
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "cards.pdf"))
    printing.print_cards(printer, [], printing.SheetOptions("a4"))
    assert seen == [busy]
    import engine.verify_game
    from app.sealed_dialogs import _verify_window_game

    seen = cursor_during(monkeypatch, engine.verify_game, "verify_game")
    _verify_window_game(win, "")
    assert seen == [busy]
    assert QApplication.overrideCursor() is None     # given back after each
