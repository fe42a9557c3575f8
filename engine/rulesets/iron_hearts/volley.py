"""A volley (§4.4, snap fire §4.7-5) as a plan and its dice.

A volley is planned once (`plan_volley`: dice count, hit Test, wound Bands, modifiers)
and both rolled and priced from that plan, so the exact odds and the roll agree. The
range zone comes from the ruleset's schemes (ranges.py); the rules never measure.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import icepool

from engine.dice import D10, Bands, Comparison, DiceSource, Test
from engine.i18n import msg, prefixed
from engine.odds import (
    band_die,
    success_die,
    successes,
    sum_of,
)
from engine.options import Modifier, SchemaError, apply_modifiers
from engine.protocol import Context, Step, roll_bands, roll_test

from . import ranges
from .common import (
    rn,
    stat_test,
)

__all__ = ["Volley", "range_zone", "plan_volley", "roll_hits", "roll_wounds", "roll_volley",
           "volley_odds", "volley_marginals", "ordered_volley_die", "suppression_sources"]

LE = Comparison.LE
ZONES = ("effective", "beyond-range", "out")
SNAP_ZONES = ("snap", "out")


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
