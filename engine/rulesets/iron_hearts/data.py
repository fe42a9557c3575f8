"""Iron Hearts numbers as data: schemas and loaders for resources/rulesets/iron-hearts/.

Every number of the ruleset lives in a TOML file and is validated on load, so a typo is
reported with its file and field ("iron-hearts/weapons.toml: weapons.mg42.rate_of_fire:
expected a whole number ≥ 1, got 0") instead of surfacing as a wrong roll. Numbers that
are ours rather than the seed's are listed by name (`proposed` in ruleset.toml, `demo` /
`proposed` / `from_seed` on records) so the app can flag them. Shared by the infantry
and tank sides (IH-B reads `load_table` / the helpers here).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.options import Field, Schema, SchemaError
from engine.rulesets.registry import check_proposed_names, load_data

__all__ = ["RULESET_ID", "PACKAGE", "CHARACTER", "WEAPON", "RULES", "load_rules",
           "load_profiles", "load_weapons", "rules", "profiles", "weapons", "rule_number",
           "check_flag_names"]

RULESET_ID = "iron-hearts"
PACKAGE = "resources.rulesets"

_DEMO = Field("bool", required=False, default=False,
              doc="values chosen for the demo, not from the rules")
_NAMES = Field("list", required=False, default=(), items=Field("str"))
_NOTE = Field("str", required=False, default="")
#: the record's name in Russian (engine.i18n.localized); a user's own record may leave it out
_NAME_RU = Field("str", required=False, default="")

#: A character's profile (§3.1). T&E is signed; the UI range −3..+3 is PROPOSED, the data
#: accepts −5..+5 so a GM's outlier still loads.
CHARACTER: Schema = {
    "name": Field("str", required=False, default=""),
    "name_ru": _NAME_RU,
    "accuracy": Field("int", minimum=0, maximum=10, doc="d10 ≤ Accuracy to hit"),
    "melee": Field("int", minimum=0, maximum=10, doc="d10 ≤ Melee in melee"),
    "guts": Field("int", minimum=0, maximum=10, doc="d10 ≤ Guts for morale"),
    "training_experience": Field("int", required=False, default=0, minimum=-5, maximum=5),
    "hp": Field("int", minimum=1, maximum=20),
    "rank": Field("str", required=False, default="private",
                  choices=("private", "nco", "officer")),
    "is_pc": Field("bool", required=False, default=False),
    "has_grenades": Field("bool", required=False, default=False),
    "weapons": _NAMES,
    "demo": _DEMO,
    "proposed": _NAMES,
    "from_seed": _NAMES,
    "note": _NOTE,
}

#: A weapon (§3.2). `kind` says which action uses it; `armour_piercing` is read by the
#: tank side (penetration), `damage` is the wound roll against people.
WEAPON: Schema = {
    "name": Field("str"),
    "name_ru": _NAME_RU,
    "kind": Field("str", choices=("small_arm", "machine_gun", "grenade", "rifle_grenade",
                                  "anti_tank")),
    "range_m": Field("float", minimum=1),
    "rate_of_fire": Field("int", minimum=1, maximum=100),
    "damage": Field("int", minimum=0, maximum=10),
    "morale_modifier": Field("int", required=False, default=0, minimum=0, maximum=10),
    "armour_piercing": Field("int", required=False, minimum=0, maximum=30),
    "damage_modifier": Field("int", required=False, default=0, minimum=-10, maximum=10),
    "single_shot": Field("bool", required=False, default=False),
    "stationary_only": Field("bool", required=False, default=False),
    "demo": _DEMO,
    "proposed": _NAMES,
    "from_seed": _NAMES,
    "note": _NOTE,
}


def _n(kind: str, lo: float, hi: float | None = None) -> Field:
    return Field(kind, minimum=lo, maximum=hi)


#: ruleset.toml: one record of sections; `proposed` names the "section.key" numbers
#: that are ours, not the seed's.
RULES: Schema = {
    "metres_per_inch": _n("float", 0.01),
    "proposed": _NAMES,
    "turn": Field("dict", fields={
        "ap_per_turn": _n("int", 1, 10),
        "kind": Field("str", required=False, default="sides", choices=("sides", "alternating")),
        "initiative_die": Field("str", required=False, default="d10"),
        "initiative_when": Field("str", required=False, default="each_turn",
                                 choices=("each_turn", "once")),
        "clear_each_turn": Field("list", required=False, default=(), items=Field("str"))}),
    "movement": Field("dict", fields={
        "metres_per_ap": _n("float", 0), "two_ap_m": _n("float", 0), "sprint_m": _n("float", 0),
        "difficult_terrain_factor": _n("float", 0, 1)}),
    "suppression": Field("dict", fields={"cap": _n("int", 1, 20)}),
    "command": Field("dict", fields={"voice_m": _n("float", 0), "whistle_m": _n("float", 0)}),
    "detection": Field("dict", fields={"base": _n("int", 0, 10)}),
    "skill": Field("dict", fields={"base": _n("int", 0, 10), "fumble_face": _n("int", 1, 10)}),
    "snap_fire": Field("dict", fields={"accuracy": _n("int", 0, 10),
                                       "range_factor": _n("float", 0.01, 1)}),
    "grenade": Field("dict", fields={
        "hand_range_m": _n("float", 1), "rifle_range_m": _n("float", 1),
        "min_damage_dice": _n("int", 1, 50), "blast_radius_m": _n("float", 0.1),
        "per_turn": _n("int", 1, 10), "morale_modifier": _n("int", 0, 10),
        "armour_piercing": _n("int", 0, 30)}),
    "melee": Field("dict", fields={"attack_dice": _n("int", 1, 10),
                                   "max_exchanges": _n("int", 1, 100),
                                   "contact_m": _n("float", 0)}),
    "assault": Field("dict", fields={"grenade_bonus": _n("int", -10, 10),
                                     "fortification_per_level": _n("int", 0, 10),
                                     "five_base": _n("int", 0, 10)}),
    "wounds": Field("dict", fields={"hp_per_wound": _n("int", 1, 10),
                                    "npc_dead_max": _n("int", 0, 10),
                                    "revive_hp": _n("int", 1, 10)}),
    "sniper": Field("dict", fields={"accuracy_bonus": _n("int", 0, 10)}),
}


def check_flag_names(records: Mapping[str, Mapping[str, Any]], schema: Schema,
                     where: str) -> None:
    """`proposed` / `from_seed` lists must name real fields of the record."""
    for rid, rec in records.items():
        for key in ("proposed", "from_seed"):
            for i, name in enumerate(rec.get(key) or ()):
                if name not in schema or name in ("proposed", "from_seed", "demo", "note"):
                    raise SchemaError(f"{where}.{rid}.{key}[{i}]: {name!r} is not a field "
                                      f"(fields: {', '.join(schema)})")


def load_rules(package: str = PACKAGE) -> dict[str, Any]:
    """ruleset.toml, validated; the `proposed` names must exist."""
    data = load_data(RULESET_ID, "ruleset.toml", schema=RULES, package=package)
    return check_proposed_names(data, f"{RULESET_ID}/ruleset.toml")


def load_weapons(package: str = PACKAGE) -> dict[str, dict]:
    data = load_data(RULESET_ID, "weapons.toml", schema=WEAPON, table="weapons",
                     package=package)
    try:
        check_flag_names(data, WEAPON, "weapons")
    except SchemaError as e:
        raise SchemaError(f"{RULESET_ID}/weapons.toml: {e}") from None
    return data


def load_profiles(package: str = PACKAGE,
                  known_weapons: Mapping[str, Any] | None = None) -> dict[str, dict]:
    """profiles.toml; each profile's weapons must exist in `known_weapons` (if given)."""
    data = load_data(RULESET_ID, "profiles.toml", schema=CHARACTER, table="profiles",
                     package=package)
    where = f"{RULESET_ID}/profiles.toml"
    try:
        check_flag_names(data, CHARACTER, "profiles")
    except SchemaError as e:
        raise SchemaError(f"{where}: {e}") from None
    if known_weapons is not None:
        for pid, rec in data.items():
            for i, w in enumerate(rec["weapons"]):
                if w not in known_weapons:
                    raise SchemaError(f"{where}: profiles.{pid}.weapons[{i}]: no weapon "
                                      f"{w!r} in weapons.toml")
    return data


@cache
def rules() -> dict[str, Any]:
    """The shipped ruleset.toml (loaded once)."""
    return load_rules()


@cache
def weapons() -> dict[str, dict]:
    return load_weapons()


@cache
def profiles() -> dict[str, dict]:
    return load_profiles(known_weapons=weapons())


def rule_number(name: str) -> Any:
    """A number of ruleset.toml by "section.key" (e.g. "grenade.min_damage_dice")."""
    section, _, key = name.partition(".")
    return rules()[section][key] if key else rules()[section]


def is_proposed(name: str) -> bool:
    """Whether the ruleset.toml number "section.key" is ours (PROPOSED)."""
    return name in rules()["proposed"]
