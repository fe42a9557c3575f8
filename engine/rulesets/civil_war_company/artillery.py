"""The Artillery fire action (§4.7): place a 3" template (aimed, the stand under the hole
takes a direct hit) or a 5" one (area fire, no direct hit) at a point, scatter it by
d6 − accuracy in the direction die's bearing — both rolled inside the action — and roll
for every stand under it where it lands. Failed results give suppression tests, not
retreats; one shot of ammunition is spent.

With a board the landing point and the stands under the template are computed from the
rolled scatter; the player may instead enter them (facts under_template /
under_template_centre), as the CW-2 example gives them ("given by the text, not computed").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import Point

from engine.board_ops import APP_DIRECTION_DIE, ScatterRule, scatter_d6
from engine.dice import D6, DiceSource, draw
from engine.i18n import join, msg
from engine.measure import measure_pair, terrain_index
from engine.model import Effect
from engine.odds import OutcomeDistribution, distribution
from engine.options import Option, SchemaError
from engine.protocol import Context, Resolution, Role, Step, info_step, roll_test
from engine.scenario import Unit
from geometry.los import line_of_sight
from geometry.scatter import scatter_point

from . import board
from .artillery_rules import (
    Aim,
    StandPlan,
    accuracy_modifiers,
    accuracy_of,
    crew_accuracy,
    lost_weights,
    plan_stand,
    scatter_odds,
    shot_odds,
    stand_lost,
)
from .common import CWAction, Kind, Refused, ammo_effect, ammo_left, company, target_of
from .companies import Company, set_flag
from .consequences import resolve_aftermath, summary_of
from .data import guns, rule_number
from .fire_rules import band_of

__all__ = ["ArtilleryFire", "Shot"]


@dataclass(frozen=True, slots=True)
class Shot:
    """The planned shot before its dice: the battery, the accuracy and its modifiers."""

    battery: Company
    aim: Aim
    accuracy: int
    mods: tuple
    area: bool
    point: tuple[float, float] | None


def _earlier_at(c: Company, point: tuple[float, float] | None) -> int:
    if point is None:
        return int(c.value("shots_at_point", 0))
    r = rule_number("artillery.ranged_in_radius_in")
    pts = c.value("aim_points") or []
    return sum(1 for x, y in pts if math.hypot(x - point[0], y - point[1]) <= r + 1e-9)


def _in_view(ctx: Context, battery: Unit, point: tuple[float, float] | None) -> bool:
    given = ctx.facts.get("in_view")
    if given is not None:
        return bool(given)
    if ctx.game is None or point is None:
        return True
    spot = Point(point).buffer(0.05)
    los = line_of_sight(terrain_index(ctx.game.scenario), battery.polygon(), spot)
    return los.status != "blocked"


class ArtilleryFire(Kind, CWAction):
    """§4.7: template, scatter d6 − accuracy, result (no hit roll), cover."""

    kinds = ("battery",)
    audience = "batteries"
    id = "artillery_fire"
    label = "Artillery fire"
    doc = ("Aimed fire with the 3\" template (the stand under the hole: straight to cover) "
           "or area fire with the 5\" (no direct hit); scatter d6 − accuracy along the "
           "direction die; every stand under it rolls for result (heavy: 2 dice) and then "
           "cover; failed results give suppression tests; one shot of ammunition.")
    roles = (Role("actor", kind="unit", label="the battery"),
             Role("point", kind="point", required=False,
                  label="where the template's centre is placed"),
             Role("targets", kind="units", required=False,
                  label="stands under the template (no board)"))
    facts = ("distance_in",)
    steps = ("accuracy", "result", "cover")
    options = (
        Option("mode", "Fire mode", "choice", "aimed", choices=("aimed", "area"),
               reason="§4.7-1: aimed 3\" template, or area fire 5\""),
        Option("moving_target", "Target: moving vehicles / galloping cavalry", "bool", False,
               reason="§5.5: −1 accuracy"),
    )

    def _shot(self, ctx: Context) -> Shot:
        c = company(ctx, ctx.actor)
        if c.kind != "battery":
            raise Refused(msg("{company} is not a battery", company=c.name), argument="actor")
        left = ammo_left(c)
        if left is None:
            raise Refused(msg("{company}: poor supply — roll its ammunition first (§4.10)",
                              company=c.name), argument="state.ammo")
        if left <= 0:
            raise Refused(msg("{company} is out of ammunition", company=c.name),
                          argument="state.ammo")
        point = ctx.point
        given = ctx.facts.get("distance_in")
        if given is not None and ("distance_in" in ctx.facts.overridden or point is None):
            dist = float(given)
        elif point is not None:
            dist = board.point_distance(ctx.actor, point)
        else:
            raise SchemaError(msg("Place the template: pick where its centre goes"))
        gun = guns()[c.profile["gun_class"]]
        if dist > gun["range_in"] + 1e-9:
            raise Refused(msg('the point is {distance:.1f}" away, beyond the {gun}\'s range '
                              '({range:g}")', distance=dist, gun=gun, range=gun["range_in"]),
                          argument="point")
        aim = Aim(dist, _in_view(ctx, ctx.actor, point), _earlier_at(c, point),
                  c.flag("under_fire"), bool(ctx.option("moving_target")),
                  float(gun["range_in"]))
        mods = accuracy_modifiers(aim, ctx.rules) + ctx.modifiers("accuracy")
        acc = accuracy_of(c.profile["crew_quality"], mods, ctx.rules)
        return Shot(c, aim, acc, tuple(mods), ctx.option("mode") == "area", point)

    # ------------------------------------------------------------------ the stands hit

    def _under(self, ctx: Context, shot: Shot, centre: tuple[float, float] | None,
               landed=None) -> tuple[list[Unit], str | None]:
        """The stands under the template where it landed (`landed`: the TemplateResult of
        the board's scatter), and the one under the hole; or as the player entered them."""
        f = ctx.facts
        if f.under_template is not None and ("under_template" in f.overridden
                                             or ctx.game is None or centre is None):
            units = {u.id: u for u in ctx.targets}
            if ctx.game is not None:
                units.update({u.id: u for u in ctx.game.all_units()})
            missing = [i for i in f.under_template if i not in units]
            if missing:
                raise SchemaError(f"facts.under_template: no unit {missing[0]!r} among the "
                                  "targets")
            hole = None if shot.area else f.under_template_centre
            return [units[i] for i in f.under_template], hole
        if ctx.game is None or centre is None:
            return list(ctx.targets), None
        if landed is None:
            landed = ctx.board.lay_template(self._shape(shot), centre[0], centre[1])
        ids = [i for i, _ in landed.under]
        if ctx.rule("under_template") == "centre":
            radius = self._diameter(shot) / 2
            ids = [i for i in ids if math.hypot(ctx.game.unit(i).x - centre[0],
                                                ctx.game.unit(i).y - centre[1]) <= radius]
        return self._ordered(ctx, ids), (None if shot.area else landed.hole)

    @staticmethod
    def _ordered(ctx: Context, ids, order: dict[str, int] | None = None) -> list[Unit]:
        """The units of `ids` in the game's order (`order`: the game's units' places,
        when the caller has them)."""
        if order is None:
            order = {u.id: k for k, u in enumerate(ctx.game.units)}
        return [ctx.game.unit(i) for i in sorted(ids, key=lambda i: order[i])]

    @staticmethod
    def _shape(shot: Shot) -> str:
        return "blast-5" if shot.area else "blast-3"

    @staticmethod
    def _diameter(shot: Shot) -> float:
        return rule_number("artillery.area_template_in") if shot.area \
            else rule_number("artillery.aimed_template_in")

    def _rule(self, ctx: Context, shot: Shot) -> ScatterRule:
        """d6 − accuracy with the direction die (§4.7-2, §4.A-6): the app's (a face per
        2°) or a physical d6 of arrows, face 1 up the table."""
        direction = D6 if ctx.rule("direction_die") == "d6" else APP_DIRECTION_DIE
        return scatter_d6(shot.accuracy, direction)

    def _accuracy_step(self, shot: Shot) -> Step:
        q = shot.battery.profile["crew_quality"]
        return Step("accuracy", "Accuracy", base=crew_accuracy(q),
                    base_label=msg("crew accuracy ({quality})", quality=q),
                    modifiers=shot.mods,
                    outcome=msg("accuracy {n}", n=shot.accuracy),
                    note="scatter = d6 − accuracy inches; 0 or less: no scatter (§4.A-6)")

    def _scatter(self, ctx: Context, shot: Shot, dice: DiceSource):
        """The scatter rolled with the action's dice: on the board through
        BoardOps.scatter (the template laid where it lands); without a board (or a point)
        the same dice and the same rule, the stands entered by the player."""
        rule = self._rule(ctx, shot)
        if ctx.game is not None and shot.point is not None:
            sc = ctx.board.scatter(self._shape(shot), shot.point, rule, dice)
            return sc.step, sc.distance, sc.bearing, sc.landing, sc.template
        dist_roll = draw(dice, rule.distance_die, 1, label="scatter distance")
        dist = float(rule.scheme.distances[dist_roll.faces[0] - 1])
        rolls, bearing = (dist_roll,), 0.0
        if dist:
            way = draw(dice, rule.direction, 1, label="scatter direction")
            rolls += (way,)
            bearing = rule.bearing(way.faces[0])
        centre = None
        if shot.point is not None:
            centre = scatter_point(shot.point[0], shot.point[1], dist, bearing)
        outcome = msg('{distance:g}" at {bearing:g}°', distance=dist, bearing=bearing) \
            if dist else "no scatter"
        return (Step("scatter", "Scatter", rolls, outcome=outcome, note=rule.scheme.label),
                dist, bearing, centre, None)

    def _plans(self, ctx: Context, shot: Shot, stands: Sequence[Unit], hole: str | None
               ) -> tuple[list[StandPlan], dict[str, Company]]:
        b = shot.battery
        gun_class = b.profile["gun_class"]
        band = band_of(shot.aim.distance_in, shot.aim.gun_range_in)
        band = "long" if band == "out" else band
        plans, companies = [], {}
        for u in stands:
            c = company(ctx, u)
            companies.setdefault(c.id, c)
            cover, front = 0, False
            if ctx.game is not None and u.id != ctx.actor.id:
                mp = measure_pair(ctx.game.scenario, ctx.actor.id, u.id)
                cover, front = mp.cover, mp.target_side == "front"
            elif ctx.game is None:
                cover = int(u.state.get("cover", 0))
            t = target_of(c, cover, front=front)
            plans.append(plan_stand(u.id, c.id, t, direct=u.id == hole, band=band,
                                    gun_class=gun_class, area=shot.area,
                                    mortar=bool(b.profile.get("mortar")), rules=ctx.rules))
        return plans, companies

    # ------------------------------------------------------------------ resolve

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        shot = self._shot(ctx)
        b = shot.battery
        steps: list[Step] = [self._accuracy_step(shot)]
        scatter_step, dist, bearing, centre, landed = self._scatter(ctx, shot, dice)
        steps.append(scatter_step)
        stands, hole = self._under(ctx, shot, centre, landed)
        kind = '5" area' if shot.area else '3" aimed'
        under = ", ".join(u.label for u in stands) if stands else "no stand"
        where = msg("{kind} template lands at ({x:.1f}, {y:.1f}): {under}", kind=kind,
                    x=centre[0], y=centre[1], under=under) if centre else \
            msg("{kind} template lands: {under}", kind=kind, under=under)
        if hole:
            named = {u.id: u.label for u in stands}
            where = msg("{landed}; direct hit on {stand}", landed=where,
                        stand=named.get(hole, hole))
        steps.append(info_step("template", "Template", where,
                               note="stands whose base overlaps the template (§4.A-9)"))
        plans, companies = self._plans(ctx, shot, stands, hole)
        per: dict[str, dict[str, int]] = {cid: {"lost": 0, "terror": 0, "fail": 0}
                                          for cid in companies}
        lost_units: dict[str, list[Unit]] = {cid: [] for cid in companies}
        units = {u.id: u for u in stands}
        for p in [p for p in plans if p.direct]:
            label = msg("Cover roll (direct hit on {stand})", stand=_label(units, p.stand))
            s = _cover_roll(dice, p, 1, label, "direct hit: no result roll (§4.7-3)")
            steps.append(s)
            self._count(s, p, per, lost_units, units)
        results: list[tuple[StandPlan, Step]] = []
        for p in [p for p in plans if not p.direct]:
            s = roll_test(dice, p.result, id=f"result.{p.stand}",
                          label=msg("Result roll ({stand})", stand=_label(units, p.stand)),
                          n=p.result_dice,
                          base=6,
                          base_label="base", modifiers=p.result_mods, success="success",
                          failure="suppression",
                          note="artillery: no hit roll, no Retreat (§4.7-4, §4.7-6)")
            steps.append(s)
            per[p.company]["fail"] += s.count("suppression")
            results.append((p, s))
        for p, r in results:
            k = r.count("success")
            if not k:
                continue
            label = msg("Cover roll ({stand})", stand=_label(units, p.stand))
            s = _cover_roll(dice, p, k, label, "")
            steps.append(s)
            self._count(s, p, per, lost_units, units)
        effects: list[Effect] = list(ammo_effect(b))
        if shot.point is not None:
            pts = list(b.value("aim_points") or []) + [[shot.point[0], shot.point[1]]]
            effects.append(set_flag(b, "aim_points", pts))
            if centre is not None:
                effects.append(set_flag(b, "last_shot", {
                    "shape": "blast-5" if shot.area else "blast-3",
                    "aim": list(shot.point), "centre": [centre[0], centre[1]],
                    "scatter": [float(dist), bearing]}))
        texts = []
        for cid, c in companies.items():
            k = per[cid]
            if not (k["lost"] or k["terror"] or k["fail"]):
                continue
            o = resolve_aftermath(dice, ctx, c, b, lost=k["lost"], terror=k["terror"],
                                  artillery_failures=k["fail"], artillery=True,
                                  lost_stands=lost_units[cid] if ctx.game else None)
            steps += o.steps
            effects += o.effects
            texts.append(summary_of(o))
        summary = msg('scatter {distance:g}"; {consequences}', distance=dist,
                      consequences=join("; ", texts)) if texts else \
            msg('scatter {distance:g}"; no effect', distance=dist)
        return ctx.resolution(steps, effects, summary)

    @staticmethod
    def _count(s: Step, p: StandPlan, per: dict, lost_units: dict, units: dict) -> None:
        if s.count("destroyed") or s.outcome.startswith("automatic"):
            per[p.company]["lost"] += 1
            lost_units[p.company].append(units[p.stand])
        per[p.company]["terror"] += s.count("terror")

    def odds(self, ctx: Context) -> OutcomeDistribution:
        """Exact: on the board, the mixture over every landing the scatter can give
        (BoardOps.chain_landings) of the stands destroyed there; without a board, for the
        stands under the template as entered. The scatter distance is a part."""
        shot = self._shot(ctx)
        parts = {"scatter (inches)": scatter_odds(shot.accuracy)}
        f = ctx.facts
        entered = f.under_template is not None and ("under_template" in f.overridden
                                                    or ctx.game is None)
        if ctx.game is None or shot.point is None or entered or \
                ctx.rule("under_template") != "overlap":
            stands, hole = self._under(ctx, shot, shot.point)
            plans, _ = self._plans(ctx, shot, stands, hole)
            dist = shot_odds(plans)
            return OutcomeDistribution(dist.label, dist.outcomes, {**dist.parts, **parts})
        cache: dict[tuple, dict[int, int]] = {}
        lost: dict[tuple[str, bool], dict[int, int]] = {}   # a stand's, hit or not direct
        order = {u.id: k for k, u in enumerate(ctx.game.units)}

        def stand(u: Unit, hole: str | None) -> dict[int, int]:
            key = (u.id, u.id == hole)
            if key not in lost:
                lost[key] = stand_lost(self._plans(ctx, shot, [u], hole)[0][0])
            return lost[key]

        def then(landing) -> dict[int, int]:
            key = (landing.under, landing.hole)
            if key not in cache:
                hole = None if shot.area else landing.hole
                cache[key] = lost_weights([stand(u, hole) for u in
                                           self._ordered(ctx, landing.under, order)])
            return cache[key]
        mixed = ctx.board.chain_landings(self._shape(shot), shot.point, self._rule(ctx, shot),
                                         then)
        top = max(int(o) for o in mixed.outcomes())
        return distribution("stands destroyed", mixed, order=range(top + 1), parts=parts)

def _cover_roll(dice: DiceSource, p: StandPlan, n: int, label: str, note: str) -> Step:
    """The cover roll of a stand; automatic (no dice) when its target is 6 or more."""
    if p.cover.target >= 6:
        return info_step(f"cover.{p.stand}", label, "automatic: destroyed",
                         modifiers=p.cover_mods,
                         note=msg("d6 ≤ {target}: every cover roll succeeds (L6)",
                                  target=p.cover.target))
    return roll_test(dice, p.cover, id=f"cover.{p.stand}", label=label, n=n, base=6,
                     base_label="base", modifiers=p.cover_mods, success="destroyed",
                     failure="terror", note=note)


def _label(units: dict[str, Unit], stand: str) -> str:
    """A stand by its name in a step's label (its id when it is not among `units`)."""
    u = units.get(stand)
    return u.label if u is not None else stand
