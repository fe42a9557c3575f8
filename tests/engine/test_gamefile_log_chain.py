"""The roll log's hash chain: each entry carries the sha256 of its predecessor, in the
engine as in the file; a log altered outside Warboard (an entry rewritten, one removed
from the middle or the end) is reported when the game opens — on the command line too —
while an untouched file, or one written before the chain existed, opens without a word."""

from __future__ import annotations

import sqlite3

import pytest

from app import cli
from engine.gamefile import GameFile, load_game, new_game_file, open_game, save_game
from engine.log_chain import GENESIS, entry_hash
from engine.model import LogEntry
from tests.engine.test_gamefile import LOG, demo_game


def sql(path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        for s in statements:
            conn.execute(s)
    conn.close()


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "g.warboard"
    new_game_file(path, demo_game())
    return path


def test_each_entry_carries_its_predecessors_hash_in_engine_and_file(saved):
    game = demo_game()
    assert game.log[0].prev == GENESIS
    for before, after in zip(game.log, game.log[1:], strict=False):
        assert after.prev == entry_hash(before) and len(after.prev) == 64
    back = open_game(saved)
    assert back.log_problems == ()
    assert [e.prev for e in back.game.log] == [e.prev for e in game.log]
    stored = [r[0] for r in sqlite3.connect(saved).execute("SELECT prev FROM log ORDER BY seq")]
    assert stored == [e.prev for e in game.log]
    assert back.game.log_head() == game.log_head()


def test_the_hash_is_the_same_after_a_round_trip_of_awkward_details(tmp_path):
    game = demo_game()
    game.append_log(LogEntry(2, "x", "odd", None, (), "é ✓", {"t": (1, 2), "n": {"a": None}}))
    game.append_log(LogEntry(2, "x", "after", None))
    path = tmp_path / "odd.warboard"
    new_game_file(path, game)
    assert open_game(path).log_problems == ()


@pytest.mark.parametrize("statements, expected", [
    (["UPDATE log SET summary = 'missed' WHERE seq = 2"],
     "log entry 3: the hash of entry 2 before it does not match"),
    (["UPDATE log SET dice = '[]' WHERE seq = 1"],
     "log entry 2: the hash of entry 1 before it does not match"),
    (["DELETE FROM log WHERE seq = 2", "UPDATE log SET seq = seq - 1 WHERE seq > 2"],
     "log entry 2: the hash of entry 1 before it does not match"),
    (["DELETE FROM log WHERE seq = 4"], "the log holds 3 entries but 4 were saved"),
    (["UPDATE log SET summary = 'nothing' WHERE seq = 4"],
     "log entry 4 (the last) was changed outside Warboard"),
    (["UPDATE log SET prev = NULL WHERE seq = 3",
      "UPDATE log SET summary = 'missed' WHERE seq = 2"],
     "log entry 4: the hash of entry 3 before it does not match"),
])
def test_a_log_altered_outside_warboard_is_reported_on_open(saved, statements, expected):
    sql(saved, *statements)
    read = open_game(saved)                        # the game opens all the same
    assert any(p.startswith(expected) for p in read.log_problems), read.log_problems
    assert len(read.game.log) in (3, 4)


def test_the_command_line_tells_an_altered_log_on_stderr(saved, capsys):
    sql(saved, "UPDATE log SET summary = 'missed' WHERE seq = 2")
    game = load_game(saved)
    a, b = game.units[0].id, game.units[1].id
    assert cli.run(["measure", str(saved), a, b]) == 0
    err = capsys.readouterr().err
    assert f"warboard: warning: {saved}: log entry 3: the hash of entry 2" in err


def test_a_file_from_before_the_chain_opens_quietly_and_is_chained_on_write(saved):
    sql(saved, "ALTER TABLE log DROP COLUMN prev", "ALTER TABLE log DROP COLUMN chain",
        "ALTER TABLE log DROP COLUMN mark",
        "DELETE FROM meta WHERE key IN ('log_entries', 'log_head')")
    assert open_game(saved).log_problems == ()
    game = load_game(saved)
    game.append_log(LogEntry(3, None, "later", None))
    save_game(saved, game)                         # GameFile adds the column, chains all
    assert open_game(saved).log_problems == ()
    sql(saved, "UPDATE log SET summary = 'x' WHERE seq = 1")
    assert open_game(saved).log_problems[0].startswith("log entry 2:")


def test_saving_an_altered_file_keeps_the_alteration_visible(saved):
    sql(saved, "UPDATE log SET summary = 'missed' WHERE seq = 2")
    game = load_game(saved)
    game.append_log(LogEntry(3, None, "later", None))
    with GameFile(saved) as f:
        f.save(game)
    assert any(p.startswith("log entry 3:") for p in open_game(saved).log_problems)


def test_append_log_to_a_file_chains_the_new_entries(saved):
    from engine.gamefile import append_log

    append_log(saved, [LogEntry(3, None, "a", None), LogEntry(3, None, "b", None)])
    read = open_game(saved)
    assert read.log_problems == () and len(read.game.log) == len(LOG) + 2


def test_canonical_text_is_the_entry_as_to_dict_gives_it():
    """The hash is taken over to_dict read back as JSON (tuples as lists, int keys as
    text) — built without to_dict's deep copy, the text is the same."""
    import json

    from engine.log_chain import _normal, canonical_json

    odd = LogEntry(3, "a", "template", "b", LOG[1].dice, "s",
                   {"odds": [{"id": f"u{i}", "under": i / 7} for i in range(50)],
                    "t": (1, 2, (3, "x")), 4: {5: None}, "ru": "щит"})
    for e in (*LOG, odd):
        want = json.dumps(_normal({"prev": GENESIS, **e.to_dict()}), ensure_ascii=False,
                          sort_keys=True, separators=(",", ":"))
        assert canonical_json(e, GENESIS) == want


def test_the_log_head_follows_every_append_and_a_replaced_log():
    game = demo_game()
    for e in LOG:
        stored = game.append_log(e)
        assert game.log_head() == entry_hash(stored) == entry_hash(game.log[-1])
        assert game.log_head() == game.log_head()
    game._log[-1] = LogEntry(9, None, "roll", summary="another")  # not by append: still right
    assert game.log_head() == entry_hash(game.log[-1])
