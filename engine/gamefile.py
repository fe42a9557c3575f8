"""`.warboard` game files: create, save, load, check, and autosave on a background thread.

The file is one SQLite database (tables in engine/gamefile_schema.py), written through
sqlite-utils over connections opened here.

Atomicity and journal mode. Every write is one SQLite transaction in the rollback
journal (`journal_mode=DELETE`, `synchronous=FULL`), and only that mode: never WAL, never
a switch. Why: a switch between WAL and the rollback journal is itself a write, and a kill
during one leaves a hot -journal; with no switches a file at rest is always one
self-contained file, and a kill at any moment leaves either nothing or a hot -journal of
one unfinished transaction. SQLite rolls a hot journal back only through a read-write
connection, so every opener first calls `recover` — which opens read-write only when a
hot journal (or a WAL left by an older Warboard) is there, and only for a file whose
header carries our application_id — and then reads read-only. A -journal, -wal or -shm
left beside a path is never applied to another file: a new file (new_game_file, Save As)
first recovers the old file at the path (the journal belongs to it) and then removes any
side file before the new one takes the name. Temporary files of a killed Save As
(`.<name>.*.tmp`) are removed by the next save into that folder (they are flock-ed while
written, so a live one is never touched). A rollback-journal commit costs a few more
fsyncs than a WAL commit (a 500-unit autosave is still ~10 ms) and blocks readers for the
commit's length; readers wait on a busy timeout.

Reading never writes. `check_game_file` and `load_game` open `file:…?mode=ro`, so a file
that is refused (damaged, foreign, newer, invalid) is left byte-for-byte as it was.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import glob
import itertools
import json
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import sqlite_utils

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

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
#: Parameters in one statement: SQLite's lowest SQLITE_MAX_VARIABLE_NUMBER (builds before
#: 3.32 allow 999).
_MAX_PARAMS = 999
#: The largest game file opened, checked before reading (a 2,000-unit game with a
#: 10,000-entry log is ~30 MB).
MAX_GAME_BYTES = 512 * 2**20


@functools.lru_cache(maxsize=1)
def app_version() -> str:
    """The installed program's version (read once: package metadata is parsed as e-mail
    headers, ~1.5 ms, and every save writes it)."""
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
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S,
                           check_same_thread=False)
    return sqlite_utils.Database(conn, execute_plugins=False)


def _open_rw(path: Path) -> sqlite_utils.Database:
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_S,
                           check_same_thread=False)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("PRAGMA synchronous=FULL")
    return sqlite_utils.Database(conn, execute_plugins=False)


def _close_rw(db: sqlite_utils.Database) -> None:
    db.close()


def _ours(path: Path) -> bool:
    """The file's header says it is a Warboard game (SQLite magic and our application_id,
    which a file gets when it is created and keeps)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return False
    return (len(head) == 100 and head.startswith(SQLITE_MAGIC)
            and int.from_bytes(head[68:72], "big") == APPLICATION_ID)


def needs_recovery(path: Path) -> bool:
    """A hot -journal beside the file, or a -wal / WAL header left by an older Warboard."""
    journal = Path(str(path) + "-journal")
    if journal.exists() and journal.stat().st_size > 0:
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and (head[18], head[19]) == (2, 2)  # WAL mode


def recover(path: str | os.PathLike) -> bool:
    """Finish what a killed writer left: roll a hot journal back (or check a WAL in) with a
    read-write connection, leaving the file in rollback mode. Only for our own files and
    only when needed; True if it did. A file SQLite cannot recover stays as it is (the
    reader then reports it damaged)."""
    p = Path(path)
    if not p.is_file() or not _ours(p) or not needs_recovery(p):
        return False
    try:
        conn = sqlite3.connect(str(p), isolation_level=None, timeout=BUSY_TIMEOUT_S)
        try:
            conn.execute("PRAGMA journal_mode=DELETE").fetchone()  # rolls back, checks in
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False
    return True


def _remove_side_files(path: Path) -> None:
    for side in ("-journal", "-wal", "-shm"):
        Path(str(path) + side).unlink(missing_ok=True)


def clean_temporaries(path: Path) -> list[Path]:
    """Remove `.<name>.*.tmp` files (and their side files) that a killed save left beside
    `path`; one still being written is flock-ed by its writer and stays."""
    gone = []
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        if _held(tmp):
            continue
        for side in ("-journal", "-wal", "-shm", ""):
            Path(str(tmp) + side).unlink(missing_ok=True)
        gone.append(tmp)
    return gone


def _held(tmp: Path) -> bool:
    """Someone alive holds the temporary file's lock (POSIX flock; elsewhere: younger than
    a minute)."""
    if fcntl is None:
        try:
            return time.time() - tmp.stat().st_mtime < 60
        except OSError:
            return False
    try:
        fd = os.open(tmp, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing drops our lock
    return False


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
    """not-found / not-sqlite / too big, from the file's size and first bytes alone."""
    if not path.exists():
        raise GameFileError("not-found", msg("no such file"))
    if path.is_dir():
        raise GameFileError("not-found", msg("is a folder, not a game file"))
    size = path.stat().st_size
    if size == 0:
        raise GameFileError("not-sqlite", msg("the file is empty, not a Warboard game"))
    if size > MAX_GAME_BYTES:
        raise GameFileError("invalid", msg("the file is {size:.0f} MB, more than a game file "
                                           "may be ({mb} MB)", size=size / 2**20,
                                           mb=MAX_GAME_BYTES // 2**20))
    with open(path, "rb") as f:
        head = f.read(100)
    if not head.startswith(SQLITE_MAGIC):
        raise GameFileError("not-sqlite",
                            msg("not a Warboard game file (not a SQLite database)"))
    if len(head) < 100:
        raise GameFileError("damaged", msg("damaged: the file is cut short ({size} bytes)",
                                           size=size))


def _cut_short(path: Path) -> Any:
    """", cut short (N bytes of M)" when the header promises more pages than the file has
    — said only once SQLite itself has found the file damaged (a kill during a
    checkpoint can leave such a header on a file SQLite reads fine)."""
    try:
        size = path.stat().st_size
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return ""
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if pages and head[24:28] == head[92:96] and pages * page_size > size:
        return msg(": the file is cut short ({size} bytes of {total})", size=size,
                   total=pages * page_size)
    return ""


def _damaged(e: sqlite3.DatabaseError, path: Path | None = None) -> GameFileError:
    short = _cut_short(path) if path is not None else ""
    return GameFileError("damaged", msg("damaged{short}: SQLite says {why}", short=short,
                                        why=str(e).rstrip(".")))


def _table_names(db: sqlite_utils.Database) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _check_identity(db: sqlite_utils.Database, *, integrity: bool) -> None:
    """damaged (integrity check) / foreign / newer, in that order."""
    if integrity:
        problems = [r[0] for r in db.execute("PRAGMA quick_check(5)")]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError(problems[0])
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    names = _table_names(db)
    if "meta" not in names or app_id not in (0, APPLICATION_ID):
        raise GameFileError("foreign", msg("a SQLite database, but not a Warboard game"))
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("format") != FORMAT:
        raise GameFileError("foreign", msg("a SQLite database, but not a Warboard game "
                                           "(format {format})", format=repr(meta.get("format"))))
    raw = meta.get("schema_version")
    try:
        version = int(raw)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise invalid("meta", "schema_version", "value",
                      msg("expected a whole number, got {got}", got=repr(raw))) from None
    if version > SCHEMA_VERSION:
        raise GameFileError("newer", msg("made by a newer Warboard (schema {version}); this "
                                         "version reads schema {reads}", version=version,
                                         reads=SCHEMA_VERSION))
    if version < 1:
        raise invalid("meta", "schema_version", "value",
                      msg("no schema {version} exists", version=version))
    missing = [t for t in TABLES if t not in names]
    if missing:
        raise GameFileError("invalid", msg("table {table} is missing",
                                           table=verbatim(repr(missing[0]))))


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
            raise invalid("log", r["seq"], "seq", msg("expected {n} (the log has a gap)",
                                                      n=i + 1))
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
        recover(p)
        db = _open_ro(p)
        try:
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


def _put_rows(db: sqlite_utils.Database, table: str, rows: list[dict], *,
              replace: bool = False) -> None:
    """Insert `rows` (dicts with the same keys) with a few multi-row INSERTs straight on
    the connection. Not sqlite_utils' insert_all: that asks the schema five to eight times
    per call, and every statement hands the interpreter lock to whichever thread wants it
    — an autosave writer beside a busy interface thread waits up to a switch interval
    (5 ms) each time it takes it back."""
    if not rows:
        return
    cols = list(rows[0])
    verb = "INSERT OR REPLACE" if replace else "INSERT"
    names = ", ".join(f"[{c}]" for c in cols)
    one = "(" + ", ".join("?" * len(cols)) + ")"
    per = max(1, _MAX_PARAMS // len(cols))
    for i in range(0, len(rows), per):
        chunk = rows[i:i + per]
        db.conn.execute(f"{verb} INTO [{table}] ({names}) VALUES "
                        + ", ".join([one] * len(chunk)),
                        [r[c] for r in chunk for c in cols])


def _delete_ids(db: sqlite_utils.Database, table: str, ids: list[str]) -> None:
    """Delete the rows with these ids, a few statements for any number."""
    for i in range(0, len(ids), _MAX_PARAMS):
        chunk = ids[i:i + _MAX_PARAMS]
        db.conn.execute(f"DELETE FROM [{table}] WHERE id IN ({','.join('?' * len(chunk))})",
                        chunk)


def _sync_rows(db: sqlite_utils.Database, table: str,
               rows: tuple[tuple[str, str], ...]) -> tuple[int, int]:
    """Make `table` hold exactly `rows` (id, json) in that order, writing only rows whose
    position or JSON changed and deleting the rest. Returns (written, deleted)."""
    have = {r[0]: (r[1], r[2]) for r in db.execute(f"SELECT id, pos, json FROM [{table}]")}
    wanted = {rid: (pos, text) for pos, (rid, text) in enumerate(rows)}
    changed = [{"id": rid, "pos": pos, "json": text}
               for rid, (pos, text) in wanted.items() if have.get(rid) != (pos, text)]
    gone = [rid for rid in have if rid not in wanted]
    _put_rows(db, table, changed, replace=True)
    _delete_ids(db, table, gone)
    return len(changed), len(gone)


def _sync_some_rows(db: sqlite_utils.Database, table: str, order: tuple[str, ...],
                    changed: tuple[tuple[str, str], ...]) -> tuple[int, int]:
    """A partial save of `table`: rows `changed` (id, json) written, every id in `order`
    at its position, the rest deleted. An id in `order` the table lacks and `changed`
    does not bring is an error (the capture missed a unit): nothing is written.

    The order is handed to SQLite as one JSON array (json_each: key = position) and
    compared there: read into Python, 2,000 positions cost the autosave writer ~8 ms of
    decoding and dict building holding the interpreter lock — time the interface thread
    waits when it wants the lock back."""
    ids = json.dumps(order)
    texts = dict(changed)
    conn = db.conn
    missing = conn.execute(
        f"SELECT j.value FROM json_each(?) AS j WHERE NOT EXISTS "
        f"(SELECT 1 FROM [{table}] AS t WHERE t.id = j.value) ORDER BY j.key", (ids,))
    lost = [rid for (rid,) in missing.fetchall() if rid not in texts]
    if lost:
        raise GameFileError("conflict", msg("{table} row {row}: neither in the file nor in "
                                            "the autosave (a change it was not told of)",
                                            table=verbatim(table), row=verbatim(repr(lost[0]))))
    conn.execute(f"UPDATE [{table}] SET pos = j.key FROM json_each(?) AS j "
                 f"WHERE [{table}].id = j.value AND [{table}].pos IS NOT j.key", (ids,))
    if len(texts) <= 64:
        at = {rid: order.index(rid) for rid in texts if rid in order}
    else:
        where = {rid: pos for pos, rid in enumerate(order)}
        at = {rid: where[rid] for rid in texts if rid in where}
    rows = [{"id": rid, "pos": at[rid], "json": text} for rid, text in changed if rid in at]
    _put_rows(db, table, rows, replace=True)
    gone = conn.execute(f"DELETE FROM [{table}] WHERE id NOT IN "
                        f"(SELECT value FROM json_each(?))", (ids,)).rowcount
    return len(rows), gone


def _append_rows(db: sqlite_utils.Database, snap: GameSnapshot,
                 expected_last: LogEntry | None = None) -> int:
    """Append the snapshot's log rows the file lacks. The file's log must be the start
    of the game's: a shorter file gains the rest, an equal one nothing (idempotent)."""
    stored = db.execute("SELECT count(*) FROM log").fetchone()[0]
    if stored < snap.log_start:
        raise GameFileError("conflict", msg("the file's log has {stored} entries but this "
                                            "save continues from entry {entry}",
                                            stored=stored, entry=snap.log_start + 1))
    if stored > snap.log_end:
        raise GameFileError("conflict", msg("the file's log has {stored} entries, the game "
                                            "only {end}: it holds another game",
                                            stored=stored, end=snap.log_end))
    if stored and expected_last is not None:
        if log_entry(_log_rows(db, "WHERE seq = ?", (stored,))[0]) != expected_last:
            raise GameFileError("conflict", msg("the file's log entry {stored} differs from "
                                                "the game's: it holds another game",
                                                stored=stored))
    new = list(snap.log[stored - snap.log_start:])
    _put_rows(db, "log", new)
    return len(new)


def _write_snapshot(db: sqlite_utils.Database, snap: GameSnapshot,
                    last_stored: Callable[[int], LogEntry | None] = lambda n: None,
                    *, nested: bool = False) -> SaveStats:
    """One transaction: scenario, changed rows, game state, new log rows, meta.saved.
    `last_stored(n)` is the game's own entry n (1-based), to check the file's last one
    against, or None when the caller does not have it (an autosave snapshot)."""
    t0 = time.perf_counter()
    with contextlib.nullcontext() if nested else _transaction(db):
        tw = td = 0
        if not snap.keep_doc:
            db.execute("DELETE FROM scenario")
            _put_rows(db, "scenario",
                      [{"key": k, "pos": i, "json": v} for i, (k, v) in enumerate(snap.top)])
            tw, td = _sync_rows(db, "terrain", snap.terrain)
        if snap.unit_ids is None:
            uw, ud = _sync_rows(db, "units", snap.units)
        else:
            uw, ud = _sync_some_rows(db, "units", snap.unit_ids, snap.units)
        _put_rows(db, "game", [{"key": k, "json": v} for k, v in snap.game], replace=True)
        stored = db.execute("SELECT count(*) FROM log").fetchone()[0]
        appended = _append_rows(db, snap, last_stored(stored))
        _put_rows(db, "meta", _meta_rows(None, now_iso(), (snap.log_end, snap.log_head)),
                  replace=True)
    return SaveStats(uw, ud, tw, td, appended, (time.perf_counter() - t0) * 1000)


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
        conn = sqlite3.connect(tmp, isolation_level=None)
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
    except BaseException:
        for side in ("", "-wal", "-shm", "-journal"):
            Path(tmp + side).unlink(missing_ok=True)
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
    a save is a single transaction (~10 ms for 500 units). The file must exist and be a
    Warboard game this version writes (GameFileError); a hot journal a kill left is
    rolled back first (see the module doc)."""

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
        self._urgent.set()          # no pause between writes while someone waits
        self._wake.set()
        with self._done:
            target = self._submitted
            ok = self._done.wait_for(lambda: self._written >= target or self._error,
                                     timeout)
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
                batch = failed + batch
                last_write = time.monotonic()
                db, ok = self._write(db, batch, upto)
                failed = [] if ok else batch
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
                self._written = max(self._written, upto)
                self._done.notify_all()
            return db, False
        self._saved(snap, stats, upto)
        return db, True
    def _saved(self, snap: GameSnapshot, stats: SaveStats, upto: int) -> None:
        with self._done:
            self._error = None
            self._written = max(self._written, upto)
            self._done.notify_all()
        if self.on_saved is not None:
            try:
                self.on_saved(snap, stats)
            except Exception as e:  # a failing callback must not stop the autosaves
                with self._done:
                    self._error = e
