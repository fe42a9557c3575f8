"""The lines a measurement draws on the board, as plain coordinates.

The board (app/) draws with Qt and must not handle shapes itself, so what it draws along a
measure — the gap between two bases, how far a line from a unit's centre runs inside its
own base, the distance from a base to a point — is worked out here and handed over as
numbers.
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry

Point2 = tuple[float, float]


def gap_segment(a: BaseGeometry, b: BaseGeometry) -> tuple[Point2, Point2] | None:
    """The closest points of two outlines, A's first; None when they touch or overlap."""
    gap = shapely.shortest_line(a, b)
    if gap is None or gap.length <= 0:
        return None
    (x0, y0), (x1, y1) = gap.coords
    return (float(x0), float(y0)), (float(x1), float(y1))


def edge_to_point(a: BaseGeometry, x: float, y: float) -> float:
    """Distance from the outline `a` to the point (x, y); 0 when the point is inside."""
    return float(shapely.distance(a, Point(x, y)))


def inside_along(a: BaseGeometry, x: float, y: float, ux: float, uy: float,
                 reach: float) -> float:
    """Length of the ray from (x, y) along the unit vector (ux, uy), `reach` long, that lies
    inside `a`: from a unit's centre, how far its own base runs before the open table."""
    far = LineString([(x, y), (x + ux * reach, y + uy * reach)])
    return float(shapely.intersection(far, a).length)


def unit_direction(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float]:
    """(ux, uy, length) of the line from (x0, y0) to (x1, y1); (0, 0, 0) for no line."""
    length = math.hypot(x1 - x0, y1 - y0)
    if length <= 0:
        return 0.0, 0.0, 0.0
    return (x1 - x0) / length, (y1 - y0) / length, length
