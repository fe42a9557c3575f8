"""The Civil War organisation hooks: companies («рота») are the only kind of group; the check
names the rule each message serves (an MG is no platoon, a company of groups, too many
platoons, the officer's stand); the organisation is set before the battle (PROPOSED)."""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.edits import AddGroup, AddMember, EditGroup
from engine.model import Change, Game, apply_change
from engine.organisation import OrganisationRefused, kinds_offered, locked, vet_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.scenario_io import load_scenario
from resources.loader import resource

from .helpers import MG_BASE, company, game_of, unit


def sample() -> Game:
    return Game(load_scenario(resource("scenarios", "civil-war-vasylivka.json")))


def notes(game):
    return [(n.rule, n.group, n.refuse) for n in CW.check_organisation(game.scenario)]


def test_the_sample_is_in_order_and_offers_companies_only():
    game = sample()
    assert notes(game) == []
    kinds, free = kinds_offered(game)
    assert [(k.id, k.label_ru) for k in kinds] == [("company", "рота")] and not free


def test_an_mg_is_not_a_platoon():
    game = sample()
    with pytest.raises(OrganisationRefused, match=r"red-mg is a machine gun or a battery.*"
                                                  r"\(§3.2–3.3\)"):
        vet_change(game, Change([AddMember("red1", "red-mg")]))
    after = vet_change(game, Change([AddMember("red1", "red-mg")]), override=True)
    assert ("§3.2–3.3", "red1", True) in [(n.rule, n.group, n.refuse) for n in after]
    assert "red-mg" not in game.group("red1").members           # tried and put back


def test_a_company_of_groups_is_refused_and_other_kinds_are_not_offered():
    game = sample()
    with pytest.raises(OrganisationRefused, match=r"not a kind of group this ruleset has"):
        vet_change(game, Change([AddGroup({"id": "bn", "kind": "battalion",
                                           "members": ["red1", "red2"]})]))
    with pytest.raises(OrganisationRefused, match=r"made of platoon stands, not of groups"):
        vet_change(game, Change([AddGroup({"id": "bn", "kind": "company",
                                           "members": ["red1", "red2"]})]))


def test_the_check_names_its_rules():
    big = company("big", "red-army-regulars", [2 + 3 * i for i in range(7)], 10.0,
                  side="reds")
    mixed = company("mix", "red-army-regulars", [2, 5], 20.0, side="reds",
                    ids=["m-1", "m-2"])
    mixed[0][1] = unit("m-2", "plastuns", 5, 20, side="reds")     # a Plastun stand in it
    game = game_of(big, mixed, unit("mg", "red-army-mg", 40, 40, base=MG_BASE))
    game.group("big").commander = "mg"                 # a unit, but none of its stands
    got = notes(game)
    assert ("§3.1", "big", False) in got               # 7 platoons: 1–6 (PROPOSED)
    assert ("§4.5", "big", False) in got               # the officer's stand is not in it
    assert ("§3.1", "mix", False) in got               # stands of two companies
    edit = vet_change(game, Change([EditGroup("mix", {"commander": None})]))
    assert ("§4.5", "mix", False) in [(n.rule, n.group, n.refuse) for n in edit]


def test_the_organisation_is_set_before_the_battle():
    """Rolling ammunition is before the battle; the first shot logged locks it, and so
    does a stand lost."""
    game = sample()
    assert locked(game) is None
    del game.unit("red-gun").state["ammo"]
    roll = CW.context("roll_ammunition", actor=game.unit("red-gun"), game=game)
    res = roll.resolve(ScriptedDice([3]))
    apply_change(game, res.change)
    game.append_log(res.log_entry(game.turn))
    assert locked(game) is None
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-2"), game=game)
    res = ctx.resolve(ScriptedDice([6, 6, 6, 6, 6]))               # five misses
    apply_change(game, res.change)
    game.append_log(res.log_entry(game.turn))
    assert "battle has begun" in locked(game)
    with pytest.raises(OrganisationRefused, match="can no longer be edited"):
        vet_change(game, Change([EditGroup("red1", {"name": "Reds"})]))
