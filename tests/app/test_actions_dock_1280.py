"""The Actions dock at 1280×800 (issue 39): what a player reads and presses for a shot —
the action, its target and Pick on board, the odds, Roll and Apply — is on screen without
scrolling, also with the Log open (a tab beside it: the log gets the whole height too); the
facts, options, modifiers and return fire fold to their title lines."""

from __future__ import annotations

from importlib import resources

import pytest
from PySide6.QtCore import QSize

from engine.scenario_io import load_scenario
from tests.app.helpers import show_window

CROSSROADS = resources.files("resources.scenarios").joinpath("crossroads.json")


def whole_on_screen(widget) -> bool:
    """Shown and not cut by any scroll area or splitter it sits in."""
    return widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect() \
        and widget.height() >= 16


def settle(qtbot) -> None:
    qtbot.wait(60)


SHOTS = [("tank_fire", "pz4-1", False), ("tank_mg", "gren-1", False),
         ("tank_mg", "gren-1", True)]


@pytest.fixture(params=SHOTS, ids=lambda p: f"{p[0]}{'+log' if p[2] else ''}")
def panel(qtbot, request):
    action, aim, with_log = request.param
    win = show_window(qtbot, load_scenario(CROSSROADS), (1280, 800), fit=True)
    if with_log:
        win.services.log_dock.toggleViewAction().trigger()
        settle(qtbot)
    win.services.action_panel.toggleViewAction().trigger()
    settle(qtbot)
    win.select_unit("sherman-1")
    panel = win.services.action_panel
    panel.action_box.setCurrentIndex(panel.action_box.findData(action))
    target = panel.roles_view.editor("target")
    target.combo.setCurrentIndex(target.combo.findData(aim))
    target.combo.activated.emit(target.combo.currentIndex())
    settle(qtbot)
    assert win.size() == QSize(1280, 800)
    return panel


def test_a_shot_needs_no_scrolling(panel):
    target = panel.roles_view.editor("target")
    parts = {"action": panel.action_box, "target": target.combo, "pick": target.pick,
             "odds": panel.odds_chart, "roll": panel.dice_entry.roll_button,
             "apply": panel.apply_button}
    cut = [name for name, w in parts.items() if not whole_on_screen(w)]
    assert cut == [], cut
    assert panel.odds_chart.height() >= 80
    if panel.odds_chart.distribution is not None:   # the bars and the figures
        assert whole_on_screen(panel.odds_chart.plot) and panel.odds_chart.plot.height() >= 110
    # the set-up's rows are not a strip scrolling on its own
    assert panel.setup_scroll.viewport().height() >= 0.75 * \
        panel.setup_scroll.widget().sizeHint().height()


def test_the_secondary_sections_fold(panel, qtbot):
    for fold in (panel.facts_box, panel.options_box, panel.modifiers_box):
        assert fold.isVisible() and not fold.is_open
    panel.options_box.set_open(True)
    settle(qtbot)
    assert panel.options_view.isVisible()
    assert whole_on_screen(panel.apply_button)


def test_the_log_has_the_whole_height(panel, qtbot):
    win = panel.window_
    log = win.services.log_dock
    if not log.toggleViewAction().isChecked():
        log.toggleViewAction().trigger()
    log.raise_()
    settle(qtbot)
    assert log.isVisible() and log.height() > 600
