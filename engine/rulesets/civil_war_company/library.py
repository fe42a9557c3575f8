"""The Civil War company's unit library spec (engine.library_schema): three kinds of
record — companies, machine guns / tachankas, batteries — each checked by the profile
schema and its kind's required fields, seeded from profiles.toml and grouped into the
factions the records name (UNR, Whites, Red Army, Makhno, partisans)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.library_schema import Kind, LibrarySpec, Seed, SeedEntry
from engine.options import SchemaError, validate_record

from . import data

__all__ = ["library_spec", "faction_id"]

KINDS = (("company", "companies", "Companies"),
         ("machine_gun", "machine_guns", "Machine guns and tachankas"),
         ("battery", "batteries", "Batteries"))


def faction_id(name: str) -> str:
    """A faction's library id from its name ("Red Army" → "red-army")."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "general"


def _checker(kind: str):
    def check(record: Mapping[str, Any], where: str) -> dict:
        rec = validate_record({"kind": kind, **dict(record)}, data.PROFILE, where)
        if rec["kind"] != kind:
            raise SchemaError(f"{where}.kind: expected {kind!r} in this list, got "
                              f"{rec['kind']!r}")
        data.check_kind(rec, where)
        return rec
    return check


def library_spec() -> LibrarySpec:
    kinds = tuple(Kind(k, table, label, data.PROFILE, check=_checker(k))
                  for k, table, label in KINDS)

    def seed() -> Seed:
        factions: dict[str, str] = {}
        entries = []
        for pid, rec in data.profiles().items():
            name = rec.get("faction") or "General"
            fid = faction_id(name)
            factions.setdefault(fid, name)
            entries.append(SeedEntry(rec["kind"], pid, fid, rec))
        return Seed(factions, tuple(entries))

    return LibrarySpec(data.RULESET_ID, "Civil War company", kinds, seed)
