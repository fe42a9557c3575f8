"""engine.odds' whole-number shortcuts give icepool's own dice: `chain` against
`Die.map` (the mixture icepool builds), `success_weights` against `success_die`."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from engine.dice import D6, D10, D20, Comparison, Test
from engine.odds import chain, success_die, success_weights, successes


def exact(d: icepool.Die) -> dict:
    return {o: Fraction(q, d.denominator()) for o, q in d.items()}


TESTS = [Test(D10, 6, Comparison.LE), Test(D6, 4, Comparison.GE), Test(D20, 11, Comparison.GE),
         Test(D6, 7, Comparison.GE), Test(D6, 0, Comparison.GE)]


@pytest.mark.parametrize("test", TESTS, ids=str)
def test_success_weights_are_the_success_die(test):
    fail, ok = success_weights(test)
    assert exact(success_die(test)) == {k: Fraction(q, fail + ok)
                                        for k, q in ((0, fail), (1, ok)) if q}


@pytest.mark.parametrize("n", [0, 1, 3, 5])
@pytest.mark.parametrize(("hit", "wound"), [(TESTS[0], TESTS[1]), (TESTS[2], TESTS[3]),
                                            (TESTS[1], TESTS[4])])
def test_chain_equals_icepool_map(n, hit, wound):
    counts = successes(n, hit)
    got = chain(counts, lambda k: successes(k, wound))
    assert exact(got) == exact(counts.map(lambda k: successes(int(k), wound)))
    assert list(got.outcomes()) == sorted(got.outcomes())


def test_chain_of_plain_outcomes_goes_to_icepool():
    counts = icepool.d6
    got = chain(counts, lambda k: k * 2)
    assert exact(got) == exact(icepool.d6.map(lambda k: k * 2))
