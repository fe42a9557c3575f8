"""The Butterfly Effect unit library spec (engine.library_schema): characters, who name
their weapons and gear by id (so a character sheet card reads them), the weapons, and the
gear the text names (§3.1, §4.8) — seeded from profiles.toml, weapons.toml and gear.toml,
operatives and guards in their factions."""

from __future__ import annotations

from engine.library_schema import Kind, LibrarySpec, Seed, SeedEntry

from . import data

__all__ = ["spec"]

#: Library factions (id → name), and which profiles the seed puts in each.
FACTIONS = {"operatives": "Operatives", "others": "Guards and NPCs"}
OPERATIVES = ("jiy",)


def spec() -> LibrarySpec:
    kinds = (
        Kind("character", "profiles", "Characters", data.CHARACTER,
             refs={"weapons": "weapon", "gear": "gear"}),
        Kind("weapon", "weapons", "Weapons", data.WEAPON, unit=False),
        Kind("gear", "gear", "Gear", data.GEAR, unit=False),
    )

    def seed() -> Seed:
        entries = [SeedEntry("character", pid, "operatives" if pid in OPERATIVES else
                             "others", rec) for pid, rec in data.load_profiles().items()]
        entries += [SeedEntry(kind, rid, "others", rec)
                    for kind, records in (("weapon", data.load_weapons()),
                                          ("gear", data.load_gear()))
                    for rid, rec in records.items()]
        return Seed(FACTIONS, tuple(entries))

    return LibrarySpec(data.RULESET_ID, "Butterfly Effect", kinds, seed)
