"""Printed unit cards: which card a profile gets, and the cards of a scenario or a library.

Profiles are resolved as the rules engine does: a scenario's own "profiles" object first
(its kind found by which schema accepts it), then the unit library (ids written with "-"
or "_" match). The records a card reads besides its own (an Iron Hearts character's weapons)
come from the same two places. Layouts are in layout.py (registry), the Iron Hearts ones in
iron_hearts.py, paper and PDF in printing.py, templates in templates_sheet.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.library import Entry, Library, kind_of
from engine.options import SchemaError

from .layout import FACE_H, FACE_W, CardData, CardOptions, layout_for, register_layout

__all__ = ["CardData", "CardOptions", "FACE_W", "FACE_H", "register_layout", "layout_for",
           "card_for_entry", "cards_for_scenario", "CardError"]


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
    # Iron Hearts characters with grenades also read the hand grenade's numbers
    if "weapon" in {t for t in k.refs.values()} and record.get("has_grenades"):
        wanted.add(("weapon", "hand-grenade"))
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
    """Cards for a scenario: with `unit_ids`, one per unit in that order (its name, markers
    and state on the card); without, one per distinct profile in order of first use.
    `readings` are the game's rules readings (engine.readings.readings_for), printed as
    the game plays them."""
    ruleset = scenario.ruleset
    own = scenario.profiles or {}
    spec = library.spec(ruleset)
    if unit_ids:
        units = []
        for uid in unit_ids:
            try:
                units.append(scenario.unit(uid))
            except KeyError:
                known = ", ".join(u.id for u in scenario.units)
                raise CardError(f"--units: no unit {uid!r} in the scenario "
                                f"(units: {known})") from None
    else:
        seen: dict[str, Any] = {}
        for u in scenario.units:
            seen.setdefault(u.profile, u)
        units = list(seen.values())
    cards = []
    for u in units:
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
        cards.append(CardData(
            ruleset, kid, pid, record, _related(library, ruleset, kid, record, own),
            unit_name=(u.label if unit_ids else None),
            markers=dict(u.markers) if unit_ids else {},
            state=dict(u.state) if unit_ids else {},
            metres_per_inch=scenario.table.metres_per_inch, readings=dict(readings or {})))
    return cards
