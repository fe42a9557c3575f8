"""Exact odds: the same `Test` and `Bands` a resolution rolls, priced with icepool.

Everything here is exact (fractions), never sampled; `simulate` and `enumerate_rolls` exist
only so tests and the bench can check an exact figure against the real resolver: sampled
(a Monte-Carlo run) or, for an action of few dice, every sequence of faces rolled once.

Building blocks, all returning `icepool.Die`:
- `success_die(test)`  — 1 on success, 0 on failure (natural-face rules included);
- `successes(n, test)` — the number of successes among n independent tests (binomial);
- `band_die(bands)`    — the band label of one roll;
- `band_counts(n, bands)` — how many of n rolls fall in each band (a tuple per outcome);
- `chain(counts, then)` — a mixture: roll `counts`, then for k of them roll `then(k)`;
  "re-roll every hit for a wound" is `chain(successes(n, hit), lambda k:
  successes(k, wound))`.
`OutcomeDistribution` is what the interface charts: ordered outcomes with exact
probabilities summing to 1, plus "at least N" figures.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import icepool

from engine.dice import Bands, DiceSource, Die, Test

__all__ = [
    "OutcomeDistribution", "face_die", "sum_of", "p_test", "success_weights", "success_die",
    "successes", "band_die", "band_counts", "chain", "distribution", "at_least", "simulate",
    "BatchDice", "clear_caches", "enumerate_rolls",
]


#: `sum_of` convolves in plain integers a die whose outcomes span at most this many steps
#: (a success die, a band of 0–2 suppressions, a d6); wider ones are icepool's to sum.
SUM_SPAN_MOST = 12


def sum_of(n: int, die: icepool.Die) -> icepool.Die:
    """`n @ die` — the total of n independent rolls — the same outcomes and weights.

    For a die of a few integer outcomes the weights are convolved as plain integers, one
    roll at a time, far quicker than icepool's general sum for a volley's many dice. Any
    other die (wide, not integers, a weight of 0) goes to icepool."""
    if n == 1:
        return die
    outcomes = die.outcomes()
    if n < 1 or not all(type(o) is int for o in outcomes):
        return n @ die
    lo = outcomes[0]
    span = outcomes[-1] - lo
    weights = [(o - lo, q) for o, q in die.items()]
    if span > SUM_SPAN_MOST or any(q <= 0 for _, q in weights):
        return n @ die
    total = [1]
    for _ in range(n):
        nxt = [0] * (len(total) + span)
        for i, c in enumerate(total):
            if c:
                for j, q in weights:
                    nxt[i + j] += c * q
        total = nxt
    return icepool.Die({n * lo + k: c for k, c in enumerate(total) if c})


def face_die(d: Die, dice: int = 1) -> icepool.Die:
    """The sum of `dice` × `d` as an icepool die."""
    base = icepool.Die(list(d.faces))
    return base if dice == 1 else sum_of(dice, base)


def _raw_outcomes(d: Die, dice: int) -> Iterable[tuple[tuple[int, ...], int]]:
    """(faces, weight) for one roll. A single die keeps its face (natural rules read it);
    summed dice are grouped by total as a 1-tuple, since only the sum matters then."""
    if dice == 1:
        return (((f,), 1) for f in d.faces)
    return (((int(t),), q) for t, q in face_die(d, dice).items())


@functools.lru_cache(maxsize=1024)
def success_weights(test: Test) -> tuple[int, int]:
    """(failures, successes) of one test as whole-number weights over the faces rolled
    (cached as `success_die`), for rules that multiply tests out as integers."""
    weights = [0, 0]
    for faces, q in _raw_outcomes(test.die, test.dice):
        ok = test.passes(faces) if test.dice == 1 else \
            test.comparison.holds(faces[0] + test.roll_bonus, test.target)
        weights[int(ok)] += q
    return weights[0], weights[1]


@functools.lru_cache(maxsize=1024)
def success_die(test: Test) -> icepool.Die:
    """1 if one test succeeds, else 0, with its exact weights (cached: a Test is frozen
    and an icepool die immutable, so pricing a pool asks for each test once)."""
    return icepool.Die({k: q for k, q in enumerate(success_weights(test)) if q})


def p_test(test: Test) -> Fraction:
    """Probability that one test succeeds, e.g. P(d10 ≤ 6) = 3/5."""
    return Fraction(success_die(test).probability(1))


def successes(n: int, test: Test) -> icepool.Die:
    """Number of successes among `n` independent tests (binomial, exact)."""
    if n < 0:
        raise ValueError(f"successes: pool size must be ≥ 0, got {n}")
    return _successes(n, test)


@functools.lru_cache(maxsize=4096)
def _successes(n: int, test: Test) -> icepool.Die:
    """`successes`, cached per (n, test): a chain asks for the same pool many times."""
    if n == 0:
        return icepool.Die([0])
    return sum_of(n, success_die(test))


@functools.lru_cache(maxsize=1024)
def band_die(bands: Bands) -> icepool.Die:
    """The band label of one roll (cached, as `success_die`)."""
    weights: Counter[str] = Counter()
    for faces, q in _raw_outcomes(bands.die, bands.dice):
        if bands.dice == 1:
            label = bands.classify(faces)
        else:
            t = faces[0] + bands.roll_bonus
            label = next((lab for thr, lab in bands.thresholds
                          if bands.comparison.holds(t, thr)), bands.otherwise)
        weights[label] += q
    return icepool.Die(dict(weights))


def clear_caches() -> None:
    """Forget the cached dice (for timing the cold cost of an odds computation)."""
    for f in (success_weights, success_die, band_die, _successes):
        f.cache_clear()


def band_counts(n: int, bands: Bands) -> icepool.Die:
    """How many of `n` rolls land in each band: outcomes are icepool Vectors ordered as
    `bands.labels` (e.g. (wounds, suppressions, misses)); `distribution()` turns them
    into plain tuples."""
    labels = bands.labels
    one = band_die(bands).map(  # Vectors add element-wise under @
        lambda lab: icepool.Vector(tuple(int(lab == x) for x in labels)))
    if n == 0:
        return icepool.Die([icepool.Vector((0,) * len(labels))])
    return n @ one


def chain(counts: icepool.Die, then: Callable[[int], icepool.Die]) -> icepool.Die:
    """Roll `counts`; for an outcome k, roll `then(k)` — the exact mixture.

    The pool step that consumes the previous step's successes: hits then wounds is
    chain(successes(n, hit_test), lambda k: successes(k, wound_test)).

    The mixture is added up here in whole numbers (each `then(k)` brought to one common
    denominator, one die built at the end), as icepool's `map` would merge them, without
    its per-call inspection of the function (a die holds no outcome of weight 0); anything
    but dice goes to icepool's `map`."""
    parts = list(counts.items())
    dice = [then(int(k)) for k, _ in parts]
    if not all(isinstance(d, icepool.Die) for d in dice):
        return counts.map(lambda k: then(int(k)))
    dens = [d.denominator() for d in dice]
    den = math.lcm(*dens)
    weights: dict = {}
    for (_, q), d, d_den in zip(parts, dice, dens, strict=True):
        scale = q * (den // d_den)
        for o, w in d.items():
            weights[o] = weights.get(o, 0) + w * scale
    return icepool.Die(weights)


# --------------------------------------------------------------------------- charting


@dataclass(frozen=True, slots=True)
class OutcomeDistribution:
    """Ordered outcomes with exact probabilities that sum to 1, for the odds panel.

    Outcomes are usually ints (wounds inflicted) or strings (hit / miss); `parts` holds
    secondary distributions of the same action (e.g. "suppression") under a name.
    """

    label: str
    outcomes: tuple[tuple[Hashable, Fraction], ...]
    parts: Mapping[str, OutcomeDistribution] = field(default_factory=dict)

    def __post_init__(self) -> None:
        total = sum((p for _, p in self.outcomes), Fraction(0))
        if total != 1:
            raise ValueError(f"odds {self.label!r}: probabilities sum to {total}, not 1")
        if any(p < 0 for _, p in self.outcomes):
            raise ValueError(f"odds {self.label!r}: a probability is negative")

    @classmethod
    def from_die(cls, label: str, d: icepool.Die,
                 parts: Mapping[str, OutcomeDistribution] | None = None,
                 order: Iterable[Hashable] | None = None) -> OutcomeDistribution:
        """From an icepool die; outcomes in icepool's order unless `order` is given
        (outcomes in `order` that cannot occur are listed with probability 0)."""
        probs = {_plain(o): Fraction(q, d.denominator()) for o, q in d.items()}
        keys = list(order) if order is not None else list(probs)
        missing = set(probs) - set(keys)
        if missing:
            raise ValueError(f"odds {label!r}: order lacks outcomes {sorted(missing, key=str)}")
        return cls(label, tuple((o, probs.get(o, Fraction(0))) for o in keys),
                   dict(parts or {}))

    def probability(self, outcome: Hashable) -> Fraction:
        return dict(self.outcomes).get(outcome, Fraction(0))

    def as_floats(self) -> list[tuple[Hashable, float]]:
        return [(o, float(p)) for o, p in self.outcomes]

    def at_least(self) -> dict[int, Fraction]:
        """P(outcome ≥ k) for each numeric outcome k (exact)."""
        nums = [(o, p) for o, p in self.outcomes if isinstance(o, int | Fraction)
                and not isinstance(o, bool)]
        if len(nums) != len(self.outcomes):
            raise ValueError(f"odds {self.label!r}: 'at least' needs numeric outcomes")
        out: dict[int, Fraction] = {}
        for k, _ in sorted(nums):
            out[k] = sum((p for o, p in nums if o >= k), Fraction(0))
        return out

    def mean(self) -> Fraction:
        return sum((Fraction(o) * p for o, p in self.outcomes), Fraction(0))

    def to_dict(self) -> dict:
        """JSON-friendly: outcomes as [outcome, probability-as-float, "n/d"]."""
        return {"label": self.label,
                "outcomes": [[_jsonable(o), float(p), str(p)] for o, p in self.outcomes],
                "parts": {k: v.to_dict() for k, v in self.parts.items()}}


def _plain(o: Hashable) -> Hashable:
    """icepool Vectors (band counts) as plain tuples, so callers can look up (1, 1, 0)."""
    if isinstance(o, icepool.Vector | tuple):
        return tuple(_plain(x) for x in o)
    return o


def _jsonable(o: Hashable) -> object:
    if isinstance(o, tuple | icepool.Vector):
        return [_jsonable(x) for x in o]
    if isinstance(o, bool | int | float | str) or o is None:
        return o
    return str(o)


def distribution(label: str, d: icepool.Die, **kw) -> OutcomeDistribution:
    """Shorthand for OutcomeDistribution.from_die."""
    return OutcomeDistribution.from_die(label, d, **kw)


def at_least(dist: OutcomeDistribution | icepool.Die) -> dict[int, float]:
    """"At least N" figures as floats for display: {0: 1.0, 1: 0.936, 2: 0.648, ...}."""
    if isinstance(dist, icepool.Die):
        dist = OutcomeDistribution.from_die("", dist)
    return {k: float(v) for k, v in dist.at_least().items()}


# --------------------------------------------------------------------------- sampling


class BatchDice:
    """Seeded app dice for sampling: faces drawn from numpy in batches of `batch` per die
    size, so a run of 10^5 resolutions pays numpy's call overhead once per batch rather
    than once per roll. Same fairness as RandomDice (PCG64, uniform faces); not the same
    sequence as RandomDice(seed), and nothing is recorded."""

    kind = "app"

    def __init__(self, seed: int, batch: int = 65536) -> None:
        import numpy as np  # loaded by the sampling that needs it, not by exact odds

        self.seed: int | None = seed
        self._rng = np.random.default_rng(seed)
        self._batch = batch
        self._faces: dict[int, list[int]] = {}
        self._pos: dict[int, int] = {}

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        sides = die.sides
        faces, pos = self._faces.get(sides), self._pos.get(sides, 0)
        if faces is None or pos + n > len(faces):
            fresh = self._rng.integers(1, sides + 1, size=max(self._batch, n)).tolist()
            faces = (faces[pos:] if faces is not None else []) + fresh
            self._faces[sides], pos = faces, 0
        self._pos[sides] = pos + n
        return faces[pos:pos + n]


def simulate(resolve_fn: Callable[[DiceSource], Hashable], n: int,
             seed: int) -> dict[Hashable, float]:
    """Frequencies of `resolve_fn(dice)` over `n` runs with one seeded BatchDice.

    For tests and the bench only (checking an exact figure against sampling); the app
    never shows sampled odds.
    """
    if n <= 0:
        raise ValueError(f"simulate: n must be ≥ 1, got {n}")
    dice = BatchDice(seed)
    counts = Counter(resolve_fn(dice) for _ in itertools.repeat(None, n))
    return {k: v / n for k, v in sorted(counts.items(), key=lambda kv: str(kv[0]))}


class _NeedDie(BaseException):
    """The resolver asked for a face past the sequence being tried (BaseException: rule
    code catching Exception must not swallow it)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _SequenceDice:
    """Dice that give a fixed sequence of faces and stop the resolver at its end."""

    kind = "app"
    seed = None

    def __init__(self, faces: tuple[int, ...]) -> None:
        self._faces = faces
        self._pos = 0

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        end = self._pos + n
        if end > len(self._faces):
            raise _NeedDie(die.sides)
        out = list(self._faces[self._pos:end])
        self._pos = end
        return out


def enumerate_rolls(resolve_fn: Callable[[DiceSource], Hashable],
                    limit: int = 20_000) -> dict[Hashable, Fraction]:
    """The exact distribution of `resolve_fn(dice)` found by running it on every sequence
    of faces it can roll: a walk of the tree of dice, each branch one face of the die the
    resolver asked for next, weighted 1/sides.

    Independent of the odds code (it knows nothing of tests, bands or icepool), so equal
    results mean the resolver and its odds agree exactly — no sampling error. For tests
    and the bench, on actions of few dice: ValueError past `limit` runs of the resolver
    (a re-roll until no tie never ends the walk)."""
    out: Counter = Counter()
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    while todo:
        faces, p = todo.pop()
        runs += 1
        if runs > limit:
            raise ValueError(f"enumerate_rolls: more than {limit} runs of the resolver; "
                             f"sample it instead (simulate)")
        try:
            outcome = resolve_fn(_SequenceDice(faces))
        except _NeedDie as need:
            q = p / need.sides
            todo.extend((faces + (f,), q) for f in range(need.sides, 0, -1))
            continue
        out[outcome] += p
    return dict(out)
