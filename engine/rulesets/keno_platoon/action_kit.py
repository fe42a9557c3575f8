"""What the keno actions share: the 1-action cost, the one refusal, and the scenario and
game lookups that work with or without a board."""

from __future__ import annotations

from fractions import Fraction
from typing import NoReturn

from engine.costs import Cost
from engine.i18n import msg
from engine.odds import OutcomeDistribution
from engine.protocol import (
    ActionRefused,
    Context,
)

ONE = Cost(actions=1)


def scenario_of(ctx: Context):
    """The game's scenario, None when the action is asked about off the board."""
    return ctx.game.scenario if ctx.game is not None else None


def refuse(text: str, argument: str | None = None) -> NoReturn:
    """The protocol's one refusal (ActionRefused), naming the argument at fault."""
    raise ActionRefused(text, argument=argument)


def need_game(ctx: Context, what: str):
    if ctx.game is None:
        refuse(msg("{what} needs the board (a game)", what=what))
    return ctx.game


def binary(label: str, p: Fraction, yes: str, no: str) -> OutcomeDistribution:
    return OutcomeDistribution(label, ((yes, p), (no, 1 - p)))
