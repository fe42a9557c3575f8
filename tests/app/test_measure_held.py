"""The measure tool holds the board as a picture (BoardView.hold_board): a drag repaints
its line, bands and ticks over the picture, and the viewport looks as a full repaint."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.helpers import NO_MODIFIER, at, demo_window, zoom
from tests.app.test_held_picture import differing, full_repaint, held_paints, on_screen

__all__ = ["held_paints"]  # the fixture, used by name


def test_a_measure_drag_paints_over_the_held_board_as_a_full_repaint(qtbot, held_paints):
    win = demo_window(qtbot)
    zoom(win, 36, 20, 10.0)
    win.tools.activate("measure")
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    a, b = win.game.unit("sherman-3"), win.game.unit("gren-1")
    vp = win.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, NO_MODIFIER, at(win, a.x, a.y))
    for f in (0.3, 0.6, 1.0):  # over empty table, then onto B
        qtbot.mouseMove(vp, at(win, a.x + f * (b.x - a.x), a.y + f * (b.y - a.y) + 2 * (1 - f)))
        qtbot.wait(5)
    assert held_paints  # the drag painted over the held picture, not the whole board
    assert win.view.holds_picture()
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, NO_MODIFIER, at(win, b.x, b.y))
    assert win.tools.active.result is not None  # A → B measured
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001
