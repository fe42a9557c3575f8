"""Movement (§4.10, §5.4) as pure functions: inches per action by class and state, the
2dN combat move's dice and its exact odds of reaching a distance, the encumbrance limit."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

import icepool

from engine.dice import Die
from geometry.terrain_piece import TerrainPiece

from . import data

if TYPE_CHECKING:
    from shapely.geometry import LineString
    from shapely.geometry.base import BaseGeometry

__all__ = ["state_class", "normal_move", "combat_die", "combat_reach", "p_reach",
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


def combat_die(row: str, base_class: str | None = None, faces_rule: str = "current_move"
               ) -> Die | None:
    """The die of the 2dN combat move: faces = the normal move (§4.10-5); in a reduced
    state the current move's faces (§4.A-15 current_move) or the class's (class). None:
    no combat move (aircraft, rail)."""
    use = base_class if faces_rule == "class" and base_class else row
    n = int(data.move_class(use)["combat"])
    return Die(n) if n else None


def combat_reach(d: Die) -> icepool.Die:
    """The distribution of 2dN: two dice summed, not one doubled (§4.10-5)."""
    return 2 @ icepool.d(d.sides)


def p_reach(d: Die, distance_in: float) -> Fraction:
    """P(2dN ≥ distance), exact: P(2d6 ≥ 7) = 21/36 (KP-6)."""
    dist = combat_reach(d)
    return Fraction(sum(q for v, q in dist.items() if v >= distance_in - 1e-9),
                    dist.denominator())


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
