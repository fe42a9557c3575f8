"""Firing (§4.3-2, §4.A-4) and making contact by a comm test (§4.5)."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import (
    SetState,
)
from engine.odds import OutcomeDistribution
from engine.protocol import (
    Action,
    Context,
    Resolution,
    Role,
    info_step,
)

from . import common
from .action_kit import ONE, need_game, refuse, scenario_of
from .command import comm_facts, comm_odds, plan_comm, roll_comm


class Fire(Action):
    """Fire a weapon: 1 action, not the same weapon twice per activation (§4.3-2,
    §4.A-4). The seed has no fire tables (§8-10): this records the shot for the
    activation's restrictions; the fire itself is resolved at the table."""

    id = "fire_weapon"
    label = "Fire a weapon"
    label_ru = "Стрелять из оружия"
    roles = (Role("actor", kind="unit"),
             Role("weapon", kind="weapon"),
             Role("target", kind="unit", required=False))
    support = False

    def cost_of(self, ctx: Context) -> Cost:
        if ctx.rule("fire_limit") == "once":
            return Cost(actions=1, uses_weapon=True, once_per="activation", once_key="fire",
                        proposed=True, reason="§4.A-4 once")
        return Cost(actions=1, uses_weapon=True, weapon_once_per="activation")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        if ctx.actor.state.get("march_order"):
            refuse(msg("{unit}: no firing in march order (§4.10-6)", unit=ctx.actor.label),
                    "actor")
        w = ctx.weapon or ctx.weapon_id
        note = "fire tables are not in this seed (§8-10)"
        if ctx.target is not None and ctx.game is not None:
            from .officers import attached_squad

            squad = attached_squad(ctx.game, ctx.target.id, float(ctx.rule("cohesion_in")))
            if squad and not common.value(scenario_of(ctx), ctx.actor, "sniper", False):
                note = msg("fire tables are not in this seed (§8-10); {target} counts as part "
                           "of {squad} when shot at (§4.9-1: only a sniper may pick him out)",
                           target=ctx.target.label, squad=squad)
        if ctx.target is not None:
            what = msg("{weapon} at {target}", weapon=w, target=ctx.target.label)
            said = msg("{unit} fires {weapon} at {target}", unit=ctx.actor.label, weapon=w,
                       target=ctx.target.label)
        else:
            what = msg("{weapon}", weapon=w)
            said = msg("{unit} fires {weapon}", unit=ctx.actor.label, weapon=w)
        return ctx.resolution([info_step("fire", "Fire", what, note=note)], [], said)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return OutcomeDistribution("fire", (("fired", Fraction(1)),))


class FireSupport(Fire):
    id = "fire_support_weapon"
    label = "Fire a support weapon"
    label_ru = "Стрелять из оружия поддержки"
    support = True


class MakeContact(Action):
    """Make contact: a comm test (§4.5) with another unit; none needed in sight within 6".
    Its effect (§4.A-18 report): the unit is 'in contact' with the other this turn."""

    id = "make_contact"
    label = "Make contact"
    label_ru = "Выйти на связь"
    roles = (Role("actor", kind="unit"), Role("target", kind="unit", label="unit contacted"))
    cost = ONE

    def _plan(self, ctx: Context):
        game = need_game(ctx, "a comm test")
        plan = plan_comm(comm_facts(game, ctx.actor, ctx.target, 0), dict(ctx.rules))
        if plan.kind == "impossible":        # refused before any die, odds alike
            refuse(msg("communication: {why}", why=plan.why), "target")
        return plan

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        plan = self._plan(ctx)
        step = roll_comm(plan, dice)
        ok = step.results[0] == "through" if step.results else True
        eff = [SetState(ctx.actor.id, "in_contact", ctx.target.id)] if ok else []
        return ctx.resolution([step], eff, msg("{unit} → {target}: contact" if ok else
                                               "{unit} → {target}: no contact",
                                               unit=ctx.actor.label, target=ctx.target.label))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        return comm_odds(self._plan(ctx))
