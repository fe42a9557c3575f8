"""The Boets turn as data (§4.2), its start-of-turn triggers (§4.1-7, §4.5, §4.6), the
organisation limits (§4.1-2, §4.A-4), the flamer (§4.9-4) and the armlist data (§3)."""

from __future__ import annotations

import pytest

from engine import triggers
from engine.costs import refusal
from engine.dice import ScriptedDice
from engine.model import Change, RemoveUnit, apply_change
from engine.options import SchemaError, validate_record
from engine.rulesets.boets_sci_fi import RULESET as BF
from engine.rulesets.boets_sci_fi.data import ARMLIST, COLUMNS, armlists, weapons
from engine.rulesets.boets_sci_fi.manoeuvre import coherency_violators
from engine.rulesets.boets_sci_fi.organisation import check_organisation
from engine.rulesets.boets_sci_fi.turn_hooks import flags
from engine.turns import roll_initiative

from .helpers import fighter, game_of, group, squad

S = BF.turn_structure


def test_the_turn_is_manoeuvre_then_fire_with_allies_and_a_d20_once():
    assert (S.kind, S.phases, S.allies) == ("sides", ("manoeuvre", "fire"), True)
    assert (S.initiative.die.name, S.initiative.when) == ("d20", "once")
    assert "initiative_die" in S.proposed


def test_a_unit_under_three_tests_at_the_turn_start_and_holds_on_failure():
    pair = squad("pr", "cyber_infantry", 2, 10, 30)
    lone = fighter("lone", "clone_infantry", 20, 30)
    lord = fighter("lord", "lord", 25, 30)
    en = squad("en", "velian_militia", 3, 10, 10, side="raiders")
    game = game_of(pair, lone, lord, en)
    roll = roll_initiative(game, S, ScriptedDice([18, 3]))
    apply_change(game, roll.change)
    due = {(d["unit"], d["test"]) for d in triggers.due(game)}
    assert due == {("pr-1", "small_unit_test"), ("lone", "small_unit_test")}  # not the Lord
    res = BF.context("small_unit_test", actor=game.unit("pr-1"), game=game).resolve(
        ScriptedDice([4]))                                   # commander ЛДР 8: 4 fails
    assert res.summary == "pr-1 holds: no move or fire this turn (§8-7)"
    apply_change(game, res.change)
    assert flags(game, game.unit("pr-2")) == ("holds",)
    mv = BF.context("move", actor="pr", game=game, roles={"point": (10, 28)})
    assert refusal(mv).startswith("pr-1 cannot act: a unit under 3 failed")


def test_the_commander_lost_and_panic_show_in_the_turn_docks_flags():
    sq = squad("sq", "cyber_infantry", 4, 10, 30)
    game = game_of(sq)
    apply_change(game, Change([RemoveUnit("sq-1", "killed")], "killed"))
    assert flags(game, game.unit("sq-2")) == ("commander lost",)
    game.group("sq").state.update(prone=True, panicking=True)
    assert flags(game, game.unit("sq-2")) == ("prone, ББ −2", "in Panic", "commander lost")


def test_company_size_warns_beyond_30_with_four_platoons_or_refuses_when_strict():
    parts, pls = [], []
    for p in range(4):
        a = squad(f"p{p}a", "clone_infantry", 4, 2 + p * 10, 30)
        b = squad(f"p{p}b", "clone_infantry", 5, 2 + p * 10, 32)
        pl = group(f"pl{p}", "platoon", [a[1], b[1]], commander=f"p{p}a-1")
        parts += [a, b, pl]
        pls.append(pl)
    coy = group("coy", "company", pls, commander="p0a-1")
    game = game_of(*parts, coy)
    found = check_organisation(game.scenario, BF.profiles)
    assert [(f.level, f.message) for f in found] == [
        ("warning", "coy: 36 figures, more than 30 (allowed with 4 platoons, §4.A-4)")]
    strict = check_organisation(game.scenario, BF.profiles, company_size="strict")
    assert [f.message for f in strict] == ["coy: a company has 12–30 figures, not 36 "
                                           "(§4.1-2, §4.A-4)"]


def test_coherency_is_a_chain_of_one_step_links():
    units = [fighter(f"f{i}", "cyber_infantry", x, 10) for i, x in enumerate((0, 1, 2, 5))]
    assert coherency_violators(units, 1.0) == ["f3"]
    assert coherency_violators(units, 1.0, "edge") == ["f3"]   # 5 − 2 − 0.98 > 1
    assert coherency_violators(units[:3], 1.0) == []


def test_the_flamer_lies_from_the_base_edge_and_burns_friends_too():
    me = fighter("me", "clone_infantry", 10, 30)
    fr = fighter("fr", "clone_infantry", 10, 27)                 # a friend in the way
    en = fighter("en", "velian_militia", 10, 25, side="raiders")
    game = game_of(me, fr, en)
    c = BF.context("template_fire", actor=game.unit("me"), game=game,
                   roles={"weapon": "flamer", "point": (10, 20)})
    res = c.resolve(ScriptedDice([20, 20]))
    assert [s.label for s in res.steps[1:]] == ["Penetration: en", "Penetration: fr (friend)"]
    assert "from me's base edge" in res.step("template").outcome
    off = BF.context("template_fire", actor=game.unit("me"), game=game,
                     roles={"weapon": "flamer", "point": (10, 20)},
                     rules={"flamer_hits_friends": False})
    assert [s.label for s in off.resolve(ScriptedDice([20])).steps[1:]] == ["Penetration: en"]
    assert set(c.odds().parts) == {"friends"}


def test_armlists_carry_russian_names_and_their_proposed_columns():
    recs = armlists()
    assert set(recs) == {"velian_militia", "cyber_infantry", "clone_infantry",
                         "invasion_cyborg", "advisor", "lord"}
    assert recs["velian_militia"]["name_ru"] == "Велианская планетарная милиция (новая)"
    assert recs["velian_militia"]["special"] == ["jump_pack"]
    assert all(r["proposed"] for r in recs.values())
    assert {r["independent"] for k, r in recs.items()
            if k in ("invasion_cyborg", "advisor", "lord")} == {True}
    assert [COLUMNS[k][1] for k in ("ldr", "speed", "range", "shots", "power",
                                    "melee_strength", "toughness", "armour")] == \
        ["ЛДР", "Ск", "Дальн", "Скр", "М", "ББ", "Стк", "Бр"]
    assert weapons()["grenade"]["name_ru"] == "Граната"
    bad = dict(recs["lord"], ldr=0)
    with pytest.raises(SchemaError, match="ldr"):
        validate_record(bad, ARMLIST, "armlists.lord")


def test_every_ambiguity_is_an_option_with_its_reason():
    reasons = {o.reason for o in BF.options}
    assert {f"§4.A-{n}" for n in (2, 4, 5, 6, 7, 8, 9, 10, 12, 13, 15, 17, 18, 19, 20)} <= \
        reasons
    assert BF.inches_per_step == 1.0 and BF.distance_unit == "step"


def test_organisation_findings_name_their_rule_and_lone_independents_are_legal():
    from engine.scenario import Group

    cy = [fighter(f"c{i}", "invasion_cyborg", 10 + i, 10) for i in range(2)]
    mil = [fighter(f"m{i}", "velian_militia", 20 + i, 10) for i in range(2)]
    lord = fighter("lord", "lord", 30, 10)
    game = game_of(*cy, *mil, lord, Group("pack", "unit", ["c0", "c1"]),
                   Group("pair", "unit", ["m0", "m1"]))
    found = {(f.where, f.rule) for f in check_organisation(game.scenario, BF.profiles)}
    # the cyborg pack and the Lord stand alone; the militia pair tests every turn
    assert found == {("pair", "§4.1-7")}
    mixed = squad("mx", "cyber_infantry", 3, 10, 30)
    mixed[1].members.append("lord")
    game = game_of(mixed, lord)
    (f, *_) = check_organisation(game.scenario, BF.profiles)
    assert (f.rule, f.mixes_armlists, f.level) == ("§4.1-1", True, "error")


def test_the_organisation_is_locked_once_the_battle_has_started():
    from engine.rulesets.boets_sci_fi.organisation import organisation_locked

    game = game_of(squad("sq", "cyber_infantry", 3, 10, 30),
                   squad("en", "velian_militia", 3, 10, 10, side="raiders"))
    assert organisation_locked(game) is None
    apply_change(game, roll_initiative(game, S, ScriptedDice([18, 3])).change)
    assert organisation_locked(game) == (
        "the battle has started (who goes first was rolled on turn 1): the organisation is "
        "fixed before the game (§4.1-3)")


def test_every_action_option_role_and_step_label_has_a_russian_name():
    from engine.rulesets.boets_sci_fi.data import glossary_ru

    ru = glossary_ru()
    labels = {a.label for a in BF.actions} | {a.doc for a in BF.actions}
    labels |= {r.label for a in BF.actions for r in a.roles}
    labels |= {o.label for o in BF.options} | {o.label for a in BF.actions for o in a.options}
    labels |= {"squad", "platoon", "company", "unit", "pass", "fail"}
    # the steps and flags the sample's actions show (fire, a move, a test; a refusal is
    # ActionRefused now, #9, not a step)
    game = game_of(squad("me", "cyber_infantry", 3, 10, 30),
                   squad("en", "velian_militia", 3, 10, 22, side="raiders"))
    for c, faces in ((BF.context("fire", actor="me", game=game, target=game.unit("en-1")),
                      [20] * 12),
                     (BF.context("move", actor="me", game=game, roles={"point": (10, 28)}),
                      []),
                     (BF.context("leadership_test", actor=game.unit("me-2"), game=game), [9])):
        res = c.resolve(ScriptedDice(faces))
        labels |= {s.label for s in res.steps} | {r for s in res.steps for r in s.results}
    game.group("me").state.update(prone=True, panicking=True)
    labels |= set(flags(game, game.unit("me-2")))
    missing = labels - set(ru)
    assert not missing, missing
    assert all(v and not v.isascii() for v in ru.values())
