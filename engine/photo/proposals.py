"""The suggestions a player accepted, as one Change: each accepted base moves its unit there
(a rectangular base's facing too, the way nearest the unit's own, a base's long side telling
only its axis), each accepted outline is a new terrain piece — one undo step for them all."""

from __future__ import annotations

from dataclasses import dataclass

from engine.edits import AddTerrain
from engine.i18n import msg
from engine.model import Change, Game, MoveUnit
from engine.photo.suggest import BaseSuggestion, TerrainSuggestion

__all__ = ["Accepted", "accepted_change"]


@dataclass(frozen=True, slots=True)
class Accepted:
    """A suggestion the player accepted, at the place it was accepted (moved or not)."""

    suggestion: BaseSuggestion | TerrainSuggestion
    x: float | None = None
    y: float | None = None
    #: another kind for a terrain outline (the player's change of the suggested one)
    kind: str | None = None


def _facing(unit_facing: float, axis: float | None) -> float | None:
    if axis is None:
        return None
    return min((axis % 360, (axis + 180) % 360),
               key=lambda f: abs((f - unit_facing + 180) % 360 - 180))


def _free_id(game: Game, taken: set[str]) -> str:
    ids = {p.id for p in game.scenario.terrain} | {u.id for u in game.all_units()} | taken
    n = 1
    while f"photo-{n}" in ids:
        n += 1
    return f"photo-{n}"


def accepted_change(game: Game, accepted: list[Accepted]) -> Change:
    """One Change for everything accepted (ModelError when applied if a unit is gone)."""
    effects = []
    taken: set[str] = set()
    for a in accepted:
        s = a.suggestion
        if isinstance(s, BaseSuggestion):
            if s.unit is None:
                continue
            unit = game.unit(s.unit)
            x = s.x if a.x is None else a.x
            y = s.y if a.y is None else a.y
            effects.append(MoveUnit(s.unit, round(x, 2), round(y, 2),
                                    _facing(unit.facing, s.facing)))
        else:
            ident = _free_id(game, taken)
            taken.add(ident)
            dx = 0.0 if a.x is None else a.x - s.polygon[0][0]
            dy = 0.0 if a.y is None else a.y - s.polygon[0][1]
            effects.append(AddTerrain({"id": ident, "kind": a.kind or s.kind, "polygon": [
                [round(px + dx, 2), round(py + dy, 2)] for px, py in s.polygon]}))
    return Change(effects, msg("{n} suggestions from the photo accepted", n=len(effects)))
