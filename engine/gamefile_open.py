"""Opening a `.warboard` game file: recovery of what a kill left, and the checks a file
passes before anything reads or writes it (header, identity, schema).

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
fsyncs than a WAL commit and blocks readers for the commit's length; readers wait on a
busy timeout.
"""

from __future__ import annotations

import errno
import functools
import glob
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
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
    OPTIONAL_TABLES,
    SCHEMA_VERSION,
    TABLES,
    GameFileError,
    create_backdrop_table,
    create_tables,
    invalid,
)
from engine.i18n import msg, verbatim
from engine.journal import new_file_id, set_aside

SQLITE_MAGIC = b"SQLite format 3\x00"
#: How long a writer waits for another (the autosaver and an explicit save) to finish.
BUSY_TIMEOUT_S = 10.0
#: The largest game file opened, checked before reading (a 2,000-unit game with a
#: 10,000-entry log is ~30 MB).
MAX_GAME_BYTES = 512 * 2**20


class BadText(bytes):
    """A stored TEXT value that is not UTF-8, kept as its bytes so the reader can name its
    table, row and column (sqlite3 itself would fail the whole query without them)."""


def _text(raw: bytes) -> str | BadText:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return BadText(raw)


def check_utf8(table: str, columns: tuple[str, ...], rows: list) -> None:
    """Refuse ("invalid", naming table, row and column) the first value of `rows` (tuples
    in `columns` order, the row's key first) that is not UTF-8 text."""
    for r in rows:
        for name, value in zip(columns, r, strict=False):
            if isinstance(value, BadText):
                key = r[0].decode("utf-8", "replace") if isinstance(r[0], BadText) else r[0]
                raise invalid(table, key, name, msg("not valid UTF-8 text ({got})",
                                                    got=verbatim(repr(bytes(value)[:40]))))


def connect(target: str, **kw: Any) -> sqlite3.Connection:
    """A connection that trusts nothing the file's schema says: with trusted_schema off,
    a view, trigger, default or check in a stranger's file cannot call a function with
    side effects (the schema check refuses such files anyway; this holds in between)."""
    conn = sqlite3.connect(target, isolation_level=None, **kw)
    conn.execute("PRAGMA trusted_schema=OFF")
    conn.text_factory = _text
    return conn


def _open_ro(path: Path) -> sqlite_utils.Database:
    uri = path.resolve().as_uri() + "?mode=ro"
    conn = connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
    return sqlite_utils.Database(conn, execute_plugins=False)


def _open_rw(path: Path) -> sqlite_utils.Database:
    conn = connect(str(path), timeout=BUSY_TIMEOUT_S, check_same_thread=False)
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
    if set_aside(p) is not None and not needs_recovery(p):
        return False
    try:
        conn = connect(str(p), timeout=BUSY_TIMEOUT_S)
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
    timeout instead of failing when a read turns into a write. Then the file's id is
    written into page 1, so a journal always begins with this file's page 1 and can be
    told from another file's (engine/journal.py)."""
    conn = db.conn
    if conn.in_transaction:         # a transaction a failure left open: never built upon
        conn.execute("ROLLBACK")
    conn.execute("BEGIN IMMEDIATE")
    try:
        file_id = getattr(db, "warboard_file_id", None)   # a constant of the file: read once
        if file_id is None:
            file_id = conn.execute("PRAGMA user_version").fetchone()[0] or new_file_id()
            db.warboard_file_id = file_id  # type: ignore[attr-defined]
        conn.execute(f"PRAGMA user_version = {int(file_id)}")  # page 1 journaled first
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:     # also when COMMIT itself failed (a full disk)
            conn.execute("ROLLBACK")
        raise


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


#: SQLite's primary result codes a failed write can end with, as the player reads them.
_WRITE_FAILURES = {13: msg("the disk is full"),
                   10: msg("the disk could not be written (an input/output error)"),
                   8: msg("the file or its folder cannot be written (read-only)"),
                   9: msg("the write was interrupted")}
_OS_FAILURES = {errno.ENOSPC: msg("the disk is full"), errno.EDQUOT: msg("the disk is full"),
                errno.EIO: msg("the disk could not be written (an input/output error)"),
                errno.EROFS: msg("the file or its folder cannot be written (read-only)"),
                errno.EACCES: msg("the file or its folder cannot be written (read-only)")}


def write_failure(e: BaseException) -> Any:
    """Why a write failed, in plain words (SQLite's or the system's own when unknown)."""
    if isinstance(e, sqlite3.Error):
        code = getattr(e, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in _WRITE_FAILURES:
            return _WRITE_FAILURES[code & 0xFF]
        return msg("SQLite says {why}", why=str(e).rstrip("."))
    if isinstance(e, OSError):
        return _OS_FAILURES.get(e.errno, e.strerror or str(e))  # type: ignore[arg-type]
    return str(e)


def not_written(e: BaseException) -> GameFileError:
    """A save the disk refused: "not-written", saying why and that nothing is lost."""
    return GameFileError("not-written", msg("not saved: {why}. The file still holds its last "
                                            "save; nothing in the game is lost.",
                                            why=write_failure(e)))


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
    meta_rows = db.execute("SELECT key, value FROM meta").fetchall()
    check_utf8("meta", ("key", "value"), meta_rows)
    meta = dict(meta_rows)
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
    check_schema(db)


#: Words in a table's CREATE statement that our tables never use: a constraint, default,
#: collation or generated column someone else added.
_FOREIGN_SQL = re.compile(r"\b(CHECK|REFERENCES|COLLATE|GENERATED|DEFAULT|CONSTRAINT|AS)\b",
                          re.IGNORECASE)
#: What sqlite_master's "type" is called in a message.
_OBJECT_WORDS = {"table": msg("a table"), "index": msg("an index"), "view": msg("a view"),
                 "trigger": msg("a trigger")}


def _columns(db: sqlite_utils.Database, table: str) -> tuple[tuple, ...]:
    """(name, TYPE, notnull, default, pk, hidden) of each column, as SQLite reports it."""
    return tuple((r[1], str(r[2]).upper(), r[3], r[4], r[5], r[6])
                 for r in db.execute(f"PRAGMA table_xinfo([{table}])").fetchall())


@functools.lru_cache(maxsize=1)
def our_columns() -> dict[str, tuple[tuple, ...]]:
    """Each table's columns exactly as `create_tables` makes them (built once in memory)."""
    conn = sqlite3.connect(":memory:")
    try:
        db = sqlite_utils.Database(conn, execute_plugins=False)
        create_tables(db)
        create_backdrop_table(db)
        return {t: _columns(db, t) for t in (*TABLES, *OPTIONAL_TABLES)}
    finally:
        conn.close()


def check_schema(db: sqlite_utils.Database) -> None:
    """Refuse ("invalid", naming the object) a file whose schema holds anything a game
    file of ours does not: a trigger, a view, another table or index, or a table of ours
    with other columns or constraints. A trigger would run on our next save; a view or
    default could call functions — a stranger's file is read, never obeyed."""
    ours = our_columns()
    for kind, name, table, sql in db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall():
        if kind == "index" and sql is None and table in ours and \
                str(name).startswith(f"sqlite_autoindex_{table}_"):
            continue                      # the index SQLite makes for a primary key
        if kind == "table" and name in ours and isinstance(sql, str) and \
                sql.lstrip().upper().startswith("CREATE TABLE") and \
                not _FOREIGN_SQL.search(sql) and _columns(db, name) in _allowed(name, ours):
            continue
        raise GameFileError("invalid", msg(
            "the file holds {what} {name}, which a Warboard game does not have (refused, "
            "left as it was)", what=_OBJECT_WORDS.get(kind, msg("an object")),
            name=verbatim(repr(name))))


def _allowed(table: str, ours: dict[str, tuple[tuple, ...]]) -> tuple[tuple[tuple, ...], ...]:
    """The column sets a table may have: ours, and for `log` also the ones before the hash
    chain's `prev` column and before its `chain` and `mark` columns (engine.log_chain;
    added on the file's next write)."""
    if table == "log":
        return (ours[table], tuple(c for c in ours[table] if c[0] not in ("chain", "mark")),
                tuple(c for c in ours[table] if c[0] not in ("prev", "chain", "mark")))
    return (ours[table],)

