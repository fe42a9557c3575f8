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
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from .bases import BaseShape, base_polygon
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


@dataclass(frozen=True)
class PathProblem:
    """Why a move is not allowed, as facts (no words: the engine words them for players,
    engine/path_words.py). `code` is one of PATH_PROBLEMS; `terrain` names the impassable
    features crossed; `cost_in` / `allowance_in` / `difficult` say how a move is too long."""

    code: str
    terrain: tuple[str, ...] = ()
    cost_in: float = 0.0
    allowance_in: float = 0.0
    difficult: bool = False


#: The kinds of PathProblem: crossing impassable terrain, costing more than the allowance,
#: ending wholly off the table, ending partly over its edge.
PATH_PROBLEMS = ("impassable", "too_long", "off_table", "over_edge")


@dataclass
class PathCheck:
    """Whether a move is allowed, what it measures and costs, and why not if it is not."""

    legal: bool
    length_in: float
    cost_in: float
    problems: list[PathProblem] = field(default_factory=list)


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
    table: tuple[float, float] | None = None,
    facing: float = 0.0,
) -> PathCheck:
    """Is moving the base's centre along `path` (first point = where it stands) legal?
    With `table` (width, height in inches) a base that ends wholly or partly past the
    table's edge (standing at `facing`) is flagged too."""
    xy = _points(path, "path", min_points=2)
    allowance = _allowance(allowance_in)
    if not isinstance(base, BaseShape):
        raise ValueError(f"base: expected a BaseShape, got {type(base).__name__}")
    length = float(np.hypot(*np.diff(xy, axis=0).T).sum())
    line = LineString(xy) if length > 0 else Point(xy[0])
    problems = []
    blocked = _impassable_overlapping(index, line.buffer(base.width_in / 2), vehicle)
    if blocked:
        problems.append(PathProblem("impassable", terrain=tuple(blocked)))
    slow = index.union_where(_slow_mask(index, vehicle))
    inside = float(shapely.length(shapely.intersection(line, slow))) if length > 0 else 0.0
    cost = length + (DIFFICULT_FACTOR - 1) * inside
    if cost > allowance + _TOL:
        problems.append(PathProblem("too_long", cost_in=cost, allowance_in=allowance,
                                    difficult=inside > _TOL))
    if table is not None:
        end = base_polygon(base, float(xy[-1][0]), float(xy[-1][1]), facing)
        x0, y0, x1, y1 = end.bounds
        if x0 < -_TOL or y0 < -_TOL or x1 > table[0] + _TOL or y1 > table[1] + _TOL:
            whole = x1 < 0 or y1 < 0 or x0 > table[0] or y0 > table[1]
            problems.append(PathProblem("off_table" if whole else "over_edge"))
    return PathCheck(not problems, length, cost, problems)


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


# ------------------------------------------------------------------------- straight moves

#: A straight move stops this far (inches) short of the contact it found, so the base
#: touches what stopped it without overlapping it by a rounding error.
STOP_GAP_IN = 1e-6
#: Overlap (square inches) below which two shapes at the start only touch.
_START_OVERLAP_SQIN = 1e-9
#: A contact is confirmed by moving this much further (inches) and finding an overlap of
#: more than _CONFIRM_SQIN; a base that only grazes an edge or a corner overlaps nothing.
CONFIRM_IN = 1e-3
_CONFIRM_SQIN = 1e-10
_CONFIRM_BATCH = 16


@dataclass(frozen=True, slots=True)
class StraightMove:
    """How far bases moving together along one direction get before something stops them.

    `distance` ≤ `requested`; `blocker` is the index (into the obstacles given) of what
    stopped them, or -1 for the table's edge, None when nothing did; `mover` is the index of
    the moving base that met it. `ignored` lists obstacles the bases already overlapped at
    the start (they may leave them, so those do not stop the move)."""

    requested: float
    distance: float
    direction: tuple[float, float]
    blocker: int | None = None
    mover: int | None = None
    ignored: tuple[int, ...] = ()

    @property
    def blocked(self) -> bool:
        return self.blocker is not None

    @property
    def short_by(self) -> float:
        return self.requested - self.distance


def straight_move(
    movers: Sequence[Polygon],
    direction: tuple[float, float],
    distance: float,
    obstacles: Sequence[BaseGeometry] = (),
    *,
    table: tuple[float, float] | None = None,
) -> StraightMove:
    """Move the polygons `movers` together by up to `distance` inches along `direction`
    (a vector, any length), stopping at first contact with an obstacle's area (a polygon)
    or, with `table` = (width, height), at the table's edge.

    First contact of translating polygons is a vertex of one meeting an edge of the other,
    so it is found exactly by casting each mover vertex along the direction against every
    obstacle edge and each obstacle vertex backwards against every mover edge, all at once
    with numpy; a hit counts only where the ray enters the other shape (sliding along an
    edge does not stop a move). Obstacles whose bounding box the swept bases cannot reach
    are left out first.
    """
    d = _allowance(distance)
    ux, uy = _unit_vector(direction)
    polys = [_as_area(p, f"movers[{i}]") for i, p in enumerate(movers)]
    if not polys:
        raise ValueError("movers: expected at least one base")
    obs = [_as_area(q, f"obstacles[{j}]") for j, q in enumerate(obstacles)]
    best, blocker, mover = d, None, None
    ignored: list[int] = []
    if obs:
        mover_arr = np.array(polys, dtype=object)
        obs_arr = np.array(obs, dtype=object)
        overl = shapely.area(shapely.intersection(mover_arr[:, None], obs_arr[None, :]))
        start_in = (overl > _START_OVERLAP_SQIN).any(axis=0)
        ignored = [int(j) for j in np.flatnonzero(start_in)]
        near = _reachable(mover_arr, obs_arr, ux, uy, d) & ~start_in
        cand = np.flatnonzero(near)
        if cand.size:
            t, j, i = _first_contact(polys, [obs[k] for k in cand], ux, uy, d)
            if j is not None and t < best:
                best, blocker, mover = t, int(cand[j]), i
    if table is not None:
        t, i = _table_limit(polys, ux, uy, table)
        if t < best:
            best, blocker, mover = t, -1, i
    if blocker is not None:
        best = max(0.0, best - STOP_GAP_IN)
    return StraightMove(d, best, (ux, uy), blocker, mover, tuple(ignored))


def _unit_vector(direction: object) -> tuple[float, float]:
    try:
        dx, dy = (float(v) for v in direction)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        raise ValueError(f"direction: expected a vector (dx, dy), got {direction!r}") from None
    n = math.hypot(dx, dy)
    if not math.isfinite(n) or n <= _TOL:
        raise ValueError(f"direction: expected a non-zero finite vector, got {direction!r}")
    return dx / n, dy / n


def _as_area(p: object, name: str) -> Polygon:
    if isinstance(p, Polygon) and not p.is_empty and p.area > 0:
        return shapely.geometry.polygon.orient(p, 1.0)  # counter-clockwise (in x-right, y-up)
    if isinstance(p, shapely.MultiPolygon) and not p.is_empty:
        raise ValueError(f"{name}: expected one polygon, got a MultiPolygon; pass its parts")
    raise ValueError(f"{name}: expected a polygon with an area, got {p!r:.60}")


def _reachable(movers: np.ndarray, obs: np.ndarray, ux: float, uy: float, d: float
               ) -> np.ndarray:
    """Obstacles whose bounds meet the bounds of the bases swept by the move."""
    mb = shapely.bounds(movers)
    lo = np.minimum(mb[:, :2], mb[:, :2] + d * np.array([ux, uy])).min(axis=0)
    hi = np.maximum(mb[:, 2:], mb[:, 2:] + d * np.array([ux, uy])).max(axis=0)
    ob = shapely.bounds(obs)
    return ((ob[:, 0] <= hi[0]) & (ob[:, 2] >= lo[0]) & (ob[:, 1] <= hi[1])
            & (ob[:, 3] >= lo[1]))


def _rings(polys: Sequence[Polygon]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every ring edge (start, end) of the polygons (holes too), with its polygon index.
    Exteriors are counter-clockwise and holes clockwise, so the area is on each edge's left."""
    starts, ends, owner = [], [], []
    for k, p in enumerate(polys):
        for ring in (p.exterior, *p.interiors):
            xy = np.asarray(ring.coords)
            starts.append(xy[:-1])
            ends.append(xy[1:])
            owner.append(np.full(len(xy) - 1, k))
    return np.concatenate(starts), np.concatenate(ends), np.concatenate(owner)


def _ray_hits(points: np.ndarray, vx: float, vy: float, a: np.ndarray, b: np.ndarray,
              limit: float) -> np.ndarray:
    """[point, edge] distance along (vx, vy) at which each point's ray enters through each
    edge (the area on the edge's left), inf where it does not within `limit`."""
    ex, ey = (b - a)[:, 0][None, :], (b - a)[:, 1][None, :]
    wx = a[:, 0][None, :] - points[:, 0][:, None]
    wy = a[:, 1][None, :] - points[:, 1][:, None]
    den = vx * ey - vy * ex  # cross(v, e): < 0 where the ray crosses into the left side
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (wx * ey - wy * ex) / den
        s = (wx * vy - wy * vx) / den
    ok = (den < -_TOL) & (t >= -1e-9) & (t <= limit) & (s >= -1e-12) & (s <= 1 + 1e-12)
    return np.where(ok, np.maximum(t, 0.0), np.inf)


def _first_contact(movers: Sequence[Polygon], obs: Sequence[Polygon], ux: float, uy: float,
                   d: float) -> tuple[float, int | None, int | None]:
    """(distance, obstacle index, mover index) of the first contact within `d`.

    Every vertex-edge meeting is a candidate; taken in order of distance, the first one
    after which the shapes really overlap (moved CONFIRM_IN further) is the contact, so a
    base sliding along an edge or past a corner it only touches is not stopped."""
    ma, mb, mown = _rings(movers)
    oa, ob, oown = _rings(obs)
    t1 = _ray_hits(ma, ux, uy, oa, ob, d)  # mover vertices into obstacle edges
    r1, c1 = np.nonzero(np.isfinite(t1))
    t2 = _ray_hits(oa, -ux, -uy, ma, mb, d)  # obstacle vertices into mover edges
    r2, c2 = np.nonzero(np.isfinite(t2))
    t = np.concatenate([t1[r1, c1], t2[r2, c2]])
    ob_i = np.concatenate([oown[c1], oown[r2]])
    mv_i = np.concatenate([mown[r1], mown[c2]])
    if t.size == 0:
        return math.inf, None, None
    cand = np.unique(np.column_stack([np.round(t, 12), ob_i, mv_i]), axis=0)
    cand = cand[np.argsort(cand[:, 0], kind="stable")]
    for lo in range(0, len(cand), _CONFIRM_BATCH):
        chunk = cand[lo:lo + _CONFIRM_BATCH]
        step = chunk[:, 0] + CONFIRM_IN
        moved = [affinity.translate(movers[int(m)], float(s) * ux, float(s) * uy)
                 for s, m in zip(step, chunk[:, 2], strict=True)]
        others = np.array([obs[int(j)] for j in chunk[:, 1]], dtype=object)
        area = shapely.area(shapely.intersection(np.array(moved, dtype=object), others))
        real = np.flatnonzero(area > _CONFIRM_SQIN)
        if real.size:
            k = int(real[0])
            return float(chunk[k, 0]), int(chunk[k, 1]), int(chunk[k, 2])
    return math.inf, None, None


def _table_limit(movers: Sequence[Polygon], ux: float, uy: float,
                 table: tuple[float, float]) -> tuple[float, int | None]:
    """How far the bases go before one leaves the table (vertices already off it in the
    direction of travel stop it at once)."""
    w, h = (float(v) for v in table)
    best, who = math.inf, None
    for i, p in enumerate(movers):
        xy = np.asarray(p.exterior.coords)
        lims = []
        if ux > _TOL:
            lims.append((w - xy[:, 0]) / ux)
        elif ux < -_TOL:
            lims.append(-xy[:, 0] / ux)
        if uy > _TOL:
            lims.append((h - xy[:, 1]) / uy)
        elif uy < -_TOL:
            lims.append(-xy[:, 1] / uy)
        if lims:
            t = max(0.0, float(np.min(np.concatenate(lims))))
            if t < best:
                best, who = t, i
    return best, who
