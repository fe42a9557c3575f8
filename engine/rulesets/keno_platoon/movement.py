"""Movement (§4.10, §5.4) as pure functions: inches per action by class and state, the
2dN combat move's die (its roll and odds are data: move.toml), the encumbrance limit, the
roads and rails a move keeps to."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.dice import Die
from engine.house.check import ruleset_checks
from geometry.terrain_piece import TerrainPiece

from . import data
from .options import OPTIONS

if TYPE_CHECKING:
    from shapely.geometry import LineString
    from shapely.geometry.base import BaseGeometry

__all__ = ["state_class", "normal_move", "COMBAT_MOVE", "combat_inputs", "combat_die",
           "can_carry", "is_encumbered", "REDUCED", "ways", "path_along", "off_way"]

#: How far a path may stray from a road's or a rail's shape (inches): drawing slack.
WAY_SLACK_IN = 0.05

#: Reduced states that replace the class's move (§4.10-3, -4), by the state key's value.
REDUCED = ("encumbered", "encumbered_light", "towing", "overloaded_light",
           "overloaded_heavy", "manhandled")


def state_class(move_class: str, encumbered: bool = False, tow_state: str | None = None
                ) -> str:
    """The movement row that applies: towing / overloaded / manhandled replace the class;
    encumbered infantry moves 4", encumbered light infantry 6" (§4.10-3)."""
    if tow_state:
        data.move_class(tow_state)
        return tow_state
    if encumbered:
        if move_class == "infantry":
            return "encumbered"
        if move_class == "light_infantry":
            return "encumbered_light"
    return move_class


def normal_move(row: str) -> float:
    """Inches per action (rail: at most, aircraft: at least)."""
    return float(data.move_class(row)["inches"])


#: The combat move's 2dN, as data (move.toml): its die, its roll and its odds.
COMBAT_MOVE = ruleset_checks(data.RULESET_ID, "move.toml", data=data.rules(),
                             rule_ids={o.id for o in OPTIONS})[1]["combat_move"]


def combat_inputs(unit: str, row: str, base_class: str | None = None, gap: float = 0.0
                  ) -> dict[str, Any]:
    """The combat move check's inputs: who moves (their name, for a refusal), the
    movement row that applies and the class's own, the distance to the destination."""
    return {"unit": unit, "row": row, "base": base_class or row, "gap": gap}


def combat_die(row: str, base_class: str | None = None, faces_rule: str = "current_move"
               ) -> Die | None:
    """The die of the 2dN combat move (faces = the normal move, §4.10-5; in a reduced
    state the current move's or the class's, §4.A-15); None: no combat move (aircraft,
    rail)."""
    plan = COMBAT_MOVE.plan(combat_inputs("", row, base_class),
                            {o.id: o.default for o in OPTIONS} | {"combat_faces": faces_rule})
    rolled = plan.rolled
    return rolled.die if rolled is not None else None


def is_encumbered(state) -> bool:
    """Carrying a wounded comrade or a heavy item (§4.10-3): the `encumbered` flag, or any
    items in `carried`."""
    try:
        carried = int(state.get("carried", 0) or 0)
    except (TypeError, ValueError):
        raise ValueError(f"carried: expected a count of items, got "
                         f"{state.get('carried')!r}") from None
    return bool(state.get("encumbered")) or carried > 0


def can_carry(able_carriers: int, items_carried: int) -> bool:
    """Encumbrance limit (§4.10-3, KP-9): items carried ≤ fighters able to carry them."""
    return items_carried <= able_carriers


def ways(terrain: Iterable[TerrainPiece], kind: str) -> BaseGeometry:
    """The union of the pieces of `kind` ("road", "railway") still usable: a piece with
    `"intact": false` (broken rails, a cratered road) is left out (§4.10-1)."""
    import shapely  # here, not with the ruleset: its dice-only actions need no geometry

    shapes = [p.shape() for p in terrain if p.kind == kind and p.extra.get("intact", True)]
    return shapely.union_all(shapes) if shapes else shapely.Polygon()


def path_along(start: tuple[float, float], end: tuple[float, float], distance: float
               ) -> LineString:
    """The straight path from `start` toward `end`, `distance` long at most."""
    from shapely.geometry import LineString

    dx, dy = end[0] - start[0], end[1] - start[1]
    gap = (dx * dx + dy * dy) ** 0.5
    k = 1.0 if gap <= distance or gap == 0 else distance / gap
    return LineString([start, (start[0] + dx * k, start[1] + dy * k)])


def off_way(path: LineString, way: BaseGeometry) -> tuple[float, float] | None:
    """Where the path first leaves `way` (a point on it), or None when it keeps to it."""
    import shapely

    if way.is_empty:
        return tuple(path.coords[0])  # type: ignore[return-value]
    outside = path.difference(way.buffer(WAY_SLACK_IN))
    if outside.is_empty or outside.length < 1e-6:
        return None
    d = min(path.project(shapely.Point(c)) for part in shapely.get_parts(outside)
            for c in part.coords)
    pt = path.interpolate(d)
    return (pt.x, pt.y)
