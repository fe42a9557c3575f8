"""P4's honest baseline: a vectorised numpy Monte Carlo of the same action, 10^5 samples.

The plan of the action comes from the ruleset (the same Test / Bands / Volley objects its
resolver and its exact odds use: targets, modifiers, naturals); only the dice are drawn here,
all samples at once, and read with the same rules as `Test.passes` / `Bands.classify`,
vectorised. `simulate(ctx, n, rng)` returns the sampled distribution of the action's headline
outcome, or None for an action kind without a vectorised simulation here (then P4 times the
resolver's own Monte Carlo for it and says so).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from engine.dice import Bands, Comparison, Test


def _faces(rng: np.random.Generator, sides: int, shape: tuple[int, ...]) -> np.ndarray:
    return rng.integers(1, sides + 1, size=shape, dtype=np.int16)


def _holds(total: np.ndarray, comparison: Comparison, target: int) -> np.ndarray:
    if comparison is Comparison.LE:
        return total <= target
    if comparison is Comparison.LT:
        return total < target
    if comparison is Comparison.GE:
        return total >= target
    return total > target


def passes(rng: np.random.Generator, test: Test, shape: tuple[int, ...]) -> np.ndarray:
    """Test.passes for `shape` independent tests at once."""
    faces = _faces(rng, test.die.sides, (*shape, test.dice))
    first = faces[..., 0]
    ok = _holds(faces.sum(axis=-1) + test.roll_bonus, test.comparison, test.target)
    if test.natural_failure is not None:
        ok &= first != test.natural_failure
    if test.natural_success is not None:
        ok |= first == test.natural_success
    return ok


def classify(rng: np.random.Generator, bands: Bands, shape: tuple[int, ...]) -> np.ndarray:
    """Bands.classify for `shape` rolls at once: each roll's index into `bands.labels`."""
    faces = _faces(rng, bands.die.sides, (*shape, bands.dice))
    total = faces.sum(axis=-1) + bands.roll_bonus
    labels = bands.labels
    out = np.full(shape, labels.index(bands.otherwise), dtype=np.int8)
    undecided = np.ones(shape, dtype=bool)
    for face, label in bands.naturals:
        hit = undecided & (faces[..., 0] == face)
        out[hit], undecided = labels.index(label), undecided & ~hit
    for threshold, label in bands.thresholds:
        hit = undecided & _holds(total, bands.comparison, threshold)
        out[hit], undecided = labels.index(label), undecided & ~hit
    return out


def _freq(values: np.ndarray, names=None) -> dict:
    counts = Counter(values.tolist())
    n = len(values)
    return {(names[k] if names else k): c / n for k, c in sorted(counts.items())}


def simulate(ctx, n: int, rng: np.random.Generator) -> dict | None:
    """The sampled distribution of the action's headline outcome (the first entry of its
    odds), or None when this module has no vectorised simulation of the action's kind."""
    action = ctx.action
    kind = action.id
    if kind == "stat_test":
        test, *_ = action._test(ctx)
        ok = passes(rng, test, (n,))
        return _freq(ok.astype(np.int8), {1: "success", 0: "failure"})
    if kind == "detect":
        test, *_ = action._test(ctx)
        ok = passes(rng, test, (n,))
        return _freq(ok.astype(np.int8), {1: "detected", 0: "not detected"})
    if kind == "shoot":
        v, *_ = action._plan(ctx)
        if v.n == 0:
            return {0: 1.0}
        hits = passes(rng, v.hit, (n, v.n))
        band = classify(rng, v.wound, (n, v.n))  # each hit die's own wound die
        wounds = (hits & (band == v.wound.labels.index("wound"))).sum(axis=1)
        return _freq(wounds)
    if kind == "suppression_test":
        k, (test, *_rest) = action._plan(ctx)
        if k == 0:
            return {0: 1.0}
        return _freq(passes(rng, test, (n, k)).sum(axis=1))
    if kind == "rally":
        back = np.zeros(n, dtype=np.int64)
        for _, t, test, *_ in action._plan(ctx):  # (soldier, tests, Test, ...) per soldier
            back += passes(rng, test, (n, t)).all(axis=1)  # back when all his t tests pass
        return _freq(back)
    if kind == "grenade":
        from engine.rulesets.iron_hearts.infantry import grenade_allocation

        _, _, test, _, people, n_dice, dmg = action._plan(ctx)
        counted = sum(1 for a in grenade_allocation(people, n_dice, ctx.rule("grenade_dice"))
                      if a)
        thrown = passes(rng, test, (n,))
        wounds = passes(rng, dmg, (n, counted)).sum(axis=1) if counted else np.zeros(n, int)
        return _freq(np.where(thrown, wounds, 0))
    return None


def total_variation(sampled: dict, exact) -> float:
    """Half the L1 distance between a sampled and the exact headline distribution."""
    p = {k: float(v) for k, v in exact.outcomes}
    keys = set(p) | set(sampled)
    return 0.5 * sum(abs(sampled.get(k, 0.0) - p.get(k, 0.0)) for k in keys)
