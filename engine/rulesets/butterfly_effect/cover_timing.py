"""Cover taken this round (04 §4.5-1, §4.A-6): the shots a character took are recorded for
the round (`fired_on`), so that under reading A (cover counts for the whole round, the
default) cover he takes later in the round prices them again and gives back the hits that
now miss; under reading B only later shots see it."""

from __future__ import annotations

from typing import Any

from engine.deferred import DEFERRED, pending
from engine.i18n import join, msg
from engine.model import AdjustState, Effect, SetGameState, SetState
from engine.protocol import Context
from engine.scenario import Unit

from .common import armour_of, hp_of, rn, wound_severity

__all__ = ["FIRED_ON", "incoming_record", "reprice_earlier_fire"]

#: unit state: the fire he took this round, so cover taken later in the round can count
#: for it (§4.5-1, §4.A-6 reading A); cleared each round (ruleset.toml turn.clear_each_turn).
FIRED_ON = "fired_on"
_PENALTY = {"none": 0, "partial": 1, "full": 2}


def incoming_record(ctx: Context, target: Unit, faces: Any, base: int, threshold: int,
                    cover: str, heavy: bool, armour: int, hp: int) -> Effect | None:
    """The effect adding this shot to the target's `fired_on` list: its dice, accuracy,
    the threshold and cover it was priced at, whether heavy, and the armour and HP it took
    (None when it took nothing: there is nothing to give back)."""
    if not (armour or hp):
        return None
    record = {"turn": ctx.game.turn if ctx.game is not None else 0,
              "by": ctx.actor.id, "faces": list(faces), "base": base,
              "target": threshold, "cover": cover, "heavy": bool(heavy),
              "armour": armour, "hp": hp}
    return SetState(target.id, FIRED_ON, list(target.state.get(FIRED_ON) or []) + [record])


def _name(game: Any, unit_id: str) -> str:
    """The shooter by his name (the record keeps his id; he may have left the table)."""
    try:
        return game.scenario.unit(unit_id).label
    except KeyError:
        return unit_id


def _penalty(cover: str, heavy: bool) -> int:
    return 0 if heavy and cover == "partial" else _PENALTY[cover]


def reprice_earlier_fire(ctx: Context, unit: Unit, cover: str) -> tuple[list[Effect], str]:
    """Reading A of §4.A-6: cover taken this round counts for the fire already resolved at
    him this round. Each earlier shot's dice are priced again at the new threshold; the
    hits that now miss are given back (HP first — the last hits took HP —, then armour),
    and one brought back above 0 HP no longer dies at the end of his turn."""
    game = ctx.game
    if game is None:
        return [], ""
    shots = [r for r in unit.state.get(FIRED_ON) or () if r.get("turn") == game.turn]
    back_hp = back_armour = 0
    said = []
    for r in shots:
        old = int(r["target"])      # the shot's threshold, the player's modifiers in it
        new = old - _penalty(r["cover"], r["heavy"]) + _penalty(cover, r["heavy"])
        if new <= old:
            continue
        took = r["armour"] + r["hp"]
        hits_now = sum(1 for f in r["faces"] if f >= new and new <= rn("fire.max_face"))
        give = max(0, took - hits_now)
        hp_back = min(give, r["hp"])
        back_hp += hp_back
        back_armour += give - hp_back
        said.append(msg("{shooter}'s fire: {old}+ → {new}+, {took} → {now} damage",
                        shooter=_name(game, r["by"]), old=old, new=new, took=took,
                        now=min(took, hits_now)))
    if not (back_hp or back_armour):
        return [], join("; ", said)
    prof = ctx.profile(unit)
    top = int(prof.get("hp", 1))
    hp_now = hp_of(ctx, unit)
    effects: list[Effect] = []
    if back_armour:
        effects.append(AdjustState(unit.id, "armour", back_armour,
                                   default=armour_of(ctx, unit)))
    if back_hp:
        hp_after = min(top, hp_now + back_hp)
        effects.append(AdjustState(unit.id, "hp", back_hp, maximum=top, default=hp_now))
        if hp_after > 0 and unit.state.get("dead_pending"):
            effects.append(SetState(unit.id, "dead_pending", None))
            left = [e for e in pending(game) if not (e.get("unit") == unit.id and any(
                x.get("kind") == "remove" and x.get("unit") == unit.id
                for x in e.get("effects") or ()))]
            effects.append(SetGameState(DEFERRED, left or None))
            said.append(msg("{unit} is no longer killed", unit=unit.label))
        sev = None if hp_after >= top else (
            wound_severity(hp_after, top) if ctx.rule("wound_severity") == "by_hp"
            else "unrated")
        effects.append(SetState(unit.id, "wound", sev))
    said.append(msg("given back: {hp} HP, {armour} armour (cover counts for the whole round, "
                    "§4.A-6 A)", hp=back_hp, armour=back_armour))
    return effects, join("; ", said)
