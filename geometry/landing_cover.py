"""Which bases a scattered blast covers at each landing, and which base is under its hole.

The rules are the ones `geometry.templates` decides a single landing with, so the pairs
found here are exactly what a loop of `under_template` over the same landings would find:
- under the template: the base overlaps the template polygon with positive area
  (`MIN_OVERLAP_SQIN`). Vectorised as a distance test from each landed centre to each base:
  a base farther than the radius cannot overlap (the polygon lies inside its circle); one
  closer than the polygon's apothem less `EXACT_BAND_IN` overlaps by far more than the
  threshold; the few pairs in between are settled with the real polygon's overlap area.
  Most distances are not measured but bounded by discs about each base, and a few-sided
  convex base's (a rectangle's, whose discs bound it loosely) worked out in numpy to within
  rounding, compared with a slack (`covered_pairs`).
- under the hole: the base contains the landed centre (boundary included); when several do,
  the one whose centroid is nearest, then the smallest id — `hole_base`'s rule.

Kept apart from the odds (geometry.template_odds sums these pairs' weights) because this
is where the work is: the bounds that spare GEOS most pairs are their own subject.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from .scatter_landings import LandingGrid, Landings, diameter_of
from .templates import MIN_OVERLAP_SQIN, TEMPLATE_QUAD_SEGS, disc

#: Width (inches) inside the template's edge where overlap is decided by the polygon itself.
#: A base reaching this far inside the inscribed circle overlaps it by about the square of
#: it at a right-angled corner (1e-6 sq in), a thousand times MIN_OVERLAP_SQIN; a wider band
#: holds many more pairs, each a GEOS overlay (docs/bench/figures.md).
EXACT_BAND_IN = 0.001


def _overlaps(template_ring: np.ndarray, offsets: np.ndarray, bases: np.ndarray) -> np.ndarray:
    """Whether each template (the aimed outline moved by an offset) overlaps its base with
    positive area:
    `covered_fractions`' rule, for pairs too close to the edge to decide by distance."""
    rings = template_ring[None, :, :] + offsets[:, None, :]
    shapes = shapely.polygons(rings)
    covered = shapely.area(shapely.intersection(shapes, bases))
    return (covered >= MIN_OVERLAP_SQIN) & (shapely.area(bases) > 0)


#: Slack (inches) on the bounds that decide a pair without GEOS: a pair whose bound is
#: within this of a threshold is measured exactly.
BOUND_SLACK_IN = 1e-9


@dataclass(frozen=True, slots=True)
class CoveredPairs:
    """The (base k, landing j) pairs a blast covers, from `covered_pairs`, and the base
    under the hole at each landing (-1: none)."""

    k: np.ndarray
    j: np.ndarray
    hole: np.ndarray


def _candidate_pairs(nb: np.ndarray, land: Landings,
                     radius: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(base k, landing j) pairs whose base's box comes within the radius of the landed
    centre — only those can be under the template — and that distance.

    The landings' steps from the aim are the same for every aim of a scheme, so they are
    kept in an STRtree (`_grid_tree`); the bases' boxes, moved by the aim and widened by
    the radius (and a margin for the rounding of aim + step), are looked up in it in one
    query, and the pairs it gives cut to the box test on the landed centres themselves:
    the same pairs as testing every landing, without a dense base × landing prefilter or
    a shapely point per landing every placement."""
    none = np.zeros(0, dtype=np.int64)
    if nb.shape[0] == 0 or land.distance.size == 0:
        return none, none, np.zeros(0)
    ax, ay = land.aim
    far = float(land.distance.max()) + radius  # the farthest a landed template reaches
    pad = radius + 1e-6 + 8 * float(np.spacing(abs(ax) + abs(ay) + far))
    boxes = shapely.box(nb[:, 0] - (ax + pad), nb[:, 1] - (ay + pad),
                        nb[:, 2] - (ax - pad), nb[:, 3] - (ay - pad))
    k, j = _grid_tree(land.grid).query(boxes)  # NaN boxes find nothing
    bounds = nb[k]
    px, py = land.centres[j, 0], land.centres[j, 1]
    bx = np.maximum(0.0, np.maximum(bounds[:, 0] - px, px - bounds[:, 2]))
    by = np.maximum(0.0, np.maximum(bounds[:, 1] - py, py - bounds[:, 3]))
    box = np.hypot(bx, by)
    keep = np.flatnonzero(bx * bx + by * by < radius * radius)  # the box within the radius
    return k[keep], j[keep], box[keep]


@functools.lru_cache(maxsize=64)
def _grid_tree(grid: LandingGrid) -> shapely.STRtree:
    """The STRtree of a scheme's landing steps about the aim (`_candidate_pairs`); one per
    scheme and grid, as `landing_grid` keeps them."""
    return shapely.STRtree(shapely.points(grid.step_x, grid.step_y))


@dataclass(frozen=True, slots=True)
class _Bases:
    """What `covered_pairs` works out per base once for a set of bases (`_bases`): the
    boxes, a centre (the box's), the radius of a disc about it inside the base (−∞ when
    the centre is not inside: no bound) and of one about it holding the base, the
    centroids (the hole's tie-break), the few-sided convex bases' corners (`_Corners`) and
    each id's rank in sorted order (the hole's last tie-break). With the discs a pair's
    distance is bounded without GEOS: |p − c| − outer ≤ distance ≤ |p − c| − inner."""

    bounds: np.ndarray  # (n, 4)
    centre: np.ndarray  # (n, 2)
    inner: np.ndarray
    outer: np.ndarray
    centroids: np.ndarray  # (n, 2)
    corners: _Corners
    rank: np.ndarray


#: The last bases worked out (`_bases`): a table's placements ask for the same bases
#: again and again. Keyed by the geometries themselves (immutable; the entry holds them,
#: so an id cannot be reused while it is kept) and their ids; one entry, replaced whole
#: (thread-safe).
_BASES: list[tuple[np.ndarray, tuple[str, ...], _Bases]] = []


def _bases(bases: np.ndarray, ids: Sequence[str]) -> _Bases:
    """The bases' boxes, discs, corners and id ranks (`_Bases`), kept for the same bases."""
    names = tuple(ids)
    for kept, kept_ids, got in _BASES[-1:]:
        if kept.size == bases.size and kept_ids == names \
                and all(map(operator.is_, kept, bases)):
            return got
    nb = shapely.bounds(bases)
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
    rank = np.empty(len(names), dtype=np.int64)
    rank[sorted(range(len(names)), key=names.__getitem__)] = np.arange(len(names))
    got = _Bases(nb, np.column_stack([cx, cy]), inner, outer,
                 shapely.get_coordinates(shapely.centroid(bases)), _corners(bases), rank)
    _BASES[:] = [(bases.copy(), names, got)]
    return got


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


def covered_pairs(shape: str, land: Landings, arr: np.ndarray, ids: Sequence[str]) -> CoveredPairs:
    """Which bases each landing covers, and which is under its hole (the module's rules).

    Only pairs whose base's box comes within the radius are looked at (`_candidate_pairs`);
    of those, the bases' discs decide most without GEOS: a distance surely under the
    apothem less the band is under the template, one surely at or past the radius is not,
    a landed centre surely inside the inner disc (or surely outside the base) settles the
    hole; what they leave of a few-sided convex base is decided by its distance in numpy
    (`_signed_gaps`). Only the rest are measured with the real polygon: measuring every
    pair with GEOS is what the bounds spare (docs/bench/figures.md)."""
    none = np.zeros(0, dtype=np.int64)
    hole = np.full(land.weights.size, -1, dtype=np.int64)
    if arr.size == 0:
        return CoveredPairs(none, none, hole)
    radius = diameter_of(shape) / 2
    apothem = radius * math.cos(math.pi / (4 * TEMPLATE_QUAD_SEGS))
    b = _bases(arr, ids)
    k, j, box = _candidate_pairs(b.bounds, land, radius)
    if k.size == 0:
        return CoveredPairs(none, none, hole)
    px, py = land.centres[j, 0], land.centres[j, 1]
    gap = np.hypot(px - b.centre[k, 0], py - b.centre[k, 1])
    inner = b.inner[k]
    low = np.maximum(box, gap - b.outer[k])  # the distance is at least this ...
    high = gap - inner  # ... and at most this
    slack = BOUND_SLACK_IN
    threshold = apothem - EXACT_BAND_IN
    sure_hit = high < threshold - slack
    sure_miss = low >= radius + slack
    sure_in = gap < inner - slack  # the landed centre is inside the base
    sure_out = low > slack
    measure = ~((sure_hit | sure_miss) & (sure_in | sure_out))
    row = b.corners.row[k]
    few = np.flatnonzero(measure & (row >= 0))  # a few-sided base, undecided:
    if few.size:  # its distance in numpy, within rounding
        signed = _signed_gaps(b.corners, row[few], px[few], py[few])
        dist = np.maximum(signed, 0.0)
        hit_few, miss_few = dist < threshold - slack, dist >= radius + slack
        in_few, out_few = signed < -slack, dist > slack
        sure_hit[few], sure_in[few] = hit_few, in_few
        measure[few] = ~((hit_few | miss_few) & (in_few | out_few))
    hit, inside = sure_hit, sure_in
    e = np.flatnonzero(measure)
    if e.size:
        uj, back = np.unique(j[e], return_inverse=True)  # a point per landing measured
        dist = shapely.distance(arr[k[e]], shapely.points(land.centres[uj])[back])
        near = dist < threshold
        hit[e] = near
        inside[e] = dist == 0.0  # distance 0: the base covers the landed centre
        x = e[(~near) & (dist < radius)]
        if x.size:
            template = disc(*land.aim, diameter_of(shape))  # the aimed template's outline
            ring = shapely.get_coordinates(template.exterior)
            hit[x] = _overlaps(ring, land.offsets[j[x]], arr[k[x]])
    if inside.any():
        cols, winner = _hole_winners(b.centroids, b.rank, land.centres, k[inside], j[inside])
        hole[cols] = winner
    return CoveredPairs(k[hit], j[hit], hole)


def _hole_winners(centroids: np.ndarray, rank: np.ndarray, centres: np.ndarray,
                  k: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(landings with a base under the hole, that base's index), from the pairs (base k,
    landing j) whose base contains the landed centre: among a landing's bases, the one
    whose centroid is nearest (to 1e-9"), then the smallest id (`rank`: each base's id's
    place in sorted order)."""
    # as GEOS measures two points apart: √(dx² + dy²)
    dx, dy = centroids[k, 0] - centres[j, 0], centroids[k, 1] - centres[j, 1]
    gaps = np.round(np.sqrt(dx * dx + dy * dy), 9)
    first = np.lexsort((rank[k], gaps, j))  # by landing, then gap, then id
    j, k = j[first], k[first]
    lead = np.ones(j.size, dtype=bool)
    lead[1:] = j[1:] != j[:-1]
    return j[lead], k[lead]
