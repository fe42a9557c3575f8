"""Reading the turn from a game: whose turn, who may act, what each unit has left.

These never change the game; the Turn dock, the Actions dock and the turn steps ask the
same questions, so they are answered once here.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from engine import ledger, triggers
from engine.i18n import msg
from engine.model import (
    Game,
    ModelError,
)
from engine.scenario import Unit
from engine.turns.structure import DEFAULT, TurnError, TurnStructure


def sides_order(game: Game) -> list[str]:
    """The sides in acting order this turn: the initiative order, else the listed sides."""
    return list(game.activation_order) or list(game.sides)


def activation_order(game: Game) -> list[str]:
    """The order of sides this turn as rolled (empty until initiative is rolled)."""
    return list(game.activation_order)


def whose_turn(game: Game) -> str | None:
    """The side acting now (its turn, or its activation slot), None if nobody is."""
    return game.active_side


def activations(game: Game) -> list[dict]:
    """This turn's activation slots so far, in order (copies)."""
    return copy.deepcopy(list(game.state.get("activations") or []))


def activating(game: Game) -> str | None:
    """The unit whose activation is running (alternating structures)."""
    return game.state.get("activating")


def unit_on_table(game: Game, unit_id: str):
    try:
        u = game.unit(unit_id)
    except ModelError as e:
        raise TurnError(str(e)) from None
    if not game.on_table(unit_id):
        raise TurnError(msg("unit '{unit}': not on the table ({reason})", unit=unit_id,
                            reason=str(u.state.get("removed"))))
    return u


def ap_left(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    """Action points the unit has left this turn (None when the structure has no AP)."""
    if structure.ap_per_unit is None:
        return None
    v = game.unit(unit_id).state.get("ap_left", structure.ap_per_unit)
    return int(v)


def ap_spent(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    left = ap_left(game, unit_id, structure)
    return None if left is None else max(0, structure.ap_per_unit - left)  # type: ignore[operator]


def actions_left(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    """Actions left in the unit's running (or passed) activation, or in this round;
    None without one."""
    if structure.kind == "rounds":
        return int(game.unit(unit_id).state.get("actions_left", structure.actions_per_turn))
    if structure.actions_per_activation is None:
        return None
    v = game.unit(unit_id).state.get("actions_left")
    return None if v is None else int(v)


def player_of(unit: Unit) -> str | None:
    """The player who moves the unit when allies share a side (the unit's "player" key
    in the scenario, or in its state)."""
    p = unit.extra.get("player") if isinstance(unit.extra, Mapping) else None
    p = p if p is not None else unit.state.get("player")
    return None if p is None else str(p)


def why_cannot_act(game: Game, structure: TurnStructure, unit_id: str) -> str | None:
    """Why the unit may not act this turn by the ruleset (`TurnHooks.can_act`), or None."""
    try:
        u = game.unit(unit_id)
    except ModelError as e:
        return str(e)
    if not game.on_table(unit_id):
        return msg("not on the table ({reason})", reason=str(u.state.get("removed")))
    hook = structure.hooks.can_act
    return hook(game, u) if hook is not None else None


def ambush_side(game: Game) -> str | None:
    """The side ambushing this round (it acts first), None when none is."""
    amb = game.state.get("ambush")
    if isinstance(amb, Mapping) and isinstance(amb.get("turn"), int) and \
            amb["turn"] <= game.turn <= amb.get("until", amb["turn"]):
        return amb.get("side")
    return None


def why_not_now(game: Game, structure: TurnStructure, unit_id: str) -> str | None:
    """Why it is not the unit's moment to act by the turn's order, or None: another side's
    turn, another unit activating, the ambushing side first."""
    u = game.unit(unit_id)
    side = game.active_side
    if structure.kind == "rounds":
        amb = ambush_side(game)
        if amb is not None and side == amb and u.side != amb:
            return msg("{side} ambushes: it spends all its active actions first, then the "
                       "others act", side=amb)
        return None
    if side is None:
        if initiative_due(game, structure):
            return msg("nobody is acting yet: roll initiative first")
        return msg("nobody is acting: start or end the turn")
    if u.side != side and structure.kind == "sides":
        return msg("it is {side}'s turn", side=side)
    if structure.kind == "alternating":
        running = activating(game)
        if running != u.id and game.unit(u.id).state.get("actions_left") is None:
            now = msg("{unit} is activating", unit=game.unit(running).label) if running \
                else msg("{side} is to activate a unit", side=side)
            return msg("{unit} is not activating ({now})", unit=u.label, now=now)
    return None


def _can_activate(game: Game, structure: TurnStructure, u: Unit) -> bool:
    return not u.state.get("activated") and why_cannot_act(game, structure, u.id) is None


def to_activate(game: Game, side: str, structure: TurnStructure | None = None) -> list[str]:
    """Units of `side` on the table that have not activated this turn and may act (by the
    ruleset's `can_act`)."""
    s = structure or DEFAULT
    return [u.id for u in game.units_of(side) if _can_activate(game, s, u)]


def may_act(game: Game, structure: TurnStructure) -> list[str]:
    """The units that may still act now, for the Turn dock: of the acting side (or every
    side in a round), allowed by the ruleset, with AP or actions left; in a phased turn
    without AP, those not yet recorded in this phase."""
    s = structure
    out = []
    if s.kind == "alternating":
        running = activating(game)
        if running is not None:
            return [running] if (actions_left(game, running, s) or 0) > 0 or \
                s.actions_per_activation is None else []
        side = game.active_side
        return to_activate(game, side, s) if side else []
    side = game.active_side
    if s.kind == "sides" and side is None:
        return []
    acted = set(ledger.acted(game, "phase")) if s.phases else set()
    for u in game.units:
        if side is not None and u.side != side:
            continue
        if why_cannot_act(game, s, u.id) is not None:
            continue
        if s.ap_per_unit is not None and (ap_left(game, u.id, s) or 0) <= 0:
            continue
        if s.kind == "rounds" and (actions_left(game, u.id, s) or 0) <= 0:
            continue
        if s.phases and s.ap_per_unit is None and u.id in acted:
            continue
        out.append(u.id)
    return out


def turn_complete(game: Game, structure: TurnStructure) -> bool:
    """Nothing is left to hand over to, so the turn may end: the last side in order is
    acting (sides) / no unit is left to activate and none is activating (alternating) /
    nobody has an action left (rounds)."""
    if structure.kind == "alternating":
        return activating(game) is None and not any(to_activate(game, s, structure)
                                                    for s in sides_order(game))
    if structure.kind == "rounds":
        return game.active_side is None and not may_act(game, structure)
    order = sides_order(game)
    return bool(order) and game.active_side == order[-1]


def initiative_due(game: Game, structure: TurnStructure) -> bool:
    """Whether initiative should be rolled now: each turn until rolled this turn, or once
    per game until rolled."""
    ini = structure.initiative
    if ini is None or len(game.sides) < 2:
        return False
    last = game.state.get("initiative")
    if ini.when == "once":
        return last is None
    return not (isinstance(last, dict) and last.get("turn") == game.turn)


@dataclass(frozen=True, slots=True)
class UnitStatus:
    """One unit's turn figures for a panel: AP, actions, activated, its player, what the
    ruleset says hampers it (`flags`) and why it may not act (`blocked`, None if it may)."""

    id: str
    label: str
    side: str
    ap_left: int | None
    ap_spent: int | None
    actions_left: int | None
    activated: bool
    activating: bool
    flags: tuple[str, ...] = ()
    blocked: str | None = None
    player: str | None = None
    due: tuple[str, ...] = ()

    @property
    def can_act(self) -> bool:
        return self.blocked is None


def unit_status(game: Game, unit_id: str, structure: TurnStructure) -> UnitStatus:
    u = game.unit(unit_id)
    hook = structure.hooks.flags
    flags = tuple(hook(game, u)) if hook is not None else ()
    return UnitStatus(u.id, u.label, u.side, ap_left(game, u.id, structure),
                      ap_spent(game, u.id, structure), actions_left(game, u.id, structure),
                      bool(u.state.get("activated")), activating(game) == u.id, flags,
                      why_cannot_act(game, structure, u.id), player_of(u),
                      tuple(d["test"] for d in triggers.due_for(game, u.id)))


def need_active(game: Game, structure: TurnStructure) -> str:
    side = game.active_side
    if side is None:
        if initiative_due(game, structure):
            raise TurnError("nobody is acting yet: roll initiative first")
        if structure.kind == "alternating" and turn_complete(game, structure):
            raise TurnError("every unit has activated: end the turn")
        if structure.kind == "rounds":
            raise TurnError("every side acts in any order this round: end the round when "
                            "all have acted")
        raise TurnError("nobody is acting: start or end the turn")
    return side
