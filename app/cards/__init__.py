"""Printed unit cards: which card a profile gets, and the cards of a scenario or a library.

Profiles are resolved as the rules engine does: a scenario's own "profiles" object first
(its kind found by which schema accepts it), then the unit library (ids written with "-"
or "_" match). The records a card reads besides its own (a soldier's weapons)
come from the same two places. Each ruleset's layouts are declared on its Ruleset
(engine.cards), found and drawn by layout.py; paper and PDF in printing.py, templates in
templates_sheet.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import group_kind
from engine.library import Entry, Library, kind_of
from engine.options import SchemaError
from engine.scenario import Group

from .layout import (
    FACE_H,
    FACE_W,
    CardData,
    CardOptions,
    has_layout,
    layout_for,
    register_layout,
)

__all__ = ["CardData", "CardOptions", "FACE_W", "FACE_H", "register_layout", "layout_for",
           "card_for_entry", "cards_for_scenario", "group_kind", "CardError"]


class CardError(SchemaError):
    """A card that cannot be made (unknown unit or profile); the message names it."""


def _related(library: Library, ruleset: str, kind: str, record: Mapping[str, Any],
             own: Mapping[str, Any] | None = None) -> dict[str, Mapping[str, Any]]:
    """Records the card refers to by id, from the scenario's profiles or the library."""
    spec = library.spec(ruleset)
    out: dict[str, Mapping[str, Any]] = {}
    k = spec.kind(kind)
    wanted = {(target, ref) for fname, target in k.refs.items()
              for ref in (record.get(fname) or ())}
    if k.implied is not None:
        wanted.update(k.implied(record))
    for target, ref in sorted(wanted):
        tk = spec.kind(target)
        if own and ref in own:
            try:
                out[ref] = tk.validate(own[ref], f"profiles.{ref}")
                continue
            except SchemaError:
                pass
        try:
            out[ref] = library.get(ruleset, tk.id, ref).data
        except SchemaError:
            continue
    return out


def card_for_entry(library: Library, entry: Entry, *,
                   metres_per_inch: float | None = None) -> CardData:
    """The card of a library record (no unit: blank tallies)."""
    return CardData(entry.ruleset, entry.kind, entry.id, entry.data,
                    _related(library, entry.ruleset, entry.kind, entry.data),
                    metres_per_inch=metres_per_inch)


def cards_for_scenario(scenario: Any, library: Library,
                       unit_ids: Sequence[str] | None = None, *,
                       readings: Mapping[str, Any] | None = None) -> list[CardData]:
    """Cards for a scenario: with `unit_ids`, one per unit or group in that order (its
    name, markers and state on the card); without, one per distinct profile in order of
    first use, then one per group whose kind has a card layout (a company's tally card).
    `readings` are the game's rules readings (engine.readings.readings_for), printed as
    the game plays them."""
    ruleset = scenario.ruleset
    groups = {g.id: g for g in scenario.groups}
    if unit_ids:
        units: list[Any] = []
        for uid in unit_ids:
            if uid in groups:
                units.append(groups[uid])
                continue
            try:
                units.append(scenario.unit(uid))
            except KeyError:
                known = ", ".join([u.id for u in scenario.units] + list(groups))
                raise CardError(f"--units: no unit or group {uid!r} in the scenario "
                                f"(known: {known})") from None
    else:
        seen: dict[str, Any] = {}
        for u in scenario.units:
            seen.setdefault(u.profile, u)
        units = list(seen.values())
        units += [g for g in scenario.groups if has_layout(ruleset, group_kind(g.kind))]
    return [_group_card(scenario, library, x, readings) if isinstance(x, Group)
            else _unit_card(scenario, library, x, bool(unit_ids), readings) for x in units]


def _unit_card(scenario: Any, library: Library, u: Any, with_unit: bool,
               readings: Mapping[str, Any] | None) -> CardData:
    ruleset = scenario.ruleset
    own = scenario.profiles or {}
    spec = library.spec(ruleset)
    where = f"units[{u.id}].profile"
    if u.profile in own:
        kind, record = kind_of(spec, own[u.profile], f"profiles.{u.profile}")
        kid, pid = kind.id, u.profile
    else:
        e = library.find(ruleset, u.profile)
        if e is None:
            raise CardError(f"{where}: no profile {u.profile!r} in the scenario's "
                            f"profiles or the {ruleset} library")
        kid, pid, record = e.kind, e.id, e.data
    return CardData(
        ruleset, kid, pid, record, _related(library, ruleset, kid, record, own),
        unit_name=(u.label if with_unit else None),
        markers=dict(u.markers) if with_unit else {},
        state=dict(u.state) if with_unit else {},
        metres_per_inch=scenario.table.metres_per_inch, readings=dict(readings or {}),
        unit_id=u.id if with_unit else None)


def _group_card(scenario: Any, library: Library, g: Any,
                readings: Mapping[str, Any] | None) -> CardData:
    """A group's card: the group itself and its unit members (nested groups are named in
    `record["members"]`, their units are not repeated in `members`); `units` holds every
    unit under it, nested groups flattened (a platoon's fighters), and `record["fighters"]`
    / `record["subgroups"]` the ids of all of them and its member groups."""
    ids = {u.id for u in scenario.units}
    cards = {m: _unit_card(scenario, library, scenario.unit(m), True, readings)
             for m in scenario.members(g.id, leaders=True) if m in ids}
    members = tuple(cards[m] for m in g.members if m in cards)
    known = {x.id: x for x in scenario.groups}
    fighters = scenario.members(g.id)
    leader = cards.get(g.commander) if g.commander else None
    record = {"name": g.label, "name_ru": g.name_ru, "kind": g.kind, "side": g.side,
              "members": list(g.members),
              "commander": g.commander, "deputy": g.deputy, "off_table": g.off_table,
              "fighters": fighters,
              "subgroups": [{"id": s.id, "name": s.label, "name_ru": s.name_ru, "kind": s.kind,
                             "commander": s.commander, "deputy": s.deputy,
                             "fighters": scenario.members(s.id)}
                            for s in (known[m] for m in g.members if m in known)]}
    return CardData(scenario.ruleset, group_kind(g.kind), g.id, record, {},
                    unit_name=g.label, markers=dict(g.markers), state=dict(g.state),
                    metres_per_inch=scenario.table.metres_per_inch,
                    readings=dict(readings or {}), group=g, members=members,
                    units=tuple(cards[m] for m in fighters if m in cards)
                    + tuple(c for m, c in cards.items() if m not in fighters),
                    leader=leader)
