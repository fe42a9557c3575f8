"""A house ruleset written from docs/house-rules.md, in the window (pytest-qt, offscreen):
the Actions dock offers its action with exact odds, typed dice resolve it and Apply
changes the board undoably; saving an edited file of the folder updates the odds shown
(the live preview), a broken edit keeps the last good rules and says why; Help ▸ Write
your own rules shows the guide; its cards print."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.scenario_io import load_scenario
from tests.app.test_panels_support import (
    choose,
    click,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)
from tests.engine.house.conftest import house_folder  # noqa: F401 (a fixture)


@pytest.fixture
def house(house_folder):  # noqa: F811 (the imported fixture, asked for)
    """The guide's ruleset, found by the program (tests/engine/house/conftest.py)."""
    return house_folder


def _odds(panel) -> dict:
    return {int(o): p for o, p in panel.odds_chart.distribution.outcomes}


def _shoot(qtbot, house):
    win = open_window(qtbot, load_scenario(house.parent / "frontier-skirmish.json"),
                      centre=(18, 18))
    panel = win.services.action_panel
    select_unit(qtbot, win, "red-1")
    choose(qtbot, panel.action_box, "shoot")
    choose(qtbot, panel.roles_view.editor("target").combo, "blue-1")
    return win, panel


def test_the_actions_dock_prices_rolls_and_applies_a_data_action(qtbot, house):
    win, panel = _shoot(qtbot, house)
    assert panel.action_box.currentText() == "Shoot", panel.message.text()
    tests = win.services.tests_dock        # the data test is listed where tests are
    assert tests.action_box.findData("rally") >= 0 and panel.action_box.findData("rally") < 0
    assert _odds(panel) == {0: Fraction(25, 36), 1: Fraction(10, 36), 2: Fraction(1, 36)}
    enter_dice_mode(qtbot, panel)
    type_dice(qtbot, panel, [6, 5, 4, 1])
    assert panel.rolled is not None
    assert [s.id for s in panel.rolled.resolution.steps] == ["hit", "wound"]
    # the declared cost is the engine's: no activation before initiative is rolled
    assert "roll initiative first" in panel.cost_refusal()
    assert not panel.apply_button.isEnabled()
    click(qtbot, panel.ignore_cost)
    click(qtbot, panel.apply_button)
    assert not win.game.on_table("blue-1")          # one wound kills a trooper
    assert win.game.unit("blue-1").markers.get("pinned") == 1
    win.editor.undo_stack.undo()
    assert win.game.on_table("blue-1") and not win.game.unit("blue-1").markers.get("pinned")


def test_saving_the_rules_updates_the_odds_shown_and_a_broken_save_keeps_them(qtbot, house):
    win, panel = _shoot(qtbot, house)
    keeper = win.modules["app.own_rules"]
    assert keeper.folder == house
    weapons = house / "weapons.toml"
    weapons.write_text(weapons.read_text("utf-8").replace("shots = 2", "shots = 3", 1),
                       "utf-8")
    qtbot.waitUntil(lambda: max(_odds(panel)) == 3, timeout=5000)   # the watcher's reload
    assert _odds(panel)[3] == Fraction(1, 216)
    assert "Rules read again: Frontier Skirmish" in win.statusBar().currentMessage()
    rules = house / "rules.toml"
    rules.write_text(rules.read_text("utf-8").replace('target = "actor.shoot"',
                                                      'target = "actor.shot"'), "utf-8")
    assert keeper.reload() is False
    said = win.statusBar().currentMessage()
    assert "the last good ones stay" in said and "unknown stat 'shot'" in said
    assert "rules.toml:" in said
    assert max(_odds(panel)) == 3                    # still the last good rules
    panel.update_all()
    assert max(_odds(panel)) == 3


def test_help_write_your_own_rules_shows_the_guide(qtbot, house):
    win, _panel = _shoot(qtbot, house)
    keeper = win.modules["app.own_rules"]
    assert keeper.guide_action in win.services.help_menu.menu.actions()
    keeper.guide_action.trigger()
    dialog = keeper.dialog
    qtbot.addWidget(dialog)
    assert dialog.isVisible()
    assert "Frontier Skirmish" in dialog.text.toPlainText()
    assert "warboard ruleset check" in dialog.text.toPlainText()


def test_its_cards_print(qapp, capsys, house, tmp_path):
    from app import cli

    out_file = tmp_path / "cards.pdf"
    code = cli.run(["--lang", "ru", "cards", str(house.parent / "frontier-skirmish.json"),
                    "--out", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "карточек: 2" in out
    assert out_file.stat().st_size > 2000
