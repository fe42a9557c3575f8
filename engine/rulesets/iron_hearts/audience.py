"""Which Iron Hearts units an action is for (`Action.applies_to`), read from the profile.

Iron Hearts has two kinds of unit (01 §3): a character (§3.1: Accuracy, Melee, Guts, T&E,
HP) and a vehicle, whose card (§3.3) holds a crew and armour and which acts as one unit
(§3.4). The two have separate action lists — a character shoots, moves 15 m per AP and
tests Guts (§4.2–4.11); a tank moves by its card's speed, searches, aims and fires (§4.12–
4.15) — so each action says which kind it is for. A card is recognised the way the tank
rules read one (tank_common.vehicle_card): a record with `crew` and `armour`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.protocol import Ruleset
from engine.scenario import Unit

__all__ = ["is_vehicle_card", "is_commander", "ForCharacters", "ForVehicles", "ForAnyUnit",
           "ForGrenadiers", "ForCommanders"]


def is_vehicle_card(profile: Mapping[str, Any]) -> bool:
    """A vehicle card (§3.3): it lists a crew and armour; anything else is a character."""
    return "crew" in profile and "armour" in profile


def is_commander(profile: Mapping[str, Any]) -> bool:
    """A character who leads: an NCO or officer ("any rank above private", §4.11-4) or a
    player character (PCs lead the NPC squads, §1)."""
    return not is_vehicle_card(profile) and (
        profile.get("rank", "private") != "private" or bool(profile.get("is_pc")))


class ForCharacters:
    """Mixin: the action is for characters only (§4.2–4.11), never a vehicle card."""

    audience = "characters"

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return not is_vehicle_card(profile)


class ForVehicles:
    """Mixin: the action is for vehicles only (§4.12–4.16): the unit's profile is a card."""

    audience = "vehicles"

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return is_vehicle_card(profile)


class ForAnyUnit:
    """Mixin: a character or a vehicle may take the action."""

    audience = ""

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return True


class ForGrenadiers:
    """Mixin: characters who own grenades (§3.1 `has_grenades`; once bought, unlimited,
    §4.9-5). One without asks a squad-mate who has one (a personal order, §4.9-6)."""

    audience = "characters with grenades"

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return not is_vehicle_card(profile) and bool(profile.get("has_grenades"))


class ForCommanders:
    """Mixin: commanders only (`is_commander`) — the commander's rally is his own Guts
    test for his soldiers (§4.5-5); a private has no one to rally."""

    audience = "commanders (NCOs, officers, player characters)"

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return is_commander(profile)
