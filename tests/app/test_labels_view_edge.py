"""Issue 16: a unit's name is not cut by the edge of the board's viewport while the board is
scrolled or zoomed: once a pan, a wheel zoom or a resize rests, the labels of the units
inside the view that its edge would cut slide along it or flip to another side of the base
(the table's edge does the same, test_labels_edge); the others keep their places, and a
label put back inside goes back to its own place when the view moves on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from tests.app.helpers import LEFT, NO_MODIFIER, show_window

LONG = "2nd Red company, platoon 4 (the far one)"
ZOOM = 30.0  # px per inch: names shown whole


def table() -> Scenario:
    units = [Unit("long", "reds", "stand", 36, 24, BaseShape.rect(25, 20), 0, name=LONG),
             Unit("mid", "whites", "stand", 20, 30, BaseShape.round(25), 180, name="Mid")]
    return Scenario("View edges", "iron-hearts", Table(72, 48, 10), units=units)


def drawn(win, uid: str) -> QRectF:
    """Where a unit's label is drawn in the board's viewport, in pixels."""
    label = win.scene.unit_item(uid).label
    return label.deviceTransform(win.view.viewportTransform()).mapRect(label.boundingRect())


def inside_view(win, uid: str) -> bool:
    return QRectF(win.view.viewport().rect()).adjusted(-0.5, -0.5, 0.5, 0.5) \
        .contains(drawn(win, uid))


def settle(qtbot, win) -> None:
    """Wait until a pan's, zoom's or resize's label work has rested."""
    view = win.view
    qtbot.waitUntil(lambda: not view._edges.isActive() and not view.labels_pending(),
                    timeout=3000)


def pan(qtbot, win, dx: int, dy: int) -> None:
    """A real left-button drag on empty table, `dx`, `dy` pixels (the table follows)."""
    vp = win.view.viewport()
    start = QPoint(40, vp.height() - 40)
    qtbot.mousePress(vp, LEFT, NO_MODIFIER, start)
    for k in range(1, 5):
        qtbot.mouseMove(vp, start + QPoint(dx * k // 4, dy * k // 4))
    qtbot.mouseRelease(vp, LEFT, NO_MODIFIER, start + QPoint(dx, dy))


def wheel(win, notches: int, at: QPoint) -> None:
    vp = win.view.viewport()
    p = QPointF(at)
    ev = QWheelEvent(p, QPointF(vp.mapToGlobal(at)), QPoint(), QPoint(0, 120 * notches),
                     Qt.MouseButton.NoButton, NO_MODIFIER, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, ev)


@pytest.fixture
def win(qtbot):
    w = show_window(qtbot, table(), (1280, 800))
    w.view.setFocus()
    return w


def put_unit_at_right_edge(win, margin_px: float = 12.0) -> None:
    """Zoom so that the long-named unit stands `margin_px` inside the view's right edge:
    its name, centred below it, would stick out past the edge."""
    vp = win.view.viewport().rect()
    x = 36 - (vp.width() / 2 - margin_px) / ZOOM
    win.view.show_area(x, 24, ZOOM)


def test_a_name_the_views_edge_would_cut_is_laid_inside_the_view(win) -> None:
    put_unit_at_right_edge(win)
    label = win.scene.unit_item("long").label
    assert label.isVisible() and label.text == LONG
    assert inside_view(win, "long"), drawn(win, "long")
    assert "long" in win.scene.view_fitted()
    # on the table it would sit below its base, centred: past the view's right edge
    assert label.where in ("below", "above", "left")
    # the other unit, in the middle of the view, keeps its own place
    mid = win.scene.unit_item("mid").label
    assert mid.where == "below" and mid.shift == (0.0, 0.0)


def test_a_pan_lays_the_cut_name_inside_once_it_rests_and_back_after(qtbot, win) -> None:
    win.view.show_area(36, 24, ZOOM)
    label = win.scene.unit_item("long").label
    assert (label.where, label.shift) == ("below", (0.0, 0.0))
    vp = win.view.viewport().rect()
    # a real drag: the unit slides to just inside the view's left edge
    pan(qtbot, win, -(vp.width() // 2 - 14), 0)
    assert win.view._edges.isActive()         # nothing laid out while the pan goes on
    settle(qtbot, win)
    assert label.isVisible() and inside_view(win, "long"), drawn(win, "long")
    assert label.shift != (0.0, 0.0) or label.where != "below"
    # panned back to the middle: its own place again
    pan(qtbot, win, vp.width() // 2 - 14, 0)
    settle(qtbot, win)
    assert (label.where, label.shift) == ("below", (0.0, 0.0))
    assert win.scene.view_fitted() == {}


def test_a_wheel_zoom_lays_the_cut_name_inside_when_the_wheel_rests(qtbot, win) -> None:
    win.view.show_area(36 + 12, 24, ZOOM)           # the unit 12" left of the view's centre
    u = win.view.mapFromScene(QPointF(36, 24))
    label = win.scene.unit_item("long").label
    assert (label.where, label.shift) == ("below", (0.0, 0.0)) and inside_view(win, "long")
    # three notches in (×1.2³) about the point that takes the unit to 14 px from the left
    f, target = 1.2 ** 3, 14
    anchor = QPoint(round((target - u.x() * f) / (1 - f)), u.y())
    wheel(win, 3, anchor)
    assert win.view.labels_pending()
    settle(qtbot, win)
    unit_now = win.view.mapFromScene(QPointF(36, 24))
    assert unit_now.x() == pytest.approx(target, abs=3)  # the unit itself is in view
    assert "long" in win.scene.view_fitted()
    assert inside_view(win, "long"), (drawn(win, "long"), unit_now)


def test_a_unit_outside_the_view_keeps_its_place(win) -> None:
    put_unit_at_right_edge(win, margin_px=-30.0)   # the base's centre past the edge
    label = win.scene.unit_item("long").label
    assert "long" not in win.scene.view_fitted()
    assert (label.where, label.shift) == ("below", (0.0, 0.0))


def test_a_narrower_board_lays_the_cut_name_inside(qtbot, win) -> None:
    """A dock opening beside the board narrows the view (it zooms out to keep what was in
    view, issue 39): a name the new edge cuts is laid inside once the resize rests."""
    off = 200  # px right of the view's centre
    win.view.show_area(36 - off / ZOOM, 24, ZOOM)
    label = win.scene.unit_item("long").label
    assert (label.where, label.shift) == ("below", (0.0, 0.0))
    win.view.setFixedWidth(2 * (off + 14))  # the unit now 14 px inside the right edge
    qtbot.waitUntil(lambda: win.view.viewport().width() == 2 * (off + 14), timeout=3000)
    settle(qtbot, win)
    x = win.view.mapFromScene(QPointF(36, 24)).x()
    assert 2 * off * 0.4 < x < win.view.viewport().width() - 8   # the unit kept in view
    assert inside_view(win, "long"), drawn(win, "long")


def label_px(item, s: float) -> QRectF:
    """A unit's label rectangle in pixels at `s` px per inch (scene pixels)."""
    p = item.label.pos()
    return item.label.boundingRect().translated(p.x() * s, p.y() * s)


def base_px(item, s: float) -> QRectF:
    r = item.mapRectToScene(item.shape().boundingRect())
    return QRectF(r.left() * s, r.top() * s, r.width() * s, r.height() * s)


def strictly(a: QRectF, b: QRectF) -> bool:
    return a.left() < b.right() - 1e-6 and a.right() > b.left() + 1e-6 and \
        a.top() < b.bottom() - 1e-6 and a.bottom() > b.top() + 1e-6


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(20, 90), st.floats(10.0, 60.0),
       st.floats(0.0, 60.0), st.floats(0.0, 40.0))
def test_labels_laid_inside_a_view_cover_no_label_and_no_base(qapp, seed, n, s, x, y) -> None:
    """Whatever the table and the view: no shown label covers another or another unit's
    base, and each label laid again inside the view is drawn whole in it."""
    from app.board import BoardScene
    from bench.board_driver import big_table

    scene = BoardScene(big_table(n, 5, seed=seed))
    view = QRectF(x, y, 1000 / s, 700 / s)
    scene.set_view(view, s)
    scene.layout_labels(s)
    items = list(scene.unit_items.values())
    shown = [i for i in items if i.label.isVisible()]
    rects = [label_px(i, s) for i in shown]
    for k, (item, r) in enumerate(zip(shown, rects, strict=True)):
        assert not any(strictly(r, o) for o in rects[k + 1:]), item.unit.id
        assert not any(strictly(r, base_px(o, s)) for o in items if o is not item)
    px = QRectF(view.left() * s, view.top() * s, view.width() * s, view.height() * s)
    for uid in scene.view_fitted():
        assert px.adjusted(-0.01, -0.01, 0.01, 0.01).contains(
            label_px(scene.unit_item(uid), s)), uid
