"""Rolling backups of a game file: the last N saves, beside the game, to fall back on when
the file itself is damaged.

A game `crossroads.warboard` keeps its backups in `crossroads.warboard.backups/` next to
it, one complete game file per save (`crossroads-20261201-090512-123.warboard`, named by
the time it was taken), newest kept, oldest removed beyond `keep`. A backup is taken with
SQLite's online backup from a read-only connection, so it is a consistent copy even while
an autosave is writing, and only of a file that passes the integrity check: a damaged
file never pushes a good backup out. Writing goes through a temporary name in the
folder, so a killed backup leaves no half file among them.
"""

from __future__ import annotations

import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["DEFAULT_KEEP", "backup_folder", "list_backups", "make_backup",
           "last_good_backup", "restore_backup", "clean_leftovers", "BackupError"]

#: How many backups a game keeps unless the user says otherwise.
DEFAULT_KEEP = 5


class BackupError(OSError):
    """A backup the disk refused (full, an input/output error, read-only), said in plain
    words; the game file and the other backups are as they were."""

    def __init__(self, cause: BaseException) -> None:
        from engine.gamefile_open import write_failure
        from engine.i18n import msg

        self.message = msg("the backup was not made: {why}. The game file and its other "
                           "backups are as they were.", why=write_failure(cause))
        super().__init__(self.message)


def backup_folder(path: str | os.PathLike) -> Path:
    p = Path(path)
    return p.parent / f"{p.name}.backups"


def list_backups(path: str | os.PathLike) -> list[Path]:
    """The game's backups, newest first."""
    folder = backup_folder(path)
    if not folder.is_dir():
        return []
    found = [b for b in folder.glob(f"{glob_stem(path)}-*.warboard") if b.is_file()]
    return sorted(found, key=lambda b: b.name, reverse=True)


def glob_stem(path: str | os.PathLike) -> str:
    import glob

    return glob.escape(Path(path).stem)


def make_backup(path: str | os.PathLike, keep: int = DEFAULT_KEEP) -> Path | None:
    """Copy the game file into its backups (None when `keep` is 0 or the file is not a
    whole game: damaged files are not backed up) and drop the oldest beyond `keep`."""
    from engine.gamefile import GameFileError, check_game_file

    p = Path(path)
    if keep <= 0:
        return None
    try:
        check_game_file(p)
    except GameFileError:
        return None
    folder = backup_folder(p)
    folder.mkdir(exist_ok=True)
    clean_leftovers(p)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")[:-3]
    target = folder / f"{p.stem}-{stamp}.warboard"
    import sqlite3  # here: the settings read DEFAULT_KEEP at start-up, before any game

    fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX)   # a live backup's file: clean_leftovers skips it
    try:
        src = sqlite3.connect(p.resolve().as_uri() + "?mode=ro", uri=True, timeout=10)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            dst.close()
            src.close()
        os.replace(tmp, target)
    except BaseException as e:
        for side in ("", "-journal", "-wal", "-shm"):
            Path(tmp + side).unlink(missing_ok=True)
        if isinstance(e, (sqlite3.Error, OSError)):
            raise BackupError(e) from None
        raise
    finally:
        os.close(fd)
    for old in list_backups(p)[keep:]:
        old.unlink(missing_ok=True)
    return target


def clean_leftovers(path: str | os.PathLike) -> list[Path]:
    """Remove what killed backups left in the game's backups folder: `.*.tmp` files no
    live backup holds (flock), with their -journal, and any -journal whose file is gone.
    Returns what was removed."""
    from engine.gamefile_open import _held

    folder = backup_folder(path)
    if not folder.is_dir():
        return []
    gone = []
    for tmp in folder.glob(".*.tmp"):
        if _held(tmp):
            continue
        for side in ("-journal", "-wal", "-shm", ""):
            side_path = Path(str(tmp) + side)
            if side_path.exists():
                side_path.unlink(missing_ok=True)
                gone.append(side_path)
    for journal in folder.glob("*-journal"):
        if not Path(str(journal)[: -len("-journal")]).exists():
            journal.unlink(missing_ok=True)
            gone.append(journal)
    return gone


def last_good_backup(path: str | os.PathLike) -> Path | None:
    """The newest backup that opens as a whole game, or None."""
    from engine.gamefile import GameFileError, check_game_file

    for b in list_backups(path):
        try:
            check_game_file(b)
        except GameFileError:
            continue
        return b
    return None


def restore_backup(path: str | os.PathLike, backup: str | os.PathLike) -> Path:
    """Put `backup` in place of the game file; the file it replaces is kept beside it as
    `<name>.damaged-<time>` (returned), never deleted."""
    p, b = Path(path), Path(backup)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    kept = p.with_name(f"{p.name}.damaged-{stamp}")
    import sqlite3

    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    os.close(fd)
    try:
        src = sqlite3.connect(b.resolve().as_uri() + "?mode=ro", uri=True)
        dst = sqlite3.connect(tmp)
        try:
            src.backup(dst)
        finally:
            dst.close()
            src.close()
        if p.exists():
            os.replace(p, kept)
        for side in ("-journal", "-wal", "-shm"):  # they belong to the damaged file
            if Path(str(p) + side).exists():
                os.replace(str(p) + side, str(kept) + side)
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return kept
