"""The DASH (04 §4.1, §4.2-2, §4.5-2, §4.A-4): a sub-action (no active action of its own)
rushing into melee or to cover. At short distance it happens before the enemy's turn and
succeeds by default; at medium it is simultaneous with the enemy's turn, the dasher counts
as a target at medium distance until it ends, and only death stops it by default (the GM
may rule that a wound does); at long or extreme distance it is impossible."""

from __future__ import annotations

from fractions import Fraction

from engine.dice import DiceSource
from engine.i18n import msg
from engine.model import SetState
from engine.odds import OutcomeDistribution
from engine.protocol import Context, Resolution, Role, info_step
from engine.scenario import Unit

from . import bands
from .common import BEAction

__all__ = ["dash_timing", "dash_stopped", "Dash"]


def dash_timing(band: str | None) -> str | None:
    """"before" (short: before the enemy's turn), "simultaneous" (medium), None
    (impossible: long, extreme, out of range; or already in contact)."""
    return {"short": "before", "medium": "simultaneous"}.get(band or "")


def dash_stopped(unit: Unit, rule: str) -> bool:
    """Whether the fire that met a medium DASH stopped it (§4.A-4): death (a character
    killed this round, still acting), or — when the GM rules so — a wound."""
    if unit.state.get("dead_pending") or unit.state.get("hp") == 0:
        return True
    return rule == "wound" and bool(unit.state.get("wound"))


class Dash(BEAction):
    id = "dash"
    label = "DASH"
    roles = (Role("actor", kind="unit"),
             Role("target", kind="unit", label="the enemy to dash toward",
                                 doc="the enemy rushed into melee (or beside the cover)"))
    facts = ("distance_m", bands.RANGE_BAND)
    doc = "rush into melee or to cover: before the enemy at short, simultaneous at medium"

    def range_band(self, ctx: Context) -> str | None:
        return bands.band_of(ctx.fact("distance_m"), ctx.rule("band_edges"))

    def _timing(self, ctx: Context) -> tuple[str | None, str]:
        band = bands.band(ctx)
        return dash_timing(band), band or "unknown"

    def _check(self, ctx: Context) -> str:
        """The DASH's timing; refuses a stopped dasher and a distance it cannot reach."""
        timing, band = self._timing(ctx)
        if dash_stopped(ctx.actor, ctx.rule("dash_stopped_by")):
            self.refuse(msg("{unit} is stopped (§4.A-4)", unit=ctx.actor.label), "actor")
        if timing is None:
            self.refuse("already in close combat" if band == "close" else
                        msg("{band} distance: a DASH reaches only short or medium (§4.1)",
                            band=band), "target")
        return timing

    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        timing = self._check(ctx)
        if timing == "before":
            text = msg("short distance: {unit} reaches {target} before his turn; spend the "
                       "active action on close combat or cover (§4.1, §4.2-2)",
                       unit=ctx.actor.label, target=ctx.target.label)
        else:
            text = msg("medium distance: simultaneous with {target}'s turn; {unit} is a "
                       "target at medium until the dash ends; only death stops it by default "
                       "(§4.1, §4.A-4)", unit=ctx.actor.label, target=ctx.target.label)
        return ctx.resolution([info_step("dash", "DASH", text)],
                              [SetState(ctx.actor.id, "dashing",
                                        {"toward": ctx.target.id, "timing": timing})],
                              msg("DASH ({timing})", timing=timing))

    def odds(self, ctx: Context) -> OutcomeDistribution:
        timing = self._check(ctx)
        return OutcomeDistribution("dash", ((timing, Fraction(1)),))
