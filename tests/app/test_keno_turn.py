"""A Keno turn played through the program (pytest-qt, offscreen): the initiative typed in
the Turn dock, the platoon commander activated, his two actions passed — one free to the
1st squad within 6" in sight, one by a phone comm test that fails and loses the action —
a combat move moving the squad on the board from the Actions dock, a merge of the two
battered squads; Edit ▸ Undo restores the board."""

from __future__ import annotations

import json

import pytest

from engine.scenario_io import load_scenario
from tests.app.helpers import click_board
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)
from tests.engine.keno_platoon.helpers import SAMPLE


def test_a_keno_turn_through_the_tracker(qtbot):
    scenario = load_scenario(SAMPLE)
    for uid in ("p1", "k1"):                    # both ends sit at field phones
        scenario.unit(uid).state.update({"comms": "phone", "at_phone": True})
    win = open_window(qtbot, scenario, (24, 34))
    game, dock, panel = win.game, win.turn_dock, win.action_panel
    win.turn_dock.show()
    start = json.dumps(game.snapshot(), sort_keys=True)
    start_pos = {u.id: (u.x, u.y) for u in game.scenario.units}

    # initiative: keno rolls s1's d10, steel a d8 (§4.A-1)
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("9 4")
    click(qtbot, dock.roll_button)
    assert game.active_side == "keno"
    dock.select_unit("p1")
    click(qtbot, dock.activate_button)
    # 1st squad: 2" away in the open, no test
    dock.typed_dice.setChecked(False)
    dock.select_unit("s1")
    click(qtbot, dock.pass_button)
    assert game.unit("s1").state["actions_left"] == 2
    # Khara team 1: beyond 6", by phone: d8 > 2, a 2 loses the action
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("2")
    dock.select_unit("k1")
    click(qtbot, dock.pass_button)
    assert "lost" in dock.message.text() and "Communication test (d8 > 2)" in \
        dock.message.text()
    assert game.unit("p1").state["actions_left"] == 0
    assert "actions_left" not in game.unit("k1").state

    # the 1st squad's combat move (infantry: 2d6) toward the 2nd squad — 4 + 4 = 8"
    select_unit(qtbot, win, "s1")
    choose(qtbot, panel.action_box, "advance")
    choose(qtbot, panel.options_view.editors["mode"], "combat")
    click(qtbot, panel.roles_view.part("point", "pick", "point", "template"))
    click_board(qtbot, win, 25.0, 37.0)
    assert panel.point == pytest.approx((25.0, 37.0), abs=0.1)
    enter_dice_mode(qtbot, panel)
    type_dice(qtbot, panel, [4, 4])
    assert "Combat move (2d6)" in panel.steps_view.toPlainText()
    click(qtbot, panel.apply_button)
    s1 = game.unit("s1")                        # up to the 2nd squad's base, which stops it
    assert 24.0 < s1.x < 25.0 and s1.y == pytest.approx(37.0, abs=0.2)
    item = win.scene.unit_item("s1").pos()
    assert (item.x(), item.y()) == pytest.approx((s1.x, s1.y))
    assert "stopped" in game.log[-1].details["steps"][-1]["note"]

    # merge the battered squads (KP-7's figures): 5 figures, d6, level 2, Shaken
    choose(qtbot, panel.action_box, "merge_groups")
    choose(qtbot, panel.roles_view.editor("other").combo, "s2")
    click(qtbot, panel.dice_entry.app_radio)
    click(qtbot, panel.dice_entry.roll_button)
    click(qtbot, panel.apply_button)
    st = game.unit("s1").state
    assert (st["figures"], st["quality"], st["level"], st["morale"]) == (5, "d6", 2, "shaken")
    assert not game.on_table("s2")

    # undo everything: the board as it was
    while win.editor.undo_stack.canUndo():
        win.editor.undo_stack.undo()
    now = json.loads(json.dumps(game.snapshot(), sort_keys=True))
    was = json.loads(start)
    assert {k: v for k, v in now.items() if k != "log"} == \
        {k: v for k, v in was.items() if k != "log"}
    assert {u.id: (u.x, u.y) for u in game.scenario.units} == start_pos
