"""Screenshots of the select/move, rotate, measure, ruler, threat and arcs tools in use.

Run under a real X server (Xvfb), e.g.
    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
        .venv/bin/python tools/demo_shots.py
It opens the demo table, drives each tool with real mouse and key events (QTest on the
board's viewport) and saves the window with QWidget.grab() as docs/screenshots/tool-*.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.window import MainWindow  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LEFT = Qt.MouseButton.LeftButton


def settle(ms: int = 250) -> None:
    QTest.qWait(ms)
    QApplication.processEvents()


def fresh(app: QApplication) -> MainWindow:
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    window.open_demo()
    settle(400)
    return window


def frame(window: MainWindow, centre: tuple[float, float], px_per_inch: float) -> None:
    window.view.show_area(*centre, px_per_inch)
    settle(100)


def px(window: MainWindow, x: float, y: float):
    return window.view.mapFromScene(QPointF(x, y))


def move(window: MainWindow, x: float, y: float, modifier=Qt.KeyboardModifier.NoModifier):
    vp = window.view.viewport()
    at = px(window, x, y)
    QCursor.setPos(vp.mapToGlobal(at))
    QTest.mouseMove(vp, at)
    settle(60)


def press(window, x, y, modifier=Qt.KeyboardModifier.NoModifier):
    QTest.mousePress(window.view.viewport(), LEFT, modifier, px(window, x, y))
    settle(60)


def release(window, x, y, modifier=Qt.KeyboardModifier.NoModifier):
    QTest.mouseRelease(window.view.viewport(), LEFT, modifier, px(window, x, y))
    settle(60)


def key(window, k, modifier=Qt.KeyboardModifier.NoModifier):
    QTest.keyClick(window.view, k, modifier)
    settle(60)


def save(window: MainWindow, name: str) -> None:
    settle(200)
    path = OUT / name
    window.grab().save(str(path))
    print("saved", path)


def shots(app: QApplication) -> None:
    OUT.mkdir(parents=True, exist_ok=True)

    # select and move: a rifleman dragged 4" north-east, inside its 6" (15 m) reach
    w = fresh(app)
    frame(w, (24, 14), 24)
    press(w, 21.5, 13.5)
    for t in (0.2, 0.5, 0.8, 1.0):
        move(w, 21.5 + 3.2 * t, 13.5 - 2.4 * t)
    save(w, "tool-move.png")
    # … and too far, across the bakery wall line: red, with the reasons
    move(w, 29.5, 19.2)
    save(w, "tool-move-too-far.png")
    release(w, 29.5, 19.2)
    w.close()

    # rotate: Sherman 1 selected, hull turned 30° with R R, turret 15° back with Ctrl+Alt+R
    w = fresh(app)
    frame(w, (11, 22), 32)
    press(w, 9, 24)
    release(w, 9, 24)
    key(w, Qt.Key.Key_R)
    key(w, Qt.Key.Key_R)
    key(w, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    move(w, 12.5, 21.5)
    save(w, "tool-rotate.png")
    # arcs overlay on the same tank (A)
    key(w, Qt.Key.Key_A)
    frame(w, (12, 22), 22)
    move(w, 4, 34)
    w.pointer_hint.hide()
    save(w, "tool-arcs.png")
    w.close()

    # measure: Sherman 3 to a grenadier half hidden by the farmhouse (click A, hover B)
    w = fresh(app)
    frame(w, (27, 19), 17)
    key(w, Qt.Key.Key_M)
    a, b = w.game.unit("sherman-3"), w.game.unit("gren-5")
    press(w, a.x, a.y)
    release(w, a.x, a.y)
    move(w, 30, 19)
    move(w, b.x, b.y)
    save(w, "tool-measure.png")
    # ruler on open table
    key(w, Qt.Key.Key_Escape)
    key(w, Qt.Key.Key_L)
    press(w, 14, 30)
    move(w, 20, 33)
    move(w, 26, 36.5)
    save(w, "tool-ruler.png")
    release(w, 26, 36.5)
    w.close()

    # threat view: hover a grenadier behind the farmyard wall
    w = fresh(app)
    frame(w, (32, 20), 15)
    key(w, Qt.Key.Key_W)
    g = w.game.unit("gren-1")
    move(w, 50, 40)
    move(w, g.x, g.y)
    save(w, "tool-threat.png")
    w.close()


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    shots(app)
    return 0


if __name__ == "__main__":
    sys.exit(main())
