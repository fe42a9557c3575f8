"""The framework the tools stand on: the editor's undo stack over the game, the Edit menu's
labels, the tool manager (shortcuts, Esc), the selection and the text beside the pointer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from app.editor import Editor, touched_ids
from app.tools.base import Tool
from engine.edits import AddUnit, DeleteUnit, EditUnit, RemoveTerrain
from engine.model import Change, Game, LogEntry, ModelError, MoveUnit
from tests.app.helpers import at, show_window
from tests.app.test_board import make_scenario


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, make_scenario(), (1000, 700), fit=True)


def test_push_undo_redo_and_signals(qtbot):
    game = Game(make_scenario())
    editor = Editor(game)
    seen = []
    editor.changed.connect(seen.append)
    editor.push(Change([MoveUnit("sherman-1", 14, 20)], label='Move Sherman 1 5.7"'))
    assert (game.unit("sherman-1").x, game.unit("sherman-1").y) == (14.0, 20.0)
    assert editor.undo_stack.undoText() == 'Move Sherman 1 5.7"'
    editor.undo_stack.undo()
    assert (game.unit("sherman-1").x, game.unit("sherman-1").y) == (10, 24)
    editor.undo_stack.redo()
    assert game.unit("sherman-1").x == 14.0
    assert seen == [["sherman-1"]] * 3


def test_a_refused_change_is_not_stacked():
    editor = Editor(Game(make_scenario()))
    with pytest.raises(ModelError, match="unit 'ghost': no such unit"):
        editor.push(Change([MoveUnit("ghost", 1, 1)], label="Move ghost"))
    assert editor.undo_stack.count() == 0


def test_log_appends_and_signals():
    editor = Editor(Game(make_scenario()))
    got = []
    editor.logged.connect(got.append)
    entry = LogEntry(1, "sherman-1", "measure", "gren-1", summary='40.0"')
    editor.log(entry)
    assert editor.game.log == (entry,) and got == [entry]


def test_touched_ids_reads_units_pieces_and_new_records():
    ch = Change([MoveUnit("a", 1, 1), AddUnit({"id": "n"}), RemoveTerrain("wood-1"),
                 EditUnit("a", {"name": "A"})])
    assert touched_ids(ch) == ["a", "n", "wood-1"]


def test_edit_menu_names_what_undo_and_redo_will_do(win):
    win.editor.push(Change([MoveUnit("sherman-1", 12, 24)], label='Move Sherman 1 2.0"'))
    assert win.undo_action.text() == 'Undo Move Sherman 1 2.0"'
    assert win.undo_action.isEnabled() and not win.redo_action.isEnabled()
    win.undo_action.trigger()
    assert win.redo_action.text() == 'Redo Move Sherman 1 2.0"'
    assert win.scene.unit_item("sherman-1").pos() == QPointF(10, 24)
    win.redo_action.trigger()
    assert win.scene.unit_item("sherman-1").pos() == QPointF(12, 24)


def test_ctrl_z_and_ctrl_shift_z_on_the_board(win, qtbot):
    win.editor.push(Change([MoveUnit("gren-1", 45, 20)], label="Move Grenadiers 6.4\""))
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert win.scene.unit_item("gren-1").pos() == QPointF(50, 24)
    qtbot.keyClick(win.view, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert win.scene.unit_item("gren-1").pos() == QPointF(45, 20)


def test_board_follows_added_edited_and_deleted_units(win):
    new = {"id": "new-1", "side": "axis", "profile": "rifle", "x": 30, "y": 40,
           "base": {"shape": "round", "diameter_mm": 25}}
    win.editor.push(Change([AddUnit(new)], label="Place new-1"))
    assert win.scene.unit_item("new-1").pos() == QPointF(30, 40)
    win.editor.push(Change([EditUnit("new-1", {"name": "Newcomer", "side": "allies"})]))
    item = win.scene.unit_item("new-1")
    assert item.label.text == "Newcomer" and item.colour.name() == "#2f5e9e"
    win.select_unit("new-1")
    win.editor.push(Change([DeleteUnit("new-1")], label="Delete Newcomer"))
    assert not win.scene.has_unit("new-1") and win.selected_unit_id is None
    win.undo_action.trigger()
    assert win.scene.unit_item("new-1").label.text == "Newcomer"
    win.editor.push(Change([RemoveTerrain("wood-1")]))
    assert "wood-1" not in win.scene.terrain_items
    win.undo_action.trigger()
    assert win.scene.terrain_item("wood-1").piece is win.game.scenario.piece("wood-1")


def test_opening_another_game_clears_history_and_selection(win):
    win.select_unit("hq-1")
    win.editor.push(Change([MoveUnit("hq-1", 60, 16)]))
    win.set_scenario(make_scenario())
    assert win.editor.undo_stack.count() == 0
    assert win.selected_unit_id is None
    assert win.scene.unit_item("hq-1").unit is win.game.unit("hq-1")


def test_click_selects_a_unit_and_empty_table_clears(win, qtbot):
    vp = win.view.viewport()
    got = []
    win.selection_changed.connect(got.append)
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at(win, 50, 24))
    assert win.selected_unit_id == "gren-1" and got == ["gren-1"]
    assert win.scene.selection_item.isVisible()
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=at(win, 30, 5))  # empty table
    assert win.selected_unit_id is None and got == ["gren-1", None]
    assert not win.scene.selection_item.isVisible()


class Probe(Tool):
    id = "probe"
    label = "Probe"
    shortcut = "P"

    def __init__(self, window):
        super().__init__(window)
        self.events = []

    def press(self, ev, pos):
        self.events.append(("press", pos.x(), pos.y()))
        self.hint(f"{pos.x():.1f}, {pos.y():.1f}")
        return True

    def key(self, ev):
        if ev.key() == Qt.Key.Key_Escape and self.events:
            self.events.clear()  # Esc first cancels the tool's work, then leaves it
            return True
        return False


def test_tool_shortcut_routing_and_escape(win, qtbot):
    probe = Probe(win)
    win.tools.add(probe)
    assert win.tools.active.id == "select"
    win.view.setFocus()
    qtbot.keyClick(win.view, Qt.Key.Key_P)
    assert win.tools.active is probe and win.tools.actions["probe"].isChecked()
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 20, 30))
    assert probe.events == [("press", pytest.approx(20, abs=0.05), pytest.approx(30, abs=0.05))]
    assert win.pointer_hint.isVisible() and win.pointer_hint.text() == "20.0, 30.0"
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert probe.events == [] and win.tools.active is probe
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.tools.active.id == "select"
    with pytest.raises(ValueError, match="tool.id: expected a new"):
        win.tools.add(Probe(win))
