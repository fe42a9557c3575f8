"""`.warboard` game files: create, save, load, check, and autosave on a background thread.

The file is one SQLite database (tables in engine/gamefile_schema.py), written through
sqlite-utils over connections opened in engine/gamefile_open.py (which says how a write
stays atomic and what a kill leaves) and filled by engine/gamefile_rows.py.

Reading never writes. `check_game_file` and `load_game` open `file:…?mode=ro`, so a file
that is refused (damaged, foreign, newer, invalid) is left byte-for-byte as it was.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import sqlite_utils

from engine import journal
from engine.gamefile_backdrop import read_backdrop
from engine.gamefile_open import (
    BUSY_TIMEOUT_S,
    MAX_GAME_BYTES,
    SQLITE_MAGIC,
    _check_header,
    _check_identity,
    _close_rw,
    _damaged,
    _open_ro,
    _open_rw,
    _ours,
    _remove_side_files,
    _table_names,
    _transaction,
    check_utf8,
    clean_temporaries,
    connect,
    fcntl,
    needs_recovery,
    not_written,
    recover,
)
from engine.gamefile_rows import (
    SaveStats,
    _log_rows,
    _meta_rows,
    _write_snapshot,
    app_version,
)
from engine.gamefile_schema import (
    APPLICATION_ID,
    CHAIN_TAIL,
    FORMAT,
    ROW_TABLES,
    SCHEMA_VERSION,
    TABLES,
    GameFileError,
    GameSnapshot,
    add_chain_column,
    build_game,
    create_tables,
    game_meta,
    invalid,
    log_entry,
    log_row,
    now_iso,
    scenario_doc,
    snapshot_game,
)
from engine.i18n import msg, verbatim
from engine.log_chain import GENESIS, chain_problems, entry_hash, relink, row_hash
from engine.model import Game, LogEntry
from engine.scenario_io import parse_scenario, scenario_to_dict

__all__ = [
    "GameFileError", "GameSnapshot", "SaveStats", "GameFile", "new_game_file",
    "save_game", "load_game", "open_game", "GameRead", "append_log", "check_game_file",
    "read_log", "LogRow",
    "export_scenario", "import_scenario", "SCHEMA_VERSION", "FORMAT",
    "BUSY_TIMEOUT_S", "MAX_GAME_BYTES", "SQLITE_MAGIC", "recover", "needs_recovery",
    "clean_temporaries", "app_version",
]


@dataclass(frozen=True, slots=True)
class GameRead:
    """A game as read from its file, with what the file's log chain says about it: each
    problem one sentence (a log entry changed or removed outside Warboard). The game opens
    all the same; the program shows the problems instead of silently accepting them."""

    game: Game
    log_problems: tuple[str, ...] = ()
    #: Another file's rollback journal found beside this one, renamed to this path and
    #: not applied (engine/journal.py): the player is told its name.
    journal_set_aside: Path | None = None


def _read_checked(db: sqlite_utils.Database) -> GameRead:
    rows = _log_rows(db)
    game = _read_game(db, rows)
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    count = meta.get("log_entries")
    problems = chain_problems(
        game.log, [r.get("prev") for r in rows], head=meta.get("log_head"),
        count=int(count) if isinstance(count, str) and count.isdigit() else None)
    return GameRead(game, tuple(problems))


def _read_game(db: sqlite_utils.Database, log_rows: list[dict] | None = None) -> Game:
    top = db.execute("SELECT key, json FROM scenario ORDER BY pos").fetchall()
    check_utf8("scenario", ("key", "json"), top)
    rows = {t: db.execute(f"SELECT id, json FROM [{t}] ORDER BY pos").fetchall()
            for t in ROW_TABLES}
    for t in ROW_TABLES:
        check_utf8(t, ("id", "json"), rows[t])
    doc = scenario_doc(top, rows)
    ids = {t: [r[0] for r in rows[t]] for t in ROW_TABLES}
    game_rows = db.execute("SELECT key, json FROM game").fetchall()
    check_utf8("game", ("key", "json"), game_rows)
    meta = game_meta(game_rows)
    tail = next((text for key, text in game_rows if key == CHAIN_TAIL), None)
    backdrop = read_backdrop(db)
    log_rows = _log_rows(db) if log_rows is None else log_rows
    check_utf8("log", tuple(log_rows[0]) if log_rows else (),
               [tuple(r.values()) for r in log_rows])
    log = []
    for i, r in enumerate(log_rows):
        if r["seq"] != i + 1:
            raise invalid("log", r["seq"], "seq", msg("expected {n} (the log has a gap)",
                                                      n=i + 1))
        log.append(log_entry(r))
    game = build_game(doc, ids, meta, log, _tail(tail))
    game.backdrop = backdrop
    if log_rows and log_rows[-1].get("prev") is not None:
        # the head as the file's last row gives it (docs/sealed-dice.md)
        game._head = (game._log[-1], row_hash(log_rows[-1]))
    return game


def _tail(text: object) -> object:
    """The saved `chain_tail` rows (None when absent or not JSON: nothing was pending)."""
    import json

    try:
        return json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None


def _with_reader(path: str | os.PathLike, read: Callable[[sqlite_utils.Database], object],
                 *, integrity: bool = True):
    """Run `read` on a read-only connection after the header and identity checks, all in
    one read transaction: a game read while the autosaver commits is one save, never the
    units of one and the state of the next. Every failure becomes a GameFileError naming
    the file."""
    p = Path(path)
    try:
        _check_header(p)
        recover(p)
        db = _open_ro(p)
        try:
            db.conn.execute("BEGIN")
            _check_identity(db, integrity=integrity)
            return read(db)
        finally:
            db.close()
    except GameFileError as e:
        raise e.at(str(p)) from None
    except sqlite3.DatabaseError as e:
        raise _damaged(e, p).at(str(p)) from None


def check_game_file(path: str | os.PathLike) -> None:
    """Raise GameFileError (not-found, not-sqlite, damaged, foreign, newer, invalid) unless
    the file is a game this version can load. Opens the file read-only."""
    _with_reader(path, _read_game)


def load_game(path: str | os.PathLike) -> Game:
    """The game in a .warboard file, every row checked. Opens the file read-only.
    (`open_game` also says whether its log was altered outside Warboard.)"""
    return open_game(path).game


def open_game(path: str | os.PathLike) -> GameRead:
    """The game in a .warboard file with its log chain's problems (see GameRead)."""
    p = Path(path)
    aside = journal.set_aside(p) if p.is_file() and _ours(p) else None
    read: GameRead = _with_reader(p, _read_checked)  # type: ignore[assignment]
    return dataclasses.replace(read, journal_set_aside=aside) if aside else read


@dataclass(frozen=True, slots=True)
class LogRow:
    """A stored log line with what the file adds to a LogEntry: seq, kind, timestamp."""

    seq: int
    kind: str
    timestamp: str
    entry: LogEntry


def read_log(path: str | os.PathLike) -> list[LogRow]:
    """The stored log in order (for the log view and for settling disputes)."""
    def read(db: sqlite_utils.Database) -> list[LogRow]:
        return [LogRow(r["seq"], r["kind"], r["timestamp"], log_entry(r))
                for r in _log_rows(db)]
    return _with_reader(path, read, integrity=False)  # type: ignore[return-value]



def _check_writable(path: Path) -> None:
    """Refuse to write into a file that is not ours or is newer, checked read-only first
    (opening it for writing would already change its header)."""
    def identity(db: sqlite_utils.Database) -> None:
        names = _table_names(db)
        missing = [t for t in TABLES if t not in names]
        if missing:
            raise GameFileError("invalid", msg("table {table} is missing",
                                                table=verbatim(repr(missing[0]))))
    _with_reader(path, identity, integrity=False)


def _create(path: Path, snap: GameSnapshot) -> SaveStats:
    """A new file with the snapshot in it, built beside the target and moved over it, so
    `path` is always either the old file or the complete new one. The temporary file is
    flock-ed while written (so `clean_temporaries` leaves it alone); the old file's hot
    journal is rolled back into it before the new file takes its place, and its side files
    are removed, so none can ever be applied to the new file."""
    clean_temporaries(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        conn = connect(tmp)
        conn.execute("PRAGMA journal_mode=DELETE")
        conn.execute("PRAGMA synchronous=FULL")
        db = sqlite_utils.Database(conn, execute_plugins=False)
        try:
            with _transaction(db):
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                create_tables(db)
                db["meta"].insert_all(_meta_rows(snap.taken, snap.taken), pk="key")
                stats = _write_snapshot(db, snap, nested=True)
        finally:
            db.close()
        recover(path)             # a hot journal of the old file is rolled back into it,
        _remove_side_files(path)  # and no side file is left to meet the new one
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException as e:
        for side in ("", "-wal", "-shm", "-journal"):
            Path(tmp + side).unlink(missing_ok=True)
        if isinstance(e, (sqlite3.Error, OSError)):
            raise not_written(e).at(str(path)) from None
        raise
    finally:
        os.close(fd)
    return stats


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX; Windows has no directory handles to sync)."""
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def new_game_file(path: str | os.PathLike, game: Game) -> SaveStats:
    """Write `game` to a new file at `path`, replacing any file there (atomically)."""
    return _create(Path(path), snapshot_game(game))


class GameFile:
    """A game file open for writing during a play session: one read-write connection, so
    a save is a single transaction. The file must exist and be a
    Warboard game this version writes (GameFileError); a hot journal a kill left is
    rolled back first (see the module doc)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        _check_writable(self.path)
        self._db: sqlite_utils.Database | None = _open_rw(self.path)
        self._db.warboard_file_id = (  # type: ignore[attr-defined]  # see _transaction
            self._db.execute("PRAGMA user_version").fetchone()[0] or None)
        if not {"prev", "chain", "mark"} <= set(self._db["log"].columns_dict):
            try:
                with _transaction(self._db):
                    add_chain_column(self._db)
            except (sqlite3.Error, OSError) as e:
                self.close()
                raise not_written(e).at(str(self.path)) from None

    @property
    def db(self) -> sqlite_utils.Database:
        if self._db is None:
            raise RuntimeError(f"{self.path}: game file closed")
        return self._db

    def stored_log(self) -> int:
        """How many log entries the file holds."""
        return self.db.execute("SELECT count(*) FROM log").fetchone()[0]

    def save(self, game: Game) -> SaveStats:
        """Save `game` in one transaction: the units and terrain rows that changed, the game
        state, and the log entries the file does not have yet (the file's log must be the
        start of the game's, or GameFileError "conflict"). Saving again writes no rows."""
        log = game.log
        snap = snapshot_game(game, min(self.stored_log(), len(log)))
        return self.write(snap, lambda n: log[n - 1] if 0 < n <= len(log) else None)

    def write(self, snap: GameSnapshot,
              last_stored: Callable[[int], LogEntry | None] = lambda n: None) -> SaveStats:
        """Write a snapshot (see `save`); used by the Autosaver."""
        try:
            return _write_snapshot(self.db, snap, last_stored)
        except GameFileError as e:
            raise e.at(str(self.path)) from None
        except (sqlite3.Error, OSError) as e:
            raise not_written(e).at(str(self.path)) from None

    def append_log(self, entries: Iterable[LogEntry]) -> int:
        """Append entries to the file's log at once (one transaction), e.g. right after a
        roll; a later save of the same game skips them. Returns how many were written."""
        try:
            return self._append_log(entries)
        except (sqlite3.Error, OSError) as e:
            raise not_written(e).at(str(self.path)) from None

    def _append_log(self, entries: Iterable[LogEntry]) -> int:
        stamp = now_iso()
        with _transaction(self.db):
            stored = self.stored_log()
            last = _log_rows(self.db, "WHERE seq = ?", (stored,))
            head = row_hash(last[0]) if last else GENESIS
            rows = []
            for i, e in enumerate(entries):
                if e.prev != head or e.seq != stored + 1 + i:
                    e = relink(e, stored + 1 + i, head)
                rows.append(log_row(stored + 1 + i, e, stamp))
                head = entry_hash(e)
            if rows:
                self.db["log"].insert_all(rows, pk="seq")
            self.db["meta"].insert_all(_meta_rows(None, stamp, (stored + len(rows), head)),
                                       pk="key", replace=True)
        return len(rows)

    def close(self) -> None:
        """Close: the file is whole (every transaction committed or rolled back)."""
        if self._db is not None:
            _close_rw(self._db)
            self._db = None

    def __enter__(self) -> GameFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def save_game(path: str | os.PathLike, game: Game) -> SaveStats:
    """Save `game` into its file (GameFile.save, opened and closed around it). A missing
    file is created; a file holding another game raises GameFileError("conflict")."""
    p = Path(path)
    if not p.exists():
        return new_game_file(p, game)
    with GameFile(p) as f:
        return f.save(game)


def append_log(path: str | os.PathLike, entries: Iterable[LogEntry]) -> int:
    """GameFile.append_log on a file opened and closed around it."""
    with GameFile(path) as f:
        return f.append_log(entries)


# --------------------------------------------------------------------------- scenario


def export_scenario(game: Game) -> dict:
    """The game's table as a scenario v1 document: units carry their markers and state,
    and removed units are in it with state.removed (a removed commander is still the
    parent of his men); turn state and the log stay in the game file."""
    return scenario_to_dict(dataclasses.replace(game.scenario, units=game.all_units()))


def import_scenario(data: dict) -> Game:
    """A new game on a scenario v1 document (ScenarioError names a bad field); units whose
    state says "removed" start off the table."""
    return Game.from_meta(parse_scenario(data), {})
