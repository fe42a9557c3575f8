"""Companies on the board: which stands make a company and where its state is kept.

A company («рота») is a scenario group of kind "company" (format v2 `groups`): its members
are its platoon stands, its `commander` the officer's stand (one of them, or a figure of
its own). The company's state — moved, formation, officer alive, turn-start positions —
is the group's `state`; the markers the players must see on the table (suppressed, prone,
routing, Terror) sit on the command stand as unit markers, so the board shows them as
badges there (SUP, PRO, ROU, T2), as a marker beside the command stand would be on a real
table. A unit in no company group is a company of one stand (an MG, a tachanka, a
battery), with everything on the unit.

This module is the only place that knows that layout: rules read a `Company` and write
through `set_flag` / `add_terror`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.model import AddMarker, Effect, Game, ModelError, SetGroupState, SetMarker, SetState
from engine.scenario import Group, Unit

__all__ = ["Company", "company_of", "set_flag", "add_terror", "clear_terror", "FLAGS",
           "MARKER_FLAGS", "TRUE_BY_DEFAULT", "COMPANY_KIND"]

#: The group kind a Civil War company is.
COMPANY_KIND = "company"

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

#: State keys whose absence reads True (the officer lives until he is killed): False is
#: kept in the state, since clearing the key would bring him back.
TRUE_BY_DEFAULT = ("officer",)


@dataclass(frozen=True, slots=True)
class Company:
    """A company as the rules see it: its group (None for a single stand), its command
    stand (`record`, where its markers sit), its stands on the table, its profile."""

    record: Unit
    stands: tuple[Unit, ...]
    profile: Mapping[str, Any]
    group: Group | None = None

    @property
    def id(self) -> str:
        return self.group.id if self.group is not None else self.record.id

    @property
    def name(self) -> str:
        if self.group is not None and self.group.name:
            return self.group.name
        return self.record.name or self.profile.get("name") or self.record.id

    @property
    def name_ru(self) -> str:
        """The company's Russian name when the scenario gives its group one."""
        if self.group is not None and self.group.name:
            return str(getattr(self.group, "name_ru", "") or "")
        return ""

    @property
    def kind(self) -> str:
        return self.profile.get("kind", "company")

    @property
    def _state(self) -> Mapping[str, Any]:
        return self.group.state if self.group is not None else self.record.state

    def flag(self, key: str) -> bool:
        if key in MARKER_FLAGS:
            return bool(self.record.markers.get(key, False))
        return bool(self._state.get(key, False))

    @property
    def formation(self) -> str:
        return str(self._state.get("formation", "line"))

    @property
    def officer(self) -> bool:
        """The officer lives (a support stand has none)."""
        return self.kind == "company" and bool(self._state.get("officer", True))

    @property
    def terror(self) -> int:
        return int(self.record.markers.get("terror", 0))

    @property
    def centre(self) -> tuple[float, float]:
        us = self.stands or (self.record,)
        return (sum(u.x for u in us) / len(us), sum(u.y for u in us) / len(us))

    def value(self, key: str, default: Any = None) -> Any:
        return self._state.get(key, default)


def _company_group(game: Game, unit: Unit) -> Group | None:
    for g in game.scenario.top_groups_of(unit.id):
        if g.kind == COMPANY_KIND:
            return g
    return None


def company_of(unit: Unit, profile: Mapping[str, Any], game: Game | None = None) -> Company:
    """The company `unit` belongs to: its company group, else itself alone. Without a
    game the unit is a company of one stand (rules tests build their situation from
    facts)."""
    if game is None:
        return Company(unit, (unit,), profile)
    g = _company_group(game, unit)
    if g is None:
        return Company(unit, (unit,) if game.on_table(unit.id) else (), profile)
    stands = tuple(game.group_units(g.id))
    ids = game.scenario.members(g.id)
    lead_id = g.commander or (ids[0] if ids else unit.id)
    try:
        record = game.unit(lead_id)
    except ModelError:      # a commander not in the game: the unit itself
        record = unit
    return Company(record, stands, profile, g)


def set_flag(c: Company, key: str, value: Any) -> Effect:
    """Set (or with None / False clear) a company state key: on the group (or the single
    stand); the flags players must see (MARKER_FLAGS) as markers on the command stand.
    A key that reads True when absent (TRUE_BY_DEFAULT) keeps an explicit False."""
    if value is False and key not in TRUE_BY_DEFAULT:
        value = None
    if key in MARKER_FLAGS:
        return SetMarker(c.record.id, key, value)
    if c.group is not None:
        return SetGroupState(c.group.id, key, value)
    return SetState(c.record.id, key, value)


def add_terror(c: Company, n: int) -> Effect:
    return AddMarker(c.record.id, "terror", n)


def clear_terror(c: Company) -> Effect:
    return SetMarker(c.record.id, "terror", None)
