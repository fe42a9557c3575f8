"""Hypothesis properties of the Civil War rules: a volley's exact odds against the
per-die chain computed by hand, the Terror-marker count under both readings, the range
thirds, the scatter."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.aftermath import terror_tests
from engine.rulesets.civil_war_company.artillery_rules import scatter_in
from engine.rulesets.civil_war_company.fire_rules import band_of, fire_odds, plan_fire
from engine.rulesets.civil_war_company.modifiers import Shooter, Target

RULES = CW.option_values()


def p_le(target: int) -> Fraction:
    return Fraction(max(0, min(6, target)), 6)


targets = st.builds(
    Target, traits=st.frozensets(st.sampled_from(("mob", "skirmisher", "specialist",
                                                  "partisan"))),
    arm=st.sampled_from(("infantry", "cavalry")),
    formation=st.sampled_from(("line", "column", "close_order", "open_order")),
    prone=st.booleans(), cover=st.integers(0, 4), in_ambush=st.booleans())
shooters = st.builds(Shooter, fire=st.integers(1, 6), moved=st.booleans(),
                     suppressed=st.booleans())


@settings(max_examples=60, deadline=None)
@given(shooters, targets, st.sampled_from(("short", "long", "extreme")), st.integers(0, 6))
def test_volley_odds_are_the_per_die_chain(s, t, band, n):
    plan = plan_fire(s, t, {band: n}, RULES)
    dist = fire_odds(plan)
    assert sum(p for _, p in dist.outcomes) == 1
    if n == 0:
        return
    g = plan.groups[0]
    p = p_le(g.hit.target) * p_le(g.result.target) * p_le(g.cover.target)
    assert dist.mean() == n * p                       # uncapped: target_stands = 99
    hits = dist.parts["hits"]
    assert hits.mean() == n * p_le(g.hit.target)


@given(st.integers(0, 20), st.integers(0, 20))
def test_terror_tests_every_second_marker(before, added):
    tests, after = terror_tests(before, added, {"terror_markers": "keep"})
    assert after == before + added
    assert tests == (before + added) // 2 - before // 2
    spent_tests, left = terror_tests(before, added, {"terror_markers": "spend"})
    assert left in (0, 1) and 2 * spent_tests + left == before + added


@given(st.floats(0, 100, allow_nan=False), st.floats(1, 100, allow_nan=False))
def test_thirds_are_ordered_and_exclusive(d, r):
    band = band_of(d, r)
    expected = "short" if d <= r / 3 + 1e-9 else "long" if d <= 2 * r / 3 + 1e-9 else \
        "extreme" if d <= r + 1e-9 else "out"
    assert band == expected
    mg = band_of(d, r, machine_gun=True)
    assert mg == (expected if expected in ("short", "long") else "out")


@given(st.integers(1, 6), st.integers(-3, 6))
def test_scatter_never_negative(face, accuracy):
    assert scatter_in(face, accuracy) == max(0, face - accuracy)
