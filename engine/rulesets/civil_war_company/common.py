"""Shared pieces of the Civil War actions: the base class with its refusal, reading a
company's numbers into the rules' situations, and the effects every consequence reuses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from engine.model import AdjustState, Effect
from engine.protocol import Action, ActionRefused, Context
from engine.scenario import Unit

from .companies import Company, company_of
from .data import rule_number
from .modifiers import Shooter, Target

__all__ = ["CWAction", "Refused", "company", "stand_count", "fire_value", "shooter_of", "full_ammo",
           "target_of", "ammo_left", "ammo_total", "ammo_effect", "Kind"]


class Refused(ActionRefused):
    """The action cannot be taken as declared: the protocol's one refusal
    (engine.protocol.ActionRefused), raised inside a plan from resolve and odds alike,
    rolling nothing; `argument` names the role or state at fault."""


class Kind:
    """Audience predicates on the profile's kind (what a unit *is*)."""

    kinds: tuple[str, ...] = ()

    def applies_to(self, ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        return profile.get("kind") in self.kinds


class CWAction(Action):
    """A Civil War action; one it cannot take raises `Refused` (an ActionRefused) from
    resolve and odds alike, rolling nothing and changing nothing."""

    @staticmethod
    def refuse(text: str, argument: str | None = None) -> NoReturn:
        raise Refused(text, argument=argument)


def company(ctx: Context, unit: Unit) -> Company:
    return company_of(unit, ctx.profile(unit), ctx.game)


def stand_count(ctx: Context, c: Company) -> int:
    """Stands left: counted on the board, or (no board) the state's / card's platoons."""
    if ctx.game is not None:
        return len(c.stands)
    return int(c.value("platoons", c.profile.get("platoons", 1)))


def fire_value(profile: Mapping[str, Any]) -> int:
    """FIRE: the card's for a company; by crew quality for an MG (card values ignored,
    §4.8-1)."""
    if profile.get("kind") == "machine_gun":
        return int(rule_number(f"machine_gun.fire_{profile['crew_quality']}"))
    return int(profile["fire"])


def shooter_of(c: Company) -> Shooter:
    return Shooter(kind=c.kind, fire=fire_value(c.profile), moved=c.flag("moved"),
                   exhausted=c.flag("exhausted"), storm="storm" in c.profile.get("traits", ()),
                   charging=c.flag("charging"), suppressed=c.flag("suppressed"),
                   under_fire=c.flag("under_fire"))


def target_of(c: Company, cover: int, *, charging_shooter: bool = False,
              front: bool = False) -> Target:
    """The company fired on as the result and cover tables see it."""
    p = c.profile
    return Target(kind=c.kind, traits=frozenset(p.get("traits", ())),
                  arm=p.get("arm", "infantry"), formation=c.formation,
                  prone=c.flag("prone"), cover=cover, in_ambush=c.flag("in_ambush"),
                  storm_charging_shooter=charging_shooter and c.flag("charging"),
                  armoured=c.flag("armoured"), vehicle=bool(p.get("vehicle")),
                  gun_shield_front=bool(p.get("gun_shield")) and front,
                  in_woods=c.flag("in_woods"))


def full_ammo(profile: Mapping[str, Any]) -> int | None:
    """Shots per battle: 8 with normal supply; None with poor supply (rolled before the
    battle, §4.10)."""
    return rule_number("ammunition.normal") if profile.get("supply", "normal") == "normal" \
        else None


def ammo_total(c: Company) -> int | None:
    """Shots the unit had for the battle: 8 with normal supply; with poor supply what was
    rolled (state `ammo_rolled`, or the shots given in the scenario, taken as the roll);
    None before the roll."""
    full = full_ammo(c.profile)
    if full is not None:
        return full
    rolled = c.value("ammo_rolled", c.value("ammo"))
    return None if rolled is None else int(rolled)


def ammo_left(c: Company) -> int | None:
    """Shots left (None: poor supply not rolled yet)."""
    given = c.value("ammo")
    return int(given) if given is not None else full_ammo(c.profile)


def ammo_effect(c: Company) -> list[Effect]:
    """One shot spent (§4.7-7, §4.8-5)."""
    left = ammo_left(c)
    return [AdjustState(c.record.id, "ammo", -1, minimum=0, default=left)]
