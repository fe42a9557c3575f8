"""Every action's exact odds (engine.odds, from the same Tests as the roll) agree with a
simulation of its `resolve` within 4σ, and a few are checked by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.model import AdjustState, SetState
from engine.odds import simulate
from engine.protocol import Facts
from engine.rulesets.civil_war_company import RULESET as CW

from .helpers import MG_BASE, unit

N = 3000


def agrees(exact, sampled: dict, n: int = N) -> None:
    """Every outcome's sampled frequency within 4σ of the exact probability."""
    for outcome, p in exact.outcomes:
        f = sampled.get(outcome, 0.0)
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(f - float(p)) <= 4 * sigma + 1e-9, (outcome, f, float(p))
    assert set(sampled) <= {o for o, _ in exact.outcomes}


def lost(res, uid: str) -> int:
    return sum(-e.delta for e in res.change.effects
               if isinstance(e, AdjustState) and e.unit == uid and e.key == "platoons")


def fire_ctx(shooter="unr-infantry", target="plastuns", band="long", n=5, rules=None,
             **state):
    a = unit("a", shooter, side="x")
    b = unit("b", target, side="y", **state)
    facts = Facts(range_band=band).override(firing_stands=n, distance_in=7.0)
    return CW.context("fire", actor=a, target=b, facts=facts, rules=rules or {})


@pytest.mark.parametrize("kw", [
    {},                                                   # CW-1's first volley set-up
    {"prone": True, "formation": "open_order"},
    {"band": "extreme", "cover": 2},
    {"shooter": "red-army-mg", "target": "red-cavalry", "formation": "close_order"},
    {"rules": {"cover_reading": "literal"}, "band": "extreme"},
])
def test_fire_odds_agree_with_resolve(kw):
    state = {k: v for k, v in kw.items() if k in ("prone", "formation")}
    cover = kw.get("cover", 0)
    ctx = fire_ctx(kw.get("shooter", "unr-infantry"), kw.get("target", "plastuns"),
                   kw.get("band", "long"), rules=kw.get("rules"), **state)
    if cover:
        ctx = fire_ctx(kw.get("shooter", "unr-infantry"), kw.get("target", "plastuns"),
                       kw.get("band", "long"), **state)
        ctx = CW.context("fire", actor=ctx.actor, target=ctx.target,
                         facts=ctx.facts.override(cover=cover), rules=kw.get("rules") or {})
    exact = ctx.odds()
    agrees(exact, simulate(lambda d: lost(ctx.resolve(d), "b"), N, seed=11))


def test_fire_odds_by_hand():
    """UNR's 5 dice at long range on prone SKIRMISHERs in open order: a die loses a
    platoon with 3/6 · 3/6 · 5/6 = 5/24."""
    ctx = fire_ctx(prone=True, formation="open_order")
    dist = ctx.odds()
    p = Fraction(5, 24)
    assert dist.probability(0) == (1 - p) ** 5
    assert dist.probability(4) == 5 * p ** 4 * (1 - p) + p ** 5     # 4 stands: capped
    assert dist.parts["hits"].probability(5) == Fraction(1, 32)


def test_return_fire_joint_odds_agree():
    """Volley and return fire from one prior state: the joint odds (engine.joint) are the
    product of the two; the pairs of losses sampled from resolve_joint agree."""
    from engine.joint import joint_odds, resolve_joint

    a = unit("a", "unr-infantry", side="x")
    b = unit("b", "plastuns", side="y", prone=True, formation="open_order")
    first = CW.context("fire", actor=a, target=b,
                       facts=Facts(range_band="long").override(firing_stands=5))
    back = CW.context("fire", actor=b, target=a,
                      facts=Facts(range_band="long").override(firing_stands=4))
    exact = joint_odds([first, back])
    assert list(exact.parts.values()) == [first.odds(), back.odds()]

    def pair(d):
        j = resolve_joint([first, back], d)
        return (lost(j.resolutions[0], "b"), lost(j.resolutions[1], "a"))
    agrees(exact, simulate(pair, N, seed=5))


def art_ctx(profile="white-light-battery", mode="aimed", rules=None):
    bat = unit("bat", profile, side="w", ammo=5)
    r1 = unit("r1", "red-army-regulars", side="r", platoons=4)
    r2 = unit("r2", "red-army-regulars", side="r", platoons=4, prone=True)
    mg = unit("mg", "red-army-mg", side="r", base=MG_BASE)
    facts = Facts().override(distance_in=20.0, under_template=("r1", "r2", "mg"),
                             under_template_centre="mg")
    return CW.context("artillery_fire", actor=bat, targets=[r1, r2, mg], facts=facts,
                      options={"mode": mode}, rules=rules or {})


def destroyed(res) -> int:
    return sum(lost(res, u) for u in ("r1", "r2", "mg"))


@pytest.mark.parametrize("profile,mode,rules", [
    ("white-light-battery", "aimed", {}),
    ("white-light-battery", "area", {"area_fire_twice": "twice"}),
    ("red-field-battery", "aimed", {}),
])
def test_artillery_odds_agree_with_resolve(profile, mode, rules):
    ctx = art_ctx(profile, mode, rules)
    agrees(ctx.odds(), simulate(lambda d: destroyed(ctx.resolve(d)), N, seed=3))


def test_heavy_artillery_two_dice_cap_one_loss_per_stand():
    from engine.rulesets.civil_war_company.artillery_rules import plan_stand, shot_odds
    from engine.rulesets.civil_war_company.modifiers import Target

    rules = CW.option_values()
    p = plan_stand("s", "c", Target(), direct=False, band="short", gun_class="heavy",
                   area=False, mortar=False, rules=rules)
    assert p.result_dice == 2 and p.result.target == 4 and p.cover.target == 7
    # each die: result 4/6, cover automatic (6 + 1): lost unless both results fail
    assert shot_odds([p]).probability(1) == 1 - Fraction(2, 6) ** 2


def test_scatter_odds_part():
    dist = art_ctx().odds().parts["scatter (inches)"]
    assert dict(dist.outcomes) == {0: Fraction(1, 3), 1: Fraction(1, 6), 2: Fraction(1, 6),
                                   3: Fraction(1, 6), 4: Fraction(1, 6)}


def test_morale_test_odds_agree_with_resolve():
    a = unit("a", "plastuns", side="x", suppressed=True)
    for action in ("rally", "suppression_test"):
        ctx = CW.context(action, actor=a)
        exact = ctx.odds()

        def outcome(d, ctx=ctx):
            return ctx.resolve(d).steps[0].results[0].replace("suppressed", "fail")
        agrees(exact, simulate(outcome, N, seed=2))
    assert CW.context("rally", actor=a).odds().probability("pass") == Fraction(26, 36)


def test_ammunition_odds_agree_with_resolve():
    t = unit("t", "makhno-tachanka", side="x")
    ctx = CW.context("roll_ammunition", actor=t)
    exact = ctx.odds()
    assert [o for o, _ in exact.outcomes] == list(range(2, 10))     # d6 + d3

    def shots(d):
        return next(e.value for e in ctx.resolve(d).change.effects
                    if isinstance(e, SetState) and e.key == "ammo")
    agrees(exact, simulate(shots, N, seed=9))


def test_artillery_odds_on_the_board_mix_every_landing():
    """On a board the odds are the exact mixture over every landing of the scatter
    (BoardOps.chain_landings); they agree with resolving the shot, scatter included."""
    from engine.model import RemoveUnit

    from .test_golden import cw2_board

    game = cw2_board()
    ctx = CW.context("artillery_fire", actor=game.unit("bat"), point=(30.0, 20.0), game=game)
    exact = ctx.odds()
    assert exact.probability(0) > 0 and exact.probability(3) > 0

    def removed(d):
        return sum(isinstance(e, RemoveUnit) for e in ctx.resolve(d).change.effects)
    agrees(exact, simulate(removed, 2000, seed=8), n=2000)


def test_fire_odds_on_the_board_agree_with_resolve():
    """On the board: one die per stand that sees the target, each at its own third of the
    range (two bands here), the losses removed from the board."""
    from engine.model import RemoveUnit

    from .helpers import company, game_of

    unr = company("unr", "unr-infantry", [10, 13, 16, 19, 22], 36.0, side="unr", facing=270)
    pl = company("pl", "plastuns", [10, 13, 16, 19], 24.0, side="whites", prone=True,
                 formation="open_order")
    game = game_of(unr, pl)
    ctx = CW.context("fire", actor=game.unit("unr-1"), target=game.unit("pl-1"), game=game)
    exact = ctx.odds()
    assert len(exact.outcomes) > 2

    def removed(d):
        return sum(isinstance(e, RemoveUnit) for e in ctx.resolve(d).change.effects)
    agrees(exact, simulate(removed, N, seed=4))


def test_mg_fire_at_a_vehicle_odds_agree_with_resolve():
    from engine.model import RemoveUnit

    from .helpers import game_of

    mg = unit("mg", "red-army-mg", 17, 34, side="unr", facing=270, base=MG_BASE)
    car = unit("car", "red-armoured-car", 17, 27, side="reds", base=MG_BASE)
    game = game_of(mg, car)
    ctx = CW.context("fire", actor=game.unit("mg"), target=game.unit("car"), game=game)
    exact = ctx.odds()

    def removed(d):
        return sum(isinstance(e, RemoveUnit) for e in ctx.resolve(d).change.effects)
    agrees(exact, simulate(removed, N, seed=12))


def test_the_actions_without_dice_have_one_outcome():
    """Start of the company's turn and the rout move roll nothing: their odds are one
    outcome, which every resolve gives."""
    from .helpers import company, game_of

    unr = company("unr", "unr-infantry", [14, 17], 36.0, side="unr", facing=270,
                  routing=True)
    reds = company("red", "red-army-regulars", [14, 17], 20.0, side="reds")
    game = game_of(unr, reds)
    for action, outcome in (("start_activation", "done"), ("rout_move", "moved")):
        ctx = CW.context(action, actor=game.unit("unr-1"), game=game)
        assert ctx.odds().outcomes == ((outcome, Fraction(1)),)
        res = ctx.resolve(ScriptedDice([]))                 # no die is asked for
        assert res.change.effects and not any(s.rolls for s in res.steps)


#: Each action's odds-against-resolve check in this file.
CHECKED = {"fire": "test_fire_odds_agree_with_resolve", "artillery_fire":
           "test_artillery_odds_agree_with_resolve", "rally":
           "test_morale_test_odds_agree_with_resolve", "suppression_test":
           "test_morale_test_odds_agree_with_resolve", "roll_ammunition":
           "test_ammunition_odds_agree_with_resolve", "start_activation":
           "test_the_actions_without_dice_have_one_outcome", "rout_move":
           "test_the_actions_without_dice_have_one_outcome"}


def test_every_action_has_its_odds_checked():
    assert set(CHECKED) == {a.id for a in CW.actions}
    assert all(name in globals() for name in CHECKED.values())
