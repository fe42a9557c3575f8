"""Hidden docks are built when first shown (app.panels.docks.LazyDock, design.md P6): the
window complete — and the game loaded, units selected, the log written — leaves every
hidden dock unbuilt; shown from its View menu entry (or a tab, or read by code) a dock is
built before its first frame and shows what an eagerly built dock would: the selection
made while it was hidden, the log written meanwhile, the turn of the game. Clicked, it
works."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.panels.docks import LazyDock, dock_widgets
from app.window import MainWindow
from tests.app.test_panels_support import choose, click, select_unit


def view_toggle(win: MainWindow, text: str):
    return next(a for a in win.view_menu.actions() if a.text() == text)


@pytest.fixture
def win(qtbot):
    """The program's way: modules held back, shown, completed, then the demo loaded."""
    w = MainWindow(defer_modules=True)
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    with qtbot.waitSignal(w.startup_finished, timeout=10000):
        w.show()
        w.finish_startup_after_paint()
    assert w.open_demo()
    return w


def lazy_docks(win: MainWindow) -> list[LazyDock]:
    return [d for d in dock_widgets(win) if isinstance(d, LazyDock)]


def test_no_dock_is_made_through_start_game_and_play(win, qtbot):
    """The window complete has the docks' View menu entries, not the docks: none is made,
    and none of their modules is imported, until one is wanted."""
    import sys

    from app.panels.dock_catalog import DOCKS

    select_unit(qtbot, win, "us-1-1")
    win.tools.activate("measure")
    assert lazy_docks(win) == []
    assert [view_toggle(win, t).shortcut().toString() for t in
            ("&Log", "&Turn", "&Actions", "&Tests", "&Organisation")] == [
        "Ctrl+L", "Ctrl+T", "Ctrl+Shift+A", "Ctrl+Shift+T", "Ctrl+Shift+O"]
    if "app.panels.action_panel" not in sys.modules:  # another test in this process may
        assert not [e.module for e in DOCKS if e.module in sys.modules]  # have made one


def test_a_dock_read_by_code_is_made_hidden_and_unbuilt(win, qtbot):
    made = [win.services.action_panel, win.services.tests_dock, win.services.turn_dock,
            win.services.log_dock, win.services.organisation_dock]
    assert {d.objectName() for d in lazy_docks(win)} == {
        "action-panel", "tests-dock", "turn_dock", "log_dock", "organisation_dock"}
    assert all(not d.built and d.widget() is None and not d.isVisible() for d in made)
    # its View menu entry is now the dock's own toggle, in the same place
    assert view_toggle(win, "&Actions") is made[0].toggleViewAction()
    assert view_toggle(win, "&Actions").shortcut().toString() == "Ctrl+Shift+A"


def test_the_actions_dock_shown_late_acts_for_the_unit_selected_while_hidden(win, qtbot):
    select_unit(qtbot, win, "us-1-1")
    panel = win.services.action_panel
    assert not panel.built
    view_toggle(win, "&Actions").trigger()
    assert panel.built and panel.isVisible()
    assert panel.actor_box.currentData() == "us-1-1"
    offered = [panel.action_box.itemData(i) for i in range(panel.action_box.count())]
    assert "shoot" in offered
    choose(qtbot, panel.action_box, "shoot")
    assert panel.action_box.currentData() == "shoot"
    assert panel.roles_view.part("targets", "pick") is not None
    # the Tests dock, tabbed with it, is built only when its own tab is shown
    assert not win.services.tests_dock.built
    view_toggle(win, "&Tests").trigger()
    tests = win.services.tests_dock
    assert tests.built and tests.actor_box.currentData() == "us-1-1"


def test_the_turn_dock_shown_late_runs_the_game_turn(win, qtbot):
    dock = win.services.turn_dock
    view_toggle(win, "&Turn").trigger()
    assert dock.built and dock.isVisible()
    assert dock.turn_label.text() == "Turn 1"
    log_before = len(win.game.log)
    click(qtbot, dock.next_button)   # a turn step: logged and shown in the dock
    assert len(win.game.log) > log_before or dock.message.text()


def test_the_log_dock_shown_late_lists_what_was_logged_while_hidden(win, qtbot):
    dock = win.services.log_dock
    game = win.game
    from engine.model import LogEntry

    before = len(game.log)
    win.editor.log(LogEntry(turn=game.turn, actor="us-1-1", action="note", summary="a note"))
    win.editor.log(LogEntry(turn=game.turn, actor="gren-1", action="note", summary="other"))
    assert not dock.built
    view_toggle(win, "&Log").trigger()
    assert dock.built and dock.isVisible()
    assert dock.model.rowCount() == before + 2
    assert dock.count_label.text() == f"{before + 2} entries"
    choose(qtbot, dock.unit_box, "us-1-1")
    assert dock.proxy.unit == "us-1-1"
    assert [e.summary for _, e in dock.shown()][-1:] == ["a note"]
    assert "other" not in [e.summary for _, e in dock.shown()]


def test_reading_a_hidden_dock_builds_it(win):
    dock = win.services.organisation_dock
    assert not dock.built
    sides = [dock.side.itemData(i) for i in range(dock.side.count())]  # read by code:
    assert dock.built and not dock.isVisible()                         # built, filled
    assert {"allies", "axis"} <= set(sides)


def test_the_organisation_dock_shown_from_its_tab_lists_the_groups(win, qtbot):
    dock = win.services.organisation_dock
    view_toggle(win, "&Organisation").trigger()
    assert dock.built and dock.isVisible()
    qtbot.waitUntil(lambda: dock.tree.topLevelItemCount() > 0, timeout=2000)
    first = dock.tree.topLevelItem(0)
    rect = dock.tree.visualItemRect(first)
    qtbot.mouseClick(dock.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert dock.tree.currentItem() is first


def test_a_tool_panel_is_built_when_its_tool_is_chosen(win, qtbot):
    """The Template, Units and Terrain tools' panels wait for their tool: chosen from the
    toolbar, the panel is shown built and its controls drive the tool."""
    panels = {tid: win.tools.tools[tid].panel for tid in ("template", "units", "terrain")}
    assert all(not p.built for p in panels.values())
    win.tools.actions["template"].trigger()
    tool = win.tools.tools["template"]
    assert tool.panel.built and tool.panel.isVisible()
    assert not panels["units"].built and not panels["terrain"].built
    choose(qtbot, tool.panel.shape, "blast-5")
    assert tool.shape == "blast-5"
    choose(qtbot, tool.panel.scheme, "d6")   # the wiring: the panel follows its scheme
    assert tool.panel.accuracy.isEnabled()
    win.tools.actions["units"].trigger()
    units = win.tools.tools["units"]
    assert units.panel.built and units.panel.profiles.count() > 0
    select_unit(qtbot, win, "us-1-1")
    assert win.tools.active.id == "select"
    win.tools.actions["units"].trigger()
    assert units.panel.unit_id.text() == "us-1-1"
