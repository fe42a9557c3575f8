"""Monte-Carlo checks that run the resolver once per sequence of faces, not once per run.

`simulate(resolve_fn, n, seed)` returns what engine.odds.simulate returns — the outcome
frequencies of n independent runs, every die fair — but keeps the tree of the faces it
has drawn: each run walks it, drawing each die's face at random as the resolver would
ask for it, and the resolver is run only when the run leaves the known tree (its outcome
is then stored on the leaf). The resolver is a function of its faces (the engine is
deterministic, dice injected), so a stored leaf gives the outcome the resolver would;
the sample, and so what the check can detect, is that of n runs. An action of a few dice
then costs a few dozen resolutions instead of n.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable

from engine.dice import Die


class _Node:
    """A die the resolver asked for at this point (its sides and the faces tried), or a
    leaf with the outcome."""

    __slots__ = ("sides", "kids", "outcome", "done")

    def __init__(self) -> None:
        self.sides = 0
        self.kids: dict[int, _Node] = {}
        self.outcome: Hashable = None
        self.done = False


class _Walk:
    """Dice for one run: the faces this run has drawn already (walking the known tree),
    then faces drawn at random; each recorded in the tree."""

    kind = "app"
    seed = None

    def __init__(self, root: _Node, drawn: list[int], rng: random.Random) -> None:
        self.node, self._drawn, self._rng = root, iter(drawn), rng

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        out = []
        for _ in range(n):
            node = self.node
            if node.sides == 0:
                node.sides = die.sides
            assert node.sides == die.sides, "the resolver asked for another die on the same faces"
            face = next(self._drawn, None) or self._rng.randint(1, node.sides)
            self.node = node.kids.setdefault(face, _Node())
            out.append(face)
        return out


def simulate(resolve_fn: Callable[[object], Hashable], n: int,
             seed: int) -> dict[Hashable, float]:
    """Outcome frequencies of `n` runs of `resolve_fn` with fair dice (seeded)."""
    if n <= 0:
        raise ValueError(f"simulate: n must be ≥ 1, got {n}")
    rng = random.Random(seed)
    root = _Node()
    counts: Counter = Counter()
    for _ in range(n):
        node, drawn = root, []
        while node is not None and not node.done and node.sides:   # the known tree
            drawn.append(rng.randint(1, node.sides))
            node = node.kids.get(drawn[-1])
        if node is not None and node.done:
            counts[node.outcome] += 1
            continue
        # off the known tree: the resolver runs on the faces drawn so far, then on new
        # ones (one draw per run either way: the sample is that of n runs)
        walk = _Walk(root, drawn, rng)
        outcome = resolve_fn(walk)
        leaf = walk.node
        leaf.outcome, leaf.done = outcome, True
        counts[outcome] += 1
    return {k: v / n for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))}
