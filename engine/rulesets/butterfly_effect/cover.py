"""Taking and leaving cover (04 §4.5-1..3, §4.5-5): occupying cover within short distance
takes the active action with no check; cover at medium distance is reached by a DASH first
(the dasher is shot at medium on the way); leaving cover is free. In full cover the
character may go into full defence (immune to shooting, cannot shoot). The cover taken is
the unit's state `in_cover` ("partial" / "full"), which fire reads when it is better than
what the board measures (the table wins over its mirror: the GM may also type the fact).

Heavy fire wears cover down (§4.5-4, §8-9): `heavy_fire_wear` counts the heavy shots each
board piece has taken and takes away its cover at the piece's limit."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.costs import Cost
from engine.deferred import DEFERRED, pending
from engine.dice import DiceSource
from engine.edits import EditTerrain
from engine.measure import measure_pair
from engine.model import AdjustState, Effect, SetGameState, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option, SchemaError
from engine.protocol import Context, Resolution, info_step
from engine.scenario import Unit
from geometry.terrain import TerrainPiece

from .common import BEAction, armour_of, cover_class, hp_of, rn, wound_severity

__all__ = ["TakeCover", "LeaveCover", "better_cover", "shots_to_destroy", "heavy_fire_wear",
           "full_cover_pieces",
           "SHOTS_KEY", "FIRED_ON", "incoming_record", "reprice_earlier_fire"]

_RANK = {"none": 0, "partial": 1, "full": 2}


def better_cover(measured: str, declared: str | None) -> str:
    """The better of the board's cover and the cover the character has taken."""
    d = declared if declared in _RANK else "none"
    return measured if _RANK[measured] >= _RANK[d] else d


class TakeCover(BEAction):
    id = "take_cover"
    label = "Take cover"
    cost = Cost(actions=1, reason="occupying cover takes the active action (§4.5-1)")
    options = (
        Option("cover", "Cover", "choice", "partial", choices=("partial", "full"),
               reason="§4.5-4, §4.5-5"),
        Option("distance", "Cover is at", "choice", "short", choices=("short", "medium"),
               reason="§4.5-1, §4.5-2", help="short: no check; medium: DASH there first"),
        Option("full_defence", "Full defence", "bool", False, reason="§4.5-5",
               help="in full cover: immune to shooting, cannot shoot back"),
    )
    doc = "occupy cover within short distance, or at medium after a DASH (04 §4.5)"

    def _why_not(self, ctx: Context) -> str | None:
        if ctx.option("full_defence") and ctx.option("cover") != "full":
            return "full defence needs full cover (§4.5-5)"
        if ctx.option("distance") == "medium" and not ctx.actor.state.get("dashing"):
            return "cover at medium distance is reached by a DASH first (§4.5-2)"
        return None

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        why = self._why_not(ctx)
        if why:
            return self.refused(ctx, why)
        u, cover = ctx.actor, ctx.option("cover")
        effects: list[Effect] = [SetState(u.id, "in_cover", cover)]
        text = f"{u.label} in {cover} cover (camouflage {1 if cover == 'partial' else 2})"
        if ctx.option("full_defence"):
            effects.append(SetState(u.id, "full_defence", True))
            text += "; full defence: immune to shooting, cannot shoot"
        steps = [info_step("cover", "Take cover", text)]
        if ctx.rule("cover_timing") == "whole_round":
            more, said = reprice_earlier_fire(ctx, u, cover)
            if said:
                effects += more
                steps.append(info_step("earlier_fire", "Fire earlier this round", said))
        return ctx.resolution(steps, effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return self.refused_odds("take cover") if self._why_not(ctx) else \
            OutcomeDistribution("take cover", ((ctx.option("cover"), Fraction(1)),))


class LeaveCover(BEAction):
    id = "leave_cover"
    label = "Leave cover"
    doc = "free: step out a few paces and act from the open (04 §4.5-3)"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        if not u.state.get("in_cover") and not u.state.get("full_defence"):
            return self.refused(ctx, f"{u.label} has taken no cover")
        text = f"{u.label} steps out into the open (free, §4.5-3)"
        return ctx.resolution([info_step("cover", "Leave cover", text)],
                              [SetState(u.id, "in_cover", None),
                               SetState(u.id, "full_defence", None)], text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("leave cover", (("open", Fraction(1)),))


# --------------------------------------------------------------------------- heavy fire

#: game.state key: heavy shots each terrain piece has taken so far (§4.5-4, §8-9).
SHOTS_KEY = "cover_heavy_shots"


def shots_to_destroy(piece: TerrainPiece | None, cover: str) -> int:
    """Heavy shots the cover stands (§4.5-4 "one or several … depending on the type of
    cover", §8-9 PROPOSED): the piece's own `heavy_shots`, else partial 1 / full 3."""
    own = None if piece is None else piece.extra.get("heavy_shots")
    if own is not None:
        if isinstance(own, bool) or not isinstance(own, int) or own < 1:
            raise SchemaError(f"terrain {piece.id!r}.heavy_shots: expected a whole number "
                              f"≥ 1, got {own!r}")
        return own
    return int(rn(f"cover.{cover}_heavy_shots"))


def _pieces_giving(ctx: Context, target: Unit, cover: str) -> list[TerrainPiece]:
    """The board's pieces that give `target` this cover against the actor."""
    game = ctx.game
    if game is None or ctx.actor is None or not game.on_table(target.id):
        return []
    m = measure_pair(game.scenario, ctx.actor.id, target.id)
    return [p for p in game.scenario.terrain
            if p.id in m.cover_terrain and cover_class(p.eff_cover()) == cover]


def full_cover_pieces(ctx: Context, target: Unit) -> list[TerrainPiece]:
    """The board's pieces giving `target` full cover against the actor (none when his full
    cover is typed or taken without a piece)."""
    return _pieces_giving(ctx, target, "full")


def heavy_fire_wear(ctx: Context, shots: list[tuple[Unit, str]]) -> tuple[list[Effect], str]:
    """Effects of heavy shots (a heavy weapon's attack or a grenade that hit) on the cover
    of each target, as (target, cover) pairs: each counts one shot against every board
    piece that gave that cover, and a piece that has taken its `shots_to_destroy` loses its
    cover (EditTerrain cover 0: an undoable board edit) — the characters behind it are in
    the open. Cover with no board piece (typed, or taken by the action) wears on the
    character (state `cover_heavy_shots`). Returns (effects, note)."""
    game = ctx.game
    counts = dict((game.state.get(SHOTS_KEY) or {}) if game is not None else {})
    effects: list[Effect] = []
    said: list[str] = []
    touched = False
    for target, cover in shots:
        if cover == "none":
            continue
        pieces = _pieces_giving(ctx, target, cover)
        if not pieces:
            n = int(target.state.get(SHOTS_KEY) or 0) + 1
            limit = shots_to_destroy(None, cover)
            if n >= limit:
                effects += [SetState(target.id, SHOTS_KEY, None),
                            SetState(target.id, "in_cover", None),
                            SetState(target.id, "full_defence", None)]
                said.append(f"{target.label}'s {cover} cover destroyed ({n}/{limit} heavy "
                            "shots, §4.5-4)")
            else:
                effects.append(SetState(target.id, SHOTS_KEY, n))
                said.append(f"{target.label}'s {cover} cover: {n}/{limit} heavy shots")
            continue
        for p in pieces:
            n = counts.get(p.id, 0) + 1
            limit = shots_to_destroy(p, cover)
            touched = True
            name = p.name or p.id
            if n >= limit:
                counts.pop(p.id, None)
                effects.append(EditTerrain(p.id, {"cover": 0}))
                effects += [SetState(target.id, "in_cover", None),
                            SetState(target.id, "full_defence", None)]
                said.append(f"{name} destroyed by heavy fire ({n}/{limit}, §4.5-4): "
                            f"{target.label} is in the open")
            else:
                counts[p.id] = n
                said.append(f"{name}: {n}/{limit} heavy shots taken (§4.5-4)")
    if touched:
        effects.insert(0, SetGameState(SHOTS_KEY, counts or None))
    return effects, "; ".join(said)


# --------------------------------------------------------------------------- cover timing

#: unit state: the fire he took this round, so cover taken later in the round can count
#: for it (§4.5-1, §4.A-6 reading A); cleared each round (ruleset.toml turn.clear_each_turn).
FIRED_ON = "fired_on"
_PENALTY = {"none": 0, "partial": 1, "full": 2}


def incoming_record(ctx: Context, line: Any, step: Any, weapon: dict,
                    effects: list[Effect]) -> Effect | None:
    """The effect adding this shot to the target's `fired_on` list: its dice, accuracy,
    the cover it was priced at, whether heavy, and the armour and HP it took (None when
    it took nothing: there is nothing to give back)."""
    took = {"armour": 0, "hp": 0}
    for e in effects:
        if isinstance(e, AdjustState) and e.unit == line.target.id and e.key in took:
            took[e.key] += -e.delta
    if not (took["armour"] or took["hp"]):
        return None
    record = {"turn": ctx.game.turn if ctx.game is not None else 0,
              "by": ctx.actor.id, "faces": list(step.faces), "base": line.base,
              "target": line.pool.test.target, "cover": line.cover,
              "heavy": bool(weapon["heavy"] or weapon["grenade"]),
              "armour": took["armour"], "hp": took["hp"]}
    return SetState(line.target.id, FIRED_ON,
                    list(line.target.state.get(FIRED_ON) or []) + [record])


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
        said.append(f"{r['by']}'s fire: {old}+ → {new}+, {took} → {min(took, hits_now)} "
                    "damage")
    if not (back_hp or back_armour):
        return [], "; ".join(said)
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
            said.append(f"{unit.label} is no longer killed")
        sev = None if hp_after >= top else (
            wound_severity(hp_after, top) if ctx.rule("wound_severity") == "by_hp"
            else "unrated")
        effects.append(SetState(unit.id, "wound", sev))
    said.append(f"given back: {back_hp} HP, {back_armour} armour (cover counts for the "
                "whole round, §4.A-6 A)")
    return effects, "; ".join(said)
