"""A game of Iron Hearts PLAYED in Russian (issue #16): actions of the sample table are
resolved with the app's dice and with typed dice, applied, a turn is crossed, a refusal and
a dice-entry prompt are shown — and no English word may be left in the Effects line, the
steps, the refusal, the dice prompt, the Turn dock or the Log dock (the allowlist of the
Russian walk: proper names and units). The log, saved and reopened, reads in both
languages."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.log_text import COLUMNS
from engine.i18n import localized
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.test_panels_support import (
    choose,
    click,
    click_board,
    enter_dice_mode,
    open_window,
    select_unit,
    type_dice,
)

from .russian import Russian
from .test_russian_walk import allowed_words, english, widget_texts

RULESET = "iron-hearts"


def crossroads():
    return load_scenario(Path(str(resource("scenarios", "crossroads.json"))))


def shown(win) -> list[str]:
    """What a player reads after an action: the Actions dock (steps, Effects line,
    refusal, dice prompt), the Turn dock and every Log dock cell."""
    QApplication.processEvents()
    panel = win.services.action_panel
    texts = [panel.steps_view.toPlainText(), panel.dice_entry.message.text(),
             panel.message.text(), *(g.text for g in panel.dice_entry.groups)]
    texts += widget_texts(win.services.turn_dock)
    model = win.services.log_dock.model
    texts += [model.cell(r, c) for r in range(model.rowCount()) for c in range(len(COLUMNS))]
    return [t for t in texts if t]


def aim_at(qtbot, win, actor: str, action: str, target: tuple[float, float]) -> None:
    select_unit(qtbot, win, actor)
    panel = win.services.action_panel
    choose(qtbot, panel.action_box, action)
    click(qtbot, panel.roles_view.part("target", "pick"))
    click_board(qtbot, win, *target)


def initiative(qtbot, win) -> None:
    """Roll the initiative in the Turn dock with typed dice (9 for allies, 2 for axis)."""
    dock = win.services.turn_dock
    dock.show()
    click(qtbot, dock.typed_dice)
    qtbot.keyClicks(dock.typed_faces, "9 2")
    click(qtbot, dock.roll_button)


def test_a_game_played_in_russian_reads_russian(qtbot, qm_folder, tmp_path, monkeypatch):
    monkeypatch.setenv("WARBOARD_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("WARBOARD_DATA_DIR", str(tmp_path / "data"))
    scenario = crossroads()
    allowed = allowed_words(scenario, RULESET)
    seen: dict[str, list[str]] = {}
    with Russian(qm_folder):
        win = open_window(qtbot, scenario, centre=(36, 20))
        panel, game = win.services.action_panel, win.game
        win.services.turn_dock.show()
        win.services.log_dock.show()
        initiative(qtbot, win)                            # with typed dice: allies first
        seen["initiative"] = shown(win)
        assert game.active_side == game.sides[0] == "allies", shown(win)
        logged = len(game.log)

        # a rifleman shoots a grenadier with the app's dice, and it is applied
        aim_at(qtbot, win, "us-1-1", "shoot", (41.4, 13.6))
        click(qtbot, panel.dice_entry.roll_button)
        assert panel.resolution is not None
        seen["shot rolled"] = shown(win)
        click(qtbot, panel.apply_button)
        seen["shot applied"] = shown(win)
        assert len(game.log) == logged + 2, shown(win)     # the roll, then the applied shot

        # a rifleman at the Panzer: refused (no armour piercing), in Russian
        aim_at(qtbot, win, "us-1-2", "shoot", (62, 24))
        seen["refusal"] = shown(win)
        assert "бронетехника" in panel.message.text(), shown(win)

        # the Sherman aims at the Panzer with typed dice: first the prompt, then a face
        aim_at(qtbot, win, "sherman-1", "tank_aim", (62, 24))
        enter_dice_mode(qtbot, panel)
        seen["dice prompt"] = shown(win)
        assert "к10" in " ".join(g.text for g in panel.dice_entry.groups)
        type_dice(qtbot, panel, [3])
        assert panel.resolution is not None
        seen["aim typed"] = shown(win)
        click(qtbot, panel.apply_button)
        seen["aim applied"] = shown(win)

        # a face that is not on the die: the refusal names the step and the die, in Russian
        aim_at(qtbot, win, "sherman-2", "tank_aim", (62, 24))
        enter_dice_mode(qtbot, panel)
        type_dice(qtbot, panel, [11])
        seen["wrong face"] = shown(win)
        assert "к10" in panel.dice_entry.message.text()

        # the turn ends
        click(qtbot, win.services.turn_dock.end_button)
        seen["turn ended"] = shown(win)
        assert game.turn == 2
        assert "Конец хода 1" in win.services.turn_dock.message.text()

    left = {when: english(texts, allowed) for when, texts in seen.items()}
    left = {when: found for when, found in left.items() if found}
    assert left == {}, "English left:\n" + "\n".join(
        f"{when}: {line}" for when, found in left.items() for line in found)


def test_the_log_of_a_russian_game_reopens_in_both_languages(qtbot, qm_folder, tmp_path):
    """Resolved in Russian in the window, saved, reopened: each line in either language."""
    from engine.gamefile import load_game, save_game

    with Russian(qm_folder):
        win = open_window(qtbot, crossroads(), centre=(36, 20))
        panel = win.services.action_panel
        initiative(qtbot, win)
        aim_at(qtbot, win, "us-1-1", "shoot", (41.4, 13.6))
        click(qtbot, panel.dice_entry.roll_button)
        click(qtbot, panel.apply_button)
        click(qtbot, win.services.turn_dock.end_button)
        russian = [win.services.log_dock.model.cell(r, COLUMNS.index("Summary"))
                   for r in range(win.services.log_dock.model.rowCount())]
        path = tmp_path / "game.warboard"
        save_game(path, win.game)
    # the language switched while the game is open: the window is rebuilt around the game
    # (app.window.relocalize) and its Log dock shows the same lines in English
    from app.window import relocalize

    win = relocalize(win)
    qtbot.addWidget(win)
    summary = COLUMNS.index("Summary")
    english_cells = [win.services.log_dock.model.cell(r, summary)
                     for r in range(win.services.log_dock.model.rowCount())]
    assert english_cells == [" ".join(str(e.summary).split()) for e in win.game.log]
    assert english_cells != russian
    again = load_game(path)
    assert [" ".join(localized(e.summary, "ru", RULESET).split()) for e in again.log] == \
        russian
    assert [str(e.summary) for e in again.log] == [str(e.summary) for e in win.game.log]
    assert all(localized(e.summary, "en", RULESET) == str(e.summary) for e in again.log)
    assert "Конец хода 1" in russian[-1] and again.log[-1].summary.startswith("End of turn 1")
