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

__all__ = ["BadgeLook", "Said", "Term", "ProfileKeys", "Vocabulary", "terms", "marker_badges",
           "state_badges", "side_colours", "said_terms", "side_words"]

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
class Said:
    """How players read a change to one marker or state key (the Effects line of a
    resolution and of a forum post), in English and Russian (each `*_ru` twin).

    Templates take {n}, how far a count moved (never negative), and {value}, the value
    set (its words from `values` when listed there); a Russian template may pick its
    plural by {n}: "{n|рана|раны|ран}". `up` / `down`: a count raised / lowered by n;
    `on`: set to a value (a flag set true); `off`: cleared, removed or set false. A
    template left empty reads "<name> +n", "<name>: <value>", "<name> cleared".
    `hidden`: bookkeeping players need not read (an aim's record); the log keeps it."""

    name: str = ""
    name_ru: str = ""
    up: str = ""
    up_ru: str = ""
    down: str = ""
    down_ru: str = ""
    on: str = ""
    on_ru: str = ""
    off: str = ""
    off_ru: str = ""
    #: (value, its English words, its Russian words): "npc-pending" → "awaits the death roll"
    values: tuple[tuple[str, str, str], ...] = ()
    hidden: bool = False

    def __post_init__(self) -> None:
        for en in ("name", "up", "down", "on", "off"):
            if getattr(self, en) and not getattr(self, f"{en}_ru"):
                raise ValueError(f"said.{en}_ru: {getattr(self, en)!r} has no Russian")
        for row in self.values:
            if len(row) != 3 or not all(isinstance(x, str) and x for x in row):
                raise ValueError(f"said.values: expected (value, English, Russian), got "
                                 f"{row!r}")

    def templates(self) -> dict[str, str]:
        """Every English template or word of this wording → its Russian."""
        out = {getattr(self, f): getattr(self, f"{f}_ru")
               for f in ("name", "up", "down", "on", "off") if getattr(self, f)}
        out.update({en: ru for _, en, ru in self.values})
        return out


@dataclass(frozen=True, slots=True)
class Term:
    """A marker or state key a ruleset writes, what it holds, its badge if the board
    draws one, and how players read a change to it (`said`)."""

    key: str
    doc: str = ""
    badge: BadgeLook | None = None
    said: Said | None = None

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
    #: the names players read for those sides: (side, English name, Russian name); a
    #: scenario's own "sides" names come first (engine.wording.side_name)
    side_words: tuple[tuple[str, str, str], ...] = ()

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
        for row in self.side_words:
            if len(row) != 3 or not all(isinstance(x, str) and x for x in row):
                raise ValueError(f"vocabulary.side_words: expected (side, English name, "
                                 f"Russian name), got {row!r}")

    def keys(self) -> set[str]:
        """Every key this vocabulary declares, markers and state of units and groups."""
        return {t.key for what in (self.markers, self.unit_state, self.group_markers,
                                   self.group_state) for t in what}

    def side_names(self) -> set[str]:
        return {side for side, _ in self.sides} | {row[0] for row in self.side_words}

    def worded(self, said: Mapping[str, Said]) -> Vocabulary:
        """This vocabulary with each term's wording from `said` (key → Said), kept in the
        ruleset's own wording module; a key it does not declare is refused by name."""
        from dataclasses import replace

        unknown = sorted(set(said) - self.keys())
        if unknown:
            raise ValueError(f"vocabulary.worded: {unknown[0]!r} is not declared")

        def word(ts: tuple[Term, ...]) -> tuple[Term, ...]:
            return tuple(replace(t, said=said[t.key]) if t.key in said else t for t in ts)

        return replace(self, markers=word(self.markers), unit_state=word(self.unit_state),
                       group_markers=word(self.group_markers),
                       group_state=word(self.group_state))

    def terms(self) -> tuple[Term, ...]:
        """Every declared term: markers and state of units and groups."""
        return (*self.markers, *self.unit_state, *self.group_markers, *self.group_state)

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


def said_terms(vocabularies: Iterable[Vocabulary]) -> Mapping[str, Said]:
    """Key → how players read a change to it, over `vocabularies` (the first to word a
    key gives its words)."""
    found: dict[str, Said] = {}
    for v in vocabularies:
        for t in v.terms():
            if t.said is not None:
                found.setdefault(t.key, t.said)
    return found


def side_words(vocabularies: Iterable[Vocabulary]) -> Mapping[str, tuple[str, str]]:
    """Side → (English name, Russian name) over `vocabularies` (the first to name it)."""
    found: dict[str, tuple[str, str]] = {}
    for v in vocabularies:
        for side, en, ru in v.side_words:
            found.setdefault(side, (en, ru))
    return found
