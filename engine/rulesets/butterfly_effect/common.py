"""Shared Butterfly Effect pieces: reading HP and armour, the cover class of a generic
cover level, and the effects of damage (armour first, §4.A-8), wounds (§4.A-17) and death
at the end of the victim's own turn (§4.4-7, §4.A-5) through engine.deferred."""

from __future__ import annotations

from typing import Any, NoReturn

from engine.deferred import defer
from engine.i18n import join, msg
from engine.model import AdjustState, Effect, RemoveUnit, SetState
from engine.protocol import Action, ActionRefused, Context
from engine.scenario import Unit

from . import data

__all__ = ["BEAction", "hp_of", "armour_of", "cover_class", "COVER_CLASS", "damage_effects",
           "wound_severity", "weapon_record", "gear_effects", "rn"]

#: Generic cover level 0–4 → none / partial / full (§6-4, PROPOSED: 1–2 partial, 3–4 full).
COVER_CLASS = {0: "none", 1: "partial", 2: "partial", 3: "full", 4: "full"}


def rn(name: str) -> Any:
    return data.number(name)


class BEAction(Action):
    """A Butterfly Effect action. One it cannot take as declared raises `ActionRefused`
    (the protocol's one refusal style) from resolve and odds alike, rolling nothing;
    `argument` names the role, option or state at fault."""

    @staticmethod
    def refuse(text: str, argument: str | None = None) -> NoReturn:
        raise ActionRefused(text, argument=argument)


def hp_of(ctx: Context, unit: Unit) -> int:
    hp = unit.state.get("hp")
    return int(hp) if hp is not None else int(ctx.profile(unit).get("hp", 1))


def armour_of(ctx: Context, unit: Unit) -> int:
    a = unit.state.get("armour")
    return int(a) if a is not None else int(ctx.profile(unit).get("armour", 0))


def cover_class(level: int | None) -> str:
    return COVER_CLASS.get(int(level or 0), "none")


def weapon_record(ctx: Context, weapon_id: str) -> dict:
    return dict(ctx.ruleset.weapon(weapon_id))


def gear_effects(ctx: Context, unit: Unit) -> set[str]:
    """The effects of the unit's equipment (profile `gear`, plus state["gear"])."""
    names = list(ctx.profile(unit).get("gear") or ()) + list(unit.state.get("gear") or ())
    table = data.gear()
    return {table[n]["effect"] for n in names if n in table}


def wound_severity(hp_left: int, hp_max: int) -> str:
    """§4.A-17 PROPOSED: light above half the HP, heavy at half or less, critical at 1."""
    if hp_left <= 1:
        return "critical"
    return "light" if hp_left * 2 > hp_max else "heavy"


def damage_effects(ctx: Context, unit: Unit, hits: int, *, immediate: bool = False
                   ) -> tuple[list[Effect], str, bool]:
    """Effects of `hits` damage units on `unit` (§4.4-6): armour absorbs first by default
    (§4.A-8), each other unit is 1 HP; HP lost brings a WOUND; HP ≤ 0 kills — at the end of
    his own turn (§4.4-7, deferred) unless `immediate` (an ambush) or the reading says
    so. Returns (effects, note, killed)."""
    if hits <= 0:
        return [], msg("{unit}: no damage", unit=unit.label), False
    hp, armour = hp_of(ctx, unit), armour_of(ctx, unit)
    if ctx.rule("damage_order") == "armour_first":
        on_armour = min(armour, hits)
        on_hp = hits - on_armour
    else:                       # HP first: armour takes only what is left over
        on_hp = min(hits, hp)
        on_armour = min(armour, hits - on_hp)
    effects: list[Effect] = []
    said = []
    if on_armour:
        effects.append(AdjustState(unit.id, "armour", -on_armour, minimum=0, default=armour))
        said.append(msg("−{n} armour ({before} → {after})", n=on_armour, before=armour,
                        after=armour - on_armour))
    left = hp - on_hp
    if on_hp:
        effects.append(AdjustState(unit.id, "hp", -on_hp, minimum=0, default=hp))
        said.append(msg("−{n} HP ({before} → {after})", n=on_hp, before=hp,
                        after=max(0, left)))
    killed = on_hp > 0 and left <= 0
    if on_hp and not killed:
        sev = wound_severity(left, int(ctx.profile(unit).get("hp", hp))) \
            if ctx.rule("wound_severity") == "by_hp" else "unrated"
        effects.append(SetState(unit.id, "wound", sev))
        said.append(f"{sev} wound")              # a glossary term per severity
    if killed:
        if immediate or ctx.rule("death_timing") == "immediately":
            effects.append(RemoveUnit(unit.id, "killed"))
            said.append("killed")
        else:
            effects.append(SetState(unit.id, "dead_pending", True))
            effects.append(defer([RemoveUnit(unit.id, "killed")], "activation_end",
                                 unit=unit.id,
                                 label=msg("{unit} dies at the end of his own turn",
                                           unit=unit.label)))
            said.append("killed: still acts, dies at the end of his own turn (§4.4-7)")
    return effects, msg("{unit}: {damage}", unit=unit.label, damage=join(", ", said)), killed

