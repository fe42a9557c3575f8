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
#: allowance / 80 at its rim.
REACH_CELLS = 40
#: The fast march starts from a disc this many cells wide around the centre (a point source
#: is where a first-order march errs most), whose cost is charged at the disc's slowest cell.
SOURCE_CELLS = 1.5
_TOL = 1e-9


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
    # Widening the cells' staircase outline costs a buffer of every step: simplified first
    # (moved at most `tol`) and widened by `tol` less, the area stays inside the staircase's
    # own widening; arcs of 4 segments a quarter lie inside the true circle. Both err short.
    cell = max(allowance / REACH_CELLS, 0.02)
    tol = min(cell / 4, half / 2)
    inner = shapely.simplify(shapely.intersection(centres, limit), tol)
    area = inner.buffer(half - tol, quad_segs=4)
    if not impassable.is_empty:
        area = shapely.difference(area, impassable)
    # where it stands now is always reachable, even a base forced partly into water
    return shapely.union(area, base_poly)


# ------------------------------------------------------------------------------ internals


def _reachable_centres(
    index: TerrainIndex, cx: float, cy: float, allowance: float, half: float, vehicle: bool,
    impassable: BaseGeometry,
) -> BaseGeometry:
    """Grid cells (as one shape) whose centre the base can reach within the allowance.

    The cost of getting to each cell is the travel time of a fast march (scikit-fmm's
    second-order Eikonal solution, speed 1 in the open and 1 / DIFFICULT_FACTOR in difficult
    terrain; closed cells masked out), so a straight move costs its length with no grid-
    direction error — the 16-neighbour grid search it replaced charged up to 2.7 % more. The
    march starts from a disc of SOURCE_CELLS cells around the centre; on open ground it never
    charges less than the true distance (measured: 0 to +0.5 % at the rim), so the area
    stays on the short side."""
    import skfmm  # only a drag needs it; kept off the program's start-up

    cell = max(allowance / REACH_CELLS, 0.02)
    n = int(math.ceil(allowance / cell))
    xs = cx + cell * np.arange(-n, n + 1)
    ys = cy + cell * np.arange(-n, n + 1)
    gx, gy = np.meshgrid(xs, ys)  # [row = y, col = x]
    dist = np.hypot(gx - cx, gy - cy)
    closed = dist > allowance + cell
    if not impassable.is_empty:
        closed |= shapely.intersects_xy(_widened(index, vehicle, half, impassable), gx, gy)
    slow = index.union_where(_slow_mask(index, vehicle))
    factor = np.where(shapely.intersects_xy(slow, gx, gy), DIFFICULT_FACTOR, 1.0)
    ok = np.zeros(gx.shape, dtype=bool)
    ok[n, n] = True  # where it stands
    r0 = SOURCE_CELLS * cell
    disc = dist < r0
    if not closed[n, n] and (~closed).sum() > disc.sum():
        phi = np.ma.MaskedArray(dist - r0, mask=closed)
        try:
            t = skfmm.travel_time(phi, 1.0 / factor, dx=cell, order=2)
        except ValueError:  # no open cell around the source: it stays where it is
            t = None
        if t is not None:
            start = r0 * float(factor[disc & ~closed].max(initial=1.0))
            cost = np.ma.filled(np.ma.where(disc, 0.0, t), np.inf) + start
            ok |= (cost <= allowance + _TOL) & ~closed
    return _cells_shape(ok, xs, ys, cell)


#: Impassable terrain widened by a base's half width, per terrain index: a drag start
#: should not buffer every water piece again.
_WIDENED: dict[tuple[int, bool, float], tuple[TerrainIndex, BaseGeometry]] = {}


def _widened(index: TerrainIndex, vehicle: bool, half: float,
             impassable: BaseGeometry) -> BaseGeometry:
    key = (id(index), vehicle, round(half, 9))
    hit = _WIDENED.get(key)
    if hit is not None and hit[0] is index:
        return hit[1]
    wide = impassable.buffer(half, quad_segs=8)
    shapely.prepare(wide)
    if len(_WIDENED) > 64:
        _WIDENED.clear()
    _WIDENED[key] = (index, wide)
    return wide


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
