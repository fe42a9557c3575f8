"""A command line you can discover (issue 16): `warboard --help` lists every command with
its line, `warboard help [COMMAND]` answers without opening the window, and a point off the
table is warned about."""

from __future__ import annotations

import pytest

from app import cli
from app.main import main

CROSSROADS = "resources/scenarios/crossroads.json"


def test_top_level_help_lists_every_command_with_a_line(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for name in cli.COMMANDS:
        assert any(line.split()[:1] == [name] for line in lines), name
    assert {"measure", "template", "resolve", "odds", "cards"} <= set(cli.COMMANDS)
    assert "usage: warboard [FILE]" in out


def test_help_alone_is_the_same_list_not_a_file(capsys):
    assert main(["help"]) == 0
    out = capsys.readouterr().out
    assert out == cli.overview()
    assert "No such file" not in out


@pytest.mark.parametrize("name", ["measure", "resolve", "cards"])
def test_help_of_a_command_shows_its_arguments(capsys, name):
    assert main(["help", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: warboard {name}")
    assert cli.COMMANDS[name].help.split(" (")[0] in " ".join(out.split())


def test_help_of_an_unknown_command_names_the_known_ones(capsys):
    assert main(["help", "shoot"]) == 2
    err = capsys.readouterr().err
    assert "no command 'shoot'" in err and "resolve" in err


def test_a_template_off_the_table_is_warned_and_still_answered(capsys):
    assert main(["template", CROSSROADS, "blast-3", "100", "100"]) == 0
    out, err = capsys.readouterr()
    assert "no units under the template" in out
    assert "warning: X Y (100, 100) is off the 72\" × 48\" table" in err


def test_a_template_on_the_table_is_not_warned(capsys):
    assert main(["template", CROSSROADS, "blast-3", "30", "20"]) == 0
    assert capsys.readouterr().err == ""


def test_a_point_off_the_table_is_warned(capsys):
    code = main(["odds", "resources/scenarios/keno-orchard.json", "advance", "--by", "s2",
                 "--point", "-5", "30", "--option", "mode=combat"])
    err = capsys.readouterr().err
    assert "warning: --point (-5, 30) is off the" in err
    assert code in (0, 2)


def test_a_die_face_out_of_range_is_named_as_such(capsys):
    assert main(["resolve", CROSSROADS, "shoot", "--by", "gren-1", "--target", "us-1-1",
                 "--dice", "0"]) == 2
    assert "0 is not a face of a d10" in capsys.readouterr().err


def test_a_missing_role_names_its_flag_in_words(capsys):
    assert main(["odds", CROSSROADS, "tank_aim", "--by", "sherman-1"]) == 2
    err = capsys.readouterr().err
    assert "--target: Search & Aim needs the target (unit); give it with --target" in err
    assert "required" not in err
