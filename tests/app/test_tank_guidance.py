"""A tank shot guides the player (issue 39): the Sherman is offered what it can do now
first — Fire main gun (not aimed) and Command range (no soldier of its own at hand) come
last, greyed, saying why — and a refused shot names the action by its name and the actions
ready at that target (Search & Aim), instead of "Choose a unit and an action"."""

from __future__ import annotations

from importlib import resources

import pytest
from PySide6.QtCore import Qt

from engine.scenario_io import load_scenario
from tests.app.helpers import show_window

CROSSROADS = resources.files("resources.scenarios").joinpath("crossroads.json")


@pytest.fixture
def panel(qtbot):
    win = show_window(qtbot, load_scenario(CROSSROADS), (1280, 800), fit=True)
    win.services.action_panel.toggleViewAction().trigger()
    qtbot.wait(30)
    win.select_unit("sherman-1")
    return win.services.action_panel


def chart_says(panel) -> str:
    """What the odds chart says in words: its placeholder before any chart, else its note."""
    chart = panel.odds_chart
    return chart.placeholder.text() if chart.placeholder.isVisible() else chart.note.text()


def listed(panel) -> list[str]:
    return [panel.action_box.itemData(i) for i in range(panel.action_box.count())]


def test_what_the_sherman_can_do_now_comes_first(panel):
    ids = listed(panel)
    assert ids[-2:] == ["command_range", "tank_fire"] or \
        set(ids[-2:]) == {"command_range", "tank_fire"}, ids
    assert panel.action_box.currentData() not in ("command_range", "tank_fire")
    assert ids.index("tank_aim") < ids.index("tank_fire")
    fire = ids.index("tank_fire")
    tip = panel.action_box.itemData(fire, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Not now: Fire main gun: the main gun is not aimed"), tip
    assert "tank_fire" not in tip
    assert panel.action_box.itemData(ids.index("tank_move"),
                                     Qt.ItemDataRole.ToolTipRole) is None


def test_a_refused_shot_says_what_comes_first(panel, qtbot):
    panel.set_action("tank_fire")
    assert "Choose a unit and an action" not in chart_says(panel)
    assert "target" in chart_says(panel)
    target = panel.roles_view.editor("target")
    target.combo.setCurrentIndex(target.combo.findData("pz4-1"))
    target.combo.activated.emit(target.combo.currentIndex())
    qtbot.wait(30)
    said = panel.message.text()
    assert said.startswith("Not possible: Fire main gun: the main gun is not aimed at "
                           "Panzer IV 'Greta'"), said
    assert "tank_fire" not in said
    assert "Ready now: Search & Aim" in said
    assert "Search & Aim" in chart_says(panel)
