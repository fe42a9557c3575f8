"""Which modifiers of the tables (§5.1–5.7) apply: pure functions of the situation.

The situation is plain data (`Shooter`, `Target`, the range band, the distance); the
numbers, labels and reasons are in modifiers.toml. Nothing here measures or rolls, so the
same calls serve `resolve`, `odds` and the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.options import Modifier

from .data import modifier as m
from .data import rule_number

__all__ = ["Shooter", "Target", "BANDS", "hit_modifiers", "result_modifiers",
           "cover_modifiers", "COVER_KEYS"]

BANDS = ("short", "long", "extreme")
#: Generic cover level → modifiers.toml key (§6.8: 1 light … 4 fortification).
COVER_KEYS = {1: "cover_light", 2: "cover_medium", 3: "cover_heavy", 4: "cover_fortification"}


@dataclass(frozen=True, slots=True)
class Shooter:
    """What the hit table asks of the firing unit (§5.1, §5.4)."""

    kind: str = "company"                  # company | machine_gun | battery
    fire: int = 4
    moved: bool = False
    exhausted: bool = False
    storm: bool = False
    charging: bool = False
    suppressed: bool = False
    under_fire: bool = False


@dataclass(frozen=True, slots=True)
class Target:
    """What the result and cover tables ask of the company fired on (§5.2, §5.3)."""

    kind: str = "company"
    traits: frozenset[str] = field(default_factory=frozenset)
    arm: str = "infantry"
    formation: str = "line"                # line | column | close_order | open_order
    prone: bool = False
    cover: int = 0                         # generic 0–4
    in_ambush: bool = False
    storm_charging_shooter: bool = False
    armoured: bool = False
    vehicle: bool = False                  # «техника»: armoured −1 to cover (§8-9)
    gun_shield_front: bool = False
    in_woods: bool = False


def _column(t: Target) -> bool:
    """H8 / R7: in column, or cavalry in close order."""
    return t.formation == "column" or (t.arm == "cavalry" and t.formation == "close_order")


def _extreme_everywhere(rules: Mapping[str, Any]) -> bool:
    return rules.get("extreme_range", "all_three") == "all_three"


def hit_modifiers(s: Shooter, t: Target, band: str, distance_in: float | None,
                  rules: Mapping[str, Any]) -> list[Modifier]:
    """§5.1 (and §5.4 for a machine gun), in the table's order."""
    out: list[Modifier] = []
    if s.moved:
        out.append(m("hit_shooter_moved"))
    if band in ("long", "extreme"):
        out.append(m("hit_long_range"))
    if band == "extreme":
        out.append(m("hit_extreme_range"))
    if s.exhausted and rules.get("exhausted", "manual") == "manual":
        out.append(m("hit_exhausted"))
    if s.storm and s.charging:
        out.append(m("hit_charging"))
    if s.suppressed:
        out.append(m("hit_suppressed"))
    if t.in_ambush:
        out.append(m("hit_area_fire"))
    if _column(t):
        out.append(m("hit_column"))
    if s.kind == "machine_gun":
        if distance_in is not None and distance_in <= rule_number("machine_gun.close_in"):
            out.append(m("mg_hit_close"))
        if s.under_fire:
            out.append(m("mg_hit_under_fire"))
    return out


def result_modifiers(t: Target, band: str, rules: Mapping[str, Any], *,
                     mg_close: bool = False) -> list[Modifier]:
    """§5.2 (R1 "for all" first), plus the MG's ≤ 8" bonus (§5.4)."""
    out = [m("result_all")]
    if "specialist" in t.traits:
        out.append(m("result_specialist"))
    if "skirmisher" in t.traits and t.formation == "open_order":
        out.append(m("result_skirmisher"))
    if "partisan" in t.traits and (t.cover > 0 or t.in_woods):
        out.append(m("result_partisan"))
    if "storm" in t.traits and t.storm_charging_shooter:
        out.append(m("result_storm"))
    if "mob" in t.traits:
        out.append(m("result_mob"))
    if _column(t):
        out.append(m("result_column"))
    if band == "extreme" and _extreme_everywhere(rules):
        out.append(m("result_extreme_range"))
    if mg_close:
        out.append(m("mg_result_close"))
    return out


def cover_modifiers(t: Target, band: str, rules: Mapping[str, Any]) -> list[Modifier]:
    """§5.3: prone stacks with the cover level (PROPOSED, §5.3); extreme range per
    §4.A-11."""
    out: list[Modifier] = []
    if t.prone:
        out.append(m("cover_prone"))
    if t.cover in COVER_KEYS:
        out.append(m(COVER_KEYS[t.cover]))
    if t.armoured:
        out.append(m("cover_armoured"))
    elif t.vehicle:
        out.append(m("cover_armoured", note="a vehicle, PROPOSED §8-9", proposed=True))
    if t.gun_shield_front:
        out.append(m("cover_gun_shield"))
    if band == "extreme" and _extreme_everywhere(rules):
        out.append(m("cover_extreme_range"))
    return out


def cover_is_automatic(t: Target, rules: Mapping[str, Any]) -> bool:
    """§4.A-10 literal reading: a target neither prone nor in cover is destroyed on every
    cover roll, whatever the modifiers (the default `net` reading lets the numbers say)."""
    return rules.get("cover_reading", "net") == "literal" and not t.prone and t.cover == 0
