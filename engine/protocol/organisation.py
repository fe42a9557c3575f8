"""A ruleset's say over a scenario's organisation (its groups): the kinds of group it
offers, a check of the whole organisation that names the rule each message serves, and
whether the organisation may still be edited in this game state.

The organisation editor (app) and `engine.organisation.vet_change` read these hooks; a
ruleset that declares none gets the defaults: every kind allowed, no checks, never locked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.i18n import Text, msg
from engine.options import SchemaError

__all__ = ["GroupKind", "OrganisationNote", "Organisation"]


@dataclass(frozen=True, slots=True)
class GroupKind:
    """A kind of group a ruleset offers ("squad", "platoon" …): its id as saved in the
    scenario, its English and Russian labels (from the rules file's glossary), and a
    short help text."""

    id: str
    label: str
    label_ru: str = ""
    doc: str = ""

    def __post_init__(self) -> None:
        for name in ("id", "label"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise SchemaError(f"group_kind.{name}: expected a non-empty string, "
                                  f"got {value!r}")


@dataclass(frozen=True, slots=True)
class OrganisationNote:
    """One message of a ruleset's organisation check. `rule` names the rule it serves
    ("§4.1"), `group` the group it is about (None: the whole organisation); `refuse` makes
    it a refusal: an edit that would bring it in is refused unless overridden."""

    rule: str
    text: str
    group: str | None = None
    refuse: bool = False

    def said(self) -> Text:
        """The note as a message: "group: text (rule)" (the text translated whole)."""
        if self.group:
            return msg("{group}: {note} ({rule})", group=self.group, note=self.text,
                       rule=self.rule)
        return msg("{note} ({rule})", note=self.text, rule=self.rule)

    def __str__(self) -> str:
        """The English form (logs, comparisons); a reader gets `localized(note.said(),
        lang)`, as the Organisation dock and `warboard organisation` show it."""
        return str(self.said())

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "group": self.group,
                "refuse": self.refuse}


@dataclass(frozen=True)
class Organisation:
    """The organisation hooks a ruleset declares (`Ruleset.organisation`).

    - `kinds`: the group kinds it offers; () = any kind, typed freely;
    - `check(scenario) -> [OrganisationNote]`: what is wrong with the organisation by its
      rules (a squad without a leader, a platoon of too many squads …);
    - `locked(game) -> str | None`: why the organisation can no longer be edited ("the
      battle has started"), None while it may be. The editor offers an override, as the
      turn contract does: the real table wins.
    """

    kinds: tuple[GroupKind, ...] = ()
    check: Callable[[Any], Sequence[OrganisationNote]] | None = None
    locked: Callable[[Any], str | None] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", tuple(self.kinds))
        seen: set[str] = set()
        for k in self.kinds:
            if not isinstance(k, GroupKind):
                raise SchemaError(f"organisation.kinds: expected GroupKind, got {k!r}")
            if k.id in seen:
                raise SchemaError(f"organisation.kinds: duplicate id {k.id!r}")
            seen.add(k.id)

    def kind(self, kind_id: str) -> GroupKind | None:
        return next((k for k in self.kinds if k.id == kind_id), None)
