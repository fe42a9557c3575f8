"""Every action's exact odds (fire, split burst, melee contest, stealth duel) against the
real resolver: equal to its run on every sequence of faces (engine.odds.enumerate_rolls)
for a burst of five dice, within 4σ of engine.odds.simulate for the rest."""

from __future__ import annotations

import math

from engine.dice import ScriptedDice
from engine.odds import enumerate_rolls, simulate
from engine.rulesets.butterfly_effect.melee import MAX_TIES
from engine.scenario import Unit

from .conftest import context, sample_game

#: What the sampled checks must catch: the resolver and the odds disagreeing by one face of a
#: d6 (16.7 pp a die, every die of this ruleset is a d6) in a step that decides at least a
#: fifth of the runs, i.e. an outcome off by 3.3 pp. At N = 8,000 the 4σ band is at most
#: 4·√(¼/N) = 2.24 pp (narrower for rare outcomes), so an outcome off by 3.4 pp (6σ) fails
#: with ≥ 97.7 % probability. The bursts of five dice are compared exactly (every sequence).
N = 8_000


def agree(exact: dict, sampled: dict, n: int = N) -> None:
    for k in set(exact) | set(sampled):
        p = float(exact.get(k, 0))
        # below one expected count (p < 1/n) the normal band is too narrow for a count of
        # 1-2: the variance is floored at 1/n, a band of 4 counts (0.05 pp at N)
        sigma = math.sqrt(max(p * (1 - p), 1 / n) / n)
        assert abs(sampled.get(k, 0.0) - p) <= 4 * sigma + 1e-9, (k, p, sampled.get(k))


def test_fire_odds():
    game = sample_game()
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle")   # 6+ (full cover)
    exact = dict(ctx.odds().outcomes)
    assert enumerate_rolls(lambda d: ctx.resolve(d).step("fire").count("hit")) == exact
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
    assert enumerate_rolls(both) == exact


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


def test_shared_burst_odds():
    """§4.A-9 successes_after: one roll, up to 2 hits to the second target."""
    game = sample_game((56, 34))
    game.scenario.units.append(Unit("guard-2", "guards", "manny", 56, 38,
                                    game.unit("manny").base))
    ctx = context(game, "fire", "jiy", "manny", weapon="assault_rifle",
                  roles={"target2": "guard-2"}, overrides={"cover": 0},
                  options={"hits_on_second": 2},
                  rules={"burst_allocation": "successes_after"})
    exact = dict(ctx.odds().outcomes)

    def both(d):
        r = ctx.resolve(d)
        k = r.step("fire").count("hit")
        return (k - min(k, 2), min(k, 2))
    assert enumerate_rolls(both) == exact


def test_heavy_first_hit_odds():
    """§4.A-7 first_hit: Manny in the trench absorbs one hit of the minigun's first attack."""
    game = sample_game()
    ctx = context(game, "fire", "jiy", "manny", weapon="heavy_weapon",
                  rules={"heavy_save_scope": "first_hit"})
    exact = dict(ctx.odds().outcomes)
    agree(exact, simulate(lambda d: max(0, ctx.resolve(d).step("fire").count("hit") - 1),
                          N, 6))


def test_static_detection_odds():
    game = sample_game((20, 24))
    game.unit("jiy").state.pop("stealth")
    ctx = context(game, "detect", "manny", "jiy", overrides={"cover": 4},
                  options={"camouflage_bonus": 1})   # class 3 − 1 at medium: 2 needed
    exact = dict(ctx.odds().outcomes)
    assert "2 successes needed" in ctx.resolve(ScriptedDice([1] * 6)).step("detect").note
    agree(exact, simulate(lambda d: "detected" if "not" not in ctx.resolve(d).summary
                          else "not detected", N, 7))
