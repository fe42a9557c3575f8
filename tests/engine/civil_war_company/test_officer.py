"""The company officer (§4.5, §4.A-2, §4.A-23): a killed officer stays dead — the next
SERIOUS and FEAR tests have no +1 — and the orders of the officer death tests and the
FEAR tests of one volley, the platoon-by-platoon reading among them."""

from __future__ import annotations

from fractions import Fraction

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.i18n import localized
from engine.model import apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.aftermath import Morale, roll_aftermath
from engine.rulesets.civil_war_company.companies import company_of
from engine.rulesets.civil_war_company.options import OPTIONS

from .helpers import company, game_of

#: UNR's volley of CW-1 (5 hit dice, 2 result dice, 1 cover die: one platoon lost, one
#: Retreat), then the Plastuns' retreat test 6+3 (fails), officer death test 1 (killed),
#: FEAR test for the platoon 1+1, FEAR test for the officer 2+2.
VOLLEY = [4, 3, 2, 6, 5, 6, 2, 3]
OFFICER_KILLED = [6, 3, 1, 1, 1, 2, 2]


def _board():
    unr = company("unr", "unr-infantry", [14, 17, 20, 23, 26], 36.0, side="unr",
                  facing=270)
    pl = company("pl", "plastuns", [15.5, 18.5, 21.5, 24.5], 24.0, side="whites",
                 prone=True, formation="open_order")
    return game_of(unr, pl)


def _volley(game, dice):
    facts = facts_for(game.scenario, "fire", "unr-3", "pl-1", ruleset=CW)
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-1"),
                     facts=facts, game=game)
    return ctx.resolve(dice)


def test_a_killed_officer_stays_dead():
    """§4.5-2: the +1 is lost with the officer. The next SERIOUS test is 2d6 ≤ 7 (7/12),
    not 2d6 ≤ 8 (13/18)."""
    game = _board()
    dice = ScriptedDice(VOLLEY + OFFICER_KILLED)
    res = _volley(game, dice)
    dice.check_exhausted()
    assert res.step("pl.officer").outcome == "officer killed"
    apply_change(game, res.change)
    pl = company_of(game.unit("pl-1"), CW.profile_of(game.unit("pl-1")), game)
    assert pl.officer is False
    assert game.scenario.group("pl").state["officer"] is False     # kept, not cleared
    ctx = CW.context("suppression_test", actor=game.unit("pl-1"), game=game)
    assert ctx.odds().probability("pass") == Fraction(7, 12)
    step = ctx.resolve(ScriptedDice([4, 4])).step("suppression")
    assert step.target == 7 and step.results == ("suppressed",)


PLASTUNS = Morale(id="pl", name="Plastuns", serious=7, fear=6, stands=4)


def _losses(order: str, faces: list[int]):
    dice = ScriptedDice(faces)
    out = roll_aftermath(dice, PLASTUNS, {"officer_test_order": order}, lost=2)
    dice.check_exhausted()
    return out, {s.id: s for s in out.steps}


def test_by_platoon_each_platoons_officer_test_then_its_fear_test():
    """§4.A-23 by_platoon: platoon 1's officer test (4: survives), its FEAR test with the
    +1 (7 ≤ 7), platoon 2's officer test (1: killed), its FEAR test without (7 > 6: flees),
    then the FEAR test for the officer (§4.5-2)."""
    out, steps = _losses("by_platoon", [4, 3, 4, 1, 3, 4, 1, 1])
    assert list(steps) == ["pl.officer.1", "pl.fear.1", "pl.officer.2", "pl.fear.2",
                           "pl.fear_officer"]
    assert steps["pl.fear.1"].target == 7 and steps["pl.fear.1"].results == ("pass",)
    assert steps["pl.fear.2"].target == 6 and steps["pl.fear.2"].results == ("flees",)
    assert steps["pl.fear_officer"].target == 6
    assert out.officer_killed and out.routed


def test_by_platoon_a_dead_officer_is_not_tested_again():
    out, steps = _losses("by_platoon", [1, 3, 3, 3, 3, 2, 2])
    assert list(steps) == ["pl.officer.1", "pl.fear.1", "pl.fear.2", "pl.fear_officer"]
    assert steps["pl.fear.1"].target == 6 and not out.routed


def test_the_other_orders_read_the_same_faces_differently():
    """officer_first and fear_first: one officer step for both platoons, the FEAR tests
    before or after it (the +1 kept or lost)."""
    _, first = _losses("officer_first", [4, 1] + [3, 4, 3, 4] + [1, 1])
    assert list(first) == ["pl.officer", "pl.fear", "pl.fear_officer"]
    assert first["pl.fear"].target == 6
    _, fear = _losses("fear_first", [3, 4, 3, 4, 4, 1, 1, 1])
    assert list(fear) == ["pl.fear", "pl.officer", "pl.fear_officer"]
    assert fear["pl.fear"].target == 7


def test_a_single_lost_platoon_reads_the_same_in_every_order():
    for order in ("officer_first", "by_platoon"):
        dice = ScriptedDice([5, 3, 3])
        out = roll_aftermath(dice, PLASTUNS, {"officer_test_order": order}, lost=1)
        assert [s.id for s in out.steps] == ["pl.officer", "pl.fear"]


def test_the_reading_is_an_ambiguous_option_with_the_documented_default():
    opt = next(o for o in OPTIONS if o.id == "officer_test_order")
    assert opt.default == "officer_first" and opt.reason == "§4.A-23"
    assert "by_platoon" in opt.choices


def test_the_by_platoon_reading_speaks_russian():
    opt = next(o for o in OPTIONS if o.id == "officer_test_order")
    assert "по взводам" in localized(opt.help, "ru", CW.id)
    assert localized("by_platoon", "ru", CW.id) == "по взводам"
    _, steps = _losses("by_platoon", [4, 3, 4, 1, 3, 4, 1, 1])
    assert localized(steps["pl.officer.2"].label, "ru", CW.id) == \
        "Plastuns: Тест на гибель офицера (взвод 2)"
    assert localized(steps["pl.fear.2"].label, "ru", CW.id) == \
        "Plastuns: Тест СТРАХА (потерян взвод 2)"
