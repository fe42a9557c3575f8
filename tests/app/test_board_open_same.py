"""A table opened the quick way draws what it drew before: each unit's outline is the
painter path of its placed base polygon, each name is shown as Qt's eliding shows it, and a
unit moved after the opening still takes its name along."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF

from app.board import BoardScene
from app.board.items import LabelItem
from app.board.paths import geometry_path
from bench.board_driver import big_table
from geometry.bases import base_polygon


def _scene(n: int = 120) -> BoardScene:
    scene = BoardScene()
    scene.set_scenario(big_table(n, 4, seed=11))
    return scene


def test_every_base_is_drawn_as_its_placed_polygon(qapp):
    scene = _scene()
    for item in scene.unit_items.values():
        u = item.unit
        assert item.shape() == geometry_path(base_polygon(u.base, 0.0, 0.0, u.facing))
        assert item.xy == (u.x, u.y) == (item.pos().x(), item.pos().y())


def test_a_name_is_shown_as_qt_elides_it(qapp):
    names = ["A", "Panzer IV", "W" * 40, "3rd Battalion, 7th Regiment of Foot (left wing)",
             "i" * 60, "Ж" * 25]
    for name in names:
        label = LabelItem(name)
        fm = QFontMetricsF(label._font)
        shown = fm.elidedText(name, Qt.TextElideMode.ElideRight, LabelItem.MAX_WIDTH_PX)
        assert label.shown == shown
        assert label.size_px[0] == fm.horizontalAdvance(shown) + 2 * LabelItem.PAD_PX
        label.set_whole(True)
        assert label.shown == name
        label.set_whole(False)
        assert label.shown == shown


def test_a_unit_moved_after_the_opening_takes_its_name_along(qapp):
    scene = _scene(20)
    item = next(iter(scene.unit_items.values()))
    before = item.label.pos() - item.pos()
    item.unit.x += 3.0
    item.sync()
    assert item.xy == (item.unit.x, item.unit.y)
    assert item.label.pos() - item.pos() == before
    item.setPos(item.pos().x() + 1.0, item.pos().y())  # moved by Qt (a drag): followed too
    assert item.xy[0] == item.unit.x + 1.0
    assert item.label.pos() - item.pos() == before
