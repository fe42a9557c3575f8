"""Writing a game snapshot into an open game file: the rows that changed, the new log
entries, meta — one transaction (engine/gamefile.py opens the file and calls these)."""

from __future__ import annotations

import contextlib
import functools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata

import sqlite_utils

from engine.gamefile_backdrop import sync_backdrop
from engine.gamefile_open import _transaction
from engine.gamefile_schema import (
    FORMAT,
    SCHEMA_VERSION,
    GameFileError,
    GameSnapshot,
    log_entry,
    now_iso,
)
from engine.i18n import msg, verbatim
from engine.model import LogEntry

#: Parameters in one statement: SQLite's lowest SQLITE_MAX_VARIABLE_NUMBER (builds before
#: 3.32 allow 999).
_MAX_PARAMS = 999


@functools.lru_cache(maxsize=1)
def app_version() -> str:
    """The installed program's version (read once: package metadata is parsed as e-mail
    headers, slowly, and every save writes it)."""
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



def _log_rows(db: sqlite_utils.Database, where: str = "", params: tuple = ()) -> list[dict]:
    """Log rows as dicts, fetched at once: a half-read cursor kept alive by a traceback
    would keep the connection (and its lock on the file) open after close()."""
    cur = db.execute(f"SELECT * FROM log {where} ORDER BY seq", params)
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


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
    compared there: read into Python, a big table's positions cost the autosave writer
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
        if not snap.keep_backdrop:
            sync_backdrop(db, snap.backdrop)
        stored = db.execute("SELECT count(*) FROM log").fetchone()[0]
        appended = _append_rows(db, snap, last_stored(stored))
        _put_rows(db, "meta", _meta_rows(None, now_iso(), (snap.log_end, snap.log_head)),
                  replace=True)
    return SaveStats(uw, ud, tw, td, appended, (time.perf_counter() - t0) * 1000)

