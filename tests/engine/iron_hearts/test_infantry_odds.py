"""Exact odds against the resolver: for every infantry action, the exact distribution from
`odds` equals the resolver's run on every sequence of faces (engine.odds.enumerate_rolls)
where the action rolls few dice, and agrees with a seeded simulation of `resolve` within
4σ for each outcome where it rolls many (N samples; engine.odds.simulate draws its dice
in numpy batches). Plus hand-computed exact figures.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction as F

import pytest

from bench.ih_examples import ctx, game
from engine.dice import ScriptedDice
from engine.odds import OutcomeDistribution, enumerate_rolls, simulate
from engine.options import Modifier
from engine.protocol import Context, Facts, Resolution

#: What the sampled checks must catch: the resolver and the odds disagreeing by one face of a
#: d10 (10 pp a die) in a step that decides at least a third of the runs, i.e. an outcome
#: off by 3.3 pp. At N = 8,000 the 4σ band is at most 4·√(¼/N) = 2.24 pp (narrower for rare
#: outcomes), so an outcome off by 3.4 pp (6σ) fails with ≥ 97.7 % probability, and one
#: off by 2.8 pp (5σ) with ≥ 84 %. Exact comparisons (every sequence of faces, hand-worked
#: fractions) cover the rest.
N = 8_000


def agree(dist: OutcomeDistribution, freq: dict[Hashable, float], n: int) -> None:
    """Every outcome's sampled frequency within 4σ of its exact probability; nothing
    sampled that the odds call impossible."""
    exact = dict(dist.outcomes)
    assert set(freq) <= set(exact), f"sampled outcomes not in the odds: {set(freq) - set(exact)}"
    for o, p in exact.items():
        # below one expected count (p < 1/n) the normal band is too narrow for a count of
        # 1-2: the variance is floored at 1/n, a band of 4 counts (0.02 pp at N)
        sigma = math.sqrt(max(float(p) * (1 - float(p)), 1 / n) / n)
        assert abs(freq.get(o, 0.0) - float(p)) <= 4 * sigma + 1e-12, (o, float(p), freq.get(o))


def marginal(freq: dict[tuple, float], i: int) -> dict[Hashable, float]:
    out: Counter = Counter()
    for k, v in freq.items():
        out[k[i]] += v
    return dict(out)


def check(c: Context, key: Callable[[Resolution], Hashable], n: int, seed: int = 11) -> None:
    agree(c.odds(), simulate(lambda d: key(c.resolve(d)), n, seed), n)


def exact(c: Context, key: Callable[[Resolution], Hashable]) -> None:
    """The odds equal the resolver run on every sequence of faces: no sampling error."""
    assert enumerate_rolls(lambda d: key(c.resolve(d))) == dict(c.odds().outcomes)


# --------------------------------------------------------------------------- shooting


@pytest.mark.parametrize("source", ["hits", "both"])
def test_shoot_wounds_and_suppression_match_sampling(source):
    g = game()
    c = ctx(g, "shoot", "mg", targets=("vova", "tolik", "zhora"), weapon="mg42",
            options={"volleys": 2}, facts=Facts(distance_m=60.0, cover=2),
            rules={"suppression_source": source})
    from_hit, from_band = source in ("hits", "both"), source in ("cover_band", "both")

    def key(r: Resolution) -> tuple[int, int]:
        w = r.step("wound")
        return (w.count("wound"),
                r.step("hit").count("hit") * from_hit + w.count("suppression") * from_band)

    odds = c.odds()
    freq = simulate(lambda d: key(c.resolve(d)), N, 5)
    agree(odds, marginal(freq, 0), N)
    agree(odds.parts["suppression"], marginal(freq, 1), N)


def test_shoot_exact_figures_by_hand():
    g = game()
    # Accuracy 5, MG-42 Damage 7 vs cover 2: p(wound per die) = 1/2 · 1/2 = 1/4.
    c = ctx(g, "shoot", "mg", "vova", weapon="mg42", facts=Facts(distance_m=60.0, cover=2))
    odds = c.odds()
    assert odds.probability(0) == F(3, 4) ** 5
    assert odds.parts["hits"].at_least()[1] == 1 - F(1, 2) ** 5
    # beyond Range (150 < 200 ≤ 300): only a natural 1 hits.
    far = ctx(g, "shoot", "mg", "vova", weapon="mg42", facts=Facts(distance_m=200.0, cover=0))
    assert far.odds().parts["hits"].probability(0) == F(9, 10) ** 5
    assert far.odds().probability(5) == (F(1, 10) * F(7, 10)) ** 5
    # cover as an Accuracy penalty (§4.A-1 reading a): d10 ≤ 3, then Damage 7 unreduced.
    acc = ctx(g, "shoot", "mg", "vova", weapon="mg42", facts=Facts(distance_m=60.0, cover=2),
              rules={"cover_effect": "accuracy"})
    assert acc.odds().probability(0) == (1 - F(3, 10) * F(7, 10)) ** 5


def test_snap_fire_and_beyond_range_match_sampling():
    g = game()
    c = ctx(g, "shoot", "mg", "vova", weapon="mg42", facts=Facts(distance_m=200.0, cover=1),
            options={"volleys": 3})
    check(c, lambda r: r.step("wound").count("wound"), N)


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("action,actor,opts", [
    ("detect", "sarge", {}), ("overcome", "vova", {}), ("skill", "sarge", {}),
    ("stat_test", "ninja", {"stat": "melee"}),
])
def test_single_die_tests_match_every_face(action, actor, opts):
    g = game()
    g.unit("vova").state["mm_penalties"] = [2]
    c = ctx(g, action, actor, options=opts)
    exact(c, lambda r: r.steps[0].results[0])


def test_skill_and_detection_exact():
    g = game()
    assert ctx(g, "skill", "sarge").odds().outcomes == (
        ("success", F(7, 10)), ("non-success", F(2, 10)), ("fumble", F(1, 10)))
    assert ctx(g, "detect", "sarge").odds().probability("detected") == F(1, 2)
    # a natural 10 fumbles even when 5 + T&E ≥ 10
    easy = [("skill", Modifier("easy", 5))]
    assert ctx(g, "skill", "sarge", extra_modifiers=easy).odds().probability("fumble") == \
        F(1, 10)
    # a Guts stat test carries the MM penalty: 7 − 2
    g.unit("vova").state["mm_penalties"] = [2]
    assert ctx(g, "stat_test", "vova").odds().probability("success") == F(1, 2)


def test_death_roll_matches_every_face():
    g = game()
    g.unit("vova").state["hp"] = 0
    c = ctx(g, "death_roll", "vova")
    assert c.odds().outcomes == (("dead", F(1, 2)), ("wounded", F(1, 2)))
    exact(c, lambda r: r.summary.split(":")[0].replace("alive but wounded", "wounded"))


def test_suppression_tests_match_every_sequence_of_faces():
    g = game()
    g.unit("vova").markers["suppression"] = 3
    g.unit("vova").state["mm_penalties"] = [2, 2, 1]
    c = ctx(g, "suppression_test", "vova")
    odds = c.odds()
    # Guts 7 − 5 = 2 → p = 1/5 per test
    assert odds.probability(3) == F(1, 125)
    assert odds.parts["acts"].probability("acts") == F(1, 125)
    exact(c, lambda r: r.step("guts").count("pass"))


def test_rally_matches_every_sequence_of_faces():
    g = game()
    g.unit("vova").markers["suppression"] = 2
    g.unit("tolik").state["cannot_act"] = True
    c = ctx(g, "rally", "cmd", targets=("vova", "tolik", "zhora"))
    # Vova needs 2 passes, Tolik 1, Zhora none: p = 9/10
    assert c.odds().probability(2) == F(9, 10) ** 3
    exact(c, lambda r: len(r.summary.split(" act again")[0].split(", "))
          if "act again" in r.summary else 0)


# --------------------------------------------------------------------------- melee


@pytest.mark.parametrize("rules", [{}, {"melee_tie": "reroll",
                                        "melee_wound_vs": "weapon_damage"}])
def test_melee_matches_sampling(rules):
    g = game()
    c = ctx(g, "melee", "zhora", "cmd", rules=rules)
    check(c, lambda r: r.step("melee").outcome, N)


def test_melee_one_exchange_exact_when_suppressed():
    g = game()
    g.unit("zhora").markers["suppression"] = 1        # loses the initiative outright
    c = ctx(g, "melee", "zhora", "vova", rules={"melee_exchanges": "one"})
    # vova strikes first: P(at least one wound from 3 dice, each 0.6 · 0.6) = 1 − 0.64³
    p_down = 1 - F(16, 25) ** 3
    odds = c.odds()
    assert odds.probability("attacker down") == p_down
    assert odds.probability("both down") == 0
    assert odds.probability("defender down") == (1 - p_down) * p_down


def test_assault_matches_sampling():
    g = game()
    c = ctx(g, "assault", "zhora", "mg", facts=Facts(distance_m=20.0),
            options={"grenade": "hit"})

    def key(r: Resolution) -> str:
        if r.summary.startswith("assault check failed"):
            return "check failed"
        if r.summary.startswith("stopped by snap fire"):
            return "stopped by snap fire"
        return r.step("melee").outcome

    check(c, key, N)


def test_assault_check_exact():
    g = game()
    # Guts 7 + grenade hit 1 − fortification 2 = 6 (PROPOSED)
    c = ctx(g, "assault", "zhora", "mg", facts=Facts(distance_m=20.0),
            options={"grenade": "hit", "fortification": 2})
    assert c.odds().probability("check failed") == F(4, 10)


# --------------------------------------------------------------------------- grenade


@pytest.mark.parametrize("mode", ["round_robin", "wasted"])
def test_grenade_matches_sampling(mode):
    g = game()
    c = ctx(g, "grenade", "zhora", "vova", weapon="hand-grenade",
            facts=Facts(distance_m=20.0, under_template=("vova", "tolik")),
            rules={"grenade_dice": mode})
    odds = c.odds()
    counted = 5 if mode == "round_robin" else 2
    assert odds.probability(0) == F(1, 2) + F(1, 2) * F(9, 10) ** counted
    check(c, lambda r: int(r.summary.split()[0]) if len(r.steps) > 1 else 0, N)


# --------------------------------------------------------------------------- no dice


def test_rule_facts_have_certain_odds():
    g = game()
    mv = ctx(g, "move", "vova", options={"ap": 3})
    assert mv.odds().outcomes == ((50.0, F(1)),)
    assert ctx(g, "move", "vova", options={"ap": 3}, rules={"sprint": "45m"}).odds() \
        .outcomes == ((45.0, F(1)),)
    assert ctx(g, "move", "vova", options={"ap": 2, "difficult": True}).odds().outcomes == \
        ((15.0, F(1)),)
    for d, band in ((50.0, "voice"), (50.5, "whistle"), (100.0, "whistle"),
                    (100.1, "radio_or_nco")):
        c = ctx(g, "command_range", "cmd", "vova", facts=Facts(distance_m=d))
        assert c.odds().outcomes == ((band, F(1)),)
        assert c.resolve(ScriptedDice([])).summary == band
