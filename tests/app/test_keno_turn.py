"""A Keno turn played through the program (pytest-qt, offscreen): the initiative typed in
the Turn dock, the platoon commander activated — the dock's chain of command saying who
may receive his passed actions and on what terms, the board drawing his 6" contact zone
with his subordinates marked — his two actions passed — one free to the 1st squad within
6" in sight, one to the 2nd squad by a phone comm test that fails and loses the action —
a combat move moving the squad on the board from the Actions dock, a merge of the two
battered squads, then the Steel's activation in alternation, its company commander
passing down the chain through the platoon commander to a tank; Edit ▸ Undo restores the
board."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

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
    for uid in ("p1", "s2"):                    # both ends sit at field phones
        scenario.unit(uid).state.update({"comms": "phone", "at_phone": True})
    p1 = scenario.unit("p1")                    # the lieutenant a little back, by the trench:
    p1.x, p1.y = 18.5, 32.5                     # the 1st squad 3.8" off, the 2nd 7.5"
    win = open_window(qtbot, scenario, (24, 34))
    game, dock, panel = win.game, win.services.turn_dock, win.services.action_panel
    win.services.turn_dock.show()
    start = json.dumps(game.snapshot(), sort_keys=True)
    start_pos = {u.id: (u.x, u.y) for u in game.scenario.units}

    # initiative: keno rolls s1's d10, steel a d8 (§4.A-1)
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("9 4")
    click(qtbot, dock.roll_button)
    assert game.active_side == "keno"
    dock.select_unit("p1")
    click(qtbot, dock.activate_button)
    # the chain of command: p1 over his squads and teams, what a pass to each would meet
    tree = {uid: (depth, may, passed) for uid, depth, may, passed in dock.tree_units()}
    assert dock.tree.isVisible()
    assert tree["p1"][:2] == (0, "acting (2 left)")
    assert tree["s1"][0] == 1 and "no test" in tree["s1"][2]
    assert "comm test d8 > 2: 3/4" in tree["s2"][2]
    assert tree["k1"][2].startswith("impossible: no radio or phone")
    assert tree["sp"] == (0, "yes", "")                   # another chain: nobody passes
    sp_item = dock.tree.findItems("Spotter team", Qt.MatchFlag.MatchStartsWith
                                  | Qt.MatchFlag.MatchRecursive)[0]
    assert sp_item.text(0) == "Spotter team (under Mortar battery, 2nd bn (off-table))"
    # the board: his 6" contact zone, s1 marked in contact, k1 by a comm test
    select_unit(qtbot, win, "p1")
    zone = win.services.zones.zones[0]
    assert "6\" contact" in zone.label
    tones = {m.unit: m.tone for m in zone.marks}
    assert tones["s1"] == "in" and tones["s2"] == "test" and tones["k1"] == "out"
    assert "sp" not in tones
    assert set(win.services.zones.marks) >= {"s1", "s2", "mg", "k1", "k2"}
    assert win.services.zones.marks["s1"].pen().color().name() == "#1f7a3a"
    assert zone.area.contains(win.game.unit("s1").polygon().centroid)
    assert not zone.area.intersects(win.game.unit("k1").polygon())
    # 1st squad: 2" away in the open, no test
    dock.typed_dice.setChecked(False)
    dock.select_unit("s1")
    click(qtbot, dock.pass_button)
    assert game.unit("s1").state["actions_left"] == 2
    # 2nd squad: 7.5" off, by phone: d8 > 2, a 2 loses the action
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("2")
    dock.select_unit("s2")
    click(qtbot, dock.pass_button)
    assert "lost" in dock.message.text() and "Communication test (d8 > 2)" in \
        dock.message.text()
    assert game.unit("p1").state["actions_left"] == 0
    assert "actions_left" not in game.unit("s2").state

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

    # alternation: the Steel's slot; the tree is now the Steel's. The company commander
    # passes to the platoon commander (2.9" in sight: free), who passes on to Tank 1 (KP-3)
    click(qtbot, dock.next_button)
    assert game.active_side == "steel"
    dock.select_unit("tc")
    click(qtbot, dock.activate_button)
    assert [(u, d) for u, d, _m, _p in dock.tree_units()] == \
        [("tc", 0), ("tp", 1), ("t1", 2), ("t2", 2), ("t3", 2)]
    dock.select_unit("tp")
    click(qtbot, dock.pass_button)
    tree = {uid: passed for uid, _d, _m, passed in dock.tree_units()}
    assert tree["t1"].startswith("from Tank platoon commander: no test")
    dock.select_unit("t1")
    click(qtbot, dock.pass_button)
    assert game.log[-1].actor == "tp" and game.unit("t1").state["actions_left"] == 2
    assert game.unit("tp").state["actions_left"] == 1
    select_unit(qtbot, win, "t1")
    assert win.services.zones.zones == []                          # nobody is under a tank

    # undo everything: the board as it was
    while win.editor.undo_stack.canUndo():
        win.editor.undo_stack.undo()
    now = json.loads(json.dumps(game.snapshot(), sort_keys=True))
    was = json.loads(start)
    assert {k: v for k, v in now.items() if k != "log"} == \
        {k: v for k, v in was.items() if k != "log"}
    assert {u.id: (u.x, u.y) for u in game.scenario.units} == start_pos
