"""What killed backups leave in a game's backups folder (temporary files and their
journals) is removed by the next backup — the one made when the game is next opened —
and a backup being written (its file locked) is left alone."""

from __future__ import annotations

import fcntl
import os

from engine.backups import backup_folder, list_backups, make_backup
from engine.gamefile import new_game_file
from tests.engine.test_gamefile import demo_game


def test_the_next_backup_cleans_what_killed_ones_left(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    assert make_backup(path) is not None
    folder = backup_folder(path)
    left = [folder / ".dead1.tmp", folder / ".dead1.tmp-journal", folder / ".dead2.tmp",
            folder / "gone-20261201-000000-000.warboard-journal"]
    for f in left:
        f.write_bytes(b"left by a kill")
    live = folder / ".live.tmp"
    live.write_bytes(b"being written")
    fd = os.open(live, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        assert make_backup(path) is not None
    finally:
        os.close(fd)
    assert not any(f.exists() for f in left)
    assert live.exists()
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted([".live.tmp", *(b.name for b in list_backups(path))])
