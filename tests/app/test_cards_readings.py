"""Cards print the game's rules readings: Iron Hearts' sprint read as 3 × 15 m (§4.A-8)
shows on the card when the game (Game ▸ Rules readings…, saved in the .warboard file) or
`warboard cards --rule` says so; the default prints the rules' 50 m."""

from __future__ import annotations

from engine.gamefile import save_game
from engine.library import Library
from engine.model import Game, apply_change
from engine.readings import readings_change
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from tests.app.test_cards import has, pdf_text


def test_a_games_sprint_reading_is_on_the_card(qapp, tmp_path, capsys):
    from app.cli import run

    lib = tmp_path / "lib.sqlite"
    Library(lib).close()
    game = Game(load_demo())
    path = tmp_path / "g.warboard"
    save_game(path, game)
    out = tmp_path / "plain.pdf"
    argv = ["cards", str(path), "--units", "us-1-1", "--size", "sleeve", "--library", str(lib)]
    assert run([*argv, "-o", str(out)]) == 0
    assert has(pdf_text(out), '15 m (6") 30 m (12") 50 m (20")')
    apply_change(game, readings_change(get_ruleset("iron-hearts"), game, {"sprint": "45m"}))
    save_game(path, game)
    out = tmp_path / "read.pdf"
    assert run([*argv, "-o", str(out)]) == 0
    assert has(pdf_text(out), '15 m (6") 30 m (12") 45 m (18")')
    out = tmp_path / "over.pdf"
    assert run([*argv, "--rule", "sprint=50m", "-o", str(out)]) == 0
    assert has(pdf_text(out), '15 m (6") 30 m (12") 50 m (20")')
    assert run([*argv, "--rule", "sprint=40m", "-o", str(out)]) == 2
    assert "--rule iron-hearts.options.sprint: expected one of 50m | 45m" in \
        capsys.readouterr().err
