"""`warboard post GAME`: a turn of a saved game as the forum post the Log menu copies, in
the output's language, its headings bold unless asked for sizes; a scenario or a turn the
game has not reached is refused naming it (exit 2)."""

from __future__ import annotations

import pytest

from app import cli
from engine.gamefile import save_game
from engine.turn_post import turn_post
from tests.engine.test_turn_post_words import demo_turn


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    game = demo_turn()
    path = tmp_path_factory.mktemp("post") / "demo.warboard"
    save_game(path, game)
    return path, game


def run(capsys, *argv) -> tuple[int, str, str]:
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_post_of_a_saved_game_is_the_dialogs(capsys, saved):
    path, game = saved
    code, out, _ = run(capsys, "post", path)
    assert code == 0 and out == turn_post(game, 1, "bbcode", "en")
    assert out.startswith("[b]Crossroads at Saint-Aubin — turn 1[/b]\n")
    # the reopened game words its effects as the played one did (the log keeps them)
    assert "Pfc. Dawson: suppressed (+1), 1 wound" in out


@pytest.mark.parametrize(("argv", "head"), [
    (("--headings", "percent"), "[size=150][b]"),
    (("--headings", "scale"), "[size=5][b]"),
    (("--format", "markdown", "--headings", "percent"), "## Crossroads"),
    (("--format", "markdown"), "**Crossroads"),
    (("--format", "text", "--lang", "ru"), "Crossroads at Saint-Aubin — ход 1\n"),
])
def test_formats_headings_and_language(capsys, saved, argv, head):
    code, out, _ = run(capsys, "post", saved[0], *argv)
    assert code == 0 and out.startswith(head)


def test_a_russian_post_names_the_sides_in_russian(capsys, saved):
    code, out, _ = run(capsys, "post", saved[0], "--lang", "ru")
    assert code == 0 and "[b][u]Союзники[/u][/b]" in out and "allies" not in out


@pytest.mark.parametrize(("argv", "said"), [
    (("--turn", "3"), "--turn: expected a turn from 1 to 1, got 3"),
    (("--turn", "0"), "--turn: expected a turn from 1 to 1, got 0"),
    (("--headings", "huge"), "--headings"),
])
def test_bad_arguments_are_refused_by_name(capsys, saved, argv, said):
    code, _, err = run(capsys, "post", saved[0], *argv)
    assert code == 2 and said in err


def test_a_scenario_is_refused(capsys, tmp_path):
    from engine.scenario_io import load_demo, save_scenario

    path = tmp_path / "crossroads.json"
    save_scenario(load_demo(), path)
    code, _, err = run(capsys, "post", path)
    assert code == 2 and "expected a .warboard game file" in err
