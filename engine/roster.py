"""Rosters: the force each side brings to a game, picked from the unit library.

A roster names a ruleset and, per side, lines of (kind, library id, count). Points come
from the library record's cost field where the ruleset has one (the `cost_field` its
library kind names); a line whose kind has no cost counts as "uncosted", so a total reads
"200 points + 11 uncosted models" rather than pretending infantry is free.

Rosters are kept in the library file (table `rosters`, one JSON object per name) and can be
written to / read from JSON files ({"format": "warboard-roster", "version": 1, …}).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine import safe_json
from engine.i18n import msg, prefixed, said, verbatim
from engine.library import Library, LibraryError
from engine.options import SchemaError

__all__ = ["Roster", "RosterLine", "LineCost", "SideTotal", "ROSTER_FORMAT", "ROSTER_VERSION",
           "roster_from_dict", "roster_totals", "check_roster", "save_roster", "load_roster",
           "list_rosters", "delete_roster", "roster_from_scenario"]

ROSTER_FORMAT = "warboard-roster"
ROSTER_VERSION = 1


@dataclass(slots=True)
class RosterLine:
    kind: str
    id: str
    count: int = 1
    label: str = ""

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind, "id": self.id, "count": self.count}
        if self.label:
            d["label"] = self.label
        return d


@dataclass(slots=True)
class Roster:
    name: str
    ruleset: str
    sides: dict[str, list[RosterLine]] = field(default_factory=dict)

    def add(self, side: str, kind: str, rid: str, count: int = 1) -> RosterLine:
        """Add `count` of a record to a side (merged into a line for the same record)."""
        for line in self.sides.setdefault(side, []):
            if (line.kind, line.id, line.label) == (kind, rid, ""):
                line.count += count
                return line
        line = RosterLine(kind, rid, count)
        self.sides[side].append(line)
        return line

    def to_dict(self) -> dict:
        return {"format": ROSTER_FORMAT, "version": ROSTER_VERSION, "name": self.name,
                "ruleset": self.ruleset,
                "sides": {s: [ln.to_dict() for ln in lines] for s, lines in self.sides.items()}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SchemaError(prefixed(f"{where}: ", msg("expected text, got {got}",
                                                     got=repr(value))))
    return value.strip()


#: The largest roster text read (a roster of 1,000 lines is ~60 kB).
MAX_ROSTER_BYTES = 2 * 2**20


def roster_from_dict(data: Any) -> Roster:
    """A roster from its JSON object; SchemaError names the bad field."""
    if isinstance(data, str | bytes):
        if len(data) > MAX_ROSTER_BYTES:
            raise SchemaError(msg("roster: {size} bytes is over the {limit}-byte limit",
                                  size=len(data), limit=MAX_ROSTER_BYTES))
        try:
            data = safe_json.loads(data)
        except safe_json.JSONInputError as e:
            if e.decode is not None:
                raise SchemaError(msg("roster: bad JSON at line {line}: {why}",
                                      line=e.decode.lineno, why=e.decode.msg)) from None
            raise SchemaError(msg("roster: {why}", why=said(e))) from None
    elif isinstance(data, Mapping):
        try:
            safe_json.check_value(data)
        except safe_json.JSONInputError as e:
            raise SchemaError(msg("roster: {why}", why=said(e))) from None
    if not isinstance(data, Mapping):
        raise SchemaError(msg("roster: expected a JSON object"))
    if data.get("format") != ROSTER_FORMAT:
        raise SchemaError(msg("format: expected {want}, got {got}",
                              want=verbatim(repr(ROSTER_FORMAT)),
                              got=repr(data.get("format"))))
    if data.get("version") != ROSTER_VERSION:
        raise SchemaError(msg("version: expected {want}, got {got}", want=ROSTER_VERSION,
                              got=repr(data.get("version"))))
    roster = Roster(_text(data.get("name"), "name"), _text(data.get("ruleset"), "ruleset"))
    sides = data.get("sides")
    if not isinstance(sides, Mapping):
        raise SchemaError(msg("sides: expected an object of sides"))
    for side, lines in sides.items():
        where = f"sides.{side}"
        _text(side, where)
        if not isinstance(lines, list):
            raise SchemaError(prefixed(f"{where}: ", msg("expected a list of lines")))
        out = []
        for i, ln in enumerate(lines):
            w = f"{where}[{i}]"
            if not isinstance(ln, Mapping):
                raise SchemaError(prefixed(f"{w}: ", msg("expected an object")))
            count = ln.get("count", 1)
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 999:
                raise SchemaError(prefixed(f"{w}.count: ", msg(
                    "expected a whole number 1–999, got {got}", got=repr(count))))
            label = ln.get("label", "")
            if not isinstance(label, str):
                raise SchemaError(prefixed(f"{w}.label: ", msg("expected text, got {got}",
                                                               got=repr(label))))
            out.append(RosterLine(_text(ln.get("kind"), f"{w}.kind"),
                                  _text(ln.get("id"), f"{w}.id"), count, label))
        roster.sides[side] = out
    return roster


def check_roster(roster: Roster, library: Library) -> None:
    """Every line names a unit record the library holds; SchemaError names the line."""
    spec = library.spec(roster.ruleset)
    for side, lines in roster.sides.items():
        _text(side, f"sides.{side}")  # as roster_from_dict reads it back
        for i, ln in enumerate(lines):
            where = f"sides.{side}[{i}]"
            try:
                kind = spec.kind(ln.kind)
            except SchemaError as e:
                raise SchemaError(prefixed(f"{where}.", said(e))) from None
            if not kind.unit:
                raise SchemaError(prefixed(f"{where}.kind: ", msg(
                    "a {kind} is not a unit", kind=verbatim(kind.id))))
            try:
                library.get(roster.ruleset, kind.id, ln.id)
            except LibraryError:
                raise SchemaError(prefixed(f"{where}.id: ", msg(
                    "no {kind} {id} in the {ruleset} library", kind=verbatim(kind.id),
                    id=verbatim(repr(ln.id)), ruleset=verbatim(roster.ruleset)))) from None


@dataclass(frozen=True, slots=True)
class LineCost:
    line: RosterLine
    name: str
    unit_cost: int | None

    @property
    def cost(self) -> int | None:
        return None if self.unit_cost is None else self.unit_cost * self.line.count


@dataclass(frozen=True, slots=True)
class SideTotal:
    side: str
    lines: tuple[LineCost, ...]

    @property
    def points(self) -> int:
        return sum(c.cost for c in self.lines if c.cost is not None)

    @property
    def uncosted(self) -> int:
        """Models on lines whose kind has no cost in this ruleset."""
        return sum(c.line.count for c in self.lines if c.unit_cost is None)

    @property
    def models(self) -> int:
        return sum(c.line.count for c in self.lines)

    def text(self) -> str:
        if self.uncosted:
            return msg("{side}: {points} points + {n} uncosted {n|model|models|models}",
                       side=self.side, points=self.points, n=self.uncosted)
        return msg("{side}: {points} points", side=self.side, points=self.points)


def roster_totals(roster: Roster, library: Library) -> dict[str, SideTotal]:
    """Points per side (and per line), read from the library's cost fields."""
    check_roster(roster, library)
    spec = library.spec(roster.ruleset)
    out = {}
    for side, lines in roster.sides.items():
        costs = []
        for ln in lines:
            kind = spec.kind(ln.kind)
            e = library.get(roster.ruleset, kind.id, ln.id)
            costs.append(LineCost(ln, ln.label or e.name or e.id, kind.cost(e.data)))
        out[side] = SideTotal(side, tuple(costs))
    return out


# --------------------------------------------------------------------------- storage


def save_roster(library: Library, roster: Roster) -> None:
    """Store (or replace) the roster under its name, after checking it against the library."""
    check_roster(roster, library)
    with library.transaction():
        library.db.table("rosters").upsert(
            {"name": roster.name, "ruleset": roster.ruleset,
             "data": json.dumps(roster.to_dict(), ensure_ascii=False),
             "updated": datetime.now(UTC).isoformat(timespec="seconds")}, pk="name")


def load_roster(library: Library, name: str) -> Roster:
    rows = list(library.db.table("rosters").rows_where("name = ?", [name]))
    if not rows:
        raise LibraryError(msg("roster: no roster named {name}", name=verbatim(repr(name))))
    return roster_from_dict(json.loads(rows[0]["data"]))


def list_rosters(library: Library, ruleset: str | None = None) -> list[str]:
    where, params = ("ruleset = ?", [ruleset]) if ruleset else (None, None)
    return [r["name"] for r in library.db.table("rosters").rows_where(where, params,
                                                                       order_by="name")]


def delete_roster(library: Library, name: str) -> None:
    """Delete a stored roster, even one that no longer reads back."""
    if not list(library.db.table("rosters").rows_where("name = ?", [name])):
        raise LibraryError(msg("roster: no roster named {name}", name=verbatim(repr(name))))
    with library.transaction():
        library.db.execute("DELETE FROM rosters WHERE name = ?", [name])


def roster_from_scenario(scenario: Any, library: Library, name: str | None = None) -> Roster:
    """The forces on a scenario's table, one line per side and profile (units whose profile
    the library does not hold are skipped: they are the scenario's own)."""
    roster = Roster(name or scenario.name, scenario.ruleset)
    for u in scenario.units:
        e = library.find(scenario.ruleset, u.profile)
        if e is not None:
            roster.add(u.side, e.kind, e.id)
    return roster
