"""Cover destroyed by heavy fire on the board (04 §4.5-4): the applied shot edits the
terrain piece (cover 0), the board's piece follows, and Edit ▸ Undo gives the cover back."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.measure import measure_pair
from engine.rulesets.butterfly_effect import RULESET as BE
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.test_panels_support import open_window


def test_heavy_fire_takes_the_barrels_away_and_undo_brings_them_back(qtbot):
    sc = load_scenario(resource("scenarios", "butterfly-night-approach.json"))
    sc.unit("jiy").x, sc.unit("jiy").y = 26, 24                   # behind the barrels
    win = open_window(qtbot, sc, (40, 24))
    game = win.game
    facts = facts_for(game.scenario, "fire", "manny", "jiy", ruleset=BE,
                      weapon="heavy_weapon")
    ctx = BE.context("fire", actor=game.unit("manny"), target=game.unit("jiy"),
                     weapon="heavy_weapon", facts=facts, game=game)
    res = ctx.resolve(ScriptedDice([6, 1, 1, 1, 1, 1, 1, 1]))
    assert "Barrels destroyed by heavy fire" in res.step("cover").outcome
    win.editor.push(res.change)
    assert win.scene.terrain_item("barrels").piece.cover == 0
    assert measure_pair(game.scenario, "manny", "jiy").cover == 0
    win.undo_action.trigger()
    assert win.scene.terrain_item("barrels").piece.cover is None
    assert measure_pair(game.scenario, "manny", "jiy").cover == 1
