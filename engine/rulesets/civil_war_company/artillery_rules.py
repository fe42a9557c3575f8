"""Artillery fire (§4.7, §5.5–5.7) as pure functions: the accuracy and its modifiers, the
scatter (d6 − accuracy), and each stand's Tests under the template — a direct hit goes
straight to the cover roll, every other stand rolls for result (two dice for heavy guns,
§4.A-7), every success for cover. `shot_odds` prices the stands' dice exactly from the same
Tests.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from engine.dice import D6, Test
from engine.i18n import msg
from engine.odds import OutcomeDistribution, distribution, success_weights
from engine.options import Modifier
from engine.protocol import make_test

from .data import modifier as m
from .data import rule_number
from .modifiers import Target, cover_modifiers, result_modifiers

__all__ = ["Aim", "crew_accuracy", "accuracy_modifiers", "accuracy_of", "scatter_in",
           "StandPlan", "plan_stand", "stand_die", "shot_lost_die", "lost_weights",
           "stand_lost", "shot_odds", "scatter_odds"]


@dataclass(frozen=True, slots=True)
class Aim:
    """What the accuracy list asks (§5.5): distance to the aim point, whether it is in
    direct view, the battery's earlier shots at that point, and its state."""

    distance_in: float
    in_view: bool = True
    earlier_at_point: int = 0
    under_fire: bool = False
    moving_target: bool = False
    gun_range_in: float = 48.0


def crew_accuracy(quality: str) -> int:
    """poor 1, normal 2, good 3 (§4.7-2)."""
    return int(rule_number(f"artillery.accuracy_{quality}"))


def accuracy_modifiers(a: Aim, rules: Mapping[str, Any]) -> list[Modifier]:
    out: list[Modifier] = []
    if not a.in_view:
        out.append(m("acc_indirect_first") if a.earlier_at_point == 0
                   else m("acc_indirect_later"))
    if a.under_fire:
        out.append(m("acc_under_fire"))
    if rules.get("ranged_in", "within_radius") == "within_radius" and \
            a.earlier_at_point + 1 >= rule_number("artillery.ranged_in_from_shot"):
        out.append(m("acc_ranged_in", note=msg("shot {n} at this point",
                                               n=a.earlier_at_point + 1)))
    if a.in_view and a.distance_in <= rule_number("artillery.direct_fire_in"):
        out.append(m("acc_direct_fire"))
    per = rule_number("artillery.per_distance_in")
    if rules.get("per_18in_rounding", "floor") == "ceil":
        k = math.ceil(a.distance_in / per - 1e-9)
    else:
        k = math.floor(a.distance_in / per + 1e-9)
    if k > 0:
        out.append(m("acc_per_18in", value=-k, note=msg('{distance:.1f}" → {n} × −1',
                                                        distance=a.distance_in, n=k)))
    if a.moving_target:
        out.append(m("acc_moving_target"))
    if rules.get("artillery_range", "per_18in") == "long_range_literal" and \
            a.distance_in > a.gun_range_in / 3:
        out.append(m("acc_long_range_literal"))
    return out


def accuracy_of(quality: str, mods: Sequence[Modifier], rules: Mapping[str, Any]) -> int:
    acc = crew_accuracy(quality) + sum(x.value for x in mods)
    if rules.get("negative_accuracy", "lengthens") == "floor_zero":
        acc = max(0, acc)
    return acc


def scatter_in(face: int, accuracy: int) -> int:
    """Scatter = d6 − accuracy inches; 0 or less: on target (PROPOSED, §4.A-6)."""
    return max(0, face - accuracy)


def scatter_odds(accuracy: int) -> OutcomeDistribution:
    """The scatter distance's odds: a d6's faces counted by `scatter_in`."""
    faces = Counter(scatter_in(f, accuracy) for f in D6.faces)
    return OutcomeDistribution("scatter (inches)", tuple(
        (k, Fraction(n, D6.sides)) for k, n in sorted(faces.items())))


@dataclass(frozen=True, slots=True)
class StandPlan:
    """One stand under the template: direct hit or not, its result Test (and how many
    dice), its cover Test (None: automatic) and the modifiers behind them."""

    stand: str
    company: str
    direct: bool
    result: Test | None
    result_dice: int
    result_mods: tuple[Modifier, ...]
    cover: Test | None
    cover_mods: tuple[Modifier, ...]


def plan_stand(stand: str, company: str, target: Target, *, direct: bool, band: str,
               gun_class: str, area: bool, mortar: bool, rules: Mapping[str, Any]
               ) -> StandPlan:
    """The Tests of one stand (§4.7-3..5, §5.6, §5.7): every infantry result and cover
    modifier except the hit ones, plus the artillery's."""
    rm = result_modifiers(target, band, rules)
    if gun_class == "light":
        rm.append(m("art_result_light"))
    if area:
        rm.append(m("art_result_area"))
        if rules.get("area_fire_twice", "once") == "twice":
            rm.append(m("art_result_area", note="counted twice (§4.A-8 alternative)"))
    cm = cover_modifiers(target, band, rules)
    if gun_class in ("light", "medium"):
        cm.append(m("art_cover_light_medium"))
    elif gun_class == "heavy":
        cm.append(m("art_cover_heavy"))
    if mortar and target.in_woods and target.kind == "company":
        cm.append(m("art_cover_mortar_woods"))
    heavy = gun_class == "heavy"
    total = heavy and rules.get("heavy_result", "two_dice") == "2d6_total"
    n = rule_number("artillery.heavy_result_dice") if heavy and not total else 1
    result = None if direct else make_test(D6, rule_number("fire.result_base"), rm,
                                           dice=2 if total else 1)
    cover = make_test(D6, rule_number("fire.cover_base"), cm)
    return StandPlan(stand, company, direct, result, n, tuple(rm), cover, tuple(cm))


def _q(test: Test | None) -> tuple[int, int, int]:
    if test is None:
        return 0, 1, 1
    fail, ok = success_weights(test)
    return fail, ok, fail + ok


def stand_die(p: StandPlan, base: int) -> icepool.Die:
    """One stand's (lost ≤ 1) × base² + terror × base + failed results, exactly."""
    c0, c1, cd = _q(p.cover)
    if p.direct:
        return icepool.Die({base * base: c1, base: c0} if c0 else {base * base: c1})
    r0, r1, rd = _q(p.result)
    one = {1: r0 * cd, base: r1 * c0, base * base: r1 * c1}
    die = icepool.Die({k: q for k, q in one.items() if q})
    if p.result_dice > 1:
        die = p.result_dice @ die
    b2 = base * base
    return die.map(lambda c: min(int(c) // b2, 1) * b2 + int(c) % b2)


def shot_lost_die(plans: Sequence[StandPlan]) -> icepool.Die:
    """The stands destroyed by one shot whose template covers `plans`' stands, exactly
    (`lost_weights` of each stand's `stand_lost`)."""
    return icepool.Die(lost_weights([stand_lost(p) for p in plans]))


def lost_weights(stands: Sequence[dict[int, int]]) -> dict[int, int]:
    """How many of some stands are lost, as whole-number weights, from each stand's own
    chance of being lost (`stand_lost`; in the packed sum of `shot_odds` the Terror and
    failed digits below never carry into it), multiplied out one stand at a time instead
    of summing the packed dice, whose sums have many more outcomes. No stands: none lost."""
    weights = [1]
    for lost in stands:
        out = [0] * (len(weights) + max(lost))
        for i, a in enumerate(weights):
            for k, q in lost.items():
                out[i + k] += a * q
        weights = out
    return {k: q for k, q in enumerate(weights) if q}


def stand_lost(p: StandPlan) -> dict[int, int]:
    """Whether one stand is lost, as integer weights: a direct hit by its cover roll; else
    lost when any of its result dice succeeds and that die's cover roll fails to save
    (the top digit of `stand_die`, without the digits below)."""
    c0, c1, cd = _q(p.cover)
    if p.direct:
        lost = {0: c0, 1: c1}
    else:
        r0, r1, rd = _q(p.result)
        kept = (r0 * cd + r1 * c0) ** p.result_dice
        lost = {0: kept, 1: (rd * cd) ** p.result_dice - kept}
    return {k: q for k, q in lost.items() if q}


def shot_odds(plans: Sequence[StandPlan], label: str = "stands destroyed"
              ) -> OutcomeDistribution:
    """Exact distribution of the stands destroyed, with the Terror markers and the
    failed results (suppression tests) as parts."""
    n = len(plans)
    dice = sum(p.result_dice if not p.direct else 1 for p in plans)
    base = dice + 1
    total = icepool.Die([0])
    for p in plans:
        total = total + stand_die(p, base)
    lost = total.map(lambda c: int(c) // (base * base))
    terror = total.map(lambda c: (int(c) // base) % base)
    fails = total.map(lambda c: int(c) % base)
    return distribution(label, lost, order=range(n + 1), parts={
        "terror markers": distribution("terror markers", terror, order=range(base)),
        "failed results (suppression tests)": distribution(
            "failed results", fails, order=range(base))})
