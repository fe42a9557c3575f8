"""What the board tools ask a ruleset's data for while a unit is dragged or measured: how far
one AP of movement takes it, whether it moves as a vehicle, and its first weapon's range
bands. Each answer is None where the ruleset's data gives none (the board then falls back
to its own setting or draws plain lines); a ruleset package missing or failing to load is
treated the same, so the board still works.
"""

from __future__ import annotations

from engine.scenario import Scenario, Unit
from geometry.ranges import RangeScheme
from geometry.ranges import iron_hearts as iron_hearts_scheme
from geometry.ranges import tank_gun as tank_gun_scheme

IRON_HEARTS = "iron-hearts"


def vehicle_card(unit: Unit) -> dict | None:
    """The Iron Hearts vehicle card of a unit (scenario ids use -, the card library _)."""
    try:
        from engine.rulesets.iron_hearts.tank_common import VEHICLES
    except Exception:  # the ruleset package is optional for the board
        return None
    return VEHICLES.get(unit.profile) or VEHICLES.get(unit.profile.replace("-", "_"))


def is_vehicle(unit: Unit) -> bool:
    """Vehicles use terrain's vehicle movement (buildings impassable)."""
    return unit.turret is not None or vehicle_card(unit) is not None


def move_allowance_m(scenario: Scenario, unit: Unit) -> tuple[float, str] | None:
    """Metres for one AP of movement from the ruleset's data and where the figure comes
    from, or None if it has none."""
    if scenario.ruleset != IRON_HEARTS:
        return None
    card = vehicle_card(unit)
    if card is not None:
        return float(card["speed_m_by_ap"][0]), f"Iron Hearts: {card.get('name', 'card')} 1 AP"
    try:
        from engine.rulesets.iron_hearts import data

        if unit.profile in data.profiles():
            return float(data.rule_number("movement.metres_per_ap")), "Iron Hearts: 1 AP"
    except Exception:
        return None
    return None


def weapon_scheme(scenario: Scenario, unit: Unit) -> tuple[str, RangeScheme] | None:
    """The range scheme of the unit's first weapon from the ruleset's data, with the weapon's
    name; None when the ruleset offers none."""
    if scenario.ruleset != IRON_HEARTS:
        return None
    try:
        card = vehicle_card(unit)
        if card is not None and card.get("weapons"):
            weapon = next(iter(card["weapons"].values()))
            if weapon.get("kind") == "main_gun":
                return weapon["name"], tank_gun_scheme(float(weapon["range_m"]))
            return weapon["name"], iron_hearts_scheme(float(weapon["range_m"]))
        from engine.rulesets.iron_hearts import data

        profile = data.profiles().get(unit.profile)
        if profile is None or not profile["weapons"]:
            return None
        weapon = data.weapons()[profile["weapons"][0]]
        return weapon["name"], iron_hearts_scheme(float(weapon["range_m"]))
    except Exception:  # ruleset data missing or being rewritten: measure without bands
        return None
