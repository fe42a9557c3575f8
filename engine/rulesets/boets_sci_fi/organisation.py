"""Organisation checks before the battle (03 §4.1): squads, platoons and companies of one
armlist within their size limits, each with one commander; the independents (Advisors,
Lords, Invasion cyborgs) may stand alone. Every message names the rule it breaks."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.i18n import msg
from engine.protocol import GroupKind, Organisation, OrganisationNote
from engine.scenario import Group, Scenario

from .data import rule_number

__all__ = ["Finding", "check_organisation", "troop_type_of", "battle_started",
           "organisation_locked", "notes", "GROUP_KINDS", "ORGANISATION"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem: `level` "error" or "warning", the group (or unit), the message, and
    the rule it serves (the message's first "§4.1-n")."""

    level: str
    where: str
    message: str
    text: str = ""          # the message without its subject and its trailing rules
    subject: str = ""


    @property
    def rule(self) -> str:
        m = _RULE.search(self.message)
        return m.group(0) if m else "§4.1"

    @property
    def mixes_armlists(self) -> bool:
        return self.rule == "§4.1-1"


_RULE = re.compile(r"§4\.(?:1|A)-\d+")


def troop_type_of(profile: Mapping[str, Any]) -> str | None:
    return profile.get("troop_type")


def _o(key: str) -> int:
    return int(rule_number(f"organisation.{key}"))


_FORMATIONS = ("squad", "platoon", "company")

#: add a finding: (level, where, subject, text, rules="")
Find = Callable[..., None]
#: a unit id's profile ({} when the unit or its profile is unknown)
ProfileOf = Callable[[str], Mapping[str, Any]]


def check_organisation(scenario: Scenario, profiles: Mapping[str, Mapping[str, Any]],
                       company_size: str = "warn") -> list[Finding]:
    """Check every squad / platoon / company of the scenario and every unit outside one.
    `company_size` (§4.A-4): "warn" — a company of 3–4 platoons over 30 figures (up to 60)
    is a warning; "strict" — over 30 is an error."""
    out: list[Finding] = []

    def find(level: str, where: str, subject: str, text: str, rules: str = "") -> None:
        """A finding: "subject: text (rules)" (the rules as a field, so a translated
        text keeps them)."""
        message = msg("{subject}: {finding} ({rules})", subject=subject, finding=text,
                      rules=rules) if rules else \
            msg("{subject}: {finding}", subject=subject, finding=text)
        out.append(Finding(level, where, message, text, subject))

    def prof(uid: str) -> Mapping[str, Any]:
        try:
            return profiles.get(scenario.unit(uid).profile, {})
        except KeyError:
            return {}

    known = {g.id: g for g in scenario.groups}
    for g in scenario.groups:
        _check_formation(scenario, g, [known[m] for m in g.members if m in known], prof,
                         company_size, find)
    _check_ungrouped(scenario, prof, find)
    _check_stand_alone(scenario, prof, find)
    return out


def _check_formation(scenario: Scenario, g: Group, subs: list[Group], prof: ProfileOf,
                     company_size: str, find: Find) -> None:
    """One group: one armlist (§4.1-1), its size (§4.1-2), one commander (§4.1-4)."""
    figures = scenario.members(g.id)
    types = sorted({troop_type_of(prof(u)) or "?" for u in figures})
    if len(types) > 1 and g.kind in _FORMATIONS:
        find("error", g.id, g.label, msg("mixes armlists ({armlists}): one armlist per "
                                         "formation", armlists=", ".join(types)), "§4.1-1")
    if g.kind == "squad":
        _check_squad(g, len(figures), find)
    elif g.kind == "platoon":
        _check_platoon(g, len(figures), subs, find)
    elif g.kind == "company":
        _check_company(g, len(figures), subs, company_size, find)
    if g.kind in _FORMATIONS and not g.commander:
        find("error", g.id, g.label, msg("exactly one commander per sub-unit"), "§4.1-4")


def _check_squad(g: Group, n: int, find: Find) -> None:
    if not _o("squad_min") <= n <= _o("squad_max"):
        find("error", g.id, g.label, msg("a squad has {min}–{max} figures, not {n}",
                                         min=_o("squad_min"), max=_o("squad_max"),
                                         n=n), "§4.1-2")


def _check_platoon(g: Group, n: int, subs: list[Group], find: Find) -> None:
    if len(subs) != _o("platoon_squads") or any(s.kind != "squad" for s in subs):
        find("error", g.id, g.label, msg("a platoon is {n} squads",
                                         n=_o("platoon_squads")), "§4.1-2")
    if not _o("platoon_min") <= n <= _o("platoon_max"):
        find("error", g.id, g.label, msg("a platoon has {min}–{max} figures, not {n}",
                                         min=_o("platoon_min"), max=_o("platoon_max"),
                                         n=n), "§4.1-2, §4.A-4")


def _check_company(g: Group, n: int, subs: list[Group], company_size: str, find: Find) -> None:
    """3–4 platoons; over 30 figures an error ("strict", or 2 platoons) or a warning."""
    k = len(subs)
    if not _o("company_min_platoons") <= k <= _o("company_max_platoons") \
            or any(s.kind != "platoon" for s in subs):
        find("error", g.id, g.label, msg("a company is {min}–{max} platoons",
                                         min=_o("company_min_platoons"),
                                         max=_o("company_max_platoons")), "§4.1-2")
    top = _o("company_max") if company_size == "strict" or k <= 2 else _o("company_max_4")
    if n < _o("company_min") or n > top:
        find("error", g.id, g.label, msg("a company has {min}–{max} figures, not {n}",
                                         min=_o("company_min"), max=top, n=n),
             "§4.1-2, §4.A-4")
    elif n > _o("company_max"):
        find("warning", g.id, g.label, msg("{n} figures, more than {max} (allowed "
                                           "with {k} platoons, §4.A-4)", n=n,
                                           max=_o("company_max"), k=k))


def _check_ungrouped(scenario: Scenario, prof: ProfileOf, find: Find) -> None:
    """A unit in no group at all must be an independent (§4.1-6, §4.1-7)."""
    grouped = {u for g in scenario.groups for u in scenario.members(g.id, leaders=True)}
    for u in scenario.units:
        if u.id not in grouped and not prof(u.id).get("independent"):
            find("warning", u.id, u.label, msg("outside any squad; only Advisors, Lords and "
                                               "Invasion cyborgs may act alone; a unit "
                                               "under 3 tests Leadership every turn"),
                 "§4.1-6, §4.1-7")


def _check_stand_alone(scenario: Scenario, prof: ProfileOf, find: Find) -> None:
    """Stand-alone units (a group of kind "unit" or another): independents only."""
    for g in scenario.groups:
        if g.kind in _FORMATIONS:
            continue
        ids = scenario.members(g.id)
        if ids and all(prof(i).get("independent") for i in ids):
            continue                       # Advisors, Lords, Invasion cyborgs: alone
        if len(ids) < _o("squad_min"):
            find("warning", g.id, g.label, msg("a unit of {n}, fewer than 3: it tests "
                                               "Leadership at every turn start", n=len(ids)),
                 "§4.1-7")
        else:
            find("warning", g.id, g.label, msg("only Advisors, Lords and Invasion cyborgs "
                                               "act as stand-alone units; form a squad"),
                 "§4.1-6")


def battle_started(game: Any) -> str | None:
    """Why the battle counts as started (the first-player roll made, a later turn, a roll
    logged), or None before it."""
    if game is None:
        return None
    ini = (game.state or {}).get("initiative")
    if ini:
        return msg("who goes first was rolled on turn {turn}", turn=ini.get("turn", game.turn))
    if game.turn > 1:
        return msg("it is turn {turn}", turn=game.turn)
    if game.log:
        return msg("rolls are in the game's log")
    return None


def organisation_locked(game: Any) -> str | None:
    """§4.1-3: squads become platoons and platoons companies only before the game, and a
    formation may not be split during it: the organisation is locked once the battle has
    started."""
    why = battle_started(game)
    return None if why is None else msg("the battle has started ({why}): the organisation "
                                        "is fixed before the game (§4.1-3)", why=why)


#: The kinds of group (§4.1-2, §4.1-6), with the glossary's Russian names (03 §2)
GROUP_KINDS: tuple[GroupKind, ...] = (
    GroupKind("squad", "squad", "отделение", "3–9 figures of one armlist (§4.1-2)"),
    GroupKind("platoon", "platoon", "взвод", "2 squads, 6–15 figures (§4.1-2)"),
    GroupKind("company", "company", "рота",
              "2–4 platoons, 12–30 figures (60 with 4, §4.A-4)"),
    GroupKind("unit", "stand-alone unit", "отряд",
              "Advisors, Lords or Invasion cyborgs acting alone (§4.1-6)"),
)


def notes(scenario: Scenario) -> list[OrganisationNote]:
    """The organisation editor's check: every finding naming its rule; mixing armlists in a
    formation is refused (§4.1-1: never a step on the way to a legal organisation), sizes
    and commanders are noted while the player builds (the default readings: the editor
    has the scenario, not the game's)."""
    from .ruleset import RULESET  # built from this package: read it late

    groups = {g.id: g for g in scenario.groups}
    out = []
    for f in check_organisation(scenario, {**RULESET.profiles, **(scenario.profiles or {})}):
        g = groups.get(f.where)
        refs = list(dict.fromkeys(_RULE.findall(f.message)))
        text = f.text if g is not None else \
            msg("{subject}: {finding}", subject=f.subject, finding=f.text)
        out.append(OrganisationNote(", ".join(refs) or "§4.1", text,
                                    f.where if g is not None else None,
                                    refuse=f.mixes_armlists))
    return out




ORGANISATION = Organisation(kinds=GROUP_KINDS, check=notes, locked=organisation_locked)
