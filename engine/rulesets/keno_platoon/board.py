"""BoardHints for the board's tools: a unit's move per action (by its movement class and
state, §4.10) and whether it moves as a vehicle."""

from __future__ import annotations

from engine.scenario import Unit

from . import common, data, movement

__all__ = ["move_allowance_m", "is_vehicle"]


def move_allowance_m(unit: Unit) -> tuple[float, str] | None:
    """The normal move per action in metres (the scale is 1 m per inch: the board turns
    it back into inches)."""
    if common.profile_of(None, unit) == {} and "move_class" not in unit.state:
        return None
    base = common.move_class_of(None, unit)
    row = movement.state_class(base, bool(unit.state.get("encumbered")),
                               unit.state.get("tow_state"))
    rec = data.move_class(row)
    return float(rec["inches"]), f"Keno: {rec['name']} {rec['inches']:g}\" per action"


def is_vehicle(unit: Unit) -> bool:
    return bool(common.value(None, unit, "vehicle", False))
