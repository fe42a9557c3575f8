"""The chain of command as the organisation editor asks about it (§4.1, §4.4-7, §4.8):
the kinds of group Keno offers, with their Russian names; what is wrong with a scenario's
organisation, each message naming its rule; and when it may no longer be edited (set
before the battle; in battle only merge and detach change it). Pure functions of the
scenario or game; the ruleset registers them with the editor's protocol hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.i18n import msg
from engine.protocol import GroupKind, Organisation, OrganisationNote
from engine.scenario import Scenario

from . import common, data

if TYPE_CHECKING:
    from engine.model import Game

__all__ = ["GROUP_KINDS", "Note", "check_chain", "chain_locked", "ORGANISATION"]

Note = OrganisationNote

#: (id, label, Russian label) — the formations of §2's glossary.
GROUP_KINDS: tuple[tuple[str, str, str], ...] = (
    ("squad", "squad", "отделение"),
    ("platoon", "platoon", "взвод"),
    ("company", "company", "рота"),
    ("battalion", "battalion", "батальон"),
    ("regiment", "regiment", "полк"),
    ("brigade", "brigade", "бригада"),
    ("hq", "HQ / command group", "группа управления"),
    ("at_group", "AT group", "противотанковая группа"),
    ("mortar_battery", "mortar battery", "миномётная батарея"),
    ("detached_group", "detached group", "выделенная группа"),
)


def _loops(sc: Scenario) -> list[str]:
    """Units whose chain of command comes back to them."""
    ids = {u.id: u for u in sc.units}
    out = []
    for u in sc.units:
        cur, seen = u.parent, {u.id}
        while cur in ids and cur not in seen:
            seen.add(cur)
            cur = ids[cur].parent
        if cur == u.id:
            out.append(u.id)
    return out


def check_chain(sc: Scenario) -> list[Note]:
    """What is wrong with the organisation by Keno's rules."""
    units = {u.id: u for u in sc.units}
    groups = {g.id: g for g in sc.groups}
    notes = [Note("§4.1", msg("{unit}'s chain of command loops back to it",
                              unit=units[u].label), None, True)
             for u in _loops(sc)]
    for u in sc.units:
        if u.parent is not None and u.parent not in units and not (
                u.parent in groups and groups[u.parent].off_table):
            notes.append(Note("§4.1", msg("{unit}'s direct commander '{commander}' is neither "
                                          "a unit nor an off-table group", unit=u.label,
                                          commander=u.parent)))
        parent = u.state.get("detached_from")
        if parent and u.parent != parent:
            notes.append(Note("§4.8-5", msg("{unit} is detached from {parent} and must be "
                                            "under it, not {commander}", unit=u.label,
                                            parent=parent,
                                            commander=u.parent or msg("nobody"))))
        if common.is_android(sc, u) and common.value(sc, u, "level", 2) < \
                data.rule_number("levels")["android_best"]:
            notes.append(Note("§4.8-4", msg("{unit}: an android commander is never better "
                                            "than level 2", unit=u.label)))
    for g in sc.groups:
        c = g.commander
        if c is None or c not in units:
            continue
        for m in g.members:
            if m in units and m != c and units[m].parent not in (c, *_chain(units, c)):
                notes.append(Note("§4.1", msg("{unit} is in {group} under {commander}, but "
                                              "its direct commander is {parent}: "
                                              "{commander} cannot pass it actions",
                                              unit=units[m].label, group=g.label,
                                              commander=units[c].label,
                                              parent=units[m].parent or msg("nobody")),
                                  g.id))
    return notes


def _chain(units: dict, uid: str) -> tuple[str, ...]:
    """The commanders above `uid`, nearest first."""
    out, cur = [], units[uid].parent
    while cur in units and cur not in out and cur != uid:
        out.append(cur)
        cur = units[cur].parent
    return tuple(out)


def chain_locked(game: Game) -> str | None:
    """The chain of command is set before the battle (§4.1); once initiative is rolled or a
    unit has activated, only merging and detaching change it (§4.7, §4.8)."""
    if game.state.get("initiative") is not None or game.state.get("activations") \
            or game.turn > 1:
        return msg("the battle has started: the chain of command is set before it (§4.1); "
                   "merge and detach squads with their actions (§4.7, §4.8)")
    return None


#: The ruleset's organisation hooks (engine.protocol.Organisation).
ORGANISATION = Organisation(
    kinds=tuple(GroupKind(kid, label, label_ru) for kid, label, label_ru in GROUP_KINDS),
    check=check_chain, locked=chain_locked)
