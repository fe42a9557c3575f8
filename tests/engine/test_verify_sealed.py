"""The verifier that needs no Warboard (resources/verify_sealed.py, standard library only)
agrees with `warboard verify --posts` on every game here: a witnessed game and its thread
pass both; a roll's faces edited in the file, a log line edited, the tail cut (with the
stored head and count made to fit), a post missing from the thread, a thread of other
nonces, and another commitment fail both."""

from __future__ import annotations

import copy
import functools
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app import cli
from engine import sealed
from engine.dice import D6, TypedDice, draw
from engine.gamefile import new_game_file
from engine.turn_post import turn_post
from tests.engine.test_sealed import PASS
from tests.engine.test_witness import thread, witnessed_game

VERIFIER = Path(__file__).resolve().parents[2] / "resources" / "verify_sealed.py"


def standalone(tmp_path: Path, game: Path, *extra: str) -> tuple[int, str]:
    """The verifier run as a player would: a bare interpreter (-I: no site packages, no
    current directory on the path), from a folder holding nothing of Warboard."""
    done = subprocess.run([sys.executable, "-I", str(VERIFIER), str(game), *extra],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    return done.returncode, done.stdout + done.stderr


def warboard(capsys, game: Path, *extra: str) -> tuple[int, str]:
    code = cli.run(["verify", str(game), *extra])
    out, err = capsys.readouterr()
    return code, out + err


def revealed_file(tmp_path: Path, nonces=None, name="g.warboard"):
    """The witnessed game with its seed revealed, in a file of its own (the reveal's key
    derivation made once per nonces)."""
    game = copy.deepcopy(_revealed(nonces))
    path = tmp_path / name
    new_game_file(path, game)
    return game, path


@functools.lru_cache(maxsize=4)
def _revealed(nonces):
    game, _ = witnessed_game() if nonces is None else witnessed_game(nonces)
    shown = sealed.reveal(sealed.sealing_of(game.state), PASS)
    game.state[sealed.STATE_KEY] = shown.to_dict()
    return game


def _edit(path: Path, sql: str, *params) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, params)
    db.close()


def both(tmp_path, capsys, path: Path, posts: str, *extra: str) -> tuple[int, int, str, str]:
    thread_file = tmp_path / "thread.txt"
    thread_file.write_text(posts, encoding="utf-8")
    a, said_a = warboard(capsys, path, "--posts", str(thread_file), *extra)
    b, said_b = standalone(tmp_path, path, "--posts", str(thread_file), *extra)
    return a, b, said_a, said_b


def test_a_good_game_and_its_thread_pass_both(tmp_path, capsys):
    game, path = revealed_file(tmp_path)
    c = sealed.sealing_of(game.state).commitment
    a, b, said_a, said_b = both(tmp_path, capsys, path, thread(game), "--commitment", c)
    assert (a, b) == (0, 0), said_a + said_b
    assert "3 posts checked against the file" in said_a and "OK: every check" in said_b


@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_other_formats_of_the_thread_pass_both(tmp_path, capsys, fmt):
    game, path = revealed_file(tmp_path)
    a, b, said_a, said_b = both(tmp_path, capsys, path, thread(game, fmt))
    assert (a, b) == (0, 0), said_a + said_b


def _faces_edited(path: Path) -> None:
    db = sqlite3.connect(path)
    seq, dice = db.execute("SELECT seq, dice FROM log WHERE turn = 2 ORDER BY seq").fetchone()
    db.close()
    rolls = json.loads(dice)
    rolls[0]["faces"] = [f % 6 + 1 for f in rolls[0]["faces"]]
    _edit(path, "UPDATE log SET dice = ? WHERE seq = ?", json.dumps(rolls), seq)


def _summary_edited(path: Path) -> None:
    _edit(path, "UPDATE log SET summary = 'nothing happened' WHERE seq = 2")


def _tail_cut(path: Path) -> None:
    db = sqlite3.connect(path)
    (n,) = db.execute("SELECT max(seq) FROM log").fetchone()
    db.close()
    from engine.gamefile import open_game
    from engine.log_chain import entry_hash

    log = open_game(path).game.log
    _edit(path, "DELETE FROM log WHERE seq = ?", n)
    _edit(path, "UPDATE meta SET value = ? WHERE key = 'log_entries'", str(n - 1))
    _edit(path, "UPDATE meta SET value = ? WHERE key = 'log_head'", entry_hash(log[-2]))


@pytest.mark.parametrize("tamper", [_faces_edited, _summary_edited, _tail_cut])
def test_a_file_edited_after_posting_fails_both(tmp_path, capsys, tamper):
    game, path = revealed_file(tmp_path)
    tamper(path)
    a, b, said_a, said_b = both(tmp_path, capsys, path, thread(game))
    assert (a, b) == (1, 1), said_a + said_b


def test_a_post_missing_from_the_thread_fails_both_and_is_named(tmp_path, capsys):
    game, path = revealed_file(tmp_path)
    a, b, said_a, said_b = both(tmp_path, capsys, path, thread(game, skip=2))
    assert (a, b) == (1, 1)
    assert "post 2 (turn 3): its previous head is not post 1's head" in said_a
    assert "post 2 (turn 3): its previous head is not post 1's head" in said_b


def test_other_nonces_or_another_commitment_fail_both(tmp_path, capsys):
    game, _ = revealed_file(tmp_path, name="a.warboard")
    _, other = revealed_file(tmp_path, (("Anna", "blue fox"), ("Boris", "43")),
                             name="b.warboard")
    a, b, said_a, said_b = both(tmp_path, capsys, other, thread(game))
    assert (a, b) == (1, 1)
    assert "nonces digest" in said_a and "another nonce digest" in said_b
    _, path = revealed_file(tmp_path, name="c.warboard")
    a, b, _, _ = both(tmp_path, capsys, path, thread(game), "--commitment", "ab" * 32)
    assert (a, b) == (1, 1)


def _standalone_module():
    """The verifier's file loaded as a module (in-process: the catalog runs it 69 times)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("verify_sealed_standalone", VERIFIER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("way", ["alone", "chain recomputed", "chain switched off"])
def test_the_standalone_agrees_on_every_edit_of_the_catalog(tmp_path, way):
    """seal's edit catalog (tests/engine/test_verify_catalog.py): every kind of edit, each
    way, fails the standalone exactly when it fails verify_game, given the same posted
    commitment (and the last post's head and roll where the catalog gives them)."""
    from tests.engine.sealed_play import played
    from tests.engine.test_verify_catalog import CATALOG, _edited, _verify

    standalone_verify = _standalone_module().verify
    game = played()
    assert standalone_verify(str(game.path), commitment=game.commitment, head=game.head,
                             last_roll=game.last_roll) == []
    disagree = []
    for kind, (edit, _named, anchors) in sorted(CATALOG.items()):
        folder = tmp_path / f"{len(disagree)}-{abs(hash(kind))}"
        folder.mkdir()
        path = _edited(folder, edit, way)
        strict = _verify(path, anchors)
        found = standalone_verify(str(path), commitment=game.commitment,
                                  head=game.head if anchors else None,
                                  last_roll=game.last_roll if anchors else None)
        if bool(found) == strict.ok:
            disagree.append(f"{kind}: verify_game {'passes' if strict.ok else 'fails'}, "
                            f"the standalone {found or 'passes'}")
    assert disagree == []


def test_a_damaged_chain_line_fails_both_named(tmp_path, capsys):
    game, path = revealed_file(tmp_path)
    rest = thread(game).split(" head=")
    damaged = " head=".join(rest[:2]) + " head=#" + " head=".join(rest[2:])  # line 2's
    a, b, said_a, said_b = both(tmp_path, capsys, path, damaged)
    assert (a, b) == (1, 1)
    assert "chain line 2 of the saved thread cannot be read" in said_a
    assert "chain line 2 of the saved thread cannot be read" in said_b


def test_rolls_after_the_nonces_made_without_them_fail_both(tmp_path, capsys):
    game, _ = witnessed_game(skip=2)
    shown = sealed.reveal(sealed.sealing_of(game.state), PASS)
    game.state[sealed.STATE_KEY] = shown.to_dict()
    path = tmp_path / "g.warboard"
    new_game_file(path, game)
    a, b, said_a, said_b = both(tmp_path, capsys, path, thread(game))
    assert (a, b) == (1, 1)
    for said in (said_a, said_b):
        assert "(turn 2): roll #4 was derived without the players' nonces" in said


def test_the_verifier_ships_with_the_program():
    """The installed package holds it (resources is a package: its modules are packaged)
    and so does the built program (build.spec ships the resources folder whole)."""
    from importlib import resources

    assert resources.files("resources").joinpath("verify_sealed.py").is_file()
    root = VERIFIER.parents[1]
    assert '"resources*"' in (root / "pyproject.toml").read_text(encoding="utf-8")
    assert 'datas = [("resources", "resources")]' in (root / "build.spec").read_text(
        encoding="utf-8")
    imports = {line.split()[1] for line in VERIFIER.read_text(encoding="utf-8").splitlines()
               if line.startswith(("import ", "from ")) and "__future__" not in line}
    assert imports <= {"argparse", "hashlib", "hmac", "json", "re", "sqlite3", "sys",
                       "unicodedata"}


def test_a_game_sealed_after_unsealed_play_verifies_from_its_first_sealed_post(tmp_path,
                                                                             capsys):
    """Turn 1 played with typed dice before the game was sealed (its post carried no chain
    line); sealed in turn 2: the thread's first chain line starts after turn 1, not at the
    chain's start, and both verifiers take it; a post missing after it is still named."""
    from engine.model import Change, Game, LogEntry, SetGameState
    from engine.play.tables import GameTable
    from engine.scenario_io import load_demo
    from tests.engine.test_sealed import GAME_ID, SEED
    from tests.engine.test_witness import _roll

    game = Game(load_demo())
    for k in range(2):
        game.append_log(LogEntry(1, "us-1-2", "morale", None,
                                 (draw(TypedDice("4"), D6, 1, label=f"morale {k}"),), "typed"))
    game.turn = 2
    sealing, seed = sealed.seal(PASS, seed=SEED, game_id=GAME_ID)
    GameTable(game).push(Change([SetGameState(sealed.STATE_KEY, sealing.to_dict())], "Seal"))
    sealed.open_session(sealing, seed, game.log)
    for k in range(2):
        _roll(game, D6, 1, f"t2 roll {k}")
    game.turn = 3
    _roll(game, D6, 1, "t3 roll")
    shown = sealed.reveal(sealing, PASS)
    GameTable(game).push(Change([SetGameState(sealed.STATE_KEY, shown.to_dict())], "Reveal"))
    path = tmp_path / "late.warboard"
    new_game_file(path, game)
    posts = [turn_post(game, t, "bbcode") for t in (2, 3)]
    a, b, said_a, said_b = both(tmp_path, capsys, path, "\n".join(posts))
    assert (a, b) == (0, 0), said_a + said_b
    a, b, said_a, said_b = both(tmp_path, capsys, path, posts[1])
    assert (a, b) == (1, 1)
    assert "its previous head" in said_a and "its previous head" in said_b
