"""Taking and leaving cover (04 §4.5-1..3, §4.5-5): occupying cover within short distance
takes the active action with no check; cover at medium distance is reached by a DASH first
(the dasher is shot at medium on the way); leaving cover is free. In full cover the
character may go into full defence (immune to shooting, cannot shoot). The cover taken is
the unit's state `in_cover` ("partial" / "full"), which fire reads when it is better than
what the board measures (the table wins over its mirror: the GM may also type the fact).
Heavy fire wearing cover away is cover_wear.py; cover counting for the round's earlier
fire (§4.A-6) is cover_timing.py."""

from __future__ import annotations

from fractions import Fraction

from engine.costs import Cost
from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import Effect, SetState
from engine.odds import OutcomeDistribution
from engine.options import Option
from engine.protocol import Context, Resolution, info_step

from .common import BEAction
from .cover_timing import reprice_earlier_fire

__all__ = ["TakeCover", "LeaveCover", "better_cover"]

_RANK = {"none": 0, "partial": 1, "full": 2}


def better_cover(measured: str, declared: str | None) -> str:
    """The better of the board's cover and the cover the character has taken."""
    d = declared if declared in _RANK else "none"
    return measured if _RANK[measured] >= _RANK[d] else d


class TakeCover(BEAction):
    id = "take_cover"
    label = "Take cover"
    cost = Cost(actions=1, reason="occupying cover takes the active action (§4.5-1)")
    options = (
        Option("cover", "Cover", "choice", "partial", choices=("partial", "full"),
               reason="§4.5-4, §4.5-5"),
        Option("distance", "Cover is at", "choice", "short", choices=("short", "medium"),
               reason="§4.5-1, §4.5-2", help="short: no check; medium: DASH there first"),
        Option("full_defence", "Full defence", "bool", False, reason="§4.5-5",
               help="in full cover: immune to shooting, cannot shoot back"),
    )
    doc = "occupy cover within short distance, or at medium after a DASH (04 §4.5)"

    def _check(self, ctx: Context) -> None:
        if ctx.option("full_defence") and ctx.option("cover") != "full":
            self.refuse("full defence needs full cover (§4.5-5)", "options.full_defence")
        if ctx.option("distance") == "medium" and not ctx.actor.state.get("dashing"):
            self.refuse("cover at medium distance is reached by a DASH first (§4.5-2)",
                        "options.distance")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        u, cover = ctx.actor, ctx.option("cover")
        effects: list[Effect] = [SetState(u.id, "in_cover", cover)]
        camo = 1 if cover == "partial" else 2
        if ctx.option("full_defence"):
            effects.append(SetState(u.id, "full_defence", True))
            text = msg("{unit} in {cover} cover (camouflage {camouflage}); full defence: "
                       "immune to shooting, cannot shoot", unit=u.label, cover=cover,
                       camouflage=camo)
        else:
            text = msg("{unit} in {cover} cover (camouflage {camouflage})", unit=u.label,
                       cover=cover, camouflage=camo)
        steps = [info_step("cover", "Take cover", text)]
        if ctx.rule("cover_timing") == "whole_round":
            more, said = reprice_earlier_fire(ctx, u, cover)
            if said:
                effects += more
                steps.append(info_step("earlier_fire", "Fire earlier this round", said))
        return ctx.resolution(steps, effects, text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("take cover", ((ctx.option("cover"), Fraction(1)),))


class LeaveCover(BEAction):
    id = "leave_cover"
    label = "Leave cover"
    doc = "free: step out a few paces and act from the open (04 §4.5-3)"

    def _check(self, ctx: Context) -> None:
        u = ctx.actor
        if not u.state.get("in_cover") and not u.state.get("full_defence"):
            self.refuse(msg("{unit} has taken no cover", unit=u.label), "actor")

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        self._check(ctx)
        u = ctx.actor
        text = msg("{unit} steps out into the open (free, §4.5-3)", unit=u.label)
        return ctx.resolution([info_step("cover", "Leave cover", text)],
                              [SetState(u.id, "in_cover", None),
                               SetState(u.id, "full_defence", None)], text)

    def odds(self, ctx: Context) -> OutcomeDistribution:
        self._check(ctx)
        return OutcomeDistribution("leave cover", (("open", Fraction(1)),))
