"""A unit fires its own weapons (issue 38): any other is refused naming the weapon and the
unit by their names (it was KeyError: 'damage' for an infantryman given a tank's HMG)."""

from __future__ import annotations

import pytest

from app import cli
from resources.loader import resource

CROSSROADS = str(resource("scenarios", "crossroads.json"))


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_tanks_hmg_in_an_infantrymans_hands_is_refused_by_name(capsys, cmd):
    dice = ["--dice", "1,1,1"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, CROSSROADS, "shoot", "--by", "us-lt", "--target",
                         "us-1-1", "--weapon", "m4a1-sherman.roof_hmg", *dice)
    assert (code, out) == (2, "")
    assert "--weapon: not possible: Lt. Daniel Hale does not carry the .50 cal M2HB" in err
    assert "Traceback" not in err and "KeyError" not in err
    code, out, err = run(capsys, "--lang", "ru", cmd, CROSSROADS, "shoot", "--by", "us-lt",
                         "--target", "us-1-1", "--weapon", "m4a1-sherman.roof_hmg", *dice)
    assert code == 2 and "юнит стреляет только из своего оружия" in err


def test_another_tanks_mg_is_refused_too(capsys):
    code, out, err = run(capsys, "odds", CROSSROADS, "tank_mg", "--by", "sherman-1",
                         "--target", "gren-1", "--weapon", "pz4-h.coax_mg")
    assert code == 2 and "does not carry" in err


def test_own_weapons_pass_the_check(capsys):
    """His own Thompson passes (the next check, line of sight, is the rules')."""
    code, out, err = run(capsys, "odds", CROSSROADS, "shoot", "--by", "us-lt", "--target",
                         "gren-1", "--weapon", "thompson")
    assert "does not carry" not in err and "Traceback" not in err
