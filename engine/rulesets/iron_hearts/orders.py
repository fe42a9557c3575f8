"""Orders (01 §4.11): a commander's generic orders (fire, advance with fire, rush, assault)
and personal orders, at most 2 a turn, reaching his soldiers by voice (≤ 50 m: any
order), whistle (≤ 100 m: generic only), or beyond that by radio or an NCO of the group.

An order is recorded on the soldier (state["order"]: kind, turn, by whom) so the group
sees what he was told, and the personal orders given this turn on the commander
(state["personal_orders"]: {"turn", "count"}); a third personal order is refused.
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import DiceSource
from engine.i18n import join, msg, side_record
from engine.model import Effect, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option, SchemaError
from engine.protocol import Context, Resolution, Role, info_step
from engine.scenario import Unit
from engine.wording import distance

from .audience import ForCommanders, is_commander
from .common import IHAction, Refused, current_turn, rn
from .data import RULESET_ID

__all__ = ["Order", "GENERIC", "PERSONAL_PER_TURN"]

#: The generic orders of §4.11-6 (soldiers then act on their own by their stats).
GENERIC = ("fire", "advance_with_fire", "rush", "assault")
#: Personal orders a commander may give in one turn (§4.11-7).
PERSONAL_PER_TURN = 2


class Order(ForCommanders, IHAction):
    """§4.11: a generic or personal order to soldiers of the commander's own side."""

    id = "order"
    label = "Give an order"
    doc = ("Generic (fire, advance with fire, rush, assault — assault only ≤ 50 m from the "
           "enemy) reach by voice ≤ 50 m or whistle ≤ 100 m; personal orders (at most 2 a "
           "turn) need voice; beyond 100 m only by radio or through an NCO.")
    ap_cost = 0
    roles = (Role("actor", kind="unit", label="commander"),
             Role("target", kind="unit", required=False, label="soldier"),
             Role("targets", kind="units", required=False, label="soldiers"))
    facts = ("distance_m",)
    options = (
        Option("order", "Order", "choice", "personal", choices=("personal", *GENERIC),
               reason="§4.11-6, §4.11-7"),
        Option("radio", "Sent by radio", "bool", False,
               reason="§4.11-3: a group with a radio is controlled from anywhere"),
        Option("enemy_distance_m", "Squad's distance to the enemy (m, 0 = not given)",
               "float", 0.0, minimum=0, reason="§4.11-6: assault only within 50 m"),
    )

    def _soldiers(self, ctx: Context) -> list[Unit]:
        out = list(ctx.targets)
        if ctx.target is not None and all(u.id != ctx.target.id for u in out):
            out.insert(0, ctx.target)
        if not out:
            raise SchemaError(msg("Choose the soldier to order (or several)"))
        return out

    def _distance(self, ctx: Context, u: Unit) -> float:
        """Metres from the commander to `u`: the measured fact for the first soldier,
        the board for the others."""
        first = ctx.target or (ctx.targets[0] if ctx.targets else None)
        if first is not None and u.id == first.id and ctx.facts.distance_m is not None:
            return float(ctx.facts.distance_m)
        if ctx.game is None:
            return float(ctx.fact("distance_m"))
        from engine.measure import measure_pair

        return float(measure_pair(ctx.game.scenario, ctx.actor.id, u.id).edge_m)

    def _plan(self, ctx: Context) -> tuple[str, list[tuple[Unit, float, str]], int]:
        kind = ctx.option("order")
        soldiers = self._soldiers(ctx)
        turn = current_turn(ctx)
        given = ctx.actor.state.get("personal_orders") or {}
        count = int(given.get("count", 0)) if given.get("turn") == turn else 0
        if kind == "personal" and count >= PERSONAL_PER_TURN:
            raise Refused(msg("order: {unit} has given {n} personal orders this turn (at most "
                              "{most}, §4.11-7)", unit=ctx.actor.label, n=count,
                              most=PERSONAL_PER_TURN))
        enemy = ctx.option("enemy_distance_m")
        if kind == "assault" and enemy > rn("command.voice_m"):
            raise Refused(msg("order: assault only within {voice} m of the enemy positions; "
                              "the squad is {enemy} m away (§4.11-6)",
                              voice=f"{rn('command.voice_m'):g}", enemy=f"{enemy:g}"))
        reached = []
        for u in soldiers:
            if u.side != ctx.actor.side:
                raise Refused(msg("targets: {unit} is on the other side ({side})", unit=u.label,
                                  side=side_record(u.side, RULESET_ID)))
            if u.id == ctx.actor.id:
                raise Refused(msg("targets: the commander himself"))
            d = self._distance(ctx, u)
            if ctx.option("radio"):
                how = "radio"
            elif d <= rn("command.voice_m"):
                how = "voice"
            elif d <= rn("command.whistle_m"):
                if kind == "personal":
                    raise Refused(msg("targets: {unit} is {distance} m away — beyond voice "
                                      "({voice} m) only whistled generic orders reach "
                                      "(§4.11-2)", unit=u.label, distance=distance(d),
                                      voice=f"{rn('command.voice_m'):g}"))
                how = "whistle"
            elif is_commander(ctx.profile(u)):
                how = "NCO"
            else:
                raise Refused(msg("targets: {unit} is {distance} m away — beyond {whistle} m "
                                  "only radio or an NCO reach (§4.11-3, §4.11-4)",
                                  unit=u.label, distance=distance(d),
                                  whistle=f"{rn('command.whistle_m'):g}"))
            reached.append((u, d, how))
        return kind, reached, count

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        kind, reached, count = self._plan(ctx)
        turn = current_turn(ctx)
        effects: list[Effect] = [SetState(u.id, "order", {"kind": kind, "turn": turn,
                                                          "by": ctx.actor.id})
                                 for u, _, _ in reached]
        if kind == "personal":
            effects.append(SetState(ctx.actor.id, "personal_orders",
                                    {"turn": turn, "count": count + 1}))
        who = join(", ", [msg("{unit} ({how}, {distance} m)", unit=u.label, how=how,
                              distance=distance(d)) for u, d, how in reached])
        what = kind.replace("_", " ")
        step = info_step("order", "Order", msg("{kind} → {who}", kind=what, who=who),
                         note=msg("§4.11; {n} personal left this turn",
                                  n=PERSONAL_PER_TURN - count - 1)
                         if kind == "personal" else "§4.11")
        said = msg("{kind} order given; {n} personal left this turn", kind=what,
                   n=PERSONAL_PER_TURN - count - 1) if kind == "personal" else \
            msg("{kind} order given", kind=what)
        return ctx.resolution([step], effects, said)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._plan(ctx)
        return OutcomeDistribution("order", (("given", Fraction(1)),))
