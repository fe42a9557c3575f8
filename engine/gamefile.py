"""`.warboard` game files: create, save, load, check, and autosave on a background thread.

The file is one SQLite database (tables in engine/gamefile_schema.py), written through
sqlite-utils over connections opened in engine/gamefile_open.py (which says how a write
stays atomic and what a kill leaves) and filled by engine/gamefile_rows.py.

Reading never writes. `check_game_file` and `load_game` open `file:…?mode=ro`, so a file
that is refused (damaged, foreign, newer, invalid) is left byte-for-byte as it was.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import os
import sqlite3
import tempfile
import threading
import time
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
    Capture,
    GameFileError,
    GameSnapshot,
    add_chain_column,
    build_game,
    capture_changes,
    capture_game,
    create_tables,
    game_meta,
    invalid,
    log_entry,
    log_row,
    merge_captures,
    now_iso,
    scenario_doc,
    snapshot_game,
)
from engine.i18n import msg, verbatim
from engine.log_chain import GENESIS, chain_problems, entry_hash, relink, row_hash
from engine.model import Game, LogEntry
from engine.scenario_io import parse_scenario, scenario_to_dict

__all__ = [
    "GameFileError", "GameSnapshot", "SaveStats", "GameFile", "Autosaver", "new_game_file",
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


# --------------------------------------------------------------------------- autosave


class Autosaver:
    """Saves a game on a background thread after every change, never blocking the caller
    on the disk, and never starving: the latest state is in the file within one write
    after the one in progress, however fast changes keep coming.

    `submit(game)` takes a capture on the caller's thread and appends it to a pending
    list (no merging there). After a first full capture (or `synced(game)`, which says
    the file holds the game as it is), a capture is partial — copy-on-write of what the
    effects wrote since the last one (`Game.take_touched`: those units, the unit order, the
    document only if the terrain or scenario changed) — so it costs the same few units'
    work at 26 or 2,000 units; `submit(game, full=True)` captures everything (for changes
    made without effects). The writer thread takes the whole pending list at once,
    merges it (engine.gamefile_schema.merge_captures: latest state, every log entry) and
    writes it in one transaction, then takes whatever arrived meanwhile — it never waits
    for the stream to pause. A write that fails is kept and retried, merged with what
    came after, at the next submit or after RETRY_S; `flush()` raises its error.
    `on_saved(snapshot, stats)` runs on the writer thread after each commit. The file is
    created on the first write if it does not exist.
    """

    #: How long a failed write waits before it is tried again without a new submit.
    RETRY_S = 1.0
    #: The writer starts a write at most this often: changes in between go into one
    #: transaction (fewer fsyncs, fewer hand-offs of the interpreter lock to the writer
    #: while the interface runs); the latest state still lands within a write of it.
    INTERVAL_S = 0.1

    def __init__(self, path: str | os.PathLike, *,
                 on_saved: Callable[[GameSnapshot, SaveStats], None] | None = None) -> None:
        self.path = Path(path)
        self.on_saved = on_saved
        # The caller's thread appends (number, capture) and the writer pops: a deque's
        # append and popleft need no lock, so a submit never waits for the writer.
        self._pending: collections.deque[tuple[int, Capture]] = collections.deque()
        self._numbers = itertools.count(1)
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._urgent = threading.Event()    # set by flush and close: write at once
        self._log_taken: int | None = None
        self._baseline = False   # a full capture was taken (or the file holds the game)
        self._submitted = 0
        self._written = 0
        self._done = threading.Condition()
        self._error: BaseException | None = None
        self._error_upto = 0     # the last submit the failed write held
        self._tries = 0          # writes tried, failed or not
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="warboard-autosave",
                                        daemon=True)
        self._thread.start()

    def synced(self, game: Game) -> None:
        """The file holds `game` as it is now (just opened or saved): later captures are
        partial from here on."""
        game.take_touched()
        self._log_taken = len(game.log)
        self._baseline = True

    def capture(self, game: Game, *, full: bool = False) -> Capture:
        """The game's state (partial after the first, see the class doc), with the log
        entries not taken by an earlier capture."""
        if self._log_taken is None:
            self._log_taken = 0
        if len(game.log) < self._log_taken:
            raise ValueError(msg("autosave: the game's log has {n} entries, fewer than the "
                                 "{saved} already saved (another game?)", n=len(game.log),
                                 saved=self._log_taken))
        touched = game.take_touched()
        if full or not self._baseline:
            snap = capture_game(game, self._log_taken)
            self._baseline = True
        else:
            snap = capture_changes(game, self._log_taken, touched)
        self._log_taken = snap.log_end
        return snap

    def submit(self, game: Game, *, full: bool = False) -> Capture:
        """Capture the game now (on this thread) and have it written soon."""
        if self._closed:
            raise RuntimeError("autosave: closed")
        snap = self.capture(game, full=full)
        number = next(self._numbers)
        self._pending.append((number, snap))
        self._submitted = number
        self._wake.set()
        return snap

    def flush(self, timeout: float | None = None) -> None:
        """Wait until everything submitted so far is written (or has failed: raises)."""
        with self._done:
            target, tries = self._submitted, self._tries
            self._urgent.set()      # no pause between writes while someone waits
            self._wake.set()        # and a failed write is retried now: its outcome,
            ok = self._done.wait_for(  # not an earlier try's error, is what is reported
                lambda: self._written >= target or (
                    self._error is not None and self._tries > tries
                    and self._error_upto >= target), timeout)
            if self._error is not None:
                raise self._error
            if not ok:
                raise TimeoutError(msg("autosave: not written within {timeout} s",
                                       timeout=timeout))

    def close(self) -> None:
        """Write what is pending, stop the thread, leave the file closed and whole."""
        if self._closed:
            return
        self._closed = True
        self._stopping.set()
        self._urgent.set()
        self._wake.set()
        self._thread.join()
        if self._error is not None:
            raise self._error

    def __enter__(self) -> Autosaver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        db: GameFile | None = None
        failed: list[Capture] = []   # a batch whose write failed, retried first
        failed_upto = 0              # and the last submit it held
        last_write = -self.INTERVAL_S
        try:
            while True:
                if not self._stopping.is_set():  # closing: never wait (its wake-up may
                    self._wake.wait(self.RETRY_S if failed else None)  # be consumed)
                self._wake.clear()
                rest = last_write + self.INTERVAL_S - time.monotonic()
                if rest > 0:
                    self._urgent.wait(rest)
                if not self._stopping.is_set():
                    self._urgent.clear()
                stop = self._stopping.is_set()
                batch, upto = [], 0
                while self._pending:
                    upto, capture = self._pending.popleft()
                    batch.append(capture)
                if not batch and not failed:
                    if stop:
                        return                  # stopped with nothing left to write
                    continue
                batch, upto = failed + batch, max(upto, failed_upto)
                last_write = time.monotonic()
                db, ok = self._write(db, batch, upto)
                failed, failed_upto = ([], 0) if ok else (batch, upto)
                if stop and not ok:
                    return                      # closing: close() raises the error
        finally:
            if db is not None:
                db.close()

    def _write(self, db: GameFile | None, batch: list[Capture], upto: int
               ) -> tuple[GameFile | None, bool]:
        """Write one merged batch; False (the error kept for flush) if it failed."""
        try:
            snap = merge_captures(batch)
            if db is None:
                if not self.path.exists():
                    if snap.unit_ids is not None:
                        raise GameFileError("not-found", msg(
                            "no such file (an autosave of changes needs the game's file)"))
                    stats = _create(self.path, snap)
                    self._saved(snap, stats, upto)
                    return None, True
                db = GameFile(self.path)
            stats = db.write(snap)
        except BaseException as e:  # kept for flush(); the batch is retried
            with self._done:
                self._error = e.at(str(self.path)) if isinstance(e, GameFileError) else e
                self._error_upto = upto
                self._tries += 1
                self._done.notify_all()
            return db, False
        self._saved(snap, stats, upto)
        return db, True
    def _saved(self, snap: GameSnapshot, stats: SaveStats, upto: int) -> None:
        with self._done:
            self._error = None
            self._tries += 1
            self._written = max(self._written, upto)
            self._done.notify_all()
        if self.on_saved is not None:
            try:
                self.on_saved(snap, stats)
            except Exception as e:  # a failing callback must not stop the autosaves
                with self._done:
                    self._error = e
