"""Rolling backups beside the game: the last N saves kept, a damaged file never backed up,
the newest good backup found and restored with the damaged file kept."""

from __future__ import annotations

import time

from engine.backups import (
    backup_folder,
    last_good_backup,
    list_backups,
    make_backup,
    restore_backup,
)
from engine.gamefile import check_game_file, load_game, new_game_file, save_game
from engine.model import Change, MoveUnit, SetGameState, apply_change
from tests.engine.test_gamefile import demo_game


def test_the_last_n_saves_are_kept_newest_first(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    made = []
    for i in range(7):
        apply_change(game, Change([SetGameState("iteration", i)]))
        save_game(path, game)
        made.append(make_backup(path, keep=3))
        time.sleep(0.002)                       # distinct names (milliseconds)
    kept = list_backups(path)
    assert kept == made[-1:-4:-1] and len(kept) == 3
    assert backup_folder(path) == tmp_path / "g.warboard.backups"
    assert load_game(kept[0]).state["iteration"] == 6
    assert make_backup(path, keep=0) is None and len(list_backups(path)) == 3


def test_a_damaged_file_is_not_backed_up_and_the_last_good_one_is_restored(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    good = make_backup(path)
    apply_change(game, Change([MoveUnit(game.units[0].id, 9, 9)]))
    save_game(path, game)
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096                # a page overwritten
    path.write_bytes(bytes(data))
    assert make_backup(path) is None                # never pushes a good backup out
    assert last_good_backup(path) == good
    kept = restore_backup(path, good)
    check_game_file(path)
    assert kept.read_bytes() == bytes(data)         # the damaged file is kept
    assert load_game(path) == load_game(good)
