"""The board keeps its room (issue 16), at 1280×800 and 1920×1080: a target picked in the
Actions dock from a long list, the Tests dock, a tool's panel — none takes the board below
60 % of the window's width, and a fitted table stays whole in view as the board narrows
(issue 39: it is fitted again). The user may drag a dock wider; a window resized refits a
fitted table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QScrollArea

from app.room import BOARD_SHARE
from engine.scenario_io import load_demo
from tests.app.helpers import show_window

SIZES = [(1280, 800), (1920, 1080)]


def settle(qtbot) -> None:
    qtbot.wait(30)  # the room is kept once the layout has settled (a zero timer)


def board_share(win) -> float:
    return win.view.width() / win.width()


def assert_table_in_view(win) -> None:
    """The fitted table is whole in the view (fitted again when the board narrowed)."""
    shown = win.view.visible_table_rect().adjusted(-0.1, -0.1, 0.1, 0.1)
    assert shown.contains(win.scene.table_rect()), (shown, win.scene.table_rect())


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def win(qtbot, request):
    w = show_window(qtbot, load_demo(), request.param, fit=True)
    settle(qtbot)
    return w


def test_picking_a_target_from_a_long_list_keeps_the_board_room(win, qtbot):
    size = win.size()
    win.select_unit("gren-1")
    win.services.action_panel.toggleViewAction().trigger()
    settle(qtbot)
    panel = win.services.action_panel
    panel.action_box.setCurrentIndex(panel.action_box.findData("shoot"))
    targets = panel.roles_view.editor("target").combo
    assert targets.count() > 20   # the long list
    longest = max(range(targets.count()), key=lambda i: len(targets.itemText(i)))
    targets.setCurrentIndex(longest)
    targets.activated.emit(longest)
    settle(qtbot)
    assert panel.isVisible()
    assert board_share(win) >= BOARD_SHARE - 0.01, (win.view.width(), win.width())
    assert win.size() == size           # the window did not grow to hold the dock
    assert_table_in_view(win)


def test_the_tests_dock_and_a_tool_panel_keep_it_too(win, qtbot):
    win.services.tests_dock.toggleViewAction().trigger()
    settle(qtbot)
    assert board_share(win) >= BOARD_SHARE - 0.01
    win.tools.activate("template")
    settle(qtbot)
    assert board_share(win) >= BOARD_SHARE - 0.01
    assert_table_in_view(win)
    win.tools.activate("select")
    settle(qtbot)
    assert_table_in_view(win)


def test_every_dock_scrolls_its_contents(win, qtbot):
    win.services.action_panel.show()
    win.tools.activate("units")
    settle(qtbot)
    docks = [d for d in win.findChildren(QDockWidget) if d.widget() is not None]
    assert docks
    assert all(isinstance(d.widget(), QScrollArea) for d in docks), \
        [d.objectName() for d in docks if not isinstance(d.widget(), QScrollArea)]


def test_the_user_may_drag_a_dock_wider(win, qtbot):
    win.services.action_panel.show()
    settle(qtbot)
    wide = int(win.width() * 0.55)
    win.resizeDocks([win.services.action_panel], [wide], Qt.Orientation.Horizontal)  # the separator
    settle(qtbot)
    assert win.services.action_panel.width() >= wide - 10
    assert board_share(win) < BOARD_SHARE


def test_a_window_resized_refits_a_fitted_table(win, qtbot):
    scale = win.view.px_per_inch()
    win.resize(win.width() - 300, win.height() - 200)
    settle(qtbot)
    assert win.view.px_per_inch() < scale
