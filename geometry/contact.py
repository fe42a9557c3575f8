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
from .distance import _geoms, edge_distances

#: How close the touching point is found (inches): far below what a table can show. The
#: bases end apart by less than twice this, and never overlap.
CONTACT_TOL_IN = 1e-3


@dataclass(frozen=True, slots=True)
class Contact:
    """The centre (x, y) at which the moved base touches base `index` of the others."""

    x: float
    y: float
    index: int


#: Slack (inches) on the index's `dwithin` pre-filter: a base it leaves out is farther than
#: the filter's distance by more than floating-point noise, so the exact distances of the
#: bases it keeps give the very answer the distances of all would.
_INDEX_SLACK_IN = 1e-6


class BaseIndex:
    """Many bases indexed once (a shapely STRtree): the snap and the nearest bases asked on
    every pointer move of a drag measure the few bases near the pointer, not every base
    (too slow on a large table to do per move). Answers are exactly those of
    `snap_to_contact` and `nearest` over the plain sequence, indices included."""

    def __init__(self, polys: Sequence[BaseGeometry] | np.ndarray) -> None:
        self.polys = _geoms(polys)
        self.tree = shapely.STRtree(self.polys)

    def __len__(self) -> int:
        return len(self.polys)

    def within(self, me: BaseGeometry, d: float) -> np.ndarray:
        """Indices (ascending) of the bases that may lie within `d` of `me`: every one
        that does, and perhaps a few a hair farther."""
        return np.sort(self.tree.query(me, predicate="dwithin", distance=d + _INDEX_SLACK_IN))

    def nearest(self, me: BaseGeometry, n: int) -> list[tuple[int, float]]:
        """`nearest(me, polys, n)`: the bases within a radius doubled until it holds n,
        measured exactly; none left out is nearer than the n-th kept."""
        total = len(self.polys)
        if total == 0 or n <= 0:
            return []
        if n >= total:
            return nearest(me, self.polys, n)
        radius = 1.0
        while True:
            cand = self.within(me, radius)
            if len(cand) >= n:
                d = edge_distances(me, self.polys[cand])
                order = np.argsort(d, kind="stable")[:n]
                # a base not kept is farther than `radius`: the n kept are the n nearest
                if d[order[-1]] <= radius or len(cand) == total:
                    return [(int(cand[k]), float(d[k])) for k in order]
            radius *= 2.0


def snap_to_contact(base: BaseShape, x: float, y: float, facing: float,
                    others: Sequence[BaseGeometry] | np.ndarray | BaseIndex, snap_in: float
                    ) -> Contact | None:
    """If the base at (x, y) is within `snap_in` of another base (or overlaps it), the
    centre where it just touches that nearest one, moved along the line between their
    centres; None when no base is that close. `others` may be a BaseIndex of them."""
    if snap_in < 0 or not math.isfinite(snap_in):
        raise ValueError(f"snap_in: expected a distance ≥ 0, got {snap_in!r}")
    if len(others) == 0:
        return None
    me = base_polygon(base, x, y, facing)
    if isinstance(others, BaseIndex):
        cand = others.within(me, snap_in)
        if not len(cand):
            return None
        d = edge_distances(me, others.polys[cand])
        j = int(np.argmin(d))
        i, gap, other = int(cand[j]), float(d[j]), others.polys[cand[j]]
    else:
        d = edge_distances(me, others)
        i = int(np.argmin(d))
        gap, other = float(d[i]), others[i]
    if gap > snap_in:
        return None
    return _touching(base, x, y, facing, other, snap_in, i)


def _touching(base: BaseShape, x: float, y: float, facing: float, other: BaseGeometry,
              snap_in: float, i: int) -> Contact:
    """The centre on the line from `other`'s centre through (x, y) where the base parts
    from `other` (bisection to CONTACT_TOL_IN)."""
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
    """The `n` nearest of `others` to `me`, edge to edge: (index, inches), nearest first.
    For many bases asked again and again, `BaseIndex(others).nearest(me, n)`."""
    if len(others) == 0 or n <= 0:
        return []
    d = edge_distances(me, others)
    order = np.argsort(d, kind="stable")[:n]
    return [(int(k), float(d[k])) for k in order]
