"""`warboard resolve` / `odds` / `cards` on the sample scenario, in process."""

from __future__ import annotations

import json
import shutil

import pytest

from app import cli
from engine.scenario_io import load_scenario
from resources.loader import resource

SAMPLE = resource("scenarios", "civil-war-vasylivka.json")


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "vasylivka.json"
    shutil.copy(SAMPLE, path)
    return path


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_sample_scenario_loads():
    s = load_scenario(SAMPLE)
    assert s.ruleset == "civil-war-company"
    assert s.group("unr").members == [f"unr-{i}" for i in range(1, 6)]
    assert s.group("pl").commander == "pl-1" and s.group("pl").state["formation"] == "open_order"


def test_odds_of_fire_with_return_fire(capsys, sample):
    code, out, err = run(capsys, "odds", sample, "fire", "--by", "unr-3", "--target", "pl-2",
                         "--return-fire", "pl-2", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert len(data["parts"]) == 2                     # the volley and the answer
    assert all(len(o["outcome"]) == 2 for o in data["outcomes"])
    assert abs(sum(o["probability"] for o in data["outcomes"]) - 1) < 1e-9
    code, out, err = run(capsys, "odds", sample, "fire", "--by", "unr-3", "--target", "pl-2",
                         "--json")
    assert json.loads(out)["facts"]["range_band"] == "long"
    assert json.loads(out)["facts"]["firing_stands"] == 5


def test_resolve_fire_applies_the_retreat(capsys, sample):
    """UNR fires at the Plastuns with CW-1's first-volley dice: one platoon lost, a
    retreat 2" directly away (the Plastuns sit north of UNR: they move north)."""
    before = load_scenario(sample)
    code, out, err = run(capsys, "resolve", sample, "fire", "--by", "unr-3", "--target",
                         "pl-2", "--dice", "4,3,2,6,5,6,2,3,6,3,5,1,1", "--apply")
    assert code == 0, err
    assert "Plastun company: 1 platoon lost" in out and 'retreats 2.0"' in out
    after = load_scenario(sample)
    ys = {u.id: u.y for u in after.units if u.id.startswith("pl-")
          and "removed" not in u.state}
    assert len(ys) == 3
    for uid, y in ys.items():
        assert y < before.unit(uid).y


def test_resolve_artillery_on_the_sample(capsys, sample):
    code, out, err = run(capsys, "resolve", sample, "artillery_fire", "--by", "white-gun",
                         "--point", "46", "10", "--seed", "4", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [s["id"] for s in data["details"]["steps"][:3]] == ["accuracy", "scatter", "template"]
    assert any(s["id"] == "template" for s in data["details"]["steps"])


def test_an_mg_cannot_use_artillery_fire(capsys, sample):
    code, _, err = run(capsys, "resolve", sample, "artillery_fire", "--by", "red-mg",
                       "--point", "20", "30", "--seed", "1")
    assert code == 2
    assert "Artillery fire applies to batteries only" in err


@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_refusal_exits_2_naming_the_argument(capsys, sample, cmd):
    """One refusal style (#9): the rules' refusal after the flag of the argument at fault,
    exit 2, nothing on stdout (it was a "Not possible" step with exit 0)."""
    dice = ["--dice", "1"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, sample, "fire", "--by", "unr-3", "--target", "unr-1",
                         *dice)
    assert (code, out) == (2, "")
    assert "--target: not possible: a company cannot fire at itself" in err
    code, out, err = run(capsys, cmd, sample, "rally", "--by", "unr-3", *dice)
    assert code == 2 and "--by: not possible: " in err and "is neither suppressed nor " \
        "fleeing" in err
    code, out, err = run(capsys, cmd, sample, "artillery_fire", "--by", "white-gun",
                         "--point", "58", "-200", *dice)
    assert code == 2 and "--point: not possible: the point is" in err, err
