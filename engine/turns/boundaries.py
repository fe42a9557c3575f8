"""The Change of a turn step that crosses boundaries (end of a side, start of a phase …).

Every step ends or starts something; what waits for those boundaries (deferred effects,
the tests due from triggers) must be applied in the same Change so one undo reverts the
whole step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import deferred, triggers
from engine.i18n import join, msg
from engine.model import (
    Change,
    Effect,
    Game,
    SetGameState,
    apply_change,
    revert_change,
)
from engine.triggers import Crossing
from engine.turns.queries import activations
from engine.turns.structure import TurnStructure


def _trial(game: Game, effects: Sequence[Effect], fn: Callable[[Game], Any]) -> Any:
    """`fn(game)` as the game would be after `effects` (applied, read, reverted)."""
    if not effects:
        return fn(game)
    change = Change(list(effects))
    apply_change(game, change)
    try:
        return fn(game)
    finally:
        revert_change(game, change)


def listed(names: Sequence[str], word: str) -> Any:
    """"allies and axis", "axis, then allies" — a message whose joining word is
    translated (`word` "and" or ", then")."""
    if len(names) <= 1:
        return names[0] if names else ""
    rest = listed(names[1:], word)
    if word == "and":
        return msg("{first} and {rest}", first=names[0], rest=rest)
    return msg("{first}, then {rest}", first=names[0], rest=rest)


def crossing_change(game: Game, structure: TurnStructure, label: str, base: Sequence[Effect],
                    ends: Sequence[Crossing], starts: Sequence[Crossing], *,
                    fresh: bool = False) -> Change:
    """The Change of a turn step that crosses `ends` then `starts`: the deferred effects
    waiting for those boundaries first, then the step's own `base` effects, then the due
    tests (those lapsing dropped; end triggers read after the deferred effects, start
    triggers after the whole step). `fresh` = the turn starts afresh (nothing stays due)."""
    trig = structure.hooks.triggers
    crossings = [*ends, *starts]
    waiting = deferred.pending(game)
    late, _left, notes = deferred.due_now(game, crossings) if waiting else ([], waiting, [])
    effects: list[Effect] = [*late, *base]
    now = triggers.due(game)
    if trig or now:
        kept = [] if fresh or any(c.at == "turn_end" for c in ends) else \
            triggers.after_crossings(now, ends)
        raised: list[dict] = []
        if trig and ends:
            raised += _trial(game, late, lambda g: [d for c in ends
                                                    for d in triggers.fire(g, trig, c)])
        if trig and starts:
            raised += _trial(game, [*late, *base],
                             lambda g: [d for c in starts for d in triggers.fire(g, trig, c)])
        effects += triggers.set_due(game, kept + raised)
        if raised:
            label = msg("{label}; {n} {n|test|tests|tests} due", label=label, n=len(raised))
    n = len(late) - 1        # the last is the Release of their entries
    if n > 0:
        label = msg("{label}; {n} deferred {n|effect|effects|effects} applied", label=label,
                    n=n)
    if notes:
        label = msg("{label} ({notes})", label=label, notes=join("; ", notes))
    return Change(effects, label)


def record_slot(game: Game, record: dict) -> SetGameState:
    return SetGameState("activations", [*activations(game), record])
