"""Helpers the app tests share (no tests here): the program's window shown over a scenario,
the demo table at a fixed zoom, and real mouse events on the board at table points."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from app.window import MainWindow
from engine.scenario_io import load_demo

PX_PER_INCH = 20.0  # 1 px = 0.05": whole pixels land on exact table points
LEFT = Qt.MouseButton.LeftButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def show_window(qtbot, scenario, size: tuple[int, int] | None = None,
                fit: bool = False) -> MainWindow:
    """The program's window over `scenario`, shown (at `size`, the table fitted if `fit`)."""
    w = MainWindow(scenario)
    qtbot.addWidget(w)
    if size is not None:
        w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    if fit:
        w.view.fit_table()
    return w


def zoom(win: MainWindow, x: float, y: float, px_per_inch: float = PX_PER_INCH) -> None:
    """A fixed zoom centred on (x, y) so test positions are exact."""
    win.view.show_area(x, y, px_per_inch)


def demo_window(qtbot) -> MainWindow:
    """The demo table, zoomed to 20 px per inch around the US platoon."""
    win = show_window(qtbot, load_demo(), (1200, 800))
    win.view.setFocus()
    zoom(win, 24, 12)
    return win


def at(win: MainWindow, x: float, y: float) -> QPoint:
    """The viewport pixel of a table point (exact at PX_PER_INCH)."""
    return win.view.mapFromScene(QPointF(x, y))


def click_board(qtbot, win: MainWindow, x: float, y: float,
                button: Qt.MouseButton = LEFT) -> None:
    """A real click on the board's viewport at a table point."""
    qtbot.mouseClick(win.view.viewport(), button, NO_MODIFIER, at(win, x, y))


def odds_came(qtbot, tool) -> None:
    """Wait, the event loop running, for the template tool's landing odds and heat map
    to come from their worker and show (as a user waits for them after a click)."""
    qtbot.waitUntil(lambda: not tool.odds_pending, timeout=10000)


def drag(qtbot, win: MainWindow, points, modifier=NO_MODIFIER, release: bool = True) -> None:
    """Press at the first table point, move through the rest, release at the last."""
    vp = win.view.viewport()
    qtbot.mousePress(vp, LEFT, modifier, at(win, *points[0]))
    for p in points[1:]:
        qtbot.mouseMove(vp, at(win, *p))
    if release:
        qtbot.mouseRelease(vp, LEFT, modifier, at(win, *points[-1]))


def drag_line(qtbot, win: MainWindow, a, b, steps: int = 2) -> None:
    """Drag from table point `a` to `b` in `steps` even moves."""
    (ax, ay), (bx, by) = a, b
    drag(qtbot, win, [a, *[(ax + i / steps * (bx - ax), ay + i / steps * (by - ay))
                           for i in range(1, steps + 1)]])


def threat_window(qtbot) -> MainWindow:
    """The demo table at 10 px per inch with the threat view chosen by its key (W)."""
    win = demo_window(qtbot)
    zoom(win, 36, 20, 10.0)
    qtbot.keyClick(win.view, Qt.Key.Key_W)
    assert win.tools.active.id == "threat"
    return win
