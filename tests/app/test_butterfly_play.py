"""The Butterfly Effect sample played through the program (pytest-qt, offscreen), with real
clicks, drags and typed dice:

1. the measure tool reads the distance band (long: 114 m) from Jiy to Manny;
2. Jiy, in stealth, is dragged toward Manny's trench: at long distance nothing happens;
   while dragged within medium distance (98 m) the pointer hint says the duel will fall
   due, and the drop makes it due — the status bar says so and the Tests dock lists it;
3. the duel is taken from the Tests dock with BE-3's conditions and dice: Jiy slips
   through 5–3 (the seed's "4–3", a slip), and the duel is no longer due;
4. the next round the operatives ambush: Jiy fires first (Manny cannot act until the
   ambush is sprung) and wounds Manny in his trench;
5. he steps out of the undergrowth, and in the next round's firefight Jiy's burst kills
   Manny — who, DYING, still fires back (return fire, one joint resolution) and wounds
   Jiy; at the end of the round Manny dies;
6. Edit ▸ Undo, all the way back, restores the board as it was."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import LEFT, NO_MODIFIER, at, click_board, drag, drag_line
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)
from tests.engine.butterfly_effect.test_golden_stealth import JIY, MANNY

SAMPLE = "butterfly-night-approach.json"


def board(game) -> dict:
    """Everything on the table but the log (the roll log keeps what was rolled)."""
    snap = json.loads(json.dumps(game.snapshot(), sort_keys=True, default=str))
    return {k: v for k, v in snap.items() if k != "log"}


def badges(win, uid):
    return win.scene.unit_item(uid).badge_texts()


def pick_target(qtbot, win, panel, uid):
    click(qtbot, panel.roles_view.part("target", "pick"))
    u = win.game.unit(uid)
    click_board(qtbot, win, u.x, u.y)
    assert panel.target_id == uid


def test_the_night_approach_through_the_program(qtbot):
    win = open_window(qtbot, load_scenario(resource("scenarios", SAMPLE)), (36, 24))
    win.services.turn_dock.show()
    services = win.services
    game, actions, tests, dock = (win.game, services.action_panel, services.tests_dock,
                                  services.turn_dock)
    start = board(game)

    # --- 1. the measure tool shows the distance band ---------------------------------------
    win.tools.activate("measure")
    jiy, manny = game.unit("jiy"), game.unit("manny")
    click_board(qtbot, win, jiy.x, jiy.y)
    click_board(qtbot, win, manny.x, manny.y)
    assert "distance band: long (≤ 500 m) at the edge distance" in win.pointer_hint.text()
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)

    # --- 2. the approach: the duel falls due on entering medium distance -------------------
    select_unit(qtbot, win, "jiy")
    drag(qtbot, win, [(6, 24), (8, 24), (10, 24)], release=False)     # 106 m: still long
    assert "due on drop" not in win.pointer_hint.text()
    qtbot.mouseRelease(win.view.viewport(), LEFT, NO_MODIFIER, at(win, 10, 24))
    assert (jiy.x, jiy.y) == (10, 24)
    assert tests.due_texts() == [] and tests.due_empty.isVisibleTo(tests)
    drag(qtbot, win, [(10, 24), (12, 24), (14, 24)], release=False)   # 98 m: medium
    assert "due on drop: Jiy (Жий) — a stealthed operative within medium distance of a " \
        "scout" in win.pointer_hint.text()                  # the board tells, mid-drag
    assert tests.due_texts() == []                          # nothing due until the drop
    qtbot.mouseRelease(win.view.viewport(), LEFT, NO_MODIFIER, at(win, 14, 24))
    assert tests.due_texts() == ["Jiy (Жий) — Stealth duel (move)"]
    assert "Now due" in win.statusBar().currentMessage()
    assert "within medium distance of a scout" in win.statusBar().currentMessage()

    # --- 3. the stealth duel from the Tests dock (BE-3) --------------------------------------
    tests.raise_()
    tests.take_due(0)
    assert tests.actor_box.currentData() == "jiy" and tests.action.id == "stealth_duel"
    pick_target(qtbot, win, tests, "manny")
    assert tests.facts_view.measured.range_band == "medium"
    for opt in ("night", "undergrowth"):
        click(qtbot, tests.options_view.editor(opt))
    choose(qtbot, tests.options_view.editor("weather"), "fierce")
    odds = dict(tests.context.odds().outcomes)
    assert tests.odds_chart.heights() == [float(p) for p in odds.values()]
    enter_dice_mode(qtbot, tests)
    type_dice(qtbot, tests, MANNY + JIY)
    duel = tests.resolution
    assert duel is not None, tests.dice_entry.message.text()
    assert (duel.step("scout").count("success"), duel.step("hider").count("success")) == \
        (3, 5)                                 # the seed's "4 successes" is a slip: 5
    assert "Jiy (Жий) slips through 5–3" in tests.steps_view.toPlainText()
    click(qtbot, tests.apply_button)
    assert game.unit("jiy").state["duel_won"] == "manny"
    assert tests.due_texts() == []                          # taken

    # --- 4. the next round: the operatives ambush, the attackers first ------------------------
    click(qtbot, dock.end_button)
    assert game.turn == 2 and tests.due_texts() == []       # won: not due again
    select_unit(qtbot, win, "jiy")
    click(qtbot, dock.ambush_button)
    assert game.state["ambush"]["side"] == "operatives"
    # Manny may not shoot first
    select_unit(qtbot, win, "manny")
    actions.raise_()
    choose(qtbot, actions.action_box, "fire")
    choose(qtbot, actions.roles_view.part("weapon", "combo", "weapon"), "combat_shotgun")
    pick_target(qtbot, win, actions, "jiy")
    enter_dice_mode(qtbot, actions)
    type_dice(qtbot, actions, [1] * 12)
    assert "operatives ambushes: it spends all its active actions first" in \
        actions.cost_label.text()
    assert not actions.apply_button.isEnabled()
    assert not game.log or game.log[-1].action != "fire"
    actions.dice_entry.clear_typed()
    # Jiy fires from the undergrowth at Manny in his trench: 4+ and full cover +2 = 6+
    select_unit(qtbot, win, "jiy")
    choose(qtbot, actions.action_box, "fire")
    choose(qtbot, actions.roles_view.part("weapon", "combo", "weapon"), "assault_rifle")
    pick_target(qtbot, win, actions, "manny")
    type_dice(qtbot, actions, [6, 5, 6, 4, 5])
    shot = actions.resolution
    assert (shot.step("fire").target, shot.step("fire").count("hit")) == (6, 2)
    click(qtbot, actions.apply_button)
    assert game.unit("manny").state["hp"] == 3
    assert badges(win, "manny") == ["HP 3/5", "LIGHT"]
    assert "stealth" not in game.unit("jiy").state          # no flash suppressor (§4.8-5)
    click(qtbot, dock.next_button)                          # the ambush is sprung
    click(qtbot, dock.end_button)
    assert game.turn == 3

    # --- 5. out of the undergrowth, and a fair firefight --------------------------------------
    select_unit(qtbot, win, "jiy")
    drag_line(qtbot, win, (14, 24), (30, 30))               # the open ground, 68 m: medium
    assert game.unit("jiy").x == 30
    choose(qtbot, actions.action_box, "fire")
    choose(qtbot, actions.roles_view.part("weapon", "combo", "weapon"), "assault_rifle")
    pick_target(qtbot, win, actions, "manny")
    choose(qtbot, actions.responder_box, "manny")           # Manny fires back
    assert actions.answer_action_box.currentData() == "fire"
    choose(qtbot, actions.answer_weapon_box, "combat_shotgun")
    enter_dice_mode(qtbot, actions)
    type_dice(qtbot, actions, [6, 6, 6, 1, 1] + [6, 6, 5, 5, 4, 3, 2, 1, 1, 1, 1, 1])
    joint = actions.resolution
    assert joint is not None, actions.dice_entry.message.text()
    burst, answer = joint.resolutions
    assert burst.step("fire").count("hit") == 3             # Manny: 3 HP → 0, killed
    assert "still acts" in burst.step("damage").outcome
    assert (answer.step("fire").target, answer.step("fire").count("hit")) == (6, 2)
    click(qtbot, actions.apply_button)
    assert badges(win, "manny") == ["DYING"]
    assert "dies at the end of his own turn" in win.scene.unit_item("manny").toolTip()
    assert game.unit("jiy").state["hp"] == 2
    assert badges(win, "jiy")[:2] == ["HP 2/4", "HEAVY"]
    click(qtbot, dock.end_button)                           # the round ends: Manny dies
    assert not game.on_table("manny") and game.on_table("jiy")
    assert not win.scene.has_unit("manny")

    # --- 6. undo everything: the board as it was ----------------------------------------------
    while win.editor.undo_stack.canUndo():
        win.undo_action.trigger()
    assert board(game) == start
    assert (game.unit("jiy").x, game.unit("jiy").y) == (6, 24)
    item = win.scene.unit_item("jiy").pos()
    assert (item.x(), item.y()) == (6, 24)
    assert win.scene.has_unit("manny") and badges(win, "manny") == []
