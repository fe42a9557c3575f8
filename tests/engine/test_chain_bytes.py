"""The hash chain's bytes as docs/sealed-dice.md ("The hash chain") gives them: every
line's hash, seal mark and the sealing's hash recomputed from the file's rows with
hashlib, hmac and json alone agree with what Warboard wrote and verifies; a game made
before the chain still opens and verifies, a game that had it and lost it does not."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import sqlite3

from engine.gamefile import new_game_file, open_game
from engine.model import Game, LogEntry
from engine.scenario_io import load_demo
from engine.verify_game import verify_game
from tests.engine.sealed_play import SEED, played


def canonical(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def test_each_line_hash_mark_and_the_sealing_hash_as_documented():
    db = sqlite3.connect(played().path)
    db.row_factory = sqlite3.Row
    state = json.loads(db.execute("SELECT json FROM game WHERE key = 'state'").fetchone()[0])
    block = {k: v for k, v in state["sealed"].items() if k != "revealed"}
    sealing = hashlib.sha256(b"warboard-sealing-v2\n" + canonical(block)).hexdigest()
    prev = "0" * 64
    for row in db.execute("SELECT * FROM log ORDER BY seq"):
        assert row["prev"] == prev
        chain = json.loads(row["chain"])
        assert chain["v"] == 2 and chain["sealing"] == sealing
        doc = {"seq": row["seq"], "prev": prev, "turn": row["turn"], "actor": row["actor"],
               "action": row["action"], "target": row["target"],
               "dice": json.loads(row["dice"]), "summary": row["summary"],
               "details": json.loads(row["details"]), "chain": chain}
        prev = hashlib.sha256(b"warboard-chain-v2\n" + canonical(doc)).hexdigest()
        mark = hmac.new(bytes.fromhex(SEED), b"warboard-chain-v2|mark|" + prev.encode(),
                        hashlib.sha256).hexdigest()
        assert row["mark"] == mark
    meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    assert meta["log_head"] == prev == played().head
    db.close()


def test_a_line_records_the_game_state_it_changed_and_the_move_before_it():
    db = sqlite3.connect(played().path)
    records = {json.dumps(r[0]): r for (text,) in db.execute("SELECT chain FROM log")
               for r in json.loads(text)["state"]}
    db.close()
    def digest(value) -> str:
        return hashlib.sha256(canonical(value)).hexdigest()

    assert records['["unit", "us-1-1", "markers", "suppression"]'][1:] == [None, digest(1)]
    unit = json.loads(sqlite3.connect(played().path).execute(
        "SELECT json FROM units WHERE id = 'us-2-5'").fetchone()[0])
    assert records['["unit", "us-2-5", "x"]'][1:] == [digest(unit["x"] - 2.0),
                                                      digest(unit["x"])]


def _unsealed(tmp_path):
    game = Game(load_demo())
    for k in range(3):
        game.append_log(LogEntry(1, "gren-1", "roll", None, (), f"line {k}"))
    path = tmp_path / "plain.warboard"
    new_game_file(path, game)
    return path


def test_an_unsealed_game_whose_chain_is_switched_off_fails(tmp_path):
    path = _unsealed(tmp_path)
    assert verify_game(path).ok
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE log SET prev = NULL")
        db.execute("DELETE FROM meta WHERE key IN ('log_entries', 'log_head')")
    db.close()
    report = verify_game(path)
    assert {"chain_off", "head_removed"} <= report.kinds, report.text()
    assert "the hash chain was switched off" in report.text()
    assert any("switched off" in p for p in open_game(path).log_problems)


def test_a_game_from_before_the_chain_opens_and_verifies_with_a_note(tmp_path):
    path = _unsealed(tmp_path)
    old = tmp_path / "old.warboard"
    shutil.copyfile(path, old)
    db = sqlite3.connect(old)
    with db:
        for column in ("mark", "chain", "prev"):
            db.execute(f"ALTER TABLE log DROP COLUMN {column}")
        db.execute("DELETE FROM meta WHERE key IN ('log_entries', 'log_head')")
    db.close()
    assert open_game(old).log_problems == ()
    report = verify_game(old)
    assert report.ok and "written before the hash chain" in report.text()
