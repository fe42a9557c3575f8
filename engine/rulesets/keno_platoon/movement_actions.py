"""The movement actions of §4.10: advance (normal or combat move), turn on the spot,
march order, go prone."""

from __future__ import annotations

import math
from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import (
    Effect,
    MoveUnit,
    SetState,
)
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    info_step,
)
from engine.scenario import Unit

from . import common, data, movement
from .action_kit import ONE, need_game, refuse, scenario_of


def _rows(ctx: Context, u: Unit) -> tuple[str, str]:
    sc = scenario_of(ctx)
    base = common.move_class_of(sc, u)
    row = movement.state_class(base, movement.is_encumbered(u.state), u.state.get("tow_state"))
    return base, row


def _destination(ctx: Context) -> tuple[float, float]:
    p = ctx.role("point")
    if p is None:
        refuse("the destination is required (§4.A-14)", "point")
    return p


def _gap(u: Unit, p: tuple[float, float]) -> float:
    return math.hypot(p[0] - u.x, p[1] - u.y)


class Advance(Action):
    """Advance by a normal move (inches per action by class, §4.10-1) or a combat move of
    2dN (§4.10-5), toward the declared destination (§4.A-14), stopping when blocked."""

    id = "advance"
    label = "Advance"
    label_ru = "Продвинуться"
    roles = (Role("actor", kind="unit"), Role("point", kind="point", label="destination"))
    options = (Option("mode", "Move", "choice", "normal", choices=("normal", "combat"),
                      help="normal: the class's inches per action; combat: 2dN, N = the "
                           "normal move (§4.10-5)"),)
    cost = ONE
    doc = "§4.10: normal move or 2dN combat move toward a declared destination"

    @staticmethod
    def _combat(ctx: Context, gap: float) -> tuple[dict, dict]:
        """The combat move check's inputs and readings (move.toml)."""
        base, row = _rows(ctx, ctx.actor)
        return movement.combat_inputs(ctx.actor.label, row, base, gap), dict(ctx.rules)

    def why_not_move(self, ctx: Context, u: Unit, row: str, gap: float) -> str | None:
        """Why the unit cannot make this move (None: it can)."""
        able = u.state.get("able_carriers")
        if able is not None and not movement.can_carry(int(able), int(u.state.get("carried", 0))):
            return msg("{items} items carried by {able} able fighters: no movement at all "
                       "(§4.10-3)", items=u.state.get("carried"), able=able)
        if u.state.get("march_order") and row == "manhandled":
            return "crews cannot manhandle guns in march order (§4.10-6)"
        rec = data.move_class(row)
        if row == "rail_vehicle" and ctx.game is not None:
            path = movement.path_along((u.x, u.y), _destination(ctx), rec["inches"])
            off = movement.off_way(path, movement.ways(ctx.game.scenario.terrain, "railway"))
            if off is not None:
                return msg("a railway vehicle moves only along intact rails; this move leaves "
                           "them at ({x:.1f}, {y:.1f}) (§4.10-1, §6-5)", x=off[0], y=off[1])
        if rec["limit"] == "at_least" and ctx.rule("aircraft_minimum") \
                and gap < rec["inches"] - 1e-9:
            return msg('an aircraft moves at least {inches:g}" per action; the destination is '
                       '{distance:.1f}" away (§4.10-1, §4.A-16)', inches=rec["inches"],
                       distance=gap)
        return None

    @staticmethod
    def normal_distance(ctx: Context, u: Unit, row: str, dest: tuple[float, float]
                        ) -> tuple[float, str]:
        """The normal move and how it was found: the class's inches per action, times the
        march road factor when in march order the whole move keeps to a road (PROPOSED
        §8-9; the seed gives no march speed, §4.10-6)."""
        inches = movement.normal_move(row)
        text = msg('{inches:g}" ({move_class})', inches=inches, move_class=data.move_class(row))
        factor = float(data.rule_number("march.road_factor"))
        if not u.state.get("march_order") or factor == 1 or ctx.game is None:
            return inches, text
        fast = inches * factor
        path = movement.path_along((u.x, u.y), dest, fast)
        if movement.off_way(path, movement.ways(ctx.game.scenario.terrain, "road")) is None:
            return fast, msg('{fast:g}" in march order on the road ({factor:g} × {inches:g}", '
                             "PROPOSED §8-9)", fast=fast, factor=factor, inches=inches)
        return inches, msg("{move} — march order off the road: no road speed (PROPOSED §8-9)",
                           move=text)

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, dest = ctx.actor, _destination(ctx)
        base, row = _rows(ctx, u)
        gap = _gap(u, dest)
        why = self.why_not_move(ctx, u, row, gap)
        if why:
            refuse(msg("{unit}: {why}", unit=u.label, why=why), "point")
        need_game(ctx, "a move")
        steps = []
        if ctx.option("mode") == "combat":
            roll = movement.COMBAT_MOVE.resolve(*self._combat(ctx, gap), dice)
            steps.extend(roll.steps)
            distance = float(roll.steps[0].totals[0])
        else:
            distance, text = self.normal_distance(ctx, u, row, dest)
            steps.append(info_step("normal_move", "Normal move", text))
        target = dest
        if ctx.option("mode") == "combat" and ctx.rule("combat_move") == "full" and gap > 0:
            k = distance / gap
            target = (u.x + (dest[0] - u.x) * max(k, 1.0), u.y + (dest[1] - u.y) * max(k, 1.0))
        mv = ctx.board.move_toward(u.id, target, distance)
        steps.append(info_step("move", "Move", msg(
            '{moved:.2f}" of {distance:.2f}" (blocked by {what})', moved=mv.distance,
            distance=gap, what=mv.blocked_by) if mv.blocked else msg(
            '{moved:.2f}" of {distance:.2f}"', moved=mv.distance, distance=gap),
            note=mv.note))
        arrived = abs(mv.distance - gap) < 1e-6
        return ctx.resolution(steps, list(mv.effects), msg(
            '{unit} moves {moved:.1f}" and reaches the destination' if arrived else
            '{unit} moves {moved:.1f}"', unit=u.label, moved=mv.distance))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        u, dest = ctx.actor, _destination(ctx)
        gap = _gap(u, dest)
        if ctx.option("mode") == "combat":
            return movement.COMBAT_MOVE.odds(*self._combat(ctx, gap))
        _base, row = _rows(ctx, u)
        ok = self.normal_distance(ctx, u, row, dest)[0] >= gap - 1e-9
        return OutcomeDistribution("destination", (("reached", Fraction(int(ok))),
                                                   ("short", Fraction(int(not ok)))))


class Pivot(Action):
    """A vehicle turning on the spot: movement, 1 action (§4.10-2); the turret is free."""

    id = "pivot"
    label = "Turn on the spot"
    label_ru = "Поворот на месте"
    roles = (Role("actor", kind="unit"),)
    options = (Option("facing", "New facing (degrees)", "float", 0.0, minimum=0,
                      maximum=360),)
    cost = ONE
    audience = "vehicles"

    def applies_to(self, ruleset, unit, profile) -> bool:
        return bool(profile.get("vehicle"))

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u, f = ctx.actor, float(ctx.option("facing")) % 360
        return ctx.resolution([info_step("pivot", "Pivot", msg("{old:g}° → {new:g}°",
                                                               old=u.facing, new=f))],
                              [MoveUnit(u.id, u.x, u.y, f)],
                              msg("{unit} turns to {new:g}°", unit=u.label, new=f))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("pivot", (("done", Fraction(1)),))


class MarchOrder(Action):
    """Enter or leave march order (§4.10-6): weapons slung, no cover taken, in column; no
    firing, no manhandled guns, the road speed of §8-9 (PROPOSED: 1 action either way)."""

    id = "march_order"
    label = "Enter / leave march order"
    label_ru = "Построиться в походный порядок / выйти из него"
    cost = Cost(actions=int(data.rule_number("march.action")))
    doc = "§4.10-6 march order; its cost and speed PROPOSED (§8-9)"

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        now = not u.state.get("march_order")
        effects: list[Effect] = [SetState(u.id, "march_order", True if now else None)]
        if now:
            effects.append(SetState(u.id, "in_cover", None))  # "no cover is taken"
            text = ("forms march order: in column, weapons slung, no firing (§4.10-6); "
                    "on a road it moves at the march speed (PROPOSED §8-9)")
        else:
            text = "leaves march order: ready for combat"
        return ctx.resolution([info_step("march_order", "March order (PROPOSED cost §8-9)",
                                         text)], effects,
                              msg("{unit} forms march order" if now else
                                  "{unit} leaves march order", unit=u.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("march order", (("done", Fraction(1)),))


class Prone(Action):
    id = "go_prone"
    label = "Go prone / stand up"
    label_ru = "Залечь / встать из залегания"
    cost = ONE

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        u = ctx.actor
        now = not u.state.get("prone")
        text = "goes prone" if now else "stands up"
        return ctx.resolution([info_step("prone", "Prone", text)],
                              [SetState(u.id, "prone", now or None)],
                              msg("{unit} goes prone" if now else "{unit} stands up",
                                  unit=u.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("prone", (("done", Fraction(1)),))
