"""One-key board shortcuts (M, E, U, F, R …) belong to the board: a letter typed into a dock's
list or field must not switch the tool under the player."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDockWidget

from app.window import build_window
from engine.scenario_io import load_demo


def _window(qtbot):
    win = build_window([])
    win.set_scenario(load_demo())
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_a_letter_typed_in_a_dock_does_not_switch_the_tool(qtbot):
    win = _window(qtbot)
    combo = QComboBox()
    combo.addItems(["Engage", "Evade"])
    dock = QDockWidget("probe", win)
    dock.setWidget(combo)
    win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus)
    assert win.tools.active.id == "select"
    for key in (Qt.Key.Key_E, Qt.Key.Key_M, Qt.Key.Key_U):
        qtbot.keyClick(combo, key)
    assert win.tools.active.id == "select"


def test_the_same_letter_on_the_board_switches_the_tool(qtbot):
    win = _window(qtbot)
    win.view.setFocus()
    qtbot.waitUntil(win.view.hasFocus)
    qtbot.keyClick(win.view, Qt.Key.Key_M)
    assert win.tools.active.id == "measure"


def test_the_panels_pick_tool_is_not_a_toolbar_button(qtbot):
    """Picking only means something when a panel asks for it, so it has no button."""
    win = _window(qtbot)
    labels = [a.text() for a in win.toolbar.actions()]
    assert "Measure" in labels and "Pick" not in labels
    assert "Pick" not in [a.text() for a in win.tools_menu.actions()]
    assert "pick" in win.tools.tools


def test_the_board_has_the_keys_when_the_window_opens(qtbot):
    """A player who opens the program and presses M measures: no click on the board first,
    also once the held-back docks are in."""
    win = _window(qtbot)
    win.activateWindow()
    win.finish_startup()
    qtbot.waitUntil(win.view.hasFocus)
    qtbot.keyClick(win.focusWidget(), Qt.Key.Key_M)
    assert win.tools.active.id == "measure"
