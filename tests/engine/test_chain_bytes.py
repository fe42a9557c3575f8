"""The hash chain's bytes as docs/sealed-dice.md ("The hash chain") gives them: every
line's hash, seal mark and the sealing's hash recomputed from the file's rows with
hashlib, hmac and json alone agree with what Warboard wrote and verifies; a game made
before the chain still opens and verifies, a game that had it and lost it does not."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

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


DOC = Path(__file__).resolve().parents[2] / "docs" / "sealed-dice.md"
COMMAND = re.compile(r"^printf '([^']*)%s' '([^']*)' \| openssl dgst -sha256"
                     r"( -mac HMAC -macopt hexkey:\$SEED)?\n# → ([0-9a-f]{64})$", re.M)


def _example() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("### Worked example: a sealing, a line, its mark"):]


def test_the_documented_example_recomputes_with_hashlib_and_hmac():
    found = COMMAND.findall(_example())
    assert len(found) == 4
    seed = bytes(range(32))
    results = []
    for prefix, payload, mac, want in found:
        data = prefix.replace("\\n", "\n").encode() + payload.encode()
        if payload.startswith("{"):
            assert canonical(json.loads(payload)).decode() == payload   # as canonical
        got = hmac.new(seed, data, hashlib.sha256).hexdigest() if mac \
            else hashlib.sha256(data).hexdigest()
        assert got == want, prefix
        results.append(got)
    line = json.loads(found[2][1])
    assert line["chain"]["sealing"] == results[0]
    assert line["chain"]["state"][0][2] == results[1] and found[3][1] == results[2]


@pytest.mark.skipif(shutil.which("openssl") is None or shutil.which("bash") is None,
                    reason="openssl not installed")
def test_the_documented_example_runs_with_openssl():
    block = _example()
    script = block[block.index("```sh\n") + 6:block.index("```\n", block.index("```sh"))]
    out = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                         check=True).stdout
    got = re.findall(r"= ([0-9a-f]{64})", out)
    assert got == re.findall(r"# → ([0-9a-f]{64})", script)
