"""Per-member cover inside a squad (issue 9 point 7): each wound die is read against the
cover of the man its hit fell on, measured per man in one pass, odds exact and agreeing
with a seeded simulation; a squad all in one cover gives exactly the single-cover numbers."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.ih_examples import PROFILES
from engine.dice import RandomDice, ScriptedDice
from engine.facts import facts_for, parse_fact
from engine.measure import measure_pair
from engine.model import Game
from engine.options import SchemaError
from engine.protocol import Facts
from engine.rulesets.iron_hearts import RULESET as IH
from engine.rulesets.iron_hearts.squad_cover import MEMBER_COVER, open_first_order, squad_of
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece

SQUAD = ("vova", "tolik", "zhora", "sasha")


def wall_game() -> Game:
    """An MG 20" from a squad of four: vova and tolik just behind a wall (cover 2),
    zhora and sasha in the open beside it."""
    b = BaseShape.round(25)
    units = [Unit("mg", "axis", "gunner", 0.0, 0.0, b),
             Unit("cmd", "allies", "commander", 30.0, 0.0, b)]
    at = {"vova": (20.6, -0.8), "tolik": (20.6, 0.8), "zhora": (20.6, 10.0),
          "sasha": (20.6, 12.0)}
    units += [Unit(uid, "allies", "soldier", x, y, b, parent="cmd")
              for uid, (x, y) in at.items()]
    wall = TerrainPiece("wall-1", "wall", line=[(20.0, -3.0), (20.0, 3.0)])
    return Game(Scenario("wall", "iron-hearts", Table(metres_per_inch=2.5), [wall], units,
                         profiles=PROFILES))


@pytest.fixture()
def g() -> Game:
    return wall_game()


def shoot(g: Game, facts: Facts, rules: dict | None = None, **options):
    return IH.context("shoot", actor=g.unit("mg"), target=g.unit("vova"), weapon="mg42",
                      options={"squad": True, **options}, facts=facts, game=g,
                      rules=rules or {})


def measured(g: Game, **overrides) -> Facts:
    return facts_for(g.scenario, "shoot", "mg", "vova", weapon="mg42", overrides=overrides)


def wounds_of(res) -> int:
    return sum(s.count("wound") for s in res.steps if s.id.endswith("wound"))


def odds_table(ctx) -> dict:
    return dict(ctx.odds().outcomes)


# --------------------------------------------------------------------------- the fact


def test_member_cover_is_measured_for_each_man_of_the_squad(g):
    f = measured(g)
    per = f.get("member_cover")
    assert per == {"vova": 2, "tolik": 2, "zhora": 0, "sasha": 0}
    # the one-pass measurement gives what measuring each pair gives
    assert all(per[u] == measure_pair(g.scenario, "mg", u).cover for u in SQUAD)
    assert f.cover == 2 and "member_cover" not in f.overridden
    assert [u.id for u in squad_of(g.scenario.units, g.unit("zhora"))] == \
        ["zhora", "vova", "tolik", "sasha"]


def test_overriding_one_man_keeps_the_others_measured(g):
    hand = parse_fact("member_cover", "zhora:3", MEMBER_COVER)
    f = measured(g, member_cover=hand)
    assert f.get("member_cover") == {"vova": 2, "tolik": 2, "zhora": 3, "sasha": 0}
    assert "member_cover" in f.overridden
    with pytest.raises(SchemaError, match=r"facts\.member_cover\.zhora: expected a whole "
                                          r"number 0–4"):
        measured(g, member_cover={"zhora": 7})


def test_cover_typed_by_hand_stands_for_the_whole_squad(g):
    ctx = shoot(g, measured(g, cover=0))
    assert ctx.action._plan(ctx)[0].covers == (0, 0, 0, 0)
    ctx = shoot(g, measured(g, cover=0, member_cover={"sasha": 4}))
    assert ctx.action._plan(ctx)[0].covers == (2, 2, 0, 4)
    # a bare level where one per man is expected: refused, naming the fact
    with pytest.raises(SchemaError, match=r"facts\.member_cover: expected a cover level "
                                          r"per man"):
        shoot(g, Facts(distance_m=50.0, cover=1).override(member_cover=2)).odds()


# --------------------------------------------------------------------------- steps


def test_each_wound_die_is_read_against_the_cover_of_the_man_hit(g):
    # 5 MG dice, 3 hits; d4 allocation: vova, zhora, tolik; Damage 7
    res = shoot(g, measured(g)).resolve(ScriptedDice([1, 1, 1, 9, 9, 1, 3, 2, 6, 3, 6]))
    assert [s.id for s in res.steps] == ["hit", "allocate", "cover2-wound", "cover0-wound"]
    behind, open_ = res.step("cover2-wound"), res.step("cover0-wound")
    # behind the wall: Damage 7 − 2 = 5 wounds, 6–7 suppresses (§4.4-4)
    assert behind.bands == ((5, "wound"), (7, "suppression"))
    assert behind.rolls[0].faces == (6, 3) and behind.results == ("suppression", "wound")
    assert "vova, tolik" in str(behind.label)
    # in the open: the same 6 wounds zhora
    assert open_.bands == ((7, "wound"),) and open_.results == ("wound",)
    assert wounds_of(res) == 2
    assert "3 hits, 2 wounds, 3 suppression" in str(res.summary)
    hp = {e.unit: e for e in res.change.effects if getattr(e, "key", None) == "hp"}
    assert set(hp) <= {"tolik", "zhora"}


def test_a_squad_in_one_cover_gives_the_single_cover_steps(g):
    dice = [1, 1, 1, 9, 9, 1, 3, 2, 6, 3, 6]
    per = shoot(g, measured(g, member_cover={"zhora": 2, "sasha": 2})).resolve(
        ScriptedDice(dice))
    one = shoot(g, Facts(distance_m=measured(g).distance_m, cover=2)).resolve(
        ScriptedDice(dice))
    assert per.steps == one.steps and per.summary == one.summary
    assert [s.id for s in per.steps] == ["hit", "allocate", "wound"]


def test_open_first_puts_the_hits_on_the_men_in_the_open(g):
    assert open_first_order([2, 2, 0, 0]) == [2, 3, 0, 1]
    res = shoot(g, measured(g), {"hit_allocation": "open_first"}).resolve(
        ScriptedDice([1, 1, 1, 9, 9, 6, 6, 6]))
    alloc = res.step("allocate")
    assert alloc.rolls == () and alloc.results == ("zhora", "sasha", "vova")
    assert "PROPOSED" in str(alloc.note)
    assert [s.id for s in res.steps] == ["hit", "allocate", "cover0-wound", "cover2-wound"]
    assert wounds_of(res) == 2


# --------------------------------------------------------------------------- odds


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def test_random_allocation_odds_mix_the_covers_exactly(g):
    # a hit (1/2) falls on a man behind the wall (wounds 5/10) or in the open (7/10)
    # as likely: each die wounds with 1/2 × (1/2 × 5/10 + 1/2 × 7/10) = 3/10
    odds = odds_table(shoot(g, measured(g)))
    assert odds == binomial(5, Fraction(3, 10))
    # the whole squad behind the wall: 1/2 × 5/10 = 1/4 a die, as the single cover gives
    all_two = odds_table(shoot(g, measured(g, member_cover={"zhora": 2, "sasha": 2})))
    assert all_two == binomial(5, Fraction(1, 4)) == odds_table(
        shoot(g, Facts(distance_m=50.0, cover=2)))


def test_open_first_odds_follow_the_order_of_the_hits(g):
    # the first two hits fall in the open (7/10 each), the third and fourth behind the
    # wall (5/10), the fifth in the open again
    ctx = shoot(g, measured(g), {"hit_allocation": "open_first"})
    odds = odds_table(ctx)
    p_hits = binomial(5, Fraction(1, 2))
    per_hit = [Fraction(7, 10), Fraction(7, 10), Fraction(5, 10), Fraction(5, 10),
               Fraction(7, 10)]
    expect = {w: Fraction(0) for w in range(6)}
    for k, pk in p_hits.items():
        dist = {0: Fraction(1)}
        for p in per_hit[:k]:
            nxt: dict[int, Fraction] = {}
            for w, q in dist.items():
                nxt[w] = nxt.get(w, 0) + q * (1 - p)
                nxt[w + 1] = nxt.get(w + 1, 0) + q * p
            dist = nxt
        for w, q in dist.items():
            expect[w] += pk * q
    assert odds == expect
    assert odds != odds_table(shoot(g, measured(g)))


@pytest.mark.parametrize("allocation", ["random", "open_first"])
def test_odds_agree_with_a_seeded_simulation(g, allocation):
    ctx = shoot(g, measured(g), {"hit_allocation": allocation}, volleys=2)
    exact = ctx.odds()
    dice = RandomDice(seed=20261201)
    n = 3000
    counts = np.bincount([wounds_of(ctx.resolve(dice)) for _ in range(n)], minlength=11)
    for w, p in exact.outcomes:
        share = counts[w] / n
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(share - float(p)) <= 4 * sd + 1e-9, (w, share, float(p))
    supp = dict(exact.parts["suppression"].outcomes)
    assert sum(p for s, p in supp.items() if s != 0) > 0


# --------------------------------------------------------------------------- property


@settings(max_examples=40, deadline=None)
@given(cover=st.integers(0, 4), volleys=st.integers(1, 3),
       source=st.sampled_from(["hits", "cover_band", "both"]),
       effect=st.sampled_from(["damage", "accuracy", "both"]),
       allocation=st.sampled_from(["random", "open_first"]),
       squad=st.booleans())
def test_one_shared_cover_gives_exactly_the_single_cover_odds(cover, volleys, source, effect,
                                                               allocation, squad):
    g = wall_game()
    rules = {"suppression_source": source, "cover_effect": effect}
    members = {u: cover for u in SQUAD}
    per = shoot(g, Facts(distance_m=50.0, cover=cover).override(member_cover=members),
                {**rules, "hit_allocation": allocation}, volleys=volleys, squad=squad)
    one = shoot(g, Facts(distance_m=50.0, cover=cover), rules, volleys=volleys, squad=squad)
    a, b = per.odds(), one.odds()
    if allocation == "random":
        assert a == b
    else:  # the same numbers, through the ordered programme
        assert dict(a.outcomes) == dict(b.outcomes)
        assert {k: dict(v.outcomes) for k, v in a.parts.items()} == \
            {k: dict(v.outcomes) for k, v in b.parts.items()}
