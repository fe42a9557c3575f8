"""Where a scattered blast template may land, worked out exactly over the scatter dice.

Before the roll a player wants to know what a scatter risks: for each unit, the chance that
the template ends up over its base, and the chance that its base is under the hole. The
landing point is the aim point moved by a distance (from the distance die) along a bearing.
The distance die's faces are each equally likely; the bearing is taken over a fine uniform
grid (`n_bearings`, 180 by default: every 2°), which is how the app's own dice roll it to
within the grid. So every probability here is a finite weighted sum over the (face ×
bearing) landings — exact for that grid, not sampled.

The rules are the ones `geometry.templates` decides a single landing with, so a probability
is exactly what a loop of `under_template` over the same landings would count:
- under the template: the base overlaps the template polygon with positive area
  (`MIN_OVERLAP_SQIN`). Vectorised as a distance test from each landed centre to each base:
  a base farther than the radius cannot overlap (the polygon lies inside its circle); one
  closer than the polygon's apothem less `EXACT_BAND_IN` overlaps by far more than the
  threshold; the few pairs in between are settled with the real polygon's overlap area.
  Most distances are not measured but bounded by discs about each base, and a few-sided
  convex base's (a rectangle's, whose discs bound it loosely) worked out in numpy to within
  rounding, compared with a slack (`_covered_pairs`),
  and a probability is summed exactly (whole shares, one rounding: `template_odds`).
- under the hole: the base contains the landed centre (boundary included); when several do,
  the one whose centre is nearest, then the smallest id — `hole_base`'s rule.

A flamer does not scatter (it is laid from the shooter's base), so it has no odds here:
`geometry.templates.under_template` gives its one answer.

The heat map (`coverage_raster`) is for drawing: the chance that a point of the table ends
up under the template, on a raster of cells, with the template taken as its circle.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .templates import BLAST_3, BLAST_5, MIN_OVERLAP_SQIN, TEMPLATE_QUAD_SEGS, blast

#: Default bearing grid: every 2°.
N_BEARINGS = 180
#: Width (inches) inside the template's edge where overlap is decided by the polygon itself.
#: A base reaching this far inside the inscribed circle overlaps it by about the square of
#: it at a right-angled corner (1e-6 sq in), a thousand times MIN_OVERLAP_SQIN; at 0.01 the
#: band held eight times the pairs, each a GEOS overlay (300 a d20 placement at 2,000 units).
EXACT_BAND_IN = 0.001
#: Diameters of the templates that scatter, by name.
BLAST_DIAMETERS: dict[str, float] = {"blast-3": BLAST_3, "blast-5": BLAST_5}


@dataclass(frozen=True, slots=True)
class DistanceScheme:
    """A distance die: the scatter distance (inches) each face gives, all faces equally
    likely. `label` says which rule, for the panel and the log."""

    label: str
    die_sides: int
    distances: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.distances) != self.die_sides or self.die_sides < 1:
            raise ValueError(f"distances: expected one distance per face "
                             f"({self.die_sides}), got {len(self.distances)}")
        if any(not math.isfinite(d) or d < 0 for d in self.distances):
            raise ValueError(f"distances: expected non-negative numbers, got {self.distances}")

    def distance_weights(self) -> list[tuple[float, Fraction]]:
        """Each distinct distance with its probability (faces giving the same distance,
        e.g. every d6 face at or under the accuracy, are merged)."""
        counts: dict[float, int] = {}
        for d in self.distances:
            counts[d] = counts.get(d, 0) + 1
        return [(d, Fraction(n, self.die_sides)) for d, n in sorted(counts.items())]

    def p_no_scatter(self) -> float:
        return sum(1 for d in self.distances if d == 0) / self.die_sides


def d20_steps(inches_per_step: float = 1.0) -> DistanceScheme:
    """The d20 face is the distance in steps; every shot scatters."""
    if isinstance(inches_per_step, bool) or not isinstance(inches_per_step, int | float) \
            or not math.isfinite(inches_per_step) or inches_per_step <= 0:
        raise ValueError(f"inches_per_step: expected a positive number, got {inches_per_step!r}")
    step = float(inches_per_step)
    return DistanceScheme(f"d20 × {step:g}\"", 20, tuple(f * step for f in range(1, 21)))


def d6_minus_accuracy(accuracy: int) -> DistanceScheme:
    """d6 − accuracy inches, no scatter at 0 or less."""
    if isinstance(accuracy, bool) or not isinstance(accuracy, int | np.integer):
        raise ValueError(f"accuracy: expected a whole number, got {accuracy!r}")
    acc = int(accuracy)
    return DistanceScheme(f"d6 − {acc}", 6, tuple(float(max(0, f - acc)) for f in range(1, 7)))


def _check_aim(aim: Sequence[float]) -> tuple[float, float]:
    try:
        x, y = aim
    except (TypeError, ValueError):
        raise ValueError(f"aim: expected a point (x, y), got {aim!r}") from None
    for name, v in (("aim.x", x), ("aim.y", y)):
        if isinstance(v, bool) or not isinstance(v, int | float | np.floating) \
                or not math.isfinite(v):
            raise ValueError(f"{name}: expected a finite number, got {v!r}")
    return float(x), float(y)


def _check_bearings(n_bearings: int) -> int:
    if isinstance(n_bearings, bool) or not isinstance(n_bearings, int) or n_bearings < 1:
        raise ValueError(f"n_bearings: expected a whole number ≥ 1, got {n_bearings!r}")
    return n_bearings


def diameter_of(shape: str) -> float:
    """The diameter of a template that scatters; a flamer is refused (it does not scatter)."""
    if shape == "flamer":
        raise ValueError("shape: a flamer does not scatter; it has no landing odds "
                         "(use geometry.templates.under_template for where it lies)")
    try:
        return BLAST_DIAMETERS[shape]
    except KeyError:
        raise ValueError(f"shape: expected one of {', '.join(BLAST_DIAMETERS)}, "
                         f"got {shape!r}") from None


def bearing_grid(n_bearings: int = N_BEARINGS, offset: float = 0.0) -> np.ndarray:
    """The bearings the odds are taken over: offset + k · 360 / n degrees (a direction die
    whose face 1 points along `offset`)."""
    n = _check_bearings(n_bearings)
    if isinstance(offset, bool) or not isinstance(offset, int | float) \
            or not math.isfinite(offset):
        raise ValueError(f"bearing_offset: expected a finite number, got {offset!r}")
    grid = np.arange(n) * (360.0 / n)
    return grid if offset == 0 else (grid + float(offset)) % 360.0


@functools.lru_cache(maxsize=16)
def _unit_steps(n_bearings: int, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """cos and sin of each grid bearing, by math.cos/sin as scatter_point takes them (the
    same few grids every placement: kept, read-only)."""
    grid = bearing_grid(n_bearings, offset)
    cos = np.array([math.cos(math.radians(b)) for b in grid])
    sin = np.array([math.sin(math.radians(b)) for b in grid])
    cos.flags.writeable = sin.flags.writeable = False
    return cos, sin


@dataclass(frozen=True, slots=True)
class Landings:
    """Every place the template's centre may land, with its probability (they sum to 1).

    `offsets` are the moves from the aim point, `centres` aim + offset — the same
    arithmetic as `scatter_point` followed by `Template.translated`, so a brute-force check
    lands on the same points bit for bit. `distance` and `bearing` say which landing is which.
    """

    aim: tuple[float, float]
    offsets: np.ndarray  # (m, 2)
    centres: np.ndarray  # (m, 2)
    weights: np.ndarray  # (m,)
    distance: np.ndarray  # (m,)
    bearing: np.ndarray  # (m,)


def landings(aim: Sequence[float], scheme: DistanceScheme,
             n_bearings: int = N_BEARINGS, bearing_offset: float = 0.0) -> Landings:
    """The (face × bearing) landings of a scatter from `aim`; a zero distance is one landing
    (every bearing leaves the template where it was)."""
    x, y = _check_aim(aim)
    grid = bearing_grid(n_bearings, bearing_offset)
    # math.cos/sin, as scatter_point uses, so the landed points match it exactly.
    cos, sin = _unit_steps(n_bearings, bearing_offset)
    offs, ws, ds, bs = [], [], [], []
    for d, p in scheme.distance_weights():
        if d == 0:
            offs.append(np.zeros((1, 2)))
            ws.append(np.array([float(p)]))
            ds.append(np.zeros(1))
            bs.append(np.zeros(1))
            continue
        cx, cy = x + d * cos, y + d * sin
        offs.append(np.column_stack([cx - x, cy - y]))
        ws.append(np.full(grid.size, float(p) / grid.size))
        ds.append(np.full(grid.size, d))
        bs.append(grid)
    offsets = np.concatenate(offs)
    centres = np.column_stack([x + offsets[:, 0], y + offsets[:, 1]])
    return Landings((x, y), offsets, centres, np.concatenate(ws), np.concatenate(ds),
                    np.concatenate(bs))


@dataclass(frozen=True, slots=True)
class TemplateOdds:
    """Per unit (in the order given): the chance of ending up under the template and under
    the hole. `landings` are the points it was worked out over."""

    shape: str
    ids: tuple[str, ...]
    under: np.ndarray
    hole: np.ndarray
    landings: Landings

    def ranked(self, minimum: float = 0.0) -> list[tuple[str, float, float]]:
        """(id, P(under), P(hole)) for units above `minimum`, most likely first."""
        rows = [(i, float(u), float(h)) for i, u, h in zip(self.ids, self.under, self.hole,
                                                           strict=True) if u > minimum]
        rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
        return rows

    def of(self, unit_id: str) -> tuple[float, float]:
        k = self.ids.index(unit_id)
        return float(self.under[k]), float(self.hole[k])


def _check_polys(polys: Sequence[BaseGeometry] | np.ndarray, ids: Sequence[str]) -> np.ndarray:
    arr = np.asarray(polys, dtype=object).reshape(-1)
    if len(ids) != arr.size:
        raise ValueError(f"ids: expected {arr.size} ids for {arr.size} shapes, got {len(ids)}")
    ok = shapely.is_geometry(arr)
    if not np.all(ok):
        i = int(np.flatnonzero(~ok)[0])
        raise ValueError(f"polys[{i}]: expected a shapely geometry, got {arr[i]!r}")
    return arr


def _overlaps(template_ring: np.ndarray, offsets: np.ndarray, bases: np.ndarray) -> np.ndarray:
    """Whether each template (the aimed outline moved by an offset) overlaps its base with
    positive area:
    `covered_fractions`' rule, for pairs too close to the edge to decide by distance."""
    rings = template_ring[None, :, :] + offsets[:, None, :]
    shapes = shapely.polygons(rings)
    covered = shapely.area(shapely.intersection(shapes, bases))
    return (covered >= MIN_OVERLAP_SQIN) & (shapely.area(bases) > 0)


@dataclass(frozen=True, slots=True)
class LandingHits:
    """Per landing, who is under the template: `under[k, j]` is whether base k is under it
    at landing j, `hole[j]` the index of the base under the hole there (-1 for none). For
    chaining a rule's odds over where the template lands (engine.board_ops)."""

    ids: tuple[str, ...]
    under: np.ndarray  # (n, m) bool
    hole: np.ndarray  # (m,) int
    landings: Landings


#: Slack (inches) on the bounds that decide a pair without GEOS: a pair whose bound is
#: within this of a threshold is measured exactly.
BOUND_SLACK_IN = 1e-9


@dataclass(frozen=True, slots=True)
class _Pairs:
    """The (base k, landing j) pairs a blast covers, from `_covered_pairs`, and the base
    under the hole at each landing (-1: none)."""

    k: np.ndarray
    j: np.ndarray
    hole: np.ndarray


def _candidate_pairs(nb: np.ndarray, land: Landings,
                     radius: float) -> tuple[np.ndarray, np.ndarray]:
    """(base k, landing j) pairs whose base's box comes within the radius of the landed
    centre: only those can be under the template.

    The landings lie on rings about the aim (one per distance, a grid bearing each), so a
    base's candidates on a ring are an arc of bearings, worked out in closed form: a
    landing that near the box is within the radius plus the box's half-diagonal of its
    centre (`_arc`). The arcs, widened by a bearing each side, are a superset, cut to the
    box test itself: the same pairs as testing every landing (a dense base × landing
    prefilter was 5 M cells at 2,000 units and a d20 scatter; an STRtree of the landings
    made a shapely point for each of them, 3,600, every placement)."""
    m = land.distance.size
    none = np.zeros(0, dtype=np.int64)
    if nb.shape[0] == 0 or m == 0:
        return none, none
    starts = np.flatnonzero(np.r_[True, land.distance[1:] != land.distance[:-1]])
    sizes = np.diff(np.r_[starts, m])
    cx, cy = (nb[:, 0] + nb[:, 2]) / 2, (nb[:, 1] + nb[:, 3]) / 2
    reach = radius + np.hypot(nb[:, 2] - nb[:, 0], nb[:, 3] - nb[:, 1]) / 2 + 1e-6
    ax, ay = land.aim
    gap = np.hypot(cx - ax, cy - ay)
    near = np.flatnonzero(gap < float(land.distance[-1]) + reach)  # NaN boxes drop out
    lo, count = _arc(gap[near, None], np.degrees(np.arctan2(cy - ay, cx - ax))[near, None],
                     reach[near, None], land.distance[starts][None, :],
                     land.bearing[starts][None, :], sizes[None, :])
    kk, ii = np.nonzero(count)
    if kk.size == 0:
        return none, none
    lo, count = lo[kk, ii], count[kk, ii]
    first = np.cumsum(count) - count
    which = np.repeat(np.arange(kk.size), count)
    b = (lo[which] + np.arange(which.size) - first[which]) % sizes[ii[which]]
    k, j = near[kk[which]], starts[ii[which]] + b
    bounds = nb[k]
    px, py = land.centres[j, 0], land.centres[j, 1]
    bx = np.maximum(0.0, np.maximum(bounds[:, 0] - px, px - bounds[:, 2]))
    by = np.maximum(0.0, np.maximum(bounds[:, 1] - py, py - bounds[:, 3]))
    keep = bx * bx + by * by < radius * radius  # the box within the radius
    return k[keep], j[keep]


def _arc(gap: np.ndarray, phi: np.ndarray, reach: np.ndarray, d: np.ndarray,
         first: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For a point `gap` inches from the aim at bearing `phi` and a ring of `n` landings
    at distance `d` (bearings first + b · 360/n): the first grid index b and how many
    follow whose landing may lie within `reach` of the point — those with
    d² + gap² − 2·d·gap·cos(θ − φ) < reach², widened by one index each side. A ring of
    one landing (no scatter) is in or out whole."""
    step = 360.0 / n
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        c = (d * d + gap * gap - reach * reach) / (2 * d * gap)
    half = np.degrees(np.arccos(np.clip(c, -1.0, 1.0)))
    lo = np.floor((phi - half - first) / step).astype(np.int64) - 1
    hi = np.ceil((phi + half - first) / step).astype(np.int64) + 1
    count = np.minimum(hi - lo + 1, n)
    whole = (c <= -1.0) | (n == 1) | (gap == 0) | (d == 0)
    inside = (d - gap) ** 2 < reach * reach  # a whole ring: is it near at all?
    count = np.where(whole, np.where(inside, n, 0), np.where(c >= 1.0, 0, count))
    lo = np.where(whole | (count >= n), 0, lo)
    return np.broadcast_to(lo, count.shape), count


#: The last bases' discs (`_base_discs`): a table's placements ask for the same bases
#: again and again. Keyed by the geometries themselves (immutable; the entry holds them,
#: so an id cannot be reused while it is kept); one entry, replaced whole (thread-safe).
_DISCS: list[tuple[np.ndarray, tuple[np.ndarray, ...]]] = []


def _base_discs(bases: np.ndarray, nb: np.ndarray) -> tuple[np.ndarray, ...]:
    """Per base: a centre (its box's), the radius of a disc about it inside the base, of
    one about it holding the base, its centroid's x and y (the hole's tie-break), and the
    corners of the few-sided convex bases (`_Corners`). With the discs a pair's distance is
    bounded without GEOS: |p − c| − outer ≤ distance ≤ |p − c| − inner (the inner radius
    is −∞ when the centre is not inside the base: no upper bound)."""
    for kept, discs in _DISCS[-1:]:
        if kept.size == bases.size and all(map(operator.is_, kept, bases)):
            return discs
    cx, cy = (nb[:, 0] + nb[:, 2]) / 2, (nb[:, 1] + nb[:, 3]) / 2
    inner = np.full(bases.size, -np.inf)
    inside = shapely.contains_xy(bases, cx, cy)
    if inside.any():
        inner[inside] = shapely.distance(shapely.points(cx[inside], cy[inside]),
                                         shapely.boundary(bases[inside]))
    outer = np.zeros(bases.size)
    coords, owner = shapely.get_coordinates(bases, return_index=True)
    if owner.size:  # the farthest point of a polygon from c is one of its vertices
        far = np.hypot(coords[:, 0] - cx[owner], coords[:, 1] - cy[owner])
        starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        outer[owner[starts]] = np.maximum.reduceat(far, starts)
    discs = (np.column_stack([cx, cy]), inner, outer,
             shapely.get_coordinates(shapely.centroid(bases)), _corners(bases))
    _DISCS[:] = [(bases.copy(), discs)]
    return discs


#: A base with at most this many corners, convex and without holes (a rectangular base),
#: has its distances worked out in numpy (`_signed_gaps`): its discs bound them loosely.
FEW_CORNERS = 8


@dataclass(frozen=True, slots=True)
class _Corners:
    """The closed, counter-clockwise rings of the few-sided convex bases, padded to the
    longest by repeating the last point (`row[k]`: base k's ring, −1 for none)."""

    row: np.ndarray  # (n,)
    xy: np.ndarray  # (m, points, 2)


def _corners(bases: np.ndarray) -> _Corners:
    row = np.full(bases.size, -1, dtype=np.int64)
    n = shapely.get_num_coordinates(bases)
    few = np.flatnonzero((n <= FEW_CORNERS + 1) & (shapely.get_num_interior_rings(bases) == 0)
                         & (shapely.get_type_id(bases) == shapely.GeometryType.POLYGON))
    if few.size:  # convex (its hull no bigger) and with an area
        hull, area = shapely.area(shapely.convex_hull(bases[few])), shapely.area(bases[few])
        few = few[(np.abs(hull - area) <= 1e-12 * np.maximum(hull, 1.0)) & (area > 0)]
    xy = np.zeros((0, 1, 2))
    if few.size:
        rings = shapely.orient_polygons(bases[few])  # exterior counter-clockwise
        coords, owner = shapely.get_coordinates(rings, return_index=True)
        starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        count = np.diff(np.r_[starts, owner.size])
        at = starts[:, None] + np.minimum(np.arange(count.max())[None, :], count[:, None] - 1)
        xy = coords[at]
        row[few] = np.arange(few.size)
    return _Corners(row, xy)


def _signed_gaps(corners: _Corners, rows: np.ndarray, px: np.ndarray,
                 py: np.ndarray) -> np.ndarray:
    """Distance from each point (px, py) to its few-sided convex base (`corners.xy[rows]`),
    negative inside (less the distance to the nearest side): within rounding (~1e-13") of
    what GEOS gives, so compared with BOUND_SLACK_IN to spare."""
    ring = corners.xy[rows]
    ax, ay = ring[:, :-1, 0], ring[:, :-1, 1]
    ex, ey = ring[:, 1:, 0] - ax, ring[:, 1:, 1] - ay
    wx, wy = px[:, None] - ax, py[:, None] - ay
    l2 = ex * ex + ey * ey
    edge = l2 > 0  # the padding repeats a point: no side
    with np.errstate(divide="ignore", invalid="ignore"):
        u = np.clip((wx * ex + wy * ey) / l2, 0.0, 1.0)
        out = np.hypot(wx - u * ex, wy - u * ey)
        side = (ex * wy - ey * wx) / np.sqrt(l2)  # > 0: left of the side, the inside
    gap = np.where(edge, out, np.inf).min(axis=1)
    inside = np.where(edge, side > 0, True).all(axis=1)
    return np.where(inside, -np.where(edge, side, np.inf).min(axis=1), gap)


def _covered_pairs(shape: str, land: Landings, arr: np.ndarray, ids: Sequence[str]) -> _Pairs:
    """Which bases each landing covers, and which is under its hole (the module's rules).

    Only pairs whose base's box comes within the radius are looked at (`_candidate_pairs`);
    of those, the bases' discs decide most without GEOS: a distance surely under the
    apothem less the band is under the template, one surely at or past the radius is not,
    a landed centre surely inside the inner disc (or surely outside the base) settles the
    hole; what they leave of a few-sided convex base is decided by its distance in numpy
    (`_signed_gaps`). Only the rest are measured with the real polygon, exactly as before
    (at 2,000 units a d20 scatter has ~50,000 pairs: measuring every one was 40 ms; the
    discs left 11,500 pairs of rectangular bases, 12 once they were measured in numpy)."""
    m = land.weights.size
    none = np.zeros(0, dtype=np.int64)
    hole = np.full(m, -1, dtype=np.int64)
    if arr.size == 0:
        return _Pairs(none, none, hole)
    radius = diameter_of(shape) / 2
    template = blast(*land.aim, diameter_of(shape))
    ring = shapely.get_coordinates(template.shape.exterior)  # the aimed template's outline
    apothem = radius * math.cos(math.pi / (4 * TEMPLATE_QUAD_SEGS))
    nb = shapely.bounds(arr)
    k, j = _candidate_pairs(nb, land, radius)
    if k.size == 0:
        return _Pairs(none, none, hole)
    centre, inner, outer, centroids, corners = _base_discs(arr, nb)
    gap = np.hypot(land.centres[j, 0] - centre[k, 0], land.centres[j, 1] - centre[k, 1])
    bounds = nb[k]
    px, py = land.centres[j, 0], land.centres[j, 1]
    box = np.hypot(np.maximum(0.0, np.maximum(bounds[:, 0] - px, px - bounds[:, 2])),
                   np.maximum(0.0, np.maximum(bounds[:, 1] - py, py - bounds[:, 3])))
    low = np.maximum(box, gap - outer[k])  # the distance is at least this ...
    high = gap - inner[k]  # ... and at most this
    slack = BOUND_SLACK_IN
    threshold = apothem - EXACT_BAND_IN
    sure_hit = high < threshold - slack
    sure_miss = low >= radius + slack
    sure_in = gap < inner[k] - slack  # the landed centre is inside the base
    sure_out = low > slack
    measure = ~(sure_hit | sure_miss) | ~(sure_in | sure_out)
    few = np.flatnonzero(measure & (corners.row[k] >= 0))  # a few-sided base, undecided:
    if few.size:  # its distance in numpy, within rounding
        signed = _signed_gaps(corners, corners.row[k[few]], px[few], py[few])
        dist = np.maximum(signed, 0.0)
        sure_hit[few] = dist < threshold - slack
        sure_miss[few] = dist >= radius + slack
        sure_in[few] = signed < -slack
        sure_out[few] = dist > slack
        measure[few] = ~(sure_hit[few] | sure_miss[few]) | ~(sure_in[few] | sure_out[few])
    hit = sure_hit.copy()
    inside = sure_in.copy()
    if measure.any():
        e = np.flatnonzero(measure)
        uj, back = np.unique(j[e], return_inverse=True)  # a point per landing measured
        dist = shapely.distance(arr[k[e]], shapely.points(land.centres[uj])[back])
        near = dist < threshold
        hit[e] = near
        inside[e] = dist == 0.0  # distance 0: the base covers the landed centre
        edge = (~near) & (dist < radius)
        if edge.any():
            x = e[edge]
            hit[x] = _overlaps(ring, land.offsets[j[x]], arr[k[x]])
    if inside.any():
        cols, winner = _hole_winners(centroids, ids, land.centres, k[inside], j[inside])
        hole[cols] = winner
    return _Pairs(k[hit], j[hit], hole)


def landing_hits(
    shape: str,
    aim: Sequence[float],
    scheme: DistanceScheme,
    polys: Sequence[BaseGeometry] | np.ndarray,
    ids: Sequence[str],
    n_bearings: int = N_BEARINGS,
    bearing_offset: float = 0.0,
) -> LandingHits:
    """Who is under a scattered blast-3 / blast-5 at each of its landings (the rules of
    `template_odds`, which sums these with the landings' weights)."""
    diameter_of(shape)
    arr = _check_polys(polys, ids)
    land = landings(aim, scheme, n_bearings, bearing_offset)
    pairs = _covered_pairs(shape, land, arr, ids)
    under = np.zeros((arr.size, land.weights.size), dtype=bool)
    under[pairs.k, pairs.j] = True
    return LandingHits(tuple(ids), under, pairs.hole, land)


def template_odds(
    shape: str,
    aim: Sequence[float],
    scheme: DistanceScheme,
    polys: Sequence[BaseGeometry] | np.ndarray,
    ids: Sequence[str],
    n_bearings: int = N_BEARINGS,
    bearing_offset: float = 0.0,
) -> TemplateOdds:
    """For each base, P(under the template) and P(under the hole) once a blast-3 / blast-5
    aimed at `aim` has scattered by `scheme` over `n_bearings` uniform bearings.

    Each chance is summed exactly: the covering landings' weights as whole shares of one
    denominator (`_landing_shares`), added as integers over the covering pairs and divided
    once — the exact probability rounded once to a float, whatever order the pairs come in
    (no dense base × landing matrix product, 7 M cells at 2,000 units and a d20 scatter,
    whose float sums hung on the BLAS kernel's order: a shown "0.2%" could be "0.3%")."""
    diameter_of(shape)
    arr = _check_polys(polys, ids)
    land = landings(aim, scheme, n_bearings, bearing_offset)
    pairs = _covered_pairs(shape, land, arr, ids)
    share, whole = _landing_shares(scheme, _check_bearings(n_bearings))
    under = np.bincount(pairs.k, weights=share[pairs.j], minlength=arr.size) / whole
    has = pairs.hole >= 0
    hole = np.bincount(pairs.hole[has], weights=share[has], minlength=arr.size) / whole
    return TemplateOdds(shape, tuple(ids), under, hole, land)


def _landing_shares(scheme: DistanceScheme, n_bearings: int) -> tuple[np.ndarray, int]:
    """Each landing's weight (as `landings` lays them out) as a whole number of shares of
    `whole` = die sides × bearings: a scattering face's landing is 1/(sides · n) per face
    giving that distance, the one landing of no scatter n of those per face. Sums of these
    are exact in floats (far below 2⁵³)."""
    parts = []
    for d, p in scheme.distance_weights():
        faces = int(p * scheme.die_sides)
        parts.append(np.array([faces * n_bearings]) if d == 0 else np.full(n_bearings, faces))
    return np.concatenate(parts).astype(float), scheme.die_sides * n_bearings


def _hole_winners(centroids: np.ndarray, ids: Sequence[str], centres: np.ndarray,
                  k: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(landings with a base under the hole, that base's index), from the pairs (base k,
    landing j) whose base contains the landed centre: among a landing's bases, the one
    whose centroid is nearest (to 1e-9"), then the smallest id."""
    rank = np.empty(len(ids), dtype=np.int64)
    rank[sorted(range(len(ids)), key=lambda i: ids[i])] = np.arange(len(ids))
    # as GEOS measures two points apart: √(dx² + dy²)
    dx, dy = centroids[k, 0] - centres[j, 0], centroids[k, 1] - centres[j, 1]
    gaps = np.round(np.sqrt(dx * dx + dy * dy), 9)
    first = np.lexsort((rank[k], gaps, j))  # by landing, then gap, then id
    j, k = j[first], k[first]
    lead = np.ones(j.size, dtype=bool)
    lead[1:] = j[1:] != j[:-1]
    return j[lead], k[lead]


# --- heat map -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Heatmap:
    """P(covered) per raster cell: `values[row, col]` is the cell whose centre is
    (x0 + (col + ½)·cell, y0 + (row + ½)·cell), in inches."""

    x0: float
    y0: float
    cell: float
    values: np.ndarray

    @property
    def width_in(self) -> float:
        return self.values.shape[1] * self.cell

    @property
    def height_in(self) -> float:
        return self.values.shape[0] * self.cell

    def at(self, x: float, y: float) -> float:
        """The value of the cell holding (x, y); 0 off the raster."""
        col = int(math.floor((x - self.x0) / self.cell))
        row = int(math.floor((y - self.y0) / self.cell))
        if 0 <= row < self.values.shape[0] and 0 <= col < self.values.shape[1]:
            return float(self.values[row, col])
        return 0.0


def coverage_raster(shape: str, aim: Sequence[float], scheme: DistanceScheme,
                    n_bearings: int = N_BEARINGS, cell: float = 0.2,
                    clip: tuple[float, float, float, float] | None = None) -> Heatmap:
    """The chance that each cell centre ends up under the template (its circle), on a raster
    covering every place it may land, optionally clipped to (minx, miny, maxx, maxy).

    Exact over the bearing grid without visiting every landing: a point at distance ρ from
    the aim is under a landing at distance d and bearing θ when θ is within
    arccos((ρ² + d² − r²) / 2ρd) of the point's own bearing, so each distance only needs a
    count of grid bearings in an arc.
    """
    radius = diameter_of(shape) / 2
    x, y = _check_aim(aim)
    if isinstance(cell, bool) or not isinstance(cell, int | float) or not cell > 0:
        raise ValueError(f"cell: expected a positive number, got {cell!r}")
    n = _check_bearings(n_bearings)
    pairs = scheme.distance_weights()
    reach = max(d for d, _ in pairs) + radius
    lo_x, lo_y, hi_x, hi_y = x - reach, y - reach, x + reach, y + reach
    if clip is not None:
        lo_x, lo_y = max(lo_x, clip[0]), max(lo_y, clip[1])
        hi_x, hi_y = min(hi_x, clip[2]), min(hi_y, clip[3])
    cols = max(0, math.ceil((hi_x - lo_x) / cell))
    rows = max(0, math.ceil((hi_y - lo_y) / cell))
    if cols == 0 or rows == 0:
        return Heatmap(lo_x, lo_y, cell, np.zeros((0, 0)))
    px = lo_x + (np.arange(cols) + 0.5) * cell - x
    py = lo_y + (np.arange(rows) + 0.5) * cell - y
    dx, dy = px[None, :], py[:, None]  # broadcast: the grid's values, no meshgrid copies
    rho = np.hypot(dx, dy).ravel()
    phi = np.degrees(np.arctan2(dy, dx)).ravel()
    # A landing at distance d > 0 covers only points with |ρ − d| < r (elsewhere c ≥ 1:
    # no bearing reaches them), so each distance works on its ring of cells alone: the
    # cells sorted into bands of ρ one cell wide (an integer sort), a ring is the slice of
    # the bands it meets. The margin keeps every cell the formula might count; the few
    # cells of those bands outside the ring add the formula's exact 0.
    band = np.floor(rho / cell)
    small = band.size == 0 or band.max() < np.iinfo(np.int16).max  # int16: a radix sort
    band = band.astype(np.int16 if small else np.int64)
    order = np.argsort(band, kind="stable")
    band, rho, phi = band[order], rho[order], phi[order]  # a ring is a slice of these
    top = int(band[-1]) + 1 if band.size else 0  # past every band: the queries' bound
    margin = 1e-9 * (1.0 + reach)
    acc = np.zeros_like(rho)
    for d, p in pairs:
        if d == 0:
            acc += float(p) * (rho < radius)
            continue
        first = min(max(math.floor((d - radius - margin) / cell), -1), top)
        last = min(max(math.floor((d + radius + margin) / cell), -1), top)
        lo, hi = np.searchsorted(band, first, "left"), np.searchsorted(band, last, "right")
        acc[lo:hi] += float(p) * _arc_count(rho[lo:hi], phi[lo:hi], d, radius, n) / n
    out = np.empty_like(acc)
    out[order] = acc
    return Heatmap(lo_x, lo_y, cell, np.clip(out.reshape(rows, cols), 0.0, 1.0))


def _arc_count(rho: np.ndarray, phi: np.ndarray, d: float, radius: float,
               n: int) -> np.ndarray:
    """How many of the n grid bearings put a landing at distance d over each point (ρ, φ
    about the aim): those within arccos((ρ² + d² − r²) / 2ρd) of φ. Worked in place (the
    same operations in the same order as the plain expression, so the same floats)."""
    step = 360.0 / n
    c = rho * rho
    c += d * d
    c -= radius * radius
    den = 2 * rho
    den *= d
    with np.errstate(divide="ignore", invalid="ignore"):
        c /= den
    full, none = c <= -1.0, (c >= 1.0) | np.isnan(c)
    half = np.clip(c, -1.0, 1.0, out=den)
    np.arccos(half, out=half)
    np.degrees(half, out=half)
    # grid bearings k·step strictly inside (phi − half, phi + half)
    count = np.add(phi, half, out=c)
    count /= step
    np.ceil(count, out=count)
    low = np.subtract(phi, half, out=half)
    low /= step
    np.floor(low, out=low)
    count -= low
    count -= 1
    np.clip(count, 0, n, out=count)
    count[full] = n
    count[none] = 0
    return count
