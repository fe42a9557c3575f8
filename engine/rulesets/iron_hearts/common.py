"""Shared pieces of the Iron Hearts infantry actions: the base class, reading profiles
and state, T&E and natural-face readings, and the effects every action reuses (AP spent,
wounds and what 0 HP means, suppression with its MM penalty)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.dice import D10, Test
from engine.i18n import join, msg
from engine.model import AddMarker, AdjustState, Effect, SetState
from engine.options import Modifier
from engine.protocol import Action, ActionRefused, Context, make_test
from engine.scenario import Unit

from . import data
from .audience import ForCharacters

__all__ = ["IHAction", "Refused", "rn", "proposed", "te_modifiers", "stat_test",
           "naturals", "hp_of", "wound_effects", "guts_penalty",
           "penalty_modifier", "suppression_effects", "unit_by_id", "weapon_of", "carries",
           "own_weapon", "GRENADES",
           "current_turn", "CASUALTY"]

#: The grenades a man with `has_grenades` carries (§4.9).
GRENADES = ("hand-grenade", "rifle-grenade")

#: state["casualty"] values: what 0 HP meant for this unit (§4.10).
CASUALTY = {"npc-pending": "NPC at 0 HP: roll the death roll",
            "pc-wounded": "PC at 0 HP: wounded, out of the fight",
            "wounded": "alive but wounded, out of the fight (a medkit brings him back)",
            "dead": "killed"}


class IHAction(ForCharacters, Action):
    """An Iron Hearts infantry action (`kind` = "test" marks the unit-wide tests: Guts,
    Overcome, skill, detection). It is for characters (audience.ForCharacters) unless the
    subclass says otherwise; one it cannot take raises `Refused` from resolve and odds."""


class Refused(ActionRefused):
    """The action cannot be taken as declared: the protocol's one refusal
    (engine.protocol.ActionRefused), raised from resolve and odds alike, rolling nothing;
    "target: …" names the argument at fault."""


def rn(name: str) -> Any:
    """A ruleset.toml number ("section.key")."""
    return data.rule_number(name)


def proposed(name: str) -> bool:
    return data.is_proposed(name)


def current_turn(ctx: Context) -> int | None:
    """The game's turn; None when the action is resolved without a game (the one reading
    of "this turn" for every Iron Hearts action, infantry and tank)."""
    return ctx.game.turn if ctx.game is not None else None


def te_modifiers(ctx: Context, te: int, who: str = "") -> list[Modifier]:
    """T&E as the players see it (§4.A-17): added to the target number by default, or
    taken off the roll (same odds for a ≤ test; only the display differs)."""
    if not te:
        return []
    label = msg("T&E {who}", who=who) if who else "T&E"
    if ctx.rule("te_applies_to") == "roll":
        return [Modifier(label, -te, "T&E taken off the roll (§4.A-17)", to="roll")]
    return [Modifier(label, te, "T&E added to the target number (§4.A-17)")]


def naturals(ctx: Context) -> tuple[int | None, int | None]:
    """Natural 1 / natural 10 on infantry d10 tests only when the group extends the tank
    Aim rule to every test (§4.A-23)."""
    return (1, 10) if ctx.rule("natural_1_10") == "all_d10_tests" else (None, None)


def stat_test(ctx: Context, base: int, mods: Sequence[Modifier]) -> Test:
    """d10 ≤ base + modifiers, with the natural-face reading in force."""
    ns, nf = naturals(ctx)
    return make_test(D10, base, mods, natural_success=ns, natural_failure=nf)


def hp_of(ctx: Context, unit: Unit) -> int:
    """Hit points left: state["hp"] if set, else the profile's."""
    hp = unit.state.get("hp")
    return int(hp) if hp is not None else int(ctx.profile(unit)["hp"])


def wound_effects(ctx: Context, unit: Unit, wounds: int, hp_before: int | None = None
                  ) -> tuple[list[Effect], str]:
    """HP lost for `wounds` (hp_per_wound each, PROPOSED 1) and what 0 HP means: an NPC
    awaits the death roll, a PC is wounded (§4.10). Returns effects and a note."""
    if wounds <= 0:
        return [], ""
    hp = hp_of(ctx, unit) if hp_before is None else hp_before
    loss = wounds * rn("wounds.hp_per_wound")
    effects: list[Effect] = [AdjustState(unit.id, "hp", -loss, minimum=0, default=hp)]
    note = msg("{unit}: −{loss} HP ({before} → {after})", unit=unit.label, loss=loss,
               before=hp, after=max(0, hp - loss))
    if hp - loss <= 0:
        state = "pc-wounded" if ctx.profile(unit).get("is_pc") else "npc-pending"
        effects.append(SetState(unit.id, "casualty", state))
        note = join("; ", [note, CASUALTY[state]])
    return effects, note


def guts_penalty(ctx: Context, unit: Unit) -> tuple[int, list[int]]:
    """The unit's current MM penalty and the MM of each suppression behind it (§4.5-2,
    §4.A-5): summed per suppression, or every suppression at the highest MM."""
    mms = [int(m) for m in unit.state.get("mm_penalties", []) or []]
    if not mms:
        return 0, []
    if ctx.rule("mm_stacking") == "highest":
        return max(mms) * len(mms), mms
    return sum(mms), mms


def penalty_modifier(ctx: Context, unit: Unit) -> list[Modifier]:
    pen, mms = guts_penalty(ctx, unit)
    if not pen:
        return []
    how = " + ".join(str(m) for m in mms) if ctx.rule("mm_stacking") == "sum" \
        else f"{len(mms)} × MM {max(mms)}"
    return [Modifier("MM penalty", -pen, msg("suppression from weapons with MM ({how}); "
                                            "gone next turn (§4.5-2)", how=how),
                     proposed=len(set(mms)) > 1)]


def suppression_effects(ctx: Context, unit: Unit, inflicted: int, mm: int,
                        already: int | None = None) -> tuple[list[Effect], int]:
    """Suppression markers capped at 3 (§4.5-1) and the weapon's MM recorded per
    suppression in state["mm_penalties"] (and the total in state["guts_penalty"]).
    With suppression_excess = discard the excess carries no MM penalty either."""
    if inflicted <= 0:
        return [], 0
    cap = rn("suppression.cap")
    have = unit.markers.get("suppression", 0) if already is None else already
    added = max(0, min(inflicted, cap - have))
    effects: list[Effect] = []
    if added:
        effects.append(AddMarker(unit.id, "suppression", added, maximum=cap))
    counted = added if ctx.rule("suppression_excess") == "discard" else inflicted
    if mm > 0 and counted:
        mms = [int(m) for m in unit.state.get("mm_penalties", []) or []] + [mm] * counted
        total = max(mms) * len(mms) if ctx.rule("mm_stacking") == "highest" else sum(mms)
        effects += [SetState(unit.id, "mm_penalties", mms),
                    SetState(unit.id, "guts_penalty", total)]
    return effects, added


def unit_by_id(ctx: Context, unit_id: str) -> Unit:
    """A unit named by a fact (under_template): from the context's units, else the game."""
    for u in (ctx.actor, ctx.target, *ctx.targets):
        if u is not None and u.id == unit_id:
            return u
    if ctx.game is not None:
        return ctx.game.unit(unit_id)
    from engine.options import SchemaError
    raise SchemaError(f"facts.under_template: unit {unit_id!r} is not among the targets "
                      "and there is no game to look it up in")


def weapon_of(ctx: Context, unit: Unit | None = None,
              given: Mapping[str, Any] | None = None) -> tuple[str, Mapping[str, Any]]:
    """(id, record) of the weapon used: the one chosen (refused unless `unit`, default the
    actor, carries it), else the unit's first weapon."""
    u = unit or ctx.actor
    if given is not None:
        if ctx.weapon_id is not None and given is ctx.weapon:
            own_weapon(ctx, u, ctx.weapon_id, given)
        return ctx.weapon_id or given.get("name", "weapon"), given
    names = ctx.profile(u).get("weapons") or ()
    if not names:
        from engine.options import SchemaError
        raise SchemaError(f"{ctx.action.id}.weapon: required ({u.label} has no weapon "
                          "in its profile)")
    return names[0], ctx.ruleset.weapon(names[0])


def carries(ctx: Context, unit: Unit, weapon_id: str) -> bool:
    """Whether `unit` carries weapon `weapon_id`: its profile's weapons, the grenades of a
    man who has them, a vehicle's own card weapons ("<vehicle profile>.<weapon>")."""
    p = ctx.profile(unit)
    if weapon_id in (p.get("weapons") or ()):
        return True
    if p.get("has_grenades") and weapon_id in GRENADES:
        return True
    return weapon_id.startswith(f"{unit.profile}.")


def own_weapon(ctx: Context, unit: Unit, weapon_id: str, w: Mapping[str, Any]) -> None:
    """Refuse a weapon `unit` does not carry: a unit fires its own weapons."""
    if not carries(ctx, unit, weapon_id):
        raise Refused(msg("weapon: {unit} does not carry the {weapon}: a unit fires its own "
                          "weapons", unit=unit.label, weapon=w.get("name", weapon_id)),
                      argument="weapon")
