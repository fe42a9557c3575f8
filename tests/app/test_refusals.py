"""One refusal style (issue 9): an action the rules refuse raises ActionRefused from resolve
and odds; the Actions dock says "Not possible: …" and `warboard resolve/odds` names the
flag of the argument at fault — for an infantry action and a tank action alike."""

from __future__ import annotations

import pytest

from app import cli
from engine.scenario_io import load_scenario
from tests.app.test_panels_offered import table
from tests.app.test_panels_support import choose, open_window, select_unit

CROSSROADS = "resources/scenarios/crossroads.json"


def run(capsys, *argv) -> tuple[int, str]:
    code = cli.run([str(a) for a in argv])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command", ["resolve", "odds"])
def test_the_cli_names_the_flag_of_the_refused_argument(capsys, command):
    load_scenario(CROSSROADS)
    code, err = run(capsys, command, CROSSROADS, "shoot", "--by", "us-1-1",
                    "--target", "sherman-2", "--fact", "los=yes")
    assert code == 2
    assert "error: --target: not possible: Sherman 2 'Bulldog' is an armoured vehicle" in err
    code, err = run(capsys, command, CROSSROADS, "order", "--by", "us-1-nco",
                    "--target", "us-1-1", "--option", "order=assault",
                    "--option", "enemy_distance_m=80")
    assert code == 2 and "error: --option order: not possible: assault only within 50 m" \
        in err
    # a tank action: the same style, the action as a whole at fault
    code, err = run(capsys, command, CROSSROADS, "tank_fire", "--by", "sherman-1",
                    "--target", "sherman-2")
    assert code == 2
    assert "error: not possible: Fire main gun: the main gun is not aimed at Sherman 2" in err
    assert "Traceback" not in err


def test_the_panel_says_not_possible_for_infantry_and_tanks_alike(qtbot):
    win = open_window(qtbot, table(), centre=(24, 20))
    panel = win.services.action_panel
    select_unit(qtbot, win, "rifle")
    choose(qtbot, panel.action_box, "melee")
    choose(qtbot, panel.roles_view.part("target", "combo"), "sherman")
    assert panel.context is not None and panel.message.text().startswith(
        "Not possible: target: Sherman is a vehicle — melee and assault are between")
    select_unit(qtbot, win, "sherman")
    choose(qtbot, panel.action_box, "tank_fire")
    choose(qtbot, panel.roles_view.part("target", "combo"), "gren")
    # the action named by its name, and what the tank can do at that target now (issue 39)
    assert panel.message.text().startswith("Not possible: Fire main gun: the main gun is not "
                                           "aimed at Brandt")
    assert "Ready now: Search & Aim" in panel.message.text()


def _sample(name: str):
    from resources.loader import resource

    return load_scenario(str(resource("scenarios", name)))


@pytest.mark.parametrize("scenario, unit, action, target, message", [
    # Butterfly Effect: no stealth duel won yet, so no silent elimination
    ("butterfly-night-approach.json", "jiy", "silent_elimination", "manny",
     "Not possible: Jiy (Жий) has not won a stealth duel against Manny (Мэнни)"),
    # Boets: the clone squad firing at a fighter of its own side
    ("boets-velian-ridge.json", "cl-3", "fire", "cy-a-1",
     "Not possible: the target is a friend"),
])
def test_the_panel_says_not_possible_for_boets_and_butterfly(qtbot, scenario, unit, action,
                                                            target, message):
    """#9: Boets and Butterfly Effect refuse the one way (they showed a "Not possible"
    step before); the Actions dock says so, as for Iron Hearts."""
    sc = _sample(scenario)
    u = next(x for x in sc.units if x.id == unit)
    win = open_window(qtbot, sc, centre=(u.x, u.y))
    panel = win.services.action_panel
    select_unit(qtbot, win, unit)
    choose(qtbot, panel.action_box, action)
    if target is not None:
        choose(qtbot, panel.roles_view.part("target", "combo"), target)
    assert panel.message.text().startswith(message), panel.message.text()
