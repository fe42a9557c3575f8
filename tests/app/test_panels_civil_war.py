"""A Civil War turn through the panels on the sample scenario (resources/scenarios/
civil-war-vasylivka.json): UNR's company fires at the Plastuns, who declare return fire
(CW-1's dice), the Plastuns' retreat moves their stands on the board and the lost stands
leave it; a White battery's shot is placed on the board, scattered inside the action and
applied, the landed template drawn on the board and the battery's ammunition badge ticked
down; undo restores the board. Real clicks and typed dice."""

from __future__ import annotations

import math

import pytest

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.helpers import click_board
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)

#: CW-1 with the default order (officer death tests before FEAR): UNR's volley, the
#: Plastuns' retreat, officer and FEAR tests, the return fire, UNR's officer and FEAR tests.
CW1 = [4, 3, 2, 6, 5, 6, 2, 3, 6, 3, 5, 1, 1, 1, 2, 3, 1, 2, 4, 2, 2, 4, 3, 3, 5,
       3, 1, 5, 3, 2, 4, 4, 4]


@pytest.fixture
def win(qtbot):
    scenario = load_scenario(resource("scenarios", "civil-war-vasylivka.json"))
    return open_window(qtbot, scenario, centre=(36, 26))


def positions(win, prefix):
    return {u.id: (u.x, u.y) for u in win.game.units if u.id.startswith(prefix)}


def scene_pos(win, uid):
    p = win.scene.unit_item(uid).pos()
    return p.x(), p.y()


def test_a_civil_war_turn_through_the_panels(win, qtbot):
    game, panel = win.game, win.services.action_panel
    start = {u.id: (u.x, u.y) for u in game.units}

    # --- UNR fires at the Plastuns, who return fire ------------------------------------------
    select_unit(qtbot, win, "unr-3")
    offered = [panel.action_box.itemData(i) for i in range(panel.action_box.count())]
    assert offered == ["fire", "rout_move"]   # RALLY, suppression, start of turn: Tests dock
    choose(qtbot, panel.action_box, "fire")
    click(qtbot, panel.roles_view.part("target", "pick"))
    click_board(qtbot, win, *start["pl-2"])
    assert panel.target_id == "pl-2"
    assert panel.facts_view.measured.range_band == "long"
    alone = panel.context.odds()
    assert panel.odds_chart.heights() == [float(p) for _, p in alone.outcomes]
    choose(qtbot, panel.responder_box, "pl-2")           # the Plastuns declare return fire
    assert panel.answer_action_box.currentData() == "fire"
    joint = panel.odds_chart.distribution
    assert list(joint.parts.values())[0] == alone
    enter_dice_mode(qtbot, panel)
    assert [g.text for g in panel.dice_entry.groups][0] == "Hit roll — 5 × d6"
    type_dice(qtbot, panel, CW1)
    res = panel.resolution
    assert res is not None, panel.dice_entry.message.text()
    first, back = res.resolutions
    assert first.step("hit").count("hit") == 2 and back.step("hit").count("hit") == 4
    assert back.step("unr.fear").results == ("pass", "flees", "pass", "flees")
    assert "−1 target SKIRMISHER in open order" in panel.steps_view.toPlainText()
    assert "+1 target MOB" in panel.answer_steps.toPlainText()
    click(qtbot, panel.apply_button)

    # the Plastuns lost one stand and retreated 2" directly away from UNR (north-ish)
    left = positions(win, "pl-")
    assert len(left) == 3
    for uid, (x, y) in left.items():
        sx, sy = start[uid]
        assert math.hypot(x - sx, y - sy) == pytest.approx(2.0, abs=1e-6)
        assert y < sy
        assert scene_pos(win, uid) == pytest.approx((x, y))
    assert sorted(positions(win, "unr-")) == ["unr-1"]            # UNR lost four stands
    assert "ROU" in win.scene.unit_item("unr-1").badge_texts()    # and flees
    assert game.group("pl").state["moved"] is True

    # --- the White battery fires at the Red companies ----------------------------------------
    select_unit(qtbot, win, "white-gun")
    choose(qtbot, panel.action_box, "artillery_fire")
    click(qtbot, panel.roles_view.part("point", "pick", "point", "template"))
    click_board(qtbot, win, 46.0, 9.0)
    assert panel.point == pytest.approx((46.0, 9.0), abs=0.1)
    click(qtbot, panel.dice_entry.app_radio)
    panel.dice_entry.seed_edit.clear()
    qtbot.keyClicks(panel.dice_entry.seed_edit, "6")
    click(qtbot, panel.dice_entry.roll_button)
    shot = panel.resolution
    assert shot is not None and shot.step("scatter").rolls
    landed = next(e.value for e in shot.change.effects
                  if getattr(e, "key", None) == "last_shot")
    aim = landed["aim"]
    dist, bearing = landed["scatter"]
    cx = aim[0] + dist * math.cos(math.radians(bearing))
    cy = aim[1] + dist * math.sin(math.radians(bearing))
    assert landed["centre"] == pytest.approx([cx, cy])
    assert "template lands at" in panel.steps_view.toPlainText()
    assert shot.summary == 'scatter 1"; 1st Red company: 1 platoon lost'
    hit = {st.id.split(".", 1)[1] for st in shot.steps
           if st.id.startswith(("result.", "cover."))}            # the stands under it
    before_shot = {u.id: (u.x, u.y) for u in game.units}
    assert "white-gun" not in win.scene.shape_items
    assert win.scene.unit_item("white-gun").badge_texts() == ["AM8"]
    click(qtbot, panel.apply_button)
    assert game.unit("white-gun").state["ammo"] == 7
    assert win.scene.unit_item("white-gun").badge_texts() == ["AM7"]
    drawn = win.scene.shape_items["white-gun"]                   # the template where it fell
    assert drawn.shapes[0].points == ((cx, cy),) and drawn.shapes[0].radius_in == 1.5
    assert drawn.isVisible() and drawn.scene() is win.scene
    gone = [uid for uid in before_shot if not game.on_table(uid)]
    assert len(gone) == 1 and gone[0] in hit and gone[0].startswith("red1-")

    # --- undo both: the board as it was ------------------------------------------------------
    win.undo_action.trigger()
    assert game.unit("white-gun").state["ammo"] == 8
    assert "white-gun" not in win.scene.shape_items
    assert win.scene.unit_item("white-gun").badge_texts() == ["AM8"]
    assert {u.id: (u.x, u.y) for u in game.units} == before_shot
    win.undo_action.trigger()
    assert {u.id: (u.x, u.y) for u in game.units} == start
    for uid, p in start.items():
        assert scene_pos(win, uid) == pytest.approx(p)
    assert "ROU" not in win.scene.unit_item("unr-1").badge_texts()
