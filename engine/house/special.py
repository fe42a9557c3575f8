"""Re-rolled and exploding dice for a test or pool step: `reroll = [1]` rolls each die
showing one of those faces once more (the second face stands); `explode = N` adds
another die each time a die shows its highest face, at most N times a die. The roll and
its exact chance come from the same description: the faces are drawn in the order a
player at the table rolls them (the first dice, then the re-rolls, then each round of
explosions), and the chance of one die is summed over the same faces."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from engine.dice import DiceSource, Die, Test, draw
from engine.i18n import join, msg
from engine.protocol import Step

__all__ = ["Special", "die_chance", "pool_chances", "roll_special"]

#: The most extra dice one die may explode into.
MAX_EXPLODE = 5


@dataclass(frozen=True)
class Special:
    """How a step's dice are re-rolled and exploded."""

    reroll: frozenset[int] = frozenset()
    explode: int = 0

    def __bool__(self) -> bool:
        return bool(self.reroll or self.explode)


def _first_faces(die: Die, special: Special) -> dict[int, Fraction]:
    """The face a die stands on after its one re-roll."""
    s = die.sides
    again = Fraction(len([f for f in special.reroll if 1 <= f <= s]), s)
    return {f: (Fraction(0) if f in special.reroll else Fraction(1, s)) + again / s
            for f in die.faces}


def _totals(die: Die, special: Special) -> dict[int, Fraction]:
    """A die's total: its standing face, plus the explosions off its highest face."""
    out: dict[int, Fraction] = {}
    for face, p in _first_faces(die, special).items():
        _explode(out, face, p, die, special.explode if face == die.sides else 0)
    return out


def _explode(out: dict[int, Fraction], total: int, p: Fraction, die: Die, left: int) -> None:
    if left == 0:
        out[total] = out.get(total, 0) + p
        return
    for face in die.faces:
        share = p / die.sides
        _explode(out, total + face, share, die, left - 1 if face == die.sides else 0)


def die_chance(test: Test, special: Special) -> Fraction:
    """The chance one die of `test` succeeds, re-rolled and exploded."""
    return sum((p for total, p in _totals(test.die, special).items()
                if test.comparison.holds(total + test.roll_bonus, test.target)), Fraction(0))


def pool_chances(n: int, test: Test, special: Special) -> list[tuple[int, Fraction]]:
    """Successes of `n` such dice: each k with its chance (binomial, exact)."""
    p = die_chance(test, special)
    return [(k, comb(n, k) * p ** k * (1 - p) ** (n - k)) for k in range(n + 1)
            if comb(n, k) * p ** k * (1 - p) ** (n - k)]


def roll_special(dice: DiceSource, test: Test, n: int, special: Special, *, id: str,
                 label: str, base: int | None, base_label: str, modifiers: Sequence,
                 success: str, failure: str) -> Step:
    """Roll `n` dice of `test`, re-roll and explode them, and judge each total."""
    die = test.die
    first = draw(dice, die, n, label=label)
    faces = list(first.faces)
    records = [first]
    again = [i for i, f in enumerate(faces) if f in special.reroll]
    if again:
        rec = draw(dice, die, len(again), label=msg("{label}: re-roll", label=label))
        records.append(rec)
        for i, f in zip(again, rec.faces, strict=True):
            faces[i] = f
    totals = list(faces)
    live = [i for i, f in enumerate(faces) if f == die.sides] if special.explode else []
    for _ in range(min(special.explode, MAX_EXPLODE)):
        if not live:
            break
        rec = draw(dice, die, len(live), label=msg("{label}: exploding", label=label))
        records.append(rec)
        for i, f in zip(live, rec.faces, strict=True):
            totals[i] += f
        live = [i for i, f in zip(live, rec.faces, strict=True) if f == die.sides]
    results = tuple(success if test.comparison.holds(t + test.roll_bonus, test.target)
                    else failure for t in totals)
    k = results.count(success)
    outcome = results[0] if n == 1 else join(", ", [
        msg("{n} × {result}", n=c, result=r) for r, c in ((success, k), (failure, n - k)) if c])
    return Step(id, label, tuple(records), test.comparison, test.target, base, base_label,
                tuple(modifiers), test.roll_bonus, results,
                tuple(t + test.roll_bonus for t in totals), outcome=outcome,
                highlight=(success,))
