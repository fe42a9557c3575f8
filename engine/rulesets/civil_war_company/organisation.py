"""The Civil War organisation (engine.protocol.Organisation): the one kind of group the rules
have — the company («рота») of platoon stands, the officer's stand its commander — a check
of a scenario's companies that names the rule each message serves, and when the
organisation can no longer be edited (PROPOSED: once the battle has begun)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.i18n import msg
from engine.model import Game
from engine.protocol import GroupKind, Organisation, OrganisationNote
from engine.scenario import Scenario

from .companies import COMPANY_KIND
from .data import profiles

__all__ = ["ORGANISATION", "check", "locked", "MAX_PLATOONS", "BATTLE_ACTIONS"]

#: Platoons a company may have (§3.1: examples 4, 5; PROPOSED 1–6).
MAX_PLATOONS = 6

KINDS = (GroupKind(COMPANY_KIND, "company", "рота",
                   "a company: its platoon stands (one base each), the officer's stand as "
                   "commander (§1, §3.1)"),)


def _profile(scenario: Scenario, pid: str) -> Mapping[str, Any] | None:
    return (scenario.profiles or {}).get(pid) or profiles().get(pid)


def check(scenario: Scenario) -> list[OrganisationNote]:
    """What the Civil War rules find wrong with the scenario's groups."""
    units = {u.id: u for u in scenario.units}
    groups = {g.id for g in scenario.groups}
    out: list[OrganisationNote] = []
    for g in scenario.groups:
        if g.kind != COMPANY_KIND:
            out.append(OrganisationNote(
                "§1", msg("a '{kind}' group: the rules know only companies (рота); the "
                          "board draws it, the rules ignore it", kind=g.kind), g.id))
            continue
        nested = [m for m in g.members if m in groups]
        if nested:
            out.append(OrganisationNote(
                "§1", msg("a company is made of platoon stands, not of groups ({group})",
                          group=nested[0]),
                g.id, refuse=True))
        stands = [units[m] for m in g.members if m in units]
        kinds = {}
        for u in stands:
            rec = _profile(scenario, u.profile)
            kinds[u.id] = rec.get("kind") if rec else None
        support = [uid for uid, k in kinds.items() if k in ("machine_gun", "battery")]
        if support:
            out.append(OrganisationNote(
                "§3.2–3.3", msg("{unit} is a machine gun or a battery: a unit of its own, "
                                "not a platoon of a company", unit=support[0]), g.id,
                refuse=True))
        pids = sorted({u.profile for u in stands if kinds[u.id] == "company"})
        if len(pids) > 1:
            out.append(OrganisationNote(
                "§3.1", msg("stands of different companies ({profiles}): a company has one "
                            "card; the command stand's is read", profiles=", ".join(pids)),
                g.id))
        if len(stands) > MAX_PLATOONS:
            out.append(OrganisationNote(
                "§3.1", msg("{n} platoons: a company has 1–{max} (PROPOSED)", n=len(stands),
                            max=MAX_PLATOONS), g.id))
        if g.commander is None:
            out.append(OrganisationNote(
                "§4.5", msg("no officer's stand (commander): its markers sit on the first "
                            "stand"), g.id))
        elif g.commander not in g.members:
            out.append(OrganisationNote(
                "§4.5", msg("the officer's stand {unit} is not one of its stands",
                            unit=g.commander),
                g.id))
    return out


#: The actions that begin the battle: the first shot fixes the companies.
BATTLE_ACTIONS = ("fire", "artillery_fire")


def locked(game: Game) -> str | None:
    """PROPOSED: a company's stands are set before the battle; once a shot has been
    resolved (the log holds a fire or artillery fire) or a stand has been lost, the
    organisation stands (the editor's override lets the table win)."""
    if game.removed:
        return msg("stands have been lost: the companies are as the battle left them "
                   "(PROPOSED)")
    if any(e.action in BATTLE_ACTIONS for e in game.log):
        return msg("the battle has begun: companies are set before the first shot "
                   "(PROPOSED)")
    return None


ORGANISATION = Organisation(kinds=KINDS, check=check, locked=locked)
