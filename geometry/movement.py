"""Movement: how far a base may go, and whether a drawn path is legal (design.md, Terrain).

The model, shared by `reach_area` and `check_path`:
- a move is the path of the base's centre; its cost is its length, with the part inside
  difficult terrain (and over walls and hedges, "obstacle") counted DIFFICULT_FACTOR times;
- the base sweeps a corridor as wide as itself (its width across the direction of travel,
  `half_width` either side of the centre); that corridor may not overlap impassable
  terrain (water; buildings for vehicles, whose `vehicle_movement` is used when
  vehicle=True);
- the table's edge is not known here: callers clip to the table.
Rulesets add their own penalties (e.g. a fixed cost to cross a wall) on top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from .bases import BaseShape
from .los import base_frames
from .terrain import TerrainIndex

#: Difficult terrain costs this many inches of allowance per inch moved (half rate).
DIFFICULT_FACTOR = 2.0
#: Grid cells across the allowance radius in `reach_area`: the reach is found to about
#: allowance / 80 at its rim, and the 16-neighbour grid metric overstates a straight move by
#: at most 2.7 %, so the area errs on the short side.
REACH_CELLS = 40
_TOL = 1e-9
# 16-neighbour moves (dx, dy) and the cells each passes beside, which must be free too
_MOVES: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
for _dx, _dy in [(1, 0), (0, 1), (1, 1), (1, 2), (2, 1)]:
    for _sx in (1, -1):
        for _sy in (1, -1):
            dx, dy = _dx * _sx, _dy * _sy
            via: tuple[tuple[int, int], ...] = ()
            if abs(dx) == 1 and abs(dy) == 1:
                via = ((dx, 0), (0, dy))
            elif abs(dx) + abs(dy) == 3:  # a knight's move skirts two cells
                hx, hy = int(math.copysign(1, dx)), int(math.copysign(1, dy))
                via = ((0, hy), (hx, hy)) if abs(dy) == 2 else ((hx, 0), (hx, hy))
            if (dx, dy, via) not in _MOVES:
                _MOVES.append((dx, dy, via))


@dataclass
class PathCheck:
    """Whether a move is allowed, what it measures and costs, and why not if it is not."""

    legal: bool
    length_in: float
    cost_in: float
    reasons: list[str] = field(default_factory=list)


def path_length(points: Sequence[tuple[float, float]]) -> float:
    """Length of a polyline through the points (0 for fewer than two)."""
    xy = _points(points, "points", min_points=0)
    if len(xy) < 2:
        return 0.0
    return float(np.hypot(*np.diff(xy, axis=0).T).sum())


def check_path(
    index: TerrainIndex,
    base: BaseShape,
    path: Sequence[tuple[float, float]],
    allowance_in: float,
    *,
    vehicle: bool = False,
) -> PathCheck:
    """Is moving the base's centre along `path` (first point = where it stands) legal?"""
    xy = _points(path, "path", min_points=2)
    allowance = _allowance(allowance_in)
    if not isinstance(base, BaseShape):
        raise ValueError(f"base: expected a BaseShape, got {type(base).__name__}")
    length = float(np.hypot(*np.diff(xy, axis=0).T).sum())
    line = LineString(xy) if length > 0 else Point(xy[0])
    reasons = []
    blocked = _impassable_overlapping(index, line.buffer(base.width_in / 2), vehicle)
    if blocked:
        reasons.append("crosses impassable terrain: " + ", ".join(blocked))
    slow = index.union_where(_slow_mask(index, vehicle))
    inside = float(shapely.length(shapely.intersection(line, slow))) if length > 0 else 0.0
    cost = length + (DIFFICULT_FACTOR - 1) * inside
    if cost > allowance + _TOL:
        note = " (difficult terrain counted double)" if inside > _TOL else ""
        reasons.append(f'too long: costs {cost:.2f}"{note}, allowance {allowance:.2f}"')
    return PathCheck(not reasons, length, cost, reasons)


def reach_area(
    index: TerrainIndex, base_poly: Polygon, allowance_in: float, *, vehicle: bool = False
) -> BaseGeometry:
    """The table area the base can cover by the end of a move of `allowance_in`.

    Centres reachable within the allowance are found on a grid (16-neighbour cost distance,
    difficult cells at DIFFICULT_FACTOR, cells whose corridor would touch impassable terrain
    closed), then widened by the base's half width: exact for round bases, for rectangles
    and ovals the corners beyond the half width are left out. Never reaches past the
    allowance measured in a straight line; the base's own footprint is always included.
    """
    if not isinstance(base_poly, Polygon) or base_poly.is_empty or base_poly.area <= 0:
        raise ValueError(f"base_poly: expected a base polygon with an area, got {base_poly!r:.60}")
    allowance = _allowance(allowance_in)
    centre, half_a, half_b = base_frames(np.array([base_poly], dtype=object))
    cx, cy = centre[0]
    half = float(min(np.hypot(*half_a[0]), np.hypot(*half_b[0])))
    impassable = index.union_where(index.movement_mask("impassable", vehicle))
    if allowance <= 0:
        return base_poly
    centres = _reachable_centres(index, cx, cy, allowance, half, vehicle, impassable)
    limit = Point(cx, cy).buffer(allowance, quad_segs=32)
    area = shapely.intersection(centres, limit).buffer(half, quad_segs=16)
    if not impassable.is_empty:
        area = shapely.difference(area, impassable)
    # where it stands now is always reachable, even a base forced partly into water
    return shapely.union(area, base_poly)


# ------------------------------------------------------------------------------ internals


def _reachable_centres(
    index: TerrainIndex, cx: float, cy: float, allowance: float, half: float, vehicle: bool,
    impassable: BaseGeometry,
) -> BaseGeometry:
    """Grid cells (as one shape) whose centre the base can reach within the allowance."""
    cell = max(allowance / REACH_CELLS, 0.02)
    n = int(math.ceil(allowance / cell))
    xs = cx + cell * np.arange(-n, n + 1)
    ys = cy + cell * np.arange(-n, n + 1)
    gx, gy = np.meshgrid(xs, ys)  # [row = y, col = x]
    closed = np.hypot(gx - cx, gy - cy) > allowance + cell
    if not impassable.is_empty:
        wide = impassable.buffer(half, quad_segs=8)
        shapely.prepare(wide)
        closed |= shapely.intersects_xy(wide, gx, gy)
    slow = index.union_where(_slow_mask(index, vehicle))
    factor = np.where(shapely.intersects_xy(slow, gx, gy), DIFFICULT_FACTOR, 1.0)
    factor[closed] = np.inf
    cost = np.full(gx.shape, np.inf)
    cost[n, n] = 0.0
    size = 2 * n + 1
    for _ in range(8 * size):
        before = cost.copy()
        for dx, dy, via in _MOVES:
            _relax(cost, factor, dx, dy, via, cell, size)
        if np.array_equal(before, cost):
            break
    ok = cost <= allowance + _TOL
    return _cells_shape(ok, xs, ys, cell)


def _relax(cost, factor, dx, dy, via, cell, size) -> None:
    """cost[b] = min(cost[b], cost[a] + step) for every a -> b = a + (dx, dy), in place."""
    src = (slice(max(0, -dy), size - max(0, dy)), slice(max(0, -dx), size - max(0, dx)))
    dst = (slice(max(0, dy), size - max(0, -dy)), slice(max(0, dx), size - max(0, -dx)))
    step = cell * math.hypot(dx, dy) * (factor[src] + factor[dst]) / 2
    for vx, vy in via:  # the cells the move passes beside must be open too
        mid = (slice(max(0, -dy) + vy, size - max(0, dy) + vy),
               slice(max(0, -dx) + vx, size - max(0, dx) + vx))
        step = np.where(np.isinf(factor[mid]), np.inf, step)
    np.minimum(cost[dst], cost[src] + step, out=cost[dst])


def _cells_shape(ok: np.ndarray, xs: np.ndarray, ys: np.ndarray, cell: float) -> BaseGeometry:
    """The union of the grid cells marked ok, built from horizontal runs."""
    padded = np.pad(ok.astype(np.int8), ((0, 0), (1, 1)))
    edges = np.diff(padded, axis=1)
    rows, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)
    if len(rows) == 0:
        return Polygon()
    h = cell / 2
    boxes = shapely.box(xs[starts] - h, ys[rows] - h, xs[ends - 1] + h, ys[rows] + h)
    return shapely.union_all(boxes)


def _slow_mask(index: TerrainIndex, vehicle: bool) -> np.ndarray:
    return index.movement_mask("difficult", vehicle) | index.movement_mask("obstacle", vehicle)


def _impassable_overlapping(
    index: TerrainIndex, corridor: BaseGeometry, vehicle: bool
) -> list[str]:
    mask = index.movement_mask("impassable", vehicle)
    hit = index.overlaps([corridor])[0] & mask
    return [index.ids[j] for j in np.flatnonzero(hit)]


def _points(points: object, name: str, min_points: int) -> np.ndarray:
    try:
        xy = np.asarray(points, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a list of (x, y) points") from None
    if xy.size == 0:
        xy = xy.reshape(0, 2)
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError(f"{name}: expected a list of (x, y) points")
    bad = np.flatnonzero(~np.isfinite(xy).all(axis=1))
    if len(bad):
        raise ValueError(f"{name}[{bad[0]}]: expected finite numbers")
    if len(xy) < min_points:
        raise ValueError(f"{name}: expected at least {min_points} points, got {len(xy)}")
    return xy


def _allowance(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.number):
        raise ValueError(f"allowance_in: expected a number, got {value!r}")
    v = float(value)
    if not math.isfinite(v) or v < 0:
        raise ValueError(f"allowance_in: expected a distance of 0 or more, got {value!r}")
    return v
