"""A game holding a rules reading with a value its ruleset does not offer (another version's,
or edited by hand) opens, plays and prints its cards: the reading falls back to the default
with a warning naming the reading and the value (the CLI on stderr, the Rules readings…
dialog in its message line), and OK in that dialog replaces it. Before, Rules readings… and
Print cards raised SchemaError."""

from __future__ import annotations

from engine.gamefile import new_game_file
from engine.model import Game
from engine.readings import READINGS_KEY, game_readings, readings_for, stored_reading_problems
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_demo
from tests.app.test_panels_support import open_window

SCENARIO = "keno-orchard.json"


def bad_game() -> Game:
    game = Game(load_demo(SCENARIO))
    game.state[READINGS_KEY] = {"initiative_die": "d1000-of-doom"}
    return game


def test_the_default_is_read_and_the_reading_named():
    game = bad_game()
    rs = get_ruleset(game.scenario.ruleset)
    assert readings_for(rs, game)["initiative_die"] == rs.option_values()["initiative_die"]
    [problem] = stored_reading_problems(rs, game)
    assert "Initiative die" in problem and "'d1000-of-doom'" in problem
    assert "the default 'best_quality' is used" in problem


def test_print_cards_from_the_command_line_warns_and_prints(qapp, tmp_path, capsys):
    from app import cli

    path = tmp_path / "bad.warboard"
    new_game_file(path, bad_game())
    out = tmp_path / "cards.pdf"
    assert cli.run(["cards", str(path), "-o", str(out)]) == 0, capsys.readouterr().err
    err = capsys.readouterr().err
    assert "warning" in err and "Initiative die" in err and "d1000-of-doom" in err
    assert out.exists()


def test_the_readings_dialog_opens_says_so_and_ok_replaces_it(qtbot):
    from app.panels.readings_dialog import open_readings

    win = open_window(qtbot, load_demo(SCENARIO), centre=(24, 24))
    win.game.state[READINGS_KEY] = {"initiative_die": "d1000-of-doom"}
    dialog = open_readings(win)
    assert dialog.message.isVisibleTo(dialog)
    assert "d1000-of-doom" in dialog.message.text()
    assert dialog.apply() is True
    assert game_readings(win.game) == {}
