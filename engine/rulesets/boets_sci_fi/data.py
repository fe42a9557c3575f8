"""Boets sci-fi numbers as data: schemas and loaders for resources/rulesets/boets-sci-fi/.

The seed's armlist table is missing (03 §1, L71), so every stat is PROPOSED and each record
lists its PROPOSED columns by name; the column legend keeps the seed's Russian
abbreviations (ЛДР, Ск, Дальн, Скр, М, ББ, Стк, Бр) for cards and panels.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.options import BASE, Field, Schema, SchemaError
from engine.rulesets.registry import load_data

__all__ = ["RULESET_ID", "ARMLIST", "WEAPON", "RULES", "COLUMNS", "RANKS", "rules",
           "armlists", "weapons", "rule_number", "is_proposed", "glossary_ru", "GLOSSARY"]

RULESET_ID = "boets-sci-fi"

_NAMES = Field("list", required=False, default=(), items=Field("str"))
_STEPS = Field("int", minimum=0, maximum=200, doc="steps")

#: The ranks, most senior first (§4.1-5; the list "Примерные звания:" is missing, §8-12
#: PROPOSED). Advisors and Lords stand outside the chain.
RANKS: tuple[str, ...] = ("lieutenant", "senior_sergeant", "sergeant", "private")

#: Armlist columns (§3): code → (English abbreviation, Russian abbreviation, Russian name).
COLUMNS: dict[str, tuple[str, str, str]] = {
    "ldr": ("LDR", "ЛДР", "Лидерство"),
    "speed": ("Spd", "Ск", "Скорость"),
    "range": ("Rng", "Дальн", "Дальность стрельбы"),
    "shots": ("RoF", "Скр", "Скорострельность"),
    "power": ("Pow", "М", "Мощность оружия"),
    "melee_strength": ("Mel", "ББ", "Сила в Ближнем Бою"),
    "toughness": ("Tgh", "Стк", "Стойкость"),
    "armour": ("Arm", "Бр", "Броня"),
}

#: One armlist (troop type) record (§3).
ARMLIST: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "troop_type": Field("str", doc="one armlist per formation (§4.1-1)"),
    "rank": Field("str", required=False, default="private",
                  choices=RANKS + ("advisor", "lord")),
    "ldr": Field("int", minimum=2, maximum=20, doc="d20 ≥ ЛДР passes"),
    "speed": _STEPS,
    "range": _STEPS,
    "shots": Field("int", minimum=1, maximum=20),
    "power": Field("int", minimum=0, maximum=20),
    "melee_strength": Field("int", minimum=0, maximum=20),
    "toughness": Field("int", minimum=1, maximum=20),
    "armour": Field("int", minimum=0, maximum=20),
    "independent": Field("bool", required=False, default=False,
                         doc="may act alone (§4.1-6)"),
    "special": _NAMES,
    "weapons": _NAMES,
    "base": BASE,
    "proposed": _NAMES,
    "note": Field("str", required=False, default=""),
}

#: A template weapon (§4.9).
WEAPON: Schema = {
    "name": Field("str"),
    "name_ru": Field("str"),
    "template": Field("str", choices=("flamer", "grenade", "shell", "artillery")),
    "range": Field("int", required=False, default=0, minimum=0, maximum=200),
    "power": Field("int", minimum=0, maximum=20),
    "proposed": _NAMES,
}


def _n(kind: str, lo: float, hi: float | None = None) -> Field:
    return Field(kind, minimum=lo, maximum=hi)


RULES: Schema = {
    "inches_per_step": _n("float", 0.01, 100),
    "proposed": _NAMES,
    "turn": Field("dict", fields={
        "kind": Field("str"), "phases": Field("list", items=Field("str")),
        "allies": Field("bool"), "initiative_die": Field("str"),
        "initiative_when": Field("str"),
        "clear_each_turn": Field("list", items=Field("str"))}),
    "leadership": Field("dict", fields={
        "commander_minus": _n("int", 0, 20), "commander_floor": _n("int", 1, 20),
        "takeover_melee": _n("int", -20, 0), "panic_bonus": _n("int", 0, 20),
        "small_unit": _n("int", 1, 20), "first_takeover_clears": Field("bool")}),
    "organisation": Field("dict", fields={k: _n("int", 1, 200) for k in (
        "squad_min", "squad_max", "platoon_squads", "platoon_min", "platoon_max",
        "company_min_platoons", "company_max_platoons", "company_min", "company_max",
        "company_max_4")}),
    "house": Field("dict", fields={"hit_on": _n("int", 1, 21),
                                   "penetration_base": _n("int", 0, 40)}),
    "templates": Field("dict", fields={k: Field("str") for k in (
        "flamer", "grenade", "shell", "artillery")}),
}


def _check_proposed(records: dict[str, Any], schema: Schema, where: str) -> None:
    for rid, rec in records.items():
        for i, name in enumerate(rec.get("proposed") or ()):
            if name not in schema:
                raise SchemaError(f"{where}: {rid}.proposed[{i}]: no field {name!r}")


@cache
def rules() -> dict[str, Any]:
    return load_data(RULESET_ID, "ruleset.toml", schema=RULES)


@cache
def armlists() -> dict[str, Any]:
    out = load_data(RULESET_ID, "armlists.toml", schema=ARMLIST, table="armlists")
    _check_proposed(out, ARMLIST, f"{RULESET_ID}/armlists.toml")
    return out


@cache
def weapons() -> dict[str, Any]:
    out = load_data(RULESET_ID, "weapons.toml", schema=WEAPON, table="weapons")
    _check_proposed(out, WEAPON, f"{RULESET_ID}/weapons.toml")
    return out


_TEXTS = Field("dict", required=False, default={}, items=Field("str"))

#: glossary_ru.toml (engine.i18n's ruleset glossary): English text → Russian; [cards] the
#: printed cards' own words (an engine.i18n context); [sides] the sides' names
GLOSSARY: Schema = {"terms": _TEXTS, "messages": _TEXTS, "cards": _TEXTS, "sides": _TEXTS}


@cache
def glossary_ru() -> dict[str, str]:
    """The Russian terms of the ruleset's labels (from the rules file's glossary)."""
    data = load_data(RULESET_ID, "glossary_ru.toml", schema=GLOSSARY)
    return {**data["terms"], **data["messages"]}


def rule_number(path: str) -> Any:
    """A number of ruleset.toml by "section.key" (or a top-level key)."""
    section, _, key = path.partition(".")
    return rules()[section][key] if key else rules()[section]


def is_proposed(path: str) -> bool:
    return path in rules()["proposed"]
