"""The Iron Hearts unit library (engine.library_schema): its kinds of record — characters,
vehicle cards (which live outside `Ruleset.profiles`' schema and have a points cost) and
weapons — and its seed, grouped into the factions of factions.toml. The ruleset declares
it (`Ruleset.library`), so the generic library finds it through the registry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.library_schema import Kind, LibrarySpec, Seed, SeedEntry, check_id
from engine.options import SchemaError
from engine.rulesets.registry import load_data

from . import data, tank_data

__all__ = ["factions", "spec"]


def factions() -> dict[str, tuple[str, tuple[str, ...]]]:
    """factions.toml: id → (name, member record ids), each field checked by name."""
    raw = load_data(data.RULESET_ID, "factions.toml")
    out = {}
    for fid, rec in (raw.get("factions") or {}).items():
        where = f"{data.RULESET_ID}/factions.toml: factions.{fid}"
        check_id(fid, where)
        if not isinstance(rec, Mapping) or not isinstance(rec.get("name"), str):
            raise SchemaError(f"{where}.name: expected text")
        members = rec.get("members", [])
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise SchemaError(f"{where}.members: expected a list of ids")
        out[fid] = (rec["name"], tuple(members))
    return out


def _grenade(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A character who owns grenades reads the hand grenade's numbers (§3.1)."""
    return [("weapon", "hand-grenade")] if record.get("has_grenades") else []


def spec() -> LibrarySpec:
    kinds = (
        Kind("character", "profiles", "Profiles", data.CHARACTER,
             refs={"weapons": "weapon"}, implied=_grenade),
        Kind("vehicle", "vehicles", "Vehicles", tank_data.VEHICLE, check=tank_data.check_vehicle,
             cost_field="cost_points"),
        Kind("weapon", "weapons", "Weapons", data.WEAPON, unit=False),
    )

    def seed() -> Seed:
        found = factions()
        member_of = {m: fid for fid, (_, members) in found.items() for m in members}
        fallback = "common" if "common" in found else next(iter(found), "general")
        names = {fid: name for fid, (name, _) in found.items()}
        if fallback not in names:
            names[fallback] = "General"
        entries = [SeedEntry(kind, rid, member_of.get(rid, fallback), rec)
                   for kind, records in (("character", data.load_profiles()),
                                         ("vehicle", tank_data.load_vehicles()),
                                         ("weapon", data.load_weapons()))
                   for rid, rec in records.items()]
        return Seed(names, tuple(entries))

    return LibrarySpec(data.RULESET_ID, "Iron Hearts", kinds, seed)
