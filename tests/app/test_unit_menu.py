"""The menu on a unit: a real right-click on the board pops it up; its entries open the
Actions dock on that unit and action, press the Turn dock's buttons for it, open its
properties in the units tool and remove it as one undoable change — all translated."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.app.helpers import at, demo_window
from tests.app.russian import Russian
from tests.app.test_tools_russian import no_english


@pytest.fixture
def demo(qtbot):
    return demo_window(qtbot)


def right_click(qtbot, win, x: float, y: float):
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.RightButton, pos=at(win, x, y))
    menu = win.modules["app.unit_menu"].menu
    assert menu is not None
    return menu


def entries(menu) -> dict[str, object]:
    return {a.objectName() or a.text(): a for a in menu.actions() if not a.isSeparator()}


def sub(menu, name: str):
    return next(a.menu() for a in menu.actions() if a.menu() is not None
                and a.menu().objectName() == name)


def test_a_right_click_on_a_unit_pops_its_menu_and_selects_it(demo, qtbot):
    win = demo
    menu = right_click(qtbot, win, 21.5, 7.5)  # Pfc. Dawson
    assert win.selected_unit_id == "us-1-1"
    assert menu.isVisible()
    assert menu.actions()[0].text() == "Pfc. Dawson"  # the section names the unit
    names = [a.text() for a in sub(menu, "unit-actions").actions()]
    assert names and all(n and "_" not in n for n in names)  # names, not ids
    assert "unit-properties" in entries(menu) and "unit-remove" in entries(menu)
    menu.close()
    win.modules["app.unit_menu"].menu = None
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.RightButton, pos=at(win, 30, 3))
    assert win.modules["app.unit_menu"].menu is None  # empty table: no unit menu


def test_an_action_entry_opens_the_actions_dock_on_that_unit_and_action(demo, qtbot):
    win = demo
    menu = right_click(qtbot, win, 21.5, 9.0)  # Pvt. Morales
    actions = sub(menu, "unit-actions").actions()
    panel = win.services.action_panel
    last = actions[-1]
    last.trigger()
    assert panel.isVisible()
    assert panel.actor_id == "us-1-2"
    assert panel.action_box.currentText() == last.text()
    assert panel.action_box.currentIndex() == len(actions) - 1


def test_remove_is_one_undoable_change_and_properties_open_the_unit_editor(demo, qtbot):
    win = demo
    menu = right_click(qtbot, win, 21.5, 10.5)  # Pvt. O'Neill
    entries(menu)["unit-remove"].trigger()
    assert not win.game.on_table("us-1-3") and not win.scene.has_unit("us-1-3")
    win.undo_action.trigger()
    assert win.game.on_table("us-1-3") and win.scene.has_unit("us-1-3")
    menu = right_click(qtbot, win, 21.5, 10.5)
    entries(menu)["unit-properties"].trigger()
    tool = win.tools.active
    assert tool.id == "units" and tool.panel.isVisible()
    assert tool.panel.unit_id.text() == "us-1-3"
    assert tool.panel.name.text() == win.game.unit("us-1-3").name


def test_the_turn_entries_are_the_turn_docks_buttons_pressed_for_the_unit(demo, qtbot):
    win = demo
    dock = win.services.turn_dock
    menu = right_click(qtbot, win, 9, 24)  # Sherman 1
    turn = [a for a in sub(menu, "unit-turn").actions() if not a.isSeparator()]
    shown = {b.text() for b in dock.shown_buttons()}
    assert turn and {a.text() for a in turn} <= shown
    spend = next(a for a in turn if a.text().startswith("Spend"))
    before = win.editor.undo_stack.count()
    spend.trigger()
    assert dock.isVisible() and dock.selected_unit() == "sherman-1"
    assert win.editor.undo_stack.count() == before + 1  # the dock's own step, undoable
    assert "Sherman 1" in win.editor.undo_stack.text(before)


def test_every_entry_is_in_russian(qtbot, qm_folder):
    with Russian(qm_folder):
        win = demo_window(qtbot)
        menu = right_click(qtbot, win, 21.5, 7.5)
        texts = [a.text() for a in menu.actions() if not a.isSeparator()]
        for name in ("unit-actions", "unit-turn"):
            texts += [a.text() for a in sub(menu, name).actions() if not a.isSeparator()]
        menu.close()
    assert len(texts) > 6
    no_english(texts, "Pfc. Dawson")
