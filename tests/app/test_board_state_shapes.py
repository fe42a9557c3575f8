"""Shapes a ruleset draws for a unit's state (BoardHints.state_shapes): the Civil War
battery's landed template on the sample table, drawn when the shot is applied, redrawn by
the next shot, gone with undo; and the ammunition badges."""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.test_panels_support import open_window, select_unit


@pytest.fixture
def win(qtbot):
    scenario = load_scenario(resource("scenarios", "civil-war-vasylivka.json"))
    return open_window(qtbot, scenario, centre=(36, 26))


def shoot(win, point, dice):
    game = win.editor.game
    rs = get_ruleset(game.scenario.ruleset)
    ctx = rs.context("artillery_fire", actor=game.unit("white-gun"), point=point, game=game)
    res = ctx.resolve(ScriptedDice(dice))
    win.editor.push(res.change)
    return game.unit("white-gun").state["last_shot"]


def test_the_landed_template_is_drawn_and_undone(win, qtbot):
    scene = win.scene
    assert "white-gun" not in scene.shape_items                 # no shot yet
    assert scene.unit_item("white-gun").badge_texts() == ["AM8"]
    assert scene.unit_item("tachanka").badge_texts() == ["AM7"]
    # aimed at the far end of the 2nd Red company: scatter 6 − 2 = 4"
    shot = shoot(win, (62.0, 10.0), [6, 1] + [6] * 12)
    item = scene.shape_items["white-gun"]
    circle, hole, arrow = item.shapes
    cx, cy = shot["centre"]
    assert circle.points == ((cx, cy),) and circle.radius_in == 1.5
    box = item.mapRectToScene(item.boundingRect())
    assert box.contains(cx - 1.5, cy - 1.5) and box.contains(cx + 1.5, cy + 1.5)
    assert box.contains(62.0, 10.0)                             # the arrow from the aim
    assert item.label.isVisible() and "last shot" in item.label.text()
    assert 'scattered 4"' in item.toolTip()
    assert scene.unit_item("white-gun").badge_texts() == ["AM7"]
    # the next shot moves it
    second = shoot(win, (46.0, 9.0), [1] + [6] * 12)
    assert scene.shape_items["white-gun"] is item
    assert item.shapes[0].points == (tuple(second["centre"]),) == ((46.0, 9.0),)
    assert len(item.shapes) == 2                                # no scatter: no arrow
    # the stand under the hole (it survived its cover roll) is clicked through the template
    assert win.game.on_table("red1-3")
    select_unit(qtbot, win, "red1-3")
    # undo: back to the first landing, then none
    win.undo_action.trigger()
    assert scene.shape_items["white-gun"].shapes[0].points == ((cx, cy),)
    win.undo_action.trigger()
    assert "white-gun" not in scene.shape_items
    assert item.scene() is None
    assert scene.unit_item("white-gun").badge_texts() == ["AM8"]
