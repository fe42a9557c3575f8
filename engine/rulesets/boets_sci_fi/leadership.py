"""Leadership as pure functions of numbers (03 §4.3–4.6): the d20 ≥ LDR test, the
commander's derived LDR, who succeeds a dead commander, and when a loss count means Panic."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import D20, Comparison, Test
from engine.options import Modifier
from engine.protocol import make_test

from .data import RANKS, rule_number

__all__ = ["leadership_test", "commander_ldr", "senior_first", "panic_due", "half"]


def leadership_test(ldr: int, modifiers: Sequence[Modifier] = ()) -> Test:
    """§4.3: roll 1d20, pass on d20 ≥ LDR (equal passes)."""
    return make_test(D20, ldr, modifiers, Comparison.GE)


def commander_ldr(ldrs: Sequence[int], reading: str = "numeric_max") -> int:
    """§4.4: the commander's LDR = highest LDR of the unit's fighters − 2, not less than 8.
    §4.A-5: "highest" is the numeric maximum (the worst fighter, as written); reading
    "best" takes the lowest number. The floor keeps the result at 8 or above."""
    if not ldrs:
        raise ValueError("ldrs: a commander's LDR needs at least one fighter")
    pick = max(ldrs) if reading == "numeric_max" else min(ldrs)
    return max(pick - int(rule_number("leadership.commander_minus")),
               int(rule_number("leadership.commander_floor")))


def senior_first(candidates: Sequence[tuple[str, str]]) -> list[str]:
    """Ids ordered by seniority (§4.1-5, §8-12 PROPOSED): lieutenant, senior sergeant,
    sergeant, private; ties keep the given order. `candidates` are (id, rank)."""
    order = {r: i for i, r in enumerate(RANKS)}
    ranked = sorted(enumerate(candidates), key=lambda p: (order.get(p[1][1], len(RANKS)), p[0]))
    return [c[0] for _, c in ranked]


def half(strength: int) -> float:
    return strength / 2


def panic_due(losses: int, strength: int) -> bool:
    """§4.6-1, §4.A-9: losses of ½ the strength or more (5 of 9 or 5 of 10 test; 4 do not)."""
    return strength > 0 and losses >= half(strength)
