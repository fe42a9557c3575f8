"""The Turn dock: buttons run engine.turns through the editor (undoable, logged), the dock
follows the model live, and undo restores it."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from app.editor import Editor
from app.panels.turn_dock import COLUMNS, TurnDock
from engine.costs import charge
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
    assert dock.side_label.text() == "Allies"
    assert "#2f5e9e" in dock.side_label.styleSheet()  # the board's allies colour
    assert dock.initiative_label.text() == ("Initiative (turn 1): Allies 5 → 9, Axis 5 → 2"
                                             " (ties re-rolled)")
    assert dock.message.text() == "Initiative: Allies first: Allies, Axis"
    entry = game.log[-1]
    assert entry.action == "initiative" and [r.faces for r in entry.dice] == [
        (5,), (5,), (9,), (2,)] and entry.dice[0].source == "typed"
    assert dock.units_title.text() == "Units of Allies"
    assert dock.table.rowCount() == len(game.units_of("allies"))
    assert set(column(dock, "AP left")) == {"3"} and set(column(dock, "AP spent")) == {"0"}

    # an action spends AP elsewhere (as the action panel would: its declared Cost charged
    # by the turn contract, issue 9 point 4): the dock follows live
    ih = get_ruleset("iron-hearts")
    ctx = ih.context("move", actor=game.unit("us-1-1"), options={"ap": 2}, game=game)
    editor.push(charge(ctx, ctx.resolve(ScriptedDice([]))).change)
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
    assert game.active_side == "axis" and dock.units_title.text() == "Units of Axis"
    assert dock.activations_label.isVisible()
    assert dock.activations_label.text().startswith("Done this turn: 1.")
    click(qtbot, dock.next_button)
    assert dock.message.text() == "Axis is the last side this turn: end the turn"

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
    assert dock.message.text().startswith("step 'Initiative: Axis' needs a d10: 11")
    typed_roll(qtbot, dock, "4 4")
    assert "Initiative: Allies (re-roll 1)" in dock.message.text()
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
    assert game.active_side == "allies" and dock.units_title.text() == "Units of Allies"
    for _ in range(3):                                # hand-over, pass, activation
        editor.undo_stack.undo()
    assert game.active_side == "axis" and "activating" not in game.state
    assert dock.units_title.text() == "Units of Axis"


def test_boets_like_phases(qtbot, setup):
    editor, dock = setup
    game = editor.game
    dock.set_structure(BOETS)
    assert dock.phase_button.isVisible() and not dock.activate_button.isVisible()
    typed_roll(qtbot, dock, "3 17")
    assert game.active_side == "axis" and game.phase == "manoeuvre"
    assert dock.phase_label.text() == "Phase: <b>manoeuvre</b>"
    click(qtbot, dock.phase_button)
    assert game.phase == "fire" and game.log[-1].summary == "Axis: fire phase"
    click(qtbot, dock.phase_button)
    assert dock.message.text() == "fire is the last phase: hand over to the next side"
    click(qtbot, dock.next_button)
    assert game.active_side == "allies" and game.phase == "manoeuvre"
    click(qtbot, dock.end_button)
    assert game.turn == 2 and game.active_side == "axis"   # once per game: order kept
    typed_roll(qtbot, dock, "5 6")
    assert dock.message.text().startswith("initiative: rolled once per game")


def test_installed_in_the_window(qtbot):
    from app.panels.dock_catalog import DOCKS_BY_SERVICE
    from app.window import MainWindow

    assert DOCKS_BY_SERVICE["turn_dock"].module == "app.panels.turn_dock"
    window = MainWindow(load_demo())
    qtbot.addWidget(window)
    window.show()
    dock = window.services.turn_dock
    assert not dock.isVisible()                       # hidden until View ▸ Turn
    toggle = dock.toggleViewAction()
    assert toggle in window.view_menu.actions() and toggle.shortcut().toString() == "Ctrl+T"
    toggle.trigger()
    assert dock.isVisible() and window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.services.turn_dock is dock and dock.structure.ap_per_unit == 3
    click(qtbot, dock.roll_button)
    assert window.editor.game.active_side is not None
    window.select_unit("us-1-2" if window.editor.game.active_side == "allies" else "gren-2")
    assert dock.selected_unit() == window.selected_unit_id
    window.editor.undo_stack.undo()
    assert window.editor.game.active_side is None


# --------------------------------------------------------------------------- the turn contract


@pytest.fixture
def toy_rulesets():
    """The toy rulesets of tests/engine/turn_toys.py, registered for the app to find."""
    from engine.rulesets import registry
    from tests.engine import turn_toys

    rulesets = (turn_toys.SIDES, turn_toys.ALTERNATING, turn_toys.PHASES, turn_toys.ROUNDS)
    for rs in rulesets:
        registry.register(rs)
    yield turn_toys
    for rs in rulesets:
        registry.unregister(rs.id)


def toy_window(qtbot, toys, rs, units):
    from engine.scenario import Scenario, Table
    from tests.app.test_panels_support import open_window

    win = open_window(qtbot, Scenario("toy", rs.id, Table(48, 24), units=units), (24, 10))
    win.services.turn_dock.show()
    return win


def test_a_start_of_turn_trigger_shows_in_the_tests_dock_after_end_turn(qtbot, toy_rulesets):
    from tests.app.test_panels_support import click as click_widget
    from tests.app.test_panels_support import enter_dice_mode, type_dice

    toys = toy_rulesets
    win = toy_window(qtbot, toys, toys.SIDES, [
        toys.unit("fischer", "axis", x=10, name="Pvt. Fischer"), toys.unit("braun", "axis", x=14),
        toys.unit("smith", "allies", x=34)])
    game, dock, tests = win.game, win.services.turn_dock, win.services.tests_dock
    tests.show()
    tests.raise_()
    assert dock.structure.ap_per_unit == 2 and tests.due_texts() == []
    assert tests.due_empty.isVisible() and tests.due_empty.text() == "No test is due."
    game.unit("fischer").markers["shaken"] = 1          # shaken during the turn
    click(qtbot, dock.end_button)                       # turn 2: axis' turn starts
    assert game.turn == 2 and game.active_side == "axis"
    assert dock.message.text() == "End of turn 1; turn 2 begins: axis acts; 1 test due"
    assert tests.due_texts() == ["Pvt. Fischer — Rally test (side start)"]
    assert dock.due_label.text() == "Tests due (Tests dock): Pvt. Fischer: Rally test"
    r = row_of(dock, "fischer")
    assert dock.table.item(r, COLUMNS.index("Due")).text() == "Rally test"
    # take it from the list: the unit and its test are chosen, typed dice, Apply
    item = tests.due_list.item(0)
    qtbot.mouseClick(tests.due_list.viewport(), Qt.MouseButton.LeftButton,
                     pos=tests.due_list.visualItemRect(item).center())
    assert tests.actor_id == "fischer" and tests.action_box.currentData() == "rally_test"
    assert win.selected_unit_id == "fischer"
    enter_dice_mode(qtbot, tests)
    type_dice(qtbot, tests, [4])
    click_widget(qtbot, tests.apply_button)
    assert tests.due_texts() == [] and not game.unit("fischer").markers.get("shaken")
    assert not dock.due_label.isVisible()
    win.editor.undo_stack.undo()                         # undo puts it back on the list
    assert tests.due_texts() == ["Pvt. Fischer — Rally test (side start)"]


def test_the_actions_dock_refuses_a_cost_and_ignore_cost_applies_it(qtbot, toy_rulesets):
    from engine import ledger
    from tests.app.test_panels_support import choose, select_unit
    from tests.app.test_panels_support import click as click_widget

    toys = toy_rulesets
    win = toy_window(qtbot, toys, toys.SIDES, [
        toys.unit("fischer", "axis", x=10, name="Pvt. Fischer"),
        toys.unit("smith", "allies", x=34)])
    game, dock, panel = win.game, win.services.turn_dock, win.services.action_panel
    click(qtbot, dock.start_button)
    select_unit(qtbot, win, "fischer")
    choose(qtbot, panel.action_box, "grenade")
    assert panel.cost_label.text() == "Cost: 1 AP, once per turn"
    click_widget(qtbot, panel.dice_entry.roll_button)
    click_widget(qtbot, panel.apply_button)
    assert game.unit("fischer").state["ap_left"] == 1
    assert [e["action"] for e in ledger.entries(game)] == ["grenade"]
    assert panel.cost_label.text() == ("Cost: 1 AP, once per turn — not available: "
                                       "Pvt. Fischer already used grenade this turn "
                                       "(Grenade: once per turn)")
    click_widget(qtbot, panel.dice_entry.roll_button)
    assert not panel.apply_button.isEnabled()
    assert not panel.apply()                              # refused, with the reason
    assert panel.message.text().startswith("Not possible: Pvt. Fischer already used grenade")
    click_widget(qtbot, panel.ignore_cost)                # the real table wins
    assert panel.apply_button.isEnabled()
    click_widget(qtbot, panel.apply_button)
    assert [e["override"] for e in ledger.entries(game)] == [False, True]
    assert game.unit("fischer").state["ap_left"] == 0
    assert not panel.ignore_cost.isChecked()          # for that one action only
    assert "fischer: grenade recorded (1 AP) (cost overridden)" in \
        game.log[-1].details["effects"]
    win.editor.undo_stack.undo()
    assert game.unit("fischer").state["ap_left"] == 1 and len(ledger.entries(game)) == 1


def test_the_dock_drives_alternating_activations_with_a_typed_communication_test(
        qtbot, toy_rulesets):
    toys = toy_rulesets
    win = toy_window(qtbot, toys, toys.ALTERNATING, [
        toys.unit("pl", "keno", x=10, level=3), toys.unit("sq", "keno", x=14, parent="pl"),
        toys.unit("t1", "steel", x=34)])
    game, dock = win.game, win.services.turn_dock
    typed_roll(qtbot, dock, "6 2")
    assert dock.may_act_label.text() == "May still act: pl, sq"
    dock.select_unit("pl")
    click(qtbot, dock.activate_button)
    assert dock.may_act_label.text() == "May still act: pl"
    dock.select_unit("sq")
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("2")                       # d8 2 is not > 3: the action is lost
    click(qtbot, dock.pass_button)
    assert dock.message.text() == ("pl's passed action to sq is lost (communication "
                                   "failed) — Communication test (d8 > 3): lost")
    entry = game.log[-1]
    assert entry.action == "pass_action" and entry.dice[0].faces == (2,)
    assert entry.dice[0].source == "typed"
    dock.typed_faces.setText("7")
    click(qtbot, dock.pass_button)
    assert game.unit("sq").state["actions_left"] == 2
    assert "sq (passed by pl)" in dock.activations_label.text()
    click(qtbot, dock.next_button)
    assert game.active_side == "steel"


def test_the_dock_shows_allied_players_and_drives_a_combat_round_with_an_ambush(
        qtbot, toy_rulesets):
    toys = toy_rulesets
    win = toy_window(qtbot, toys, toys.PHASES, [
        toys.unit("u1", "polaris", x=10, player="P1"), toys.unit("u2", "polaris", x=14,
                                                                 player="P2"),
        toys.unit("x1", "raiders", x=34)])
    dock = win.services.turn_dock
    typed_roll(qtbot, dock, "15 3")
    assert dock.side_label.text() == "polaris (P1, P2)" and dock.phase_label.isVisible()
    assert not dock.table.isColumnHidden(COLUMNS.index("Player"))
    assert column(dock, "Player") == ["P1", "P2"]
    assert dock.structure_label.text() == ("side turns; manoeuvre → fire; allied players "
                                           "interleave; initiative d20 once per game")

    win2 = toy_window(qtbot, toys, toys.ROUNDS, [
        toys.unit("jiy", "operatives", x=10, name="Jiy"),
        toys.unit("manny", "raiders", x=34, name="Manny")])
    dock, game = win2.services.turn_dock, win2.game
    assert dock.ambush_button.isVisible() and not dock.activate_button.isVisible()
    assert dock.end_button.text() == "End round" and dock.next_button.text() == "End ambush"
    click(qtbot, dock.start_button)
    assert dock.units_title.text() == "All units"
    assert dock.may_act_label.text() == "May still act: Jiy, Manny"
    dock.select_unit("jiy")
    click(qtbot, dock.ambush_button)
    assert game.active_side == "operatives" and dock.may_act_label.text() == "May still act: Jiy"
    click(qtbot, dock.spend_button)                     # Jiy's action on the real table
    assert dock.may_act_label.text() == "Nobody may act now"
    click(qtbot, dock.next_button)
    assert game.active_side is None and dock.may_act_label.text() == "May still act: Manny"
    click(qtbot, dock.end_button)
    assert game.turn == 2 and "ambush" not in game.state
