"""What a Keno card prints, as facts (the card layouts in app/cards only draw them): a
unit's quality die and what it means, commander level, comms, morale on its ladder, its
movement row (normal move, 2dN combat move, limits) and the exact comm-test odds of its
die by the worse commander level and links bypassed (§4.5-5's table, its own row).
Read from a record (a profile) and a state (the unit's, when the card is for a unit on
the table) the way common.value reads a unit: state first, then the profile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.dice import Die, die

from . import data, movement
from .command import CommFacts, comm_odds, plan_comm

__all__ = ["UnitSheet", "unit_sheet", "comm_row", "ACTIVATION_NOTES"]

#: The activation's restrictions a card reminds the player of (§4.3-2).
ACTIVATION_NOTES = (
    ("fire", "not the same weapon twice"),
    ("melee", "takes both actions"),
    ("reorganise, improve morale", "once each"),
    ("pass an action", "a whole activation to a subordinate; comm test beyond 6\" in sight"),
)


@dataclass(frozen=True, slots=True)
class UnitSheet:
    """One unit's card facts; `proposed` names the fields the profile marks PROPOSED and
    the unit's state does not replace."""

    name: str
    name_ru: str
    kind: str
    side: str
    quality: str
    quality_name: str
    quality_name_ru: str
    level: int
    level_name: str
    level_name_ru: str
    android: bool
    comms: str
    at_phone: bool
    morale_ladder: tuple[tuple[str, str, str], ...]   # (id, name, name_ru), best first
    morale: str
    figures: int
    move_name: str
    move_name_ru: str
    move_in: float
    move_limit: str
    combat: str            # "2d6", or "" (no combat move)
    vehicle: bool
    proposed: frozenset[str]
    move_proposed: bool


def _get(record: Mapping[str, Any], state: Mapping[str, Any], key: str, default: Any) -> Any:
    return state[key] if key in state else record.get(key, default)


def unit_sheet(record: Mapping[str, Any], state: Mapping[str, Any] | None = None
               ) -> UnitSheet:
    st = state or {}
    rules = data.rules()
    q = str(_get(record, st, "quality", "d6"))
    qn = rules["quality"][q]
    lv = int(_get(record, st, "level", 2))
    ladder = tuple((m, rules["morale"]["names"][m]["name"], rules["morale"]["names"][m]
                    ["name_ru"]) for m in data.morale_ladder())
    base = str(_get(record, st, "move_class", "infantry"))
    row = movement.state_class(base, movement.is_encumbered(st), st.get("tow_state"))
    mv = data.move_class(row)
    cd = movement.combat_die(row, base)
    limit = {"at_most": "at most", "at_least": "at least"}.get(mv.get("limit", ""), "")
    return UnitSheet(
        str(record.get("name", "")), str(record.get("name_ru", "")),
        str(record.get("kind", "")), str(record.get("side", "")), q, qn["name"],
        qn["name_ru"], lv, rules["levels"]["names"][str(lv)]["name"],
        rules["levels"]["names"][str(lv)]["name_ru"],
        bool(_get(record, st, "android", False)), str(_get(record, st, "comms", "none")),
        bool(_get(record, st, "at_phone", False)), ladder,
        str(_get(record, st, "morale", ladder[0][0])), int(_get(record, st, "figures", 1)),
        mv["name"], mv["name_ru"], float(mv["inches"]), limit,
        f"2{cd.name}" if cd is not None else "",
        bool(record.get("vehicle", False)),
        frozenset(k for k in record.get("proposed") or () if k not in st),
        data.is_proposed(f"movement.{row}"))


def comm_row(quality: str | Die, bypassed: int = 0, floor: str = "d4"
             ) -> tuple[str, tuple[Fraction, ...]]:
    """The comm test with this die stepped down `bypassed` times: the die rolled and
    P(roll > L) for L = 1, 2, 3 (§4.5-5), from the comm test's data; ("", ()) below the
    floor (§4.A-6)."""
    q = die(quality) if isinstance(quality, str) else quality
    plans = [plan_comm(CommFacts(q, lv, lv, bypassed, means_from=True, means_to=True),
                       {"die_floor": floor}) for lv in (1, 2, 3)]
    if plans[0].test is None:
        return "", ()
    return plans[0].test.die.name, tuple(comm_odds(p).probability("through") for p in plans)
