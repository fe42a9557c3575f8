"""A house ruleset written from docs/house-rules.md, played in Russian in the window
(pytest-qt, offscreen): File ▸ New offers it by its Russian name, the Turn dock rolls its
initiative (its turn is data: alternating, d6 each turn) and activates a trooper, the
Actions dock prices and resolves his shot with the activation's cost charged — no
override — and ends the turn; every text shown reads Russian, units by their names."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.new_game_dialog import NewGameDialog
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

from .russian import Russian
from .test_russian_walk import allowed_words, english, widget_texts


def _shown(win) -> list[str]:
    QApplication.processEvents()
    panel = win.services.action_panel
    texts = [panel.steps_view.toPlainText(), panel.message.text(), panel.action_box.currentText(),
             *(g.text for g in panel.dice_entry.groups)]
    return [t for t in texts + widget_texts(win.services.turn_dock) if t]


def test_file_new_offers_the_house_ruleset_by_its_name(qtbot, house_folder, qm_folder):  # noqa: F811
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    i = dialog.ruleset.findData("frontier-skirmish")
    assert i >= 0 and dialog.ruleset.itemText(i) == "Frontier Skirmish"
    dialog.ruleset.setCurrentIndex(i)
    assert dialog.spec().ruleset == "frontier-skirmish"
    with Russian(qm_folder):
        again = NewGameDialog()
        qtbot.addWidget(again)
        assert again.ruleset.itemText(again.ruleset.findData("frontier-skirmish")) \
            == "Пограничная стычка"


def test_a_house_turn_played_in_russian(qtbot, house_folder, qm_folder):  # noqa: F811
    scenario = load_scenario(house_folder.parent / "frontier-skirmish.json")
    allowed = allowed_words(scenario, "frontier-skirmish")
    seen: dict[str, list[str]] = {}
    with Russian(qm_folder):
        win = open_window(qtbot, scenario, centre=(18, 18))
        game, dock, panel = win.game, win.services.turn_dock, win.services.action_panel
        dock.show()
        click(qtbot, dock.typed_dice)                 # initiative: red 6, blue 1
        qtbot.keyClicks(dock.typed_faces, "6 1")
        click(qtbot, dock.roll_button)
        assert game.active_side == "red", _shown(win)
        seen["initiative"] = _shown(win)
        dock.select_unit("red-1")
        click(qtbot, dock.activate_button)
        select_unit(qtbot, win, "red-1")
        choose(qtbot, panel.action_box, "shoot")
        choose(qtbot, panel.roles_view.editor("target").combo, "blue-1")
        assert panel.action_box.currentText() == "Стрелять"
        seen["priced"] = _shown(win)
        enter_dice_mode(qtbot, panel)
        type_dice(qtbot, panel, [6, 5, 4, 1])
        assert [s.id for s in panel.rolled.resolution.steps] == ["hit", "wound"]
        assert "Попадание" in panel.steps_view.toPlainText()
        assert not panel.cost_refusal(), panel.cost_refusal()   # he was activated
        click(qtbot, panel.apply_button)
        assert not game.on_table("blue-1")
        seen["applied"] = _shown(win)
        logged = [e.summary for e in game.log]
        assert any("Trooper Voss" in s for s in logged) and not any("red-1" in s for s in logged)
        click(qtbot, dock.end_button)
        assert game.turn == 2
        seen["turn ended"] = _shown(win)
    left = {when: english(texts, allowed) for when, texts in seen.items()}
    assert {k: v for k, v in left.items() if v} == {}
