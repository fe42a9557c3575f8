"""Changes: effects applied together and undone together, all or nothing."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .effects import Effect, effect_from_dict
from .game import Game, ModelError

__all__ = ["Change", "apply_change", "revert_change"]


@dataclass(slots=True)
class Change:
    """Effects applied together and undone together. `before` is filled by
    `apply_change` (one list of before-records per effect) and cleared by revert."""

    effects: list[Effect] = field(default_factory=list)
    label: str = ""
    before: list[list[list]] | None = None

    @property
    def applied(self) -> bool:
        return self.before is not None

    def describe(self) -> list[str]:
        return [e.describe() for e in self.effects]

    def to_dict(self) -> dict:
        return {"label": self.label, "effects": [e.to_dict() for e in self.effects],
                "before": copy.deepcopy(self.before)}

    @classmethod
    def from_dict(cls, d: dict) -> Change:
        return cls([effect_from_dict(e) for e in d.get("effects", [])],
                   str(d.get("label", "")), copy.deepcopy(d.get("before")))


def apply_change(game: Game, change: Change) -> None:
    """Apply every effect in order, all or nothing: if one fails, those already applied
    are reverted and the error is raised."""
    if change.applied:
        raise ModelError(f"change {change.label!r}: already applied")
    done: list[list[list]] = []
    try:
        for e in change.effects:
            done.append(e.apply(game))
    except Exception:
        for before in reversed(done):
            Effect.revert(game, before)
        raise
    change.before = done


def revert_change(game: Game, change: Change) -> None:
    """Undo an applied change exactly (last effect first)."""
    if change.before is None:
        raise ModelError(f"change {change.label!r}: not applied, nothing to revert")
    for before in reversed(change.before):
        Effect.revert(game, before)
    change.before = None
