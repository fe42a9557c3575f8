"""Base contact: where a base being moved comes to touch the nearest other base (the charge
every melee rule needs), and the nearest bases to one (what a player looks at while
moving). Vectorised over the other bases with shapely; one short bisection along a line
for the touching point."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .bases import BaseShape, base_polygon, enclosing_radius_in
from .distance import edge_distances

#: How close the touching point is found (inches): far below what a table can show. The
#: bases end apart by less than twice this, and never overlap.
CONTACT_TOL_IN = 1e-3


@dataclass(frozen=True, slots=True)
class Contact:
    """The centre (x, y) at which the moved base touches base `index` of the others."""

    x: float
    y: float
    index: int


def snap_to_contact(base: BaseShape, x: float, y: float, facing: float,
                    others: Sequence[BaseGeometry] | np.ndarray, snap_in: float
                    ) -> Contact | None:
    """If the base at (x, y) is within `snap_in` of another base (or overlaps it), the
    centre where it just touches that nearest one, moved along the line between their
    centres; None when no base is that close."""
    if snap_in < 0 or not math.isfinite(snap_in):
        raise ValueError(f"snap_in: expected a distance ≥ 0, got {snap_in!r}")
    if len(others) == 0:
        return None
    me = base_polygon(base, x, y, facing)
    arr = _array(others)
    near = np.flatnonzero(box_gaps(me, arr) <= snap_in)  # only those can be this close
    if near.size == 0:
        return None
    d = edge_distances(me, arr[near])
    k = int(np.lexsort((near, d))[0])
    if d[k] > snap_in:
        return None
    i = int(near[k])
    other = arr[i]
    c = other.centroid
    dx, dy = x - c.x, y - c.y
    length = math.hypot(dx, dy)
    ux, uy = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
    b0, b1, b2, b3 = shapely.bounds(other)
    reach = math.hypot(b2 - b0, b3 - b1) / 2
    lo, hi = 0.0, length + reach + 2 * enclosing_radius_in(base) + snap_in
    while hi - lo > CONTACT_TOL_IN:  # the smallest distance out at which they part
        mid = (lo + hi) / 2
        if shapely.distance(base_polygon(base, c.x + mid * ux, c.y + mid * uy, facing),
                            other) > CONTACT_TOL_IN / 2:
            hi = mid
        else:
            lo = mid
    return Contact(c.x + hi * ux, c.y + hi * uy, i)


def nearest(me: BaseGeometry, others: Sequence[BaseGeometry] | np.ndarray, n: int = 3
            ) -> list[tuple[int, float]]:
    """The `n` nearest of `others` to `me`, edge to edge: (index, inches), nearest first."""
    if len(others) == 0 or n <= 0:
        return []
    arr = _array(others)
    lower = box_gaps(me, arr)
    order = np.argsort(lower, kind="stable")
    m = min(len(arr), max(4 * n, 16))
    while True:  # exact distances for the nearest boxes, until no other box can beat them
        cand = order[:m]
        d = edge_distances(me, arr[cand])
        best = np.lexsort((cand, d))[:n]
        if m == len(arr) or d[best[-1]] < lower[order[m]]:
            break
        m = min(len(arr), 2 * m)
    return [(int(cand[k]), float(d[k])) for k in best]


def _array(others: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    return others if isinstance(others, np.ndarray) else np.array(list(others), dtype=object)


def box_gaps(me: BaseGeometry, others: np.ndarray) -> np.ndarray:
    """The gap between `me`'s bounding box and each of `others`' (inches): never more than
    the edge-to-edge distance, so it tells which bases need measuring at all (the exact
    distance of a polygon to hundreds of round bases is what a drag cannot wait for)."""
    b = shapely.bounds(others)
    x0, y0, x1, y1 = me.bounds
    dx = np.maximum(np.maximum(b[:, 0] - x1, x0 - b[:, 2]), 0.0)
    dy = np.maximum(np.maximum(b[:, 1] - y1, y0 - b[:, 3]), 0.0)
    return np.hypot(dx, dy)
