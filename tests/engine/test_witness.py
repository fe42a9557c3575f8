"""Players' entropy (engine.witness): a witnessed turn's rolls derive from the seed, the game
id, the declaration commitment and the players' nonces; a turn without nonces rolls as
before; every post carries its place in the chain, parsed back from a saved thread; and the
file is checked against the posts (a missing post, a cut tail, a changed line, another
commitment or other nonces are named)."""

from __future__ import annotations

import copy
import dataclasses
import functools
import hashlib
import hmac

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import sealed
from engine.dice import D6, D10, DiceError, TypedDice, draw
from engine.log_chain import GENESIS
from engine.model import Game, LogEntry
from engine.turn_post import turn_post
from engine.witness import record, scheme
from engine.witness.chain_line import chain_lines, format_line, parse_thread, turn_line
from engine.witness.posts import check_posts
from engine.witness.texts import TEXTS
from tests.engine.test_sealed import GAME_ID, sealed_game

DECLARED = ("Gren 1 shoots Pfc. Dawson", "Gren 2 shoots Cpl. Reyes")
NONCES = (("Anna", "blue fox"), ("Boris", "42"))


def _roll(game: Game, die, n: int, label: str, actor: str | None = "gren-1") -> LogEntry:
    rec = draw(sealed.app_dice(game), die, n, label=label)
    return game.append_log(LogEntry(game.turn, actor, "roll", None, (rec,), label))


def _set_witness(game: Game, block: dict) -> None:
    """The witness block set as the program does: one game change (the chain records it)."""
    from engine.model import Change, SetGameState
    from engine.play.tables import GameTable

    GameTable(game).push(Change([SetGameState(scheme.STATE_KEY, block)], "witness"))


def witnessed_game(nonces=NONCES, skip: int = 0) -> tuple[Game, str]:
    """Turn 1 rolled without nonces (three rolls and a typed one), turn 2 witnessed by
    two players (four rolls), turn 3 without (one roll). `skip`: the nonces entered as
    counting from that many rolls later than the next (a game master's doctored program).
    Built once per argument (sealing costs a second of key derivation), a copy returned."""
    game, seed = _built(tuple(nonces), skip)
    return copy.deepcopy(game), seed


@functools.lru_cache(maxsize=8)
def _built(nonces: tuple, skip: int) -> tuple[Game, str]:
    game, seed = sealed_game()
    for k in range(3):
        _roll(game, (D6, D10)[k % 2], 1 + k % 2, f"t1 roll {k + 1}")
    game.append_log(LogEntry(1, "us-1-2", "morale", None,
                             (draw(TypedDice("4"), D6, 1, label="morale"),), "typed"))
    game.turn = 2
    block, _ = record.declare(game.state, 2, DECLARED, game.log)
    _set_witness(game, block)
    with pytest.raises(DiceError, match="nonces"):
        sealed.app_dice(game)
    block, _ = record.enter_nonces(game.state, 2, nonces, game.log,
                                   sealed.next_roll_number(game.log) + skip)
    _set_witness(game, block)
    for k in range(4):
        _roll(game, D6, 2, f"t2 roll {k + 1}", "gren-2")
    game.turn = 3
    _roll(game, D10, 1, "t3 roll")
    return game, seed


def thread(game: Game, fmt: str = "bbcode", skip: int | None = None) -> str:
    turns = sorted({e.turn for e in game.log})
    return "\n\n----\n\n".join(turn_post(game, t, fmt) for t in turns if t != skip)


def _check(game: Game, text: str, commitment: str | None = None):
    s = sealed.sealing_of(game.state)
    damaged: list[int] = []
    lines = parse_thread(text, damaged)
    return check_posts(lines, game.log, game_id=s.game_id, seal=s.commitment,
                       witness=scheme.witnesses_of(game.state, s.game_id),
                       commitment=commitment, damaged=damaged)


def test_commitment_and_digest_are_sha256_of_their_lines():
    want = hashlib.sha256(b"warboard-declare-v1\ng\n2\nA shoots B\nC moves\n").hexdigest()
    assert scheme.declaration_commitment("g", 2, [" A shoots B", "C moves "]) == want
    want = hashlib.sha256("warboard-nonces-v1\nAnna\nblue fox\nБорис\n42\n".encode()
                          ).hexdigest()
    assert scheme.nonce_digest([("Anna", "blue fox"), ("Борис", "42")]) == want
    for bad in ("two\nlines", "", "x" * 201, "bidi\u202e"):
        with pytest.raises(scheme.WitnessError):
            scheme.nonce_digest([("Anna", bad)])


def test_witnessed_rolls_derive_from_the_nonces_and_the_declarations():
    game, seed = witnessed_game()
    w = scheme.witnesses_of(game.state, GAME_ID)[2]
    assert w.first_roll == 4 and w.nonces == NONCES
    rolls = [(e.turn, r) for e in game.log for r in e.dice if r.source == "sealed"]
    assert [r.roll for _, r in rolls] == list(range(1, 9))
    key = bytes.fromhex(seed)
    for turn, r in rolls:
        if turn == 2:
            m = (f"warboard-roll-v2|{GAME_ID}|2|{w.commitment}|{w.digest}|{r.roll}|6|2|0")
        else:
            sides = int(r.die[1:])
            m = f"warboard-sealed-v1|{GAME_ID}|{r.roll}|{sides}|{len(r.faces)}|0"
        block = hmac.new(key, m.encode(), hashlib.sha256).digest()
        sides = int(r.die[1:])
        limit = 2 ** 32 // sides * sides
        values = [int.from_bytes(block[i:i + 4], "big") for i in range(0, 32, 4)]
        assert r.faces == tuple(v % sides + 1 for v in values if v < limit)[:len(r.faces)]
    report = sealed.verify(game.log, sealed.sealing_of(game.state), seed,
                           scheme.witnesses_of(game.state, GAME_ID))
    assert report.ok, report.text()
    # without the witness records, the witnessed rolls no longer match: named by number
    bare = sealed.verify(game.log, sealed.sealing_of(game.state), seed)
    assert {p.roll for p in bare.problems} <= {4, 5, 6, 7} and len(bare.problems) >= 3


def test_other_nonces_give_other_rolls():
    a, _ = witnessed_game()
    b, _ = witnessed_game((("Anna", "blue fox"), ("Boris", "43")))
    faces = [[r.faces for e in g.log if e.turn == 2 for r in e.dice] for g in (a, b)]
    assert faces[0] != faces[1]
    same = [[r.faces for e in g.log if e.turn != 2 for r in e.dice] for g in (a, b)]
    assert same[0] == same[1]


def test_declarations_and_nonces_are_fixed_once_used():
    game, _ = witnessed_game()
    with pytest.raises(scheme.WitnessError, match="cannot change"):
        record.declare(game.state, 2, ["other"], game.log)
    with pytest.raises(scheme.WitnessError, match="declare a turn before its first roll"):
        record.declare(game.state, 3, ["late"], game.log)
    with pytest.raises(scheme.WitnessError, match="cannot change"):
        record.enter_nonces(game.state, 2, NONCES, game.log, 9)
    with pytest.raises(scheme.WitnessError, match="declarations committed first"):
        record.enter_nonces(game.state, 3, NONCES, game.log, 9)
    with pytest.raises(scheme.WitnessError, match="not played with sealed dice"):
        record.declare({}, 1, ["x"], ())
    tampered = {**game.state[scheme.STATE_KEY]}
    tampered["turns"] = [dict(t) for t in tampered["turns"]]
    tampered["turns"][0]["declarations"] = ["Gren 2 shoots Cpl. Reyes"]
    with pytest.raises(scheme.WitnessError, match="do not give the stored commitment"):
        scheme.witnesses_of({scheme.STATE_KEY: tampered}, GAME_ID)


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "text"])
def test_every_post_carries_its_place_and_the_thread_parses_back(fmt):
    game, _ = witnessed_game()
    text = thread(game, fmt)
    assert parse_thread(text) == chain_lines(game)
    lines = parse_thread(text)
    assert [x.turn for x in lines] == [1, 2, 3]
    assert [x.rolls for x in lines] == [(1, 3), (4, 7), (8, 8)]
    assert lines[0].prev == GENESIS and lines[1].prev == lines[0].head
    assert lines[2].head == game.log_head()
    assert lines[1].witnessed and not lines[0].witnessed and not lines[2].witnessed
    post2 = turn_post(game, 2, fmt)
    assert "Players' nonces: Anna: «blue fox»; Boris: «42»" in post2
    assert "1) Gren 1 shoots Pfc. Dawson" in post2
    assert "No players' nonces this turn" in turn_post(game, 1, fmt)
    assert "Числа игроков: Anna" in turn_post(game, 2, fmt, "ru")
    assert _check(game, text, sealed.sealing_of(game.state).commitment).ok


def test_a_copy_pasted_thread_with_wrapped_lines_still_parses():
    game, _ = witnessed_game()
    line = turn_line(game, 2).text()
    pasted = "Quote from GM, 12 May:\n" + line.replace(" head=", "\n   head=") + "\nOK!"
    assert parse_thread(pasted) == [turn_line(game, 2)]
    assert parse_thread(line.replace("head=", "head=zz")) == []


def test_a_missing_post_a_cut_tail_and_a_changed_line_are_named():
    game, _ = witnessed_game()
    full = thread(game)
    report = _check(game, thread(game, skip=2))
    assert not report.ok
    assert [p.kind for p in report.problems] == ["prev", "rolls_gap"]
    assert "post 2 (turn 3): its previous head is not post 1's head" in report.text()
    assert "rolls start at #8, after #3" in report.text()
    assert [p.kind for p in _check(game, thread(game, skip=1)).problems] == ["first_prev"]
    # the tail cut: the file loses its last line, which was posted
    cut = Game.from_meta(game.scenario, {**game.meta(), "log": []})
    for e in game.log[:-1]:
        cut.append_log(e)
    kinds = [p.kind for p in _check(cut, full).problems]
    assert "tail" in kinds
    # a line changed after it was posted: the head after it no longer matches
    changed = Game.from_meta(game.scenario, {**game.meta(), "log": []})
    for i, e in enumerate(game.log):
        changed.append_log(dataclasses.replace(e, summary="edited") if i == 1 else e)
    problems = _check(changed, full).problems
    assert [p.kind for p in problems] == ["head_at", "head_at", "head_at"]
    assert "вершина" in problems[0].text("ru") and "журнал изменён" in problems[0].text("ru")


def test_another_commitment_or_other_nonces_are_named():
    game, _ = witnessed_game()
    full = thread(game)
    assert [p.kind for p in _check(game, full, "ab" * 32).problems] == ["commitment"]
    other, _ = witnessed_game((("Anna", "blue fox"), ("Boris", "43")))
    kinds = [p.kind for p in _check(other, full).problems]
    assert "nonce_digest" in kinds
    stripped = Game.from_meta(game.scenario, {**game.meta(), "log": []})
    for e in game.log:
        stripped.append_log(e)
    del stripped.state[scheme.STATE_KEY]
    assert "witness_dropped" in [p.kind for p in _check(stripped, full).problems]


def test_every_witness_message_has_russian():
    from engine.i18n import glossary, localized
    from tests.engine.msg_scan import ROOT, scan

    ru = glossary("ru", "")
    found = scan(ROOT / "engine" / "witness", ("msg",))
    assert len(found) > 15
    assert [t for _f, _l, t in found if t not in ru] == []
    with pytest.raises(scheme.WitnessError) as e:
        scheme.nonce_digest([("Anna", "")])
    assert localized(e.value.args[0], "ru") == "число 1: пусто"
    assert set(TEXTS["ru"]) == set(TEXTS["en"])


def test_the_chain_line_pattern_covers_the_whole_line():
    import re

    from engine.witness.chain_line import PATTERN

    game, _ = witnessed_game()
    for fmt in ("bbcode", "markdown"):
        post = turn_post(game, 2, fmt, "ru")
        line = turn_line(game, 2).text()
        assert re.search(PATTERN, post).group(0) == line


def test_the_post_counts_the_lines_rolled_with_the_nonces():
    game, _ = witnessed_game()
    post = turn_post(game, 2, "text")
    assert "Resolutions declared: 2; log lines rolled with the nonces: 4" in post
    assert "Объявлено действий: 2; строк журнала с бросками на числах игроков: 4" in \
        turn_post(game, 2, "text", "ru")


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=80), st.integers(0, 10 ** 6), st.integers(0, 3))
def test_a_damaged_or_padded_thread_never_passes_as_another(junk, cut, how):
    """Any text around the posts' lines, and any one character of the thread changed,
    dropped or doubled: the thread reads back as posted, or its check against the file
    fails — a damaged line is never taken for a good one silently."""
    game, _ = _built(NONCES, 0)  # read only: the cached game itself
    lines = chain_lines(game)
    text = junk + "\n".join(format_line(x, "bbcode") for x in lines) + junk
    assert parse_thread(text) == lines and _check(game, text).ok
    i = cut % len(text)
    damaged = [text[:i] + "x" + text[i + 1:], text[:i] + text[i + 1:],
               text[:i] + text[i] + text[i:], text][how]
    got = parse_thread(damaged)
    if got != lines and _check(game, damaged).ok:
        assert got == lines[:len(got)], "only a last post lost whole may go unnoticed"



def test_a_game_without_sealed_dice_has_no_witness_lines():
    from engine.scenario_io import load_demo

    game = Game(load_demo())
    game.append_log(LogEntry(1, "gren-1", "roll", None,
                             (draw(TypedDice("4"), D6, 1, label="morale"),), "typed"))
    post = turn_post(game, 1, "bbcode")
    assert "warboard-chain" not in post and "nonces" not in post


def test_rolls_after_the_nonces_made_without_them_are_named():
    game, _ = witnessed_game(skip=2)
    assert turn_line(game, 2).first == 6 and "from=6" in turn_line(game, 2).text()
    report = _check(game, thread(game))
    assert [(p.kind, dict(p.values)["roll"]) for p in report.problems] == [
        ("before_first", 4), ("before_first", 5)]
    assert "roll #4 was derived without the players' nonces in a turn that has them" \
        in report.text()
    good, _ = witnessed_game()
    assert _check(good, thread(good)).ok
    # a file whose first roll was moved after posting: the post's from= disagrees
    assert "first_roll" in [p.kind for p in _check(game, thread(good)).problems]
