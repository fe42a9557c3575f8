"""Ranged fire (04 §4.4, §4.5, §5.1): lethality × d6 against the weapon's accuracy for the
band, worsened by the target's cover (partial +1, not for grenades and heavy weapons; full
+2); a threshold above 6 cannot succeed. A burst may be split over at most two targets,
the dice allocated before the roll (§4.A-9). Each hit is one damage unit (armour first,
§4.A-8); heavy shots that hit wear the target's cover down (§4.5-4,
cover.heavy_fire_wear). Simultaneous fire: a character killed this round still fires and
dies at the end of his own turn (engine.deferred); the return fire is an answer through
engine.joint.

Plan, then roll and price: `plan_fire` builds one Pool per target, `Fire.resolve` rolls
them and `Fire.odds` prices the very same pools.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import icepool

from engine.costs import Cost
from engine.dice import D6, Comparison, DiceSource
from engine.i18n import join, msg
from engine.measure import measure_pair
from engine.model import Effect, SetGameState, SetState
from engine.odds import OutcomeDistribution, distribution
from engine.options import Modifier, Option, SchemaError
from engine.protocol import (
    ActionRefused,
    Context,
    Pool,
    Resolution,
    Role,
    info_step,
    make_pool,
    roll_pool,
)
from engine.scenario import Unit
from engine.turns import ambush_side

from . import bands, data
from .common import BEAction, armour_of, cover_class, damage_effects, gear_effects, hp_of, rn
from .cover import better_cover
from .cover_timing import incoming_record
from .cover_wear import full_cover_pieces, heavy_fire_wear

__all__ = ["threshold", "FireLine", "plan_fire", "shared_hits", "save_effects", "Fire",
           "Refused", "SAVE_KEY"]

#: The full cover whose first-heavy-attack save is used up: a list of terrain piece ids in
#: the game state, or True in the state of a character whose cover has no piece (§4.A-7).
SAVE_KEY = "cover_save_used"


class Refused(ActionRefused):
    """The shot cannot be taken: the protocol's one refusal (ActionRefused), raised
    inside the plan from resolve and odds alike; `argument` names what is at fault."""


def threshold(weapon: dict, band: str, cover: str, rule_missing: str = "cannot_fire"
              ) -> tuple[int, int, list[Modifier]]:
    """(base accuracy, final threshold, cover modifiers) of `weapon` at `band` against
    cover "none" / "partial" / "full" (§4.4-3). Refused when the weapon cannot fire there:
    close combat (melee only, §4.1), out of range, or a band its profile does not list
    (§4.A-19: cannot fire, or at its worst listed accuracy)."""
    if band == "close":
        raise Refused("point blank: a firearm loses to any melee weapon (§4.1, §4.A-1); "
                      "use Melee", argument="target")
    if band not in data.BANDS:
        raise Refused(msg("{band}: beyond extreme distance (3000 m), out of range (§4.1)",
                          band=band), argument="target")
    acc = weapon["accuracy"].get(band)
    if acc is None:
        listed = [v for v in weapon["accuracy"].values() if v is not None]
        if rule_missing != "worst_listed" or not listed:
            raise Refused(msg("{weapon} has no accuracy at {band} distance: cannot fire "
                              "there (§4.A-19)", weapon=weapon, band=band),
                          argument="weapon")
        acc = max(listed)
    mods: list[Modifier] = []
    ignores_partial = weapon["heavy"] or weapon["grenade"]
    if cover == "partial" and not ignores_partial:
        mods.append(Modifier("partial cover", rn("fire.partial_cover"),
                             "target in partial cover: accuracy worse by 1 (§4.5-4)"))
    elif cover == "partial":
        mods.append(Modifier("partial cover (ignored)", 0,
                             "grenades and heavy weapons ignore partial cover (§4.5-4)"))
    elif cover == "full":
        mods.append(Modifier("full cover", rn("fire.full_cover"),
                             "target in full cover: any weapon worse by 2 (§4.5-5)"))
    final = acc + sum(m.value for m in mods)
    return acc, final, mods


@dataclass(frozen=True, slots=True)
class FireLine:
    """The fire at one target: its band and cover, the pool, and whether full cover's
    first-heavy-hit save applies (§4.5-5, §4.A-7)."""

    target: Unit
    band: str
    cover: str
    base: int
    pool: Pool
    saved: bool
    #: a light weapon against a heavily armoured target: no damage (§4.4-9, §8-3)
    immune: bool = False

    @property
    def impossible(self) -> bool:
        return self.pool.test.target > rn("fire.max_face")


def _second_facts(ctx: Context, target: Unit) -> tuple[float | None, int | None]:
    """Distance (m) and cover level to the second burst target: typed facts win, else
    measured on the board."""
    d, c = ctx.facts.get("distance2_m"), ctx.facts.get("cover2")
    if (d is None or c is None) and ctx.game is not None:
        m = measure_pair(ctx.game.scenario, ctx.actor.id, target.id)
        centre = ctx.ruleset.measure == "centre"
        d = d if d is not None else (m.centre_m if centre else m.edge_m)
        c = c if c is not None else m.cover
    return d, c


def _save_applies(ctx: Context, weapon: dict, target: Unit, cover: str) -> bool:
    """Full cover absorbs the first heavy-weapon attack or grenade (§4.5-5, §4.A-7): once
    per piece of cover — the board's pieces giving it (`save_effects`), or, for cover
    with no piece behind it, once per character."""
    if not (weapon["heavy"] or weapon["grenade"]) or cover != "full":
        return False
    where = ctx.rule("full_cover_save")
    if where == "none":
        return False
    if where == "full_defence_only" and not target.state.get("full_defence"):
        return False
    pieces = full_cover_pieces(ctx, target)
    if pieces:
        used = set(_used_saves(ctx))
        return any(p.id not in used for p in pieces)
    return not target.state.get(SAVE_KEY)


def _used_saves(ctx: Context) -> list[str]:
    return list((ctx.game.state.get(SAVE_KEY) or []) if ctx.game is not None else [])


def save_effects(ctx: Context, target: Unit) -> list[Effect]:
    """The save is used up (§4.A-7 "the cover is used up"): on the board's pieces that
    give the target his full cover (game state), else on the character."""
    pieces = full_cover_pieces(ctx, target)
    if pieces:
        used = _used_saves(ctx)
        return [SetGameState(SAVE_KEY, used + [p.id for p in pieces if p.id not in used])]
    return [SetState(target.id, SAVE_KEY, True)]


def plan_fire(ctx: Context) -> list[FireLine]:
    """One FireLine per target (at most two, §4.4-5), dice allocated before the roll."""
    weapon = dict(ctx.weapon) if ctx.weapon is not None else None
    if weapon is None:
        raise SchemaError("fire.weapon: required (the ranged weapon fired)")
    if weapon["kind"] != "ranged":
        raise Refused(msg("{weapon} is a melee weapon: use Melee", weapon=weapon),
                      argument="weapon")
    if ctx.target is None:
        raise SchemaError("fire.target: required")
    if ctx.actor.state.get("dashing"):
        raise Refused(msg("{unit} has DASHed: his active action goes to close combat or to "
                          "occupying cover (§4.2-2)", unit=ctx.actor.label), argument="actor")
    second: Unit | None = ctx.role("target2")
    n = weapon["lethality"]
    split = int(ctx.option("dice_on_second"))
    after = ctx.rule("burst_allocation") == "successes_after"
    if second is not None:
        if not weapon["burst"]:
            raise Refused(msg("{weapon} fires no burst: one target only (§4.4-5)",
                              weapon=weapon), argument="target2")
        if after:
            split = 0           # one pool; its hits are shared out after the roll
        elif not 1 <= split < n:
            raise Refused(msg("dice_on_second: allocate 1–{most} of the {n} dice to {target} "
                              "before the roll (§4.A-9)", most=n - 1, n=n,
                              target=second.label), argument="options.dice_on_second")
    elif split:
        raise Refused("dice_on_second: no second target chosen",
                      argument="options.dice_on_second")
    lines = []
    band1 = bands.band(ctx)
    if band1 is None:
        raise SchemaError("facts.distance_m: the distance (or the band) is needed")
    if ctx.option("dashing") or ctx.target.state.get("dashing"):
        band1 = "medium"        # §5.1: a dashing target counts as at medium
    targets = [(ctx.target, n - split, band1, ctx.fact("cover"))]
    if second is not None:
        d2, c2 = _second_facts(ctx, second)
        b2 = bands.band_of(d2, ctx.rule("band_edges"))
        if b2 is None:
            raise SchemaError("facts.distance2_m: the distance to the second target is "
                              "needed")
        targets.append((second, n if after else split, b2, c2))
    for unit, dice_n, band, level in targets:
        cover = better_cover(cover_class(level), unit.state.get("in_cover"))
        if unit.state.get("full_defence") and not (weapon["heavy"] or weapon["grenade"]):
            raise Refused(msg("{unit} is in full defence: immune to shooting (§4.5-5)",
                              unit=unit.label),
                          argument="target" if unit is ctx.target else "target2")
        base, _, mods = threshold(weapon, band, cover, ctx.rule("missing_band"))
        mods = mods + ctx.modifiers("fire")
        pool = make_pool(D6, dice_n, base, mods, Comparison.GE)
        immune = bool(weapon["light"] and (ctx.profile(unit).get("heavily_armoured")
                                           or unit.state.get("heavily_armoured")))
        lines.append(FireLine(unit, band, cover, base, pool,
                              _save_applies(ctx, weapon, unit, cover), immune))
    if after and len(lines) == 2 and lines[0].pool.test.target != lines[1].pool.test.target:
        raise Refused(msg("successes allocated after the roll need both targets at one "
                          "threshold ({first}+ and {second}+): allocate the dice before "
                          "(§4.A-9)", first=lines[0].pool.test.target,
                          second=lines[1].pool.test.target),
                      argument="rules.burst_allocation")
    return lines


def shared_hits(ctx: Context, hits: int) -> tuple[int, int]:
    """A burst's hits shared after the roll (§4.A-9 successes_after): the second target
    takes up to `hits_on_second`, the first the rest."""
    second = min(hits, int(ctx.option("hits_on_second")))
    return hits - second, second


def _immediate(ctx: Context) -> bool:
    """Casualties of a SURPRISE round are removed before the attacked side acts (§4.7-2)."""
    if ctx.option("surprise"):
        return True
    return ctx.game is not None and ambush_side(ctx.game) == ctx.actor.side


class Fire(BEAction):
    id = "fire"
    label = "Fire"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit"), Role("weapon", kind="weapon"),
             Role("target2", kind="unit", required=False, label="second target",
                  doc="a burst may be split over at most two targets (§4.4-5)"),
             Role("return_fire", kind="responder", required=False, label="fires back",
                  doc="who answers at the same moment (default: the target, §4.4-7)"))
    facts = ("distance_m", bands.RANGE_BAND, "cover", "los")
    steps = ("fire",)
    cost = Cost(actions=1, uses_weapon=True, reason="one active action per round (§4.2-1)")
    options = (
        Option("dice_on_second", "Dice on the second target", "int", 0, minimum=0,
               maximum=50, reason="§4.A-9", help="burst dice allocated to the second "
               "target before the roll"),
        Option("hits_on_second", "Hits on the second target", "int", 0, minimum=0,
               maximum=50, reason="§4.A-9", help="with successes allocated after the roll: "
               "the hits the second target takes (at most the hits rolled)"),
        Option("dashing", "Target is dashing", "bool", False, reason="§5.1",
               help="a dashing target counts as at medium distance"),
        Option("surprise", "Surprise attack", "bool", False, reason="§4.7-2",
               help="ambush round: casualties fall at once (also when the actor's side "
               "is the declared ambush side)"),
    )
    doc = "lethality × d6 against the weapon's accuracy for the band (04 §4.4)"

    def range_band(self, ctx: Context) -> str | None:
        return bands.band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        lines = plan_fire(ctx)
        weapon = dict(ctx.weapon)
        steps, effects, summary = [], [], []
        immediate = _immediate(ctx)
        heavy_shots = []
        shared = len(lines) == 2 and ctx.rule("burst_allocation") == "successes_after"
        share: tuple[int, int] = (0, 0)
        for i, line in enumerate(lines):
            sid = "fire" if i == 0 else "fire2"
            note = ""
            if line.impossible:
                note = msg("threshold {target}+: no die can succeed (§4.4-3)",
                           target=line.pool.test.target)
            if shared and i == 1:
                hits = share[1]
            else:
                label = (msg("Fire at {target} and {second}", target=line.target.label,
                             second=lines[1].target.label) if shared
                         else msg("Fire at {target}", target=line.target.label))
                step = roll_pool(dice, line.pool, id=sid, label=label, base=line.base,
                                 base_label=msg("accuracy at {band}", band=line.band),
                                 success="hit",
                                 failure="miss", note=note)
                steps.append(step)
                hits = step.count("hit")
                if shared:
                    share = shared_hits(ctx, hits)
                    hits = share[0]
                    steps.append(info_step("share", "Hits shared", msg(
                        "{first} to {target}, {second} to {other} (allocated after the roll, "
                        "§4.A-9)", first=share[0], target=line.target.label, second=share[1],
                        other=lines[1].target.label)))
            eff, text = self._damage(ctx, line, hits, weapon, immediate)
            if not shared and ctx.game is not None:     # damage a later cover may undo
                record = incoming_record(ctx, line, step, weapon, eff)
                if record is not None:
                    eff.append(record)
            steps.append(info_step(f"damage{'' if i == 0 else '2'}",
                                   msg("Damage to {target}", target=line.target.label), text))
            effects += eff
            summary.append(msg("{target}: {n} {n|hit|hits|hits}", target=line.target.label,
                               n=hits))
            if hits and (weapon["heavy"] or weapon["grenade"]):
                heavy_shots.append((line.target, line.cover))
        wear, said = heavy_fire_wear(ctx, heavy_shots)
        if said:
            steps.append(info_step("cover", "Cover under heavy fire", said))
            effects += wear
        effects += self._stealth_broken(ctx)
        return ctx.resolution(steps, effects, join("; ", summary))

    def _damage(self, ctx: Context, line: FireLine, hits: int, weapon: dict,
                immediate: bool) -> tuple[list[Effect], str]:
        if line.immune and hits:
            return [], msg("{weapon} is a light weapon: no damage to the heavily armoured "
                           "{target} (§4.4-9, §8-3 PROPOSED)", weapon=weapon,
                           target=line.target.label)
        if line.saved and hits:
            used: list[Effect] = save_effects(ctx, line.target)
            if ctx.rule("heavy_save_scope") == "whole_attack":
                what = "grenade" if weapon["grenade"] else "heavy-weapon attack"
                return used, msg("full cover absorbs the first {attack}: {n} hits saved "
                                 "(§4.5-5, §4.A-7)", attack=what, n=hits)
            eff, text, _ = damage_effects(ctx, line.target, hits - 1, immediate=immediate)
            return used + eff, msg("full cover absorbs the first hit (§4.A-7); {damage}",
                                   damage=text)
        eff, text, _ = damage_effects(ctx, line.target, hits, immediate=immediate)
        return eff, text

    @staticmethod
    def _saved(line: FireLine, hits: int, whole: bool) -> int:
        """Damage left after full cover's first-heavy-attack save (none from a light weapon
        on a heavily armoured target)."""
        if line.immune:
            return 0
        if not line.saved:
            return hits
        return 0 if whole else max(0, hits - 1)

    def _stealth_broken(self, ctx: Context) -> list[Effect]:
        """Firing breaks stealth: at once without a flash suppressor (§4.8-5)."""
        if not ctx.actor.state.get("stealth"):
            return []
        if "flash_suppressor" in gear_effects(ctx, ctx.actor):
            return [SetState(ctx.actor.id, "alarm", True)]
        return [SetState(ctx.actor.id, "stealth", None),
                SetState(ctx.actor.id, "camouflage_broken", True)]

    def odds(self, ctx: Context) -> OutcomeDistribution:
        """Damage units dealt (after full cover's save): to the target, or (target,
        second) pairs for a split burst; part "killed" the chance the target dies."""
        lines = plan_fire(ctx)
        whole = ctx.rule("heavy_save_scope") == "whole_attack"
        shared = len(lines) == 2 and ctx.rule("burst_allocation") == "successes_after"
        dists = []
        for i, line in enumerate(lines):
            k = lines[0].pool.successes() if shared else line.pool.successes()
            if shared:
                k = k.map(lambda x, i=i: shared_hits(ctx, x)[i])
            if line.saved:
                k = k.map(lambda x: 0 if whole else max(0, x - 1))
            if line.immune:
                k = k.map(lambda x: 0)
            dists.append(k)
        t = lines[0].target
        lethal = hp_of(ctx, t) + (armour_of(ctx, t) if ctx.rule("damage_order") ==
                                  "armour_first" else 0)
        parts: dict[str, Any] = {
            f"{t.label} killed": distribution("killed", dists[0].map(lambda x: x >= lethal),
                                              order=(False, True))}
        if len(lines) == 1:
            n = lines[0].pool.n
            return distribution("hits", dists[0], order=range(n + 1), parts=parts)
        if shared:      # one roll: the pair is a function of the one pool's hits
            pair = lines[0].pool.successes().map(lambda x: tuple(
                self._saved(lines[j], h, whole) for j, h in enumerate(shared_hits(ctx, x))))
        else:
            pair = icepool.tupleize(dists[0], dists[1])
        for line, dd in zip(lines, dists, strict=True):
            parts[f"hits on {line.target.label}"] = distribution("hits", dd)
        return distribution("hits (target, second)", pair, parts=parts)
