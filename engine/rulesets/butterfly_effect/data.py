"""Butterfly Effect numbers as data: schemas and loaders for resources/rulesets/butterfly-effect/.

Every number lives in a TOML file validated on load, so a typo is reported with its file
and field ("butterfly-effect/weapons.toml: weapons.assault_rifle.lethality: expected a whole
number 0–50, got -1"). Numbers that are ours carry the PROPOSED mark: `proposed` in
ruleset.toml ("section.key") and on each record (field names, "accuracy.short" for a band).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.options import Field, Schema, SchemaError
from engine.rulesets.registry import load_data

__all__ = ["RULESET_ID", "BANDS", "CHARACTER", "WEAPON", "GEAR", "RULES", "rules", "weapons",
           "gear", "profiles", "number", "is_proposed", "load_rules", "load_weapons",
           "load_gear", "load_profiles", "glossary_ru", "load_glossary_ru"]

RULESET_ID = "butterfly-effect"
PACKAGE = "resources.rulesets"
#: The firing bands in order (close combat is melee only, §4.1).
BANDS: tuple[str, ...] = ("short", "medium", "long", "extreme")

_NAMES = Field("list", required=False, default=(), items=Field("str"))
_NOTE = Field("str", required=False, default="")
_FLAG = Field("bool", required=False, default=False)


def _face(doc: str) -> Field:
    return Field("int", required=False, minimum=2, maximum=6, doc=doc)


CHARACTER: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "hp": Field("int", minimum=1, maximum=50),
    "armour": Field("int", required=False, default=0, minimum=0, maximum=50),
    "heavily_armoured": Field("bool", required=False, default=False,
                              doc="light weapons do him no damage (§4.4-9, §8-3 PROPOSED)"),
    "operative_training": Field("int", required=False, default=0, minimum=0, maximum=10,
                                doc="ОП grade"),
    "stealth_dice": Field("int", required=False, default=0, minimum=0, maximum=20,
                          doc="ОП dice in the stealth duel (§4.A-12: from the sheet)"),
    "perception": Field("int", required=False, default=0, minimum=0, maximum=10),
    "perception_dice": Field("int", required=False, default=0, minimum=0, maximum=20,
                             doc="Perception dice in the duel (§4.A-12: from the sheet)"),
    "weapons": _NAMES,
    "gear": _NAMES,
    "proposed": _NAMES,
    "from_seed": _NAMES,
    "note": _NOTE,
}

WEAPON: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "kind": Field("str", choices=("ranged", "melee")),
    "weapon_class": Field("str"),
    "lethality": Field("int", required=False, default=0, minimum=0, maximum=50,
                       doc="d6 per active action (§4.4-2)"),
    "accuracy": Field("dict", required=False, default={}, fields={
        b: _face(f"X+ at {b} distance") for b in BANDS}),
    "melee_level": Field("int", required=False, default=0, minimum=0, maximum=10),
    "melee_dice": Field("int", required=False, minimum=0, maximum=20),
    "butt_strike": _FLAG,
    "burst": _FLAG,
    "heavy": _FLAG,
    "grenade": _FLAG,
    "light": _FLAG,
    "nonlethal": Field("bool", required=False, default=True),
    "proposed": _NAMES,
    "from_seed": _NAMES,
    "note": _NOTE,
}

GEAR: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "effect": Field("str", choices=("negates_night", "flash_suppressor", "scanner",
                                    "invisible_mode")),
    "note": _NOTE,
}


def _n(kind: str, lo: float, hi: float | None = None) -> Field:
    return Field(kind, minimum=lo, maximum=hi)


def _ints(*names: str, lo: int = 0, hi: int = 20) -> Field:
    return Field("dict", fields={n: _n("int", lo, hi) for n in names})


RULES: Schema = {
    "metres_per_inch": _n("float", 0.01),
    "proposed": _NAMES,
    "range": Field("dict", fields={k: _n("float", 0.01) for k in
                                   ("close_m", "short_m", "medium_m", "long_m", "extreme_m")}),
    "turn": Field("dict", fields={
        "kind": Field("str", choices=("rounds",)),
        "actions_per_turn": _n("int", 1, 10), "ambush": Field("bool"),
        "ambush_rounds": _n("int", 1, 10),
        "clear_each_turn": Field("list", required=False, default=(), items=Field("str"))}),
    "fire": _ints("partial_cover", "full_cover", "max_face"),
    "cover": _ints("partial_heavy_shots", "full_heavy_shots", lo=1),
    "melee": _ints("success", "unarmed_dice", "butt_dice", "level2_dice", "best_of"),
    "stealth": _ints("success", "night", "undergrowth", "sentry", "weather_light",
                     "weather_heavy", "weather_fierce", "distance_medium", "distance_short"),
    "camouflage": _ints("open", "partial", "full", "stealth", "reduce_medium",
                        "reduce_short", "extreme_needed"),
}


def _check_marks(records: Mapping[str, Mapping[str, Any]], schema: Schema, where: str) -> None:
    """`proposed` / `from_seed` must name fields of the record ("accuracy.short" a band)."""
    for rid, rec in records.items():
        for key in ("proposed", "from_seed"):
            for i, name in enumerate(rec.get(key) or ()):
                head, _, sub = name.partition(".")
                f = schema.get(head)
                ok = f is not None and head not in ("proposed", "from_seed", "note") and (
                    not sub or (f.fields is not None and sub in f.fields))
                if not ok:
                    raise SchemaError(f"{where}: {rid}.{key}[{i}]: {name!r} is not a field")


def load_rules(package: str = PACKAGE) -> dict[str, Any]:
    data = load_data(RULESET_ID, "ruleset.toml", schema=RULES, package=package)
    for i, name in enumerate(data["proposed"]):
        section, _, key = name.partition(".")
        if not ((isinstance(data.get(section), dict) and key in data[section])
                or (not key and section in data)):
            raise SchemaError(f"{RULESET_ID}/ruleset.toml: proposed[{i}]: {name!r} names no "
                              "number in the file")
    r = data["range"]
    edges = [r["close_m"], r["short_m"], r["medium_m"], r["long_m"], r["extreme_m"]]
    if edges != sorted(set(edges)):
        raise SchemaError(f"{RULESET_ID}/ruleset.toml: range: the band limits must rise "
                          f"(close < short < medium < long < extreme), got {edges}")
    return data


def load_weapons(package: str = PACKAGE) -> dict[str, dict]:
    data = load_data(RULESET_ID, "weapons.toml", schema=WEAPON, table="weapons",
                     package=package)
    where = f"{RULESET_ID}/weapons.toml"
    _check_marks(data, WEAPON, where)
    for wid, w in data.items():
        if w["kind"] == "ranged" and (w["lethality"] < 1 or not w["accuracy"]):
            raise SchemaError(f"{where}: weapons.{wid}: a ranged weapon needs lethality ≥ 1 "
                              "and the accuracy of at least one band")
        if w["kind"] == "melee" and w.get("melee_dice") is None:
            raise SchemaError(f"{where}: weapons.{wid}.melee_dice: required for a melee "
                              "weapon")
    return data


def load_gear(package: str = PACKAGE) -> dict[str, dict]:
    return load_data(RULESET_ID, "gear.toml", schema=GEAR, table="gear", package=package)


def load_profiles(package: str = PACKAGE, known_weapons: Mapping[str, Any] | None = None,
                  known_gear: Mapping[str, Any] | None = None) -> dict[str, dict]:
    data = load_data(RULESET_ID, "profiles.toml", schema=CHARACTER, table="profiles",
                     package=package)
    where = f"{RULESET_ID}/profiles.toml"
    _check_marks(data, CHARACTER, where)
    for pid, rec in data.items():
        for key, known in (("weapons", known_weapons), ("gear", known_gear)):
            for i, name in enumerate(rec[key]):
                if known is not None and name not in known:
                    raise SchemaError(f"{where}: profiles.{pid}.{key}[{i}]: no {key[:-1]} "
                                      f"{name!r}")
    return data


def load_glossary_ru(package: str = PACKAGE) -> dict[str, dict[str, str]]:
    """glossary_ru.toml (read by engine.i18n when it is there): English → Russian for the
    action and option labels, choice values, roles, steps and results; each value a
    non-empty string, named in the refusal otherwise."""
    data = load_data(RULESET_ID, "glossary_ru.toml", package=package)
    out: dict[str, dict[str, str]] = {}
    for section in ("terms", "messages"):
        names = data.get(section, {})
        if not isinstance(names, dict):
            raise SchemaError(f"{RULESET_ID}/glossary_ru.toml: {section}: expected a table")
        for key, value in names.items():
            if not isinstance(value, str) or not value.strip():
                raise SchemaError(f"{RULESET_ID}/glossary_ru.toml: {section}.{key}: "
                                  f"expected a Russian text, got {value!r}")
        out[section] = dict(names)
    return out


@cache
def glossary_ru() -> dict[str, dict[str, str]]:
    return load_glossary_ru()


@cache
def rules() -> dict[str, Any]:
    return load_rules()


@cache
def weapons() -> dict[str, dict]:
    return load_weapons()


@cache
def gear() -> dict[str, dict]:
    return load_gear()


@cache
def profiles() -> dict[str, dict]:
    return load_profiles(known_weapons=weapons(), known_gear=gear())


def number(name: str) -> Any:
    """A ruleset.toml number by "section.key"."""
    section, _, key = name.partition(".")
    return rules()[section][key] if key else rules()[section]


def is_proposed(name: str) -> bool:
    return name in rules()["proposed"]
