"""The scatter odds summed as whole numbers (engine.board_ops.group_landings / mix_landings,
the Boets template's penetration sums, the Civil War stands lost per landing) give the same
exact Fractions as the plain way: a Fraction per landing added up in a dict, an icepool
mixture of the landing dice, an icepool sum of one penetration die per unit, the packed
Civil War stand dice summed.

The plain way is kept here as the oracle, and every scatter the sample tables offer (Boets
template fire at each unit with each blast weapon, Civil War artillery at each unit) is
compared fraction for fraction, outcome order included.
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import icepool
import numpy as np
import pytest

from engine.board_ops import (
    BoardOps,
    Landing,
    ScatterRule,
    group_landings,
    mix_landings,
    scatter_d6,
    scatter_d20,
)
from engine.dice import Die
from engine.model import Game
from engine.odds import successes
from engine.play import PlayRequest, plan
from engine.protocol import ActionRefused
from engine.scenario_io import load_scenario
from geometry.template_odds import LandingHits, landings

SCENARIOS = Path(__file__).resolve().parents[2] / "resources" / "scenarios"


def oracle_landings(hits: LandingHits, rule) -> list[Landing]:
    """A Fraction per landing, added in a dict in landing order (the plain way)."""
    p_of = dict(rule.scheme.distance_weights())
    n = rule.direction.sides
    out: dict[tuple, Fraction] = {}
    for j, d in enumerate(hits.landings.distance):
        p = p_of[float(d)] if d == 0 else p_of[float(d)] / n
        key = (tuple(hits.ids[k] for k in np.flatnonzero(hits.under[:, j])),
               hits.ids[hits.hole[j]] if hits.hole[j] >= 0 else None)
        out[key] = out.get(key, Fraction(0)) + p
    return [Landing(u, h, p) for (u, h), p in out.items()]


def oracle_mix(parts, then) -> icepool.Die:
    den = math.lcm(*(x.probability.denominator for x in parts))
    dice = [d if isinstance(d, icepool.Die) else icepool.Die(d) for d in map(then, parts)]
    return icepool.Die(dice, times=[int(x.probability * den) for x in parts])


def exact(d: icepool.Die) -> dict:
    return {o: Fraction(q, d.denominator()) for o, q in d.items()}


def _game(name: str) -> Game:
    return Game.from_meta(load_scenario(SCENARIOS / name), {})


@pytest.mark.parametrize("rule", [scatter_d6(1), scatter_d6(3), scatter_d20(1.0),
                                  scatter_d20(0.5)], ids=lambda r: r.scheme.label)
@pytest.mark.parametrize("shape", ["blast-3", "blast-5"])
def test_grouped_landings_equal_a_fraction_per_landing(rule, shape):
    game = _game("boets-velian-ridge.json")
    board = BoardOps(game)
    for u in game.scenario.units[::4]:
        hits = board.landing_hits(shape, (u.x, u.y), rule)
        want = oracle_landings(hits, rule)
        got = group_landings(hits, rule)
        assert got == want, u.id
        assert sum(x.probability for x in got) == 1


def test_grouped_landings_over_many_units_use_whole_rows():
    """More units ever under the template than a one-number key holds: the row key."""
    rule = scatter_d20(1.0)
    land = landings((0.0, 0.0), rule.scheme, 12)
    m, n = land.weights.size, 60
    rng = np.random.default_rng(3)
    under = rng.random((n, m)) < 0.5
    hole = np.where(rng.random(m) < 0.5, rng.integers(0, n, m), -1)
    hits = LandingHits(tuple(f"u{k}" for k in range(n)), under, hole, land)
    small = ScatterRule(rule.scheme, Die(12))
    assert group_landings(hits, small) == oracle_landings(hits, small)


def test_mixture_equals_an_icepool_mixture():
    parts = [Landing(("a",), None, Fraction(1, 3)), Landing(("a", "b"), "a", Fraction(1, 2)),
             Landing((), None, Fraction(1, 6))]
    dice = {("a",): icepool.d6 // 4, ("a", "b"): icepool.d8 + icepool.d4, (): icepool.Die([0])}
    got = mix_landings(parts, lambda la: dice[la.under])
    assert exact(got) == exact(oracle_mix(parts, lambda la: dice[la.under]))
    assert list(got.outcomes()) == sorted(got.outcomes())


def _scatter_requests(name: str, action: str, weapons):
    game = _game(name)
    from engine.rulesets.registry import get_ruleset

    rs = get_ruleset(game.scenario.ruleset)
    actors = [u for u in game.scenario.units
              if any(a.id == action for a in rs.actions_for(u, profiles=game.scenario.profiles))]
    assert actors, f"{name}: nobody can take {action}"
    kinds = {r.name for r in rs.action(action).roles}
    for t in game.scenario.units:
        if t.id == actors[0].id:
            continue
        for w in weapons:
            yield PlayRequest(game, action, actors[0].id,
                              target=t.id if "target" in kinds else None,
                              point=(t.x, t.y) if "point" in kinds else None, weapon=w)


@pytest.mark.parametrize(("name", "action", "weapons"), [
    ("boets-velian-ridge.json", "template_fire", ("grenade", "shell", "artillery")),
    ("civil-war-vasylivka.json", "artillery_fire", (None,)),
])
def test_sample_table_scatter_odds_equal_the_plain_way(name, action, weapons, monkeypatch):
    """Every scatter on the sample table: the odds as shipped, then again with the plain
    way put back (Fraction per landing, icepool mixture, icepool penetration sum)."""
    import engine.board_ops as board_ops
    from engine.rulesets.boets_sci_fi import fire
    from engine.rulesets.civil_war_company import artillery, artillery_rules

    plans, fast = [], []
    for req in _scatter_requests(name, action, weapons):
        try:
            p = plan(req)
            fast.append(p.context.odds())
        except (ActionRefused, ValueError):  # out of range or sight: no scatter to price
            continue
        plans.append(p)
    assert len(plans) >= 10

    monkeypatch.setattr(board_ops, "group_landings", oracle_landings)
    board_ops.clear_landings()  # the landings kept from the fast way: worked out again
    monkeypatch.setattr(board_ops, "mix_landings", oracle_mix)
    monkeypatch.setattr(fire, "mix_landings", oracle_mix)

    def plain_pens(self, ctx, w, ids, friends_only, memo=None):
        total = icepool.Die([0])
        for u in self._victims(ctx, ids, w):
            if not (friends_only and u.side != ctx.actor.side):
                total = total + successes(1, self._pen(ctx, w, u)[0])
        return total

    def plain_wounded(self, ctx, w, ids, memo):
        return (dict(plain_pens(self, ctx, w, ids, False).items()),
                dict(plain_pens(self, ctx, w, ids, True).items()))

    monkeypatch.setattr(fire.TemplateFire, "_pens", plain_pens)
    monkeypatch.setattr(fire.TemplateFire, "_wounded", plain_wounded)

    def plain_lost(plans):
        if not plans:
            return icepool.Die([0])
        base = sum(p.result_dice if not p.direct else 1 for p in plans) + 1
        total = icepool.Die([0])
        for p in plans:
            total = total + artillery_rules.stand_die(p, base)
        return total.map(lambda c: int(c) // (base * base))

    # the stands one at a time, each as a plan of its own, summed as packed dice
    monkeypatch.setattr(artillery, "stand_lost", lambda plan: plan)
    monkeypatch.setattr(artillery, "lost_weights",
                        lambda plans: dict(plain_lost(list(plans)).items()))
    for p, got in zip(plans, fast, strict=True):
        assert got == p.context.odds()


def test_mixture_of_whole_number_weights_equals_the_mixture_of_their_dice():
    """A landing's odds given as outcome → whole-number weight mix as the die of them."""
    parts = [Landing(("a",), None, Fraction(1, 3)), Landing(("a", "b"), "a", Fraction(1, 2)),
             Landing((), None, Fraction(1, 6))]
    weights = {("a",): {0: 19, 1: 1}, ("a", "b"): {0: 361, 1: 38, 2: 1}, (): {0: 1}}
    got = mix_landings(parts, lambda la: weights[la.under])
    want = mix_landings(parts, lambda la: icepool.Die(weights[la.under]))
    assert exact(got) == exact(want) == exact(oracle_mix(parts, lambda la: weights[la.under]))
    for bad in ({}, {0: 0}, {0: 1.5}, {0: -1, 1: 2}):
        with pytest.raises(ValueError, match="whole-number weights"):
            mix_landings(parts, lambda la, bad=bad: bad)
