"""What the board asks Iron Hearts while a unit is dragged or measured (BoardHints): one AP
of movement (15 m for a character, a vehicle card's first speed step), whether a unit is a
vehicle, and its first weapon's range bands (tank guns in steps of R, small arms R / 2R)."""

from __future__ import annotations

from engine.scenario import Unit
from geometry.ranges import RangeScheme

from . import data, ranges
from .tank_common import VEHICLES


def vehicle_card(unit: Unit) -> dict | None:
    """The unit's vehicle card, if its profile is one."""
    return VEHICLES.get(unit.profile)


def is_vehicle(unit: Unit) -> bool:
    """Vehicles use terrain's vehicle movement (buildings impassable)."""
    return unit.turret is not None or vehicle_card(unit) is not None


def move_allowance_m(unit: Unit) -> tuple[float, str] | None:
    """Metres for one AP of movement, and where the figure comes from."""
    card = vehicle_card(unit)
    if card is not None:
        return float(card["speed_m_by_ap"][0]), f"Iron Hearts: {card.get('name', 'card')} 1 AP"
    if unit.profile in data.profiles():
        return float(data.rule_number("movement.metres_per_ap")), "Iron Hearts: 1 AP"
    return None


def weapon_scheme(unit: Unit) -> tuple[str, RangeScheme] | None:
    """The unit's first weapon's name and range bands."""
    card = vehicle_card(unit)
    if card is not None and card.get("weapons"):
        weapon = next(iter(card["weapons"].values()))
        scheme = ranges.tank_gun if weapon.get("kind") == "main_gun" else ranges.small_arms
        return weapon["name"], scheme(float(weapon["range_m"]))
    profile = data.profiles().get(unit.profile)
    if profile is None or not profile["weapons"]:
        return None
    weapon = data.weapons()[profile["weapons"][0]]
    return weapon["name"], ranges.small_arms(float(weapon["range_m"]))
