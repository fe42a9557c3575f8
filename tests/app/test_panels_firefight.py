"""An Iron Hearts firefight through the panels, the worked example IH-8 of
rules/01-iron-hearts.md: an MG-42 shoots at a US squad (3 hits, no wounds, one suppression
each on Vova, Tolik and Zhora), the start-of-turn suppression tests in the Tests dock
(Guts 7 − MM 2 = 5: 7 fails, 6 fails, 2 passes), then the commander's rally (his own Guts 9,
1 and 6 both pass). Real clicks on the board and the widgets, typed dice; the board's
badges, the log, undo and the command-line twin are checked."""

from __future__ import annotations

import pytest

from engine.dice import Comparison
from engine.rulesets.iron_hearts import RULESET as IH
from engine.scenario import Scenario, Table, Unit
from engine.turns import next_activation, structure_of
from geometry.bases import BaseShape
from tests.app.test_panels_support import (
    choose,
    cli_json,
    click,
    click_board,
    enter_dice_mode,
    open_window,
    save_table,
    select_unit,
    type_dice,
)

ROUND = BaseShape.round(25)
SQUAD = ("vova", "tolik", "zhora")
#: The seed's own numbers where IH-8 gives them (Guts 7 for the squad, 9 for the commander).
PROFILES = {
    "gunner": {"accuracy": 5, "melee": 5, "guts": 7, "hp": 1, "weapons": ["mg42"]},
    "soldier": {"accuracy": 5, "melee": 6, "guts": 7, "hp": 1, "weapons": ["kar98k"],
                "has_grenades": True},
    "commander": {"accuracy": 6, "melee": 6, "guts": 9, "hp": 2, "is_pc": True,
                  "rank": "officer", "weapons": ["thompson"], "has_grenades": True},
}


def firefight() -> Scenario:
    """The MG team at (10, 20); the squad 24" (60 m) east, the commander behind it."""
    units = [Unit("mg", "axis", "gunner", 10, 20, ROUND, facing=0.0, name="MG-42 team"),
             *[Unit(uid, "us", "soldier", 34, y, ROUND, facing=180.0, name=uid.title(),
                    parent="cmd") for uid, y in zip(SQUAD, (18, 20, 22), strict=True)],
             Unit("cmd", "us", "commander", 37, 20, ROUND, facing=180.0, name="Lt. Moss")]
    return Scenario("firefight", "iron-hearts", Table(48, 40, metres_per_inch=2.5),
                    units=units, profiles=PROFILES)


@pytest.fixture
def win(qtbot):
    return open_window(qtbot, firefight(), centre=(24, 20))


def badges(win, uid):
    return win.scene.unit_item(uid).badge_texts()


def pick_units(qtbot, win, button, ids) -> None:
    """Click Pick, then each unit on the board, then Enter."""
    click(qtbot, button)
    for uid in ids:
        u = win.game.unit(uid)
        click_board(qtbot, win, u.x, u.y)
    from PySide6.QtCore import Qt

    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert win.tools.active.id == "select"


def test_ih8_mg_suppression_tests_and_rally_through_the_panels(win, qtbot, tmp_path):
    """AP is now charged by the turn contract (issue 9 point 4), so each side acts in its
    own turn: the MG in the axis turn, the squad's tests and the rally in the US turn."""
    game = win.game
    panel = win.services.action_panel
    game.active_side = "axis"

    # --- the MG-42 shoots at the squad ------------------------------------------------------
    select_unit(qtbot, win, "mg")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.part("weapon", "combo", "weapon"), "mg42")
    pick_units(qtbot, win, panel.roles_view.part("targets", "pick"), SQUAD)
    assert panel.target_ids == list(SQUAD)
    lst = panel.roles_view.part("targets", "list")
    checked = [lst.item(i).text() for i in range(lst.count())
               if lst.item(i).checkState().value]
    assert checked == ["Vova (us)", "Tolik (us)", "Zhora (us)"]
    # measured to the first target: centres 24.08" apart, less two 25 mm radii (the bases
    # are polygons a hair inside the circle)
    edge_in = (24 ** 2 + 2 ** 2) ** 0.5 - 25 / 25.4
    assert panel.facts_view.measured.distance_m == pytest.approx(2.5 * edge_in, abs=0.01)
    assert panel.facts_view.measured.cover == 0
    assert panel.odds_chart.heights() == [float(p) for _, p in panel.context.odds().outcomes]

    enter_dice_mode(qtbot, panel)
    assert [g.text for g in panel.dice_entry.groups] == ["Hit roll — 5 × d10"]
    type_dice(qtbot, panel, [1, 2, 3, 9, 9, 1, 2, 3, 8, 9, 10])
    shot = panel.resolution
    assert shot.step("hit").results == ("hit", "hit", "hit", "miss", "miss")
    assert shot.step("allocate").results == SQUAD
    assert shot.step("wound").count("wound") == 0
    twin = cli_json(["resolve", save_table(win, tmp_path / "t0.json"), "shoot", "--by", "mg",
                     "--targets", ",".join(SQUAD), "--weapon", "mg42",
                     "--dice", "1,2,3,9,9,1,2,3,8,9,10"])
    mine = shot.log_entry(game.turn).to_dict()
    assert {k: twin[k] for k in mine} == mine
    click(qtbot, panel.apply_button)
    for uid in SQUAD:
        assert game.unit(uid).markers["suppression"] == 1
        assert game.unit(uid).state["guts_penalty"] == 2
        assert badges(win, uid)[0] == "S1"

    # undo and redo of the shot
    win.undo_action.trigger()
    assert not any(game.unit(u).markers.get("suppression") for u in SQUAD)
    assert badges(win, "vova") == []
    win.redo_action.trigger()
    assert badges(win, "vova")[0] == "S1"

    # --- the axis turn ends: the US side's turn begins (undoable, through the editor) ------
    win.editor.push(next_activation(game, structure_of(IH)))
    assert game.active_side == "us"

    # --- start-of-turn suppression tests in the Tests dock ----------------------------------
    tests = win.services.tests_dock
    tests.raise_()
    select_unit(qtbot, win, "vova")
    assert tests.actor_box.currentData() == "vova"
    offered = [tests.action_box.itemData(i) for i in range(tests.action_box.count())]
    # a private's tests: no rally (a commander's, §4.5-5), no actions such as shoot
    assert offered == ["detect", "suppression_test", "overcome", "stat_test", "skill",
                       "death_roll"]
    choose(qtbot, tests.action_box, "suppression_test")
    assert tests.odds_chart.heights() == [float(p) for _, p in tests.context.odds().outcomes]
    enter_dice_mode(qtbot, tests)
    results = {}
    for uid, face in zip(SQUAD, (7, 6, 2), strict=True):
        select_unit(qtbot, win, uid)
        assert tests.action_box.currentData() == "suppression_test"
        type_dice(qtbot, tests, [face])
        step = tests.resolution.step("guts")
        assert (step.base, step.target, step.comparison) == (7, 5, Comparison.LE)
        assert [(m.label, m.value) for m in step.modifiers] == [("MM penalty", -2)]
        assert step.totals == ()                    # "3D10: 7 + 6 + 2 = 15" is no sum
        assert "needs d10 ≤ 5" in tests.steps_view.toPlainText()
        results[uid] = step.results[0]
        if uid == "vova":
            twin = cli_json(["resolve", save_table(win, tmp_path / "t1.json"),
                             "suppression_test", "--by", "vova", "--dice", "7"])
            mine = tests.resolution.log_entry(game.turn).to_dict()
            assert {k: twin[k] for k in mine} == mine
        click(qtbot, tests.apply_button)
    assert results == {"vova": "fail", "tolik": "fail", "zhora": "pass"}
    assert game.unit("vova").state["cannot_act"] and game.unit("tolik").state["cannot_act"]
    assert badges(win, "zhora") == [] and badges(win, "vova")[0] == "S1"

    # --- the commander's rally: his own Guts 9, one AP per test ----------------------------
    select_unit(qtbot, win, "cmd")
    assert tests.action_box.currentData() == "suppression_test"   # kept: he has it too
    choose(qtbot, tests.action_box, "rally")
    pick_units(qtbot, win, tests.roles_view.part("targets", "pick"), ("vova", "tolik"))
    assert [g.text for g in tests.dice_entry.groups] == ["Rally (commander's Guts) — 2 × d10"]
    type_dice(qtbot, tests, [1, 6])
    rally = tests.resolution.step("guts")
    assert (rally.base, rally.target, rally.modifiers) == (9, 9, ())
    assert rally.results == ("pass", "pass") and rally.totals == ()
    click(qtbot, tests.apply_button)

    # IH-8 corrected (issue 9, seed L281): the rally puts Vova and Tolik back in action
    # this turn; their suppression stays until next turn's tests (it used to be removed)
    assert [game.unit(u).markers.get("suppression") for u in SQUAD] == [1, 1, None]
    assert not any(game.unit(u).state.get("cannot_act") for u in SQUAD)
    assert game.unit("cmd").state["ap_left"] == 1
    assert badges(win, "vova")[0] == "S1" and badges(win, "zhora") == []
    assert [(e.action, e.actor) for e in game.log] == [
        ("shoot", "mg"), ("suppression_test", "vova"), ("suppression_test", "tolik"),
        ("suppression_test", "zhora"), ("rally", "cmd")]
    assert [r.faces for r in game.log[-1].dice] == [(1, 6)]

    win.undo_action.trigger()                        # the rally taken back
    assert game.unit("vova").markers["suppression"] == 1
    assert game.unit("tolik").state["cannot_act"]
    assert "ap_left" not in game.unit("cmd").state
    assert badges(win, "tolik")[0] == "S1"
