"""The words a ruleset writes on units and groups and the profile fields the board reads,
declared on its Ruleset (`Ruleset.vocabulary`).

Generic code keeps no list of ruleset words: the board finds a marker's badge, a state
key's badge and where a profile keeps its base by asking the declarations
(`marker_badges`, `state_badges` over every discovered ruleset), and the isolation test
checks that no declared word is spelt out in app/, geometry/ or the generic engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["BadgeLook", "Term", "ProfileKeys", "Vocabulary", "terms", "marker_badges",
           "state_badges", "side_colours"]

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class BadgeLook(NamedTuple):
    """How the board draws a marker or a state key beside a unit's base: its short text
    (`label`, with its Russian `label_ru`), its colour ("#rrggbb", white text on it),
    whether it shows its count ("S2"; a flag shows its text alone, "PIN", or "PIN2" when
    more than one), where it sits in the row (lower `rank` first, over every ruleset's
    badges), and whether a state value of 0 still shows (hit points left: yes; wounds
    taken: no). A marker at 0 never shows."""

    label: str
    colour: str
    counted: bool = False
    rank: int = 100
    label_ru: str = ""
    shows_zero: bool = False


@dataclass(frozen=True, slots=True)
class Term:
    """A marker or state key a ruleset writes, what it holds, and its badge if the board
    draws one."""

    key: str
    doc: str = ""
    badge: BadgeLook | None = None

    def __post_init__(self) -> None:
        if not self.key or not isinstance(self.key, str):
            raise ValueError(f"vocabulary term: expected a key, got {self.key!r}")
        if self.badge is not None and not _COLOUR.fullmatch(self.badge.colour):
            raise ValueError(f"vocabulary term {self.key!r}.badge.colour: expected "
                             f"#rrggbb, got {self.badge.colour!r}")


def terms(*keys: str | Term) -> tuple[Term, ...]:
    """Terms from keys (a bare key: no doc, no badge) and Terms, in order."""
    return tuple(k if isinstance(k, Term) else Term(k) for k in keys)


@dataclass(frozen=True, slots=True)
class ProfileKeys:
    """The fields of a profile record the board reads, by their name in this ruleset's
    profiles (None: its profiles have no such field)."""

    #: the base its units stand on, in the scenario file's form ({"shape": …})
    base: str | None = None
    #: true when its units carry a turret
    turret: str | None = None
    #: true when its units move as vehicles
    vehicle: str | None = None
    #: the list naming the record's PROPOSED values (a base the rules do not give)
    proposed: str | None = None

    def fields(self) -> tuple[str, ...]:
        return tuple(f for f in (self.base, self.turret, self.vehicle, self.proposed) if f)


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """Markers and state keys a ruleset writes on units and groups, and the profile fields
    the board reads."""

    markers: tuple[Term, ...] = ()
    unit_state: tuple[Term, ...] = ()
    group_markers: tuple[Term, ...] = ()
    group_state: tuple[Term, ...] = ()
    profile: ProfileKeys = ProfileKeys()
    #: the colours ("#rrggbb") of the sides its scenarios name, by side name in lower case
    #: (sides it does not name are handed the board's palette colours in turn)
    sides: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        for what in ("markers", "unit_state", "group_markers", "group_state"):
            keys = [t.key for t in getattr(self, what)]
            dup = sorted({k for k in keys if keys.count(k) > 1})
            if dup:
                raise ValueError(f"vocabulary.{what}: {dup[0]!r} declared twice")
        for side, colour in self.sides:
            if not _COLOUR.fullmatch(colour) or side != side.strip().lower():
                raise ValueError(f"vocabulary.sides: expected (side in lower case, "
                                 f"#rrggbb), got ({side!r}, {colour!r})")

    def keys(self) -> set[str]:
        """Every key this vocabulary declares, markers and state of units and groups."""
        return {t.key for what in (self.markers, self.unit_state, self.group_markers,
                                   self.group_state) for t in what}

    def side_names(self) -> set[str]:
        return {side for side, _ in self.sides}

    def badge_labels(self) -> set[str]:
        return {t.badge.label for what in (self.markers, self.unit_state) for t in what
                if t.badge is not None}


def _badges(declared: Iterable[tuple[Term, ...]]) -> dict[str, BadgeLook]:
    found: dict[str, BadgeLook] = {}
    for group in declared:
        for t in group:
            if t.badge is not None:
                found.setdefault(t.key, t.badge)
    return dict(sorted(found.items(), key=lambda kv: kv[1].rank))


def marker_badges(vocabularies: Iterable[Vocabulary]) -> Mapping[str, BadgeLook]:
    """Marker → its badge over `vocabularies` (the first to declare a key gives its look),
    in row order."""
    return _badges(v.markers for v in vocabularies)


def state_badges(vocabularies: Iterable[Vocabulary]) -> Mapping[str, BadgeLook]:
    """Unit state key → its badge over `vocabularies`, in row order."""
    return _badges(v.unit_state for v in vocabularies)


def side_colours(vocabularies: Iterable[Vocabulary]) -> Mapping[str, str]:
    """Side name → its colour over `vocabularies` (the first to name a side gives it)."""
    found: dict[str, str] = {}
    for v in vocabularies:
        for side, colour in v.sides:
            found.setdefault(side, colour)
    return found
