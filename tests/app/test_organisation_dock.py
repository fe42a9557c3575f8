"""The Organisation dock (pytest-qt, offscreen): the groups as a tree, a group built by
clicks, every edit undoable and saved with the game; the ruleset's hooks (kinds it offers,
its check naming the rule, refusals, a lock once the battle has started) with the
override."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent

from engine.gamefile import load_game
from engine.model import Change, SetGame
from engine.rulesets.registry import register, unregister
from engine.scenario_io import loads_scenario
from tests.app.helpers import LEFT, NO_MODIFIER, show_window
from tests.app.test_groups_board import DOC
from tests.engine.test_organisation import ORG


@pytest.fixture(autouse=True)
def config_dir(tmp_path, monkeypatch):
    """The recent-files list (Save As adds to it) goes to a folder of this test's own."""
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def win(qtbot):
    register(ORG)
    doc = copy.deepcopy(DOC)
    doc["ruleset"] = "toy-org"
    w = show_window(qtbot, loads_scenario(json.dumps(doc)), (1200, 800))
    w.services.organisation_dock.show()
    yield w
    unregister(ORG.id)


def click_item(qtbot, dock, ident, parent=None, modifier=NO_MODIFIER):
    item = dock.item_of(ident, parent)
    assert item is not None, ident
    dock.tree.scrollToItem(item)
    rect = dock.tree.visualItemRect(item)
    qtbot.mouseClick(dock.tree.viewport(), LEFT, modifier, rect.center())
    return item


def texts(dock) -> list[tuple[int, str, str, str]]:
    """(depth, name, kind, post) of every row of the tree, in order."""
    out = []
    for item in dock._items():
        depth, p = 0, item.parent()
        while p is not None:
            depth, p = depth + 1, p.parent()
        out.append((depth, item.text(0), item.text(1), item.text(2)))
    return out


def notes(dock) -> list[str]:
    return [dock.notes.item(i).text() for i in range(dock.notes.count())]


def test_the_tree_shows_groups_members_posts_and_the_units_in_no_group(win):
    dock = win.services.organisation_dock
    assert win.services.docks.made["organisation_dock"] is dock
    assert texts(dock) == [
        (0, "bn  (off the table)", "HQ", ""),   # the kind's label
        (1, "1st platoon", "platoon", ""),
        (2, "Able", "squad", ""), (3, "a1", "", ""), (3, "a2", "", ""),
        (2, "Baker", "squad", ""), (3, "b1", "", ""), (3, "b2", "", ""),
        (2, "lt", "", "★ commander"),
        (0, "Not in a group", "", ""), (1, "x1", "", ""),
    ]
    # the ruleset's check, each message naming its rule; its kinds (a Russian interface
    # shows their Russian labels: test_russian_walk)
    assert "⚠ sq-a: a squad has a leader (§T.1)" in notes(dock)
    assert "⚠ sq-b: a squad has a leader (§T.1)" in notes(dock)
    assert [dock.kind.itemText(i) for i in range(dock.kind.count())] == [
        "squad", "team", "platoon", "HQ"]
    assert not dock.kind.isEditable()  # the ruleset's kinds and no other


def test_a_group_built_by_clicks_undone_redone_saved_and_reopened(win, qtbot, tmp_path):
    dock = win.services.organisation_dock
    click_item(qtbot, dock, "x1")
    qtbot.mouseClick(dock.new_button, LEFT)
    game = win.editor.game
    new = game.group("squad-1")
    assert (new.kind, new.members, new.side) == ("squad", ["x1"], "axis")
    assert dock.current_group() == "squad-1"
    # rename it: type the name and press Enter
    dock.name.clear()
    qtbot.keyClicks(dock.name, "Xray")
    qtbot.keyClick(dock.name, Qt.Key.Key_Return)
    assert game.group("squad-1").name == "Xray"
    # its kind from the ruleset's list (the keyboard picks the next entry: team)
    qtbot.keyClick(dock.kind, Qt.Key.Key_Down)
    assert game.group("squad-1").kind == "team"
    # x1 is its commander: select it under the group, click the button
    click_item(qtbot, dock, "x1", "squad-1")
    qtbot.mouseClick(dock.commander_button, LEFT)
    assert game.group("squad-1").commander == "x1"
    assert (2 - 1, "x1", "", "★ commander") in texts(dock)
    # a2 becomes Baker's deputy after moving there through the "Move into" list
    click_item(qtbot, dock, "a2", "sq-a")
    dock.into.setCurrentIndex(dock.into.findData("sq-b"))
    qtbot.mouseClick(dock.into_button, LEFT)
    assert game.group("sq-a").members == ["a1"]
    assert game.group("sq-b").members == ["b1", "b2", "a2"]
    click_item(qtbot, dock, "a2", "sq-b")
    qtbot.mouseClick(dock.deputy_button, LEFT)
    assert game.group("sq-b").deputy == "a2"
    outlines = win.services.groups.layer.outlines
    assert outlines["sq-b"].path.contains(QPointF(12, 10))  # the board too

    # every edit is one step of the board's undo stack
    stack = win.editor.undo_stack
    labels = [stack.text(i) for i in range(stack.count())]
    assert labels == ["Form New squad", "Rename New squad → Xray", "New squad: kind team"
                      .replace("New squad", "Xray"), "Xray: x1 is commander",
                      "Move a2 into Baker", "Baker: a2 is deputy"]
    for _ in labels:
        win.undo_action.trigger()
    assert [g.id for g in game.scenario.groups] == ["sq-a", "sq-b", "pl-1", "bn"]
    assert game.group("sq-a").members == ["a1", "a2"] and game.group("sq-b").deputy is None
    assert dock.item_of("squad-1") is None
    for _ in labels:
        win.redo_action.trigger()
    assert game.group("squad-1").name == "Xray" and game.group("sq-b").deputy == "a2"

    # saved with the game (File ▸ Save As), reopened whole
    path = tmp_path / "org.warboard"
    assert win.services.files.save_as(path)
    again = load_game(path)
    assert [dataclasses.astuple(g) for g in again.scenario.groups] == \
        [dataclasses.astuple(g) for g in game.scenario.groups]
    assert win.open_path(path)
    assert win.editor.game is not game
    assert ("Xray", "team") in [(r[1], r[2]) for r in texts(win.services.organisation_dock)]


def test_a_drop_on_a_group_moves_the_dragged_items_into_it(win, qtbot):
    dock = win.services.organisation_dock
    click_item(qtbot, dock, "x1")
    target = dock.item_of("sq-a")
    mime = dock.tree.mimeData(dock.tree.selectedItems())
    pos = QPointF(dock.tree.visualItemRect(target).center())
    drop = QDropEvent(pos, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    dock.tree.dropEvent(drop)
    assert win.editor.game.group("sq-a").members == ["a1", "a2", "x1"]
    assert "Not in a group" not in [r[1] for r in texts(dock)]  # x1 was the only one
    # taken out again: back under "Not in a group"
    click_item(qtbot, dock, "x1", "sq-a")
    qtbot.mouseClick(dock.out_button, LEFT)
    assert win.editor.game.group("sq-a").members == ["a1", "a2"]
    assert texts(dock)[-2:] == [(0, "Not in a group", "", ""), (1, "x1", "", "")]


def test_a_refusing_check_refuses_the_edit_unless_overridden(win, qtbot):
    dock = win.services.organisation_dock
    game = win.editor.game
    click_item(qtbot, dock, "b1", "sq-b")
    click_item(qtbot, dock, "b2", "sq-b", Qt.KeyboardModifier.ControlModifier)
    dock.into.setCurrentIndex(dock.into.findData("sq-a"))
    qtbot.mouseClick(dock.into_button, LEFT)
    assert game.group("sq-a").members == ["a1", "a2"]  # nothing changed
    assert dock.message.text() == "sq-a: at most 3 men in a squad (§T.2)"
    assert win.editor.undo_stack.count() == 0
    dock.override.click()
    qtbot.mouseClick(dock.into_button, LEFT)
    assert game.group("sq-a").members == ["a1", "a2", "b1", "b2"]
    assert win.editor.undo_stack.text(0).endswith("(override)")
    assert "✖ sq-a: at most 3 men in a squad (§T.2)" in notes(dock)


def test_a_kind_the_ruleset_does_not_offer_is_refused_naming_the_field(win):
    dock = win.services.organisation_dock
    dock._select([("group", "sq-a")])
    assert not dock.set_kind("battalion")
    assert dock.message.text().startswith("edit_group.changes.kind (effect 1): 'battalion' "
                                          "is not a kind of group this ruleset has")


def test_once_the_battle_has_started_the_organisation_is_locked(win, qtbot):
    dock = win.services.organisation_dock
    win.editor.push(Change([SetGame("turn", 2)], "turn 2"))
    assert dock.lock.text() == ("The organisation can no longer be edited: the battle "
                                "has started (turn 2)")
    click_item(qtbot, dock, "sq-a")
    qtbot.mouseClick(dock.delete_button, LEFT)
    assert "the battle has started" in dock.message.text()
    assert [g.id for g in win.editor.game.scenario.groups] == ["sq-a", "sq-b", "pl-1", "bn"]
    dock.override.click()
    qtbot.mouseClick(dock.delete_button, LEFT)
    assert [g.id for g in win.editor.game.scenario.groups] == ["sq-b", "pl-1", "bn"]
    assert win.editor.game.group("pl-1").members == ["sq-b"]


def test_a_ruleset_without_hooks_offers_any_kind_and_never_locks(qtbot):
    w = show_window(qtbot, loads_scenario(json.dumps(DOC)), (1000, 700))  # "toy": unknown
    dock = w.services.organisation_dock
    assert dock.kind.isEditable()
    assert "squad" in [dock.kind.itemData(i) for i in range(dock.kind.count())]
    w.editor.push(Change([SetGame("turn", 5)], "turn 5"))
    assert not dock.lock.text()
    assert notes(dock) == ["No remarks."]
    dock._select([("group", "sq-a")])
    dock.kind.setEditText("fire team")
    dock.kind.lineEdit().editingFinished.emit()
    assert w.editor.game.group("sq-a").kind == "fire team"
