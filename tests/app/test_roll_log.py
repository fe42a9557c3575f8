"""The honest roll log in the window: every roll of the app's dice is logged when rolled,
a re-roll shows as one with both seeds, a typed seed is marked chosen, the applied entry
names its roll, and the Log dock shows the rolls nobody applied in grey."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.log_text import COLUMNS, UNAPPLIED_GREY
from engine.roll_log import roll_mark, unapplied
from tests.app.test_panels_duel import duel_scenario
from tests.app.test_panels_support import choose, click, click_board, open_window, select_unit


def aimed_window(qtbot):
    win = open_window(qtbot, duel_scenario(), centre=(29, 20))
    win.game.active_side = "allies"   # the Sherman's turn: Apply charges its AP (issue 9 pt 4)
    select_unit(qtbot, win, "sherman")
    panel = win.services.action_panel
    choose(qtbot, panel.action_box, "tank_aim")
    click(qtbot, panel.roles_view.part("target", "pick"))
    click_board(qtbot, win, 48, 20)
    return win


def colour(win, row: int) -> str | None:
    brush = win.services.log_dock.model.index(row, COLUMNS.index("Summary")).data(
        Qt.ItemDataRole.ForegroundRole)
    return None if brush is None else brush.color().name()


def test_every_roll_is_logged_rerolls_show_both_seeds_and_unapplied_are_grey(qtbot):
    win = aimed_window(qtbot)
    panel, game, entry = win.services.action_panel, win.game, win.services.action_panel.dice_entry
    first_seed = entry.seed()
    click(qtbot, entry.roll_button)                          # roll 1: the app's seed
    assert len(game.log) == 1
    mark = roll_mark(game.log[0])
    assert mark == {"seed": first_seed, "chosen": False, "applied": False}
    assert game.log[0].summary.startswith(f"Rolled, seed {first_seed}:")

    entry.seed_edit.clear()
    QTest.keyClicks(entry.seed_edit, "777")                  # the player types a seed
    click(qtbot, entry.roll_button)                          # roll 2: a re-roll, chosen
    assert len(game.log) == 2
    mark = roll_mark(game.log[1])
    assert mark["seed"] == 777 and mark["chosen"] is True
    assert mark["reroll_of"] == {"seq": 1, "seed": first_seed}
    assert game.log[1].summary.startswith(
        f"Re-roll of #1 (seed {first_seed} → seed 777 (chosen)):")
    assert unapplied(game.log) == {1, 2}
    assert colour(win, 0) == colour(win, 1) == UNAPPLIED_GREY

    click(qtbot, panel.apply_button)                         # apply roll 2
    assert len(game.log) == 3
    applied = roll_mark(game.log[2])
    assert applied == {"seed": 777, "chosen": True, "applied": True, "of": 2}
    assert "effects" in game.log[2].details
    assert unapplied(game.log) == {1}
    assert colour(win, 0) == UNAPPLIED_GREY                  # never applied: grey
    assert colour(win, 1) is None and colour(win, 2) is None  # applied: normal text

    click(qtbot, entry.roll_button)                          # a fresh roll after apply
    assert "reroll_of" not in roll_mark(game.log[3])         # is not a re-roll
    assert roll_mark(game.log[3])["chosen"] is False          # the app's new seed


def test_a_reopened_game_still_knows_its_unapplied_roll(qtbot, tmp_path):
    from engine.gamefile import load_game

    win = aimed_window(qtbot)
    entry = win.services.action_panel.dice_entry
    seed = entry.seed()
    click(qtbot, entry.roll_button)
    path = tmp_path / "g.warboard"
    assert win.services.files.save_as(path)
    assert win.services.files.open_path(path)
    assert roll_mark(load_game(path).log[0])["applied"] is False
    win2 = win
    select_unit(qtbot, win2, "sherman")
    panel = win2.services.action_panel
    choose(qtbot, panel.action_box, "tank_aim")
    click(qtbot, panel.roles_view.part("target", "pick"))
    click_board(qtbot, win2, 48, 20)
    click(qtbot, panel.dice_entry.roll_button)
    assert roll_mark(win2.game.log[1])["reroll_of"] == {"seq": 1, "seed": seed}
