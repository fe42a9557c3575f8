"""Marker badges read as their own unit's (issue 39): Dawson's "S1 HP 0" hung in the gap
under his base read as Morales' below him. After a layout each badge row takes a corner
of its own base that covers no base and no label and is nearer its own base than any
other; group names then keep off the badges."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF

from tests.app.helpers import demo_window, zoom

ZOOMS = (8.0, 12.0, 16.0, 20.0, 30.0)


def on_screen(win, item) -> QRectF:
    """A label's rectangle, or a unit's base box, in viewport pixels."""
    rect = item.shape().boundingRect() if hasattr(item, "unit") else item.boundingRect()
    return item.deviceTransform(win.view.viewportTransform()).mapRect(rect)


def gap(a: QRectF, b: QRectF) -> float:
    """Pixels between two rectangles (0 when they touch or overlap)."""
    dx = max(b.left() - a.right(), a.left() - b.right(), 0.0)
    dy = max(b.top() - a.bottom(), a.top() - b.bottom(), 0.0)
    return float(np.hypot(dx, dy))


def pills(win, item) -> QRectF:
    r = QRectF()
    for p in item.badges.pill_rects():
        r = r.united(p)
    return item.badges.deviceTransform(win.view.viewportTransform()).mapRect(r)


@pytest.fixture
def marked(qtbot):
    win = demo_window(qtbot)
    dawson = win.game.unit("us-1-1")
    dawson.markers["suppression"] = 1
    dawson.state["hp"] = 0
    win.scene.sync(["us-1-1"])
    return win


@pytest.mark.parametrize("px", ZOOMS)
def test_dawsons_badges_read_as_his_at_every_zoom(marked, qtbot, px):
    win = marked
    zoom(win, 21.5, 10, px)
    win.scene.layout_labels(win.view.px_per_inch())
    win.view.viewport().update()
    item = win.scene.unit_item("us-1-1")
    assert item.badge_texts() == ["S1", "HP 0"]
    row = pills(win, item)
    own = gap(row, on_screen(win, item))
    for other in win.scene.unit_items.values():
        if other is item:
            continue
        assert not row.intersects(on_screen(win, other)), other.unit.id
        assert gap(row, on_screen(win, other)) > own, other.unit.id  # nearer his own base
        if other.label.isVisible():
            assert not row.intersects(on_screen(win, other.label)), other.unit.id
    if item.label.isVisible() and px >= 12:  # far out, bases 4 px apart: room for none
        assert not row.intersects(on_screen(win, item.label))


def test_a_badge_set_without_a_move_takes_its_corner_at_once(marked, qtbot):
    win = marked
    zoom(win, 21.5, 10, 16.0)
    win.scene.layout_labels(win.view.px_per_inch())
    morales = win.game.unit("us-1-2")
    morales.markers["pinned"] = True
    win.scene.sync(["us-1-2"])  # no layout: the same places
    item = win.scene.unit_item("us-1-2")
    row = pills(win, item)
    for other in win.scene.unit_items.values():
        if other is not item:
            assert gap(row, on_screen(win, other)) > gap(row, on_screen(win, item))
