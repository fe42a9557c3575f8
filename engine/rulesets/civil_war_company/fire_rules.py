"""Infantry, cavalry and machine-gun fire (§4.1, §4.8): plan, roll, price.

A volley is planned once (`plan_fire`: the hit dice grouped by range band, each group's
hit, result and cover Tests with their modifiers) and both rolled (`roll_fire`) and priced
(`fire_odds`) from that plan, so the exact odds and the roll cannot disagree. Every hit die
runs its own chain (hit → result → cover), so one die ends as a miss, a Retreat result, a
Terror marker or a platoon lost, and the volley is the sum of independent dice.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import icepool

from engine.dice import D6, DiceSource, Test
from engine.i18n import Text, msg
from engine.odds import OutcomeDistribution, distribution, success_die, sum_of
from engine.options import Modifier
from engine.protocol import Step, info_step, make_test, roll_test
from geometry.ranges import RangeBand, RangeScheme

from .data import rule_number
from .modifiers import (
    BANDS,
    Shooter,
    Target,
    cover_is_automatic,
    cover_modifiers,
    hit_modifiers,
    result_modifiers,
)

__all__ = ["FireGroup", "FirePlan", "Volley", "range_scheme", "band_of", "plan_fire",
           "roll_fire", "fire_die", "fire_odds", "OUTCOMES"]

#: What one hit die ends as.
OUTCOMES = ("miss", "retreat", "terror", "lost")


@functools.lru_cache(maxsize=256)
def range_scheme(range_in: float, machine_gun: bool = False) -> RangeScheme:
    """Range in thirds (§6.2): short ≤ ⅓, long > ⅓, extreme > ⅔ up to the range. "More
    than" is exclusive, so exactly ⅓ is still short. A machine gun cannot fire at extreme
    range (§4.8-3), so its scheme stops at ⅔."""
    r = float(range_in)
    bands = [RangeBand("short", r / 3, msg('≤ {max}" (⅓ range)', max=f"{r / 3:.4g}"),
                       msg("no modifier")),
             RangeBand("long", 2 * r / 3, msg('≤ {max}" (> ⅓ range)', max=f"{2 * r / 3:.4g}"),
                       msg("−1 hit"), modifier=-1)]
    if not machine_gun:
        bands.append(RangeBand("extreme", r, msg('≤ {max}" (> ⅔ range)', max=f"{r:.4g}"),
                               msg("−2 hit (with long), −1 result, −1 cover"), modifier=-2))
    return RangeScheme("civil-war-company-mg" if machine_gun else "civil-war-company", "in",
                       tuple(bands))


def band_of(distance_in: float, range_in: float, machine_gun: bool = False) -> str:
    """"short" / "long" / "extreme", or "out" beyond the range (for an MG beyond ⅔)."""
    b = range_scheme(range_in, machine_gun).band_for(distance_in)
    return "out" if b is None else b.name


@dataclass(frozen=True, slots=True)
class FireGroup:
    """The hit dice of one range band with their three Tests (cover None = automatic)."""

    band: str
    n: int
    hit: Test
    hit_mods: tuple[Modifier, ...]
    result: Test
    result_mods: tuple[Modifier, ...]
    cover: Test | None
    cover_mods: tuple[Modifier, ...]


@dataclass(frozen=True, slots=True)
class FirePlan:
    """A planned volley: its groups, the FIRE it rolls under and how many stands the
    target has (losses beyond them are not counted)."""

    fire: int
    groups: tuple[FireGroup, ...]
    target_stands: int
    note: str = ""
    fire_label: str = "FIRE"

    @property
    def dice(self) -> int:
        return sum(g.n for g in self.groups)


@dataclass(frozen=True, slots=True)
class Volley:
    """A rolled volley: its steps and what its dice came to."""

    steps: tuple[Step, ...]
    hits: int
    retreats: int
    terror: int
    lost: int          # platoons destroyed, at most the target's stands


def plan_fire(shooter: Shooter, target: Target, dice_by_band: Mapping[str, int],
              rules: Mapping[str, Any], *, distance_in: float | None = None,
              target_stands: int = 99, hit_extra: Sequence[Modifier] = (),
              result_extra: Sequence[Modifier] = (), cover_extra: Sequence[Modifier] = (),
              note: str = "", fire_label: str = "FIRE") -> FirePlan:
    """The volley of `dice_by_band` hit dice ({"long": 5}) at `target`."""
    groups = []
    close = shooter.kind == "machine_gun" and distance_in is not None and \
        distance_in <= rule_number("machine_gun.close_in")
    for band in BANDS:
        n = int(dice_by_band.get(band, 0))
        if n <= 0:
            continue
        hm = hit_modifiers(shooter, target, band, distance_in, rules) + list(hit_extra)
        rm = result_modifiers(target, band, rules, mg_close=close) + list(result_extra)
        cm = cover_modifiers(target, band, rules) + list(cover_extra)
        cover = None if cover_is_automatic(target, rules) else \
            make_test(D6, rule_number("fire.cover_base"), cm)
        groups.append(FireGroup(band, n, make_test(D6, shooter.fire, hm), tuple(hm),
                                make_test(D6, rule_number("fire.result_base"), rm),
                                tuple(rm), cover, tuple(cm)))
    return FirePlan(shooter.fire, tuple(groups), target_stands, note, fire_label)


def _sid(base: str, g: FireGroup, plan: FirePlan, prefix: str) -> str:
    return f"{prefix}{base}" if len(plan.groups) == 1 else f"{prefix}{base}.{g.band}"


def _glabel(what: str, g: FireGroup, plan: FirePlan, label: str) -> Text:
    if len(plan.groups) > 1:
        return msg("{prefix}{roll} ({band} range)", prefix=label, roll=what, band=g.band)
    return msg("{prefix}{roll}", prefix=label, roll=what)


def _automatic(test: Test | None) -> bool:
    return test is None or test.target >= 6


def roll_fire(dice: DiceSource, plan: FirePlan, *, prefix: str = "", label: str = "",
              result_failure: str = "retreat") -> Volley:
    """Hit dice ≤ FIRE + mods; each hit re-rolled ≤ 4 + mods (a failure is a Retreat
    result); each success re-rolled for cover ≤ 6 + mods (a failure is a Terror marker,
    a success a platoon lost). All hit dice are rolled first, then the results, then the
    covers, as the players do. A cover roll whose target is 6 or more is automatic and
    rolls nothing (L6, §4.A-10)."""
    hits = [roll_test(dice, g.hit, id=_sid("hit", g, plan, prefix),
                      label=_glabel("Hit roll", g, plan, label), n=g.n, base=plan.fire,
                      base_label=plan.fire_label, modifiers=g.hit_mods, success="hit",
                      failure="miss",
                      note=plan.note if g is plan.groups[0] else "")
            for g in plan.groups]
    results = [roll_test(dice, g.result, id=_sid("result", g, plan, prefix),
                         label=_glabel("Result roll", g, plan, label), n=h.count("hit"),
                         base=rule_number("fire.result_base"), base_label="base",
                         modifiers=g.result_mods, success="success",
                         failure=result_failure,
                         note=msg("one die per hit ({hits})", hits=h.count("hit")))
               for g, h in zip(plan.groups, hits, strict=True)]
    covers: list[Step] = []
    lost = 0
    for g, r in zip(plan.groups, results, strict=True):
        k = r.count("success")
        sid, lab = _sid("cover", g, plan, prefix), _glabel("Cover roll", g, plan, label)
        if _automatic(g.cover):
            covers.append(info_step(
                sid, lab, msg("automatic: {n} × destroyed", n=k) if k else "no dice",
                modifiers=g.cover_mods,
                note="neither prone nor in cover: every cover roll succeeds (L6)"
                if g.cover is None else
                msg("neither prone nor in cover (d6 ≤ {target}): every cover roll succeeds "
                    "(L6)", target=g.cover.target)))
            lost += k
        else:
            covers.append(roll_test(dice, g.cover, id=sid, label=lab, n=k,
                                    base=rule_number("fire.cover_base"), base_label="base",
                                    modifiers=g.cover_mods, success="destroyed",
                                    failure="terror",
                                    note=msg("one die per success ({successes})",
                                             successes=k)))
            lost += covers[-1].count("destroyed")
    n_hits = sum(h.count("hit") for h in hits)
    retreats = sum(r.count(result_failure) for r in results)
    terror = sum(c.count("terror") for c in covers)
    steps = tuple(hits) + tuple(results) + tuple(covers)
    return Volley(steps, n_hits, retreats, terror, min(lost, plan.target_stands))


def _q(test: Test | None) -> tuple[int, int, int]:
    """(failures, successes, denominator) of one test as integer weights."""
    if test is None:
        return 0, 1, 1
    d = success_die(test)
    return d.quantity(0), d.quantity(1), d.denominator()


def fire_die(g: FireGroup) -> dict[str, int]:
    """One hit die's outcome (OUTCOMES) with integer weights."""
    h0, h1, hd = _q(g.hit)
    r0, r1, rd = _q(g.result)
    c0, c1, cd = _q(None if _automatic(g.cover) else g.cover)
    return {"miss": h0 * rd * cd, "retreat": h1 * r0 * cd, "terror": h1 * r1 * c0,
            "lost": h1 * r1 * c1}


def _packed(plan: FirePlan) -> tuple[icepool.Die, int]:
    """The volley as one integer die: lost × B² + terror × B + retreats."""
    base = plan.dice + 1
    code = {"miss": 0, "retreat": 1, "terror": base, "lost": base * base}
    total = icepool.Die([0])
    for g in plan.groups:
        w: dict[int, int] = {}
        for k, q in fire_die(g).items():
            if q:
                w[code[k]] = w.get(code[k], 0) + q
        total = total + g.n @ icepool.Die(w)
    return total, base


def fire_odds(plan: FirePlan, label: str = "platoons lost") -> OutcomeDistribution:
    """Exact distribution of the platoons lost, with the Retreat results, the Terror
    markers and the hits as parts."""
    if plan.dice == 0:
        zero = icepool.Die([0])
        return distribution(label, zero, order=range(1),
                            parts={"retreat results": distribution("retreat results", zero)})
    packed, base = _packed(plan)
    cap = plan.target_stands
    lost = packed.map(lambda c: min(int(c) // (base * base), cap))
    terror = packed.map(lambda c: (int(c) // base) % base)
    retreat = packed.map(lambda c: int(c) % base)
    hits = icepool.Die([0])
    for g in plan.groups:
        hits = hits + sum_of(g.n, success_die(g.hit))
    n = plan.dice
    return distribution(label, lost, order=range(min(n, cap) + 1), parts={
        "retreat results": distribution("retreat results", retreat, order=range(n + 1)),
        "terror markers": distribution("terror markers", terror, order=range(n + 1)),
        "hits": distribution("hits", hits, order=range(n + 1))})
