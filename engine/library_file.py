"""The unit library's file: where it lives, its tables, and what a SQLite file must be
before the library writes a byte into it.

A library file carries SQLite's application_id "WBLB" from its creation. A file with
another application_id is another program's and is refused; so is one with no
application_id (0) unless it is empty or holds exactly a library's tables — the files the
first versions wrote before they set the id, which gain it on this open. Every file is also
refused when its schema holds anything a library does not (a trigger would run on our
writes), and connections open with trusted_schema off.
"""

from __future__ import annotations

import functools
import os
import re
import sqlite3
from pathlib import Path

import sqlite_utils

from engine.i18n import msg, verbatim
from engine.options import SchemaError

SCHEMA_VERSION = 1
#: SQLite's application_id header field of a library file: "WBLB".
LIBRARY_APPLICATION_ID = 0x57424C42
TABLES = ("meta", "factions", "entries", "tombstones", "rosters")
#: Words in a table's CREATE statement that our tables never use.
_FOREIGN_SQL = re.compile(r"\b(CHECK|REFERENCES|COLLATE|GENERATED|DEFAULT|CONSTRAINT|AS)\b",
                          re.IGNORECASE)


class LibraryError(SchemaError):
    """A library operation that cannot be done (unknown id, id taken, still referenced)."""


def default_path() -> Path:
    """Where the library lives: $WARBOARD_DATA_DIR (tests, portable installs) or the user's
    data folder for Warboard."""
    import platformdirs

    folder = os.environ.get("WARBOARD_DATA_DIR") or platformdirs.user_data_dir(
        "warboard", appauthor=False)
    return Path(folder) / "library.sqlite"


def connect(path: Path) -> sqlite_utils.Database:
    """The library file, opened for reading and writing, trusting nothing in its schema."""
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=5.0)
    conn.execute("PRAGMA trusted_schema=OFF")
    db = sqlite_utils.Database(conn, execute_plugins=False)
    # sqlite_utils finds these out by writing a scratch table, taking any error for "no":
    # asked inside a write transaction, a failing disk there would roll the transaction
    # back unseen and the rest would be written outside it. The SQLite version answers
    # them without a write (a newer sqlite_utils naming them otherwise probes again, and
    # Library.transaction still notices a transaction that ended under it).
    db._supports_strict = sqlite3.sqlite_version_info >= (3, 37, 0)
    db._supports_on_conflict = sqlite3.sqlite_version_info >= (3, 24, 0)
    return db


def create_tables(db: sqlite_utils.Database) -> None:
    """The library's tables that the file lacks (inside the caller's transaction)."""
    t = db.table
    if not t("meta").exists():
        t("meta").create({"key": str, "value": str}, pk="key")
    if not t("factions").exists():
        t("factions").create({"ruleset": str, "id": str, "name": str, "origin": str},
                             pk=("ruleset", "id"), not_null={"name", "origin"})
    if not t("entries").exists():
        t("entries").create(
            {"ruleset": str, "kind": str, "id": str, "faction": str, "name": str,
             "data": str, "origin": str, "seed_version": str, "updated": str},
            pk=("ruleset", "kind", "id"), not_null={"faction", "data", "origin"})
        t("entries").create_index(["ruleset", "faction"])
    if not t("tombstones").exists():
        t("tombstones").create({"ruleset": str, "kind": str, "id": str},
                               pk=("ruleset", "kind", "id"))
    if not t("rosters").exists():
        t("rosters").create({"name": str, "ruleset": str, "data": str, "updated": str},
                            pk="name")


def _columns(db: sqlite_utils.Database, table: str) -> tuple[tuple, ...]:
    return tuple((r[1], str(r[2]).upper(), r[3], r[4], r[5], r[6])
                 for r in db.execute(f"PRAGMA table_xinfo([{table}])").fetchall())


@functools.lru_cache(maxsize=1)
def _ours() -> tuple[dict[str, tuple], frozenset[str]]:
    """Each table's columns and the named indexes, as `create_tables` makes them."""
    conn = sqlite3.connect(":memory:")
    try:
        db = sqlite_utils.Database(conn, execute_plugins=False)
        create_tables(db)
        indexes = frozenset(r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL"))
        return {t: _columns(db, t) for t in TABLES}, indexes
    finally:
        conn.close()


def _stranger(db: sqlite_utils.Database) -> tuple[str, str] | None:
    """(type, name) of the first schema object a library does not have, or None."""
    columns, indexes = _ours()
    for kind, name, table, sql in db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").fetchall():
        if kind == "index" and table in columns and (
                (sql is None and str(name).startswith(f"sqlite_autoindex_{table}_"))
                or name in indexes):
            continue
        if kind == "table" and name in columns and isinstance(sql, str) and \
                sql.lstrip().upper().startswith("CREATE TABLE") and \
                not _FOREIGN_SQL.search(sql) and _columns(db, name) == columns[name]:
            continue
        return kind, name
    return None


def check_file(db: sqlite_utils.Database, path: Path) -> None:
    """Refuse (LibraryError, the file left as it was) anything but a library file, an
    empty database, or a library from before the application_id; see the module doc."""
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    stranger = _stranger(db)
    if app_id not in (0, LIBRARY_APPLICATION_ID) or (names and not {"meta", "entries",
                                                                    "factions"} <= names):
        raise LibraryError(msg("{path}: a SQLite database, but not a Warboard library "
                               "(left as it was)", path=str(path)))
    if stranger is not None:
        raise LibraryError(msg("{path}: the file holds {what} {name}, which a Warboard library "
                               "does not have (left as it was)", path=str(path),
                               what=_WORDS.get(stranger[0], msg("an object")),
                               name=verbatim(repr(stranger[1]))))
    version = meta_value(db, "schema_version") if names else None
    if names and version is None:
        raise LibraryError(msg("{path}: a SQLite database, but not a Warboard library "
                               "(left as it was)", path=str(path)))
    if version is not None and not (isinstance(version, str) and version.isdigit()):
        raise LibraryError(msg("{path}: meta.schema_version: expected a whole number, got "
                               "{got}", path=str(path), got=repr(version)))
    if version is not None and int(version) > SCHEMA_VERSION:
        raise LibraryError(msg("{path}: library schema {version} is newer than this "
                               "version of Warboard reads ({reads})", path=str(path),
                               version=version, reads=SCHEMA_VERSION))


_WORDS = {"table": msg("a table"), "index": msg("an index"), "view": msg("a view"),
          "trigger": msg("a trigger")}


def meta_value(db: sqlite_utils.Database, key: str) -> str | None:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
    except sqlite3.OperationalError:
        return None
    return None if row is None else row[0]


def stamp(db: sqlite_utils.Database) -> None:
    """Give the file the library's application_id (inside the caller's transaction)."""
    if db.execute("PRAGMA application_id").fetchone()[0] == 0:
        db.execute(f"PRAGMA application_id = {LIBRARY_APPLICATION_ID}")
