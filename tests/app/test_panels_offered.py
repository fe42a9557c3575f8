"""The Actions and Tests docks list only what the selected unit can take
(`Ruleset.actions_for`): a rifleman is offered no main gun, a Sherman no melee, a sergeant
without grenades no grenade. Selecting another unit — a click on the board or on the dock's
unit list — changes the lists and keeps the chosen action where the new unit has it."""

from __future__ import annotations

import pytest

from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from tests.app.test_panels_support import choose, open_window, select_unit

ROUND, RECT = BaseShape.round(25), BaseShape.rect(50, 100)
#: A scenario's own NCO who bought no grenades (§3.1 has_grenades).
PROFILES = {"sgt-no-grenades": {"accuracy": 6, "melee": 6, "guts": 7, "hp": 1, "rank": "nco",
                                "weapons": ["thompson"]}}
TANK = ["command_range", "tank_move", "tank_search", "tank_aim", "tank_fire", "tank_mg",
        "tank_reload", "tank_change_target", "tank_rotate_hull", "tank_rotate_turret"]
RIFLEMAN = ["shoot", "melee", "assault", "grenade", "medkit", "move", "command_range"]
RIFLEMAN_TESTS = ["detect", "suppression_test", "overcome", "stat_test", "skill", "death_roll"]


def table() -> Scenario:
    units = [Unit("rifle", "us", "us-rifleman", 10, 20, ROUND, name="Dawson"),
             Unit("sarge", "us", "sgt-no-grenades", 14, 20, ROUND, name="Sgt Kowalski"),
             Unit("sherman", "us", "m4a1-sherman", 24, 20, RECT, facing=0.0, turret=0.0,
                  name="Sherman"),
             Unit("gren", "axis", "grenadier", 40, 20, ROUND, name="Brandt")]
    return Scenario("offered", "iron-hearts", Table(48, 40, metres_per_inch=2.5),
                    units=units, profiles=PROFILES)


@pytest.fixture
def win(qtbot):
    return open_window(qtbot, table(), centre=(24, 20))


def listed(dock) -> list[str]:
    # the order is the unit's readiness (those refused now last: app/panels/action_order);
    # the tests compare what is offered
    return [dock.action_box.itemData(i) for i in range(dock.action_box.count())]


def test_selecting_a_rifleman_then_a_sherman_changes_both_lists(win, qtbot):
    actions, tests = win.services.action_panel, win.services.tests_dock
    assert listed(actions) == [] and listed(tests) == []          # nothing selected yet

    select_unit(qtbot, win, "rifle")                              # a click on the board
    assert actions.actor_box.currentData() == "rifle"
    assert sorted(listed(actions)) == sorted(RIFLEMAN)
    assert sorted(listed(tests)) == sorted(RIFLEMAN_TESTS)
    choose(qtbot, actions.action_box, "command_range")
    choose(qtbot, tests.action_box, "skill")

    select_unit(qtbot, win, "sherman")
    assert sorted(listed(actions)) == sorted(TANK)
    assert actions.action_box.currentData() == "command_range"    # the Sherman has it too
    assert listed(tests) == []                                    # a tank has no unit tests
    assert tests.action is None and tests.context is None
    choose(qtbot, actions.action_box, "tank_fire")
    assert actions.action.id == "tank_fire"
    assert actions.roles_view.part("target", "row").isVisibleTo(actions)

    # back to the rifleman through the dock's unit list: tank_fire is not his, so the
    # list starts again at his first action
    choose(qtbot, actions.actor_box, "rifle")
    assert win.selected_unit_id == "rifle"
    assert sorted(listed(actions)) == sorted(RIFLEMAN)
    assert actions.action_box.currentData() == "shoot"
    assert actions.action.id == "shoot"
    assert sorted(listed(tests)) == sorted(RIFLEMAN_TESTS)


def test_a_sergeant_without_grenades_rallies_but_throws_none(win, qtbot):
    actions, tests = win.services.action_panel, win.services.tests_dock
    select_unit(qtbot, win, "rifle")
    choose(qtbot, actions.action_box, "grenade")
    choose(qtbot, actions.actor_box, "sarge")
    # a commander's orders (§4.11, issue 9) come after the rifleman's actions
    assert sorted(listed(actions)) == sorted([a for a in RIFLEMAN if a != "grenade"] + ["order"])
    assert actions.action_box.currentData() == "shoot"            # his first, not a grenade
    assert sorted(listed(tests)) == sorted(["detect", "suppression_test", "overcome", "rally",
                                            "stat_test", "skill", "death_roll"])
    with pytest.raises(KeyError, match="'grenade' is not offered here"):
        actions.set_action("grenade")


def test_a_removed_actor_leaves_an_empty_list(win, qtbot):
    from engine.model import Change, RemoveUnit

    actions = win.services.action_panel
    select_unit(qtbot, win, "rifle")
    assert sorted(listed(actions)) == sorted(RIFLEMAN)
    win.editor.push(Change([RemoveUnit("rifle", "killed")], "casualty"))
    assert actions.actor_id is None and listed(actions) == []
    win.undo_action.trigger()
    select_unit(qtbot, win, "rifle")
    assert sorted(listed(actions)) == sorted(RIFLEMAN)
