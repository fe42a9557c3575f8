"""The Turn dock: buttons run engine.turns through the editor (undoable, logged), the dock
follows the model live, and undo restores it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from app.editor import Editor
from app.panels.turn_dock import COLUMNS, TurnDock
from engine.dice import D8, D20, ScriptedDice
from engine.model import Game
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from engine.turns import Initiative, TurnStructure

KENO = TurnStructure(kind="alternating", actions_per_activation=2,
                     initiative=Initiative(D8), passes_allowed=True)
BOETS = TurnStructure(kind="sides", phases=("manoeuvre", "fire"),
                      initiative=Initiative(D20, "once"))


def frozen(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


@pytest.fixture
def setup(qtbot):
    editor = Editor(Game(load_demo()))
    dock = TurnDock()
    qtbot.addWidget(dock)
    dock.set_editor(editor)
    dock.resize(520, 700)
    dock.show()
    return editor, dock


def click(qtbot, button) -> None:
    assert button.isEnabled() and button.isVisible(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def typed_roll(qtbot, dock: TurnDock, faces: str) -> None:
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText(faces)
    click(qtbot, dock.roll_button)


def column(dock: TurnDock, name: str) -> list[str]:
    col = COLUMNS.index(name)
    return [dock.table.item(r, col).text() for r in range(dock.table.rowCount())]


def row_of(dock: TurnDock, unit_id: str) -> int:
    for r in range(dock.table.rowCount()):
        if dock.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == unit_id:
            return r
    raise AssertionError(f"{unit_id} not listed")


def test_iron_hearts_turn_through_the_buttons(qtbot, setup):
    editor, dock = setup
    game = editor.game
    start = frozen(game)
    assert dock.structure.ap_per_unit == 3            # from the ruleset's [turn] table
    assert dock.turn_label.text() == "Turn 1" and dock.side_label.text() == "nobody acting"
    assert dock.initiative_label.text() == "Initiative: roll it to start"
    assert not dock.activate_button.isVisible() and not dock.phase_button.isVisible()

    typed_roll(qtbot, dock, "5 5 9 2")                # tie, then allies 9 : axis 2
    assert game.activation_order == ["allies", "axis"] and game.active_side == "allies"
    assert dock.side_label.text() == "allies"
    assert "#2f5e9e" in dock.side_label.styleSheet()  # the board's allies colour
    assert dock.initiative_label.text() == ("Initiative (turn 1): allies 5 → 9, axis 5 → 2"
                                             " (ties re-rolled)")
    assert dock.message.text() == "Initiative: allies first: allies, axis"
    entry = game.log[-1]
    assert entry.action == "initiative" and [r.faces for r in entry.dice] == [
        (5,), (5,), (9,), (2,)] and entry.dice[0].source == "typed"
    assert dock.units_title.text() == "Units of allies"
    assert dock.table.rowCount() == len(game.units_of("allies"))
    assert set(column(dock, "AP left")) == {"3"} and set(column(dock, "AP spent")) == {"0"}

    # an action spends AP elsewhere (as the action panel would): the dock follows live
    ih = get_ruleset("iron-hearts")
    ctx = ih.context("move", actor=game.unit("us-1-1"), options={"ap": 2}, game=game)
    editor.push(ctx.resolve(ScriptedDice([])).change)
    r = row_of(dock, "us-1-1")
    assert dock.table.item(r, COLUMNS.index("AP left")).text() == "1"
    assert dock.table.item(r, COLUMNS.index("AP spent")).text() == "2"

    dock.select_unit("us-1-1")
    click(qtbot, dock.spend_button)
    assert game.unit("us-1-1").state["ap_left"] == 0
    assert game.log[-1].summary == "Pfc. Dawson: 1 AP spent (0 left)"
    click(qtbot, dock.spend_button)
    assert dock.message.text() == "Pfc. Dawson has 0 AP left this turn; this needs 1"
    assert game.unit("us-1-1").state["ap_left"] == 0

    assert not dock.activations_label.isVisible()     # nothing done yet this turn
    click(qtbot, dock.next_button)
    assert dock.next_button.text() == "Next side"
    assert game.active_side == "axis" and dock.units_title.text() == "Units of axis"
    assert dock.activations_label.isVisible()
    assert dock.activations_label.text().startswith("Done this turn: 1.")
    click(qtbot, dock.next_button)
    assert dock.message.text() == "axis is the last side this turn: end the turn"

    click(qtbot, dock.end_button)
    assert game.turn == 2 and dock.turn_label.text() == "Turn 2"
    assert game.unit("us-1-1").state["ap_left"] == 3 and game.active_side is None
    assert game.log[-1].action == "end_turn" and game.log[-1].turn == 1

    while editor.undo_stack.canUndo():
        editor.undo_stack.undo()
    game_state = json.loads(frozen(game))
    game_state["log"] = json.loads(start)["log"]      # the log is append-only: not undone
    assert json.dumps(game_state, sort_keys=True) == start
    assert dock.turn_label.text() == "Turn 1" and dock.side_label.text() == "nobody acting"
    assert set(column(dock, "AP left")) == {"3"}


def test_flags_show_in_the_table(qtbot, setup):
    editor, dock = setup
    game = editor.game
    game.unit("gren-1").state["cannot_act"] = True
    game.unit("gren-1").markers["suppression"] = 2
    typed_roll(qtbot, dock, "1 8")                    # axis first
    r = row_of(dock, "gren-1")
    assert dock.table.item(r, COLUMNS.index("State")).text() == "cannot act, suppressed 2"
    click(qtbot, dock.start_button)                   # start of turn clears cannot_act
    assert "cannot_act" not in game.unit("gren-1").state
    assert dock.table.item(r, COLUMNS.index("State")).text() == "suppressed 2"


def test_bad_typed_initiative_is_refused_with_the_engine_message(qtbot, setup):
    editor, dock = setup
    typed_roll(qtbot, dock, "4 11")
    assert dock.message.text().startswith("step 'Initiative: axis' needs a d10: 11")
    typed_roll(qtbot, dock, "4 4")
    assert "Initiative: allies (re-roll 1)" in dock.message.text()
    typed_roll(qtbot, dock, "4 3 1")
    assert dock.message.text() == "1 typed value(s) not used: 1"
    assert editor.game.activation_order == [] and not editor.undo_stack.canUndo()


def test_app_dice_roll_is_logged_with_its_seed(qtbot, setup):
    editor, dock = setup
    click(qtbot, dock.roll_button)
    entry = editor.game.log[-1]
    assert entry.action == "initiative" and entry.dice[0].source == "app"
    assert entry.dice[0].seed is not None
    assert editor.game.active_side == entry.details["initiative"]["order"][0]


def test_keno_like_alternation_with_a_passed_action(qtbot, setup):
    editor, dock = setup
    game = editor.game
    dock.set_structure(KENO)
    assert dock.activate_button.isVisible() and dock.pass_button.isVisible()
    assert dock.next_button.text() == "Next activation"
    assert not dock.table.isColumnHidden(COLUMNS.index("Actions"))
    assert dock.table.isColumnHidden(COLUMNS.index("AP left"))
    typed_roll(qtbot, dock, "2 7")                    # axis first
    assert game.active_side == "axis"
    click(qtbot, dock.activate_button)
    assert dock.message.text() == "activate: select a unit in the table first"
    dock.select_unit("gren-nco")
    click(qtbot, dock.activate_button)
    assert game.state["activating"] == "gren-nco"
    r = row_of(dock, "gren-nco")
    assert dock.table.item(r, COLUMNS.index("Activated")).text() == "activating"
    assert dock.table.item(r, COLUMNS.index("Actions")).text() == "2"
    dock.select_unit("gren-3")
    click(qtbot, dock.pass_button)
    assert game.unit("gren-3").state["actions_left"] == 2
    assert game.unit("gren-nco").state["actions_left"] == 1
    assert "Gren. Keller (passed by Uffz. Brandt)" in dock.activations_label.text()
    click(qtbot, dock.next_button)
    assert game.active_side == "allies" and dock.units_title.text() == "Units of allies"
    for _ in range(3):                                # hand-over, pass, activation
        editor.undo_stack.undo()
    assert game.active_side == "axis" and "activating" not in game.state
    assert dock.units_title.text() == "Units of axis"


def test_boets_like_phases(qtbot, setup):
    editor, dock = setup
    game = editor.game
    dock.set_structure(BOETS)
    assert dock.phase_button.isVisible() and not dock.activate_button.isVisible()
    typed_roll(qtbot, dock, "3 17")
    assert game.active_side == "axis" and game.phase == "manoeuvre"
    assert dock.phase_label.text() == "Phase: <b>manoeuvre</b>"
    click(qtbot, dock.phase_button)
    assert game.phase == "fire" and game.log[-1].summary == "axis: fire phase"
    click(qtbot, dock.phase_button)
    assert dock.message.text() == "fire is the last phase: hand over to the next side"
    click(qtbot, dock.next_button)
    assert game.active_side == "allies" and game.phase == "manoeuvre"
    click(qtbot, dock.end_button)
    assert game.turn == 2 and game.active_side == "axis"   # once per game: order kept
    typed_roll(qtbot, dock, "5 6")
    assert dock.message.text().startswith("initiative: rolled once per game")


def test_installed_in_the_window(qtbot):
    from app.modules import WINDOW_MODULES
    from app.window import MainWindow

    assert "app.panels.turn_dock" in WINDOW_MODULES
    window = MainWindow(load_demo())
    qtbot.addWidget(window)
    window.show()
    dock = window.modules["app.panels.turn_dock"]
    assert not dock.isVisible()                       # hidden until View ▸ Turn
    toggle = dock.toggleViewAction()
    assert toggle in window.view_menu.actions() and toggle.shortcut().toString() == "Ctrl+T"
    toggle.trigger()
    assert dock.isVisible() and window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.turn_dock is dock and dock.structure.ap_per_unit == 3
    click(qtbot, dock.roll_button)
    assert window.editor.game.active_side is not None
    window.select_unit("us-1-2" if window.editor.game.active_side == "allies" else "gren-2")
    assert dock.selected_unit() == window.selected_unit_id
    window.editor.undo_stack.undo()
    assert window.editor.game.active_side is None
