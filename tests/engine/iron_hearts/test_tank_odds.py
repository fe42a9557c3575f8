"""Exact tank odds against the real resolver, and bad dice refused with the die and the
step named.

An action of few dice is run on every sequence of faces (engine.odds.enumerate_rolls) and
must give the odds exactly; one of many dice (a coax burst, a fire with its crew rolls) is
sampled N times and must agree within 4σ per outcome."""

from __future__ import annotations

import math

import pytest

from bench.ih_examples import DUEL, ctx_of, make_game, play
from engine.dice import DiceError, TypedDice
from engine.odds import enumerate_rolls
from engine.protocol import Facts
from tests.engine.sampling import simulate

#: What the sampled checks must catch: the resolver and the odds disagreeing by one face of a
#: d10 (10 pp a die) in a step that decides at least a third of the runs, i.e. an outcome
#: off by 3.3 pp. At N = 8,000 the 4σ band is at most 4·√(¼/N) = 2.24 pp (narrower for rare
#: outcomes), so an outcome off by 3.4 pp (6σ) fails with ≥ 97.7 % probability, and one
#: off by 2.8 pp (5σ) with ≥ 84 %. Exact comparisons (every sequence of faces, hand-worked
#: fractions) cover the rest.
N = 8_000


def fire_outcome(res) -> str:
    ids = [s.id for s in res.steps]
    if res.step("fire").results == ("miss",):
        return "miss"
    if "personnel" in ids:
        return f"hit, {res.step('personnel').results[0]}"
    if res.step("penetration").results == ("no penetration",):
        return "no penetration"
    return res.step("damage").results[0]


def aimed_game(rules=None, profile="m4a1-sherman", facts=DUEL, target="pz4"):
    game = make_game(profile=profile)
    play(game, "tank_aim", [1], facts=facts, rules=rules or {}, target=target)
    return game


def check(odds, sampled: dict, n: int = N) -> None:
    for outcome, p in odds.outcomes:
        # below one expected count (p < 1/n) the normal band is too narrow for a count of
        # 1-2: the variance is floored at 1/n, a band of 4 counts (0.02 pp at N)
        sigma = math.sqrt(max(float(p) * (1 - float(p)), 1 / n) / n)
        got = sampled.get(outcome, 0.0)
        assert abs(got - float(p)) <= 4 * sigma + 1e-12, (outcome, got, float(p))
    assert set(sampled) <= {o for o, _ in odds.outcomes}


CASES = {
    "search": lambda: (ctx_of(make_game(), "tank_search",
                              options={"camouflage": "light", "commander_exposed": True}),
                       lambda r: r.step("search").results[0]),
    "aim": lambda: (ctx_of(make_game(), "tank_aim", facts=DUEL,
                           options={"paid": True, "coax_ranging": False}),
                    lambda r: r.step("aim").results[0]),
    "fire_vs_tank": lambda: (ctx_of(aimed_game(), "tank_fire", facts=DUEL), fire_outcome),
    "fire_card_best_location": lambda: (
        ctx_of(aimed_game({"penetration_model": "card"}, "vets_plus1",
                          Facts(distance_m=500.0, side_struck="front", in_arc=True, cover=0,
                                los=True)),
               "tank_fire", facts=Facts(distance_m=500.0, side_struck="front", in_arc=True,
                                        cover=0, los=True),
               options={"crew_te": "hit_location"},
               rules={"penetration_model": "card", "penetration_equal": "penetrates"}),
        fire_outcome),
    "fire_vs_infantry": lambda: (
        ctx_of(aimed_game(facts=Facts(distance_m=150.0, cover=2, in_arc=True, los=True),
                          target="gren"),
               "tank_fire", target="gren",
               facts=Facts(distance_m=150.0, cover=2, in_arc=True, los=True)),
        fire_outcome),
    "coax_mg": lambda: (ctx_of(make_game(), "tank_mg", target="gren",
                               facts=Facts(distance_m=120.0, cover=1, los=True)),
                        lambda r: r.step("wound").count("wound")),
}


#: Cases whose every sequence of faces is run (at most a few thousand runs of the resolver).
ENUMERATED = ("aim", "fire_card_best_location", "fire_vs_infantry", "search")


@pytest.mark.parametrize("name", ENUMERATED)
def test_odds_match_every_sequence_of_faces(name):
    ctx, outcome = CASES[name]()
    odds = ctx.odds()
    assert sum(p for _, p in odds.outcomes) == 1
    assert enumerate_rolls(lambda dice: outcome(ctx.resolve(dice))) == dict(odds.outcomes)


@pytest.mark.parametrize("name", sorted(set(CASES) - set(ENUMERATED)))
def test_odds_match_sampling(name):
    ctx, outcome = CASES[name]()
    odds = ctx.odds()
    assert sum(p for _, p in odds.outcomes) == 1
    sampled = simulate(lambda dice: outcome(ctx.resolve(dice)), N, seed=2024)
    check(odds, sampled, N)


def test_deterministic_actions_have_certain_odds():
    game = make_game()
    assert ctx_of(game, "tank_move", target=None).odds().outcomes[0][0] == "10 m"
    assert ctx_of(game, "tank_reload", target=None).odds().outcomes[0][1] == 1
    assert ctx_of(game, "tank_rotate_hull", target=None).odds().outcomes[0][0] == "turned right"


# --------------------------------------------------------------------------- bad dice


@pytest.mark.parametrize("faces, message", [
    ("11", "step 'Fire' needs a d10: 11 is not a face of a d10 (1–10)"),
    ("0", "step 'Fire' needs a d10: 0 is not a face of a d10 (1–10)"),
    ("five", "step 'Fire' needs a d10: 'five' is not a whole number"),
    ("3 4", "step 'Penetration' needs 1 × d10, only 0 values left"),
    ("3 4 3", "step 'Damage' needs 1 × d10, only 0 values left"),
    ("3 4 3 6", "step 'Crew member wounded' needs 1 × d5, only 0 values left"),
    ("3 4 3 6 6", "step 'Crew member wounded' needs a d5: 6 is not a face of a d5 (1–5)"),
    ("3 12", "step 'Hit location' needs a d10: 12 is not a face of a d10 (1–10)"),
])
def test_bad_fire_dice_name_the_die_and_step(faces, message):
    ctx = ctx_of(aimed_game(), "tank_fire", facts=DUEL)
    with pytest.raises(DiceError) as e:
        ctx.resolve(TypedDice(faces))
    assert str(e.value) == message


@pytest.mark.parametrize("action, kw, faces, message", [
    ("tank_aim", {"facts": DUEL}, "", "step 'Aim' needs 1 × d10, only 0 values left"),
    ("tank_aim", {"facts": DUEL}, "x", "step 'Aim' needs a d10: 'x' is not a whole number"),
    ("tank_search", {}, "10.5",
     "step \"Commander's search\" needs a d10: '10.5' is not a whole number"),
    ("tank_mg", {"target": "gren", "facts": Facts(distance_m=100.0, los=True)}, "1 2 3 4",
     "step '7.62 mm M1919A4 (coaxial) hit roll' needs 5 × d10, only 4 values left"),
])
def test_bad_dice_other_actions(action, kw, faces, message):
    ctx = ctx_of(make_game(), action, **kw)
    with pytest.raises(DiceError) as e:
        ctx.resolve(TypedDice(faces))
    assert str(e.value) == message


def test_system_die_is_a_d3():
    game = make_game({"penetrations": 0})
    play(game, "tank_aim", [1], facts=DUEL)
    # hit, tracks, pen 10: the tracks' maximum damage (PROPOSED) is crew killed + system
    ctx = ctx_of(game, "tank_fire", facts=DUEL)
    with pytest.raises(DiceError, match="step 'System damaged' needs a d3: 4 is not a face"):
        ctx.resolve(TypedDice("3 1 10 1 4"))
    res = ctx.resolve(TypedDice("3 1 10 1 2"))
    assert res.step("damage").results == ("crew_killed_system",)
    assert res.step("crew_killed").results == ("commander",)
    assert res.step("system").results == ("engine",)
