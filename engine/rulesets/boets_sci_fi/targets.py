"""One target per squad or platoon (03 §4.8-1, §4.A-17) and split fire in a company
(§4.8-2), as pure functions of the game: what a formation already fires at this side-turn,
whether a new shot or assault may take another target, and the records a shot leaves.

A target is a single fighter (§4.A-17, the default reading), or with that reading off the
enemy unit he belongs to (his squad): then two squads of one platoon may pick different
fighters of one enemy squad.
"""

from __future__ import annotations

from typing import Any

from engine.model import Effect, Game, SetGroupState
from engine.scenario import Group, Unit

from .formations import FORMATION_KINDS, squad_of

__all__ = ["target_key", "chain", "current", "fire_refusal", "assault_refusal",
           "fired_effects", "split_record"]


def target_key(game: Game, unit: Unit, single: bool = True) -> str:
    """What a target fighter stands for: himself (`single`, §4.A-17), else his squad."""
    sq = None if single else squad_of(game, unit)
    return sq.id if sq is not None else unit.id


def chain(game: Game, actor: Unit) -> list[Group]:
    """The formations the firing fighter fights in, innermost first (squad, platoon,
    company)."""
    return [g for g in game.scenario.top_groups_of(actor.id) if g.kind in FORMATION_KINDS]


def _now(game: Game) -> list[Any]:
    return [game.turn, game.active_side]


def current(game: Game, group: Group, key: str) -> dict | None:
    """The group's record `key` ("fired_at", "fire_target") if it is of this side-turn."""
    rec = group.state.get(key)
    return rec if isinstance(rec, dict) and rec.get("at") == _now(game) else None


def _name(rec: dict) -> str:
    return str(rec.get("name") or rec.get("target"))


def fire_refusal(game: Game, actor: Unit, target: Unit, single: bool = True) -> str:
    """Why the formation may not fire at `target` now ("" when it may)."""
    key = target_key(game, target, single)
    formations = chain(game, actor)
    platoon = next((g for g in formations if g.kind == "platoon"), None)
    for g in formations:
        if g.kind in ("squad", "platoon"):
            rec = current(game, g, "fired_at")
            if rec and rec["target"] != key:
                return f"{g.label} already fires at {_name(rec)}: all its fighters shoot " \
                       "at one target (§4.8-1)"
    split = current(game, platoon, "fire_target") if platoon is not None else None
    if split is not None:
        if split["target"] != key:
            return f"{platoon.label} fires at {_name(split)} after its split-fire test " \
                   "(§4.8-2)"
        return ""
    for g in formations:
        if g.kind == "company":
            rec = current(game, g, "fired_at")
            if rec and rec["target"] != key and rec.get("platoon") != \
                    (platoon.id if platoon else None):
                who = platoon.label if platoon is not None else actor.label
                return f"{g.label}'s first platoon fires at {_name(rec)}: {who} must fire " \
                       "at it unless its split-fire test passes (§4.8-2)"
    return ""


def assault_refusal(game: Game, actor: Unit, target: Unit, single: bool = True) -> str:
    """§4.8-1: an independent squad shoots and assaults one target (an independent
    platoon's two targets may differ)."""
    formations = chain(game, actor)
    if len(formations) != 1 or formations[0].kind != "squad":
        return ""
    rec = current(game, formations[0], "fired_at")
    if rec and rec["target"] != target_key(game, target, single):
        return f"{formations[0].label} fired at {_name(rec)}: an independent squad shoots " \
               "and assaults one target (§4.8-1)"
    return ""


def fired_effects(game: Game, actor: Unit, target: Unit, single: bool = True
                  ) -> list[Effect]:
    """The records a shot leaves: the target of each formation of the shooter this
    side-turn (a company's is its first platoon's)."""
    formations = chain(game, actor)
    platoon = next((g for g in formations if g.kind == "platoon"), None)
    rec = {"at": _now(game), "target": target_key(game, target, single), "name": target.label,
           "platoon": platoon.id if platoon is not None else None}
    return [SetGroupState(g.id, "fired_at", rec) for g in formations
            if g.kind != "company" or current(game, g, "fired_at") is None]


def split_record(game: Game, target: Unit, single: bool = True) -> dict:
    """What a split-fire test leaves on platoon 2: the target it fires at this side-turn."""
    return {"at": _now(game), "target": target_key(game, target, single),
            "name": target.label}
