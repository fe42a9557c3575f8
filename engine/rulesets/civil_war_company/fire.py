"""The Fire action (§4.1, §4.8, §4.9): a company or a machine gun fires at a company, which
may declare return fire; both volleys are rolled from the state before the fire, and both
sides' consequences go into one change (CW-1).

The hit dice come from the board: one die per platoon stand that sees the target company
(LOS measured from each stand, `board.stand_lines`), each at its own range band; an MG
rolls 4 dice. The player may override that with the ruleset facts `firing_stands` /
`return_firing_stands` (and `range_band` / `return_range_band`), or with no board at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.dice import DiceSource
from engine.model import Effect
from engine.odds import OutcomeDistribution
from engine.options import Option, SchemaError
from engine.protocol import Context, Resolution, Role, Step, info_step
from engine.scenario import Unit

from . import board
from .common import (
    CWAction,
    Kind,
    Refused,
    ammo_effect,
    ammo_left,
    company,
    shooter_of,
    stand_count,
    target_of,
)
from .companies import Company
from .consequences import Outcome, resolve_aftermath, summary_of
from .data import rule_number
from .fire_rules import FirePlan, band_of, fire_odds, plan_fire, range_scheme, roll_fire

__all__ = ["Fire", "FireSetup", "setup_fire"]


@dataclass(frozen=True, slots=True)
class FireSetup:
    """One side's planned volley: who fires at whom, and the plan."""

    shooter: Company
    target: Company
    plan: FirePlan
    note: str


def _facts_key(reverse: bool, name: str) -> str:
    return f"return_{name}" if reverse else name


def _range_in(c: Company) -> float:
    return float(c.profile["range_in"])


def _dice(ctx: Context, shooter: Company, target: Company, reverse: bool
          ) -> tuple[dict[str, int], float | None, str]:
    """Hit dice per band, the distance the MG bonus reads, and a note saying where the
    count came from."""
    mg = shooter.kind == "machine_gun"
    rng = _range_in(shooter)
    given_n = ctx.facts.get(_facts_key(reverse, "firing_stands"))
    same_band = ctx.facts.range_band if "range_band" in ctx.facts.overridden \
        or ctx.game is None else None
    band_given = (ctx.facts.get("return_range_band") or same_band) if reverse else same_band
    distance = (ctx.facts.get("return_distance_in") if reverse else None) \
        or ctx.facts.distance_in
    if given_n is not None or ctx.game is None:
        if given_n is None:
            given_n = stand_count(ctx, shooter)
        n = int(given_n)
        if n < 0:
            raise SchemaError(f"facts.{_facts_key(reverse, 'firing_stands')}: expected a "
                              f"whole number ≥ 0, got {given_n!r}")
        band = band_given or (band_of(distance, rng, mg) if distance is not None else None)
        if band is None:
            raise SchemaError(f"fire needs facts.{_facts_key(reverse, 'range_band')} "
                              "(short / long / extreme) or a distance")
        if mg and n:
            n = rule_number("machine_gun.dice")
        return {band: n}, distance, f"{n} dice (entered)"
    lines = board.stand_lines(ctx.board, shooter.id, target.id)
    if shooter.flag("prone"):
        stuck = board.in_building_or_trench(ctx.game.scenario, shooter.stands)
        held = {u.id for u, s in zip(shooter.stands, stuck, strict=True) if s}
        lines = [ln for ln in lines if ln.stand not in held]
    if ctx.rule("dice_per_company") == "platoons_with_los":
        lines = [ln for ln in lines if ln.los]
    if not lines:
        raise Refused(f"no stand of {shooter.name} sees {target.name}")
    by_band: dict[str, int] = {}
    for ln in lines:
        b = band_given or band_of(ln.distance_in, rng, mg)
        if b != "out":
            by_band[b] = by_band.get(b, 0) + 1
    nearest = min(ln.distance_in for ln in lines)
    if not by_band:
        what = "beyond ⅔ of its range: an MG cannot fire at extreme range (§4.8-3)" if mg \
            else f'out of range ({rng:g}")'
        raise Refused(f"{target.name} is {what}")
    if mg:
        per = rule_number("machine_gun.dice")
        k = sum(by_band.values()) if ctx.rule("mg_dice") == "per_stand" else 1
        band = min(by_band, key=("short", "long", "extreme").index)
        return {band: per * k}, nearest, f"{per * k} dice (machine gun)"
    seen = sum(by_band.values())
    return by_band, nearest, f"{seen} of {len(shooter.stands)} stands see the target"


def setup_fire(ctx: Context, shooter_unit: Unit, target_unit: Unit, *, reverse: bool = False
               ) -> FireSetup:
    """Plan one side's volley from the state before the fire."""
    shooter, target = company(ctx, shooter_unit), company(ctx, target_unit)
    if shooter.id == target.id:
        raise Refused("a company cannot fire at itself")
    if shooter.kind == "battery":
        raise Refused(f"{shooter.name} is a battery: use Artillery fire")
    if shooter.kind == "machine_gun":
        left = ammo_left(shooter)
        if left is None:
            raise Refused(f"{shooter.name}: poor supply — roll its ammunition first (§4.10)")
        if left <= 0:
            raise Refused(f"{shooter.name} is out of ammunition")
    if shooter.flag("routing"):
        raise Refused(f"{shooter.name} is fleeing")
    by_band, distance, note = _dice(ctx, shooter, target, reverse)
    if ctx.game is not None:
        cover = ctx.fact("cover") if not reverse else _cover_back(ctx, shooter, target)
        front = (ctx.facts.side_struck == "front") if not reverse else False
    else:
        cover = ctx.facts.get(_facts_key(reverse, "cover")) or 0
        front = ctx.facts.side_struck == "front" and not reverse
    charging = bool(ctx.options.get("target_charging")) if not reverse else \
        shooter.flag("charging")
    t = target_of(target, int(cover), charging_shooter=charging, front=front)
    plan = plan_fire(shooter_of(shooter), t, by_band, ctx.rules, distance_in=distance,
                     target_stands=stand_count(ctx, target),
                     hit_extra=ctx.modifiers("hit") if not reverse else (),
                     result_extra=ctx.modifiers("result") if not reverse else (),
                     cover_extra=ctx.modifiers("cover") if not reverse else (), note=note,
                     fire_label=_fire_label(shooter))
    return FireSetup(shooter, target, plan, note)


def _fire_label(c: Company) -> str:
    """FIRE, by crew for an MG (§4.8-1), marked PROPOSED when the card's value is ours."""
    if c.kind == "machine_gun":
        return f"FIRE ({c.profile['crew_quality']} crew)"
    return "FIRE (PROPOSED)" if "fire" in (c.profile.get("proposed") or ()) else "FIRE"


def _cover_back(ctx: Context, shooter: Company, target: Company) -> int:
    """Cover of the returning fire's target (the first shooter), measured back."""
    given = ctx.facts.get("return_cover")
    if given is not None:
        return int(given)
    from engine.measure import measure_pair

    m = measure_pair(ctx.game.scenario, shooter.stands[0].id, target.stands[0].id)
    return m.cover


class Fire(Kind, CWAction):
    """§4.1: one d6 per stand with LOS ≤ FIRE; hits ≤ 4 + mods; successes ≤ 6 + cover."""

    kinds = ("company", "machine_gun")
    audience = "companies and machine guns"
    id = "fire"
    label = "Fire"
    doc = ("One d6 per platoon stand that sees the target company (an MG: 4 dice, FIRE by "
           "crew), hit ≤ FIRE + mods; each hit ≤ 4 + mods, a failure is a Retreat result; "
           "each success ≤ 6 + cover mods, a failure a Terror marker, a success a platoon "
           "lost. The target may declare return fire: simultaneous, from the state before "
           "the fire.")
    roles = (Role("actor", label="a stand of the firing company (or the MG)"),
             Role("target", label="a stand of the target company"))
    facts = ("distance_in", "los", "cover", "range_band", "side_struck")
    steps = ("hit", "result", "cover")
    options = (
        Option("return_fire", "Target declares return fire", "bool", False,
               reason="§4.9: simultaneous, from the state before the fire (CW-1)"),
        Option("target_charging", "Target (STORM) is charging the shooter", "bool", False,
               reason="§5.2 R5: −1 result, only for the unit they charge"),
    )

    def range_band(self, ctx: Context) -> str | None:
        rec = ctx.profile()
        if ctx.facts.distance_in is None or rec.get("range_in") is None:
            return None
        return band_of(ctx.facts.distance_in, float(rec["range_in"]),
                       rec.get("kind") == "machine_gun")

    def _plans(self, ctx: Context) -> tuple[FireSetup, FireSetup | None]:
        if ctx.target is None:
            raise SchemaError("fire.target: required (a stand of the target company)")
        first = setup_fire(ctx, ctx.actor, ctx.target)
        back = None
        if ctx.option("return_fire"):
            try:
                back = setup_fire(ctx, ctx.target, ctx.actor, reverse=True)
            except Refused as r:
                raise Refused(f"return fire: {r}") from None
        return first, back

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        try:
            first, back = self._plans(ctx)
        except Refused as r:
            return self.refused(ctx, str(r))
        steps: list[Step] = []
        effects: list[Effect] = []
        texts = []
        for fs, prefix, label in ((first, "", ""), (back, "return.", "Return fire: ")):
            if fs is None:
                continue
            if prefix:
                steps.append(info_step("return", "Return fire",
                                       f"{fs.shooter.name} fires back at {fs.target.name} "
                                       "with its strength before the fire (§4.9)"))
            v = roll_fire(dice, fs.plan, prefix=prefix, label=label)
            steps += v.steps
            o: Outcome = resolve_aftermath(dice, ctx, fs.target, fs.shooter,
                                           retreats=v.retreats, lost=v.lost, terror=v.terror,
                                           prefix=prefix, label=label)
            steps += o.steps
            effects += o.effects
            if fs.shooter.kind == "machine_gun":
                effects += ammo_effect(fs.shooter)
            texts.append(f"{fs.shooter.name} → {v.hits} hit{'s' if v.hits != 1 else ''}; "
                         + summary_of(o))
        return ctx.resolution(steps, _merge(effects), " | ".join(texts))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        try:
            first, back = self._plans(ctx)
        except Refused:
            return self.refused_odds("platoons lost")
        dist = fire_odds(first.plan, f"{first.target.name}: platoons lost")
        if back is None:
            return dist
        ret = fire_odds(back.plan, f"{back.target.name}: platoons lost")
        return OutcomeDistribution(dist.label, dist.outcomes,
                                   {**dist.parts, "return fire: platoons lost": ret})


def _merge(effects: list[Effect]) -> list[Effect]:
    """Both volleys' effects as one list: a stand removed is not also moved."""
    from engine.model import MoveUnit, RemoveUnit

    gone = {e.unit for e in effects if isinstance(e, RemoveUnit)}
    return [e for e in effects if not (isinstance(e, MoveUnit) and e.unit in gone)]


def scheme_for(profile: Mapping[str, Any]) -> Any:
    return range_scheme(float(profile["range_in"]), profile.get("kind") == "machine_gun")
