"""Shooting (§4.4), snap fire (§4.7-5) and detecting a hidden shooter (§4.3).

A volley is planned once (`plan_volley`: dice count, hit Test, wound Bands, modifiers)
and both rolled and priced from that plan, so the exact odds and the roll agree. The
range zone comes from the ruleset's schemes (ranges.py); the rules never measure.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import icepool

from engine.costs import Cost
from engine.dice import D10, Bands, Comparison, DiceSource, Die, Test, draw
from engine.i18n import join, msg, prefixed
from engine.model import Effect, SetState
from engine.odds import (
    OutcomeDistribution,
    band_die,
    distribution,
    p_test,
    success_die,
    successes,
    sum_of,
)
from engine.options import Modifier, Option, SchemaError, apply_modifiers
from engine.protocol import Context, Resolution, Role, Step, roll_bands, roll_test
from engine.scenario import Unit

from . import ranges
from .armour import (
    DAMAGE_ORDER,
    ArmourHit,
    armour_hit_odds,
    plan_armour_hit,
    roll_armour_hit,
    state_after,
)
from .common import (
    IHAction,
    Refused,
    current_turn,
    rn,
    stat_test,
    suppression_effects,
    te_modifiers,
    weapon_of,
    wound_effects,
)
from .squad_cover import MEMBER_COVER, member_covers, open_first_order
from .tank_common import side_struck, vehicle_card

__all__ = ["Volley", "range_zone", "plan_volley", "roll_hits", "roll_wounds", "roll_volley",
           "volley_odds", "volley_marginals", "ordered_volley_die", "suppression_sources",
           "Shoot", "Detect"]

LE = Comparison.LE
ZONES = ("effective", "beyond-range", "out")
SNAP_ZONES = ("snap", "out")


#: the refusal of a second detection roll in a turn
DETECTED_ALREADY = "one detection roll per turn (§4.3-4): already rolled"


@dataclass(frozen=True, slots=True)
class Volley:
    """One planned burst: `n` hit dice, each hit re-rolled on the wound bands.

    `wound` / `wound_mods` are read against the target's (pair) cover; `covers` gives
    each squad member's own cover level and `by_cover` the wound bands at each of those
    levels, so a hit is priced against the man it falls on (squad_cover)."""

    n: int
    base: int
    base_label: str
    hit_mods: tuple[Modifier, ...]
    hit: Test
    wound: Bands
    wound_mods: tuple[Modifier, ...]
    zone: str
    note: str
    covers: tuple[int, ...] = ()
    by_cover: tuple[tuple[int, Bands, tuple[Modifier, ...]], ...] = ()

    def at_cover(self, level: int) -> Volley:
        """The volley with its wound bands read against cover `level` (one of `covers`)."""
        for lv, bands, mods in self.by_cover:
            if lv == level:
                return replace(self, wound=bands, wound_mods=mods)
        return self


def range_zone(ctx: Context, weapon: Mapping[str, Any], *, snap: bool = False) -> str:
    """"effective" / "beyond-range" / "out" (or "snap" / "out" for snap fire): the
    player's facts.range_band if set, else from facts.distance_m and the weapon's Range."""
    allowed = SNAP_ZONES if snap else ZONES
    band = ctx.facts.range_band
    if band is not None:
        if band not in allowed:
            raise SchemaError(f"facts.range_band: expected one of {' | '.join(allowed)}, "
                              f"got {band!r}")
        zone = str(band)
    else:
        d = ctx.fact("distance_m")
        if snap:
            scheme = ranges.snap_fire(weapon["range_m"] * rn("snap_fire.range_factor"))
        else:
            scheme = ranges.small_arms(weapon["range_m"])
        found = scheme.band_for(d)
        zone = found.name if found is not None else "out"
    if zone == "beyond-range" and ctx.rule("range_zones") == "range_only":
        return "out"
    return zone


def suppression_sources(ctx: Context) -> tuple[bool, bool]:
    """(from every hit, from the cover band) under suppression_source (§4.A-2)."""
    src = ctx.rule("suppression_source")
    return src in ("hits", "both"), src in ("cover_band", "both")


def plan_volley(ctx: Context, profile: Mapping[str, Any], weapon: Mapping[str, Any], *,
                n: int, cover_level: int, zone: str, hit_mods: Sequence[Modifier] = (),
                wound_mods: Sequence[Modifier] = (), snap: bool = False,
                note: str = "", member_covers: Sequence[int] = ()) -> Volley:
    """The hit Test and wound Bands for `n` dice of `profile` with `weapon` at `zone`
    against a target in generic cover `cover_level` — and, for a squad whose men stand
    in different cover (`member_covers`, one level per man), the wound bands at each.
    The hit roll reads the target's cover (under cover_effect accuracy / both): the man
    a hit falls on is known only after the hit."""
    mods: list[Modifier] = []
    if snap:
        acc2 = rn("snap_fire.accuracy")
        if ctx.rule("snap_fire_accuracy") == "set":
            mods.append(Modifier("snap fire", acc2, msg("Accuracy set to {n} (§4.7-5)", n=acc2),
                                 sets=True))
        else:
            mods.append(Modifier("snap fire", -acc2, msg("Accuracy − {n} (§4.A-30)", n=acc2)))
    mods.extend(hit_mods)
    cover = ctx.ruleset.cover_term(cover_level)
    c = cover.value
    if c and ctx.rule("cover_effect") in ("accuracy", "both"):
        mods.append(Modifier(msg("cover {n}", n=c), -c, "target in cover is harder to hit (§4.A-1)",
                             proposed=cover.proposed))
    if zone == "beyond-range":
        mods.append(Modifier("beyond Range", 1, "R < distance ≤ 2R: only a natural 1 hits "
                             "(§4.4-3)", sets=True))
    hit = stat_test(ctx, profile["accuracy"], mods)
    dmg = apply_modifiers(weapon["damage"], list(wound_mods))
    bands, wmods = _wound_bands(ctx, dmg, wound_mods, cover_level)
    by_cover = tuple((lv, *_wound_bands(ctx, dmg, wound_mods, lv))
                     for lv in sorted(set(member_covers)))
    return Volley(n, profile["accuracy"], "Accuracy", tuple(mods), hit, bands, wmods,
                  zone, note, tuple(member_covers), by_cover)


def _wound_bands(ctx: Context, dmg: int, wound_mods: Sequence[Modifier], level: int
                 ) -> tuple[Bands, tuple[Modifier, ...]]:
    """The wound bands of a hit on a man in cover `level`: ≤ Damage − cover wounds, up to
    Damage the suppression band (§4.4-4), under cover_effect damage / both."""
    cover = ctx.ruleset.cover_term(level)
    c = cover.value
    wmods = list(wound_mods)
    if c and ctx.rule("cover_effect") in ("damage", "both"):
        wmods.append(Modifier(msg("cover {n}", n=c), -c, "lowers Damage; between the two: "
                              "suppression band (§4.4-4)", proposed=cover.proposed))
        return Bands(D10, LE, ((dmg - c, "wound"), (dmg, "suppression")), "miss"), tuple(wmods)
    return Bands(D10, LE, ((dmg, "wound"),), "miss"), tuple(wmods)


def roll_hits(dice: DiceSource, v: Volley, *, prefix: str = "", label: str = "") -> Step:
    """Roll the volley's hit dice."""
    return roll_test(dice, v.hit, id=f"{prefix}hit", label=prefixed(label, "Hit roll"), n=v.n,
                     base=v.base, base_label=v.base_label, modifiers=v.hit_mods,
                     success="hit", failure="miss", note=v.note)


def roll_wounds(dice: DiceSource, v: Volley, hits: int, *, prefix: str = "",
                label: str = "") -> Step:
    """One wound die per hit, read against the bands."""
    return roll_bands(dice, v.wound, id=f"{prefix}wound", label=prefixed(label, "Wound roll"),
                      n=hits,
                      modifiers=v.wound_mods, highlight=("wound",),
                      note=msg("one die per hit ({n}); Damage {damage}", n=hits,
                               damage=v.wound.thresholds[-1][0]))


def roll_volley(dice: DiceSource, v: Volley, *, prefix: str = "", label: str = ""
                ) -> tuple[Step, Step]:
    """Roll the hit dice, then one wound die per hit."""
    hit = roll_hits(dice, v, prefix=prefix, label=label)
    return hit, roll_wounds(dice, v, hit.count("hit"), prefix=prefix, label=label)


def _code(ctx: Context, label: str, base: int) -> int:
    """A hit's wound-die band packed as wounds × base + suppressions (§4.4, §4.A-2)."""
    from_hit, from_band = suppression_sources(ctx)
    return int(label == "wound") * base + int(from_hit) + \
        int(from_band and label == "suppression")


def _per_die(ctx: Context, v: Volley, levels: Sequence[int] = ()) -> tuple[dict[int, int], int]:
    """One hit die's (wounds, suppressions) packed as wounds × base + suppressions, with
    integer weights: a miss, or a hit and its own wound die's band (§4.4, §4.A-2).
    `base` exceeds the most suppressions a volley can give, so sums unpack exactly.

    With `levels` (the cover of each man a hit may fall on, each as likely: one
    allocation die per hit) the wound die is the even mixture of those men's bands; one
    level, or all the same, gives exactly the single-cover weights."""
    base = 2 * v.n + 1
    hit = success_die(v.hit)
    kinds: Counter[int | None] = Counter(levels) if len(set(levels)) > 1 else \
        Counter({levels[0] if levels else None: 1})
    wounds = [(band_die(v.wound if lv is None else v.at_cover(lv).wound), k)
              for lv, k in kinds.items()]
    den = math.lcm(*(w.denominator() for w, _ in wounds))
    total = sum(k for _, k in wounds)
    weights: dict[int, int] = {}
    if hit.quantity(0):
        weights[0] = hit.quantity(0) * den * total
    for wound, k in wounds:
        scale = den // wound.denominator() * k
        for label, q in wound.items():
            code = _code(ctx, label, base)
            weights[code] = weights.get(code, 0) + hit.quantity(1) * q * scale
    return weights, base


def volley_odds(ctx: Context, v: Volley, levels: Sequence[int] = ()
                ) -> dict[tuple[int, int], Fraction]:
    """Exact joint {(wounds, suppressions inflicted before the cap): probability}.

    The hit dice are independent (each hit rolls its own wound die, on a man picked by
    its own allocation die), so the volley is `n @` one die's packed outcome: icepool
    sums plain integers, unpacked at the end. `levels`: as `_per_die`."""
    if v.n == 0:
        return {(0, 0): Fraction(1)}
    weights, base = _per_die(ctx, v, levels)
    packed = v.n @ icepool.Die(weights)
    den = packed.denominator()
    return {divmod(int(o), base): Fraction(q, den) for o, q in packed.items()}


def ordered_volley_die(ctx: Context, v: Volley, order: Sequence[int]) -> icepool.Die:
    """The packed (wounds × base + suppressions) outcome of a volley whose k-th hit falls
    on the man of cover order[k mod len(order)] (hit_allocation = open_first): the
    mixture over the number of hits K of the sum of the first K hits' wound dice."""
    base = 2 * v.n + 1
    hits = successes(v.n, v.hit)
    per_level = {}
    for lv in set(order):
        weights: Counter[int] = Counter()
        for lab, q in band_die(v.at_cover(lv).wound).items():
            weights[_code(ctx, lab, base)] += q  # a miss and the band may pack alike
        per_level[lv] = icepool.Die(dict(weights))
    sums = [icepool.Die([0])]
    for k in range(v.n):
        sums.append(sums[-1] + per_level[order[k % len(order)]])
    ks = [k for k in range(v.n + 1) if hits.quantity(k)]
    return icepool.Die([sums[k] for k in ks], times=[hits.quantity(k) for k in ks])


def volley_marginals(ctx: Context, v: Volley, levels: Sequence[int] = ()
                     ) -> tuple[icepool.Die, icepool.Die]:
    """(wounds, suppressions inflicted) of a volley, each exact: sums over the dice of
    one die's wounds / suppressions, without building the joint. `levels`: as
    `_per_die`."""
    if v.n == 0:
        zero = icepool.Die([0])
        return zero, zero
    weights, base = _per_die(ctx, v, levels)
    wounds: dict[int, int] = {}
    supp: dict[int, int] = {}
    for code, q in weights.items():
        w, s = divmod(code, base)
        wounds[w] = wounds.get(w, 0) + q
        supp[s] = supp.get(s, 0) + q
    return sum_of(v.n, icepool.Die(wounds)), sum_of(v.n, icepool.Die(supp))


class Shoot(IHAction):
    """§4.4: RoF d10 per AP ≤ Accuracy; each hit a wound die against Damage − cover."""

    id = "shoot"
    label = "Shoot"
    doc = ("RoF × d10 per AP spent (1–3), hit on d10 ≤ Accuracy (beyond Range to 2R only "
           "a natural 1, further no shot); each hit a wound die: ≤ Damage − cover wounds, "
           "up to Damage suppresses. A squad target takes its hits at random (a die), "
           "each read against the cover of the man it falls on.")
    ap_cost = 1
    roles = (Role("actor"), Role("target", required=False, label="target (one man)"),
             Role("targets", required=False, label="squad members"),
             Role("weapon", required=False, label="weapon (default: the first carried)"))
    facts = ("distance_m", "cover", MEMBER_COVER, "range_band", "los", "side_struck")
    steps = ("hit", "wound", "damage")
    options = (
        Option(
            "volleys", "AP spent shooting", "int", 1, minimum=1, maximum=3,
            reason="§4.4-2: 1 AP = one volley of the full RoF"),
        Option(
            "sniper", "Sniper rifle", "bool", False, modifier=2, steps=("hit",),
            reason="§4.17 bonus, value not given (§8-9)", proposed=True),
        Option(
            "squad", "Fire at the target's squad", "bool", False,
            reason="§4.4-7: hits fall at random among the squad (units sharing the "
                   "target's parent)"),
        Option(
            "moved", "Moved this turn", "bool", False,
            reason="weapons 'usable only by a stationary character' (§4.2-2)"),
    )

    def range_band(self, ctx: Context) -> str:
        """The range zone of the weapon used at the context's distance."""
        return range_zone(ctx, weapon_of(ctx, given=ctx.weapon)[1])

    def _members(self, ctx: Context) -> list[Unit]:
        members = list(ctx.targets)
        t = ctx.target
        if t is not None and ctx.option("squad") and not members and ctx.game is not None:
            members = [u for u in ctx.game.units
                       if u.side == t.side and (u.id == t.id or
                                                (t.parent is not None and u.parent == t.parent))]
        if t is not None and all(u.id != t.id for u in members):
            members.insert(0, t)
        if not members:
            raise SchemaError("shoot.target: required (a target or squad members)")
        return members

    def _card(self, ctx: Context, members: list[Unit], w: Mapping[str, Any]) -> dict | None:
        """The target's vehicle card when the shot is at a vehicle (§4.16): only a weapon
        with armour piercing (anti-tank weapons, rifle grenades) can hurt it."""
        cards = [vehicle_card(ctx, u) for u in members]
        if not any(c is not None for c in cards):
            return None
        if len(members) > 1:
            raise Refused(msg("targets: a vehicle is shot at on its own, not among squad "
                              "members"))
        if w.get("armour_piercing") is None:
            raise Refused(msg("target: {target} is an armoured vehicle and the {weapon} has "
                              "no armour piercing (§3.2): only anti-tank weapons and rifle "
                              "grenades can hurt it (§4.16)", target=members[0].label,
                              weapon=w["name"]))
        return cards[0]

    def _plan(self, ctx: Context
              ) -> tuple[Volley, list[Unit], Mapping[str, Any], int, dict | None]:
        members = self._members(ctx)
        _, w = weapon_of(ctx, given=ctx.weapon)
        card = self._card(ctx, members, w)
        if ctx.facts.los is False:
            raise Refused(msg("no line of sight: the target is hidden — roll Detect first "
                              "(§4.3)"), argument="facts.los")
        if w.get("stationary_only") and ctx.option("moved"):
            raise Refused(msg("{weapon} can be used only by a stationary character",
                              weapon=w["name"]))
        volleys = ctx.option("volleys")
        if w.get("single_shot"):
            if volleys > 1:
                raise Refused(msg("{weapon} can be fired only once", weapon=w["name"]))
            fired = (ctx.actor.state.get("single_shot_fired") or {}).get(
                ctx.weapon_id or w["name"])
            if fired is not None and fired == current_turn(ctx):
                raise Refused(msg("{weapon} was already fired this turn (§3.2: once a "
                                  "turn, PROPOSED)", weapon=w["name"]))
        zone = range_zone(ctx, w)
        if zone == "out":
            limit = "Range" if ctx.rule("range_zones") == "range_only" else "2 × Range"
            raise Refused(msg("target beyond {limit} of the {weapon} (Range {range} m): no "
                              "shot", limit=limit, weapon=w["name"],
                              range=f"{w['range_m']:g}"))
        rof = w["rate_of_fire"]
        n = rof if ctx.rule("rof_unit") == "per_turn" else rof * volleys
        note = (msg("RoF {rof} per turn", rof=rof) if ctx.rule("rof_unit") == "per_turn"
                else msg("{ap} AP × RoF {rof} = {n} dice", ap=volleys, rof=rof, n=n))
        covers = member_covers(ctx, members) if card is None else ()
        v = plan_volley(ctx, ctx.profile(), w, n=n, cover_level=ctx.fact("cover"),
                        zone=zone, hit_mods=ctx.modifiers("hit"),
                        wound_mods=ctx.modifiers("wound"), note=note, member_covers=covers)
        return v, members, w, volleys, card

    def _armour_hit(self, ctx: Context, target: Unit, card: dict, w: Mapping[str, Any]
                    ) -> ArmourHit:
        """One hit of the weapon on the vehicle: its armour piercing against the AV of the
        location struck (no tank-gun range bands: the weapon's own zones decided the hit)."""
        return plan_armour_hit(ctx, target, card, side_struck(ctx, card),
                               penetration=int(w["armour_piercing"]),
                               damage_modifier=int(w.get("damage_modifier", 0)),
                               what=msg("{weapon} armour piercing", weapon=w))

    def _resolve_vehicle(self, ctx: Context, dice: DiceSource, v: Volley, target: Unit,
                         card: dict, w: Mapping[str, Any], volleys: int) -> Resolution:
        hit = roll_hits(dice, v)
        steps: list[Step] = [hit]
        effects: list[Effect] = []
        notes = []
        k = hit.count("hit")
        for i in range(k):
            prefix, label = (f"hit{i + 1}-", msg("Hit {i}: ", i=i + 1)) if k > 1 else ("", "")
            more, note = roll_armour_hit(ctx, dice, self._armour_hit(ctx, target, card, w),
                                         steps, prefix=prefix, label=label)
            effects += more
            notes.append(note)
            target = state_after(target, more)
        effects += self._spent(ctx, w, volleys)
        summary = join("; ", notes) if notes else "miss"
        return ctx.resolution(steps, effects, summary)

    def cost_of(self, ctx: Context) -> Cost:
        """1 AP per volley (§4.4-2), or 1 AP whatever the volleys under rof_unit = per_turn
        (§4.A-9); the weapon is recorded in the ledger. Charged by the turn contract."""
        ap = 1 if ctx.rule("rof_unit") == "per_turn" else int(ctx.option("volleys"))
        return Cost(ap=ap, uses_weapon=True, reason="§4.4-2: 1 AP = one volley")

    def _spent(self, ctx: Context, w: Mapping[str, Any], volleys: int) -> list[Effect]:
        """A single-shot weapon marked fired this turn (its AP are the declared Cost)."""
        out: list[Effect] = []
        turn = current_turn(ctx)
        if w.get("single_shot") and turn is not None:
            fired = dict(ctx.actor.state.get("single_shot_fired") or {})
            fired[ctx.weapon_id or w["name"]] = turn
            out.append(SetState(ctx.actor.id, "single_shot_fired", fired))
        return out

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        v, members, w, volleys, card = self._plan(ctx)
        if card is not None:
            return self._resolve_vehicle(ctx, dice, v, members[0], card, w, volleys)
        hit = roll_hits(dice, v)
        steps = [hit]
        k = hit.count("hit")
        alloc = self._allocate(ctx, dice, v, members, k, steps)
        results = self._roll_wounds(dice, v, members, alloc, steps)
        effects, summary = self._effects(ctx, v, members, w, alloc, results)
        effects += self._spent(ctx, w, volleys)
        return ctx.resolution(steps, effects, summary)

    def _allocate(self, ctx: Context, dice: DiceSource, v: Volley, members: list[Unit],
                  k: int, steps: list[Step]) -> list[int]:
        """The member index each of the `k` hits falls on (§4.4-7): one d(men) per hit,
        or under hit_allocation = open_first the least covered men first, in turn."""
        if len(members) < 2 or not k:
            return [0] * k
        if ctx.rule("hit_allocation") == "open_first":
            order = open_first_order(v.covers)
            alloc = [order[j % len(order)] for j in range(k)]
            steps.append(Step("allocate", "Hit allocation", (),
                              results=tuple(members[i].id for i in alloc),
                              outcome=", ".join(f"{members[i].label}" for i in alloc),
                              note=msg("the shooter's choice: least cover first, one hit "
                                       "each in turn (hit_allocation = open_first, "
                                       "PROPOSED): {members}",
                                       members=", ".join(f"{members[i].label} (cover "
                                                         f"{v.covers[i]})" for i in order))))
            return alloc
        rec = draw(dice, Die(len(members)), k, label="Hit allocation")
        alloc = [f - 1 for f in rec.faces]
        steps.append(Step("allocate", "Hit allocation", (rec,),
                          results=tuple(members[i].id for i in alloc),
                          outcome=", ".join(f"{members[i].label}" for i in alloc),
                          note=msg("one d{sides} per hit: {members}", sides=len(members),
                                   members=", ".join(f"{j + 1} = {u.label}"
                                                     for j, u in enumerate(members)))))
        return alloc

    def _roll_wounds(self, dice: DiceSource, v: Volley, members: list[Unit],
                     alloc: list[int], steps: list[Step]) -> list[str]:
        """One wound die per hit against the cover of the man it fell on (§4.4-4): one
        step when those men share one cover (as for a single target), else one step per
        cover level, in the order the hits fell. Returns each hit's band, in hit order."""
        levels = [v.covers[a] for a in alloc] if v.covers else []
        kinds = list(dict.fromkeys(levels))
        if len(kinds) <= 1:
            wound = roll_wounds(dice, v.at_cover(kinds[0]) if kinds else v, len(alloc))
            steps.append(wound)
            return list(wound.results)
        results: list[str] = [""] * len(alloc)
        for lv in kinds:
            idx = [j for j, level in enumerate(levels) if level == lv]
            who = ", ".join(dict.fromkeys(members[alloc[j]].label for j in idx))
            step = roll_wounds(dice, v.at_cover(lv), len(idx), prefix=f"cover{lv}-",
                               label=msg("Cover {n} ({who}): ", n=lv, who=who))
            steps.append(step)
            for j, r in zip(idx, step.results, strict=True):
                results[j] = r
        return results

    def _effects(self, ctx: Context, v: Volley, members: list[Unit], w: Mapping[str, Any],
                 alloc: list[int], results: Sequence[str]) -> tuple[list[Effect], str]:
        from_hit, from_band = suppression_sources(ctx)
        effects: list[Effect] = []
        notes = []
        tot_w = tot_s = 0
        for i, u in enumerate(members):
            mine = [r for a, r in zip(alloc, results, strict=True) if a == i]
            if not mine:
                continue
            wounds = mine.count("wound")
            supp = len(mine) * from_hit + mine.count("suppression") * from_band
            e, _ = suppression_effects(ctx, u, supp, w.get("morale_modifier", 0))
            we, note = wound_effects(ctx, u, wounds)
            effects += e + we
            tot_w += wounds
            tot_s += supp
            if note:
                notes.append(note)
        summary = msg("{n} hits, {w} wounds, {s} suppression", n=len(alloc), w=tot_w, s=tot_s)
        if notes:
            summary = msg("{summary} — {notes}", summary=summary, notes=join("; ", notes))
        return effects, summary

    def _vehicle_odds(self, ctx: Context, v: Volley, target: Unit, card: dict,
                      w: Mapping[str, Any]) -> OutcomeDistribution:
        """Exact odds of the worst result over the volley's hits: each hit's damage reads
        +1 per earlier penetration, so the programme runs over (penetrations, worst)."""
        order = ["miss", "no penetration", *DAMAGE_ORDER]
        rank = {o: i for i, o in enumerate(order)}
        p = p_test(v.hit)
        prev = int(target.state.get("penetrations", 0))
        per_hit: dict[int, Counter] = {}
        states: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
        for _ in range(v.n):
            nxt: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
            for (pens, worst), q in states.items():
                nxt[(pens, worst)] += q * (1 - p)
                if pens not in per_hit:
                    now = replace(target, state={**target.state, "penetrations": prev + pens})
                    per_hit[pens] = armour_hit_odds(self._armour_hit(ctx, now, card, w))
                for lab, r in per_hit[pens].items():
                    key = (pens + (lab != "no penetration"), max(worst, rank[lab]))
                    nxt[key] += q * p * r
            states = nxt
        out: dict[str, Fraction] = defaultdict(Fraction)
        for (_, worst), q in states.items():
            out[order[worst]] += q
        return OutcomeDistribution("worst result", tuple((o, out[o]) for o in order), {
            "hits": distribution("hits", successes(v.n, v.hit), order=range(v.n + 1))})

    def odds(self, ctx: Context) -> OutcomeDistribution:
        v, members, w, _, card = self._plan(ctx)
        if card is not None:
            return self._vehicle_odds(ctx, v, members[0], card, w)
        if len(members) > 1 and ctx.rule("hit_allocation") == "open_first":
            order = [v.covers[i] for i in open_first_order(v.covers)]
            packed = ordered_volley_die(ctx, v, order)
            base = 2 * v.n + 1
            wounds, supp = packed.map(lambda o: o // base), packed.map(lambda o: o % base)
        else:
            wounds, supp = volley_marginals(ctx, v, v.covers)
        hits = successes(v.n, v.hit)
        return distribution("wounds", wounds, order=range(v.n + 1), parts={
            "hits": distribution("hits", hits, order=range(v.n + 1)),
            "suppression": distribution("suppression inflicted", supp,
                                        order=range(2 * v.n + 1))})


class Detect(IHAction):
    """§4.3: a free d10 ≤ 3 ± T&E, at most once per turn per character."""

    id = "detect"
    label = "Detect hidden shooter"
    kind = "test"
    doc = ("Free, once per turn: d10 ≤ 3 ± T&E spots a shooter whose direction is not "
           "obvious; against camouflage −1 per level, one roll for the whole squad (§4.17).")
    ap_cost = 0
    roles = (Role("actor"), Role("target", required=False, label="the hidden shooter"),
             Role("targets", required=False, label="his squad"))
    steps = ("detect",)
    options = (
        Option("camouflage", "Camouflage level of the hidden unit", "int", 0, minimum=0,
               maximum=4, proposed=True,
               reason="§4.17, §8-18: woods and bushes camouflage; −1 per level (PROPOSED)"),
        Option("squad", "One roll for the target's whole squad", "bool", True,
               reason="§4.17: detection is rolled for the whole squad, not per man"),
    )

    def _test(self, ctx: Context) -> tuple[Test, list[Modifier], int]:
        base = rn("detection.base")
        mods = te_modifiers(ctx, ctx.profile().get("training_experience", 0))
        camo = ctx.option("camouflage")
        if camo:
            mods.append(Modifier(f"camouflage {camo}", -camo, "−1 per level (§8-18)",
                                 proposed=True))
        mods += ctx.modifiers("detect")
        return stat_test(ctx, base, mods), mods, base

    def _spotted(self, ctx: Context) -> list[Unit]:
        """Who the roll uncovers: the target, with his squad (units sharing his parent, or
        the targets given) when the squad is rolled for as one (§4.17)."""
        t = ctx.target
        members = list(ctx.targets)
        if t is not None and all(u.id != t.id for u in members):
            members.insert(0, t)
        if t is not None and ctx.option("squad") and not ctx.targets and ctx.game is not None \
                and t.parent is not None:
            members += [u for u in ctx.game.units if u.side == t.side and u.id != t.id
                        and u.parent == t.parent]
        return members

    def _used(self, ctx: Context) -> bool:
        turn = current_turn(ctx)
        return turn is not None and ctx.actor.state.get("detect_turn") == turn

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        if self._used(ctx):
            raise Refused(DETECTED_ALREADY)
        test, mods, base = self._test(ctx)
        step = roll_test(dice, test, id="detect", label="Detection roll", base=base,
                         base_label="Detection difficulty", modifiers=mods,
                         success="detected", failure="not detected")
        turn = current_turn(ctx)
        effects: list[Effect] = [SetState(ctx.actor.id, "detect_turn", turn)] \
            if turn is not None else []
        who = ctx.target.label if ctx.target else "the shooter"
        spotted = self._spotted(ctx)
        if step.count("detected"):
            effects += [SetState(u.id, "detected", {"by": ctx.actor.side, "turn": turn})
                        for u in spotted]
            if len(spotted) > 1:
                who = msg("{who} and {n} of his squad", who=who, n=len(spotted) - 1)
        text = msg("{who} detected: may be fired on", who=who) if step.count("detected") \
            else msg("{who} not detected", who=who)
        return ctx.resolution([step], effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        if self._used(ctx):
            raise Refused(DETECTED_ALREADY)
        test, _, _ = self._test(ctx)
        return distribution("detection", successes(1, test).map(
            lambda k: "detected" if k else "not detected"), order=["detected", "not detected"])
