"""Templates (03 §4.9) with scripted dice — a grenade scattered by d20 onto a friendly
squad, the flamer from the base edge — and every action's exact odds: equal to the resolver
run on every sequence of faces where it rolls few dice (tests, assault), within 4σ of
engine.odds.simulate where it rolls many (fire, the scattered blast over friend and foe).
The 4σ band at n runs is at most 2/√n (1.41 pp at 20,000, 2 pp at 10,000, 3.65 pp at
3,000), narrower for rare outcomes."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.odds import enumerate_rolls
from engine.rulesets.boets_sci_fi import RULESET as BF
from tests.engine.sampling import simulate

from ..refusals import refused
from .helpers import game_of, squad


def table():
    me = squad("me", "cyber_infantry", 3, 7, 30)              # grenadiers: Бр 5
    fr = squad("fr", "cyber_infantry", 3, 14, 26)             # friends east of the aim
    en = squad("en", "velian_militia", 3, 8, 25.5, side="raiders")   # Бр 3
    game = game_of(me, fr, en)
    game.active_side, game.phase = "polaris", "fire"
    return game


def grenade(game, **options):
    return BF.context("template_fire", actor=game.unit("me-1"), game=game,
                      roles={"weapon": "grenade", "point": (10.0, 25.5)}, options=options)


def test_a_grenade_scatters_by_d20_onto_a_friendly_squad():
    game = table()
    # d20 = 4: 4 steps (1" each, PROPOSED); bearing 0° typed as measured at the table
    res = grenade(game, bearing=0).resolve(ScriptedDice([4, 12, 11]))
    s = res.step("scatter")
    assert [r.faces for r in s.rolls] == [(4,)]
    assert s.outcome == '4" at 0° to (14.00, 25.50)'
    steps = [x for x in res.steps if x.id.startswith("penetration.")]
    assert [x.label for x in steps] == ["Penetration: fr-1 (friend)",
                                        "Penetration: fr-2 (friend)"]
    assert [(x.target, x.results) for x in steps] == [(15, ("wound",)), (15, ("no effect",))]
    # cyber infantry have Стк 2 (PROPOSED): the wound is kept, nobody is removed
    assert res.summary == "Grenade: 2 under the template, 0 killed"
    apply_change(game, res.change)
    assert game.unit("fr-1").state["wounds"] == 1
    again = grenade(game, bearing=0).resolve(ScriptedDice([4, 20, 1]))
    assert again.summary == "Grenade: 2 under the template, 1 killed"   # 2nd wound: Стк 2
    apply_change(game, again.change)
    assert not game.on_table("fr-1")
    assert game.group("fr").state["tally"]["losses"] == 1     # a friend lost, tallied


def test_a_grenade_beyond_range_is_refused():
    game = table()
    c = BF.context("template_fire", actor=game.unit("me-1"), game=game,
                   roles={"weapon": "grenade", "point": (30.0, 30.0)})
    # ActionRefused naming the aim point (#9: a "refused" step before)
    assert refused(c, "point") == "aim point 23.0 steps (23.0\") away: beyond Дальн 6 (§4.9-5)"


def _within_4_sigma(exact, freq, n):
    for k, p in exact.items():
        p = float(p)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(freq.get(k, 0.0) - p) <= 4 * sigma + 1e-9, (k, p, freq.get(k))


def _probabilities(dist):
    return {o: p for o, p in dist.outcomes}


def test_fire_odds_agree_with_simulation():
    game = table()
    c = BF.context("fire", actor="me", game=game, target=game.unit("en-2"))
    exact = _probabilities(c.odds())
    assert sum(exact.values()) == 1
    n = 20000
    freq = simulate(lambda d: c.resolve(d).step("penetration").count("wound"), n, seed=3)
    _within_4_sigma(exact, freq, n)


def test_scattered_blast_odds_over_friend_and_foe_agree_with_simulation():
    game = table()
    c = grenade(game)
    dist = c.odds()
    exact = _probabilities(dist)
    friends = _probabilities(dist.parts["friends"])
    assert sum(exact.values()) == 1 and friends.get(0, 0) < 1   # friends can be hit
    n = 3000

    def wounds(d):
        res = c.resolve(d)
        return sum(x.count("wound") for x in res.steps if x.id.startswith("penetration."))

    _within_4_sigma(exact, simulate(wounds, n, seed=5), n)


def test_leadership_and_assault_odds_equal_every_sequence_of_faces():
    """A d20 test and an assault of two dice totals: few enough faces to run the resolver on
    every sequence of them (engine.odds.enumerate_rolls), so the odds must equal it exactly."""
    game = table()
    c = BF.context("leadership_test", actor=game.unit("fr-2"), game=game)
    assert _probabilities(c.odds())["pass"] == Fraction(13, 20)   # commander ЛДР 9 − 2 → 8
    assert enumerate_rolls(lambda d: c.resolve(d).step("leadership").results[0]) == \
        _probabilities(c.odds())
    game.phase = "fire"
    a = BF.context("assault", actor="fr", game=game, target=game.unit("en-1"))

    def diff(d):
        s = a.resolve(d)
        return s.step("attacker").totals[0] + 3 - s.step("defender").totals[0] - 2

    assert enumerate_rolls(diff) == _probabilities(a.odds())


@pytest.mark.parametrize("bad", [{"bearing": 400}])
def test_a_bearing_out_of_range_is_refused_naming_the_option(bad):
    game = table()
    with pytest.raises(Exception, match="bearing"):
        grenade(game, **bad)


def test_a_grenade_with_the_bearing_measured_at_the_table_prices_the_d20_alone():
    game = table()
    c = grenade(game, bearing=90)                             # toward +y, over the enemy
    dist = c.odds()
    exact = _probabilities(dist)
    assert sum(exact.values()) == 1 and set(dist.parts) == {"friends"}
    n = 4000

    def wounds(d):
        pen = [x for x in c.resolve(d).steps if x.id.startswith("penetration.")]
        return (sum(x.count("wound") for x in pen),
                sum(x.count("wound") for x in pen if "(friend)" in x.label))

    # one sample of n runs gives both counts (all wounds, friends' wounds): each check
    # still has its n runs
    both = simulate(wounds, n, seed=7)
    _within_4_sigma(exact, _marginal(both, 0), n)
    _within_4_sigma(_probabilities(dist.parts["friends"]), _marginal(both, 1), n)


def _marginal(freq: dict, i: int) -> dict:
    out: dict = {}
    for k, v in freq.items():
        out[k[i]] = out.get(k[i], 0.0) + v
    return out


def test_the_flamer_odds_over_friend_and_foe_agree_with_simulation():
    game = table()
    c = BF.context("template_fire", actor=game.unit("fr-1"), game=game,
                   roles={"weapon": "flamer", "point": (8.0, 25.5)})
    dist = c.odds()
    n = 10000

    def wounds(d):
        return sum(x.count("wound") for x in c.resolve(d).steps
                   if x.id.startswith("penetration."))

    _within_4_sigma(_probabilities(dist), simulate(wounds, n, seed=9), n)


def _first_result(ctx):
    def run(d):
        res = ctx.resolve(d)
        return next(s for s in res.steps if s.rolls).results[0]
    return run


def test_every_leadership_test_equals_every_face():
    from engine.model import Change, RemoveUnit
    from engine.rulesets.boets_sci_fi.common import kill

    game = table()
    apply_change(game, Change([RemoveUnit("fr-1", "killed")], "killed"))   # commander dead
    apply_change(game, Change(kill(game, ["me-2", "me-3"], "killed"), "fire"))  # 2 of 3
    cases = [BF.context("takeover_test", actor=game.unit("fr-2"), game=game),
             BF.context("panic_test", actor=game.unit("me-1"), game=game),
             BF.context("small_unit_test", actor=game.unit("me-1"), game=game),
             ]
    from .test_golden import company_game

    coy = company_game()
    cases.append(BF.context("split_fire_test", actor=coy.unit("p2b-2"), game=coy,
                            target=coy.unit("en-3"), roles={"first_target": coy.unit("en-1")}))
    for c in cases:   # one die each: the resolver run on its every face
        exact = _probabilities(c.odds())
        assert set(exact) == {"pass", "fail"}, (c.action.id, exact)
        assert enumerate_rolls(_first_result(c)) == exact, c.action.id
