"""One referee behind every door (issue 36): a spy on the play service (engine.play) sees
every roll the Actions dock, the Tests dock, the Turn dock, the template tool and the
`warboard` verbs make, and each roll lands in the game's log exactly once — a roll of the
app's dice as soon as it is rolled, applied or not; typed dice only when applied."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from app import cli
from engine.gamefile import load_game, save_game
from engine.model import Game
from engine.play import AppDice, TypedFaces
from engine.play import service as play_service
from engine.roll_log import roll_mark, unapplied
from engine.scenario_io import load_demo
from tests.app.test_panels_support import click, enter_dice_mode, type_dice
from tests.app.test_roll_log import aimed_window
from tests.app.test_turn_dock import setup, toy_rulesets, toy_window  # noqa: F401 (fixtures)

SHOT = ("shoot", "--by", "gren-nco", "--target", "us-1-5", "--option", "volleys=2",
        "--fact", "los=yes", "--fact", "distance_m=40")


@pytest.fixture
def spy(monkeypatch):
    """Every dice source the referee makes and every apply it does, in order."""
    seen = SimpleNamespace(rolls=[], applies=[])
    real_source, real_apply = play_service.dice_source, play_service.Referee.apply

    def dice_source(spec, game):
        seen.rolls.append(spec)
        return real_source(spec, game)

    def apply(self, plan, rolled, **kw):
        seen.applies.append(rolled.kind)
        return real_apply(self, plan, rolled, **kw)

    monkeypatch.setattr(play_service, "dice_source", dice_source)
    monkeypatch.setattr(play_service.Referee, "apply", apply)
    return seen


# --------------------------------------------------------------------------- the docks


def test_the_actions_dock_rolls_and_applies_through_the_referee(qtbot, spy):
    win = aimed_window(qtbot)
    panel, game = win.services.action_panel, win.game
    click(qtbot, panel.dice_entry.roll_button)
    assert [type(s) for s in spy.rolls] == [AppDice] and len(game.log) == 1
    assert roll_mark(game.log[0])["applied"] is False
    click(qtbot, panel.apply_button)
    assert spy.applies == ["app"] and len(game.log) == 2
    assert roll_mark(game.log[1]) == {**roll_mark(game.log[0]), "applied": True, "of": 1}
    assert unapplied(game.log) == set()


def test_typed_dice_previewed_in_the_actions_dock_are_not_rolls(qtbot, spy):
    win = aimed_window(qtbot)
    panel, game = win.services.action_panel, win.game
    enter_dice_mode(qtbot, panel)
    type_dice(qtbot, panel, [4])
    assert panel.resolution is not None and spy.rolls == [] and game.log == ()
    assert panel.dice_entry.values() == ["4"]               # shown as typed
    click(qtbot, panel.apply_button)
    assert spy.applies == ["typed"] and len(game.log) == 1
    assert roll_mark(game.log[0]) is None and game.log[0].dice[0].source == "typed"


def test_the_tests_dock_rolls_through_the_referee(qtbot, spy, toy_rulesets):  # noqa: F811
    toys = toy_rulesets
    win = toy_window(qtbot, toys, toys.SIDES, [toys.unit("fischer", "axis", x=10),
                                               toys.unit("smith", "allies", x=34)])
    game, tests = win.game, win.services.tests_dock
    game.unit("fischer").markers["shaken"] = 1
    tests.show()
    tests.raise_()
    tests.set_actor("fischer")
    tests.set_action("rally_test")
    assert tests.roll() is not None
    assert [type(s) for s in spy.rolls] == [AppDice] and len(game.log) == 1
    assert game.log[0].action == "rally_test" and roll_mark(game.log[0])["applied"] is False
    assert tests.apply() and spy.applies == ["app"] and len(game.log) == 2


def test_the_turn_dock_rolls_initiative_through_the_referee(qtbot, spy, setup):  # noqa: F811
    editor, dock = setup
    click(qtbot, dock.roll_button)
    assert [type(s) for s in spy.rolls] == [AppDice]
    assert [e.action for e in editor.game.log] == ["initiative"]
    dock.typed_dice.setChecked(True)
    dock.typed_faces.setText("1,2,3")              # one face too many: refused, not logged
    dock.roll_initiative()
    assert [type(s) for s in spy.rolls] == [AppDice, TypedFaces]
    assert len(editor.game.log) == 1


def test_the_template_tool_scatters_through_the_referee(qtbot, spy):
    from PySide6.QtCore import Qt

    from tests.app.helpers import click_board, show_window
    from tests.app.test_template_tool import scenario

    win = show_window(qtbot, scenario(), (1200, 760), fit=True)
    qtbot.keyClick(win.view, Qt.Key.Key_T)
    tool = win.tools.active
    click_board(qtbot, win, 21, 20)
    tool.settle_odds()                           # the placement's line (its odds) first
    placed = len(win.game.log)
    tool.panel.seed.setText("42")
    qtbot.mouseClick(tool.panel.scatter_button, Qt.MouseButton.LeftButton)
    assert spy.rolls == [AppDice(42, True)]
    assert len(win.game.log) == placed + 1 and win.game.log[-1].dice[0].seed == 42


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "crossroads.warboard"
    save_game(path, Game(load_demo()))
    return path


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_resolve_on_a_game_without_apply_is_logged_as_rolled(capsys, spy, game_file):
    code, out, err = run(capsys, "resolve", game_file, *SHOT)
    assert code == 0, err
    seed = int(re.search(r"replay with --seed (\d+)", out).group(1))
    assert "as rolled, not applied" in out
    log = load_game(game_file).log
    assert len(spy.rolls) == 1 and len(log) == 1 and spy.applies == []
    assert roll_mark(log[0]) == {"seed": seed, "chosen": False, "applied": False}
    assert unapplied(log) == {1}
    # a second dry run of the same shot is a re-roll of the first, both seeds named
    code, out, err = run(capsys, "resolve", game_file, *SHOT, "--seed", 7)
    log = load_game(game_file).log
    assert len(log) == 2 and roll_mark(log[1])["reroll_of"] == {"seq": 1, "seed": seed}
    assert roll_mark(log[1])["chosen"] is True
    # the one applied names its rolled entry; the first stays unapplied
    code, out, err = run(capsys, "resolve", game_file, *SHOT, "--seed", 7, "--apply",
                         "--override-cost")
    assert code == 0, err
    log = load_game(game_file).log
    assert len(log) == 4 and spy.applies == ["app"]
    assert roll_mark(log[3]) == {"seed": 7, "chosen": True, "applied": True, "of": 3}
    assert unapplied(log) == {1, 2}


def test_typed_dice_on_the_command_line_are_logged_only_when_applied(capsys, spy, game_file):
    code, _, err = run(capsys, "resolve", game_file, *SHOT, "--dice", "1,1,10,10,10,10,10,10")
    assert code == 0, err
    assert [type(s) for s in spy.rolls] == [TypedFaces] and load_game(game_file).log == ()
    code, _, err = run(capsys, "resolve", game_file, *SHOT, "--dice", "1,1,10,10,10,10,10,10",
                       "--apply", "--override-cost")
    assert code == 0, err
    log = load_game(game_file).log
    assert len(log) == 1 and roll_mark(log[0]) is None and spy.applies == ["typed"]


def test_odds_and_a_scenario_file_log_nothing(capsys, spy, game_file, tmp_path):
    code, _, err = run(capsys, "odds", game_file, *SHOT)
    assert code == 0, err
    assert spy.rolls == [] and load_game(game_file).log == ()
    from engine.scenario_io import save_scenario

    json_path = tmp_path / "crossroads.json"
    save_scenario(load_demo(), json_path)
    before = json_path.read_bytes()
    code, out, err = run(capsys, "resolve", json_path, *SHOT)
    assert code == 0, err
    assert len(spy.rolls) == 1 and "not applied" not in out
    assert json_path.read_bytes() == before       # a scenario keeps no roll log
