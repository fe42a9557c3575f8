"""`warboard resolve` / `odds` on the sample scenario (keno-orchard.json), in process."""

from __future__ import annotations

import json
import shutil

import pytest

from app import cli
from engine.scenario_io import load_scenario

from .helpers import SAMPLE


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "keno.json"
    shutil.copy(SAMPLE, path)
    return path


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_sample_scenario_holds_the_kp1_forces_and_the_steel_tanks():
    s = load_scenario(SAMPLE)
    assert s.ruleset == "keno-platoon"
    assert s.group("plt1").members == ["p1", "s1", "s2", "mg"]
    assert s.group("tcoy").members == ["tplt", "tc"]
    assert all(s.unit(t).profile.startswith("steel-tank") for t in ("tc", "tp", "t1", "t2"))
    assert {u.parent for u in s.units if u.side == "steel"} == {None, "tc", "tp"}


def test_odds_of_a_comm_test_between_tanks_by_radio(capsys, sample):
    code, out, err = run(capsys, "odds", sample, "make_contact", "--by", "tp", "--target",
                         "t3", "--json")
    assert code == 0, err
    data = json.loads(out)
    got = {o["outcome"]: o["probability"] for o in data["outcomes"]}
    assert got == pytest.approx({"through": 6 / 8, "lost": 2 / 8})   # d8 > 2


def test_odds_of_a_combat_move(capsys, sample):
    code, out, err = run(capsys, "odds", sample, "advance", "--by", "s2", "--point", "26",
                         "30", "--option", "mode=combat", "--json")
    assert code == 0, err
    got = {o["outcome"]: o["probability"] for o in json.loads(out)["outcomes"]}
    assert got["reached"] == pytest.approx(21 / 36)                  # 7" away: 2d6 ≥ 7


def test_resolve_a_combat_move_applies_it_to_the_file(capsys, sample):
    code, out, err = run(capsys, "resolve", sample, "advance", "--by", "s2", "--point", "26",
                         "30", "--option", "mode=combat", "--dice", "3,4", "--apply",
                         "--override-cost")           # no initiative rolled in the file
    assert code == 0, err
    assert "Combat move (2d6)" in out and "destination reached" in out
    s2 = load_scenario(sample).unit("s2")
    assert (s2.x, s2.y) == pytest.approx((26.0, 30.0))


def test_resolve_an_impossible_contact_names_the_reason(capsys, sample):
    code, out, err = run(capsys, "resolve", sample, "make_contact", "--by", "p1", "--target",
                         "k1", "--dice", "8")
    assert code != 0
    assert "no radio or phone at both ends" in err


@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_refusal_exits_2_naming_the_argument(capsys, sample, cmd):
    """One refusal style (#9): the rules' refusal (ActionRefused, no longer a bare
    ValueError) after the flag of the argument at fault, exit 2, nothing on stdout."""
    dice = ["--dice", "1"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, sample, "rally_morale", "--by", "s2", *dice)
    assert (code, out) == (2, "")
    assert "--by: not possible: " in err and "is already Steady" in err
    code, out, err = run(capsys, cmd, sample, "remove_suppression", "--by", "s2", *dice)
    assert code == 2 and "--by: not possible: " in err and "has no suppression marker" in err
    code, out, err = run(capsys, cmd, sample, "merge_groups", "--by", "s2", "--role",
                         "other=t1", *dice)
    assert code == 2 and "--role other: not possible: another squad of the same side" in err
