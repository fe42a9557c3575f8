"""The edit catalog (issue 37): a sealed game played through the referee and revealed
(tests/engine/sealed_play.py), then edited with sqlite3 as a player would — each kind of
edit made three ways: alone; with the hash chain recomputed by the attacker, who knows the
published algorithm but not the seed (the seal marks stay as they were); and with the
chain switched off (links, chain columns and marks emptied, the saved head and count
deleted). Every one must make `verify` fail (exit 1), naming what was done.

`verify` is given what the players saw: the posted commitment always; the last post's
chain head and roll number only for the edits at the end of the log, which nothing in the
file can show.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import sealed
from engine.dice import die
from engine.log_chain import GENESIS, row_hash, seal_mark, sealing_hash
from engine.verify_game import verify_game
from tests.engine.sealed_play import GAME_ID, SEED, played

# --------------------------------------------------------------------------- tools


def _rows(db: sqlite3.Connection) -> list[dict]:
    cur = db.execute("SELECT * FROM log ORDER BY seq")
    names = [d[0] for d in cur.description]
    return [dict(zip(names, r, strict=True)) for r in cur.fetchall()]


def _set(db: sqlite3.Connection, seq: int, **columns) -> None:
    sets = ", ".join(f"{k} = ?" for k in columns)
    db.execute(f"UPDATE log SET {sets} WHERE seq = ?", (*columns.values(), seq))


def _dice(db: sqlite3.Connection, seq: int) -> list[dict]:
    return json.loads(db.execute("SELECT dice FROM log WHERE seq = ?", (seq,)).fetchone()[0])


def _details(db: sqlite3.Connection, seq: int) -> dict:
    return json.loads(db.execute("SELECT details FROM log WHERE seq = ?",
                                 (seq,)).fetchone()[0])


def _delete_line(db: sqlite3.Connection, seq: int) -> None:
    """Remove a line and close the gap, as a careful editor does."""
    db.execute("DELETE FROM log WHERE seq = ?", (seq,))
    for (s,) in db.execute("SELECT seq FROM log WHERE seq > ? ORDER BY seq",
                           (seq,)).fetchall():
        db.execute("UPDATE log SET seq = ? WHERE seq = ?", (s - 1, s))


def _state(db: sqlite3.Connection) -> dict:
    return json.loads(db.execute("SELECT json FROM game WHERE key = 'state'").fetchone()[0])


def _put_state(db: sqlite3.Connection, state: dict) -> None:
    db.execute("UPDATE game SET json = ? WHERE key = 'state'", (json.dumps(state),))


def recompute_chain(db: sqlite3.Connection, seed: bytes | None = None) -> None:
    """The attacker's recomputation with the published algorithm: every link and the saved
    head and count; the seal marks too only when he has a seed of his own (`seed`)."""
    prev = GENESIS
    for row in _rows(db):
        row["prev"] = prev
        _set(db, row["seq"], prev=prev)
        prev = row_hash(row)
        if seed is not None and row.get("mark"):
            _set(db, row["seq"], mark=seal_mark(seed, prev))
    n = db.execute("SELECT count(*) FROM log").fetchone()[0]
    db.execute("UPDATE meta SET value = ? WHERE key = 'log_entries'", (str(n),))
    db.execute("UPDATE meta SET value = ? WHERE key = 'log_head'", (prev,))


def switch_off(db: sqlite3.Connection) -> None:
    db.execute("UPDATE log SET prev = NULL, chain = NULL, mark = NULL")
    db.execute("DELETE FROM meta WHERE key IN ('log_entries', 'log_head')")


# --------------------------------------------------------------------------- the edits
# Lines of the played game: 1 rolled, 2 applied (rolls 1-2); 3 rolled (3-4, re-rolled),
# 4 re-roll (5-6), 5 applied; 6 rolled never applied (7-8); 7 typed, applied; 8/9, 10/11,
# 12/13, 14/15 rolled/applied (9-10, 11-12, 13-14, 15-16).


def cut_tail(db):
    db.execute("DELETE FROM log WHERE seq > 11")                  # rolls 13-16 gone


def delete_line(db):
    _delete_line(db, 8)                                            # gren-4's roll


def renumber_after_deleted_reroll(db):
    """The unapplied first roll (line 3) deleted, every later sealed roll renumbered two
    down, its faces recomputed from the (revealed) seed, the lines' marks fixed up."""
    _delete_line(db, 3)
    for row in _rows(db):
        dice = json.loads(row["dice"])
        for d in dice:
            if d.get("source") == "sealed" and d["roll"] > 4:
                d["roll"] -= 2
                d["faces"] = list(sealed.sealed_faces(SEED, GAME_ID, d["roll"],
                                                      die(d["die"]), len(d["faces"])))
        details = json.loads(row["details"])
        mark = details.get("roll", {})
        mark.pop("reroll_of", None)
        if isinstance(mark.get("of"), int) and mark["of"] > 3:
            mark["of"] -= 1
        _set(db, row["seq"], dice=json.dumps(dice), details=json.dumps(details))


def reuse_roll(db):
    """gren-4's good rolls (9-10) reused for gren-5's shot (lines 10 and 11)."""
    good = _dice(db, 9)
    for seq in (10, 11):
        _set(db, seq, dice=json.dumps(good))


def relabel_sealed_as_typed(db):
    for seq in (14, 15):
        dice = _dice(db, seq)
        for d in dice:
            d["source"] = "typed"
            d.pop("roll", None)
        _set(db, seq, dice=json.dumps(dice))


def relabel_sealed_as_app(db):
    for seq in (8, 9):
        dice = _dice(db, seq)
        for d in dice:
            d.update(source="app", seed=42)
            d.pop("roll", None)
        _set(db, seq, dice=json.dumps(dice))


def relabel_typed_as_sealed(db):
    dice = _dice(db, 7)
    for i, d in enumerate(dice):
        d.update(source="sealed", roll=7 + i)
    _set(db, 7, dice=json.dumps(dice))


def invent_typed_roll(db):
    """A typed roll that never happened, slipped in after line 9."""
    row = _rows(db)[6]                                             # the typed line
    for (s,) in db.execute("SELECT seq FROM log WHERE seq > 9 ORDER BY seq DESC").fetchall():
        db.execute("UPDATE log SET seq = ? WHERE seq = ?", (s + 1, s))
    row.update(seq=10, actor="us-2-1", target="gren-5", summary="2 hits, 2 wounds")
    db.execute(f"INSERT INTO log ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
               tuple(row.values()))


def rewrite_result_dice_kept(db):
    details = _details(db, 11)
    details.pop("summary_text", None)
    details["effects"] = [{"kind": "remove", "unit": "us-2-1"}]
    _set(db, 11, summary="1 hit, 1 wound: Pfc. removed", details=json.dumps(details))


def change_faces(db):
    dice = _dice(db, 9)
    dice[0]["faces"] = [1] * len(dice[0]["faces"])
    _set(db, 9, dice=json.dumps(dice))


def change_modifier(db):
    details = _details(db, 11)
    details["facts"]["cover"] = 0
    _set(db, 11, details=json.dumps(details))


def change_target(db):
    _set(db, 11, target="us-1-5")


def change_actor(db):
    _set(db, 11, actor="gren-2")


def swap_rolls(db):
    """gren-5's rolled and applied lines swapped with gren-6's."""
    db.execute("UPDATE log SET seq = -seq WHERE seq IN (10, 11, 12, 13)")
    db.execute("UPDATE log SET seq = CASE seq WHEN -10 THEN 12 WHEN -11 THEN 13 "
               "WHEN -12 THEN 10 ELSE 11 END WHERE seq < 0")


def apply_unapplied_roll(db):
    details = _details(db, 6)
    details["roll"]["applied"] = True
    _set(db, 6, details=json.dumps(details), kind="resolution")


def edit_state_in_file(db):
    """Pfc. Dawson's suppression (set by line 2) taken off in the units table."""
    text = db.execute("SELECT json FROM units WHERE id = 'us-1-1'").fetchone()[0]
    unit = json.loads(text)
    unit["markers"] = {}
    db.execute("UPDATE units SET json = ? WHERE id = 'us-1-1'", (json.dumps(unit),))


def rewrite_state_record(db):
    """The suppression line 2 recorded rewritten to nothing, the unit to match."""
    chain = json.loads(db.execute("SELECT chain FROM log WHERE seq = 2").fetchone()[0])
    chain["state"] = [r for r in chain["state"] if r[0][-1] != "suppression"]
    _set(db, 2, chain=json.dumps(chain))
    edit_state_in_file(db)


def change_game_id(db):
    state = _state(db)
    state["sealed"]["game_id"] = "another-game"
    _put_state(db, state)


def replace_sealing_box(db):
    """Another sealing's box and salt put in (to unlock it with a passphrase of his own)."""
    other = _other_sealing()[0].to_dict()
    state = _state(db)
    state["sealed"].update(box=other["box"], kdf=other["kdf"])
    _put_state(db, state)


def forge_seed_and_commitment(db):
    """A new seed and commitment of the attacker's own: every sealed roll recomputed from
    it, the lines put under the new sealing, the chain and the marks recomputed with it."""
    forged, seed = _other_sealing()
    block = {**forged.to_dict(), "revealed": seed}
    state = _state(db)
    state["sealed"] = block
    _put_state(db, state)
    sh = sealing_hash(block)
    for row in _rows(db):
        dice = json.loads(row["dice"])
        for d in dice:
            if d.get("source") == "sealed":
                d["faces"] = list(sealed.sealed_faces(seed, GAME_ID, d["roll"], die(d["die"]),
                                                      len(d["faces"])))
        chain = json.loads(row["chain"])
        if chain.get("sealing"):
            chain["sealing"] = sh
        _set(db, row["seq"], dice=json.dumps(dice), chain=json.dumps(chain))
    recompute_chain(db, bytes.fromhex(seed))


def change_turn(db):
    _set(db, 11, turn=2)


def renumber_roll(db):
    for seq in (14, 15):
        dice = _dice(db, seq)
        for d in dice:
            d["roll"] += 2
        _set(db, seq, dice=json.dumps(dice))


def change_kind(db):
    _set(db, 6, kind="resolution")


_OTHER: list = []


def _other_sealing():
    if not _OTHER:
        _OTHER.append(sealed.seal("attacker's own phrase", game_id=GAME_ID))
    return _OTHER[0]


# The chain switched off is itself an edit: alone (links and saved head removed), "with
# the chain recomputed" (turned back into the chain's first form, links recomputed the
# first way), and with everything emptied and the sealing made a version 1 one.


def chain_off_alone(db):
    db.execute("UPDATE log SET prev = NULL")
    db.execute("DELETE FROM meta WHERE key IN ('log_entries', 'log_head')")


def chain_off_first_form(db):
    db.execute("UPDATE log SET chain = NULL, mark = NULL")
    recompute_chain(db)


def chain_off_downgraded(db):
    switch_off(db)
    state = _state(db)
    state["sealed"]["version"] = 1
    _put_state(db, state)


#: kind → (edit, problems of which one must be named, needs the last post's anchors)
CATALOG: dict[str, tuple[Callable, set[str], bool]] = {
    "cut the last rolls": (cut_tail, {"tail_cut", "posted_head", "count"}, True),
    "delete a line": (delete_line, {"break", "mark_bad", "missing_run", "pair_missing"},
                      False),
    "renumber after a deleted re-roll": (renumber_after_deleted_reroll,
                                         {"break", "mark_bad", "tail_cut"}, True),
    "reuse a good roll for another shot": (reuse_roll, {"reused", "missing_run"}, False),
    "relabel sealed as typed": (relabel_sealed_as_typed, {"relabelled"}, False),
    "relabel sealed as the app's": (relabel_sealed_as_app, {"relabelled"}, False),
    "relabel typed as sealed": (relabel_typed_as_sealed,
                                {"break", "mark_bad", "mismatch", "out_of_order"}, False),
    "invent a typed roll": (invent_typed_roll, {"break", "mark_bad"}, False),
    "rewrite a result, dice kept": (rewrite_result_dice_kept, {"break", "mark_bad"}, False),
    "change the faces": (change_faces, {"pair", "mismatch"}, False),
    "change a modifier": (change_modifier, {"break", "mark_bad"}, False),
    "change the target": (change_target, {"break", "mark_bad"}, False),
    "change the actor": (change_actor, {"break", "mark_bad", "pair_missing"}, False),
    "swap two rolls": (swap_rolls, {"break", "mark_bad", "out_of_order", "pair_missing"},
                       False),
    "apply a roll never applied": (apply_unapplied_roll, {"break", "mark_bad"}, False),
    "edit the game state in the file": (edit_state_in_file, {"state_edited"}, False),
    "rewrite a recorded game state": (rewrite_state_record,
                                      {"break", "mark_bad", "state_edited"}, False),
    "change the game id": (change_game_id, {"sealing_changed", "commit_bad"}, False),
    "replace the sealed seed's box": (replace_sealing_box, {"sealing_changed"}, False),
    "forge a new seed and commitment": (forge_seed_and_commitment, {"commitment_posted"},
                                        False),
    "change a turn number": (change_turn, {"break", "mark_bad"}, False),
    "renumber a roll": (renumber_roll, {"missing_run", "mismatch", "pair"}, False),
    "file a roll as another kind": (change_kind, {"kind"}, False),
}
WAYS = ("alone", "chain recomputed", "chain switched off")
#: What the chain switched off is caught as, whichever other problems it shows.
OFF = {"chain_off", "chain_off_sealed", "head_removed"}


def _edited(tmp_path: Path, edit: Callable, way: str) -> Path:
    path = played().copy(tmp_path)
    db = sqlite3.connect(path)
    with db:
        edit(db)
        if way == "chain recomputed":
            recompute_chain(db)
        elif way == "chain switched off":
            switch_off(db)
    db.close()
    return path


def _verify(path: Path, anchors: bool):
    game = played()
    return verify_game(path, commitment=game.commitment,
                       expected_head=game.head if anchors else None,
                       expected_last_roll=game.last_roll if anchors else None)


def test_the_played_game_verifies_and_holds_what_the_catalog_edits():
    game = played()
    report = _verify(game.path, True)
    assert report.ok, report.text()
    assert (report.lines, report.rolls, report.typed, report.last_roll) == (15, 16, 2, 16)


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("kind", sorted(CATALOG))
def test_every_edit_is_caught_and_named(tmp_path, kind, way):
    edit, named, anchors = CATALOG[kind]
    report = _verify(_edited(tmp_path, edit, way), anchors)
    assert not report.ok, f"{kind}, {way}: not caught"
    expected = named | OFF if way == "chain switched off" else named
    assert report.kinds & expected, f"{kind}, {way}: {report.text()}"
    assert all(p.text("en") and p.text("ru") for p in report.problems)


@pytest.mark.parametrize("edit", [chain_off_alone, chain_off_first_form,
                                  chain_off_downgraded])
def test_switching_the_chain_off_is_caught_every_way(tmp_path, edit):
    report = _verify(_edited(tmp_path, edit, "alone"), False)
    assert report.kinds & {"chain_off", "chain_off_sealed", "downgraded", "head_removed",
                           "commit_bad", "commitment_posted"}, report.text()


def test_the_command_line_exits_1_naming_the_problem_in_russian(tmp_path, capsys):
    from app import cli

    path = _edited(tmp_path, change_faces, "chain recomputed")
    assert cli.run(["verify", str(path), "--lang", "ru"]) == 1
    out = capsys.readouterr().out
    assert "НЕ проверено" in out and "строка журнала 9" in out


def test_a_line_removed_without_closing_the_numbers_fails_by_name(tmp_path, capsys):
    from app import cli

    path = played().copy(tmp_path)
    db = sqlite3.connect(path)
    with db:
        db.execute("DELETE FROM log WHERE seq = 5")
    db.close()
    report = _verify(path, False)
    assert report.kinds == {"gap"} and "log line 5 is missing" in report.text()
    assert cli.run(["verify", str(path)]) == 1
    assert "log line 5 is missing" in capsys.readouterr().out
