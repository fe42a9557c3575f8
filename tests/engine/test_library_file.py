"""The library writes only into a library: another program's database with look-alike
tables, another application_id, or a schema holding more than a library's is refused and
left byte-for-byte as it was; an empty file, a library, and a library from before the
application_id open."""

from __future__ import annotations

import sqlite3

import pytest

from engine.library import LIBRARY_APPLICATION_ID, Library, LibraryError


def _sql(path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    for s in statements:
        conn.execute(s)
    conn.commit()
    conn.close()


def _app_id(path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA application_id").fetchone()[0]
    finally:
        conn.close()


LOOK_ALIKES = {
    "look-alike tables": ("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)",
                          "INSERT INTO meta VALUES ('schema_version', '1')",
                          "CREATE TABLE entries (id INTEGER PRIMARY KEY, note TEXT)",
                          "CREATE TABLE factions (id TEXT, name TEXT)"),
    "another application id": ("PRAGMA application_id = 1234",),
}


@pytest.mark.parametrize("case", sorted(LOOK_ALIKES))
def test_another_programs_database_is_left_as_it_was(tmp_path, case):
    path = tmp_path / "theirs.sqlite"
    _sql(path, "CREATE TABLE notes (x)", *LOOK_ALIKES[case]) if case != "look-alike tables" \
        else _sql(path, *LOOK_ALIKES[case])
    before = path.read_bytes()
    with pytest.raises(LibraryError, match="not a Warboard library|which a Warboard library"):
        Library(path, seed=False)
    assert path.read_bytes() == before


def test_a_library_with_a_trigger_is_refused_by_name(tmp_path):
    path = tmp_path / "library.sqlite"
    Library(path, seed=False).close()
    _sql(path, "CREATE TRIGGER spy AFTER INSERT ON factions BEGIN "
               "DELETE FROM entries; END")
    before = path.read_bytes()
    with pytest.raises(LibraryError, match="a trigger 'spy'"):
        Library(path, seed=False)
    assert path.read_bytes() == before


def test_our_library_gets_and_keeps_its_application_id(tmp_path):
    path = tmp_path / "library.sqlite"
    Library(path, seed=False).close()
    assert _app_id(path) == LIBRARY_APPLICATION_ID
    with Library(path, seed=False) as lib:
        lib.save_faction("iron-hearts", "mine", "Mine")
    assert _app_id(path) == LIBRARY_APPLICATION_ID


def test_a_library_from_before_the_application_id_opens_and_gains_it(tmp_path):
    path = tmp_path / "library.sqlite"
    with Library(path, seed=False) as lib:
        lib.save_faction("iron-hearts", "mine", "Mine")
    _sql(path, "PRAGMA application_id = 0")
    with Library(path, seed=False) as lib:
        assert [f.id for f in lib.factions("iron-hearts")] == ["mine"]
    assert _app_id(path) == LIBRARY_APPLICATION_ID
