"""Iron Hearts tank data: the vehicle card schema and the vehicle tables, loaded and checked.

The numbers live in resources/rulesets/iron-hearts/{vehicles,hit_location,vehicle_damage}.toml
so that a group can replace the demo card and the PROPOSED tables without touching code.
`load_data` checks types and ranges field by field; the cross-field checks here (a weapon
crewed by a post the card has, a hit-location table covering 1..10 once, a 5 × 10
penetration table) name the field too, so a bad file fails at load, not mid-game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.options import Field, SchemaError, validate_record
from engine.rulesets.registry import load_data

__all__ = [
    "CREW_POSTS", "FACES", "WEAPONS", "WEAPON_KINDS", "VEHICLE", "VEHICLE_WEAPON", "CREW_MEMBER",
    "MODIFIER", "HIT_LOCATION_FILE", "DAMAGE_FILE", "check_vehicle", "check_hit_location",
    "check_damage", "load_vehicles", "load_modifiers", "load_hit_location", "load_damage",
    "VEHICLES", "MODIFIERS", "HIT_LOCATION", "VEHICLE_DAMAGE", "armour_face",
]

RULESET_ID = "iron-hearts"
#: Crew posts of 01 §3.3 / §4.14 (co_driver = assistant driver / radio operator).
CREW_POSTS: tuple[str, ...] = ("commander", "gunner", "loader", "driver", "co_driver")
#: Armour faces of the card; left and right strikes read the "side" column.
FACES: tuple[str, ...] = ("front", "side", "rear")
WEAPON_KINDS: tuple[str, ...] = ("main_gun", "coax_mg", "hull_mg", "turret_hmg", "other_mg")

CREW_MEMBER = {
    "name": Field("str", required=False, default=""),
    "accuracy": Field("int", minimum=0, maximum=10),
    "guts": Field("int", minimum=0, maximum=10),
    "training_experience": Field("int", minimum=-5, maximum=5),
    "radio_operator": Field("bool", required=False, default=False),
}
ARMOUR_FACE = {
    "tracks": Field("int", minimum=0, maximum=30),
    "hull": Field("int", minimum=0, maximum=30),
    "turret": Field("int", minimum=0, maximum=30),
}
VEHICLE_WEAPON = {
    "name": Field("str"),
    "name_ru": Field("str", required=False, default=""),
    "kind": Field("str", choices=WEAPON_KINDS),
    "range_m": Field("float", minimum=1),
    "rate_of_fire": Field("int", minimum=1),
    "damage_personnel": Field("int", minimum=0, maximum=10),
    "morale_modifier": Field("int", required=False, default=0, minimum=0, maximum=10),
    "damage_modifier": Field("int", required=False, default=0, minimum=-10, maximum=10),
    "penetration": Field("int", required=False, default=0, minimum=-10, maximum=30),
    "penetration_table": Field("list", required=False, default=[],
                               items=Field("list", items=Field("int", minimum=0, maximum=40))),
    # shell types on the card only: the seed gives no effect for them (docs/rulesets/
    # iron-hearts.md, "Ammunition types"), so nothing reads them
    "ammo_types": Field("list", required=False, default=[], items=Field("str"),
                        doc="shell types on the card; the seed gives them no effect"),
    "ammo_types_ru": Field("list", required=False, default=[], items=Field("str"),
                           doc="the shell types' Russian abbreviations, in the same order"),
    "crewed_by": Field("str", choices=CREW_POSTS),
    "crewed_by_proposed": Field("bool", required=False, default=False),
}
VEHICLE = {
    "name": Field("str"),
    "name_ru": Field("str", required=False, default=""),
    "model": Field("str", required=False, default=""),
    "cost_points": Field("int", minimum=0),
    "vehicle_class": Field("str"),
    "damage_modifier_received": Field("int", minimum=-10, maximum=10),
    "speed_m_by_ap": Field("list", items=Field("float", minimum=0)),
    "speed_proposed": Field("list", required=False, default=[False, False, False],
                            items=Field("bool")),
    "turret": Field("bool", required=False, default=True),
    "size": Field("str", required=False, default="normal",
                  choices=("small", "normal", "large")),
    "screens": Field("int", required=False, default=0, minimum=0, maximum=10),
    "features": Field("list", required=False, default=[], items=Field("str")),
    "crew": Field("dict", items=Field("dict", fields=CREW_MEMBER)),
    "armour": Field("dict", items=Field("dict", fields=ARMOUR_FACE)),
    "weapons": Field("dict", items=Field("dict", fields=VEHICLE_WEAPON)),
    "demo": Field("bool", required=False, default=False),
    "note": Field("str", required=False, default=""),
}
MODIFIER = {
    "value": Field("int", minimum=-10, maximum=10),
    "step": Field("str", choices=("search", "aim", "fire", "aim_fire", "search_aim")),
    "reason": Field("str"),
    "proposed": Field("bool"),
}
HIT_ENTRY = {
    "low": Field("int", minimum=1, maximum=10),
    "high": Field("int", minimum=1, maximum=10),
    "location": Field("str"),
    "label": Field("str"),
    "label_ru": Field("str", required=False, default=""),
    "armour": Field("str", choices=("tracks", "hull", "turret", "lowest")),
    "proposed": Field("bool"),
    "max_damage": Field("str", required=False, default="",
                        doc="the damage result a penetrating natural 10 gives here "
                            "(default: the table's worst)"),
}
HIT_LOCATION_FILE = {"entries": Field("list", items=Field("dict", fields=HIT_ENTRY))}
DAMAGE_RESULT = {
    "id": Field("str"),
    "label": Field("str"),
    "label_ru": Field("str", required=False, default=""),
    "min_total": Field("int", minimum=-20, maximum=40),
    "crew_wounded": Field("int", required=False, default=0, minimum=0, maximum=5),
    "crew_killed": Field("int", required=False, default=0, minimum=0, maximum=5),
    "system": Field("bool", required=False, default=False),
    "knocked_out": Field("bool", required=False, default=False),
    "all_crew_killed": Field("bool", required=False, default=False),
    "shaken": Field("bool", required=False, default=False),
    "proposed": Field("bool"),
}
SYSTEM = {"face": Field("int", minimum=1, maximum=3), "id": Field("str"),
          "label": Field("str"), "label_ru": Field("str", required=False, default=""),
          "proposed": Field("bool")}
DAMAGE_FILE = {"results": Field("list", items=Field("dict", fields=DAMAGE_RESULT)),
               "systems": Field("list", items=Field("dict", fields=SYSTEM))}


# --------------------------------------------------------------------------- checks


def check_vehicle(card: Mapping[str, Any], where: str) -> dict:
    """A vehicle card validated by the schema and across fields; SchemaError names the field."""
    v = validate_record(card, VEHICLE, where)
    speeds = v["speed_m_by_ap"]
    if len(speeds) != 3:
        raise SchemaError(f"{where}.speed_m_by_ap: expected 3 speeds (1/2/3 consecutive AP), "
                          f"got {len(speeds)}")
    if any(b < a for a, b in zip(speeds, speeds[1:], strict=False)):
        raise SchemaError(f"{where}.speed_m_by_ap: expected non-decreasing metres, got {speeds}")
    if len(v["speed_proposed"]) != 3:
        raise SchemaError(f"{where}.speed_proposed: expected 3 flags, got "
                          f"{len(v['speed_proposed'])}")
    for post in v["crew"]:
        if post not in CREW_POSTS:
            raise SchemaError(f"{where}.crew.{post}: unknown post (known: "
                              f"{', '.join(CREW_POSTS)})")
    for face in FACES:
        if face not in v["armour"]:
            raise SchemaError(f"{where}.armour.{face}: required")
    for face in v["armour"]:
        if face not in FACES:
            raise SchemaError(f"{where}.armour.{face}: unknown face (known: {', '.join(FACES)})")
    for wid, w in v["weapons"].items():
        if w["crewed_by"] not in v["crew"]:
            raise SchemaError(f"{where}.weapons.{wid}.crewed_by: {w['crewed_by']!r} is not a "
                              f"post of this card's crew")
        if w["ammo_types_ru"] and len(w["ammo_types_ru"]) != len(w["ammo_types"]):
            raise SchemaError(f"{where}.weapons.{wid}.ammo_types_ru: expected "
                              f"{len(w['ammo_types'])} names, one per ammo_types entry, got "
                              f"{len(w['ammo_types_ru'])}")
        table = w["penetration_table"]
        if table and (len(table) != 5 or any(len(row) != 10 for row in table)):
            raise SchemaError(f"{where}.weapons.{wid}.penetration_table: expected 5 rows "
                              f"(bands 1..5) of 10 values (d10 faces)")
    guns = [wid for wid, w in v["weapons"].items() if w["kind"] == "main_gun"]
    if len(guns) > 1:
        raise SchemaError(f"{where}.weapons.{guns[1]}.kind: a card has one main_gun")
    return v


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def check_hit_location(data: Mapping[str, Any], where: str = "") -> list[dict]:
    """The d10 hit-location entries; every face 1..10 covered exactly once."""
    entries = validate_record(data, HIT_LOCATION_FILE, where)["entries"]
    where = _join(where, "entries")
    seen: dict[int, int] = {}
    for i, e in enumerate(entries):
        if e["low"] > e["high"]:
            raise SchemaError(f"{where}[{i}].high: expected ≥ low ({e['low']})")
        for f in range(e["low"], e["high"] + 1):
            if f in seen:
                raise SchemaError(f"{where}[{i}]: face {f} is already in "
                                  f"entries[{seen[f]}]")
            seen[f] = i
    missing = [f for f in range(1, 11) if f not in seen]
    if missing:
        raise SchemaError(f"{where}: faces {missing} have no location")
    return entries


def check_damage(data: Mapping[str, Any], where: str = "") -> dict:
    """Damage results (sorted highest first) and the d3 systems table."""
    d = validate_record(data, DAMAGE_FILE, where)
    ids = [r["id"] for r in d["results"]]
    if not ids:
        raise SchemaError(f"{_join(where, 'results')}: expected at least one result")
    for i, r in enumerate(d["results"]):
        if ids.count(r["id"]) > 1:
            raise SchemaError(f"{_join(where, 'results')}[{i}].id: duplicate id {r['id']!r}")
    mins = [r["min_total"] for r in d["results"]]
    if len(set(mins)) != len(mins):
        raise SchemaError(f"{_join(where, 'results')}: two results share a min_total")
    faces = sorted(s["face"] for s in d["systems"])
    if faces != [1, 2, 3]:
        raise SchemaError(f"{_join(where, 'systems')}: expected faces 1, 2, 3 once each, "
                          f"got {faces}")
    d["results"] = sorted(d["results"], key=lambda r: -r["min_total"])
    d["systems"] = sorted(d["systems"], key=lambda s: s["face"])
    return d


# --------------------------------------------------------------------------- loading


def _where(filename: str) -> str:
    return f"{RULESET_ID}/{filename}"


def load_vehicles(package: str = "resources.rulesets") -> dict[str, dict]:
    raw = load_data(RULESET_ID, "vehicles.toml", package=package)
    extra = [k for k in raw if k not in ("vehicles", "modifiers")]
    if extra:
        raise SchemaError(f"{_where('vehicles.toml')}: {extra[0]}: unknown top-level key")
    vehicles = raw.get("vehicles")
    if not isinstance(vehicles, Mapping) or not vehicles:
        raise SchemaError(f"{_where('vehicles.toml')}: vehicles: required")
    return {vid: check_vehicle(card, f"{_where('vehicles.toml')}: vehicles.{vid}")
            for vid, card in vehicles.items()}


def load_modifiers(package: str = "resources.rulesets") -> dict[str, dict]:
    raw = load_data(RULESET_ID, "vehicles.toml", package=package)
    mods = raw.get("modifiers", {})
    if not isinstance(mods, Mapping):
        raise SchemaError(f"{_where('vehicles.toml')}: modifiers: expected a table")
    return {k: validate_record(m, MODIFIER, f"{_where('vehicles.toml')}: modifiers.{k}")
            for k, m in mods.items()}


def load_hit_location(package: str = "resources.rulesets") -> list[dict]:
    raw = load_data(RULESET_ID, "hit_location.toml", package=package)
    try:
        return check_hit_location(raw)
    except SchemaError as e:
        raise SchemaError(f"{_where('hit_location.toml')}: {e}") from None


def load_damage(package: str = "resources.rulesets") -> dict:
    raw = load_data(RULESET_ID, "vehicle_damage.toml", package=package)
    try:
        return check_damage(raw)
    except SchemaError as e:
        raise SchemaError(f"{_where('vehicle_damage.toml')}: {e}") from None


def armour_face(side_struck: str) -> str:
    """The card's armour face for a side struck: left and right read "side"."""
    return "side" if side_struck in ("left", "right") else side_struck


VEHICLES: dict[str, dict] = load_vehicles()
#: Vehicle weapons by "<vehicle id>.<weapon id>", for the ruleset's weapon library.
WEAPONS: dict[str, dict] = {f"{vid}.{wid}": w for vid, card in VEHICLES.items()
                            for wid, w in card["weapons"].items()}
MODIFIERS: dict[str, dict] = load_modifiers()
HIT_LOCATION: list[dict] = load_hit_location()
VEHICLE_DAMAGE: dict = load_damage()
