"""Game files from strangers: a schema holding anything ours does not (a trigger that
would run on our next save, a view, another table or index) is refused by name and the
file is left byte-for-byte as it was; connections never trust the file's schema."""

from __future__ import annotations

import sqlite3

import pytest

from engine.gamefile import GameFileError, load_game, new_game_file, open_game, save_game
from engine.gamefile_open import connect
from tests.engine.test_gamefile import demo_game

EXTRAS = {
    "trigger": "CREATE TRIGGER spy AFTER UPDATE ON game BEGIN "
               "INSERT INTO meta VALUES ('spied', 'yes'); END",
    "view": "CREATE VIEW peek AS SELECT * FROM units",
    "table": "CREATE TABLE stowaway (x)",
    "index": "CREATE INDEX by_pos ON units (pos)",
}


def _game_with(tmp_path, sql: str):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()
    return path, game


@pytest.mark.parametrize("what", sorted(EXTRAS))
def test_a_schema_with_more_than_ours_is_refused_by_name_and_left_alone(tmp_path, what):
    path, game = _game_with(tmp_path, EXTRAS[what])
    before = path.read_bytes()
    name = EXTRAS[what].split()[-1 if what == "table" else 2].split("(")[0]
    name = {"table": "stowaway"}.get(what, name)
    for attempt in (lambda: open_game(path), lambda: save_game(path, game)):
        with pytest.raises(GameFileError) as err:
            attempt()
        assert err.value.kind == "invalid"
        assert f"a {what} '{name}'" in str(err.value) or f"an {what} '{name}'" in str(err.value)
        assert "left as it was" in str(err.value)
    assert path.read_bytes() == before


def test_the_trigger_never_runs(tmp_path):
    path, game = _game_with(tmp_path, EXTRAS["trigger"])
    with pytest.raises(GameFileError):
        save_game(path, game)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM meta WHERE key = 'spied'").fetchone()[0] == 0
    conn.close()


def test_changed_columns_or_constraints_are_refused(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE units ADD COLUMN extra TEXT DEFAULT 7")
    conn.commit()
    conn.close()
    with pytest.raises(GameFileError, match="a table 'units'"):
        load_game(path)


def test_a_file_of_ours_passes_and_so_does_one_from_before_the_chain(tmp_path):
    path = tmp_path / "g.warboard"
    game = demo_game()
    new_game_file(path, game)
    assert load_game(path) == game
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE log DROP COLUMN mark")
    conn.execute("ALTER TABLE log DROP COLUMN chain")
    assert load_game(path).units == game.units      # a file of the chain's first form
    conn.execute("ALTER TABLE log DROP COLUMN prev")
    conn.commit()
    conn.close()
    assert load_game(path).units == game.units


def test_connections_do_not_trust_the_schema(tmp_path):
    conn = connect(str(tmp_path / "x.sqlite"))
    assert conn.execute("PRAGMA trusted_schema").fetchone()[0] == 0
    conn.close()


@pytest.mark.parametrize(("table", "column", "where", "named"), [
    ("units", "json", "id = (SELECT id FROM units ORDER BY pos LIMIT 1)", "units row '"),
    ("log", "summary", "seq = 2", "log row 2: summary"),
    ("game", "json", "key = 'turn'", "game row 'turn': json"),
])
def test_invalid_utf8_in_a_stored_row_names_its_table_row_and_column(tmp_path, table, column,
                                                                      where, named):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE {table} SET {column} = CAST(x'7b22ff22' AS TEXT) WHERE {where}")
    conn.commit()
    conn.close()
    with pytest.raises(GameFileError) as err:
        load_game(path)
    assert err.value.kind == "invalid"
    assert named in str(err.value) and f"{column}: not valid UTF-8 text" in str(err.value)
