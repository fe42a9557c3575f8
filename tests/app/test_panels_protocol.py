"""The Actions dock drawn from a toy ruleset's declarations (pytest-qt, offscreen): role
editors by kind (a group actor, a unit target), a declared per-member fact ("LOS from each
stand") with a per-member override, pool and die-step options, return fire resolved jointly
(steps side by side, one merged change, undo restoring the board), and Game ▸ Rules
readings (per game, undoable, logged, saved, read by the panels and the CLI).

The toy rulesets are those of tests/engine/test_protocol.py (TOY: shoot) and
tests/engine/test_protocol_open.py (VOLLEY: a group's volley), registered for the test.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from engine.model import Game
from engine.readings import READINGS_KEY, game_readings
from engine.rulesets.registry import register, unregister
from engine.scenario import Group, Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece
from tests.app.helpers import at
from tests.app.test_panels_support import choose, click, open_window, select_unit
from tests.engine import test_protocol as toy
from tests.engine import test_protocol_open as volley


@pytest.fixture
def rulesets():
    register(toy.TOY)
    register(volley.VOLLEY)
    yield
    unregister(toy.TOY.id)
    unregister(volley.VOLLEY.id)


def volley_scenario() -> Scenario:
    game = volley.make_game()
    s = game.scenario
    return Scenario(s.name, s.ruleset, Table(72, 48, 1), list(s.terrain), list(s.units),
                    groups=[Group(g["id"], "team", list(g["members"]), g["name"])
                            for g in volley.GROUPS])


def toy_scenario() -> Scenario:
    units = [Unit("gren-1", "axis", "rifleman", 10, 10, BaseShape.round(25)),
             Unit("tommy-1", "allies", "rifleman", 14, 10, BaseShape.round(25)),
             Unit("tommy-2", "allies", "rifleman", 14, 20, BaseShape.round(25))]
    return Scenario("toy", "toy-skirmish", Table(metres_per_inch=10),
                    [TerrainPiece("hedge", "rough", polygon=[(13, 8), (16, 8), (16, 12),
                                                             (13, 12)])],
                    units, profiles={"rifleman": {"accuracy": 6, "guts": 7, "hp": 1,
                                                  "weapons": ["smg"]}})


def test_roles_and_facts_come_from_the_declarations(qtbot, rulesets):
    win = open_window(qtbot, volley_scenario(), centre=(20, 18))
    panel = win.services.action_panel
    select_unit(qtbot, win, "a2")
    assert panel.action.id == "volley"
    # the group actor: a group editor preset to the selected unit's group
    actor = panel.roles_view.editor("actor")
    assert actor.role.kind == "group" and actor.value() == "team-a"
    assert actor.combo.currentText() == "Team A (3)"
    target = panel.roles_view.editor("target")
    assert target.role.kind == "unit" and target.combo is not None
    label = panel.roles_view.form.labelForField(target.row)
    assert label.text() == "Target (required)"
    choose(qtbot, target.combo, "b1")
    # the declared fact, measured from each member of the group
    row = panel.facts_view.rows["los_each"]
    assert row.label.text() == "LOS from each stand"
    assert row.measured.text() == "a1: yes · a2: no · a3: no"
    assert [o for o, _ in panel.odds_chart.distribution.outcomes] == [0, 1]
    # overriding one member's sight line adds a die to the pool
    panel.facts_view.set_override("los_each", {"a1": True, "a2": True, "a3": False})
    assert panel.context.facts.get("los_each") == {"a1": True, "a2": True, "a3": False}
    assert [o for o, _ in panel.odds_chart.distribution.outcomes] == [0, 1, 2]
    # the pool option: "+2 (dice in the pool: fire)", two more dice in the odds
    click(qtbot, panel.options_view.editor("veterans"))
    assert [o for o, _ in panel.odds_chart.distribution.outcomes] == [0, 1, 2, 3, 4]
    details = [w.text() for w in panel.options_view.findChildren(type(row.label))]
    assert any("dice in the pool" in t for t in details)
    assert any("die step" in t for t in details)
    # a roll with the app's dice names the pool in its step
    res = panel.roll(seed=3)
    assert res.actor == "team-a" and len(res.step("fire").faces) == 4
    assert "pool 2 → 4 dice" in panel.steps_view.toPlainText()


def test_return_fire_resolves_jointly_and_undo_restores_the_board(qtbot, rulesets):
    win = open_window(qtbot, toy_scenario(), centre=(14, 14))
    panel = win.services.action_panel
    select_unit(qtbot, win, "gren-1")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("target", "combo"), "tommy-1")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "smg")
    assert panel.answer_fold.isVisibleTo(panel)   # the return fire, folded (issue 39)
    panel.answer_fold.set_open(True)
    assert panel.answer_box.isVisibleTo(panel)
    before = json.dumps(win.game.snapshot())
    alone = panel.odds_chart.distribution
    choose(qtbot, panel.responder_box, "tommy-1")
    assert panel.answer_action_box.currentData() == "shoot"
    joint = panel.odds_chart.distribution
    assert all(isinstance(o, tuple) and len(o) == 2 for o, _ in joint.outcomes)
    assert list(joint.parts.values())[0] == alone
    # the answer reads the same board the other way round
    answer = panel.context.contexts[1]
    assert (answer.actor.id, answer.target.id) == ("tommy-1", "gren-1")
    res = panel.roll(seed=11)
    assert [r.actor for r in res.resolutions] == ["gren-1", "tommy-1"]
    assert panel.answer_steps.isVisibleTo(panel)
    assert "Hit roll" in panel.steps_view.toPlainText()
    assert "Hit roll" in panel.answer_steps.toPlainText()
    assert "Effects (merged)" in panel.joint_effects.text()
    # one prior state: the board unchanged by the roll; the log holds the roll (issue #10:
    # every app roll is logged when rolled, one entry per action of the joint roll)
    snap, was = win.game.snapshot(), json.loads(before)
    assert {k: v for k, v in snap.items() if k != "log"} == \
        {k: v for k, v in was.items() if k != "log"}
    assert len(win.game.log) == 2 and all(
        e.details["roll"] == {"seed": 11, "chosen": True, "applied": False}
        for e in win.game.log)
    logged = len(win.game.log)
    click(qtbot, panel.apply_button)
    assert len(win.game.log) == logged + 2
    assert [e.details["roll"]["of"] for e in win.game.log[-2:]] == [1, 2]
    assert win.game.log[-1].details["joint"]["with"] == ["shoot:gren-1"]
    assert win.editor.undo_stack.count() == 1 and res.change.effects
    assert "Resolved together" in panel.copy("markdown")
    win.editor.undo_stack.undo()       # one step takes both actions back (the log stays)
    snap, was = win.game.snapshot(), json.loads(before)
    assert {k: v for k, v in snap.items() if k != "log"} == \
        {k: v for k, v in was.items() if k != "log"}
    # nobody answering: the action alone again
    # (a unit shot down leaves the panel's choices; undone, it is chosen again)
    select_unit(qtbot, win, "gren-1")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("target", "combo"), "tommy-1")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "smg")
    choose(qtbot, panel.responder_box, None)
    assert panel.odds_chart.distribution == alone


def test_rules_readings_per_game_are_undoable_logged_and_read(qtbot, rulesets, tmp_path):
    from app.panels.readings_dialog import open_readings

    win = open_window(qtbot, toy_scenario(), centre=(14, 14))
    assert win.services.game_menu.title() == "&Game"
    assert win.services.readings_action in win.services.game_menu.actions()
    panel = win.services.action_panel
    select_unit(qtbot, win, "gren-1")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("target", "combo"), "tommy-1")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "smg")
    dialog = open_readings(win)
    view = dialog.options_view
    text = " ".join(w.text() for w in view.findChildren(type(dialog.message)))
    assert "Suppression comes from" in text and "§4.A-2" in text and "default: hits" in text
    choose(qtbot, view.editor("suppression_source"), "cover_band")
    dialog.buttons.accepted.emit()
    assert not dialog.isVisible()
    assert game_readings(win.game) == {"suppression_source": "cover_band"}
    assert win.game.log[-1].action == "rules_readings"
    assert "Suppression comes from: hits → cover_band" in win.game.log[-1].summary
    assert panel.context.rules["suppression_source"] == "cover_band"   # the panel reads it
    win.editor.undo_stack.undo()
    assert READINGS_KEY not in win.game.state
    assert panel.context.rules["suppression_source"] == "hits"
    win.editor.undo_stack.redo()
    # saved in the game file; the command line reads it, --rule overrides it
    from engine.gamefile import load_game, save_game
    from tests.app.test_panels_support import cli_json

    path = tmp_path / "toy.warboard"
    save_game(path, win.game)
    assert game_readings(load_game(path)) == {"suppression_source": "cover_band"}
    args = ["resolve", str(path), "shoot", "--by", "gren-1", "--target", "tommy-1",
            "--weapon", "smg", "--dice", "3,7,1,2,8"]
    assert cli_json(args)["details"]["rules"]["suppression_source"] == "cover_band"
    over = cli_json(args + ["--rule", "suppression_source=hits"])
    assert over["details"]["rules"]["suppression_source"] == "hits"
    # Defaults resets every reading in the dialog
    dialog = open_readings(win)
    dialog.reset()
    assert dialog.apply() is True and game_readings(win.game) == {}


def test_a_game_without_a_ruleset_option_change_logs_nothing(qtbot, rulesets):
    from app.panels.readings_dialog import open_readings

    win = open_window(qtbot, toy_scenario(), centre=(14, 14))
    dialog = open_readings(win)
    logged = len(win.game.log)
    assert dialog.apply() is False and len(win.game.log) == logged
    assert isinstance(win.game, Game)



def test_return_fire_with_typed_dice(qtbot, rulesets):
    from engine.joint import JointResolution
    from tests.app.test_panels_support import enter_dice_mode, type_dice

    win = open_window(qtbot, toy_scenario(), centre=(14, 14))
    panel = win.services.action_panel
    select_unit(qtbot, win, "gren-1")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("target", "combo"), "tommy-1")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "smg")
    choose(qtbot, panel.responder_box, "tommy-1")
    enter_dice_mode(qtbot, panel)
    # the first volley's three hit dice, then the answer's three: every one a miss
    type_dice(qtbot, panel, [9, 9, 9, 8, 7, 9])
    res = panel.resolution
    assert isinstance(res, JointResolution)
    assert [r.summary for r in res.resolutions] == ["0 hits, 0 wounds, 0 suppression"] * 2
    assert [g.label for g in panel.dice_entry.groups] == ["Hit roll", "Hit roll"]
    assert "typed" in panel.answer_steps.toPlainText()


def test_a_responder_role_answers_with_the_target_by_default(qtbot, rulesets):
    from engine.protocol import Role
    from tests.engine.test_protocol_open import Stance

    class Duel(Stance):
        id = "duel"
        label = "Duel"
        roles = (Role("actor", kind="unit"), Role("target", kind="unit", required=False),
                 Role("answering", kind="responder", required=False))

    from dataclasses import replace

    rs = replace(volley.VOLLEY, id="toy-duel", actions=(Duel(),))
    register(rs)
    try:
        s = volley_scenario()
        s.ruleset = "toy-duel"
        win = open_window(qtbot, s, centre=(20, 18))
        panel = win.services.action_panel
        select_unit(qtbot, win, "a1")
        assert panel.action.id == "duel"
        answering = panel.roles_view.editor("answering")
        assert answering.role.kind == "responder" and answering.value() is None
        choose(qtbot, panel.roles_view.part("target", "combo"), "b1")
        assert answering.value() == "b1"
        assert panel.context.role("answering").id == "b1"
        assert panel.roll(seed=1).summary == "ready against b1"
    finally:
        unregister("toy-duel")


def test_a_modifier_agreed_at_the_table_changes_the_pool(qtbot, rulesets):
    win = open_window(qtbot, volley_scenario(), centre=(20, 18))
    panel = win.services.action_panel
    select_unit(qtbot, win, "a2")
    choose(qtbot, panel.roles_view.editor("target").combo, "b1")
    view = panel.modifiers_view
    assert panel.modifiers_box.isVisibleTo(panel)
    assert [view.step_box.itemData(i) for i in range(view.step_box.count())] == ["fire"]
    choose(qtbot, view.kind_box, "pool")
    view.value_box.setValue(2)
    qtbot.keyClicks(view.label_edit, "GM ruling")
    click(qtbot, view.add_button)
    assert view.list.item(0).text() == "fire: +2 dice GM ruling"
    assert [o for o, _ in panel.odds_chart.distribution.outcomes] == [0, 1, 2, 3]
    res = panel.roll(seed=5)
    assert len(res.step("fire").faces) == 3
    assert "+2 dice GM ruling (to the pool)" in panel.steps_view.toPlainText()
    view.list.setCurrentRow(0)
    click(qtbot, view.remove_button)
    assert [o for o, _ in panel.odds_chart.distribution.outcomes] == [0, 1]


def test_the_group_selected_on_the_board_is_the_group_actor(qtbot, rulesets):
    """Shift+click a member selects its group, again the group above: the Actions dock's
    group actor follows the group selected on the board (the acting unit is in it)."""
    s = volley_scenario()
    s.groups.append(Group("blue", "team", ["b1"], "Blue"))
    s.groups.append(Group("pair", "team", ["a1", "a2"], "Pair"))
    s.groups[0].members.remove("a1")
    s.groups[0].members.remove("a2")
    s.groups[0].members.append("pair")
    win = open_window(qtbot, s, centre=(20, 18))
    panel = win.services.action_panel
    actor = panel.roles_view.editor
    win.tools.activate("select")
    u = win.game.unit("a2")
    shift = Qt.KeyboardModifier.ShiftModifier
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, shift, at(win, u.x, u.y))
    assert win.services.groups.selected_group_id == "pair" and win.selected_unit_id == "a2"
    assert panel.action.id == "volley" and actor("actor").value() == "pair"
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, shift, at(win, u.x, u.y))
    assert win.services.groups.selected_group_id == "team-a"
    assert actor("actor").value() == "team-a"
    # a group the acting unit is not in is no actor (this action has no group target)
    panel.use_group("blue")
    assert actor("actor").value() == "team-a"
    # a plain click: the unit's smallest group again
    select_unit(qtbot, win, "a3")
    assert win.services.groups.selected_group_id is None and actor("actor").value() == "team-a"
    select_unit(qtbot, win, "a1")
    assert actor("actor").value() == "pair"
