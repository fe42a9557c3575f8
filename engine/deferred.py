"""Deferred effects: effects an action schedules for a later boundary of the turn.

A shooter killed this turn still fires; a character killed in a round dies at the end of
his own turn (04 §4.A-5). The action puts `Defer(...)` in its Change instead of the effect
itself; the effect waits in `game.state["deferred"]` and the turn operation that crosses
its boundary applies it as part of its own Change (so undoing the turn step takes it back,
and undoing the action unschedules it).

A deferred entry: {"at", "side", "unit", "turn", "effects" (their to_dict form), "label"}.
It applies at the first crossing of `at` — for `side` / `unit` when given — after it was
scheduled. An end boundary that does not come again this turn (the victim has already
acted) is met at the end of the turn (04 §4.A-5 PROPOSED: "or at the end of the round").
An effect that can no longer apply (the unit is already gone) is skipped and said so.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.i18n import join, msg
from engine.model import EFFECT_KINDS, Effect, Game, ModelError, effect_from_dict
from engine.triggers import BOUNDARIES, Crossing

__all__ = ["DEFERRED", "Defer", "Release", "defer", "pending", "due_now"]

DEFERRED = "deferred"
_END_OF_TURN = ("activation_end", "side_end", "phase_end", "turn_end")


def pending(game: Game | None) -> list[dict]:
    """Deferred entries still waiting (copies)."""
    if game is None:
        return []
    return copy.deepcopy(list(game.state.get(DEFERRED) or []))


@dataclass(frozen=True)
class Defer(Effect):
    """Schedule `effects` (to_dict forms) for boundary `at` of `side` / `unit`."""

    at: str
    effects: list
    side: str | None = None
    unit: str | None = None
    label: str = ""
    kind: ClassVar[str] = "defer"

    def __post_init__(self) -> None:
        if self.at not in BOUNDARIES:
            raise ModelError(f"defer.at: expected one of {' | '.join(BOUNDARIES)}, "
                             f"got {self.at!r}")
        if not isinstance(self.effects, list) or not self.effects:
            raise ModelError("defer.effects: expected a list of effects' dict forms")
        for i, e in enumerate(self.effects):
            if not isinstance(e, dict):
                raise ModelError(f"defer.effects[{i}]: expected an effect's dict form")
            try:
                effect_from_dict(e)   # refuse a bad effect now, not at the boundary
            except ModelError as err:
                raise ModelError(f"defer.effects[{i}]: {err}") from None

    def writes(self, game):
        entry = {"at": self.at, "side": self.side, "unit": self.unit, "turn": game.turn,
                 "effects": copy.deepcopy(list(self.effects)), "label": self.label}
        return [(["game", "state", DEFERRED], True, [*pending(game), entry])]

    def describe(self) -> str:
        what = self.label or join("; ", [effect_from_dict(e).describe() for e in self.effects])
        at = self.at.replace("_", " ")
        if self.unit or self.side:
            return msg("deferred to {at} of {whose}: {what}", at=at,
                       whose=self.unit or self.side, what=what)
        return msg("deferred to {at}: {what}", at=at, what=what)


EFFECT_KINDS.setdefault(Defer.kind, Defer)


@dataclass(frozen=True)
class Release(Effect):
    """Take `entries` off the waiting list (they have been applied), read at apply time so
    an entry deferred by the same Change stays."""

    entries: list
    kind: ClassVar[str] = "release_deferred"

    def writes(self, game):
        rest = [e for e in pending(game) if e not in self.entries]
        return [(["game", "state", DEFERRED], bool(rest), rest or None)]

    def describe(self) -> str:
        return msg("{n} deferred effect group(s) applied", n=len(self.entries))


EFFECT_KINDS.setdefault(Release.kind, Release)


def defer(effects: Sequence[Effect], at: str, *, side: str | None = None,
          unit: str | None = None, label: str = "") -> Defer:
    """The effect that schedules `effects` for boundary `at` (of `side` / `unit`)."""
    return Defer(at, [e.to_dict() for e in effects], side, unit, label)


def _matches(entry: dict, c: Crossing) -> bool:
    if entry.get("at") != c.at:
        return False
    if entry.get("side") is not None and c.side is not None and entry["side"] != c.side:
        return False
    if entry.get("unit") is not None and entry["unit"] != c.unit:
        return False
    return True


def due_now(game: Game, crossings: Sequence[Crossing]) -> tuple[list[Effect], list[dict],
                                                                   list[str]]:
    """(effects to apply — the last one a `Release` of their entries —, entries left
    waiting, notes) for a turn step crossing
    `crossings` in order. The effects are tried on the game in order and reverted, so one
    that can no longer apply is left out with a note instead of failing the step."""
    waiting = pending(game)
    due: list[dict] = []
    ends_turn = any(c.at == "turn_end" for c in crossings)
    for c in crossings:
        hit = [e for e in waiting if _matches(e, c)
               or (ends_turn and c.at == "turn_end" and e.get("at") in _END_OF_TURN
                   and e.get("turn", game.turn) <= game.turn)]
        due += hit
        waiting = [e for e in waiting if e not in hit]
    effects: list[Effect] = []
    notes: list[str] = []
    tried: list[list] = []
    try:
        for entry in due:
            for d in entry.get("effects") or []:
                e = effect_from_dict(d)
                try:
                    tried.append(e.apply(game))
                except ModelError as err:
                    notes.append(f"{entry.get('label') or e.describe()}: skipped ({err})")
                    continue
                effects.append(e)
    finally:
        for before in reversed(tried):
            Effect.revert(game, before)
    if due:
        effects.append(Release(due))
    return effects, waiting, notes
