"""The table picture's rows in a game file: written only when it changed, read with every
byte checked (a file from outside is read, never trusted: the image's size, kind, decoded
dimensions and hash are checked from its header before anything decodes it)."""

from __future__ import annotations

import sqlite3

import sqlite_utils

from engine import safe_json
from engine.backdrop import Backdrop, BackdropError, backdrop_from_json, backdrop_to_json
from engine.gamefile_schema import create_backdrop_table, dumps, invalid
from engine.i18n import msg
from engine.photo.header import MAX_IMAGE_BYTES

__all__ = ["read_backdrop", "sync_backdrop"]

TABLE = "backdrop"
KEY = "picture"


def _has_table(db: sqlite_utils.Database) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?",
                      (TABLE,)).fetchone() is not None


def read_backdrop(db: sqlite_utils.Database) -> Backdrop | None:
    """The file's table picture, or None; GameFileError "invalid" naming the row and
    field of anything wrong (the image's size is asked of SQLite before it is read)."""
    if not _has_table(db):
        return None
    keys = db.execute(f"SELECT key, typeof(image), length(image) FROM [{TABLE}]").fetchall()
    if not keys:
        return None
    if len(keys) > 1 or keys[0][0] != KEY:
        bad = next(k for k, _t, _n in keys if k != KEY) if any(k != KEY for k, *_ in keys) \
            else keys[1][0]
        raise invalid(TABLE, bad, "key", msg("a game file holds one picture, keyed {key}",
                                             key=repr(KEY)))
    _key, kind, size = keys[0]
    if kind != "blob":
        raise invalid(TABLE, KEY, "image", msg("expected the image's bytes, got {got}",
                                               got=kind))
    if size > MAX_IMAGE_BYTES:
        raise invalid(TABLE, KEY, "image", msg("the image is {mb:.0f} MB, more than {cap} MB",
                                               mb=size / 2**20, cap=MAX_IMAGE_BYTES // 2**20))
    text, image = db.execute(f"SELECT json, image FROM [{TABLE}] WHERE key = ?",
                             (KEY,)).fetchone()
    if not isinstance(text, str):
        raise invalid(TABLE, KEY, "json", msg("expected JSON text, got {got}",
                                              got=repr(text)[:60]))
    try:
        d = safe_json.loads(text)
    except safe_json.JSONInputError as e:
        raise invalid(TABLE, KEY, "json", e.message) from None
    try:
        return backdrop_from_json(d, bytes(image))
    except BackdropError as e:
        raise invalid(TABLE, KEY, e.field or "json", e.message) from None


def sync_backdrop(db: sqlite_utils.Database, backdrop: Backdrop | None) -> bool:
    """Make the file hold `backdrop` (inside the caller's transaction), writing the image
    only when it is another one; None drops the table. True if anything was written."""
    has = _has_table(db)
    if backdrop is None:
        if has:
            db.execute(f"DROP TABLE [{TABLE}]")
        return has
    text = dumps(backdrop_to_json(backdrop, with_image=False))
    stored = None
    if has:
        row = db.execute(f"SELECT json FROM [{TABLE}] WHERE key = ?", (KEY,)).fetchone()
        stored = row[0] if row else None
    else:
        create_backdrop_table(db)
    if stored == text:
        return False
    same_image = isinstance(stored, str) and _stored_hash(stored) == backdrop.sha256
    if same_image:
        db.execute(f"UPDATE [{TABLE}] SET json = ? WHERE key = ?", (text, KEY))
    else:
        db.execute(f"DELETE FROM [{TABLE}]")
        db.execute(f"INSERT INTO [{TABLE}] (key, json, image) VALUES (?, ?, ?)",
                   (KEY, text, sqlite3.Binary(backdrop.image)))
    return True


def _stored_hash(text: str) -> str | None:
    try:
        d = safe_json.loads(text)
    except safe_json.JSONInputError:
        return None
    return d.get("sha256") if isinstance(d, dict) else None
