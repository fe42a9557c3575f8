"""Companies on the board: which stands make a company and where its state is kept.

A company («рота») is a group of platoon stands. Until scenario groups land, a scenario
(format v1) links them with `parent`: the company's command stand (the officer's stand)
has no parent, every other stand has `parent` = the command stand's id. The company's
state — moved, suppressed, prone, routing, formation, officer alive, Terror markers,
ammunition of an MG or a battery — lives on the command stand's `state` / `markers`, and
stays there when that stand is lost (a removed unit keeps its state in `game.removed`).
A unit without parent or members is a company of one stand (an MG, a battery).

This module is the only place that knows that layout: rules read a `Company` and write
through `set_flag` / `add_terror`, so moving to scenario groups changes this file only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.model import AddMarker, Effect, Game, SetMarker, SetState
from engine.scenario import Unit

__all__ = ["Company", "company_of", "set_flag", "add_terror", "clear_terror", "FLAGS",
           "MARKER_FLAGS"]

#: Company state flags and their meaning (all default False / absent).
FLAGS = {
    "moved": "moved this turn (shooter −1 to hit, §5.1 H1)",
    "exhausted": "exhausted (−1 to hit, a manual flag, §4.A-14)",
    "charging": "charging into melee (STORM: −1 to hit, §5.1 H5)",
    "suppressed": "suppressed by fire: cannot move until it rallies (§4.6)",
    "prone": "prone (cover −1; cannot fire in buildings and trenches, §5.3)",
    "routing": "fleeing after a failed FEAR test (§4.4)",
    "in_ambush": "in ambush (area fire −1 to hit, §5.1 H7)",
    "armoured": "armoured (cover −1, §5.3 C6)",
    "under_fire": "fired on since its last activation (§4.A-13)",
    "galloping": "cavalry galloping / vehicles moving (artillery −1 accuracy)",
    "in_woods": "in woods (mortars −1 cover; a partisan counts as in cover)",
}


#: Flags kept as markers on the command stand (badges on the board: SUP, PRO, ROU).
MARKER_FLAGS = ("suppressed", "prone", "routing")


@dataclass(frozen=True, slots=True)
class Company:
    """A company as the rules see it: its record unit (the command stand), its stands
    on the table, and its profile."""

    record: Unit
    stands: tuple[Unit, ...]
    profile: Mapping[str, Any]

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def name(self) -> str:
        return self.record.state.get("company_name") or self.record.name \
            or self.profile.get("name") or self.record.id

    @property
    def kind(self) -> str:
        return self.profile.get("kind", "company")

    def flag(self, key: str) -> bool:
        if key in MARKER_FLAGS:
            return bool(self.record.markers.get(key, False))
        return bool(self.record.state.get(key, False))

    @property
    def formation(self) -> str:
        return str(self.record.state.get("formation", "line"))

    @property
    def officer(self) -> bool:
        """The officer lives (a support stand has none)."""
        return self.kind == "company" and bool(self.record.state.get("officer", True))

    @property
    def terror(self) -> int:
        return int(self.record.markers.get("terror", 0))

    @property
    def centre(self) -> tuple[float, float]:
        us = self.stands or (self.record,)
        return (sum(u.x for u in us) / len(us), sum(u.y for u in us) / len(us))

    def value(self, key: str, default: Any = None) -> Any:
        return self.record.state.get(key, default)


def company_of(unit: Unit, profile: Mapping[str, Any], game: Game | None = None) -> Company:
    """The company `unit` belongs to. Without a game the unit is a company of one stand
    (rules tests build their situation from facts)."""
    if game is None:
        return Company(unit, (unit,), profile)
    lead = unit
    if unit.parent is not None:
        try:
            parent = game.unit(unit.parent)
        except Exception:  # noqa: BLE001 - a dangling parent: the unit stands alone
            parent = None
        if parent is not None and parent.profile == unit.profile:
            lead = parent
    stands = tuple(u for u in game.units
                   if u.id == lead.id or (u.parent == lead.id and u.profile == lead.profile))
    return Company(lead, stands, profile)


def set_flag(c: Company, key: str, value: Any) -> Effect:
    """Set (or with None / False clear) a company state key; the flags players must see
    on the table (MARKER_FLAGS) are markers, so the board shows them as badges."""
    value = None if value is False else value
    if key in MARKER_FLAGS:
        return SetMarker(c.record.id, key, value)
    return SetState(c.record.id, key, value)


def add_terror(c: Company, n: int) -> Effect:
    return AddMarker(c.record.id, "terror", n)


def clear_terror(c: Company) -> Effect:
    return SetMarker(c.record.id, "terror", None)
