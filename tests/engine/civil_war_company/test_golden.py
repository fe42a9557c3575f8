"""CW-1, CW-2 and CW-3 (rules file §7) as golden tests with the seed's dice, asserting
every step; the seed's arithmetic slips are noted where they occur, with the rule-correct
expectation."""

from __future__ import annotations

import math

import pytest

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.joint import answer_context, resolve_joint
from engine.model import (
    AdjustState,
    MoveUnit,
    RemoveUnit,
    SetMarker,
    SetState,
    apply_change,
    revert_change,
)
from engine.protocol import Facts
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.artillery_rules import crew_accuracy, scatter_in
from engine.rulesets.civil_war_company.common import fire_value

from .helpers import MG_BASE, company, game_of, unit

# --------------------------------------------------------------------------- CW-1

#: The seed's dice in its own order (L53–79): UNR's volley, the Plastuns' tests (retreat,
#: FEAR, then officer), the Plastuns' return fire, UNR's FEAR tests, then officer tests.
CW1_VOLLEY_1 = [4, 3, 2, 6, 5, 6, 2, 3]
CW1_PLASTUN_TESTS_SEED = [6, 3, 1, 1, 5]
CW1_VOLLEY_2 = [1, 2, 3, 1, 2, 4, 2, 2]
CW1_UNR_FEAR = [3, 1, 5, 3, 2, 4, 4, 4]
CW1_UNR_OFFICER = [4, 3, 3, 5]


def cw1_contexts(rules=None):
    """UNR's volley and the Plastuns' declared return fire, both from the state before
    the fire (engine.joint); without a board the dice counts and the band are entered."""
    unr = unit("unr", "unr-infantry", side="unr")
    pl = unit("pl", "plastuns", side="whites", prone=True, formation="open_order")
    volley = CW.context("fire", actor=unr, target=pl, rules=rules or {},
                        facts=Facts(range_band="long").override(firing_stands=5))
    answer = CW.context("fire", actor=pl, target=unr, rules=rules or {},
                        facts=Facts(range_band="long").override(firing_stands=4))
    return [volley, answer]


def check_cw1(joint) -> None:
    res, back = joint.resolutions
    hit = res.step("hit")
    assert hit.faces == (4, 3, 2, 6, 5) and hit.target == 3           # 4 − 1 long range
    assert [m.label for m in hit.modifiers] == ["long range (> ⅓)"]
    assert hit.count("hit") == 2 and hit.count("miss") == 3
    result = res.step("result")
    assert result.faces == (6, 2) and result.target == 3             # SKIRMISHER open order
    assert result.results == ("retreat", "success")
    cover = res.step("cover")
    assert cover.faces == (3,) and cover.target == 5                 # prone −1
    assert cover.results == ("destroyed",)
    pl = "pl"                                  # the Plastuns' company id, on both set-ups
    retreat = res.step(f"{pl}.retreat")
    assert retreat.totals == (9,) and retreat.target == 8            # SERIOUS 7 + officer
    assert retreat.results == ("fail",)
    fear = res.step(f"{pl}.fear")
    assert fear.totals == (2,) and fear.target == 6 and fear.results == ("pass",)
    officer = res.step(f"{pl}.officer")
    assert officer.faces == (5,) and officer.outcome == "officer survives"
    assert " retreats 2" in res.step(f"{pl}.retreat_move").outcome
    # return fire: simultaneous, still 4 dice (the Plastuns' strength before the fire)
    rh = back.step("hit")
    assert rh.faces == (1, 2, 3, 1) and rh.target == 3 and rh.count("hit") == 4
    rr = back.step("result")
    assert rr.faces == (2, 4, 2, 2) and rr.target == 5 and rr.count("success") == 4  # MOB +1
    rc = back.step("cover")
    assert rc.rolls == () and rc.outcome == "automatic: 4 × destroyed"
    uf = back.step("unr.fear")
    assert uf.totals == (4, 8, 6, 8) and uf.target == 7              # FEAR 6 + officer
    assert uf.results == ("pass", "flees", "pass", "flees")
    uo = back.step("unr.officer")
    assert uo.faces == (4, 3, 3, 5) and uo.outcome == "officer survives"


def check_cw1_effects(joint) -> None:
    effects = joint.change.effects
    assert AdjustState("pl", "platoons", -1, minimum=0, default=4) in effects
    assert AdjustState("unr", "platoons", -4, minimum=0, default=5) in effects
    assert SetState("pl", "moved", True) in effects                  # it now counts as moved
    assert SetMarker("unr", "routing", True) in effects              # one failure suffices
    assert SetMarker("pl", "routing", True) not in effects


def test_cw1_in_the_seeds_order():
    """The seed rolls the Plastuns' FEAR test before the officer test (L63–68), i.e.
    officer_test_order = fear_first (§4.A-23). The seed's arithmetic is right: with the
    officer's +1 (§4.A-2) every outcome is unchanged (9 > 8, 2 ≤ 6, 8 > 7)."""
    dice = ScriptedDice(CW1_VOLLEY_1 + CW1_PLASTUN_TESTS_SEED + CW1_VOLLEY_2 + CW1_UNR_FEAR
                        + CW1_UNR_OFFICER)
    joint = resolve_joint(cw1_contexts({"officer_test_order": "fear_first"}), dice)
    dice.check_exhausted()
    check_cw1(joint)
    check_cw1_effects(joint)


def test_cw1_with_the_default_order_officer_first():
    """The default order (officer death tests, then FEAR) reads the same faces in the
    other order and comes to the same result."""
    plastuns = [6, 3, 5, 1, 1]
    dice = ScriptedDice(CW1_VOLLEY_1 + plastuns + CW1_VOLLEY_2 + CW1_UNR_OFFICER
                        + CW1_UNR_FEAR)
    joint = resolve_joint(cw1_contexts(), dice)
    dice.check_exhausted()
    check_cw1(joint)
    check_cw1_effects(joint)
    order = [s.id for s in joint.resolutions[0].steps]
    assert order.index("pl.officer") < order.index("pl.fear")


def test_cw1_without_the_officer_bonus_the_seeds_targets():
    """officer_bonus = none gives the infantry example's literal numbers (SERIOUS 7,
    FEAR 5, FEAR 6), with the same outcomes."""
    dice = ScriptedDice(CW1_VOLLEY_1 + [6, 3, 5, 1, 1] + CW1_VOLLEY_2 + CW1_UNR_OFFICER
                        + CW1_UNR_FEAR)
    res, back = resolve_joint(cw1_contexts({"officer_bonus": "none"}), dice).resolutions
    assert res.step("pl.retreat").target == 7 and res.step("pl.fear").target == 5
    uf = back.step("unr.fear")
    assert uf.target == 6 and uf.results == ("pass", "flees", "pass", "flees")


def cw1_board():
    """CW-1 on an open table: UNR's five stands 12" south of the Plastuns' four (long
    range for a 24" rifle: > 8", ≤ 16")."""
    unr = company("unr", "unr-infantry", [14, 17, 20, 23, 26], 36.0, side="unr",
                  facing=270)
    pl = company("pl", "plastuns", [15.5, 18.5, 21.5, 24.5], 24.0, side="whites",
                 prone=True, formation="open_order")
    return game_of(unr, pl)


def test_cw1_on_the_board_moves_and_removes_stands():
    game = cw1_board()
    facts = facts_for(game.scenario, "fire", "unr-3", "pl-2", ruleset=CW)
    assert facts.range_band == "long" and facts.get("firing_stands") == 5
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-2"),
                     facts=facts, game=game)
    answer = answer_context(ctx)                # the Plastuns fire back at unr-3
    assert answer.facts.get("firing_stands") == 4
    dice = ScriptedDice(CW1_VOLLEY_1 + [6, 3, 5, 1, 1] + CW1_VOLLEY_2 + CW1_UNR_OFFICER
                        + CW1_UNR_FEAR)
    joint = resolve_joint([ctx, answer], dice)
    dice.check_exhausted()
    check_cw1(joint)
    check_cw1_board(game, joint)


def check_cw1_board(game, joint) -> None:
    res, back = joint.resolutions
    assert res.step("hit").note == "5 of 5 stands see the target"
    assert back.step("hit").note == "4 of 4 stands see the target"
    effects = joint.change.effects
    removed = [e.unit for e in effects if isinstance(e, RemoveUnit)]
    # the Plastuns lose the stand nearest UNR (not the command stand); UNR four stands,
    # keeping its command stand
    assert removed[0] in ("pl-2", "pl-3")
    assert sorted(removed[1:]) == ["unr-2", "unr-3", "unr-4", "unr-5"]
    moves = {e.unit: (e.x, e.y) for e in effects if isinstance(e, MoveUnit)}
    survivors = {"pl-1", "pl-2", "pl-3", "pl-4"} - {removed[0]}
    assert set(moves) == survivors
    # directly away from UNR: from UNR's stand nearest the Plastuns' centre (unr-3 at
    # (20, 36)) to that centre (20, 24): straight north, 2"
    for uid, (x, y) in moves.items():
        before = game.unit(uid)
        assert math.isclose(x, before.x, abs_tol=1e-9)
        assert math.isclose(before.y - y, 2.0, abs_tol=1e-9)
    before = {u.id: (u.x, u.y) for u in game.units}
    apply_change(game, joint.change)
    assert game.unit("pl-1").y == pytest.approx(22.0)
    assert [u.id for u in game.units if u.side == "unr"] == ["unr-1"]
    assert game.unit("unr-1").markers["routing"] is True       # on the command stand
    assert game.group("pl").state["moved"] is True
    revert_change(game, joint.change)
    assert {u.id: (u.x, u.y) for u in game.units} == before
    assert "routing" not in game.unit("unr-1").markers


def test_cw1_retreat_blocked_by_the_river_gives_a_suppression_test():
    """The Plastuns back onto a river 1" behind them: the retreat stops at the water, and
    the 2" step not made is a suppression test (§4.2-5)."""
    from geometry.terrain import TerrainPiece

    river = TerrainPiece("river", "water", polygon=[(0, 21.0), (72, 21.0), (72, 22.5),
                                                    (0, 22.5)])
    unr = company("unr", "unr-infantry", [14, 17, 20, 23, 26], 36.0, side="unr",
                  facing=270)
    pl = company("pl", "plastuns", [15.5, 18.5, 21.5, 24.5], 24.0, side="whites",
                 prone=True, formation="open_order")
    game = game_of(unr, pl, terrain=[river])
    facts = facts_for(game.scenario, "fire", "unr-3", "pl-2", ruleset=CW)
    ctx = CW.context("fire", actor=game.unit("unr-3"), target=game.unit("pl-2"),
                     facts=facts, game=game)
    dice = ScriptedDice(CW1_VOLLEY_1 + [6, 3, 5, 1, 1] + [4, 4])
    res = ctx.resolve(dice)
    dice.check_exhausted()
    supp = res.step("pl.suppression")
    assert supp.totals == (8,) and supp.results == ("pass",)
    text = res.step("pl.retreat_move").outcome
    assert "blocked by river" in text and "1 suppression test" in text
    moves = [e for e in res.change.effects if isinstance(e, MoveUnit)]
    for e in moves:
        moved = 24.0 - e.y
        assert 0.9 < moved <= 1.01      # its north edge (y 23.51) stops at the water (22.5)


# --------------------------------------------------------------------------- CW-2

#: The seed's dice (L137–154; the whole example is printed twice, L156–175 — implemented
#: once): scatter 4, a direction (not given: face 1), MG cover 3, results 1 and 4,
#: company 1's cover 5, officer 4, FEAR 1+1, company 2's suppression test 5+6.
CW2_DICE = [4, 1, 3, 1, 4, 5, 4, 1, 1, 5, 6]


def check_cw2(res, red1: str, red2: str, mg: str, cid1: str, cid2: str) -> None:
    acc = res.step("accuracy")
    assert acc.base == 3 and [m.value for m in acc.modifiers] == [-1]
    assert acc.outcome == "accuracy 2"
    sc = res.step("scatter")
    assert sc.faces == (4, 1) and sc.outcome.startswith('2" at 0°')   # 4 − (3 − 1)
    direct = res.step(f"cover.{mg}")
    assert direct.faces == (3,) and direct.target == 5              # light artillery −1
    assert direct.results == ("destroyed",)
    r1, r2 = res.step(f"result.{red1}"), res.step(f"result.{red2}")
    assert r1.target == r2.target == 3                              # 6 − 2 − 1 (light)
    assert r1.results == ("success",) and r2.results == ("suppression",)
    c1 = res.step(f"cover.{red1}")
    assert c1.faces == (5,) and c1.target == 5 and c1.results == ("destroyed",)
    officer = res.step(f"{cid1}.officer")
    assert officer.faces == (4,) and officer.outcome == "officer survives"
    fear = res.step(f"{cid1}.fear")
    assert fear.totals == (2,) and fear.target == 7 and fear.results == ("pass",)
    supp = res.step(f"{cid2}.suppression")
    # the seed: "11 is more than 7" right after computing 7 + 1 = 8; the rule-correct
    # comparison is 11 > 8, with the same outcome (suppressed)
    assert supp.totals == (11,) and supp.target == 8 and supp.results == ("suppressed",)


def test_cw2_with_the_stands_the_text_gives():
    """CW-2 with the stands under the template as the text gives them (step 2 is "given
    by the text, not computed"); the target 18–35.9" away, so −1 per 18" makes the
    accuracy 3 − 1 = 2 (the seed's "long range −1" is not an artillery modifier,
    §4.A-5)."""
    bat = unit("bat", "white-light-battery", side="whites")
    r1, r2 = unit("red1", "red-army-regulars", side="reds", platoons=4), \
        unit("red2", "red-army-regulars", side="reds", platoons=4)
    mg = unit("mg", "red-army-mg", side="reds", base=MG_BASE)
    facts = Facts().override(distance_in=20.0, under_template=("red1", "red2", "mg"),
                             under_template_centre="mg")
    ctx = CW.context("artillery_fire", actor=bat, targets=[r1, r2, mg], facts=facts)
    dice = ScriptedDice(CW2_DICE)
    res = ctx.resolve(dice)
    dice.check_exhausted()
    check_cw2(res, "red1", "red2", "mg", "red1", "red2")
    e = res.change.effects
    assert AdjustState("bat", "ammo", -1, minimum=0, default=8) in e
    assert AdjustState("red1", "platoons", -1, minimum=0, default=4) in e
    assert AdjustState("mg", "platoons", -1, minimum=0, default=1) in e
    assert SetMarker("red2", "suppressed", True) in e and SetMarker("red2", "prone", True) in e
    assert not any(isinstance(x, MoveUnit) for x in e)             # artillery: no Retreat
    assert res.step("mg.destroyed").outcome.endswith("no tests")    # §4.A-21


def test_cw2_literal_long_range_reading_also_gives_accuracy_2():
    """§4.A-5's literal alternative (the long-range −1 applies to artillery accuracy):
    at 17" (> ⅓ of 48", under 18") the accuracy is also 3 − 1 = 2."""
    bat = unit("bat", "white-light-battery", side="whites")
    facts = Facts().override(distance_in=17.0, under_template=(), under_template_centre=None)
    ctx = CW.context("artillery_fire", actor=bat, facts=facts,
                     rules={"artillery_range": "long_range_literal"})
    res = ctx.resolve(ScriptedDice([4, 1]))
    acc = res.step("accuracy")
    assert [m.label for m in acc.modifiers] == ["long range (literal reading of the example)"]
    assert acc.outcome == "accuracy 2" and res.step("scatter").outcome.startswith('2"')


def cw2_board():
    """Aim at (30, 20); the scatter (4 − 2 = 2" at bearing 0°) lands it at (32, 20), on
    the MG; a platoon of each Red company 1.9" either side, the rest of the companies 3"
    further north; the battery 25" south."""
    land = (32.0, 20.0)
    red1 = company("red1", "red-army-regulars", [land[0] - 1.9, land[0] - 1.9, land[0] - 4.0],
                   [land[1], land[1] - 3, land[1] - 3], side="reds",
                   ids=["red1-stand1", "red1-stand2", "red1-stand3"])
    red2 = company("red2", "red-army-regulars", [land[0] + 1.9, land[0] + 1.9],
                   [land[1], land[1] - 3], side="reds", ids=["red2-stand1", "red2-stand2"])
    mg = unit("mg", "red-army-mg", land[0], land[1], side="reds", base=MG_BASE)
    bat = unit("bat", "white-light-battery", 30.0, 45.0, side="whites", facing=270)
    return game_of(red1, red2, mg, bat)


def test_cw2_on_the_board_scatter_lands_and_finds_the_stands():
    game = cw2_board()
    ctx = CW.context("artillery_fire", actor=game.unit("bat"), point=(30.0, 20.0),
                     game=game)
    dice = ScriptedDice(CW2_DICE)
    res = ctx.resolve(dice)
    dice.check_exhausted()
    template = res.step("template").outcome
    assert "lands at (32.0, 20.0)" in template
    assert "red1-stand1, red2-stand1, mg; direct hit on mg" in template
    check_cw2(res, "red1-stand1", "red2-stand1", "mg", "red1", "red2")
    e = res.change.effects
    assert RemoveUnit("mg", "platoon lost") in e
    assert RemoveUnit("red1-stand1", "platoon lost") in e      # the stand under the template
    assert SetMarker("red2-stand1", "suppressed", True) in e
    shot = next(x for x in e if isinstance(x, SetState) and x.key == "last_shot")
    assert shot.value["centre"] == [32.0, 20.0] and shot.value["scatter"] == [2.0, 0.0]
    apply_change(game, res.change)
    assert not game.on_table("mg") and game.unit("bat").state["ammo"] == 7
    assert game.unit("bat").state["aim_points"] == [[30.0, 20.0]]
    revert_change(game, res.change)
    assert game.on_table("mg") and "ammo" not in game.unit("bat").state


# --------------------------------------------------------------------------- CW-3


def test_cw3_threshold_table():
    """The derived thresholds (§7 CW-3)."""
    from engine.rulesets.civil_war_company.fire_rules import plan_fire
    from engine.rulesets.civil_war_company.modifiers import Shooter, Target

    rules = CW.option_values()
    open_ground = plan_fire(Shooter(), Target(), {"short": 1}, rules).groups[0]
    assert open_ground.result.target == 4                      # "all numbers below 5"
    assert open_ground.cover.target == 6                       # automatic in the open
    prone = plan_fire(Shooter(), Target(prone=True), {"short": 1}, rules).groups[0]
    assert prone.cover.target == 5
    from engine.rulesets.civil_war_company.artillery_rules import plan_stand

    light = plan_stand("s", "c", Target(), direct=False, band="short", gun_class="light",
                       area=False, mortar=False, rules=rules)
    assert light.cover.target == 5 and light.result.target == 3
    assert {q: fire_value({"kind": "machine_gun", "crew_quality": q})
            for q in ("poor", "normal", "good")} == {"poor": 3, "normal": 4, "good": 5}
    assert [crew_accuracy(q) for q in ("poor", "normal", "good")] == [1, 2, 3]
    assert scatter_in(1, 2) == 0                               # PROPOSED clamp (§4.A-6)
