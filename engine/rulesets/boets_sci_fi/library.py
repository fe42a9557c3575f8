"""The Boets unit library spec (engine.library_schema): armlists (troop types) and the
template weapons they carry, the armlist's `weapons` naming weapon records so a card
prints their Дальн and М; one faction per side of the seed's example armies."""

from __future__ import annotations

from engine.library_schema import Kind, LibrarySpec, Seed, SeedEntry

from . import data

__all__ = ["library_spec"]


def library_spec() -> LibrarySpec:
    kinds = (Kind("armlist", "armlists", "Armlists", data.ARMLIST,
                  refs={"weapons": "weapon"}),
             Kind("weapon", "weapons", "Template weapons", data.WEAPON, unit=False))

    def seed() -> Seed:
        entries = [SeedEntry("armlist", aid, "general", rec)
                   for aid, rec in data.armlists().items()]
        entries += [SeedEntry("weapon", wid, "general", rec)
                    for wid, rec in data.weapons().items()]
        return Seed({"general": "General"}, tuple(entries))

    return LibrarySpec(data.RULESET_ID, "Boets sci-fi (Fighter level)", kinds, seed)
