"""Marker badges beside unit bases: what each marker reads, that they keep their screen size,
sit at the base's top-right corner and follow `refresh_unit`."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from app.board import BoardScene, BoardView
from app.board.items import badges_for
from app.board.style import MARKER_BADGES
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

INF = BaseShape.round(25)


def unit(**kw) -> Unit:
    return Unit("gren-1", "axis", "grenadier-squad", 10, 10, INF, 0, **kw)


def test_badge_texts_for_each_marker_kind():
    u = unit(markers={"suppression": 2, "pinned": True, "terror": 1, "shaken": 1,
                      "commander_exposed": 1, "smoke": 3},
             state={"wounds": 2, "hp": 3})
    assert [b.text for b in badges_for(u)] == [
        "S2", "PIN", "T1", "SHK", "COM", "SMO3", "W2", "HP 3"]
    assert badges_for(u)[0].tip == "suppression: 2"
    assert badges_for(u)[0].colour == MARKER_BADGES["suppression"][1]


def test_cleared_markers_have_no_badge():
    u = unit(markers={"suppression": 0, "pinned": False, "terror": None}, state={"wounds": 0})
    assert badges_for(u) == []
    assert badges_for(unit(state={"morale": "shaken", "hp": 0}))[0].text == "HP 0"


def test_badges_follow_refresh_unit(qapp):
    u = unit()
    scene = BoardScene(Scenario("t", "r", Table(), units=[u]))
    item = scene.unit_item("gren-1")
    assert item.badges is None and item.badge_texts() == []  # none made without markers
    u.markers["suppression"] = 1
    scene.refresh_unit("gren-1")
    assert item.badges.isVisible() and item.badge_texts() == ["S1"]
    u.markers["suppression"] = 3
    u.markers["pinned"] = 1
    scene.refresh_unit("gren-1")
    assert item.badge_texts() == ["S3", "PIN"]
    u.markers.clear()
    scene.refresh_unit("gren-1")
    assert not item.badges.isVisible() and item.badge_texts() == []


def test_badges_sit_at_the_base_corner_and_keep_their_size(qapp):
    u = unit(markers={"suppression": 2})
    scene = BoardScene(Scenario("t", "r", Table(), units=[u]))
    view = BoardView(scene)
    view.resize(600, 400)
    item = scene.unit_item("gren-1")
    r = 25 / 25.4 / 2
    corner = item.badges.scenePos()
    assert (corner.x(), corner.y()) == pytest.approx((10 + r, 10 - r), abs=1e-3)
    sizes = []
    for px_per_inch in (5.0, 60.0):
        view.resetTransform()
        view.scale(px_per_inch, px_per_inch)
        view.centerOn(QPointF(10, 10))
        rect = item.badges.deviceTransform(view.viewportTransform()).mapRect(
            item.badges.boundingRect())
        sizes.append((round(rect.width(), 3), round(rect.height(), 3)))
        # above and right of the corner, on screen
        at = view.mapFromScene(corner)
        assert rect.left() >= at.x() - 1 and rect.bottom() <= at.y() + 1
    assert sizes[0] == sizes[1]


def test_badge_is_painted_in_its_colour(qapp):
    u = unit(markers={"suppression": 2})
    scene = BoardScene(Scenario("t", "r", Table(20, 20, 1), units=[u]))
    item = scene.unit_item("gren-1")
    pill = item.badges.pill_rects()[0]
    img = QImage(400, 400, QImage.Format.Format_ARGB32)
    img.fill(0)
    painter = QPainter(img)
    scene.render(painter, img.rect().toRectF(), scene.sceneRect())
    painter.end()
    # where the pill's left edge + 2 px lands: scene → image scale
    s = 400 / scene.sceneRect().width()
    c = item.badges.scenePos()
    x = (c.x() - scene.sceneRect().left()) * s + pill.left() + 2
    y = (c.y() - scene.sceneRect().top()) * s + pill.center().y()
    assert QColor(img.pixel(int(x), int(y))).name() == MARKER_BADGES["suppression"][1]


def test_badges_take_the_corner_the_label_leaves_free(qapp):
    u = unit(markers={"suppression": 2, "pinned": 1})
    scene = BoardScene(Scenario("t", "r", Table(), units=[u]))
    item = scene.unit_item("gren-1")
    r = 25 / 25.4 / 2
    for where, corner, (cx, cy) in [("below", "top-right", (r, -r)),
                                    ("above", "bottom-right", (r, r)),
                                    ("right", "top-left", (-r, -r)),
                                    ("left", "top-right", (r, -r))]:
        item.label.place(where, item.label_anchor(where))
        assert item.badges.corner == corner
        assert (item.badges.pos().x(), item.badges.pos().y()) == pytest.approx((cx, cy),
                                                                               abs=1e-3)
        pills = item.badges.pill_rects()
        grows_right = corner != "top-left"
        assert all((p.left() >= 0) == grows_right for p in pills)
        assert all((p.bottom() <= 0) == corner.startswith("top") for p in pills)
