"""Every action's exact odds (fire, split burst, melee contest, stealth duel) against
engine.odds.simulate over the real resolver, within 4σ."""

from __future__ import annotations

import math

from engine.odds import simulate
from engine.rulesets.butterfly_effect.melee import MAX_TIES
from engine.scenario import Unit

from .conftest import context, sample_game

N = 20_000


def agree(exact: dict, sampled: dict, n: int = N) -> None:
    for k in set(exact) | set(sampled):
        p = float(exact.get(k, 0))
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(sampled.get(k, 0.0) - p) <= 4 * sigma + 1e-9, (k, p, sampled.get(k))


def test_fire_odds():
    game = sample_game()
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle")   # 6+ (full cover)
    exact = dict(ctx.odds().outcomes)
    agree(exact, simulate(lambda d: ctx.resolve(d).step("fire").count("hit"), N, 1))
    killed = dict(ctx.odds().parts["Manny (Мэнни) killed"].outcomes)
    assert killed[True] == exact[5]         # 5 HP, no armour: all five dice must hit


def test_split_burst_odds():
    """Jiy's burst: 3 dice at Manny (trench, 6+), 2 at a second guard in the open (4+)."""
    game = sample_game()
    game.scenario.units.append(Unit("guard-2", "guards", "manny", 60, 40,
                                    game.unit("manny").base))
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, options={"dice_on_second": 2})
    exact = dict(ctx.odds().outcomes)
    assert sum(exact.values()) == 1 and max(k for k, _ in exact) == 3

    def both(d):
        r = ctx.resolve(d)
        return (r.step("fire").count("hit"), r.step("fire2").count("hit"))
    agree(exact, simulate(both, N, 2))


def test_melee_contest_odds():
    game = sample_game((64, 25.2))
    ctx = context(game, "melee", "jiy", "manny", weapon="operative_knife",
                  options={"target_weapon": "operative_knife", "serious": True})
    exact = dict(ctx.odds().outcomes)
    assert MAX_TIES >= 100

    def outcome(d):
        r = ctx.resolve(d)
        who, _, score = r.summary.partition(" wins ")
        return f"{'actor' if who.startswith('Jiy') else 'target'} {score}"
    agree(exact, simulate(outcome, N, 3))


def test_stealth_duel_odds():
    game = sample_game((20, 24))
    ctx = context(game, "stealth_duel", "jiy", "manny",
                  options={"night": True, "weather": "fierce", "undergrowth": True})
    exact = dict(ctx.odds().outcomes)

    def outcome(d):
        text = ctx.resolve(d).step("duel").outcome
        return "tie" if text.startswith("tie") else ("hider" if text.startswith("Jiy")
                                                     else "scout")
    agree(exact, simulate(outcome, N, 4))
