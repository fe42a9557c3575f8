"""Whether a drawn outline is certainly a valid polygon, in plain Python.

Reading a scenario checks every terrain polygon as GEOS would (`Polygon(points).is_valid`
with an area), but loading shapely and numpy for that costs more than a command that only
rolls dice does in all. An outline of a few dozen vertices whose edges plainly do not touch
is valid for GEOS too; this says so without shapely. It answers only "certainly valid":
anything close — touching or crossing edges, a straight or doubled-back corner, repeated
points, a sliver, a long outline — is left to GEOS, which also gives the reason. So the
answer of a reader that asks here first is GEOS's answer, only sooner.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]

#: Longer outlines are left to GEOS (the pairwise edge test here grows with the square).
MAX_VERTICES = 64
#: An orientation closer to zero than this share of its terms' size is "cannot tell"
#: (far above the rounding error of the products: the floating-point sign is then exact).
_ORIENT_SLACK = 1e-12
#: An area under this share of the outline's extent squared is a sliver: GEOS decides.
_AREA_SLACK = 1e-9


def certainly_valid(points: Sequence[Point]) -> bool:
    """True when `points` (a ring, closed or not) is surely a valid polygon with area:
    at most MAX_VERTICES finite, distinct consecutive vertices, every corner a real turn,
    no two edges meeting but neighbours at their shared corner. False means "ask GEOS"."""
    pts = [(float(x), float(y)) for x, y in points]
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    n = len(pts)
    if not 3 <= n <= MAX_VERTICES or not all(map(math.isfinite, (c for p in pts for c in p))):
        return False
    ring = [*pts, *pts[:2]]
    for i in range(n):
        if pts[i] == ring[i + 1] or _orient(ring[i], ring[i + 1], ring[i + 2]) == 0:
            return False
    for i in range(n):
        for j in range(i + 2, n - (i == 0)):
            if not _apart(ring[i], ring[i + 1], ring[j], ring[j + 1]):
                return False
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    twice_area = math.fsum(ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1]
                           for i in range(n))
    extent = max(max(xs) - min(xs), max(ys) - min(ys))
    return abs(twice_area) > _AREA_SLACK * extent * extent


def _orient(a: Point, b: Point, c: Point) -> int:
    """+1 / -1 for a counter-clockwise / clockwise turn a → b → c; 0 when it is straight
    or too close to straight to tell from the rounded products."""
    left = (a[0] - c[0]) * (b[1] - c[1])
    right = (a[1] - c[1]) * (b[0] - c[0])
    det = left - right
    slack = _ORIENT_SLACK * (abs(left) + abs(right))
    if det > slack:
        return 1
    if det < -slack:
        return -1
    return 0


def _apart(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """The segments p1p2 and q1q2 surely share no point: their boxes are apart, or one
    lies wholly on one side of the other's line."""
    if (max(p1[0], p2[0]) < min(q1[0], q2[0]) or max(q1[0], q2[0]) < min(p1[0], p2[0])
            or max(p1[1], p2[1]) < min(q1[1], q2[1]) or max(q1[1], q2[1]) < min(p1[1], p2[1])):
        return True
    side_q1, side_q2 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if side_q1 != 0 and side_q1 == side_q2:
        return True
    side_p1, side_p2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    return side_p1 != 0 and side_p1 == side_p2
