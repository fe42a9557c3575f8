"""`warboard declare` / `warboard nonces`: a witnessed turn on the command line — the
commitment printed and saved, the nonces saved with the first roll they derive, and every
refusal naming its field (exit 2)."""

from __future__ import annotations

import json

from app import cli
from engine import sealed
from engine.gamefile import load_game, new_game_file
from engine.model import Game
from engine.scenario_io import load_demo
from engine.witness.scheme import declaration_commitment, witnesses_of
from tests.engine.test_sealed import GAME_ID, sealed_game


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.run(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_declare_then_nonces_saved_in_the_game(tmp_path, capsys):
    game, _ = sealed_game()
    path = tmp_path / "g.warboard"
    new_game_file(path, game)
    code, out, err = run(capsys, "nonces", str(path), "Anna=blue fox")
    assert code == 2 and "declarations committed first" in err
    code, out, err = run(capsys, "declare", str(path), "Gren 1 shoots", "Gren 2 shoots",
                         "--json")
    assert (code, err) == (0, "")
    want = declaration_commitment(GAME_ID, 1, ["Gren 1 shoots", "Gren 2 shoots"])
    assert json.loads(out)["commitment"] == want
    code, out, err = run(capsys, "nonces", str(path), "Anna=blue fox", "Boris=42")
    assert (code, err) == (0, ""), err
    assert "sealed rolls from #1 on derive with them" in out
    w = witnesses_of(load_game(path).state, GAME_ID)[1]
    assert w.nonces == (("Anna", "blue fox"), ("Boris", "42")) and w.first_roll == 1
    code, _, err = run(capsys, "declare", str(path), "other")
    assert code == 2 and "cannot change once the players' nonces are in" in err
    code, _, err = run(capsys, "nonces", str(path), "Anna")
    assert code == 2 and "expected PLAYER=NONCE" in err


def test_refusals_name_the_field(tmp_path, capsys):
    plain = tmp_path / "plain.warboard"
    new_game_file(plain, Game(load_demo()))
    code, _, err = run(capsys, "declare", str(plain), "x")
    assert code == 2 and "not played with sealed dice" in err
    game, _ = sealed_game()
    path = tmp_path / "g.warboard"
    new_game_file(path, game)
    code, _, err = run(capsys, "declare", str(path), "two\nlines")
    assert code == 2 and "declaration 1: holds a control character" in err
    code, _, err = run(capsys, "declare", str(path), "x", "--turn", "0")
    assert code == 2 and "--turn" in err
    code, _, err = run(capsys, "--lang", "ru", "declare", str(path), "  ")
    assert code == 2 and "объявление 1: пусто" in err
    assert sealed.sealing_of(load_game(path).state) is not None


def test_verify_posts_refusals_and_an_empty_thread(tmp_path, capsys):
    game, _ = sealed_game()
    path = tmp_path / "g.warboard"
    new_game_file(path, game)
    code, _, err = run(capsys, "verify", str(path), "--posts", str(tmp_path / "none.txt"))
    assert code == 2 and "--posts:" in err and "cannot be read" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("Nice game! Your turn.", encoding="utf-8")
    code, out, _ = run(capsys, "verify", str(path), "--posts", str(empty))
    assert code == cli.VERIFY_FAILED and "the saved thread holds no chain line" in out
    code, out, _ = run(capsys, "verify", str(path), "--commitment", "ab" * 32, "--json")
    assert code == cli.VERIFY_FAILED and not json.loads(out)["ok"]
