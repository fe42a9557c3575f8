"""Rubber-band selection and the group move with the select tool, through real mouse events:
Shift and a drag on empty table chooses the units the band touches; a drag of one of them
moves them all by the same vector as ONE undoable change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from tests.app.helpers import at, demo_window, drag

SHIFT = Qt.KeyboardModifier.ShiftModifier
SQUAD = ["us-1-1", "us-1-2", "us-1-3"]  # Dawson, Morales, O'Neill: x 21.5, y 7.5 / 9 / 10.5


@pytest.fixture
def demo(qtbot):
    return demo_window(qtbot)


def band(qtbot, win, a, b) -> None:
    drag(qtbot, win, [a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), b], modifier=SHIFT)


def test_a_band_chooses_three_units_and_one_drag_moves_them_as_one_undo(demo, qtbot):
    win = demo
    game = win.game
    before = {u: (game.unit(u).x, game.unit(u).y) for u in SQUAD}
    others = {u.id: (u.x, u.y) for u in game.scenario.units if u.id not in SQUAD}
    band(qtbot, win, (19.5, 6.5), (23.5, 11.0))
    tool = win.tools.active
    assert sorted(tool.band.ids) == sorted(SQUAD)
    outline = tool.band.outline()
    assert outline is not None and outline.isVisible()
    for u in SQUAD:  # every chosen base is outlined
        assert outline.path().contains(QPointF(*before[u]))
    count = win.editor.undo_stack.count()
    drag(qtbot, win, [(21.5, 9.0), (22.5, 9.5), (24.5, 10.0)])  # grab Morales: +3", +1"
    for u in SQUAD:
        x, y = before[u]
        assert (game.unit(u).x, game.unit(u).y) == pytest.approx((x + 3.0, y + 1.0))
        assert win.scene.unit_item(u).pos() == QPointF(x + 3.0, y + 1.0)
    assert {u.id: (u.x, u.y) for u in game.scenario.units if u.id not in SQUAD} == others
    assert win.editor.undo_stack.count() == count + 1  # one step for the three
    assert win.undo_action.text() == 'Undo Move 3 units 3.2"'
    win.undo_action.trigger()
    for u in SQUAD:
        assert (game.unit(u).x, game.unit(u).y) == before[u]
        assert win.scene.unit_item(u).pos() == QPointF(*before[u])
    win.redo_action.trigger()
    assert (game.unit("us-1-1").x, game.unit("us-1-1").y) == pytest.approx((24.5, 8.5))


def test_esc_puts_a_dragged_group_back_and_a_plain_drag_still_pans(demo, qtbot):
    win = demo
    game = win.game
    band(qtbot, win, (19.5, 6.5), (23.5, 11.0))
    drag(qtbot, win, [(21.5, 9.0), (23.5, 9.0)], release=False)
    assert win.scene.unit_item("us-1-1").pos() == QPointF(23.5, 7.5)
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    qtbot.mouseRelease(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 23.5, 9))
    assert win.scene.unit_item("us-1-1").pos() == QPointF(21.5, 7.5)
    assert (game.unit("us-1-1").x, game.unit("us-1-1").y) == (21.5, 7.5)
    assert win.editor.undo_stack.count() == 0
    centre = win.view.view_centre()
    drag(qtbot, win, [(30, 3), (28, 3), (26, 3)])  # no Shift on empty table: a pan
    assert win.view.view_centre() != centre
    assert win.tools.active.band.ids == []  # the click on empty table let the group go


def test_a_click_on_a_unit_outside_the_band_lets_the_group_go(demo, qtbot):
    win = demo
    band(qtbot, win, (19.5, 6.5), (23.5, 11.0))
    tool = win.tools.active
    drag(qtbot, win, [(21.5, 15.0)])  # Grant, not in the band: chosen alone
    assert tool.band.ids == [] and tool.band.outline() is None
    assert win.selected_unit_id == "us-1-5"
