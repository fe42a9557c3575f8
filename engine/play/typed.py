"""Typed dice previewed: what the faces typed so far decide, and what is still needed.

A preview is not a roll: nothing is logged until the resolution is applied. Typing works
by resolving with the faces entered so far; when they run out the engine's `DiceError`
says which step needs how many of which die — the fields a door shows next. The steps
already decided are final whatever the later dice are, because a resolution reads its dice
in order (`resolved_so_far` replays it with stand-in faces after the typed ones).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.dice import DiceError, Die, TypedDice
from engine.i18n import Text, said

if TYPE_CHECKING:
    from engine.protocol import Context, Resolution, Step

__all__ = ["DiceGroup", "TypedRun", "resolve_typed", "resolved_so_far"]


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """The dice one step asks for: its label (the dice label), the die and how many."""

    label: str
    die: str
    count: int


@dataclass(slots=True)
class TypedRun:
    """The result of resolving with the typed faces so far.

    `resolution` is set when the faces sufficed; `steps` are the steps decided so far;
    `groups` the dice fields to show (the steps rolled, then the one that needs more);
    `error` the engine's DiceError (ran out: reason "missing"; a refused face: "face");
    `refusal` any other refusal of the rules (not loaded, out of range …)."""

    resolution: Resolution | None = None
    steps: list[Step] = field(default_factory=list)
    groups: list[DiceGroup] = field(default_factory=list)
    error: DiceError | None = None
    refusal: Any = None
    used: int = 0  # how many typed values the resolution read

    @property
    def needs(self) -> DiceGroup | None:
        e = self.error
        if e is not None and e.step is not None and e.needed is not None:
            return DiceGroup(e.step, e.die or "?", e.needed)
        return None


class _StandIn(TypedDice):
    """The typed faces, then stand-in faces (each die's 1) once they run out — only to
    learn which steps the typed faces decide; never shown or logged."""

    kind = "typed"  # the faces shown are the typed ones

    def roll(self, d: Die, n: int, *, label: str) -> list[int]:
        left = len(self.remaining)
        if n > left:
            self._values.extend([1] * (n - left))
        return super().roll(d, n, label=label)


def resolved_so_far(ctx: Context, values: Sequence[str | int], typed: int) -> list[Step]:
    """The steps decided by the first `typed` faces (in order), from a replay with stand-in
    faces after them. A step whose dice go past the typed ones ends the list."""
    try:
        res = ctx.resolve(_StandIn(list(values[:typed])))
    except (ValueError, KeyError):
        return []
    out, seen = [], 0
    for s in res.steps:
        seen += len(s.faces)
        if seen > typed:
            break
        out.append(s)
    return out


def resolve_typed(ctx: Any, values: Sequence[str | int]) -> TypedRun:
    """Resolve `ctx` (a Context or a JointContext) with the typed `values` and say what
    is still needed."""
    dice = TypedDice(list(values))
    run = TypedRun()
    try:
        res = ctx.resolve(dice)
    except DiceError as err:
        run.error = err
    except (ValueError, KeyError) as err:
        text = said(err)
        run.refusal = text if isinstance(text, Text) else str(err).strip("'\"")
    else:
        run.resolution = res
        run.steps = list(res.steps)
    run.groups = [DiceGroup(r.label, r.die, len(r.faces)) for r in dice.records if r.faces]
    run.used = sum(g.count for g in run.groups)
    need = run.needs
    if need is not None:
        run.groups.append(need)
    if run.resolution is None:
        run.steps = resolved_so_far(ctx, values, run.used)
    return run
