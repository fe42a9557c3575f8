"""Silent elimination (04 §4.8-6): the hider who won the duel with that aim is in contact
at the start of the next round and may stun or kill a lone target, or take him hostage
(and interrogate him). Killing a target who is not alone also succeeds, but a full fight
starts at once (the alarm is raised). No dice."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.model import Effect, RemoveUnit, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import Context, Resolution, Role, info_step

from .common import BEAction

__all__ = ["SilentElimination"]


class SilentElimination(BEAction):
    id = "silent_elimination"
    label = "Silent elimination"
    roles = (Role("actor", label="hider"), Role("target", label="lone target"))
    cost = Cost(actions=1, reason="the active action of the next round (§4.8-6)")
    options = (
        Option("act", "What he does", "choice", "kill", choices=("kill", "stun", "hostage"),
               reason="§4.8-6", help="kill or stun a lone target, or take him hostage"),
        Option("alone", "The target is alone", "bool", True, reason="§4.8-6",
               help="not alone: only a kill, and a full fight starts at once"),
    )
    doc = "after a won stealth duel: stun, kill or take hostage a lone target (04 §4.8-6)"

    def _why_not(self, ctx: Context) -> str | None:
        if ctx.actor.state.get("duel_won") != ctx.target.id:
            return (f"{ctx.actor.label} has not won a stealth duel against "
                    f"{ctx.target.label} (§4.8-6)")
        if not ctx.option("alone") and ctx.option("act") != "kill":
            return "the target is not alone: only a kill, and then a full fight (§4.8-6)"
        return None

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        why = self._why_not(ctx)
        if why:
            return self.refused(ctx, why)
        t, act = ctx.target, ctx.option("act")
        effects: list[Effect] = [SetState(ctx.actor.id, "duel_won", None),
                                 SetState(ctx.actor.id, "stealth", None)]
        if act == "kill":
            effects.append(RemoveUnit(t.id, "silently eliminated"))
        else:
            effects.append(SetState(t.id, "neutralised" if act == "stun" else "hostage", True))
        text = {"kill": f"{t.label} killed", "stun": f"{t.label} stunned",
                "hostage": f"{t.label} taken hostage"}[act]
        if not ctx.option("alone"):
            effects.append(SetState(ctx.actor.id, "alarm", True))
            text += "; he was not alone: a full fight starts at once"
        return ctx.resolution([info_step("eliminate", "Silent elimination", text)],
                              effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        if self._why_not(ctx):
            return self.refused_odds("silent elimination")
        return OutcomeDistribution("silent elimination",
                                   ((ctx.option("act"), Fraction(1)),))
