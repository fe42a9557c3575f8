"""Manoeuvre (03 §4.7) and assault (§4.10, §4.A-3, §8-5 PROPOSED).

A formation moves no farther than its Ск toward a point, in formation, stopped by what it
cannot cross; after moving every fighter must be within 1 step of another of his unit (a
chain, §4.A-12), measured centre to centre or edge to edge. An assault is an alternative to
shooting in the Fire phase (§4.A-3 reading a): each side rolls d20 + ББ (−2 after a failed
takeover, +2 against a panicking unit); the higher wins and the loser takes one wound per
point of difference, at most one per fighter engaged (house rule, PROPOSED)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import icepool
import numpy as np
import shapely

from engine.costs import Cost
from engine.dice import D20, DiceSource
from engine.i18n import msg
from engine.odds import OutcomeDistribution, distribution
from engine.options import Modifier
from engine.protocol import Context, Resolution, Role, info_step, roll_step
from engine.scenario import Unit

from .common import BoetsAction, in_steps, kill, steps_in
from .data import rule_number
from .formations import formation_of, profile_of, squad_of
from .targets import assault_refusal

__all__ = ["Move", "Assault", "coherency_violators", "ACTIONS"]


def coherency_violators(units: Sequence[Unit], step_in: float, measure: str = "centre",
                        links: str = "chain") -> list[str]:
    """§4.7-3, §4.A-12: the fighters cut off from the unit's largest chain of links of at
    most 1 step (centre to centre, or base edge to edge); with `links` "nearest", those
    with nobody of the unit within 1 step."""
    if len(units) < 2:
        return []
    if measure == "centre":
        xy = np.array([(u.x, u.y) for u in units])
        d = np.linalg.norm(xy[:, None, :] - xy[None, :, :], axis=-1)
    else:
        polys = np.array([u.polygon() for u in units], dtype=object)
        d = shapely.distance(polys[:, None], polys[None, :])
    near = d <= step_in + 1e-9
    if links == "nearest":
        np.fill_diagonal(near, False)
        return [u.id for u, ok in zip(units, near.any(axis=1), strict=True) if not ok]
    best: np.ndarray | None = None
    seen = np.zeros(len(units), dtype=bool)
    for start in range(len(units)):
        if seen[start]:
            continue
        comp = np.zeros(len(units), dtype=bool)
        comp[start] = True
        while True:
            grown = comp | near[comp].any(axis=0)
            if (grown == comp).all():
                break
            comp = grown
        seen |= comp
        if best is None or comp.sum() > best.sum():
            best = comp
    return [u.id for u, ok in zip(units, best, strict=True) if not ok]


class Move(BoetsAction):
    """§4.7: the formation moves up to its Ск (the slowest fighter's) toward a point."""

    id = "move"
    label = "Move"
    doc = "Up to Ск steps toward a point, in formation; then the 1-step chain check (§4.7)."
    roles = (Role("actor", kind="group", label="moving squad or platoon"),
             Role("point", kind="point", label="the point to move toward"))
    cost = Cost(phases=("manoeuvre",), once_per="phase", reason="§4.2-4, §4.7-1")

    def _check(self, ctx: Context) -> None:
        held = next((u for u in ctx.units("actor") if u.state.get("only_shoot")), None)
        if held is not None:
            self.refuse(msg("{unit} may only shoot this turn (§4.6-4)", unit=held.label),
                        "actor")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        units = list(ctx.units("actor"))
        speed = min(int(profile_of(ctx.game, u)["speed"]) for u in units)
        move = ctx.board.move_toward(ctx.actor_id, ctx.point, speed * steps_in())
        moved = {e.unit: e for e in move.effects}
        after = [Unit(u.id, u.side, u.profile, moved[u.id].x, moved[u.id].y, u.base,
                      facing=u.facing) if u.id in moved else u for u in units]
        squads: dict[str, list[Unit]] = {}
        for u in after:                       # each squad keeps its own chain (§4.7-3)
            sq = squad_of(ctx.game, u)
            squads.setdefault(sq.id if sq is not None else ctx.actor_id, []).append(u)
        bad = [v for us in squads.values()
               for v in coherency_violators(us, steps_in(), ctx.rule("command_distance"),
                                            ctx.rule("coherency"))]
        check = info_step("coherency", "Command distance (1 step)",
                          "all within 1 step" if not bad else
                          msg("out of command distance: {units}", units=", ".join(bad)),
                          note=msg("measured {measure} to {measure}, {links} (§4.A-12)",
                                   measure=ctx.rule("command_distance"),
                                   links="a chain" if ctx.rule("coherency") == "chain"
                                   else "each to his nearest"))
        step = info_step("move", "Move", move.note,
                         note=msg("Ск {speed} steps (§4.7-1)", speed=speed))
        moved_by = in_steps(move.distance / steps_in())
        return ctx.resolution([step, check], list(move.effects),
                              msg("moved {distance}; {n} out of command distance",
                                  distance=moved_by, n=len(bad)) if bad
                              else msg("moved {distance}", distance=moved_by))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("move", (("moved", Fraction(1)),))


def _melee_mods(ctx: Context, side: Unit, other: Unit) -> list[Modifier]:
    mods: list[Modifier] = []
    g, og = formation_of(ctx.game, side), formation_of(ctx.game, other)
    if g is not None and g.state.get("melee_modifier"):
        mods.append(Modifier("failed takeover (prone)", int(g.state["melee_modifier"]),
                             "§4.5-3: ББ −2", to="roll"))
    if og is not None and og.state.get("panicking"):
        mods.append(Modifier("enemy in Panic", int(rule_number("leadership.panic_bonus")),
                             "§4.6-5: +2 ББ against a panicking unit", to="roll"))
    return mods


class Assault(BoetsAction):
    """A squad assaults an enemy fighter's formation in the Fire phase (§4.A-3 a), melee by
    the house rule §8-5 (PROPOSED)."""

    id = "assault"
    label = "Assault (house rule)"
    doc = "Each side d20 + ББ (−2 prone, +2 vs Panic); loser takes the difference in wounds."
    roles = (Role("actor", kind="group", label="assaulting squad or platoon"),
             Role("target", kind="unit", label="a fighter of the assaulted unit"))
    cost = Cost(phases=("fire",), once_per="phase", once_key="fire_or_assault",
                reason="§4.A-3 a: an assault instead of shooting", proposed=True)

    def cost_of(self, ctx: Context) -> Cost:
        """§4.A-3: (a) instead of shooting, (b) after shooting in the Fire phase, (c) in the
        Manoeuvre phase — once a phase in every reading."""
        when = ctx.rule("assault_phase")
        if when == "after_fire":
            return Cost(phases=("fire",), once_per="phase", once_key="assault",
                        reason="§4.A-3 b: a melee after shooting", proposed=True)
        if when == "manoeuvre":
            return Cost(phases=("manoeuvre",), once_per="phase", once_key="assault",
                        reason="§4.A-3 c: an assault is part of the Manoeuvre phase",
                        proposed=True)
        return self.cost

    def _sides(self, ctx: Context):
        """Both sides of the melee and their ББ; refuses an assault on a friend and a
        second target of an independent squad (§4.8-1)."""
        ours = list(ctx.units("actor"))
        if any(u.side == ctx.target.side for u in ours):
            self.refuse("the target is a friend", "target")
        why = assault_refusal(ctx.game, ctx.actor, ctx.target,
                              ctx.rule("single_fighter_target")) if ctx.game else ""
        if why:
            self.refuse(why, "target")
        tg = formation_of(ctx.game, ctx.target)
        theirs = (ctx.game.group_units(tg.id) if tg is not None else []) or [ctx.target]
        a = max(int(profile_of(ctx.game, u)["melee_strength"]) for u in ours)
        b = max(int(profile_of(ctx.game, u)["melee_strength"]) for u in theirs)
        return ours, theirs, a, b, _melee_mods(ctx, ours[0], ctx.target), \
            _melee_mods(ctx, ctx.target, ours[0])

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        ours, theirs, a, b, ma, mb = self._sides(ctx)
        sa = roll_step(dice, D20, id="attacker", label="Attacker d20 + ББ", modifiers=ma)
        sb = roll_step(dice, D20, id="defender", label="Defender d20 + ББ", modifiers=mb)
        ta = sa.totals[0] + a          # the roll modifiers are in the total
        tb = sb.totals[0] + b
        diff = ta - tb
        loser = theirs if diff > 0 else ours if diff < 0 else []
        n = min(abs(diff), len(loser))
        dead = [u.id for u in loser[:n]]
        res = info_step("melee", "Melee (house rule)",
                        msg("{attacker} against {defender}: a draw", attacker=ta, defender=tb)
                        if not diff else
                        msg("{attacker} against {defender}: {n} wounds to the defender"
                            if diff > 0 else
                            "{attacker} against {defender}: {n} wounds to the attacker",
                            attacker=ta, defender=tb, n=n),
                        note=msg("PROPOSED house rule (§8-5), not from the source; ББ "
                                 "{attacker} / {defender}; one wound per point, at most one "
                                 "per fighter", attacker=a, defender=b))
        return ctx.resolution([sa, sb, res], kill(ctx.game, dead, "killed in melee"),
                              msg("melee {attacker}:{defender}", attacker=ta, defender=tb))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        ours, theirs, a, b, ma, mb = self._sides(ctx)
        off = a + sum(m.value for m in ma) - b - sum(m.value for m in mb)
        diff = icepool.d20 - icepool.d20 + off
        return distribution("attacker − defender", diff)


ACTIONS = (Move(), Assault())
