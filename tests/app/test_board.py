"""The board scene: one item per piece and per unit, bases at their real size and facing,
terrain drawn by kind in a sensible stacking order, and a 500-unit board that renders."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem

from app.board import BoardScene
from app.board.items import LabelItem, TerrainItem, UnitItem
from app.board.style import KNOWN_SIDES, SIDE_PALETTE
from app.board.table_cloth import grid_lines
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape, base_polygon
from geometry.terrain import TerrainPiece

TANK = BaseShape.rect(50, 100)  # 1.9685" across, 3.9370" deep
INF = BaseShape.round(25)


def make_scenario() -> Scenario:
    """A small table with one piece of each drawn kind and units on the three base shapes."""
    t = TerrainPiece
    terrain = [
        t("road-1", "road", polygon=[(0, 22), (72, 22), (72, 26), (0, 26)]),
        t("hill-1", "hill", polygon=[(50, 30), (62, 28), (68, 36), (64, 44), (52, 42)]),
        t("house-1", "building", polygon=[(20, 10), (26, 10), (26, 15), (20, 15)]),
        t("wood-1", "woods", polygon=[(40, 2), (50, 2), (50, 12), (40, 12)]),
        t("wall-1", "wall", line=[(30, 30), (40, 30)]),
        t("hedge-1", "hedge", line=[(4, 28), (20, 28)]),
        t("trench-1", "trench", polygon=[(8, 36), (18, 36), (18, 37.5), (8, 37.5)]),
        t("fort-1", "fortification", polygon=[(60, 14), (64, 14), (64, 18), (60, 18)]),
        t("rough-1", "rough", polygon=[(4, 4), (12, 4), (12, 10), (4, 10)]),
        t("crops-1", "crops", polygon=[(22, 36), (32, 36), (32, 46), (22, 46)]),
        t("water-1", "water", polygon=[(0, 40), (6, 38), (12, 42), (14, 48), (0, 48)]),
    ]
    units = [
        Unit("sherman-1", "allies", "m4a1-sherman", 10, 24, TANK, 0, 0, name="Sherman 1"),
        Unit("gren-1", "axis", "grenadier-squad", 50, 24, INF, 180),
        Unit("hq-1", "axis", "officer", 62, 16, BaseShape.oval(60, 35), 30),
    ]
    return Scenario("Test table", "iron-hearts", Table(72, 48, 10), terrain, units)


def board_with(*units: Unit) -> BoardScene:
    """A bare 72×48 table holding the given units (keep the scene: it owns its items)."""
    return BoardScene(Scenario("t", "r", Table(), units=list(units)))


def scene_bounds(item: QGraphicsItem) -> QRectF:
    """Where an item's shape lies on the table."""
    return item.sceneTransform().map(item.shape()).boundingRect()


def assert_rect_close(rect: QRectF, bounds: tuple[float, float, float, float], tol=1e-6):
    got = (rect.left(), rect.top(), rect.right(), rect.bottom())
    assert got == pytest.approx(bounds, abs=tol)


def test_one_item_per_piece_and_per_unit(qapp):
    sc = make_scenario()
    scene = BoardScene(sc)
    terrain = [i for i in scene.items() if isinstance(i, TerrainItem)]
    units = [i for i in scene.items() if isinstance(i, UnitItem)]
    assert sorted(i.piece.id for i in terrain) == sorted(p.id for p in sc.terrain)
    assert sorted(i.unit.id for i in units) == ["gren-1", "hq-1", "sherman-1"]
    assert scene.unit_item("gren-1").unit is sc.unit("gren-1")
    assert scene.terrain_item("wall-1").piece is sc.piece("wall-1")


def test_set_scenario_replaces_every_item(qapp):
    scene = BoardScene(make_scenario())
    other = Scenario("Empty", "iron-hearts", Table(48, 48, 1),
                     units=[Unit("u", "allies", "p", 5, 5, INF)])
    scene.set_scenario(other)
    kinds = [type(i) for i in scene.items() if not isinstance(i, LabelItem)]
    assert kinds == [UnitItem]
    assert scene.table_rect() == QRectF(0, 0, 48, 48)


@pytest.mark.parametrize("base", [TANK, INF, BaseShape.oval(60, 35)], ids=["rect", "round", "oval"])
@pytest.mark.parametrize("facing", [0.0, 30.0, 90.0, 217.5])
def test_unit_shape_is_the_base_polygon(qapp, base, facing):
    unit = Unit("u", "allies", "p", 12.5, 30.25, base, facing)
    scene = board_with(unit)
    item = scene.unit_item("u")
    assert_rect_close(scene_bounds(item), base_polygon(base, 12.5, 30.25, facing).bounds)


@settings(max_examples=60, deadline=None)
@given(x=st.floats(0, 72), y=st.floats(0, 48), facing=st.floats(0, 360, exclude_max=True),
       w=st.floats(10, 120), d=st.floats(10, 120))
def test_rect_bases_land_where_geometry_puts_them(qapp, x, y, facing, w, d):
    unit = Unit("u", "axis", "p", x, y, BaseShape.rect(w, d), facing)
    scene = board_with(unit)
    item = scene.unit_item("u")
    assert_rect_close(scene_bounds(item), unit.polygon().bounds)


def test_rect_base_facing_90_is_drawn_turned(qapp):
    unit = Unit("t", "allies", "p", 10, 20, TANK, facing=90)
    scene = board_with(unit)
    item = scene.unit_item("t")
    rect = scene_bounds(item)
    # Facing +y (down the screen): the 100 mm depth now runs along y, the 50 mm width along x.
    assert rect.width() == pytest.approx(50 / 25.4, abs=1e-6)
    assert rect.height() == pytest.approx(100 / 25.4, abs=1e-6)
    # The facing mark's tip sits on the front edge, below the centre.
    tip = max(item.facing_mark(), key=lambda p: p.y())
    assert tip.x() == pytest.approx(0.0, abs=1e-9)
    assert 1.8 < tip.y() <= 100 / 25.4 / 2


def test_turret_line_points_along_facing_plus_turret(qapp):
    unit = Unit("t", "allies", "p", 10, 20, TANK, facing=90, turret=90)
    scene = board_with(unit)
    item = scene.unit_item("t")
    barrel = item.barrel()
    assert barrel is not None
    # hull faces +y, turret turned 90° right of it: the gun points along -x
    assert barrel.p2().x() < barrel.p1().x() < 0
    assert barrel.p1().y() == pytest.approx(0, abs=1e-9)
    assert barrel.p2().y() == pytest.approx(0, abs=1e-9)
    no_turret = Unit("i", "allies", "p", 5, 5, INF)
    other = board_with(no_turret)
    assert other.unit_item("i").barrel() is None


def test_refresh_unit_follows_the_model(qapp):
    sc = make_scenario()
    scene = BoardScene(sc)
    unit = sc.unit("sherman-1")
    unit.x, unit.y, unit.facing, unit.name = 30.0, 40.0, 270.0, "Easy 8"
    scene.refresh_unit("sherman-1")
    item = scene.unit_item("sherman-1")
    assert_rect_close(scene_bounds(item), base_polygon(TANK, 30, 40, 270).bounds)
    assert item.label.text == "Easy 8"


def test_labels_keep_their_screen_size_and_show_the_name(qapp):
    scene = BoardScene(make_scenario())
    sherman, gren = scene.unit_item("sherman-1"), scene.unit_item("gren-1")
    assert sherman.label.text == "Sherman 1"
    assert gren.label.text == "gren-1"  # no name: the id
    assert sherman.label.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations
    # hung under the base until the board lays labels out
    assert sherman.label.where == "below"
    assert sherman.label.anchor == QPointF(0.0, sherman.shape().boundingRect().bottom())
    # an item of its own (not the unit's child: Qt's index) standing at that anchor
    assert sherman.label.parentItem() is None and sherman.label.scene() is scene
    assert sherman.label.pos() == sherman.pos() + sherman.label.anchor
    assert sherman.label.boundingRect().top() > 0


def shown_label_rects(scene: BoardScene, px_per_inch: float) -> dict[str, QRectF]:
    """Where the visible labels lie, in pixels at a zoom (their rects are in pixels)."""
    out = {}
    for uid, item in scene.unit_items.items():
        if item.label.isVisible():
            anchor = item.mapToScene(item.label.anchor) * px_per_inch
            out[uid] = item.label.boundingRect().translated(anchor)
    return out


def squad_in_column(n: int, spacing_in: float) -> list[Unit]:
    """A leader and n-1 soldiers on 25 mm bases in a column, `spacing_in` apart."""
    return [Unit(f"s{i}", "axis", "p", 20.0, 10.0 + i * spacing_in, INF,
                 name=f"Grenadier number {i}", parent=None if i == 0 else "s0")
            for i in range(n)]


def test_labels_never_cover_each_other_or_another_base(qapp):
    scene = board_with(*squad_in_column(8, 1.0),
                       Unit("tank", "allies", "p", 21.0, 14.0, TANK, 0, 0, name="Tank"))
    scale = 14.0  # about a 72" table fitted into 1000 px: bases 1" apart are 14 px apart
    shown = scene.layout_labels(scale)
    rects = shown_label_rects(scene, scale)
    assert shown == len(rects) >= 2
    assert "tank" in rects and "s0" in rects  # the vehicle first, then the leader
    ids = list(rects)
    for a in range(len(ids)):
        for b in range(a + 1, len(ids)):
            assert not rects[ids[a]].intersects(rects[ids[b]]), (ids[a], ids[b])
    for uid, rect in rects.items():
        for other, item in scene.unit_items.items():
            if other != uid:
                base = item.mapRectToScene(item.shape().boundingRect())
                px = QRectF(base.topLeft() * scale, base.bottomRight() * scale)
                assert not rect.intersects(px), (uid, other)


def test_zooming_in_brings_every_label_back(qapp):
    block = [Unit(f"b{i}", "allies", "p", 10.0 + (i % 4) * 1.2, 10.0 + (i // 4) * 1.2, INF,
                  name=f"Rifleman {i}") for i in range(16)]  # a 4×4 block, 1.2" apart
    scene = board_with(*block)
    crowded = scene.layout_labels(14.0)
    assert 1 <= crowded < 16
    assert scene.layout_labels(200.0) == 16
    assert all(item.label.isVisible() for item in scene.unit_items.values())


def test_sides_get_distinct_colours(qapp):
    units = [Unit(f"u{i}", side, "p", 5 + 3 * i, 5, INF)
             for i, side in enumerate(["allies", "axis", "martians", "venusians", "martians"])]
    scene = BoardScene(Scenario("t", "r", Table(), units=units))
    colours = {u.id: scene.unit_item(u.id).colour.name() for u in units}
    assert colours["u0"] == KNOWN_SIDES["allies"]
    assert colours["u1"] == KNOWN_SIDES["axis"]
    assert colours["u2"] == SIDE_PALETTE[0] and colours["u3"] == SIDE_PALETTE[1]
    assert colours["u4"] == colours["u2"]  # same side, same colour


def test_stacking_order_road_area_lines_units(qapp):
    scene = BoardScene(make_scenario())
    z = {pid: item.zValue() for pid, item in scene.terrain_items.items()}
    unit_z = scene.unit_item("sherman-1").zValue()
    assert z["road-1"] < z["hill-1"] < z["crops-1"] < z["wood-1"] < z["house-1"]
    assert z["house-1"] < z["wall-1"] == z["hedge-1"] < unit_z


def test_walls_and_hedges_are_drawn_at_their_thickness(qapp):
    scene = BoardScene(make_scenario())
    # wall (30,30)-(40,30), 0.25" thick; hedge (4,28)-(20,28), 0.5" thick
    assert_rect_close(scene_bounds(scene.terrain_item("wall-1")), (30, 29.875, 40, 30.125))
    assert_rect_close(scene_bounds(scene.terrain_item("hedge-1")), (4, 27.75, 20, 28.25))


def test_area_terrain_is_its_polygon(qapp):
    scene = BoardScene(make_scenario())
    assert_rect_close(scene_bounds(scene.terrain_item("house-1")), (20, 10, 26, 15))
    assert_rect_close(scene_bounds(scene.terrain_item("water-1")), (0, 38, 14, 48))


def test_grid_lines_every_inch_and_every_foot():
    table = QRectF(0, 0, 72, 48)
    inch = grid_lines(table, table, 1, skip_every=12)
    foot = grid_lines(table, table, 12)
    # x = 1..71 without 12, 24, 36, 48, 60 (66 lines); y = 1..47 without 12, 24, 36 (44 lines)
    assert len(inch) == 66 + 44
    assert sorted(ln.x1() for ln in foot if ln.x1() == ln.x2()) == [12, 24, 36, 48, 60]
    assert sorted(ln.y1() for ln in foot if ln.y1() == ln.y2()) == [12, 24, 36]
    # only the lines crossing the exposed part are drawn
    part = grid_lines(table, QRectF(10.5, 0, 3, 48), 1, skip_every=12)
    assert sorted(ln.x1() for ln in part if ln.x1() == ln.x2()) == [11, 13]


def test_five_hundred_units_render(qapp):
    """Repaint sanity for P5 (timed in bench/): 500 units and 50 pieces draw into an image."""
    units = [Unit(f"u{i}", "allies" if i % 2 else "axis", "p", 1.5 + (i % 25) * 2.8,
                  1.5 + (i // 25) * 2.3, INF if i % 3 else TANK, (i * 37) % 360,
                  turret=None if i % 3 else 15.0) for i in range(500)]
    terrain = [TerrainPiece(f"t{k}", kind, polygon=[(x, y), (x + 3, y), (x + 3, y + 2), (x, y + 2)])
               for k, (kind, x, y) in enumerate(
                   (["woods", "building", "rough", "hill", "crops"][k % 5], 2 + (k % 10) * 7,
                    2 + (k // 10) * 9) for k in range(50))]
    scene = BoardScene(Scenario("big", "iron-hearts", Table(72, 48, 10), terrain, units))
    assert len(scene.unit_items) == 500 and len(scene.terrain_items) == 50
    image = QImage(1440, 960, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 1440, 960), QRectF(0, 0, 72, 48))
    painter.end()
    # 20 px per inch: the centre of u1 (an allied round base at 4.3", 1.5") is allied blue
    u1 = scene.unit_item("u1").unit
    centre = QPointF(u1.x * 20, u1.y * 20)
    assert QColor(image.pixel(centre.toPoint())).name() == KNOWN_SIDES["allies"]
    # and the table shows where nothing stands (between rows, right of the last column)
    assert QColor(image.pixel(1430, 950)).name() != "#000000"


def test_woods_get_trees_inside_the_wood(qapp):
    scene = BoardScene(make_scenario())
    item = scene.terrain_item("wood-1")
    trees = item.dots.boundingRect()
    assert not item.dots.isEmpty()
    assert QRectF(40, 2, 10, 10).contains(trees)
    assert math.isclose(item.shape().boundingRect().width(), 10)


def test_show_area_zooms_and_centres_and_stops_refitting(qtbot):
    """show_area: a fixed zoom about a table point that a later resize keeps."""
    from app.window import MainWindow
    from engine.scenario_io import load_demo

    win = MainWindow(load_demo())
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.show_area(20.0, 15.0, 30.0)
    assert win.view.px_per_inch() == pytest.approx(30.0)
    centre = win.view.view_centre()
    assert (centre.x(), centre.y()) == pytest.approx((20.0, 15.0), abs=0.05)
    win.resize(win.width() + 100, win.height() + 60)
    qtbot.wait(50)
    assert win.view.px_per_inch() == pytest.approx(30.0)


def test_names_are_shown_whole_when_zoomed_in(qtbot):
    """Issue 16: names stayed cut short at any zoom. Elided when zoomed out, whole from
    LabelItem.WHOLE_AT_PX_PER_INCH on."""
    from app.board.items import LabelItem
    from engine.scenario_io import load_demo
    from tests.app.helpers import show_window

    win = show_window(qtbot, load_demo(), (1280, 800), fit=True)
    label = win.scene.unit_items["sherman-1"].label
    assert len(label.text) * 7 > LabelItem.MAX_WIDTH_PX      # a long name
    win.view.show_area(9, 24, 10.0)
    assert label._shown.endswith("…") and label._shown != label.text
    win.view.show_area(9, 24, LabelItem.WHOLE_AT_PX_PER_INCH + 1)
    assert label._shown == label.text
    assert label.size_px[0] > LabelItem.MAX_WIDTH_PX


def test_after_next_paint_calls_back_once_the_viewport_has_painted(qtbot):
    """A worker that needs the interpreter lock waits for this: the call comes after the
    paint an event queued (not on the loop's next turn, which comes before it), once; a
    hidden view paints nothing, so the call comes at once there."""
    from app.board import BoardView

    scene = board_with(Unit("gren-1", "axis", "grenadier-squad", 10, 10, INF, 0))
    view = BoardView(scene)
    qtbot.addWidget(view)
    calls: list[str] = []
    view.after_next_paint(lambda: calls.append("hidden"))
    assert calls == ["hidden"]
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(50)
    painted: list[bool] = []
    original = view._paint
    view._paint = lambda event: (painted.append(True), original(event))
    view.after_next_paint(lambda: calls.append(f"after {len(painted)} paint(s)"))
    assert calls == ["hidden"]  # nothing painted yet
    view.viewport().update()
    qtbot.waitUntil(lambda: len(calls) == 2, timeout=2000)
    assert calls[1] == "after 1 paint(s)"
    view.viewport().repaint()
    assert len(calls) == 2  # once only
