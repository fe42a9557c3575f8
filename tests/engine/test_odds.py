"""Exact odds against hand-computed values, and against sampling of the real dice."""

from __future__ import annotations

from fractions import Fraction as F

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import D6, D8, D10, D20, Bands, Comparison, DiceError, draw
from engine.dice import Test as DiceTest
from engine.odds import (
    OutcomeDistribution,
    at_least,
    band_counts,
    band_die,
    chain,
    distribution,
    enumerate_rolls,
    p_test,
    simulate,
    success_die,
    successes,
    sum_of,
)

LE, GE, GT = Comparison.LE, Comparison.GE, Comparison.GT


def test_single_d10_roll_under():
    assert p_test(DiceTest(D10, 6)) == F(3, 5)
    assert p_test(DiceTest(D10, 0)) == 0
    assert p_test(DiceTest(D10, 10)) == 1


def test_natural_one_and_ten():
    nat = {"natural_success": 1, "natural_failure": 10}
    assert p_test(DiceTest(D10, 0, **nat)) == F(1, 10)
    assert p_test(DiceTest(D10, 12, **nat)) == F(9, 10)
    assert p_test(DiceTest(D10, 6, **nat)) == F(6, 10)


def test_other_directions_of_good():
    assert p_test(DiceTest(D20, 8, GE)) == F(13, 20)    # seed 002: d20 ≥ LDR 8
    assert p_test(DiceTest(D6, 5, GE)) == F(1, 3)       # seed 003: success on 5–6
    assert p_test(DiceTest(D8, 3, GT)) == F(5, 8)       # seed 004: d8 > level 3
    assert p_test(DiceTest(D6, 7, LE, dice=2)) == F(21, 36)   # seed 001: 2d6 ≤ 7
    assert p_test(DiceTest(D10, 7, GT, roll_bonus=2)) == F(5, 10)  # d10 + 2 > 7


def test_pool_at_least_two_of_three():
    # 3 dice ≤ 6: P(≥ 2) = 3·0.36·0.4 + 0.216 = 0.648
    dist = successes(3, DiceTest(D10, 6))
    figures = at_least(dist)
    assert figures[2] == pytest.approx(0.648, abs=1e-12)
    assert figures == pytest.approx({0: 1.0, 1: 0.936, 2: 0.648, 3: 0.216}, abs=1e-12)
    exact = distribution("hits", dist).at_least()
    assert exact[2] == F(81, 125)


def test_empty_pool_and_bad_size():
    assert distribution("x", successes(0, DiceTest(D10, 6))).outcomes == ((0, F(1)),)
    with pytest.raises(ValueError, match="pool size must be ≥ 0"):
        successes(-1, DiceTest(D10, 6))


def test_chain_hits_then_wounds_is_the_exact_mixture():
    hit, wound = DiceTest(D10, 6), DiceTest(D10, 5)
    wounds = chain(successes(2, hit), lambda k: successes(k, wound))
    # Each of 2 shots wounds with 0.6 · 0.5 = 0.3, independently.
    d = distribution("wounds", wounds)
    assert d.probability(0) == F(49, 100)
    assert d.probability(1) == F(42, 100)
    assert d.probability(2) == F(9, 100)


def test_band_counts_wound_suppression_miss():
    bands = Bands(D10, LE, ((6, "wound"), (8, "suppression")), "miss")
    one = band_die(bands)
    assert one.probability("wound") == F(3, 5) and one.probability("miss") == F(1, 5)
    two = distribution("two", band_counts(2, bands))
    assert two.probability((1, 1, 0)) == 2 * F(6, 10) * F(2, 10)
    assert two.probability((0, 0, 2)) == F(1, 25)
    assert distribution("none", band_counts(0, bands)).outcomes == (((0, 0, 0), F(1)),)


def test_summed_bands():
    # 2d6 + 0 read as ≥ 10 "great", ≥ 7 "good", else "poor": 6/36, 15/36, 15/36.
    d = band_die(Bands(D6, GE, ((10, "great"), (7, "good")), "poor", dice=2))
    assert (d.probability("great"), d.probability("good"), d.probability("poor")) == \
        (F(6, 36), F(15, 36), F(15, 36))


def test_success_die_is_bernoulli():
    d = success_die(DiceTest(D10, 3))
    assert d.probability(1) == F(3, 10) and d.probability(0) == F(7, 10)


def test_outcome_distribution_checks_and_order():
    with pytest.raises(ValueError, match="sum to 1/2, not 1"):
        OutcomeDistribution("bad", ((0, F(1, 2)),))
    d = OutcomeDistribution.from_die("hits", successes(1, DiceTest(D10, 6)),
                                     order=[1, 0, 2])
    assert [o for o, _ in d.outcomes] == [1, 0, 2]
    assert d.probability(2) == 0
    assert d.mean() == F(3, 5)
    assert d.to_dict()["outcomes"][0] == [1, 0.6, "3/5"]
    with pytest.raises(ValueError, match="order lacks outcomes"):
        OutcomeDistribution.from_die("hits", successes(2, DiceTest(D10, 6)), order=[0, 1])
    with pytest.raises(ValueError, match="needs numeric outcomes"):
        OutcomeDistribution.from_die("x", band_die(
            Bands(D10, LE, ((5, "a"),), "b"))).at_least()


def test_at_least_accepts_icepool_die():
    assert at_least(icepool.Die([0, 1])) == {0: 1.0, 1: 0.5}


def test_simulation_agrees_with_exact_odds():
    hit, wound = DiceTest(D10, 6), DiceTest(D10, 5)

    def resolve(dice):
        hits = sum(hit.passes([f]) for f in draw(dice, D10, 3, label="hit").faces)
        return sum(wound.passes([f]) for f in draw(dice, D10, hits, label="wound").faces)

    exact = distribution("w", chain(successes(3, hit), lambda k: successes(k, wound)))
    sampled = simulate(resolve, 20_000, seed=11)
    for k, p in exact.outcomes:
        # 20 000 samples: the standard error is ≤ 0.0036; 5 of them is a loose bound
        # that a wrong exact figure (off by one die, or by 0.1 on p) still breaks.
        assert sampled.get(k, 0.0) == pytest.approx(float(p), abs=0.018)
    assert simulate(resolve, 500, seed=3) == simulate(resolve, 500, seed=3)
    with pytest.raises(ValueError, match="n must be ≥ 1"):
        simulate(resolve, 0, seed=1)
    assert DiceError  # typed errors come from engine.dice


def test_every_sequence_of_faces_gives_the_exact_odds():
    hit, wound = DiceTest(D10, 6), DiceTest(D10, 5)

    def resolve(dice):
        hits = sum(hit.passes([f]) for f in draw(dice, D10, 2, label="hit").faces)
        return sum(wound.passes([f]) for f in draw(dice, D10, hits, label="wound").faces)

    exact = distribution("w", chain(successes(2, hit), lambda k: successes(k, wound)))
    assert enumerate_rolls(resolve) == dict(exact.outcomes)
    # dice of several sizes, the second depending on the first: 2d6 then a d8 on doubles
    def doubles(dice):
        a, b = draw(dice, D6, 2, label="2d6").faces
        return a + b + (draw(dice, D8, 1, label="d8").faces[0] if a == b else 0)

    got = enumerate_rolls(doubles)
    assert sum(got.values()) == 1
    assert 2 not in got  # a double one always adds the d8
    assert got[3] == F(2, 36) + F(1, 36) * F(1, 8)  # 1+2, 2+1, or 1+1 and a 1 on the d8
    assert got[20] == F(1, 36) * F(1, 8)  # 6+6 and an 8


def test_enumerating_rolls_is_bounded_and_not_swallowed_by_rule_code():
    def reroll_ties(dice):
        while True:  # a re-roll until no tie: an endless tree
            a, b = draw(dice, D6, 2, label="contest").faces
            if a != b:
                return a > b

    with pytest.raises(ValueError, match="more than 500 runs"):
        enumerate_rolls(reroll_ties, limit=500)

    def careless(dice):
        try:
            return draw(dice, D6, 1, label="d6").faces[0] > 3
        except Exception:  # rule code catching everything still lets the walk go on
            return None

    assert enumerate_rolls(careless) == {True: F(1, 2), False: F(1, 2)}


def test_band_naturals_priced():
    # Skill check 5 + T&E 2 = 7, natural 10 fumbles: 7/10 success, 2/10 non-success, 1/10.
    skill = Bands(D10, LE, ((7, "success"),), "non-success", naturals=((10, "fumble"),))
    d = band_die(skill)
    assert (d.probability("success"), d.probability("non-success"),
            d.probability("fumble")) == (F(7, 10), F(2, 10), F(1, 10))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.integers(-4, 16), st.integers(1, 12), min_size=1, max_size=6),
       st.integers(0, 14))
def test_sum_of_is_icepools_sum_weight_for_weight(weights, n):
    """sum_of convolves small integer dice itself: the very outcomes and weights of
    icepool's `n @ die` (not only the same probabilities), wide dice included."""
    die = icepool.Die(weights)
    ours, theirs = sum_of(n, die), n @ die
    assert list(ours.items()) == list(theirs.items())
    assert ours.denominator() == theirs.denominator()


def test_sum_of_leaves_other_dice_to_icepool():
    coin = icepool.Die({True: 1, False: 1})
    assert list(sum_of(3, coin).items()) == list((3 @ coin).items())
    gap = icepool.Die({0: 1, 1: 0, 2: 1})  # a weight of 0 kept as icepool keeps it
    assert list(sum_of(2, gap).items()) == list((2 @ gap).items())
    assert sum_of(30, success_die(DiceTest(D10, 6))).probability(30) == F(3, 5) ** 30
