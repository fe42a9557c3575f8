"""Distances between bases on the table, in inches: edge to edge and centre to centre.

Edge to edge is the gap between the closest points of two outlines (0 when they touch or
overlap), which is how most rulesets measure. Round and oval bases are polygons whose
vertices lie on the true outline (bases.QUAD_SEGS), so a measured gap can exceed the true gap
by the chord sag of each base (well under 0.001" for bases up to 60 mm); `within` and
`wholly_within` forgive that much (`DISTANCE_TOL_IN`) so a unit placed exactly at range counts
as in range.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

#: Slack in the "within" tests: more than a polygonal round base's chord error, far less than
#: the hundredth of an inch the app promises.
DISTANCE_TOL_IN = 1e-3
#: Longest edge kept when a non-convex shape is densified for `farthest_distance`: the
#: answer is then exact to half of this.
DENSIFY_IN = 0.005


def _geoms(polys: Sequence[BaseGeometry] | np.ndarray, field: str = "others") -> np.ndarray:
    """Shapes as a numpy object array for shapely's vectorised functions."""
    arr = np.asarray(polys, dtype=object)
    if arr.ndim != 1:
        raise ValueError(f"{field}: expected a flat sequence of shapes")
    bad = ~shapely.is_geometry(arr) if arr.size else np.zeros(0, dtype=bool)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{field}[{i}]: expected a shapely geometry, got {arr[i]!r}")
    return arr


def _check_distance(d: float, field: str = "d") -> float:
    if isinstance(d, bool) or not isinstance(d, int | float) or not math.isfinite(d) or d < 0:
        raise ValueError(f"{field}: expected a non-negative number, got {d!r}")
    return float(d)


def edge_distance(a: BaseGeometry, b: BaseGeometry) -> float:
    """Gap between the closest points of `a` and `b`; 0 if they touch or overlap."""
    return float(shapely.distance(a, b))


def centre_distance(ax: float, ay: float, bx: float, by: float) -> float:
    """Straight-line distance between two centres."""
    return math.hypot(bx - ax, by - ay)


def centre_distances(ax: float, ay: float, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Vectorised `centre_distance` from one centre to many."""
    return np.hypot(np.asarray(xs, dtype=float) - ax, np.asarray(ys, dtype=float) - ay)


def edge_distances(a: BaseGeometry, others: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    """Edge-to-edge distance from `a` to each of `others`, in one shapely call."""
    arr = _geoms(others)
    if arr.size == 0:
        return np.zeros(0)
    return np.asarray(shapely.distance(a, arr), dtype=float)


def distance_matrix(polys: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    """n×n edge-to-edge distances: symmetric (each pair measured once), zero diagonal."""
    arr = _geoms(polys, "polys")
    n = arr.size
    out = np.zeros((n, n))
    if n < 2:
        return out
    i, j = np.triu_indices(n, k=1)
    d = shapely.distance(arr[i], arr[j])
    out[i, j] = d
    out[j, i] = d
    return out


def pairs_within(
    polys: Sequence[BaseGeometry] | np.ndarray, d: float, *, tol: float = DISTANCE_TOL_IN
) -> np.ndarray:
    """Index pairs (i < j) of shapes within `d` edge to edge, as a k×2 array sorted by i, j.

    Uses an STRtree with GEOS's dwithin, so cohesion and command-distance checks over many
    bases never compute the full distance matrix.
    """
    arr = _geoms(polys, "polys")
    limit = _check_distance(d) + tol
    if arr.size < 2:
        return np.zeros((0, 2), dtype=np.intp)
    tree = shapely.STRtree(arr)
    i, j = tree.query(arr, predicate="dwithin", distance=limit)
    keep = i < j
    pairs = np.column_stack((i[keep], j[keep]))
    order = np.lexsort((pairs[:, 1], pairs[:, 0]))
    return pairs[order]


def farthest_distance(a: BaseGeometry, b: BaseGeometry) -> float:
    """How far the farthest point of `b` is from `a` (the directed Hausdorff distance).

    For a convex `a` (every base is convex) the farthest point of `b` is one of its vertices,
    so the vertices give the exact answer; a non-convex `a` is measured over `b` densified to
    DENSIFY_IN, exact to half of that.
    """
    hull = shapely.convex_hull(a)
    convex = math.isclose(shapely.area(hull), shapely.area(a), rel_tol=1e-12, abs_tol=1e-12)
    probe = b if convex else shapely.segmentize(b, DENSIFY_IN)
    pts = shapely.points(shapely.get_coordinates(probe))
    if len(pts) == 0:
        raise ValueError("b: empty shape")
    return float(np.max(shapely.distance(a, pts)))


def within(a: BaseGeometry, b: BaseGeometry, d: float, *, tol: float = DISTANCE_TOL_IN) -> bool:
    """True when some part of `b` is within `d` of `a` (edge distance ≤ d)."""
    return edge_distance(a, b) <= _check_distance(d) + tol


def wholly_within(
    a: BaseGeometry, b: BaseGeometry, d: float, *, tol: float = DISTANCE_TOL_IN
) -> bool:
    """True when every point of `b` is within `d` of `a` (e.g. a whole base inside a range)."""
    return farthest_distance(a, b) <= _check_distance(d) + tol


__all__ = [
    "DISTANCE_TOL_IN",
    "centre_distance",
    "centre_distances",
    "distance_matrix",
    "edge_distance",
    "edge_distances",
    "farthest_distance",
    "pairs_within",
    "within",
    "wholly_within",
]
