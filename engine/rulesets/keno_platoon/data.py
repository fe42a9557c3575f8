"""Keno platoon numbers as data: schemas and loaders for resources/rulesets/keno-platoon/
(ruleset.toml: turn, quality dice, commander levels, morale, movement classes; profiles.toml:
the kinds of unit; forces.toml: the order of battle of KP-1).

Numbers that are ours rather than the seed's are named in `proposed` lists ("section.key"
in ruleset.toml, field names in a profile) so the app can show them PROPOSED.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.dice import DIE_LADDER, Die, die
from engine.options import BASE, Field, Schema, SchemaError, validate_table
from engine.rulesets.registry import load_data

__all__ = ["RULESET_ID", "PROFILE", "RULES", "FORCES", "rules", "profiles", "forces",
           "rule_number", "is_proposed", "quality_dice", "morale_ladder", "move_class",
           "load_rules", "load_profiles", "load_forces"]

RULESET_ID = "keno-platoon"
PACKAGE = "resources.rulesets"

KINDS = ("squad", "commander", "mg_team", "khara_team", "spotter_team", "at_gun",
         "mortar_team", "at_team", "tank", "hq_group", "single_figure", "detached_group")
COMMS = ("none", "phone", "radio")
QUALITY_DICE = tuple(d.name for d in DIE_LADDER)

_NAMES = Field("list", required=False, default=(), items=Field("str"))
_TEXT = Field("str", required=False, default="")
_NAMED = Field("dict", fields={"name": Field("str"), "name_ru": Field("str")})

PROFILE: Schema = {
    "kind": Field("str", choices=KINDS),
    "side": Field("str", choices=("keno", "steel")),
    "name": Field("str"),
    "name_ru": Field("str"),
    "move_class": Field("str"),
    "quality": Field("str", choices=QUALITY_DICE, doc="quality die (§3)"),
    "level": Field("int", minimum=1, maximum=3, doc="commander level, 1 best (§5.2)"),
    "figures": Field("int", minimum=1),
    "comms": Field("str", required=False, default="none", choices=COMMS),
    "at_phone": Field("bool", required=False, default=False, doc="§4.A-12"),
    "android": Field("bool", required=False, default=False, doc="§4.8-4"),
    "vehicle": Field("bool", required=False, default=False),
    "sniper": Field("bool", required=False, default=False, doc="may pick out an attached "
                    "officer (§4.9-1)"),
    "base": BASE,
    "proposed": _NAMES,
    "note": _TEXT,
}

MOVE_CLASS: Schema = {
    "inches": Field("float", minimum=0.5),
    "combat": Field("int", minimum=0, maximum=20, doc="faces of each combat-move die"),
    "limit": Field("str", required=False, default="", choices=("", "at_most", "at_least")),
    "name": Field("str"),
    "name_ru": Field("str"),
}

RULES: Schema = {
    "proposed": _NAMES,
    "turn": Field("dict", doc="engine.turns.from_table reads it"),
    "quality": Field("dict", doc="{die: {name, name_ru}}"),
    "levels": Field("dict", fields={
        "human_best": Field("int", minimum=1, maximum=3),
        "human_worst": Field("int", minimum=1, maximum=3),
        "android_best": Field("int", minimum=1, maximum=3),
        "android_worst": Field("int", minimum=1, maximum=3),
        "names": Field("dict")}),
    "morale": Field("dict", fields={"ladder": Field("list", items=Field("str")),
                                    "names": Field("dict")}),
    "comms": Field("dict", fields={"contact_in": Field("float", minimum=0),
                                   "measure": Field("str", choices=("edge", "centre"))}),
    "movement": Field("dict"),
    "tests": Field("dict", fields={"detection_target": Field("int", minimum=1, maximum=12)}),
    "casualties": Field("dict", fields={"killed_max": Field("int", minimum=0, maximum=6),
                                        "heavy_max": Field("int", minimum=0, maximum=6)}),
    "cohesion": Field("dict", fields={"distance_in": Field("float", minimum=0)}),
    "march": Field("dict", fields={"road_factor": Field("float", minimum=1, maximum=4),
                                   "action": Field("int", minimum=0, maximum=2)}),
}

FORCE_UNIT: Schema = {
    "side": Field("str", choices=("keno", "steel")),
    "profile": Field("str"),
    "name": Field("str"),
    "parent": Field("str", required=False),
    "in_group": Field("str", required=False),
    "note": _TEXT,
}
FORCE_GROUP: Schema = {
    "kind": Field("str"),
    "side": Field("str", choices=("keno", "steel")),
    "name": Field("str"),
    "name_ru": Field("str"),
    "commander": Field("str", required=False),
    "members": _NAMES,
    "off_table": Field("bool", required=False, default=False),
}
FORCES: Schema = {"units": Field("dict"), "groups": Field("dict")}


def _validate_named(table: Any, where: str) -> dict[str, dict]:
    return validate_table(table, {"name": Field("str"), "name_ru": Field("str")}, where)


def load_rules(package: str = PACKAGE) -> dict[str, Any]:
    where = f"{RULESET_ID}/ruleset.toml"
    data = load_data(RULESET_ID, "ruleset.toml", schema=RULES, package=package)
    try:
        for d in data["quality"]:
            die(d)
        data["quality"] = _validate_named(data["quality"], "quality")
        data["levels"]["names"] = _validate_named(
            {str(k): v for k, v in data["levels"]["names"].items()}, "levels.names")
        data["morale"]["names"] = _validate_named(data["morale"]["names"], "morale.names")
        for i, state in enumerate(data["morale"]["ladder"]):
            if state not in data["morale"]["names"]:
                raise SchemaError(f"morale.ladder[{i}]: {state!r} has no morale.names entry")
        data["movement"] = validate_table(data["movement"], MOVE_CLASS, "movement")
    except (SchemaError, ValueError) as e:
        raise SchemaError(f"{where}: {e}") from None
    for i, name in enumerate(data["proposed"]):
        section, _, key = name.partition(".")
        if not (isinstance(data.get(section), dict) and key in data[section]):
            raise SchemaError(f"{where}: proposed[{i}]: {name!r} names nothing in the file")
    return data


def load_profiles(package: str = PACKAGE) -> dict[str, dict]:
    where = f"{RULESET_ID}/profiles.toml"
    data = load_data(RULESET_ID, "profiles.toml", schema=PROFILE, table="profiles",
                     package=package)
    classes = load_rules(package)["movement"]
    for pid, rec in data.items():
        if rec["move_class"] not in classes:
            raise SchemaError(f"{where}: profiles.{pid}.move_class: {rec['move_class']!r} "
                              f"is not a movement class ({', '.join(classes)})")
        for i, name in enumerate(rec["proposed"]):
            if name not in PROFILE or name in ("proposed", "note"):
                raise SchemaError(f"{where}: profiles.{pid}.proposed[{i}]: {name!r} is not "
                                  "a field")
    return data


def load_forces(package: str = PACKAGE) -> dict[str, Any]:
    where = f"{RULESET_ID}/forces.toml"
    data = load_data(RULESET_ID, "forces.toml", schema=FORCES, package=package)
    known = load_profiles(package)
    try:
        units = validate_table(data["units"], FORCE_UNIT, "units")
        groups = validate_table(data["groups"], FORCE_GROUP, "groups")
        for uid, u in units.items():
            if u["profile"] not in known:
                raise SchemaError(f"units.{uid}.profile: no profile {u['profile']!r}")
            if u.get("parent") is not None and u["parent"] not in units:
                raise SchemaError(f"units.{uid}.parent: no unit {u['parent']!r}")
            if u.get("in_group") is not None and u["in_group"] not in groups:
                raise SchemaError(f"units.{uid}.in_group: no group {u['in_group']!r}")
    except SchemaError as e:
        raise SchemaError(f"{where}: {e}") from None
    return {"units": units, "groups": groups}


@cache
def rules() -> dict[str, Any]:
    return load_rules()


@cache
def profiles() -> dict[str, dict]:
    return load_profiles()


@cache
def forces() -> dict[str, Any]:
    return load_forces()


def rule_number(name: str) -> Any:
    section, _, key = name.partition(".")
    return rules()[section][key] if key else rules()[section]


def is_proposed(name: str) -> bool:
    return name in rules()["proposed"]


def quality_dice() -> tuple[Die, ...]:
    """The quality-die ladder, worst first (d4 … d12)."""
    return tuple(sorted((die(d) for d in rules()["quality"]), key=lambda d: d.sides))


def morale_ladder() -> tuple[str, ...]:
    """The morale states, best first (Steady, Shaken, Broken)."""
    return tuple(rules()["morale"]["ladder"])


def move_class(name: str) -> Mapping[str, Any]:
    try:
        return rules()["movement"][name]
    except KeyError:
        raise SchemaError(f"move_class: {name!r} is not a movement class "
                          f"({', '.join(rules()['movement'])})") from None
