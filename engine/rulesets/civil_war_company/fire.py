"""The Fire action (§4.1, §4.8): a company or a machine gun fires at a company.

The hit dice come from the board: one die per platoon stand that sees the target company
(LOS measured from each stand, `board.stand_lines`), each at its own range band; an MG
rolls 4 dice. The declared fact `firing_stands` shows that count in the Facts box; a player
who overrides it (or plays without a board) gives the dice, all at `range_band`.

Return fire (§4.9, CW-1) is the protocol's joint resolution: the target's own Fire against
this one's actor, both from the state before the fire, their effects one change
(engine.joint; the Actions dock's "With return fire", `warboard resolve … --return-fire`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.board_ops import BoardOps
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import Effect, Game
from engine.odds import OutcomeDistribution
from engine.options import Option, SchemaError
from engine.protocol import Context, FactProbe, FactSpec, Resolution, Role
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
from .companies import Company, company_of
from .consequences import Outcome, resolve_aftermath, summary_of
from .data import rule_number
from .fire_rules import FirePlan, band_of, fire_odds, plan_fire, roll_fire

__all__ = ["Fire", "FireSetup", "setup_fire", "FIRING_STANDS"]


@dataclass(frozen=True, slots=True)
class FireSetup:
    """A planned volley: who fires at whom, and the plan."""

    shooter: Company
    target: Company
    plan: FirePlan
    note: str


def _measure_firing_stands(probe: FactProbe) -> int | None:
    """The stands of the actor's company that see the target company (§4.1-1)."""
    if probe.target is None or probe.scenario is None:
        return None
    game = Game(probe.scenario)
    try:
        a = company_of(probe.actor, {}, game)
        b = company_of(probe.target, {}, game)
        lines = board.stand_lines(BoardOps(game), a.id, b.id)
    except (KeyError, ValueError):
        return None
    return sum(1 for ln in lines if ln.los)


FIRING_STANDS = FactSpec(
    "firing_stands", "Stands that see the target", type="count", scope="context",
    measure=_measure_firing_stands,
    doc="one hit die per platoon stand with LOS to the target company (§4.1-1); entered "
        "by hand, that many fire at the range band given")


def _range_in(c: Company) -> float:
    return float(c.profile["range_in"])


def _entered(ctx: Context, shooter: Company, target: Company
             ) -> tuple[dict[str, int], float | None, str]:
    """The hit dice as the player gave them (or, without a board, the company's stands),
    all at one band."""
    mg = shooter.kind == "machine_gun"
    given_n = ctx.facts.get("firing_stands")
    n = stand_count(ctx, shooter) if given_n is None else int(given_n)
    if n < 0:
        raise SchemaError(f"facts.firing_stands: expected a whole number ≥ 0, got {given_n!r}")
    distance = ctx.facts.distance_in
    band = ctx.facts.range_band or (band_of(distance, _range_in(shooter), mg)
                                    if distance is not None else None)
    if band is None:
        raise SchemaError("fire needs facts.range_band (short / long / extreme) or a "
                          "distance")
    if band == "out":
        raise Refused(msg("{target} is out of range", target=target.name), argument="target")
    if mg and n:
        n = rule_number("machine_gun.dice")
    return {band: n}, distance, msg("{n} dice (entered)", n=n)


def _dice(ctx: Context, shooter: Company, target: Company
          ) -> tuple[dict[str, int], float | None, str]:
    """Hit dice per band, the distance the MG bonus reads, and a note saying where the
    count came from: one die per stand that sees the target, each at its own band."""
    if "firing_stands" in ctx.facts.overridden or ctx.game is None:
        return _entered(ctx, shooter, target)
    mg = shooter.kind == "machine_gun"
    rng = _range_in(shooter)
    band_given = ctx.facts.range_band if "range_band" in ctx.facts.overridden else None
    lines = board.stand_lines(ctx.board, shooter.id, target.id)
    if shooter.flag("prone"):
        stuck = board.in_building_or_trench(ctx.game.scenario, shooter.stands)
        held = {u.id for u, s in zip(shooter.stands, stuck, strict=True) if s}
        lines = [ln for ln in lines if ln.stand not in held]
    if ctx.rule("dice_per_company") == "platoons_with_los":
        lines = [ln for ln in lines if ln.los]
    if not lines:
        raise Refused(msg("no stand of {shooter} sees {target}", shooter=shooter.name,
                          target=target.name), argument="target")
    by_band: dict[str, int] = {}
    for ln in lines:
        b = band_given or band_of(ln.distance_in, rng, mg)
        if b != "out":
            by_band[b] = by_band.get(b, 0) + 1
    nearest = min(ln.distance_in for ln in lines)
    if not by_band:
        raise Refused(msg("{target} is beyond ⅔ of its range: an MG cannot fire at extreme "
                          "range (§4.8-3)", target=target.name) if mg else
                      msg('{target} is out of range ({range:g}")', target=target.name,
                          range=rng), argument="target")
    if mg:
        per = rule_number("machine_gun.dice")
        k = sum(by_band.values()) if ctx.rule("mg_dice") == "per_stand" else 1
        band = min(by_band, key=("short", "long", "extreme").index)
        return {band: per * k}, nearest, msg("{n} dice (machine gun)", n=per * k)
    seen = sum(by_band.values())
    return by_band, nearest, msg("{seen} of {n} stands see the target", seen=seen,
                                 n=len(shooter.stands))


def setup_fire(ctx: Context, shooter_unit: Unit, target_unit: Unit) -> FireSetup:
    """Plan the volley from the state before the fire."""
    shooter, target = company(ctx, shooter_unit), company(ctx, target_unit)
    if shooter.id == target.id:
        raise Refused("a company cannot fire at itself", argument="target")
    if shooter.kind == "battery":
        raise Refused(msg("{company} is a battery: use Artillery fire", company=shooter.name),
                      argument="actor")
    if shooter.kind == "machine_gun":
        left = ammo_left(shooter)
        if left is None:
            raise Refused(msg("{company}: poor supply — roll its ammunition first (§4.10)",
                              company=shooter.name), argument="state.ammo")
        if left <= 0:
            raise Refused(msg("{company} is out of ammunition", company=shooter.name),
                          argument="state.ammo")
    if shooter.flag("routing"):
        raise Refused(msg("{company} is fleeing", company=shooter.name), argument="actor")
    by_band, distance, note = _dice(ctx, shooter, target)
    _check_vehicle(ctx, shooter, target, by_band, distance)
    t = target_of(target, int(ctx.facts.cover or 0),
                  charging_shooter=bool(ctx.options.get("target_charging")),
                  front=ctx.facts.side_struck == "front")
    plan = plan_fire(shooter_of(shooter), t, by_band, ctx.rules, distance_in=distance,
                     target_stands=stand_count(ctx, target),
                     hit_extra=ctx.modifiers("hit"), result_extra=ctx.modifiers("result"),
                     cover_extra=ctx.modifiers("cover"), note=note,
                     fire_label=_fire_label(shooter))
    return FireSetup(shooter, target, plan, note)


def _check_vehicle(ctx: Context, shooter: Company, target: Company,
                   by_band: dict[str, int], distance: float | None) -> None:
    """A vehicle («техника») is damaged only by an MG at short range and by artillery
    (§4.8-4; PROPOSED §8-9): rifle fire at one is refused, and so is an MG beyond short
    range (≤ ⅓ of its range, or ≤ 8" with the `short_range` option, §4.A-12)."""
    if not target.profile.get("vehicle"):
        return
    if shooter.kind != "machine_gun":
        raise Refused(msg("{shooter} cannot damage {target}: rifle fire has no effect on "
                          "vehicles; only machine guns at short range and artillery do "
                          "(§4.8-4, PROPOSED §8-9)", shooter=shooter.name, target=target.name),
                      argument="target")
    if ctx.rule("short_range") == "8in":
        close = rule_number("machine_gun.close_in")
        short, what = distance is not None and distance <= close, msg('≤ {inches:g}"',
                                                                      inches=close)
    else:
        short = set(by_band) == {"short"}
        what = msg('≤ ⅓ of its range, {inches:g}"', inches=_range_in(shooter) / 3)
    if not short:
        raise Refused(msg("{target} is a vehicle: a machine gun damages vehicles only at "
                          "short range ({limit}; §4.8-4, §4.A-12)", target=target.name,
                          limit=what), argument="target")


def _fire_label(c: Company) -> str:
    """FIRE, by crew for an MG (§4.8-1), marked PROPOSED when the card's value is ours."""
    if c.kind == "machine_gun":
        return msg("FIRE ({quality} crew)", quality=c.profile["crew_quality"])
    return "FIRE (PROPOSED)" if "fire" in (c.profile.get("proposed") or ()) else "FIRE"


class Fire(Kind, CWAction):
    """§4.1: one d6 per stand with LOS ≤ FIRE; hits ≤ 4 + mods; successes ≤ 6 + cover."""

    kinds = ("company", "machine_gun")
    audience = "companies and machine guns"
    id = "fire"
    label = "Fire"
    doc = ("One d6 per platoon stand that sees the target company (an MG: 4 dice, FIRE by "
           "crew), hit ≤ FIRE + mods; each hit ≤ 4 + mods, a failure is a Retreat result; "
           "each success ≤ 6 + cover mods, a failure a Terror marker, a success a platoon "
           "lost. The target may declare return fire (With return fire): simultaneous, from "
           "the state before the fire.")
    roles = (Role("actor", kind="unit", label="a stand of the firing company (or the MG)"),
             Role("target", kind="unit", label="a stand of the target company"))
    facts = ("distance_in", "los", "cover", "range_band", "side_struck", FIRING_STANDS)
    steps = ("hit", "result", "cover")
    options = (
        Option("target_charging", "Target (STORM) is charging the shooter", "bool", False,
               reason="§5.2 R5: −1 result, only for the unit they charge"),
    )

    def range_band(self, ctx: Context) -> str | None:
        rec = ctx.profile()
        if ctx.facts.distance_in is None or rec.get("range_in") is None:
            return None
        return band_of(ctx.facts.distance_in, float(rec["range_in"]),
                       rec.get("kind") == "machine_gun")

    def _plan(self, ctx: Context) -> FireSetup:
        if ctx.target is None:
            raise SchemaError(msg("Choose a stand of the target company"))
        return setup_fire(ctx, ctx.actor, ctx.target)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        fs = self._plan(ctx)
        v = roll_fire(dice, fs.plan)
        o: Outcome = resolve_aftermath(dice, ctx, fs.target, fs.shooter, retreats=v.retreats,
                                       lost=v.lost, terror=v.terror)
        effects: list[Effect] = list(o.effects)
        if fs.shooter.kind == "machine_gun":
            effects += ammo_effect(fs.shooter)
        summary = msg("{shooter} → {n} {n|hit|hits|hits}; {consequences}",
                      shooter=fs.shooter.name, n=v.hits, consequences=summary_of(o))
        return ctx.resolution(list(v.steps) + o.steps, effects, summary)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        fs = self._plan(ctx)
        return fire_odds(fs.plan, msg("{company}: platoons lost", company=fs.target))
