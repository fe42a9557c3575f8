"""Issue 36: Measure, Threat, the drag readout, the Actions dock's facts and `warboard
measure` name the same side struck for a tank under each reading of `facing_model`.

The demo's Panzerschreck loader stands 61° off the left of Sherman 4's facing: the front
by front180 (and by attacker_choice, whose board measure is front180's: the player picks
when the shot is resolved), the left side by quadrants.
"""

from __future__ import annotations

import json

import pytest

from app import cli
from app.tools.threat import sightings
from engine.facts import facts_for
from engine.gamefile import new_game_file
from engine.measure import service_for
from engine.readings import game_readings, readings_change
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from tests.app.helpers import show_window

SHOOTER, TANK = "schreck-loader", "sherman-4"


@pytest.mark.parametrize("reading, side", [("front180", "front"), ("quadrants", "left"),
                                           ("attacker_choice", "front")])
def test_every_door_names_the_same_side(qtbot, capsys, tmp_path, reading, side):
    win = show_window(qtbot, load_demo())
    game = win.editor.game
    win.editor.push(readings_change(get_ruleset(game.scenario.ruleset), game,
                                    {"facing_model": reading}))
    assert game_readings(game).get("facing_model", "front180") == reading
    # Measure
    measure = win.tools.tools["measure"]
    assert measure.measure(SHOOTER, TANK).target_side == side
    # Threat: the tank's list names the side the loader's fire strikes
    threat = win.tools.tools["threat"]
    tank = game.unit(TANK)
    threat.view_of = [s for s in sightings(game.scenario, TANK) if s.other == SHOOTER]
    line = next(x for x in threat.text(tank).splitlines()
                if x.strip().startswith(f"{game.unit(SHOOTER).label} sees"))
    assert line.endswith(f"strikes the {side}"), line
    # the drag readout asks the service for the side from where the dragged unit is
    loader = game.unit(SHOOTER)
    assert service_for(game.scenario).side_from(loader.x, loader.y, TANK,
                                                game_readings(game)) == side
    # the Actions dock's facts (as the dock asks: the game's readings)
    facts = facts_for(game.scenario, "shoot", SHOOTER, TANK, rules=game_readings(game))
    assert facts.side_struck == side
    # warboard measure on the game file, without --facing-model
    path = tmp_path / "game.warboard"
    new_game_file(path, game)
    code = cli.run(["measure", str(path), SHOOTER, TANK, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert json.loads(out)["target_side"] == side
