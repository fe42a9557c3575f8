"""What the unit library holds per ruleset: its kinds of record and its seed.

The library (engine/library.py) is one SQLite file of records — factions, and per ruleset
the kinds its profiles come in (say "character", "weapon", "vehicle"). A
`LibrarySpec` tells the library, for one ruleset, which kinds exist, how to validate a
record of each kind (the ruleset's own schema, plus cross-field checks such as a vehicle
weapon crewed by a post the card has), which fields refer to other records (a character's
`weapons` name weapon ids), which field is a points cost, and what the seed is: the
records shipped in resources/, grouped into factions.

Any registered ruleset gets a generic spec from its declaration (`profile_fields`,
`profiles`, `weapons`); a ruleset with more to say (records outside `Ruleset.profiles`,
factions) registers its own with `register_spec` from its package, which the registry
imports before a spec is looked up.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.i18n import msg, prefixed
from engine.options import Schema, SchemaError, validate_record

__all__ = ["Kind", "SeedEntry", "Seed", "LibrarySpec", "register_spec", "get_spec",
           "all_specs", "generic_spec", "check_id", "ID_PATTERN", "TABLES"]

#: Record ids: lower-case letters, digits, "-" and "_", as the shipped data uses.
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")

#: The library's SQLite tables (see engine/library.py for their columns).
TABLES = ("meta", "factions", "entries", "tombstones", "rosters")


def check_id(value: Any, where: str) -> str:
    """A record or faction id, or SchemaError naming `where`."""
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise SchemaError(prefixed(f"{where}: ", msg(
            "expected an id of lower-case letters, digits, '-', '_' (1–64 characters), got "
            "{got}", got=repr(value))))
    return value


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of library record. `table` is its plural name in messages and files
    ("profiles.rifleman.accuracy: …"); `check` validates a whole record (default: the
    schema alone); `refs` maps a list field to the kind its ids name; `cost_field` is the
    points cost when the ruleset has one."""

    id: str
    table: str
    label: str
    schema: Schema
    check: Callable[[Mapping[str, Any], str], dict] | None = None
    refs: Mapping[str, str] = field(default_factory=dict)
    cost_field: str | None = None
    #: Whether a unit on the table can use a record of this kind as its profile.
    unit: bool = True
    #: Records a record of this kind reads without listing them by id, as (kind, id)
    #: pairs (a soldier who owns grenades reads the grenade's numbers).
    implied: Callable[[Mapping[str, Any]], Iterable[tuple[str, str]]] | None = None

    def validate(self, data: Any, where: str) -> dict:
        if self.check is not None:
            return self.check(data, where)
        return validate_record(data, self.schema, where)

    def cost(self, record: Mapping[str, Any]) -> int | None:
        if self.cost_field is None:
            return None
        value = record.get(self.cost_field)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True, slots=True)
class SeedEntry:
    kind: str
    id: str
    faction: str
    record: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Seed:
    """The records shipped with the app for one ruleset: factions (id → name) and entries."""

    factions: Mapping[str, str]
    entries: tuple[SeedEntry, ...]


@dataclass(frozen=True, slots=True)
class LibrarySpec:
    ruleset: str
    name: str
    kinds: tuple[Kind, ...]
    seed: Callable[[], Seed]

    def kind(self, kind_id: str) -> Kind:
        for k in self.kinds:
            if k.id == kind_id or k.table == kind_id:
                return k
        known = ", ".join(k.id for k in self.kinds)
        raise SchemaError(msg("kind: {ruleset} has no kind of record {kind} (known: {known})",
                              ruleset=self.ruleset, kind=repr(kind_id), known=known))

    @property
    def unit_kinds(self) -> tuple[Kind, ...]:
        return tuple(k for k in self.kinds if k.unit)


_specs: dict[str, Callable[[], LibrarySpec]] = {}


def register_spec(ruleset_id: str, build: Callable[[], LibrarySpec]) -> None:
    """Give ruleset `ruleset_id` a library spec of its own (built lazily, on first use)
    over the one it declares: tests and plug-ins (a shipped ruleset declares its spec as
    `Ruleset.library`)."""
    _specs[ruleset_id] = build
    _built.cache_clear()


@cache
def _built(ruleset_id: str) -> LibrarySpec:
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        ruleset = get_ruleset(ruleset_id)
    except RulesetNotFound:
        if ruleset_id not in _specs:
            raise
        ruleset = None
    if ruleset_id in _specs:
        return _specs[ruleset_id]()
    if ruleset.library is not None:      # the spec the ruleset declares (Ruleset.library)
        return ruleset.library()
    return generic_spec(ruleset)


def get_spec(ruleset_id: str) -> LibrarySpec:
    """The library spec of a ruleset: a registered one, else the one it declares, else the
    generic one."""
    return _built(ruleset_id)


def all_specs() -> list[LibrarySpec]:
    """A spec for every ruleset the registry knows, sorted by id."""
    from engine.rulesets.registry import list_rulesets

    return [get_spec(rs.id) for rs in list_rulesets()]


# --------------------------------------------------------------------------- generic


def generic_spec(ruleset: Any) -> LibrarySpec:
    """A spec from a Ruleset declaration: one kind per `profile_fields` entry; the seed is
    `ruleset.profiles` (each record under the first kind whose schema accepts it) and
    `ruleset.weapons` (ids with a dot, weapons of a card, stay inside their card), all in
    one faction "general"."""
    kinds = tuple(Kind(k, f"{k}s" if not k.endswith("s") else k, k.replace("_", " ").title(),
                       schema, unit=(k != "weapon"))
                  for k, schema in ruleset.profile_fields.items())

    def seed() -> Seed:
        entries: list[SeedEntry] = []
        unit_kinds = [k for k in kinds if k.unit]
        for pid, rec in ruleset.profiles.items():
            for k in unit_kinds:
                try:
                    entries.append(SeedEntry(k.id, pid, "general", k.validate(rec, pid)))
                    break
                except SchemaError:
                    continue
        if any(k.id == "weapon" for k in kinds):
            weapon = next(k for k in kinds if k.id == "weapon")
            for wid, rec in ruleset.weapons.items():
                if "." not in wid:
                    entries.append(SeedEntry("weapon", wid, "general",
                                             weapon.validate(rec, wid)))
        return Seed({"general": "General"}, tuple(entries))

    return LibrarySpec(ruleset.id, ruleset.name, kinds, seed)
