"""Shared Butterfly Effect pieces: reading HP and armour, the cover class of a generic
cover level, gear and the severity of a wound (§4.A-17). The damage of fire (armour first,
§4.A-8, wounds, death at the end of the victim's own turn) is data: fire.toml."""

from __future__ import annotations

from typing import Any, NoReturn

from engine.protocol import Action, ActionRefused, Context
from engine.scenario import Unit

from . import data

__all__ = ["BEAction", "hp_of", "armour_of", "cover_class", "COVER_CLASS",
           "wound_severity", "weapon_record", "gear_effects", "rn"]

#: Generic cover level 0–4 → none / partial / full (§6-4, PROPOSED: 1–2 partial, 3–4 full).
COVER_CLASS = {0: "none", 1: "partial", 2: "partial", 3: "full", 4: "full"}


def rn(name: str) -> Any:
    return data.number(name)


class BEAction(Action):
    """A Butterfly Effect action. One it cannot take as declared raises `ActionRefused`
    (the protocol's one refusal style) from resolve and odds alike, rolling nothing;
    `argument` names the role, option or state at fault."""

    @staticmethod
    def refuse(text: str, argument: str | None = None) -> NoReturn:
        raise ActionRefused(text, argument=argument)


def hp_of(ctx: Context, unit: Unit) -> int:
    hp = unit.state.get("hp")
    return int(hp) if hp is not None else int(ctx.profile(unit).get("hp", 1))


def armour_of(ctx: Context, unit: Unit) -> int:
    a = unit.state.get("armour")
    return int(a) if a is not None else int(ctx.profile(unit).get("armour", 0))


def cover_class(level: int | None) -> str:
    return COVER_CLASS.get(int(level or 0), "none")


def weapon_record(ctx: Context, weapon_id: str) -> dict:
    return dict(ctx.ruleset.weapon(weapon_id))


def gear_effects(ctx: Context, unit: Unit) -> set[str]:
    """The effects of the unit's equipment (profile `gear`, plus state["gear"])."""
    names = list(ctx.profile(unit).get("gear") or ()) + list(unit.state.get("gear") or ())
    table = data.gear()
    return {table[n]["effect"] for n in names if n in table}


def wound_severity(hp_left: int, hp_max: int) -> str:
    """§4.A-17 PROPOSED: light above half the HP, heavy at half or less, critical at 1."""
    if hp_left <= 1:
        return "critical"
    return "light" if hp_left * 2 > hp_max else "heavy"
