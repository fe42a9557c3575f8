"""The one refusal style, asserted (no tests here): an action that cannot be taken raises
engine.protocol.ActionRefused from resolve and from odds with the same message, rolling
nothing."""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.protocol import ActionRefused, argument_of


def refused(ctx, argument: str | None = "?") -> str:
    """The message `ctx`'s action refuses with (resolve and odds alike); `argument`, when
    given, is the argument it must name (None: the action as a whole)."""
    with pytest.raises(ActionRefused) as rolled:
        ctx.resolve(ScriptedDice([]))   # no die may be drawn: ScriptedDice([]) has none
    with pytest.raises(ActionRefused) as priced:
        ctx.odds()
    assert str(priced.value) == str(rolled.value)
    if argument != "?":
        assert argument_of(rolled.value, ctx.action) == argument, str(rolled.value)
    return str(rolled.value)
