"""Triggers: the tests a ruleset says are due at a boundary of the turn.

A ruleset declares `Trigger`s in its turn hooks (engine.turns.TurnHooks.triggers): at the
start or end of a turn, a side's turn, a phase or an activation, which units must (or may)
take which test — a suppressed soldier's Guts tests at the start of his side's turn (01
§4.5-3); later rulesets: panic, rally, a Leadership test for a unit under 3 figures. The turn
operations (engine.turns) call `fire` at each boundary they cross and store the result in
`game.state["due"]` as part of their Change; the Tests dock offers what is due, and
applying the test (engine.costs.charge) takes it off the list in the same Change.

A due entry: {"test", "unit", "at", "turn", "side", "label", "until"} — `until` is the
boundary at which it lapses when nobody took it: the end of the scope that started it (a
start-of-turn test lapses at the end of that side's turn), or the next occurrence of an
end boundary (a test due at the end of a phase stays due until that phase ends again).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.i18n import msg
from engine.model import (
    EFFECT_KINDS,
    Change,
    Effect,
    Game,
    SetGameState,
    apply_change,
    revert_change,
)
from engine.scenario import Unit

__all__ = ["BOUNDARIES", "MOVE", "Trigger", "Crossing", "DUE", "due", "due_for", "fire",
           "after_crossings", "taken_effects", "TakeDue", "check_triggers", "after_move",
           "due_after_move", "move_change"]

BOUNDARIES = ("turn_start", "turn_end", "side_start", "side_end", "phase_start", "phase_end",
              "activation_start", "activation_end")
#: Not a boundary of the turn: a trigger at "move" is checked after every move on the board
#: (`after_move`), over every unit on the table, and its entries last until the turn ends or
#: the condition stops holding (a stealthed operative within medium distance of a scout).
MOVE = "move"
DUE = "due"


@dataclass(frozen=True, slots=True)
class Trigger:
    """At boundary `at`, every unit in its scope for which `when(game, unit)` holds is due
    test `test` (an action id of kind "test"). The scope is the boundary's: every unit on
    the table (turn), the side's units (side), the acting side's units (phase), the unit
    itself (activation). `label` says why, with its rules paragraph."""

    at: str
    test: str
    when: Callable[[Game, Unit], bool] | None = None
    label: str = ""
    proposed: bool = False

    def __post_init__(self) -> None:
        if self.at not in (*BOUNDARIES, MOVE):
            raise ValueError(f"trigger.at: expected one of {' | '.join(BOUNDARIES)} | "
                             f"{MOVE}, got {self.at!r}")
        if not isinstance(self.test, str) or not self.test:
            raise ValueError(f"trigger.test: expected an action id, got {self.test!r}")


@dataclass(frozen=True, slots=True)
class Crossing:
    """A boundary the turn passes: which one, and whose (side, phase, unit)."""

    at: str
    side: str | None = None
    phase: str | None = None
    unit: str | None = None


def due(game: Game | None) -> list[dict]:
    """The tests due now, in the order they fell due (copies)."""
    if game is None:
        return []
    return copy.deepcopy(list(game.state.get(DUE) or []))


def due_for(game: Game | None, unit: str) -> list[dict]:
    return [d for d in due(game) if d.get("unit") == unit]


def _scope_units(game: Game, c: Crossing) -> list[Unit]:
    if c.at.startswith("turn"):
        return list(game.units)
    if c.at.startswith("activation"):
        return [u for u in game.units if u.id == c.unit]
    side = c.side if c.side is not None else game.active_side
    return list(game.units_of(side)) if side is not None else list(game.units)


def _until(at: str) -> str:
    return at.replace("_start", "_end")


def fire(game: Game, triggers: Sequence[Trigger], crossing: Crossing) -> list[dict]:
    """The due entries `crossing` raises on the game as it stands."""
    out: list[dict] = []
    for t in triggers:
        if t.at != crossing.at:
            continue
        for u in _scope_units(game, crossing):
            if t.when is None or t.when(game, u):
                out.append({"test": t.test, "unit": u.id, "at": t.at, "turn": game.turn,
                            "side": crossing.side or u.side, "label": t.label,
                            "until": _until(t.at)})
    return out


def after_crossings(kept: Iterable[dict], crossings: Sequence[Crossing]) -> list[dict]:
    """`kept` without the entries that lapse at one of `crossings` (an end boundary)."""
    ends = {c.at for c in crossings if c.at.endswith("_end")}
    return [d for d in kept if d.get("until") not in ends]


@dataclass(frozen=True)
class TakeDue(Effect):
    """Take `test` off the unit's due list (it has been taken), read at apply time."""

    unit: str
    test: str
    kind: ClassVar[str] = "take_due"

    def writes(self, game):
        rest = [d for d in due(game) if not (d.get("unit") == self.unit
                                             and d.get("test") == self.test)]
        return [(["game", "state", DUE], bool(rest), rest or None)]

    def describe(self) -> str:
        return msg("{unit}: {test} taken (no longer due)", unit=self.unit, test=self.test)


EFFECT_KINDS.setdefault(TakeDue.kind, TakeDue)


def taken_effects(game: Game | None, unit: str, action: str) -> list[Effect]:
    """The effect that clears a due test when `unit` takes `action` (none if not due)."""
    if any(d.get("test") == action for d in due_for(game, unit)):
        return [TakeDue(unit, action)]
    return []


def set_due(game: Game, entries: list[dict]) -> list[Effect]:
    """The effect that sets the due list (none when it does not change)."""
    now = game.state.get(DUE) or []
    if entries == now:
        return []
    return [SetGameState(DUE, entries or None)]


def check_triggers(triggers: Any, where: str = "turn.hooks.triggers") -> tuple[Trigger, ...]:
    out = tuple(triggers or ())
    for i, t in enumerate(out):
        if not isinstance(t, Trigger):
            raise ValueError(f"{where}[{i}]: expected an engine.triggers.Trigger, got {t!r}")
    return out


def after_move(game: Game, triggers: Sequence[Trigger]) -> list[Effect]:
    """The due-list effect after a move on the board, read on the game as it now stands:
    entries raised at "move" are checked again — kept while their condition holds, dropped
    when it stops, added for every unit it newly holds for (none twice: a test already due
    for the unit at a boundary is not added again)."""
    moving = [t for t in triggers if t.at == MOVE]
    if not moving:
        return []
    now = due(game)
    kept = [d for d in now if d.get("at") != MOVE]
    taken = {(d.get("unit"), d.get("test")) for d in kept}
    for t in moving:
        for u in game.units:
            if (u.id, t.test) in taken or not (t.when is None or t.when(game, u)):
                continue
            taken.add((u.id, t.test))
            old = next((d for d in now if d.get("at") == MOVE and d.get("unit") == u.id
                        and d.get("test") == t.test), None)
            kept.append(old if old is not None else {
                "test": t.test, "unit": u.id, "at": MOVE, "turn": game.turn, "side": u.side,
                "label": t.label, "until": "turn_end"})
    return set_due(game, kept)


def due_after_move(game: Game, triggers: Sequence[Trigger], effects: Sequence[Effect]
                   ) -> list[dict]:
    """The tests a move (MoveUnit effects) would newly make due, without making it: what
    the board says while a unit is dragged."""
    if not any(t.at == MOVE for t in triggers):
        return []
    before = {(d.get("unit"), d.get("test")) for d in due(game)}
    change = Change(list(effects), "preview")
    apply_change(game, change)
    try:
        more = after_move(game, triggers)
        now = more[0].value if more else due(game)
    finally:
        revert_change(game, change)
    return [d for d in now or () if (d.get("unit"), d.get("test")) not in before]


def move_change(game: Game, triggers: Sequence[Trigger], effects: Sequence[Effect],
                label: str) -> Change:
    """A board move (MoveUnit effects) as one Change with the tests it makes due or no
    longer due (`after_move`), so undoing the move takes them back with it."""
    change = Change(list(effects), label)
    if not any(t.at == MOVE for t in triggers):
        return change
    apply_change(game, change)
    try:
        more = after_move(game, triggers)
    finally:
        revert_change(game, change)
    return Change([*effects, *more], label)


__all__ += ["set_due"]
