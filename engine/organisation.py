"""Editing a scenario's organisation under its ruleset's hooks (engine.protocol.Organisation).

`vet_change(game, change)` is what the organisation editor calls before it pushes an
edit of groups (engine.edits AddGroup, EditGroup, AddMember …): it refuses, with a message
naming the field or the rule, when

- the ruleset says the organisation is locked in this game state ("the battle has
  started"),
- a group would get a kind the ruleset does not offer,
- the ruleset's check finds a refusing fault the organisation did not have before;

and `override=True` lets it through anyway (the real table wins). It returns the check's
messages for the organisation as it would be after the edit. A ruleset unknown here (a
test table, a plug-in not installed) gets the defaults: any kind, no checks, never locked.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.edits import AddGroup, EditGroup
from engine.i18n import join, msg
from engine.model import Change, Game, apply_change, revert_change
from engine.protocol import GroupKind, Organisation, OrganisationNote, Ruleset
from engine.rulesets.registry import RulesetNotFound, get_ruleset

__all__ = ["OrganisationRefused", "GENERIC_KINDS", "organisation_of", "kinds_offered",
           "check", "locked", "vet_change"]

#: Kinds offered (as suggestions, any other may be typed) where the ruleset declares none.
GENERIC_KINDS: tuple[GroupKind, ...] = (
    GroupKind("squad", "squad", "отделение"),
    GroupKind("section", "section", "секция"),
    GroupKind("platoon", "platoon", "взвод"),
    GroupKind("company", "company", "рота"),
    GroupKind("battery", "battery", "батарея"),
    GroupKind("hq", "HQ", "штаб"),
)


class OrganisationRefused(ValueError):
    """An organisation edit the ruleset refuses; the message names the field or rule.
    `notes` are the refusing check messages (empty for a lock or a kind)."""

    def __init__(self, message: str, notes: Sequence[OrganisationNote] = ()) -> None:
        super().__init__(message)
        self.notes = tuple(notes)


def _ruleset(game_or_id: Game | str) -> Ruleset | None:
    rid = game_or_id if isinstance(game_or_id, str) else game_or_id.scenario.ruleset
    try:
        return get_ruleset(rid)
    except RulesetNotFound:
        return None


def organisation_of(game_or_id: Game | str) -> Organisation:
    """The organisation hooks of the game's ruleset (the defaults when it is unknown)."""
    rs = _ruleset(game_or_id)
    return rs.organisation if rs is not None else Organisation()


def kinds_offered(game: Game) -> tuple[tuple[GroupKind, ...], bool]:
    """(kinds to offer, whether any other kind may be typed): the ruleset's own kinds and
    no other, or GENERIC_KINDS as suggestions when it declares none."""
    kinds = organisation_of(game).kinds
    return (kinds, False) if kinds else (GENERIC_KINDS, True)


def check(game: Game) -> list[OrganisationNote]:
    """The ruleset's messages about the game's organisation as it is."""
    rs = _ruleset(game)
    return rs.check_organisation(game.scenario) if rs is not None else []


def locked(game: Game) -> str | None:
    """Why the game's organisation can no longer be edited (None: it may be)."""
    rs = _ruleset(game)
    return rs.organisation_locked(game) if rs is not None else None


def _kinds_set(change: Change) -> list[tuple[str, str]]:
    """(where, kind) for every group kind the change sets."""
    out = []
    for i, e in enumerate(change.effects):
        if isinstance(e, AddGroup) and isinstance(e.group, dict) and "kind" in e.group:
            out.append((f"add_group.group.kind (effect {i + 1})", e.group["kind"]))
        elif isinstance(e, EditGroup) and isinstance(e.changes, dict) \
                and "kind" in e.changes:
            out.append((f"edit_group.changes.kind (effect {i + 1})", e.changes["kind"]))
    return out


def vet_change(game: Game, change: Change, *, override: bool = False
               ) -> list[OrganisationNote]:
    """Check an organisation edit before it is pushed (see the module doc). Returns the
    check's messages after the edit; OrganisationRefused names what refuses it, unless
    `override`. The game is left as it was (the edit is tried and reverted)."""
    org = organisation_of(game)
    if not override:
        reason = locked(game)
        if reason:
            raise OrganisationRefused(msg("The organisation can no longer be edited: {reason}",
                                          reason=reason))
        if org.kinds:
            offered = [k.id for k in org.kinds]
            for where, kind in _kinds_set(change):
                if kind not in offered:
                    raise OrganisationRefused(msg("{where}: '{kind}' is not a kind of group "
                                                  "this ruleset has (kinds: {kinds})",
                                                  where=where, kind=kind,
                                                  kinds=", ".join(offered)))
    before = {str(n) for n in check(game) if n.refuse}
    trial = Change(list(change.effects), change.label)
    apply_change(game, trial)  # a ModelError (bad ids, loops) goes to the caller
    try:
        after = check(game)
    finally:
        revert_change(game, trial)
    new = [n for n in after if n.refuse and str(n) not in before]
    if new and not override:
        raise OrganisationRefused(join("; ", [n.said() for n in new]), new)
    return after
