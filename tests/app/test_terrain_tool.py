"""The terrain editor driven with real mouse and key events: drawing polygons and lines,
refusing a self-crossing outline, selecting, moving, reshaping, changing the kind and
deleting a piece — each one undoable change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece
from tests.app.helpers import at, click_board, drag_line, show_window

HOUSE = [(20.0, 10.0), (26.0, 10.0), (26.0, 15.0), (20.0, 15.0)]


def scenario() -> Scenario:
    terrain = [TerrainPiece("house-1", "building", polygon=list(HOUSE)),
               TerrainPiece("wall-1", "wall", line=[(30.0, 30.0), (40.0, 30.0)])]
    units = [Unit("a", "allies", "rifleman", 50, 40, BaseShape.round(25))]
    return Scenario("Terrain test", "iron-hearts", Table(72, 48, 10), terrain, units)


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, scenario(), (1200, 760), fit=True)


def terrain_tool(win, qtbot):
    qtbot.keyClick(win.view, Qt.Key.Key_E)
    tool = win.tools.active
    assert tool.id == "terrain" and tool.panel.isVisible()
    return tool


def tol(win):
    return 1.5 / win.view.px_per_inch()  # a click lands within a pixel or so


def ids(win):
    return [p.id for p in win.game.scenario.terrain]


def test_draw_a_woods_polygon_closed_by_double_click(win, qtbot):
    tool = terrain_tool(win, qtbot)
    tool.panel.set_kind("woods")
    qtbot.mouseClick(tool.panel.draw_mode, Qt.MouseButton.LeftButton)
    assert tool.mode == "draw"
    corners = [(40, 5), (50, 5), (50, 12)]
    for x, y in corners:
        click_board(qtbot, win, x, y)
    click_board(qtbot, win, 44, 14)  # a double-click's first click adds the last vertex …
    qtbot.mouseDClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                      pos=at(win, 44, 14))  # … and the double-click closes
    wood = win.game.scenario.piece("woods-1")
    assert wood.kind == "woods" and len(wood.polygon) == 4
    for got, want in zip(wood.polygon, [*corners, (44, 14)], strict=True):
        assert got == pytest.approx(want, abs=tol(win))
    assert "woods-1" in win.scene.terrain_items
    assert win.editor.undo_stack.undoText() == "Add woods woods-1"
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert ids(win) == ["house-1", "wall-1"] and "woods-1" not in win.scene.terrain_items
    win.editor.undo_stack.redo()
    assert ids(win) == ["house-1", "wall-1", "woods-1"]


def test_self_crossing_outline_is_refused(win, qtbot):
    tool = terrain_tool(win, qtbot)
    tool.panel.set_kind("rough")
    tool.set_mode("draw")
    for x, y in [(40, 20), (50, 30), (50, 20), (40, 30)]:  # a bow tie
        click_board(qtbot, win, x, y)
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert "crosses itself" in tool.panel.message.text()
    assert ids(win) == ["house-1", "wall-1"] and win.editor.undo_stack.count() == 0
    # take back the last vertex, then click the first vertex to close a triangle
    qtbot.keyClick(win.view, Qt.Key.Key_Backspace)
    click_board(qtbot, win, 40, 20)
    assert ids(win) == ["house-1", "wall-1", "rough-1"]
    assert len(win.game.scenario.piece("rough-1").polygon) == 3


def test_draw_a_wall_line_finished_by_enter(win, qtbot):
    tool = terrain_tool(win, qtbot)
    tool.panel.set_kind("hedge")
    tool.set_mode("draw")
    click_board(qtbot, win, 5, 40)
    click_board(qtbot, win, 15, 40)
    click_board(qtbot, win, 15, 45)
    qtbot.keyClick(win.view, Qt.Key.Key_Enter)
    hedge = win.game.scenario.piece("hedge-1")
    assert hedge.polygon is None and len(hedge.line) == 3
    assert hedge.line[2] == pytest.approx((15, 45), abs=tol(win))
    # one point is not a line
    click_board(qtbot, win, 5, 46)
    qtbot.keyClick(win.view, Qt.Key.Key_Enter)
    assert "needs at least 2 points" in tool.panel.message.text()


def test_select_and_move_a_piece(win, qtbot):
    terrain_tool(win, qtbot)
    tool = win.tools.active
    drag_line(qtbot, win, (23, 12), (33, 17))
    assert tool.selected == "house-1"
    house = win.game.scenario.piece("house-1")
    dx, dy = house.polygon[0][0] - 20, house.polygon[0][1] - 10
    assert (dx, dy) == pytest.approx((10, 5), abs=2 * tol(win))
    for (x, y), want in zip(house.polygon, HOUSE, strict=True):
        assert (x - dx, y - dy) == pytest.approx(want, abs=1e-3)
    assert win.editor.undo_stack.undoText().startswith("Move house-1 11.")
    assert win.scene.terrain_items["house-1"].pos() == QPointF(0, 0)
    win.editor.undo_stack.undo()
    assert win.game.scenario.piece("house-1").polygon == HOUSE


def test_drag_a_vertex_and_a_bad_vertex_move_is_refused(win, qtbot):
    tool = terrain_tool(win, qtbot)
    click_board(qtbot, win, 23, 12)
    assert tool.selected == "house-1"
    drag_line(qtbot, win, (26, 15), (28, 18))
    house = win.game.scenario.piece("house-1")
    assert house.polygon[2] == pytest.approx((28, 18), abs=tol(win))
    assert house.polygon[:2] == HOUSE[:2] and house.polygon[3] == HOUSE[3]
    assert win.editor.undo_stack.undoText() == "Reshape house-1"
    # dragging a corner across the far side makes the outline cross itself: refused
    drag_line(qtbot, win, (20, 15), (30, 12))
    assert "crosses itself" in tool.panel.message.text()
    assert win.game.scenario.piece("house-1").polygon[3] == HOUSE[3]
    win.editor.undo_stack.undo()
    assert win.game.scenario.piece("house-1").polygon == HOUSE


def test_delete_with_del_and_undo(win, qtbot):
    tool = terrain_tool(win, qtbot)
    click_board(qtbot, win, 35, 30)  # on the wall line
    assert tool.selected == "wall-1"
    qtbot.keyClick(win.view, Qt.Key.Key_Delete)
    assert ids(win) == ["house-1"] and "wall-1" not in win.scene.terrain_items
    assert win.editor.undo_stack.undoText() == "Delete wall wall-1"
    win.editor.undo_stack.undo()
    assert ids(win) == ["house-1", "wall-1"] and "wall-1" in win.scene.terrain_items


def test_kind_box_sets_the_selected_pieces_kind(win, qtbot):
    tool = terrain_tool(win, qtbot)
    click_board(qtbot, win, 23, 12)
    assert tool.panel.kind_value() == "building"
    tool.panel.set_kind("fortification")
    assert win.game.scenario.piece("house-1").kind == "fortification"
    assert win.editor.undo_stack.undoText() == "Make house-1 fortification"
    tool.panel.set_kind("wall")  # an area cannot become a line
    assert "cannot become a wall" in tool.panel.message.text()
    assert win.game.scenario.piece("house-1").kind == "fortification"
    assert tool.panel.kind_value() == "fortification"
    win.editor.undo_stack.undo()
    assert win.game.scenario.piece("house-1").kind == "building"


def test_a_drag_that_starts_on_a_unit_leaves_the_terrain_beneath_alone(win, qtbot):
    """Units stand on terrain: grabbing where a unit stands must not drag the piece under it."""
    game = win.game
    game.scenario.units.append(Unit("b", "axis", "rifleman", 23, 12.5, BaseShape.round(25)))
    win.scene.sync(["b"])
    terrain_tool(win, qtbot)
    before = list(game.scenario.piece("house-1").polygon)
    drag_line(qtbot, win, (23, 12.5), (33, 20))
    assert game.scenario.piece("house-1").polygon == before
    assert not win.editor.undo_stack.canUndo()
    drag_line(qtbot, win, (21, 11), (31, 18.5))  # clear of the unit, the house moves
    assert game.scenario.piece("house-1").polygon[0] == pytest.approx((30.0, 17.5), abs=0.05)
