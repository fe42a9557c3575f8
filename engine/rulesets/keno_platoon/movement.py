"""Movement (§4.10, §5.4) as pure functions: inches per action by class and state, the
2dN combat move's dice and its exact odds of reaching a distance, the encumbrance limit."""

from __future__ import annotations

from fractions import Fraction

import icepool

from engine.dice import Die

from . import data

__all__ = ["state_class", "normal_move", "combat_die", "combat_reach", "p_reach",
           "can_carry", "REDUCED"]

#: Reduced states that replace the class's move (§4.10-3, -4), by the state key's value.
REDUCED = ("encumbered", "encumbered_light", "towing", "overloaded_light",
           "overloaded_heavy", "manhandled")


def state_class(move_class: str, encumbered: bool = False, tow_state: str | None = None
                ) -> str:
    """The movement row that applies: towing / overloaded / manhandled replace the class;
    encumbered infantry moves 4", encumbered light infantry 6" (§4.10-3)."""
    if tow_state:
        data.move_class(tow_state)
        return tow_state
    if encumbered:
        if move_class == "infantry":
            return "encumbered"
        if move_class == "light_infantry":
            return "encumbered_light"
    return move_class


def normal_move(row: str) -> float:
    """Inches per action (rail: at most, aircraft: at least)."""
    return float(data.move_class(row)["inches"])


def combat_die(row: str, base_class: str | None = None, faces_rule: str = "current_move"
               ) -> Die | None:
    """The die of the 2dN combat move: faces = the normal move (§4.10-5); in a reduced
    state the current move's faces (§4.A-15 current_move) or the class's (class). None:
    no combat move (aircraft, rail)."""
    use = base_class if faces_rule == "class" and base_class else row
    n = int(data.move_class(use)["combat"])
    return Die(n) if n else None


def combat_reach(d: Die) -> icepool.Die:
    """The distribution of 2dN: two dice summed, not one doubled (§4.10-5)."""
    return 2 @ icepool.d(d.sides)


def p_reach(d: Die, distance_in: float) -> Fraction:
    """P(2dN ≥ distance), exact: P(2d6 ≥ 7) = 21/36 (KP-6)."""
    dist = combat_reach(d)
    return Fraction(sum(q for v, q in dist.items() if v >= distance_in - 1e-9),
                    dist.denominator())


def can_carry(able_carriers: int, items_carried: int) -> bool:
    """Encumbrance limit (§4.10-3, KP-9): items carried ≤ fighters able to carry them."""
    return items_carried <= able_carriers
