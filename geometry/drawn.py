"""Shapes as the board draws them: plain coordinate arrays, and the look of terrain pieces.

The board (app/) strokes and fills with Qt and keeps no geometry library of its own: it
asks here for a shape's rings and lines (`drawn_parts`), a piece's drawn area, and the
decorations of a terrain kind (trees, contour lines, crop rows, a roof) laid out in inches.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from . import bases
from .angles import unit_vector

if TYPE_CHECKING:
    from .bases import BaseShape
    from .terrain import TerrainPiece

#: A drawn part: its points (n, 2) and whether it is a closed ring (filled) or an open line.
Part = tuple[np.ndarray, bool]


def drawn_parts(geom: BaseGeometry) -> list[Part]:
    """A shape's rings (polygons with their holes: closed) and lines (open), in order.

    A polygon without holes or a line (every base, most pieces) is one coordinate read
    rather than a geometry object made per part."""
    kind = geom.geom_type
    if kind in ("Polygon", "LineString", "LinearRing") and not geom.is_empty and (
            kind != "Polygon" or shapely.get_num_interior_rings(geom) == 0):
        return [(shapely.get_coordinates(geom), kind == "Polygon")]
    out: list[Part] = []
    for part in shapely.get_parts(geom):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            out += [(np.asarray(ring.coords), True) for ring in (part.exterior, *part.interiors)]
        elif part.geom_type in ("LineString", "LinearRing"):
            out.append((np.asarray(part.coords), False))
        elif part.geom_type.startswith("Multi") or part.geom_type == "GeometryCollection":
            out += drawn_parts(part)
    return out


def base_outline(base: BaseShape, facing: float) -> np.ndarray:
    """A base's outline about its centre turned to `facing` degrees (closed ring, inches):
    the ring drawn_parts gives of `base_polygon(base, 0, 0, facing)`, read off the cached
    outline without building (and preparing) a polygon, which a table's opening did for
    every unit it draws."""
    return base_outlines([base], [facing])[0]


def base_outlines(shapes: Sequence[BaseShape], facings: Sequence[float]) -> list[np.ndarray]:
    """`base_outline` of each (base, facing) pair, in order: the units of one base turned
    together in a few array operations, not a few per unit."""
    out: list[np.ndarray] = [np.empty((0, 2))] * len(shapes)
    groups: dict[BaseShape, list[int]] = {}
    for i, shape in enumerate(shapes):
        groups.setdefault(shape, []).append(i)
    angles = np.radians(np.asarray(facings, dtype=float))
    cos, sin = np.cos(angles), np.sin(angles)
    for shape, rows in groups.items():
        local = bases._outline(shape)  # noqa: SLF001 (the cached ring geometry.bases places)
        c, s = cos[rows][:, None], sin[rows][:, None]
        turned = np.empty((len(rows), len(local), 2))
        turned[:, :, 0] = local[:, 0] * c - local[:, 1] * s
        turned[:, :, 1] = local[:, 0] * s + local[:, 1] * c
        for k, i in enumerate(rows):
            out[i] = turned[k]
    return out


def piece_area(piece: TerrainPiece) -> tuple[BaseGeometry, bool]:
    """A piece's drawn area and whether it is only stroked: a line kind without thickness
    still shows where it runs."""
    area = piece.shape()
    if area.is_empty and piece.line is not None:
        return LineString(piece.line), True
    return area, False


def long_axis_angle(geom: BaseGeometry) -> float:
    """Direction (degrees) of the longer side of the piece's minimum rotated rectangle."""
    rect = np.asarray(shapely.minimum_rotated_rectangle(geom).exterior.coords)
    if len(rect) < 4:
        return 0.0
    a, b, c = rect[0], rect[1], rect[2]
    side = b - a if np.hypot(*(b - a)) >= np.hypot(*(c - b)) else c - b
    return math.degrees(math.atan2(side[1], side[0]))


def parallel_lines(geom: BaseGeometry, spacing: float, angle: float) -> BaseGeometry:
    """Lines `spacing` inches apart at `angle` degrees, clipped to the piece (rows, hatching)."""
    minx, miny, maxx, maxy = geom.bounds
    cx, cy, reach = (minx + maxx) / 2, (miny + maxy) / 2, math.hypot(maxx - minx, maxy - miny)
    ux, uy = unit_vector(angle)
    nx, ny = -uy, ux
    offsets = np.arange(-reach / 2, reach / 2 + spacing, spacing)
    starts = np.column_stack([cx + nx * offsets - ux * reach, cy + ny * offsets - uy * reach])
    ends = np.column_stack([cx + nx * offsets + ux * reach, cy + ny * offsets + uy * reach])
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    return shapely.union_all(shapely.intersection(lines, geom))


def zigzag_lines(geom: BaseGeometry, spacing: float) -> BaseGeometry:
    """Hatching both ways at ±45°."""
    return parallel_lines(geom, spacing, 45.0).union(parallel_lines(geom, spacing, -45.0))


def scattered_points(geom: BaseGeometry, spacing: float, inset: float,
                     rng: np.random.Generator) -> np.ndarray:
    """Points on a jittered hexagonal grid inside the piece, `inset` inches from its edge."""
    inner = geom.buffer(-inset)
    if inner.is_empty:
        rp = geom.representative_point()
        return np.array([[rp.x, rp.y]])
    minx, miny, maxx, maxy = inner.bounds
    row_h = spacing * math.sqrt(3) / 2
    ys = np.arange(miny, maxy + row_h, row_h)
    xs = np.arange(minx, maxx + spacing, spacing)
    gx, gy = np.meshgrid(xs, ys)
    gx = gx + (np.arange(len(ys)) % 2)[:, None] * spacing / 2
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    pts += rng.uniform(-0.25, 0.25, pts.shape) * spacing
    inside = shapely.contains_xy(inner, pts[:, 0], pts[:, 1])
    if not inside.any():
        rp = inner.representative_point()
        return np.array([[rp.x, rp.y]])
    return pts[inside]


def contour_rings(geom: BaseGeometry, step: float = 0.8, most: int = 4) -> BaseGeometry:
    """Inner outlines of a hill, `step` inches apart: the look of contour lines."""
    rings = []
    for k in range(1, most + 1):
        inner = geom.buffer(-k * step)
        if inner.is_empty or inner.area < step * step:
            break
        rings.append(inner.boundary)
    return shapely.union_all(rings) if rings else shapely.GeometryCollection()


def roof_lines(geom: BaseGeometry) -> BaseGeometry:
    """A hipped roof's ridge and hips for a roughly rectangular building, else nothing."""
    rect = shapely.minimum_rotated_rectangle(geom)
    if rect.geom_type != "Polygon" or geom.area < 0.9 * rect.area:
        return shapely.GeometryCollection()
    c = np.asarray(rect.exterior.coords)[:4]
    sides = np.hypot(*(np.roll(c, -1, axis=0) - c).T)
    if sides[0] < sides[1]:  # make c[0]→c[1] a long side
        c = np.roll(c, -1, axis=0)
        sides = np.roll(sides, -1)
    long_dir = (c[1] - c[0]) / sides[0]
    half_short = sides[1] / 2
    mid_a = (c[0] + c[3]) / 2 + long_dir * half_short  # ridge inset by half the short side
    mid_b = (c[1] + c[2]) / 2 - long_dir * half_short
    if np.dot(mid_b - mid_a, long_dir) <= 0:  # square-ish: a pyramid roof
        mid_a = mid_b = c.mean(axis=0)
    segs = [(mid_a, mid_b), (mid_a, c[0]), (mid_a, c[3]), (mid_b, c[1]), (mid_b, c[2])]
    return shapely.MultiLineString([[tuple(p), tuple(q)] for p, q in segs if np.any(p != q)])



def polygon_fault(points: list[tuple[float, float]]) -> tuple[str, str] | None:
    """What is wrong with these vertices as a polygon, None when nothing is: ("crosses",
    GEOS's reason) for an outline crossing itself, ("invalid", reason) for another fault,
    ("flat", "") for no area. At least 3 points are expected (the caller says so)."""
    poly = Polygon(points)
    if not poly.is_valid:
        reason = shapely.is_valid_reason(poly)
        crosses = "Self-intersection" in reason or "Ring Self-intersection" in reason
        return ("crosses" if crosses else "invalid"), reason
    if poly.area <= 0:
        return "flat", ""
    return None


def line_length(points: list[tuple[float, float]]) -> float:
    """Length of the line through these points (2 or more)."""
    return float(LineString(points).length)


def disc(x: float, y: float, radius: float) -> BaseGeometry:
    """A disc about (x, y): the area a click picks within."""
    return Point(x, y).buffer(radius)


def point(x: float, y: float) -> BaseGeometry:
    """The point (x, y) as a shape, to ask a piece's area whether a click falls in it."""
    return Point(x, y)
