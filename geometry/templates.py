"""Templates laid on the table (blast circles, the flamer teardrop) and the bases under them.

Blast templates are circles given by their diameter (02 §8.8, 03 §8.8: "3-inch" means
3" across). They carry a centre hole, drawn as a disc of HOLE_DIAMETER_IN; the stand "under
the hole" is the base that contains the template's centre point (02 §4.A-9), whatever the
drawn hole's size, and there is none when no base contains it. Whether the hole matters is
the ruleset's call (02: direct hit for the 3" template only).

The flamer teardrop (03 §4.9, PROPOSED 03 §6.6) is the convex hull of its narrow end, a
flat edge `narrow_in` wide, and a disc `wide_in` across whose far side is `length_in` from
the narrow end: so it is exactly `length_in` long, `wide_in` at its widest, with a rounded
wide end. The narrow end touches the shooter's base where the line from the base's centre
to the aim point leaves the base (or sits on a muzzle point), and the axis points at the
aim point.

A base is under a template when they overlap with positive area; its fraction is the
covered share of the base's area.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from .angles import norm360
from .template_shapes import TEMPLATE_SHAPES

TemplateKind = Literal["blast", "flamer"]

#: Diameters of the named blast templates, inches.
BLAST_3 = 3.0
BLAST_5 = 5.0
#: Drawn size of the centre hole: a typical template's hole. The direct hit itself is
#: decided by the centre point (see the module docstring), so this is for display.
HOLE_DIAMETER_IN = 0.25
#: PROPOSED flamer teardrop (03 §6.6): 8" long, 1" at the narrow end, 3" at the wide end.
FLAMER_LENGTH_IN = 8.0
FLAMER_NARROW_IN = 1.0
FLAMER_WIDE_IN = 3.0
#: Segments per quarter circle for template outlines: the area error of a 3" disc is
#: under 0.02 %.
TEMPLATE_QUAD_SEGS = 32
#: Overlap (square inches) below which a base only touches a template's edge.
MIN_OVERLAP_SQIN = 1e-9


@dataclass(frozen=True, slots=True)
class Template:
    """A template placed on the table."""

    kind: TemplateKind
    shape: Polygon
    centre: tuple[float, float]
    hole: Polygon | None = None
    #: The flamer's axis direction (degrees) and narrow-end point; None for blasts.
    direction: float | None = None
    origin: tuple[float, float] | None = None

    def translated(self, dx: float, dy: float) -> Template:
        """The same template moved by (dx, dy) — e.g. after a scatter."""
        shape = affinity.translate(self.shape, dx, dy)
        shapely.prepare(shape)
        hole = None if self.hole is None else affinity.translate(self.hole, dx, dy)
        origin = None if self.origin is None else (self.origin[0] + dx, self.origin[1] + dy)
        return Template(
            self.kind,
            shape,
            (self.centre[0] + dx, self.centre[1] + dy),
            hole,
            self.direction,
            origin,
        )


@dataclass(frozen=True, slots=True)
class TemplateHit:
    """Bases under a template: (id, covered fraction), most covered first; the hole's base."""

    under: list[tuple[str, float]] = field(default_factory=list)
    hole: str | None = None

    @property
    def ids(self) -> list[str]:
        return [i for i, _ in self.under]


def _finite(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name}: expected a finite number, got {value!r}")
    return float(value)


def _positive(value: object, name: str) -> float:
    v = _finite(value, name)
    if v <= 0:
        raise ValueError(f"{name}: expected a positive number, got {value!r}")
    return v


def disc(x: float, y: float, diameter: float) -> Polygon:
    """A blast template's outline (or its hole's) centred at (x, y): the one polygon every
    caller lays, so the scatter odds measure against the same points the template has."""
    return Point(x, y).buffer(diameter / 2, quad_segs=TEMPLATE_QUAD_SEGS)


def blast(
    x: float, y: float, diameter_in: float, hole_diameter_in: float | None = HOLE_DIAMETER_IN
) -> Template:
    """A circular template `diameter_in` across centred at (x, y); `hole_diameter_in=None`
    for a template without a centre hole."""
    cx, cy = _finite(x, "x"), _finite(y, "y")
    d = _positive(diameter_in, "diameter_in")
    hole = None
    if hole_diameter_in is not None:
        h = _positive(hole_diameter_in, "hole_diameter_in")
        if h >= d:
            raise ValueError(f"hole_diameter_in: expected less than diameter_in ({d}), got {h}")
        hole = disc(cx, cy, h)
    shape = disc(cx, cy, d)
    shapely.prepare(shape)
    return Template("blast", shape, (cx, cy), hole)


def _exit_point(origin: BaseGeometry, cx: float, cy: float, ux: float, uy: float) -> Point:
    """Where the ray from (cx, cy) along (ux, uy) leaves `origin` (its last boundary point)."""
    minx, miny, maxx, maxy = origin.bounds
    reach = math.hypot(maxx - minx, maxy - miny) + 1.0
    ray = LineString([(cx, cy), (cx + ux * reach, cy + uy * reach)])
    crossing = shapely.intersection(origin.boundary, ray)
    pts = shapely.get_coordinates(crossing)
    if len(pts) == 0:
        return Point(cx, cy)
    along = (pts[:, 0] - cx) * ux + (pts[:, 1] - cy) * uy
    k = int(np.argmax(along))
    return Point(pts[k, 0], pts[k, 1])


def flamer(
    origin_poly: BaseGeometry | tuple[float, float],
    toward: tuple[float, float],
    length_in: float = FLAMER_LENGTH_IN,
    narrow_in: float = FLAMER_NARROW_IN,
    wide_in: float = FLAMER_WIDE_IN,
) -> Template:
    """The flamer teardrop, narrow end on the shooter's base edge, pointing at `toward`.

    `origin_poly` is the shooter's base, or a point (a vehicle's flamer muzzle).
    """
    length = _positive(length_in, "length_in")
    wide = _positive(wide_in, "wide_in")
    narrow = _finite(narrow_in, "narrow_in")
    if not 0 <= narrow <= wide:
        raise ValueError(f"narrow_in: expected between 0 and wide_in ({wide}), got {narrow}")
    if length < wide / 2:
        raise ValueError(f"length_in: expected at least half of wide_in ({wide / 2}), got {length}")
    if not isinstance(origin_poly, BaseGeometry):
        origin_poly = Point(
            _finite(origin_poly[0], "origin.x"), _finite(origin_poly[1], "origin.y")
        )
    if origin_poly.is_empty:
        raise ValueError("origin_poly: empty shape")
    try:
        tx, ty = toward
    except (TypeError, ValueError):
        raise ValueError(f"toward: expected a point (x, y), got {toward!r}") from None
    tx, ty = _finite(tx, "toward.x"), _finite(ty, "toward.y")
    c = origin_poly.centroid
    dx, dy = tx - c.x, ty - c.y
    dist = math.hypot(dx, dy)
    if dist < 1e-9:
        raise ValueError("toward: the aim point is the shooter's centre; no direction")
    ux, uy = dx / dist, dy / dist
    tip = _exit_point(origin_poly, c.x, c.y, ux, uy)
    direction = norm360(math.degrees(math.atan2(uy, ux)))
    shape = _teardrop(length, narrow, wide)
    shape = affinity.rotate(shape, direction, origin=(0, 0))
    shape = affinity.translate(shape, tip.x, tip.y)
    shapely.prepare(shape)
    centre = shape.centroid
    return Template("flamer", shape, (centre.x, centre.y), None, direction, (tip.x, tip.y))


def _teardrop(length: float, narrow: float, wide: float) -> Polygon:
    """The teardrop pointing along +x with its narrow end's middle at the origin. Built in
    this frame and then turned, so it is the same polygon whichever way it points."""
    narrow_end = MultiPoint([(0.0, narrow / 2), (0.0, -narrow / 2)])
    cap = disc(length - wide / 2, 0.0, wide)
    return shapely.convex_hull(shapely.union(narrow_end, cap))


def make_template(
    shape_name: str,
    x: float,
    y: float,
    toward: tuple[float, float] | None = None,
    *,
    origin: BaseGeometry | None = None,
    hole_diameter_in: float | None = HOLE_DIAMETER_IN,
    length_in: float = FLAMER_LENGTH_IN,
    narrow_in: float = FLAMER_NARROW_IN,
    wide_in: float = FLAMER_WIDE_IN,
) -> Template:
    """A template by name: "blast-3" / "blast-5" centred at (x, y), or "flamer" from the
    base `origin` (or from the point (x, y) when no base is given) toward `toward`."""
    if shape_name == "blast-3":
        return blast(x, y, BLAST_3, hole_diameter_in)
    if shape_name == "blast-5":
        return blast(x, y, BLAST_5, hole_diameter_in)
    if shape_name == "flamer":
        if toward is None:
            raise ValueError("toward: a flamer needs a point to aim at")
        start = origin if origin is not None else (x, y)
        return flamer(start, toward, length_in, narrow_in, wide_in)
    raise ValueError(
        f"shape_name: expected one of {', '.join(TEMPLATE_SHAPES)}, got {shape_name!r}"
    )


def covered_fractions(template: Template, polys: Sequence[BaseGeometry] | np.ndarray) -> np.ndarray:
    """Share of each base's area under the template, in one vectorised pass."""
    arr = np.asarray(polys, dtype=object)
    if arr.size == 0:
        return np.zeros(0)
    if not np.all(shapely.is_geometry(arr)):
        i = int(np.flatnonzero(~shapely.is_geometry(arr))[0])
        raise ValueError(f"polys[{i}]: expected a shapely geometry, got {arr[i]!r}")
    base_area = shapely.area(arr)
    hit = shapely.intersects(template.shape, arr)
    covered = np.zeros(arr.size)
    if hit.any():
        covered[hit] = shapely.area(shapely.intersection(template.shape, arr[hit]))
    covered[covered < MIN_OVERLAP_SQIN] = 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        frac = np.where(base_area > 0, covered / base_area, 0.0)
    return np.clip(frac, 0.0, 1.0)


def hole_base(
    template: Template, polys: Sequence[BaseGeometry] | np.ndarray, ids: Sequence[str]
) -> str | None:
    """The base containing the template's centre (boundary included). When several do
    (overlapping bases, or the centre on a shared edge), the one whose centre is nearest the
    template's centre, then the smallest id."""
    arr = np.asarray(polys, dtype=object)
    if arr.size == 0:
        return None
    centre = Point(template.centre)
    inside = np.flatnonzero(shapely.covers(arr, centre))
    if inside.size == 0:
        return None
    cents = shapely.centroid(arr[inside])
    gaps = shapely.distance(cents, centre)
    best = min(range(inside.size), key=lambda k: (round(float(gaps[k]), 9), ids[inside[k]]))
    return ids[inside[best]]


def under_template(
    template: Template, polys: Sequence[BaseGeometry] | np.ndarray, ids: Sequence[str]
) -> TemplateHit:
    """Every base under the template with its covered fraction, and the base under the hole
    (None when the template has no hole or no base contains its centre)."""
    ids = list(ids)
    if len(ids) != len(polys):
        raise ValueError(f"ids: expected {len(polys)} ids for {len(polys)} shapes, got {len(ids)}")
    frac = covered_fractions(template, polys)
    under = [(ids[i], float(frac[i])) for i in np.flatnonzero(frac > 0)]
    under.sort(key=lambda item: (-round(item[1], 9), item[0]))
    hole = hole_base(template, polys, ids) if template.hole is not None else None
    return TemplateHit(under=under, hole=hole)
