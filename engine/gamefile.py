"""`.warboard` game files: create, save, load, check, and autosave on a background thread.

The file is one SQLite database (tables in engine/gamefile_schema.py), written through
sqlite-utils over connections opened here.

Atomicity and journal mode. Every write is one SQLite transaction, and writers use WAL
(`journal_mode=WAL`, `synchronous=FULL`): a process killed mid-save leaves a -wal file
whose committed frames SQLite replays and whose half-written tail it ignores, so the file
opens with the last committed save. WAL is chosen over a rollback journal because a hot
rollback journal (left by a kill) cannot be rolled back by a read-only connection — SQLite
refuses to read such a file read-only — whereas a read-only connection reads a leftover
-wal fine. When a writer closes cleanly it switches the file back to
`journal_mode=DELETE` (which checkpoints and removes the -wal), so a game file at rest is
a single self-contained file and read-only opens of it create no side files. The switches
cost a few fsyncs, so a play session holds one `GameFile` (or an `Autosaver`) open and each
save is one transaction; `save_game` opens and closes around a single save. A new file is
built in rollback mode under a temporary name and moved over the target.

Reading never writes. `check_game_file` and `load_game` open `file:…?mode=ro`, so a file
that is refused (damaged, foreign, newer, invalid) is left byte-for-byte as it was.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import queue
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import sqlite_utils

from engine.gamefile_schema import (
    APPLICATION_ID,
    FORMAT,
    ROW_TABLES,
    SCHEMA_VERSION,
    TABLES,
    Capture,
    GameFileError,
    GameSnapshot,
    add_chain_column,
    build_game,
    capture_game,
    create_tables,
    game_meta,
    invalid,
    log_entry,
    log_row,
    now_iso,
    scenario_doc,
    snapshot_game,
)
from engine.log_chain import GENESIS, chain_problems, entry_hash
from engine.model import Game, LogEntry
from engine.scenario_io import parse_scenario, scenario_to_dict

__all__ = [
    "GameFileError", "GameSnapshot", "SaveStats", "GameFile", "Autosaver", "new_game_file",
    "save_game", "load_game", "open_game", "GameRead", "append_log", "check_game_file",
    "read_log", "LogRow",
    "export_scenario", "import_scenario", "SCHEMA_VERSION", "FORMAT",
]

SQLITE_MAGIC = b"SQLite format 3\x00"
#: How long a writer waits for another (the autosaver and an explicit save) to finish.
BUSY_TIMEOUT_S = 10.0


def app_version() -> str:
    try:
        return metadata.version("warboard")
    except metadata.PackageNotFoundError:
        return "unknown"


@dataclass(frozen=True, slots=True)
class SaveStats:
    """What one save wrote: rows replaced and deleted per table, log rows appended."""

    units_written: int = 0
    units_deleted: int = 0
    terrain_written: int = 0
    terrain_deleted: int = 0
    log_appended: int = 0
    ms: float = 0.0


# --------------------------------------------------------------------------- opening


def _open_ro(path: Path) -> sqlite_utils.Database:
    uri = path.resolve().as_uri() + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    return sqlite_utils.Database(conn, execute_plugins=False)


def _open_rw(path: Path) -> sqlite_utils.Database:
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_S,
                           check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    return sqlite_utils.Database(conn, execute_plugins=False)


def _close_rw(db: sqlite_utils.Database) -> None:
    """Checkpoint into the main file and leave it in rollback mode (see module doc);
    if another writer still has it open, that one does it when it closes."""
    try:
        db.conn.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.OperationalError:
        pass
    db.close()


@contextmanager
def _transaction(db: sqlite_utils.Database) -> Iterator[None]:
    """BEGIN IMMEDIATE: take the write lock up front so two writers queue on the busy
    timeout instead of failing when a read turns into a write."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    db.conn.execute("COMMIT")


# --------------------------------------------------------------------------- checking


def _check_header(path: Path) -> None:
    """not-found / not-sqlite / a database cut short, from the first 100 bytes alone."""
    if not path.exists():
        raise GameFileError("not-found", "no such file")
    if path.is_dir():
        raise GameFileError("not-found", "is a folder, not a game file")
    size = path.stat().st_size
    with open(path, "rb") as f:
        head = f.read(100)
    if size == 0:
        raise GameFileError("not-sqlite", "the file is empty, not a Warboard game")
    if not head.startswith(SQLITE_MAGIC):
        raise GameFileError("not-sqlite", "not a Warboard game file (not a SQLite database)")
    if len(head) < 100:
        raise GameFileError("damaged", f"damaged: the file is cut short ({size} bytes)")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if pages and head[24:28] == head[92:96] and pages * page_size > size:
        raise GameFileError("damaged", f"damaged: the file is cut short ({size} bytes of "
                                       f"{pages * page_size})")


def _damaged(e: sqlite3.DatabaseError) -> GameFileError:
    return GameFileError("damaged", f"damaged: SQLite says {str(e).rstrip('.')}")


def _table_names(db: sqlite_utils.Database) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _check_identity(db: sqlite_utils.Database, *, integrity: bool) -> None:
    """damaged (integrity check) / foreign / newer, in that order."""
    if integrity:
        problems = [r[0] for r in db.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise GameFileError("damaged", f"damaged: {problems[0]}")
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    names = _table_names(db)
    if "meta" not in names or app_id not in (0, APPLICATION_ID):
        raise GameFileError("foreign", "a SQLite database, but not a Warboard game")
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("format") != FORMAT:
        raise GameFileError("foreign", f"a SQLite database, but not a Warboard game "
                                       f"(format {meta.get('format')!r})")
    raw = meta.get("schema_version")
    try:
        version = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise invalid("meta", "schema_version", "value",
                      f"expected a whole number, got {raw!r}") from None
    if version > SCHEMA_VERSION:
        raise GameFileError("newer", f"made by a newer Warboard (schema {version}); "
                                     f"this version reads schema {SCHEMA_VERSION}")
    if version < 1:
        raise invalid("meta", "schema_version", "value", f"no schema {version} exists")
    missing = [t for t in TABLES if t not in names]
    if missing:
        raise GameFileError("invalid", f"table {missing[0]!r} is missing")


@dataclass(frozen=True, slots=True)
class GameRead:
    """A game as read from its file, with what the file's log chain says about it: each
    problem one sentence (a log entry changed or removed outside Warboard). The game opens
    all the same; the program shows the problems instead of silently accepting them."""

    game: Game
    log_problems: tuple[str, ...] = ()


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
    rows = {t: db.execute(f"SELECT id, json FROM [{t}] ORDER BY pos").fetchall()
            for t in ROW_TABLES}
    doc = scenario_doc(top, rows)
    ids = {t: [r[0] for r in rows[t]] for t in ROW_TABLES}
    meta = game_meta(db.execute("SELECT key, json FROM game").fetchall())
    log = []
    for i, r in enumerate(_log_rows(db) if log_rows is None else log_rows):
        if r["seq"] != i + 1:
            raise invalid("log", r["seq"], "seq", f"expected {i + 1} (the log has a gap)")
        log.append(log_entry(r))
    return build_game(doc, ids, meta, log)


def _log_rows(db: sqlite_utils.Database, where: str = "", params: tuple = ()) -> list[dict]:
    """Log rows as dicts, fetched at once: a half-read cursor kept alive by a traceback
    would keep the connection (and its lock on the file) open after close()."""
    cur = db.execute(f"SELECT * FROM log {where} ORDER BY seq", params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def _with_reader(path: str | os.PathLike, read: Callable[[sqlite_utils.Database], object],
                 *, integrity: bool = True):
    """Run `read` on a read-only connection after the header and identity checks; every
    failure becomes a GameFileError naming the file."""
    p = Path(path)
    try:
        _check_header(p)
        db = _open_ro(p)
        try:
            _check_identity(db, integrity=integrity)
            return read(db)
        finally:
            db.close()
    except GameFileError as e:
        raise e.at(str(p)) from None
    except sqlite3.DatabaseError as e:
        raise _damaged(e).at(str(p)) from None


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
    return _with_reader(path, _read_checked)  # type: ignore[return-value]


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


# --------------------------------------------------------------------------- writing


def _meta_rows(created: str | None, saved: str,
               log: tuple[int, str] | None = None) -> list[dict]:
    """meta's rows; `log` is (entries, hash of the last) after the save."""
    rows = [{"key": "format", "value": FORMAT},
            {"key": "schema_version", "value": str(SCHEMA_VERSION)},
            {"key": "app_version", "value": app_version()},
            {"key": "saved", "value": saved}]
    if created is not None:
        rows.append({"key": "created", "value": created})
    if log is not None:
        rows += [{"key": "log_entries", "value": str(log[0])},
                 {"key": "log_head", "value": log[1]}]
    return rows


def _sync_rows(db: sqlite_utils.Database, table: str,
               rows: tuple[tuple[str, str], ...]) -> tuple[int, int]:
    """Make `table` hold exactly `rows` (id, json) in that order, writing only rows whose
    position or JSON changed and deleting the rest. Returns (written, deleted)."""
    have = {r[0]: (r[1], r[2]) for r in db.execute(f"SELECT id, pos, json FROM [{table}]")}
    wanted = {rid: (pos, text) for pos, (rid, text) in enumerate(rows)}
    changed = [{"id": rid, "pos": pos, "json": text}
               for rid, (pos, text) in wanted.items() if have.get(rid) != (pos, text)]
    gone = [rid for rid in have if rid not in wanted]
    if changed:
        db[table].insert_all(changed, pk="id", replace=True)
    for i in range(0, len(gone), 500):
        chunk = gone[i:i + 500]
        db[table].delete_where(f"id IN ({','.join('?' * len(chunk))})", chunk)
    return len(changed), len(gone)


def _append_rows(db: sqlite_utils.Database, snap: GameSnapshot,
                 expected_last: LogEntry | None = None) -> int:
    """Append the snapshot's log rows the file lacks. The file's log must be the start
    of the game's: a shorter file gains the rest, an equal one nothing (idempotent)."""
    stored = db.execute("SELECT count(*) FROM log").fetchone()[0]
    if stored < snap.log_start:
        raise GameFileError("conflict", f"the file's log has {stored} entries but this save "
                                        f"continues from entry {snap.log_start + 1}")
    if stored > snap.log_end:
        raise GameFileError("conflict", f"the file's log has {stored} entries, the game only "
                                        f"{snap.log_end}: it holds another game")
    if stored and expected_last is not None:
        if log_entry(_log_rows(db, "WHERE seq = ?", (stored,))[0]) != expected_last:
            raise GameFileError("conflict", f"the file's log entry {stored} differs from the "
                                            f"game's: it holds another game")
    new = list(snap.log[stored - snap.log_start:])
    if new:
        db["log"].insert_all(new, pk="seq")
    return len(new)


def _write_snapshot(db: sqlite_utils.Database, snap: GameSnapshot,
                    last_stored: Callable[[int], LogEntry | None] = lambda n: None,
                    *, nested: bool = False) -> SaveStats:
    """One transaction: scenario, changed rows, game state, new log rows, meta.saved.
    `last_stored(n)` is the game's own entry n (1-based), to check the file's last one
    against, or None when the caller does not have it (an autosave snapshot)."""
    t0 = time.perf_counter()
    with contextlib.nullcontext() if nested else _transaction(db):
        db.execute("DELETE FROM scenario")
        db["scenario"].insert_all(
            [{"key": k, "pos": i, "json": v} for i, (k, v) in enumerate(snap.top)], pk="key")
        uw, ud = _sync_rows(db, "units", snap.units)
        tw, td = _sync_rows(db, "terrain", snap.terrain)
        db["game"].insert_all([{"key": k, "json": v} for k, v in snap.game], pk="key",
                              replace=True)
        stored = db.execute("SELECT count(*) FROM log").fetchone()[0]
        appended = _append_rows(db, snap, last_stored(stored))
        db["meta"].insert_all(_meta_rows(None, now_iso(), (snap.log_end, snap.log_head)),
                              pk="key", replace=True)
    return SaveStats(uw, ud, tw, td, appended, (time.perf_counter() - t0) * 1000)


def _check_writable(path: Path) -> None:
    """Refuse to write into a file that is not ours or is newer, checked read-only first
    (opening it for writing would already change its header)."""
    def identity(db: sqlite_utils.Database) -> None:
        names = _table_names(db)
        missing = [t for t in TABLES if t not in names]
        if missing:
            raise GameFileError("invalid", f"table {missing[0]!r} is missing")
    _with_reader(path, identity, integrity=False)


def _create(path: Path, snap: GameSnapshot) -> SaveStats:
    """A new file with the snapshot in it, built beside the target and moved over it, so
    `path` is always either the old file or the complete new one."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        # Rollback-journal mode: nobody else sees the temporary file, so a crash leaves only
        # a stray .tmp (never a hot journal beside the game), and no WAL switch to pay.
        conn = sqlite3.connect(tmp, isolation_level=None)
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
        for side in ("-wal", "-shm"):  # a stale -wal must not be replayed onto the new file
            Path(str(path) + side).unlink(missing_ok=True)
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        for side in ("", "-wal", "-shm", "-journal"):
            Path(tmp + side).unlink(missing_ok=True)
        raise
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
    """A game file open for writing during a play session.

    It holds one read-write connection in WAL mode, so a save is a single transaction
    (~10 ms for 500 units); opening switches the file to WAL and `close()` checkpoints it
    back into one self-contained file, which costs a few fsyncs each — keep one GameFile
    (or an Autosaver) open while playing instead of calling `save_game` each time.
    The file must exist and be a Warboard game this version writes (GameFileError)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        _check_writable(self.path)
        self._db: sqlite_utils.Database | None = _open_rw(self.path)
        if "prev" not in self._db["log"].columns_dict:  # a file from before the chain
            with _transaction(self._db):
                add_chain_column(self._db)

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

    def append_log(self, entries: Iterable[LogEntry]) -> int:
        """Append entries to the file's log at once (one transaction), e.g. right after a
        roll; a later save of the same game skips them. Returns how many were written."""
        stamp = now_iso()
        with _transaction(self.db):
            stored = self.stored_log()
            last = _log_rows(self.db, "WHERE seq = ?", (stored,))
            head = entry_hash(log_entry(last[0])) if last else GENESIS
            rows = []
            for i, e in enumerate(entries):
                e = dataclasses.replace(e, prev=head)
                rows.append(log_row(stored + 1 + i, e, stamp))
                head = entry_hash(e)
            if rows:
                self.db["log"].insert_all(rows, pk="seq")
            self.db["meta"].insert_all(_meta_rows(None, stamp, (stored + len(rows), head)),
                                       pk="key", replace=True)
        return len(rows)

    def close(self) -> None:
        """Checkpoint and close: the file is left whole, in rollback-journal mode."""
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
    on the disk.

    `submit(game)` takes a capture on the caller's thread (engine.gamefile_schema.Capture:
    plain values and JSON text, ~0.5 ms for 500 units) and queues it; the writer thread
    turns it into rows and writes them. The writer coalesces: when several captures are
    waiting, only the latest one's scenario and state are written — but the log entries of
    all of them are, in order (each capture carries the entries added since the one
    before). A write that fails is kept and retried with the next snapshot; `flush()`
    raises its error. `on_saved(snapshot, stats)` runs on the writer thread after each
    commit. The file is created on the first write if it does not exist.
    """

    def __init__(self, path: str | os.PathLike, *,
                 on_saved: Callable[[GameSnapshot, SaveStats], None] | None = None) -> None:
        self.path = Path(path)
        self.on_saved = on_saved
        self._queue: queue.Queue[Capture | None] = queue.Queue()
        self._log_taken: int | None = None
        self._submitted = 0
        self._written = 0
        self._done = threading.Condition()
        self._error: BaseException | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="warboard-autosave",
                                        daemon=True)
        self._thread.start()

    def capture(self, game: Game) -> Capture:
        """The game's state, with the log entries not taken by an earlier capture."""
        if self._log_taken is None:
            self._log_taken = 0
        if len(game.log) < self._log_taken:
            raise ValueError(f"autosave: the game's log has {len(game.log)} entries, fewer "
                             f"than the {self._log_taken} already saved (another game?)")
        snap = capture_game(game, self._log_taken)
        self._log_taken = snap.log_end
        return snap

    def submit(self, game: Game) -> Capture:
        """Capture the game now (on this thread) and have it written soon."""
        if self._closed:
            raise RuntimeError("autosave: closed")
        snap = self.capture(game)
        with self._done:
            self._submitted += 1
        self._queue.put(snap)
        return snap

    def flush(self, timeout: float | None = None) -> None:
        """Wait until everything submitted so far is written (or has failed: raises)."""
        with self._done:
            target = self._submitted
            ok = self._done.wait_for(lambda: self._written >= target or self._error,
                                     timeout)
            if self._error is not None:
                raise self._error
            if not ok:
                raise TimeoutError(f"autosave: not written within {timeout} s")

    def close(self) -> None:
        """Write what is queued, stop the thread, leave the file closed and whole."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join()
        if self._error is not None:
            raise self._error

    def __enter__(self) -> Autosaver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        db: GameFile | None = None
        pending: Capture | None = None
        stop = False
        try:
            while not stop:
                item = self._queue.get()
                count = 0
                while True:
                    if item is None:
                        stop = True
                    else:
                        pending = item if pending is None else pending.followed_by(item)
                        count += 1
                    try:
                        item = self._queue.get_nowait()
                    except queue.Empty:
                        break
                if pending is None:
                    continue
                db, pending = self._write(db, pending, count)
        finally:
            if db is not None:
                db.close()

    def _write(self, db: GameFile | None, capture: Capture, count: int
               ) -> tuple[GameFile | None, Capture | None]:
        """Write one (coalesced) capture; on failure keep it for the next try."""
        try:
            snap = capture.snapshot()
            if db is None:
                if not self.path.exists():
                    stats = _create(self.path, snap)
                    self._saved(snap, stats, count)
                    return None, None
                db = GameFile(self.path)
            stats = db.write(snap)
        except BaseException as e:  # kept for flush(); the snapshot is retried
            with self._done:
                self._error = e.at(str(self.path)) if isinstance(e, GameFileError) else e
                self._written += count
                self._done.notify_all()
            return db, capture
        self._saved(snap, stats, count)
        return db, None

    def _saved(self, snap: GameSnapshot, stats: SaveStats, count: int) -> None:
        with self._done:
            self._error = None
            self._written += count
            self._done.notify_all()
        if self.on_saved is not None:
            try:
                self.on_saved(snap, stats)
            except Exception as e:  # a failing callback must not stop the autosaves
                with self._done:
                    self._error = e
