"""A held picture of the board under the threat view's lines (BoardView.hold_board): a
repaint puts the picture up and paints only the overlays, and the viewport then looks as
a full repaint would; any change to the board, its selection or the zoom drops the picture
and the view shows the change at once."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

import app.board.held_picture as held_module
from engine.model import Change, MoveUnit
from tests.app.helpers import at, threat_window, zoom


@pytest.fixture
def win(qtbot):
    return threat_window(qtbot)


@pytest.fixture
def held_paints(monkeypatch):
    """How many repaints put up a held picture."""
    calls = []
    real = held_module.paint_held

    def spy(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(held_module, "paint_held", spy)
    return calls


def _rgb(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine())
    return rows[:, : img.width() * 4].reshape(img.height(), img.width(), 4)[..., :3].copy()


def on_screen(win, qtbot) -> np.ndarray:
    """The viewport as the window shows it once the repaints queued are done: what the
    partial repaints left on screen (a grab would paint the whole viewport afresh)."""
    qtbot.wait(30)
    vp = win.view.viewport()
    top = vp.mapTo(win, QPoint(0, 0))
    shot = win.screen().grabWindow(win.winId(), top.x(), top.y(), vp.width(), vp.height())
    return _rgb(shot.toImage())


def full_repaint(win) -> np.ndarray:
    """The whole viewport painted the ordinary way, every item drawn (the held picture
    kept; Qt learns where the overlays are, so check what was on screen first)."""
    view = win.view
    view.holder.on = False
    try:
        return _rgb(view.viewport().grab().toImage())
    finally:
        view.holder.on = True


def differing(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels that differ by more than a rounding step."""
    return float((np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 2).mean())


def hover(win, qtbot, unit_id: str) -> None:
    u = win.game.unit(unit_id)
    qtbot.mouseMove(win.view.viewport(), at(win, 60, 44))  # Qt drops a move to where it was
    qtbot.mouseMove(win.view.viewport(), at(win, u.x, u.y))
    assert win.tools.active.hovered == unit_id


def test_a_held_repaint_looks_like_a_full_one(win, qtbot, held_paints):
    bare = on_screen(win, qtbot)
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    hover(win, qtbot, "gren-1")
    assert win.view.holds_picture()  # a hover changes the overlays only
    first = on_screen(win, qtbot)
    assert held_paints, "the repaint did not use the held picture"
    assert differing(first, bare) > 0.002  # the sight lines are drawn over the board
    # the pointer goes to another unit: the first unit's lines (drawn by the held repaint
    # alone) are gone from the screen, the other's drawn
    hover(win, qtbot, "us-1-nco")
    assert win.view.holds_picture()
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001


def test_the_picture_is_there_as_the_tool_comes_on(win, qtbot, held_paints):
    """Chosen with its key, the threat view holds the board at once: the first hover,
    however soon after, paints over the picture (it used to wait HOLD_AFTER_MS)."""
    win.tools.activate("select")
    assert not win.view.holds_picture()
    qtbot.keyClick(win.view, Qt.Key.Key_W)
    assert win.view.holds_picture()  # no wait, no event loop turn
    hover(win, qtbot, "gren-1")
    shown = on_screen(win, qtbot)
    assert held_paints, "the first hover repainted the whole board"
    assert differing(shown, full_repaint(win)) < 0.001


def test_leaving_the_units_clears_the_lines_off_the_screen(win, qtbot, held_paints):
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    bare = on_screen(win, qtbot)
    hover(win, qtbot, "gren-1")
    hover(win, qtbot, "us-1-nco")
    qtbot.mouseMove(win.view.viewport(), at(win, 60, 45))  # open table
    assert win.tools.active.hovered is None
    assert held_paints and win.view.holds_picture()
    left = on_screen(win, qtbot)
    assert differing(left, bare) < 0.001
    assert differing(left, full_repaint(win)) < 0.001


def test_a_move_on_the_board_drops_the_picture_and_shows(win, qtbot, held_paints):
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    hover(win, qtbot, "gren-1")
    before = on_screen(win, qtbot)
    win.editor.push(Change([MoveUnit("us-1-nco", 36, 2)], label="Move"))
    assert not win.view.holds_picture()
    n = len(held_paints)
    moved = on_screen(win, qtbot)
    assert len(held_paints) == n  # painted in full
    assert differing(moved, before) > 0.0005
    assert differing(moved, full_repaint(win)) < 0.001
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)  # held again once still
    hover(win, qtbot, "gren-2")
    assert len(held_paints) > n
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001
    hover(win, qtbot, "gren-1")
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo
    assert not win.view.holds_picture()
    assert differing(on_screen(win, qtbot), before) < 0.001


def test_selection_zoom_and_pan_drop_the_picture(win, qtbot):
    view = win.view
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    win.scene.set_selected("gren-1")
    assert not view.holds_picture()
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    zoom(win, 30, 20, 14.0)
    assert not view.holds_picture()
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    assert not view.holds_picture()
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001


def test_only_a_tool_that_draws_over_the_board_holds_it(win, qtbot):
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    hover(win, qtbot, "gren-1")
    win.tools.activate("select")
    assert not win.view.holds_picture()
    qtbot.wait(held_module.HOLD_AFTER_MS * 2)
    assert not win.view.holds_picture()
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001


def test_a_group_selected_off_the_board_drops_the_picture(win, qtbot):
    """The organisation dock selects a group without touching a unit: its outline's new
    look must still show."""
    view = win.view
    group = win.game.scenario.groups[0].id
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    before = on_screen(win, qtbot)
    win.services.groups.select_group(group)
    assert not view.holds_picture()
    shown = on_screen(win, qtbot)
    assert differing(shown, before) > 0.0005
    assert differing(shown, full_repaint(win)) < 0.001


def test_an_item_raised_as_it_is_added_is_drawn_over_the_picture(win, qtbot):
    """An item added below the board's overlays and raised above them in the same turn
    (the arcs raise their labels so) is an overlay: over a held picture it is painted,
    not baked into the picture. Found without looking through every item of the board."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from app.board.style import Z_OVERLAY

    scene = win.scene
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    swept = QGraphicsSimpleTextItem("swept")
    scene.addItem(swept)
    swept.setZValue(Z_OVERLAY)
    qtbot.wait(5)  # the sweep runs in the event loop's next turn
    found = QGraphicsSimpleTextItem("found")
    scene.addItem(found)
    found.setZValue(Z_OVERLAY + 1)

    def no_full_look(*args):
        raise AssertionError("find_overlays looked through every item")

    with pytest.MonkeyPatch.context() as m:
        m.setattr(scene, "items", no_full_look)
        shown = scene.find_overlays()
    assert any(i is swept for i in shown) and any(i is found for i in shown)
    low = QGraphicsSimpleTextItem("low")
    scene.addItem(low)
    assert not any(i is low for i in scene.find_overlays())


def test_the_arcs_labels_stay_over_a_held_picture(win, qtbot, held_paints):
    """The arcs overlay on under the threat view: its sector labels are overlays, so
    hovers repaint over the held picture and the screen matches a full repaint."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    arcs = win.modules["app.tools.arcs"]
    win.select_unit("sherman-3")
    arcs.action.setChecked(True)
    labels = [i for i in arcs.items if isinstance(i, QGraphicsSimpleTextItem)]
    assert labels
    qtbot.waitUntil(win.view.holds_picture, timeout=3000)
    overlays = win.scene.overlays()
    assert all(any(i is o for o in overlays) for i in labels)
    hover(win, qtbot, "gren-1")
    assert held_paints
    arcs.action.setChecked(False)  # the labels go: gone from the screen too
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001


def test_no_picture_is_taken_while_a_worker_is_busy(win, qtbot):
    """A worker's job (a hover's sight lines drawn) and the picture both need the
    interpreter lock: the picture waits until the job is done, then is taken."""
    from concurrent.futures import Future

    view = win.view
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    job: Future = Future()
    view.defer_picture(job)
    win.scene.touched()  # the board changed: a new picture is due
    view.viewport().update()
    qtbot.wait(held_module.HOLD_AFTER_MS * 3)
    assert not view.holds_picture()
    job.set_result(None)
    qtbot.waitUntil(view.holds_picture, timeout=3000)
    assert differing(on_screen(win, qtbot), full_repaint(win)) < 0.001
