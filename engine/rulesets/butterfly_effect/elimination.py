"""Silent elimination (04 §4.8-6): the hider who won the duel with that aim is in contact
at the start of the next round and may stun or kill a lone target, or take him hostage
(and interrogate him). Killing a target who is not alone also succeeds, but a full fight
starts at once (the alarm is raised). No dice."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import Effect, RemoveUnit, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import Context, Resolution, Role, info_step

from .common import BEAction

__all__ = ["SilentElimination"]


class SilentElimination(BEAction):
    id = "silent_elimination"
    label = "Silent elimination"
    roles = (Role("actor", kind="unit", label="hider"),
             Role("target", kind="unit", label="lone target"))
    cost = Cost(actions=1, reason="the active action of the next round (§4.8-6)")
    options = (
        Option("act", "What he does", "choice", "kill", choices=("kill", "stun", "hostage"),
               reason="§4.8-6", help="kill or stun a lone target, or take him hostage"),
        Option("alone", "The target is alone", "bool", True, reason="§4.8-6",
               help="not alone: only a kill, and a full fight starts at once"),
    )
    doc = "after a won stealth duel: stun, kill or take hostage a lone target (04 §4.8-6)"

    def _check(self, ctx: Context) -> None:
        if ctx.actor.state.get("duel_won") != ctx.target.id:
            self.refuse(msg("{unit} has not won a stealth duel against {target} (§4.8-6)",
                            unit=ctx.actor.label, target=ctx.target.label), "target")
        if not ctx.option("alone") and ctx.option("act") != "kill":
            self.refuse("the target is not alone: only a kill, and then a full fight "
                        "(§4.8-6)", "options.act")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        t, act = ctx.target, ctx.option("act")
        effects: list[Effect] = [SetState(ctx.actor.id, "duel_won", None),
                                 SetState(ctx.actor.id, "stealth", None)]
        if act == "kill":
            effects.append(RemoveUnit(t.id, "silently eliminated"))
        else:
            effects.append(SetState(t.id, "neutralised" if act == "stun" else "hostage", True))
        text = {"kill": msg("{target} killed", target=t.label),
                "stun": msg("{target} stunned", target=t.label),
                "hostage": msg("{target} taken hostage", target=t.label)}[act]
        if not ctx.option("alone"):
            effects.append(SetState(ctx.actor.id, "alarm", True))
            text = msg("{done}; he was not alone: a full fight starts at once", done=text)
        return ctx.resolution([info_step("eliminate", "Silent elimination", text)],
                              effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("silent elimination",
                                   ((ctx.option("act"), Fraction(1)),))
