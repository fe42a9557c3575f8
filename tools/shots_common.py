"""What the screenshot scripts (tools/shots_*.py) share: the repository on sys.path, where
the pictures go, and a player's hands — clicks, drags and typed dice driven through QTest on
a real window, saved with QWidget.grab().

A script imports it first, as a sibling (`from shots_common import ...`: Python puts the
script's own folder on sys.path), so `app`, `engine` and `tests` import after it without a
PYTHONPATH.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

if TYPE_CHECKING:
    from app.window import MainWindow

OUT = ROOT / "docs" / "screenshots"
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
DOCK_WIDTH = 560


def settle(ms: int = 200) -> None:
    QTest.qWait(ms)
    QApplication.processEvents()


def start_turn(win: MainWindow) -> None:
    """The turn under way as a player starts it (initiative rolled, the turn started, a unit
    activated where the ruleset asks for it), then the Actions dock in front of the Turn dock:
    a shot may be taken."""
    turn = win.services.turn_dock
    turn.roll_initiative()
    if turn.start_button.isEnabled():
        turn.start_turn()
    if turn.activate_button.isEnabled():
        turn.activate_button.click()
    turn.hide()
    win.services.action_panel.show()
    win.services.action_panel.raise_()


def window_for(scenario, centre, px_per_inch: float, dock: str = "action_panel") -> MainWindow:
    """A 1600x1000 window on `scenario` with `dock` shown and the board framed."""
    from app.window import MainWindow  # after the path is set; not at import (i18n first)

    win = MainWindow(scenario)
    win.resize(1600, 1000)
    win.show()
    panel = getattr(win.services, dock)
    panel.show()
    panel.raise_()
    win.resizeDocks([panel], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    settle(300)
    win.view.show_area(*centre, px_per_inch)
    settle()
    return win


def click_board(win: MainWindow, x: float, y: float) -> None:
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, win.view.mapFromScene(QPointF(x, y)))
    settle(80)


def drag(win: MainWindow, a, b, steps: int = 4, shot: str | None = None) -> None:
    """Drag on the board from a to b in `steps` moves; with `shot`, save the window before
    the button is released."""
    vp, view = win.view.viewport(), win.view
    QTest.mousePress(vp, LEFT, NONE, view.mapFromScene(QPointF(*a)))
    for i in range(1, steps + 1):
        t = i / steps
        QTest.mouseMove(vp, view.mapFromScene(QPointF(a[0] + t * (b[0] - a[0]),
                                                      a[1] + t * (b[1] - a[1]))))
        settle(40)
    if shot:
        save(win, shot)
    QTest.mouseRelease(vp, LEFT, NONE, view.mapFromScene(QPointF(*b)))
    settle(120)


def select(win: MainWindow, uid: str) -> None:
    win.tools.activate("select")
    u = win.game.unit(uid)
    click_board(win, u.x, u.y)


def click(widget) -> None:
    pos = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) \
        else widget.rect().center()
    QTest.mouseClick(widget, LEFT, NONE, pos)
    settle(80)


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))
    settle(80)


def type_faces(panel, faces) -> None:
    for face in faces:
        field = next(f for f in panel.dice_entry.fields if not f.text())
        field.setFocus()
        QTest.keyClicks(field, str(face))
        settle(60)


def show_part(panel, widget) -> None:
    """Scroll the dock so `widget` is in view."""
    if panel.setup_scroll.widget().isAncestorOf(widget):
        panel.setup_scroll.ensureWidgetVisible(widget, 0, 40)
    settle(80)


def save(win, name: str) -> None:
    """The window as docs/screenshots/`name`."""
    settle(150)
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    win.grab().save(str(path))
    print("wrote", path.relative_to(ROOT))
