"""Select and move, driven by real mouse events on the viewport: the reach area and the
figures beside the pointer while dragging, the forced illegal move, one undo step."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsPathItem

from app.tools.select import DEFAULT_ALLOWANCE_IN, SelectTool
from app.window import MainWindow
from tests.app.helpers import at, demo_window, drag, show_window, zoom
from tests.app.test_board import make_scenario


def show(qtbot, scenario) -> MainWindow:
    w = show_window(qtbot, scenario, (1200, 800))
    w.view.setFocus()
    return w


@pytest.fixture
def demo(qtbot):
    return demo_window(qtbot)


def overlay(tool):
    return list(tool._overlay)


def test_drag_shows_distance_allowance_and_reach_then_undo(demo, qtbot):
    win = demo
    tool = win.tools.active
    assert isinstance(tool, SelectTool)
    unit = win.game.unit("us-1-1")  # a rifleman at (21.5, 7.5): 15 m = 6" at 2.5 m per inch
    drag(qtbot, win, [(21.5, 7.5), (22.5, 7.5), (21.5, 10.5)], release=False)
    assert win.selected_unit_id == "us-1-1"
    assert win.scene.unit_item("us-1-1").pos() == QPointF(21.5, 10.5)
    assert (unit.x, unit.y) == (21.5, 7.5)  # the model moves only on release
    reach = [i for i in overlay(tool) if isinstance(i, QGraphicsPathItem)]
    assert len(reach) == 1
    area = reach[0].path()
    assert area.contains(QPointF(21.5, 12.0)) and not area.contains(QPointF(21.5, 15.0))
    text = win.pointer_hint.text()
    assert win.pointer_hint.isVisible()
    assert 'moved 3.00" (7.5 m)' in text
    assert 'left 3.00" (7.5 m) of 6.00" (15.0 m)' in text
    assert "Iron Hearts: 1 AP = 15 m" in text
    qtbot.mouseRelease(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 21.5, 10.5))
    assert (unit.x, unit.y) == (21.5, 10.5)
    assert overlay(tool) == [] and not win.pointer_hint.isVisible()
    name = unit.label
    assert win.undo_action.text() == f'Undo Move {name} 3.0"'
    win.undo_action.trigger()
    assert (unit.x, unit.y) == (21.5, 7.5)
    assert win.scene.unit_item("us-1-1").pos() == QPointF(21.5, 7.5)
    assert win.redo_action.text() == f'Redo Move {name} 3.0"'
    win.redo_action.trigger()
    assert (unit.x, unit.y) == (21.5, 10.5)


def test_vehicle_allowance_from_its_card(demo, qtbot):
    win = demo
    drag(qtbot, win, [(12, 18.5), (12, 19.5), (12, 20.5)], release=False)  # Sherman 3
    text = win.pointer_hint.text()
    # the card's 10 m for one AP = 4" at 2.5 m per inch
    assert 'moved 2.00" (5.0 m)' in text and 'left 2.00" (5.0 m) of 4.00" (10.0 m)' in text
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)  # Esc puts it back, nothing on the stack
    assert win.scene.unit_item("sherman-3").pos() == QPointF(12, 18.5)
    assert win.editor.undo_stack.count() == 0
    assert win.tools.active.id == "select"


def test_too_long_a_move_is_red_with_reasons_and_can_be_forced(demo, qtbot):
    win = demo
    tool = win.tools.active
    drag(qtbot, win, [(21.5, 7.5), (22, 7.5), (30.5, 7.5)], release=False)  # 9" into crops
    text = win.pointer_hint.text()
    assert 'moved 9.00" (22.5 m)' in text
    assert "over by" in text and "✗ too long" in text and "drop to place it anyway" in text
    m = re.search(r'costs ([\d.]+)"', text)
    assert m and float(m.group(1)) > 9.0  # the wheat field is difficult: counted double
    lines = [i for i in overlay(tool) if i.__class__.__name__ == "QGraphicsLineItem"]
    assert lines[0].pen().color().name() == "#c0392b"
    qtbot.mouseRelease(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 30.5, 7.5))
    assert (win.game.unit("us-1-1").x, win.game.unit("us-1-1").y) == (30.5, 7.5)


def test_impassable_terrain_is_named(qtbot):
    scenario = make_scenario()  # water-1 lies at the bottom-left corner
    scenario.ruleset = "toy"
    scenario.unit("sherman-1").y = 34
    win = show(qtbot, scenario)
    zoom(win, 20, 40)
    drag(qtbot, win, [(10, 34), (10, 35), (8, 41)], release=False)
    text = win.pointer_hint.text()
    assert "✗ crosses impassable terrain: water-1" in text
    # no ruleset data for a "toy" table: the toolbar's allowance applies
    assert f'; allowance {DEFAULT_ALLOWANCE_IN:.2f}" (60.0 m)' in text
    assert "allowance: toolbar setting" in text


def test_toolbar_allowance_is_used_without_ruleset_data(qtbot):
    scenario = make_scenario()
    scenario.ruleset = "toy"
    win = show(qtbot, scenario)
    zoom(win, 50, 24)
    win.modules["app.tools.select"].allowance_box.setValue(4.0)
    drag(qtbot, win, [(50, 24), (51, 24), (51, 24)], release=False)
    assert 'left 3.00" (30.0 m) of 4.00" (40.0 m)' in win.pointer_hint.text()


def test_click_without_moving_changes_nothing(demo, qtbot):
    win = demo
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 21.5, 7.5))
    assert win.selected_unit_id == "us-1-1"
    assert win.editor.undo_stack.count() == 0


def test_a_move_off_the_table_edge_is_flagged(qtbot):
    """Issue 16: a unit dragged past the edge is red and says so (the real table wins:
    dropped, it is placed anyway)."""
    scenario = make_scenario()
    scenario.ruleset = "toy"
    win = show(qtbot, scenario)
    zoom(win, 68, 24)
    win.modules["app.tools.select"].allowance_box.setValue(12.0)
    drag(qtbot, win, [(50, 24), (51, 24), (60, 24)], release=False)
    assert "table" not in win.pointer_hint.text().split("allowance:")[1]
    vp = win.view.viewport()
    qtbot.mouseMove(vp, at(win, 71.8, 24))
    assert "✗ over the table's edge" in win.pointer_hint.text()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       at(win, 71.8, 24))
    assert win.game.unit("gren-1").x == pytest.approx(71.8)


def test_check_path_flags_a_base_past_the_edge():
    from geometry.bases import BaseShape
    from geometry.movement import check_path
    from geometry.terrain import TerrainIndex

    index = TerrainIndex([])
    base = BaseShape.round(25)
    inside = check_path(index, base, [(10, 10), (20, 10)], 12, table=(72, 48))
    edge = check_path(index, base, [(10, 10), (10, 0.2)], 12, table=(72, 48))
    off = check_path(index, base, [(70, 10), (80, 10)], 12, table=(72, 48))
    assert inside.legal and not edge.legal and not off.legal
    assert [p.code for p in edge.problems] == ["over_edge"]
    assert [p.code for p in off.problems] == ["off_table"]
    assert check_path(index, base, [(70, 10), (80, 10)], 12).legal  # no table: no check


def test_dragging_close_to_an_enemy_snaps_into_base_contact(qtbot):
    """Issue 16: a unit dragged close to an enemy ends in base contact (the charge every
    melee rule needs), Ctrl places it freely; the nearest enemies are listed meanwhile."""
    from geometry.distance import edge_distance

    scenario = make_scenario()
    scenario.ruleset = "toy"
    win = show(qtbot, scenario)
    zoom(win, 30, 24, 12.0)
    win.modules["app.tools.select"].allowance_box.setValue(48.0)
    tank = win.game.unit("sherman-1")      # allies, 50×100 mm, nose to +x: front at 11.97"
    assert tank.side != win.game.unit("gren-1").side
    drag(qtbot, win, [(50, 24), (49, 24), (40, 22)], release=False)
    assert "nearest enemies:" in win.pointer_hint.text().splitlines()  # a list, one a line
    vp = win.view.viewport()
    near = (12.8, 24.0)                      # the rifleman's base 0.3" from the tank's nose
    qtbot.mouseMove(vp, at(win, *near))
    assert f"in base contact with {tank.label}" in win.pointer_hint.text()
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       at(win, *near))
    g = win.game.unit("gren-1")
    assert edge_distance(g.polygon(), tank.polygon()) < 0.01
    win.editor.undo_stack.undo()
    assert (win.game.unit("gren-1").x, win.game.unit("gren-1").y) == (50, 24)
    drag(qtbot, win, [(50, 24), (49, 24), near], modifier=Qt.KeyboardModifier.ControlModifier)
    g = win.game.unit("gren-1")
    assert (g.x, g.y) == pytest.approx(near, abs=0.1)   # where the pointer let go
