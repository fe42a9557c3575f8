"""Sealed dice (engine/sealed.py): a committed seed, numbered rolls derived from it, the seed
kept encrypted under the game master's passphrase, and a verification that names every roll
that was altered, removed or comes from another seed."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import sealed
from engine.dice import D6, D10, D20, DiceError, Die, RandomDice, RollRecord, TypedDice, draw
from engine.facts import facts_for
from engine.model import Game, LogEntry
from engine.rulesets.iron_hearts import RULESET as IH
from engine.scenario_io import load_demo

PASS = "correct horse"
#: Fixed seeds, so the findings below are exact: WRONG_SEED gives other faces than SEED for
#: every one of the ten rolls of `_ten_exact`.
SEED = "5eed" * 16
WRONG_SEED = "00" * 32
GAME_ID = "test-game"


def sealed_game() -> tuple[Game, str]:
    game = Game(load_demo())
    sealing, seed = sealed.seal(PASS, seed=SEED, game_id=GAME_ID)
    game.state[sealed.STATE_KEY] = sealing.to_dict()
    sealed.open_session(sealing, seed, game.log)
    return game, seed


def shoot(game: Game, actor: str, target: str) -> LogEntry:
    facts = facts_for(game.scenario, "shoot", actor, target, ruleset=IH)
    ctx = IH.context("shoot", actor=game.unit(actor), target=game.unit(target), facts=facts,
                     game=game)
    res = ctx.resolve(sealed.app_dice(game))
    entry = res.log_entry(game.turn)
    game.append_log(entry)
    return entry


def _ten_exact() -> tuple[Game, str]:
    """A sealed game of ten sealed rolls (d6, d10, d20; one or two dice) with one typed
    roll among them."""
    game, seed = sealed_game()
    dice = sealed.app_dice(game)
    for k in range(10):
        die = (D6, D10, D20)[k % 3]
        rec = draw(dice, die, 1 + k % 2, label=f"roll {k + 1}")
        game.append_log(LogEntry(1, "gren-1" if k % 2 else None, "roll", None, (rec,),
                                 f"roll {k + 1}"))
        if k == 4:
            typed = draw(TypedDice("4"), D6, 1, label="morale")
            game.append_log(LogEntry(1, "us-1-2", "morale", None, (typed,), "typed"))
    return game, seed


def rolls_of(game: Game) -> list[RollRecord]:
    return [r for e in game.log for r in e.dice if r.source == "sealed"]


def test_commitment_is_sha256_of_seed_and_game_id():
    import hashlib

    seed = "ab" * 32
    want = hashlib.sha256(b"warboard-sealed-v2\ngame-1\n" + bytes.fromhex(seed)).hexdigest()
    assert sealed.commitment(seed, "game-1") == want
    old = hashlib.sha256(b"warboard-sealed-v1\ngame-1\n" + bytes.fromhex(seed)).hexdigest()
    assert sealed.commitment(seed, "game-1", 1) == old
    assert sealed.commitment(seed, "game-2") != want
    with pytest.raises(sealed.SealedError, match="64 hexadecimal digits"):
        sealed.commitment("1234", "game-1")


def test_rolls_are_numbered_and_fixed_by_their_number():
    game, seed = sealed_game()
    gid = sealed.sealing_of(game.state).game_id
    dice = sealed.app_dice(game)
    a = draw(dice, D10, 3, label="hit")
    b = draw(dice, D6, 1, label="morale")
    assert (a.source, a.roll, a.seed, b.roll) == ("sealed", 1, None, 2)
    assert a.faces == sealed.sealed_faces(seed, gid, 1, D10, 3)
    assert a.source_text == "sealed, roll #1"
    assert RollRecord.from_dict(a.to_dict()) == a
    assert "roll" not in draw(RandomDice(3), D6, 1, label="x").to_dict()  # others unchanged


@settings(max_examples=30, deadline=None)
@given(sides=st.integers(1, 1000), n=st.integers(0, 40), roll=st.integers(1, 10 ** 6))
def test_sealed_faces_are_faces_of_the_die(sides, n, roll):
    faces = sealed.sealed_faces("cd" * 32, "g", roll, Die(sides), n)
    assert len(faces) == n and all(1 <= f <= sides for f in faces)


def test_sealed_faces_are_uniform():
    counts = Counter(f for k in range(1, 3001)
                     for f in sealed.sealed_faces("01" * 32, "g", k, D6, 2))
    assert set(counts) == set(range(1, 7))
    assert max(counts.values()) - min(counts.values()) < 200  # 6000 faces, ~1000 each


def test_the_seed_is_kept_encrypted_under_the_passphrase():
    sealing, seed = sealed.seal(PASS)
    stored = str(sealing.to_dict())
    assert seed not in stored and "revealed" not in stored
    assert sealed.unlock(sealing, PASS) == seed
    with pytest.raises(sealed.SealedError, match="not the one"):
        sealed.unlock(sealing, "wrong passphrase")
    with pytest.raises(sealed.SealedError, match="at least 10"):
        sealed.seal("short")
    shown = sealed.reveal(sealing, PASS)
    assert shown.revealed == seed and sealed.Sealing.from_dict(shown.to_dict()) == shown


def test_a_locked_sealed_game_refuses_app_dice_but_not_typed():
    game, _ = sealed_game()
    sealed.lock(game.state)
    with pytest.raises(DiceError, match="unlock the seed"):
        sealed.app_dice(game)
    assert isinstance(sealed.app_dice(Game(load_demo()), 5), RandomDice)


def test_rolls_go_on_after_the_log_when_unlocked_again():
    game, seed = _ten_exact()
    sealing = sealed.sealing_of(game.state)
    sealed.lock(game.state)
    sealed.open_session(sealing, sealed.unlock(sealing, PASS), game.log)
    assert draw(sealed.app_dice(game), D6, 1, label="next").roll == 11


def test_a_sealed_game_of_ten_rolls_verifies():
    game, seed = _ten_exact()
    assert len(rolls_of(game)) == 10
    report = sealed.verify(game.log, sealed.sealing_of(game.state), seed)
    assert report.ok, report.text()
    assert (report.rolls, report.typed) == (10, 1)
    assert report.text().endswith("10 sealed rolls verified, none missing; 1 typed")


def test_resolutions_with_sealed_dice_verify():
    game, seed = sealed_game()
    for target in ("us-1-1", "us-1-2", "us-1-3"):
        shoot(game, "gren-1", target)
    # a rolled-then-applied resolution logs the same rolls twice: that is one roll each
    game.append_log(dataclasses.replace(game.log[-1], summary="applied"))
    report = sealed.verify(game.log, sealed.sealing_of(game.state), seed)
    assert report.ok and report.rolls == len(rolls_of(game)) - len(game.log[-1].dice)


def test_an_altered_roll_is_named():
    game, seed = _ten_exact()
    log = list(game.log)
    e = log[3]
    r = e.dice[0]
    bad = dataclasses.replace(r, faces=tuple(f % r_sides(r) + 1 for f in r.faces))
    log[3] = dataclasses.replace(e, dice=(bad,))
    report = sealed.verify(log, sealed.sealing_of(game.state), seed)
    assert not report.ok and report.commitment_ok
    assert [(p.kind, p.roll, p.seq) for p in report.problems] == [("mismatch", 4, 4)]
    assert report.problems[0].message.startswith("roll #4 (log line 4, roll 4 d6): logged")


def r_sides(r: RollRecord) -> int:
    return int(r.die[1:])


def test_a_removed_roll_is_named():
    game, seed = _ten_exact()
    log = [e for e in game.log if not (e.dice and e.dice[0].roll == 7)]
    report = sealed.verify(log, sealed.sealing_of(game.state), seed)
    assert not report.ok
    assert [(p.kind, p.roll) for p in report.problems] == [("missing", 7)]
    assert "roll #7 missing: made and not in the log" in report.text()


def test_a_wrong_seed_fails_the_commitment_and_every_roll():
    game, seed = _ten_exact()
    report = sealed.verify(game.log, sealed.sealing_of(game.state), WRONG_SEED)
    assert not report.commitment_ok and not report.ok
    assert "does NOT match" in report.text()
    assert [(p.kind, p.roll) for p in report.problems] == [("mismatch", k)
                                                          for k in range(1, 11)]


def test_a_duplicated_number_with_other_faces_and_an_unnumbered_roll():
    game, seed = _ten_exact()
    log = list(game.log)
    r = log[0].dice[0]
    log.append(LogEntry(1, None, "roll", None,
                        (dataclasses.replace(r, faces=(r.faces[0] % 6 + 1,)),
                         dataclasses.replace(r, roll=None))))
    kinds = sorted(p.kind for p in sealed.verify(log, sealed.sealing_of(game.state),
                                                  seed).problems)
    assert kinds == ["duplicate", "unnumbered"]


@pytest.mark.parametrize("number", [10 ** 7, 10 ** 12])
def test_a_huge_roll_number_is_one_finding_not_a_list_that_long(number):
    """A hostile log line numbered 10⁷ or 10¹²: the numbers it skips are one finding (the
    verify used to build a list of every one, and ran out of memory)."""
    game, seed = _ten_exact()
    log = list(game.log)
    e = log[-1]
    log[-1] = dataclasses.replace(e, dice=(dataclasses.replace(e.dice[0], roll=number),))
    report = sealed.verify(log, sealed.sealing_of(game.state), seed)
    assert [(p.kind, p.roll) for p in report.problems] == [("missing_run", 10),
                                                          ("mismatch", number)]
    run = report.problems[0]
    assert f"rolls #10–#{number - 1} missing ({number - 10})" in run.message
    assert "пропущены" in run.text("ru")


def test_a_roll_numbered_below_one_is_named():
    game, seed = _ten_exact()
    log = list(game.log)
    e = log[0]
    log[0] = dataclasses.replace(e, dice=(dataclasses.replace(e.dice[0], roll=-5),))
    report = sealed.verify(log, sealed.sealing_of(game.state), seed)
    assert [(p.kind, p.roll) for p in report.problems] == [("bad_number", -5), ("missing", 1)]
    assert "numbered -5; numbers start at 1" in report.problems[0].message
