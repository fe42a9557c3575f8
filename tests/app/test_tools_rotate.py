"""Turning the selected unit with R / Shift+R / Alt+R (hull) and Ctrl+R / Ctrl+Alt+R (turret), and
by dragging its handles; each turn is one undo step with a label that names it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.tools.rotate import snap, turn_label
from tests.app.helpers import at, demo_window, drag


@pytest.fixture
def demo(qtbot):
    return demo_window(qtbot)


CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


def select(qtbot, win, x, y):
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, x, y))


def test_snap_and_labels():
    assert snap(100, 15) == 105 and snap(-7, 15) == 0 and snap(352.6, 1) == 353
    assert snap(359.9, 15) == 0.0


def test_keys_turn_hull_and_turret_in_steps_and_undo_exactly(demo, qtbot):
    win = demo
    select(qtbot, win, 12, 18.5)  # Sherman 3, facing 0, turret 0
    unit = win.game.unit("sherman-3")
    assert win.selected_unit_id == "sherman-3"
    view = win.view
    qtbot.keyClick(view, Qt.Key.Key_R)
    assert unit.facing == 15.0
    assert win.undo_action.text() == f"Undo Turn {unit.label} +15° (to 15°)"
    assert win.pointer_hint.text() == f"{unit.label}: facing 15°"
    qtbot.keyClick(view, Qt.Key.Key_R, SHIFT)
    qtbot.keyClick(view, Qt.Key.Key_R, ALT)
    assert unit.facing == 1.0
    qtbot.keyClick(view, Qt.Key.Key_R, ALT | SHIFT)
    qtbot.keyClick(view, Qt.Key.Key_R, ALT | SHIFT)
    assert unit.facing == 359.0
    qtbot.keyClick(view, Qt.Key.Key_R, CTRL)
    qtbot.keyClick(view, Qt.Key.Key_R, CTRL | ALT | SHIFT)
    assert unit.turret == 14.0 and unit.facing == 359.0
    assert win.undo_action.text() == f"Undo Turn {unit.label} turret -1° (to 14°)"
    item = win.scene.unit_item("sherman-3")
    assert item.barrel() is not None
    while win.editor.undo_stack.canUndo():
        win.undo_action.trigger()
    assert (unit.facing, unit.turret) == (0, 0)
    assert win.editor.undo_stack.count() == 7


def test_turret_keys_do_nothing_on_infantry_and_nothing_without_selection(demo, qtbot):
    win = demo
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert win.editor.undo_stack.count() == 0
    select(qtbot, win, 21.5, 7.5)
    qtbot.keyClick(win.view, Qt.Key.Key_R, CTRL)
    assert win.editor.undo_stack.count() == 0
    rotation = win.services.rotation
    assert not next(a for a in rotation.actions if a.text().startswith("Turn turret")).isEnabled()
    qtbot.keyClick(win.view, Qt.Key.Key_R)
    assert win.game.unit("us-1-1").facing == 15.0


@pytest.mark.parametrize("modifier, expected", [(Qt.KeyboardModifier.NoModifier, 105.0),
                                                (SHIFT, 101.0)])
def test_dragging_the_hull_handle_snaps(demo, qtbot, modifier, expected):
    win = demo
    select(qtbot, win, 12, 18.5)
    unit = win.game.unit("sherman-3")
    knob = win.services.rotation.handle_points(unit)["hull"]
    # a point at bearing ~101° from the centre (clockwise from +x, y down)
    target = (12 - 0.95, 18.5 + 5.0)
    drag(qtbot, win, [(knob.x(), knob.y()), (12.5, 20), target], modifier)
    assert unit.facing == expected
    assert (unit.x, unit.y) == (12, 18.5)  # turned, not moved
    assert win.undo_action.text() == turn_label(unit, "hull", expected, expected).replace(
        "Turn", "Undo Turn", 1)
    win.undo_action.trigger()
    assert unit.facing == 0


def test_dragging_the_turret_handle_turns_the_turret_relative_to_the_hull(demo, qtbot):
    win = demo
    select(qtbot, win, 12, 18.5)
    qtbot.keyClick(win.view, Qt.Key.Key_R)  # hull to 15°
    unit = win.game.unit("sherman-3")
    knob = win.services.rotation.handle_points(unit)["turret"]
    drag(qtbot, win, [(knob.x(), knob.y()), (12, 22), (12, 24.5)])  # straight down: 90°
    assert unit.facing == 15.0 and unit.turret == 75.0
    assert win.editor.undo_stack.count() == 2
