"""`warboard resolve` / `odds` on the Boets sample scenario, in process: two allied players
on one side, a legal organisation, a grenade's odds over friend and foe, a Leadership test
applied and logged."""

from __future__ import annotations

import json
import shutil

import pytest

from app import cli
from engine.rulesets.boets_sci_fi import RULESET as BF
from engine.rulesets.boets_sci_fi.organisation import check_organisation
from engine.scenario_io import load_scenario
from resources.loader import resource

SAMPLE = resource("scenarios", "boets-velian-ridge.json")


@pytest.fixture
def sample(tmp_path):
    path = tmp_path / "ridge.json"
    shutil.copy(SAMPLE, path)
    return path


def run(capsys, *argv):
    code = cli.run([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_sample_has_two_allied_players_on_one_side_and_a_legal_organisation():
    s = load_scenario(SAMPLE)
    assert s.ruleset == BF.id
    assert {u.extra.get("player") for u in s.units if u.side == "polaris"} == {"P1", "P2"}
    assert s.group("cy-pl").commander == "cy-a-2" and s.group("cy-pl").deputy == "cy-b-1"
    assert [f for f in check_organisation(s, BF.profiles) if f.level == "error"] == []


def test_odds_of_a_grenade_include_friends(capsys, sample):
    code, out, err = run(capsys, "odds", sample, "template_fire", "--by", "cl-3",
                         "--role", "weapon=grenade", "--role", "point=30,33", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert abs(sum(o["probability"] for o in data["outcomes"]) - 1) < 1e-9
    assert "friends" in data["parts"]


def test_resolve_a_leadership_test_with_the_commanders_ldr(capsys, sample):
    code, out, err = run(capsys, "resolve", sample, "leadership_test", "--by", "cy-b-3",
                         "--dice", "8")
    assert code == 0, err
    assert "pass" in out and "commander's ЛДР" in out


def test_resolve_fire_and_apply(capsys, sample):
    code, out, err = run(capsys, "resolve", sample, "fire", "--by", "cl", "--target", "vm-2",
                         "--dice", ",".join(["15"] * 5 + ["20"] * 5), "--apply",
                         "--override-cost")
    assert code == 0, err
    assert "house rule" in out.lower() or "PROPOSED" in out
    after = load_scenario(sample)
    assert "removed" in after.unit("vm-2").state or not any(
        u.id == "vm-2" for u in after.units)


def test_resolve_in_russian_prints_the_rules_terms(capsys, sample):
    code, out, err = run(capsys, "--lang", "ru", "resolve", sample, "template_fire", "--by",
                         "cl-1", "--weapon", "grenade", "--point", "24", "38",
                         "--option", "bearing=180", "--dice", "8,20,1,1,1,1,1")
    assert code == 0, err
    assert "Оружие с шаблоном — Sgt. Clone-7" in out
    assert "Пробитие: Lt. Vance (свой)" in out and "Граната: под шаблоном 6, убито 0" in out
    assert "домашнее правило (§8), не из источника" in out
    code, out, err = run(capsys, "--lang", "ru", "resolve", sample, "leadership_test", "--by",
                         "cy-b-3", "--dice", "8")
    assert "Тест на Лидерство — Cyb. Eske" in out and "ЛДР командира, 2nd cyber squad" in out
    assert "Итог: Cyb. Eske: Лидерство — пройден" in out


@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_refusal_exits_2_naming_the_argument(capsys, sample, cmd):
    """One refusal style (#9): the rules' refusal after the flag of the argument at fault,
    exit 2, nothing printed on stdout (it was a "Not possible" step with exit 0)."""
    dice = ["--dice", "1"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, sample, "fire", "--by", "cl", "--target", "cy-a-1",
                         *dice)
    assert (code, out) == (2, "")
    assert "--target: not possible: the target is a friend" in err
    code, out, err = run(capsys, cmd, sample, "template_fire", "--by", "cl-3", "--weapon",
                         "grenade", "--point", "60", "5", *dice)
    assert code == 2 and "--point: not possible: aim point" in err and "beyond Дальн" in err
    code, out, err = run(capsys, cmd, sample, "takeover_test", "--by", "cl-3", *dice)
    assert code == 2 and "--by: not possible: Clone-19 has no command to take over" in err


@pytest.mark.parametrize("value", [2.0, "2", True])
@pytest.mark.parametrize("cmd", ["resolve", "odds"])
def test_a_table_step_other_than_the_rulesets_is_refused_by_name(capsys, sample, cmd, value):
    """A scenario's `table.inches_per_step` was accepted and ignored (issue 38): the step
    is one length for every Boets game, so any other value is refused, naming the field."""
    data = json.loads(sample.read_text(encoding="utf-8"))
    data["table"]["inches_per_step"] = value
    sample.write_text(json.dumps(data), encoding="utf-8")
    dice = ["--dice", "8"] if cmd == "resolve" else []
    code, out, err = run(capsys, cmd, sample, "leadership_test", "--by", "cy-b-3", *dice)
    assert (code, out) == (2, "")
    assert "table.inches_per_step" in err and 'the step is 1"' in err
    assert "Traceback" not in err
    code, out, err = run(capsys, "--lang", "ru", cmd, sample, "leadership_test", "--by",
                         "cy-b-3", *dice)
    assert code == 2 and "уберите это поле из сценария" in err


def test_a_table_step_equal_to_the_rulesets_plays(capsys, sample):
    data = json.loads(sample.read_text(encoding="utf-8"))
    data["table"]["inches_per_step"] = 1
    sample.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "resolve", sample, "leadership_test", "--by", "cy-b-3",
                         "--dice", "8")
    assert code == 0, err
