"""A Boets game through the panels on the sample scenario (resources/scenarios/
boets-velian-ridge.json): the two allied Polaris players interleave their moves in the
Manoeuvre phase (the Turn dock names the side, its players and the phase), a fighter dragged
out of his squad's chain shows the out-of-command badge on the board, P2's grenade scatters
by d20 onto P1's cyber squad, the militia's fire kills the platoon commander, the takeover
test is offered in the Tests dock at the next turn start and fails (prone, ББ −2), its
re-test a turn later fails into Panic and the platoon retreats toward its own (south) edge
on the board; undo restores the board. Real clicks and typed dice."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from engine import ledger
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import click_board, drag
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
)


@pytest.fixture
def win(qtbot):
    scenario = load_scenario(resource("scenarios", "boets-velian-ridge.json"))
    return open_window(qtbot, scenario, centre=(24, 28))


def board(win) -> str:
    """The table as JSON: every unit's place and state, every group's command and state."""
    g = win.game
    return json.dumps({"units": {u.id: [u.x, u.y, dict(u.state)] for u in g.units},
                       "groups": {x.id: [x.commander, x.deputy, dict(x.state)]
                                  for x in g.scenario.groups}}, sort_keys=True)


def scene_pos(win, uid):
    p = win.scene.unit_item(uid).pos()
    return p.x(), p.y()


def badges(win, uid):
    return win.scene.unit_item(uid).badge_texts()


def type_faces(qtbot, panel, faces) -> None:
    """Type each d20 face digit by digit into the next empty field, as a person does: the
    fields are rebuilt as each digit resolves a step, and the typing goes on in the field
    at the same place (it keeps the focus)."""
    for face in faces:
        entry = panel.dice_entry
        i = next((k for k, f in enumerate(entry.fields) if not f.text()), None)
        assert i is not None, ([g.text for g in entry.groups], entry.message.text())
        for ch in str(face):
            qtbot.keyClicks(entry.fields[i], ch)
        assert entry.fields[i].text() == str(face)


def row_of(dock, unit_id: str) -> int:
    for r in range(dock.table.rowCount()):
        if dock.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == unit_id:
            return r
    raise AssertionError(f"{unit_id} not listed")


def move(qtbot, win, unit, point):
    """Select `unit`, take Move for its squad (the preset group) toward `point`, apply."""
    panel = win.services.action_panel
    panel.raise_()
    select_unit(qtbot, win, unit)
    choose(qtbot, panel.action_box, "move")
    click(qtbot, panel.roles_view.part("point", "pick"))
    click_board(qtbot, win, *point)
    assert panel.context is not None, panel.message.text()
    if panel.dice_entry.mode != "app":                          # a move rolls no dice
        click(qtbot, panel.dice_entry.app_radio)
    click(qtbot, panel.dice_entry.roll_button)
    res = panel.resolution
    assert res is not None, panel.message.text()
    click(qtbot, panel.apply_button)
    return res


def test_a_boets_game_through_the_panels(win, qtbot):
    services = win.services
    game, panel, turn, tests = (win.game, services.action_panel, services.turn_dock,
                                services.tests_dock)
    start = board(win)
    turn.show()

    # --- who goes first: a d20 each (PROPOSED), Polaris 17, raiders 4 ------------------------
    turn.typed_dice.setChecked(True)
    turn.typed_faces.setText("17 4")
    click(qtbot, turn.roll_button)
    assert (game.active_side, game.phase) == ("polaris", "manoeuvre")
    assert turn.side_label.text() == "Polaris Empire (P1, P2)"          # two allied players
    assert turn.phase_label.text() == "Phase: <b>manoeuvre</b>"

    # --- Manoeuvre: P1, then P2, then P1 again (allies interleave, §4.2-3, BF-1) ---------------
    res = move(qtbot, win, "cy-a-1", (15.5, 30.0))
    assert res.step("move").note == "Ск 5 steps (§4.7-1)"
    assert game.unit("cy-a-1").y == pytest.approx(33.0)         # 5 steps north
    move(qtbot, win, "cl-1", (30.0, 30.0))
    move(qtbot, win, "cy-b-1", (15.5, 30.0))
    assert [(e["unit"], game.unit(e["unit"]).extra.get("player"))
            for e in ledger.entries(game, scope="phase")] == [
        ("cy-a-1", "P1"), ("cl-1", "P2"), ("cy-b-1", "P1")]
    for uid in ("cy-a-1", "cl-3", "cy-b-4"):
        u = game.unit(uid)
        assert scene_pos(win, uid) == pytest.approx((u.x, u.y))

    # --- a fighter dragged out of his squad's chain: the board marks him (§4.7-3) -------------
    assert all("CMD" not in badges(win, u.id) for u in game.units)
    win.tools.activate("select")
    a4 = game.unit("cy-a-4")
    x0, y0 = a4.x, a4.y
    drag(qtbot, win, [(x0, y0), (x0 + 2, y0), (x0 + 4, y0)])
    assert game.unit("cy-a-4").x == pytest.approx(x0 + 4, abs=0.05)
    assert badges(win, "cy-a-4") == ["CMD"]
    assert "command distance" in win.scene.unit_item("cy-a-4").badges.toolTip()
    assert [u for u, b in win.scene.warnings().items()] == ["cy-a-4"]
    win.undo_action.trigger()                                    # the drag taken back
    assert game.unit("cy-a-4").x == pytest.approx(x0) and "CMD" not in badges(win, "cy-a-4")

    # --- Fire: P2's grenade, aimed within Дальн 6, scatters by d20 onto P1's squad ------------
    click(qtbot, turn.phase_button)
    assert game.phase == "fire" and turn.phase_label.text() == "Phase: <b>fire</b>"
    cl1 = game.unit("cl-1")
    squad = [game.unit(f"cy-a-{i}") for i in range(1, 5)]
    cx = sum(u.x for u in squad) / 4
    cy = squad[0].y
    aim = (round(cl1.x - 5.0, 1), cy)                           # 5 steps west of cl-1
    k = round(aim[0] - cx)                                      # the d20 face: steps west
    select_unit(qtbot, win, "cl-1")
    choose(qtbot, panel.action_box, "template_fire")
    choose(qtbot, panel.roles_view.part("weapon", "combo"), "grenade")
    click(qtbot, panel.roles_view.part("point", "pick"))
    click_board(qtbot, win, *aim)
    bearing = panel.options_view.editor("bearing")
    bearing.lineEdit().selectAll()
    qtbot.keyClicks(bearing.lineEdit(), "180")                  # measured at the table: west
    assert panel.options_view.values()["bearing"] == 180
    odds = panel.context.odds()
    assert odds.parts["friends"].probability(0) < 1            # friends in the odds
    enter_dice_mode(qtbot, panel)
    type_faces(qtbot, panel, [k])
    face = 20                                                   # the first friend: wounded
    while panel.resolution is None:
        groups = [g.text for g in panel.dice_entry.groups]
        assert groups[0] == "scatter distance — 1 × d20"
        assert groups[-1].startswith(("Penetration: Sgt. ", "Penetration: Lt. ",
                                       "Penetration: Cyb. ")) and "(friend)" in groups[-1]
        type_faces(qtbot, panel, [face])
        face = 1
    shot = panel.resolution
    assert shot is not None, panel.dice_entry.message.text()
    assert shot.step("scatter").outcome.startswith(f'{k}" at 180°')
    hit = [s.id.split(".", 1)[1] for s in shot.steps if s.id.startswith("penetration.")]
    assert hit and all(h.startswith("cy-") for h in hit)        # P1's platoon, friends
    assert set(hit) & {u.id for u in squad}
    click(qtbot, panel.apply_button)
    assert game.unit(hit[0]).state["wounds"] == 1               # Стк 2: wounded, not dead
    assert badges(win, hit[0]) == ["W1"]
    assert all(game.on_table(h) for h in hit)                   # wounded, nobody killed

    # --- the raiders' turn: the militia fire at the platoon commander and kill him -----------
    click(qtbot, turn.next_button)
    assert (game.active_side, game.phase) == ("raiders", "manoeuvre")
    assert turn.side_label.text() == "Raiders (P3)"
    move(qtbot, win, "vm-1", (18.0, 26.0))                       # Ск 6 toward the platoon
    click(qtbot, turn.phase_button)
    select_unit(qtbot, win, "vm-1")
    choose(qtbot, panel.action_box, "fire")
    click(qtbot, panel.roles_view.part("target", "pick"))
    cmdr = game.unit("cy-a-2")
    click_board(qtbot, win, cmdr.x, cmdr.y)
    assert panel.target_id == "cy-a-2"
    enter_dice_mode(qtbot, panel)
    # 6 militia × Скр 1: d20 ≥ 11 hits (PROPOSED); d20 + М 3 ≥ 10 + Бр 5; Стк 2
    type_faces(qtbot, panel, [15, 12, 1, 1, 1, 1, 12, 19])
    fire = panel.resolution
    assert fire is not None, panel.dice_entry.message.text()
    assert fire.step("hit").results == ("hit", "hit", "miss", "miss", "miss", "miss")
    assert fire.step("penetration").results == ("wound", "wound")
    assert "PROPOSED house rule" in panel.steps_view.toPlainText()
    click(qtbot, panel.apply_button)
    assert not game.on_table("cy-a-2") and not win.scene.has_unit("cy-a-2")
    click(qtbot, turn.end_button)                                # turn 2: Polaris first
    assert (game.turn, game.active_side, game.phase) == (2, "polaris", "manoeuvre")

    # --- the commander is dead: the takeover test is offered in the Tests dock (§4.5) ---------
    tests.raise_()
    due = tests.due_texts()
    assert any(t.startswith("Sgt. Maro — Command takeover test") for t in due), due
    row = next(i for i, t in enumerate(due) if t.startswith("Sgt. Maro — Command takeover"))
    click_item = tests.due_list.item(row)
    qtbot.mouseClick(tests.due_list.viewport(), Qt.MouseButton.LeftButton,
                     pos=tests.due_list.visualItemRect(click_item).center())
    assert win.selected_unit_id == "cy-b-1"
    assert tests.action_box.currentData() == "takeover_test"
    assert tests.odds_chart.heights() == [0.6, 0.4]              # own ЛДР 9: 12 of 20
    enter_dice_mode(qtbot, tests)
    type_faces(qtbot, tests, [3])
    assert tests.resolution.summary == "Cyber platoon goes to ground: prone, ББ −2; " \
                                       "re-test next turn (§4.5-3)"
    click(qtbot, tests.apply_button)
    assert game.group("cy-pl").state["prone"] is True
    assert not any(t.startswith("Sgt. Maro — Command takeover") for t in tests.due_texts())
    assert "prone, ББ −2" in turn.table.item(row_of(turn, "cy-b-2"), 5).text()

    # --- a turn later the re-test fails: the platoon panics and retreats to its own edge ------
    click(qtbot, turn.next_button)                               # raiders' turn 2
    click(qtbot, turn.end_button)                                # turn 3, Polaris
    assert (game.turn, game.active_side) == (3, "polaris")
    due = tests.due_texts()
    row = next(i for i, t in enumerate(due) if t.startswith("Sgt. Maro — Command takeover"))
    tests.take_due(row)
    assert tests.action_box.currentData() == "takeover_test"
    before = {u.id: (u.x, u.y) for u in game.units if u.id.startswith("cy-")}
    type_faces(qtbot, tests, [2])
    retest = tests.resolution
    assert retest.step("takeover").label == "Takeover re-test"
    assert retest.step("retreat").note == "Ск 5 steps toward the south edge (§4.6-3)"
    assert retest.summary == "Cyber platoon panics and retreats (§4.5-3)"
    click(qtbot, tests.apply_button)
    for uid, (x, y) in before.items():
        u = game.unit(uid)
        assert (u.x, u.y) == pytest.approx((x, y + 5.0))             # 5 steps south
        assert scene_pos(win, uid) == pytest.approx((u.x, u.y))      # on the board too
    assert game.group("cy-pl").state["panicking"] is True
    assert "in Panic" in turn.table.item(row_of(turn, "cy-b-2"), 5).text()
    mv = win.services.action_panel
    mv.raise_()
    select_unit(qtbot, win, "cy-b-2")
    choose(qtbot, mv.action_box, "move")
    click(qtbot, mv.roles_view.part("point", "pick"))
    click_board(qtbot, win, 20.0, 30.0)
    assert "Cyber platoon is in Panic: it retreats, not under command (§4.6)" in \
        mv.cost_label.text() + mv.message.text(), (mv.message.text(), mv.cost_label.text())

    # --- undo restores the board -------------------------------------------------------------
    win.undo_action.trigger()                                    # the retreat taken back
    for uid, p in before.items():
        assert (game.unit(uid).x, game.unit(uid).y) == pytest.approx(p)
        assert scene_pos(win, uid) == pytest.approx(p)
    assert "panicking" not in game.group("cy-pl").state
    while win.editor.undo_stack.canUndo():
        win.undo_action.trigger()
    assert board(win) == start
    for u in game.units:
        assert scene_pos(win, u.id) == pytest.approx((u.x, u.y))
    assert win.scene.has_unit("cy-a-2") and badges(win, "cy-a-2") == []
