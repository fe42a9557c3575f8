"""Input checks shared by the sight-line modules: a base is a polygon with an area."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

_EPS = 1e-9



_NO_POLYS = np.zeros(0, dtype=object)



def _as_polygon(p: object, name: str) -> Polygon:
    if not isinstance(p, Polygon) or p.is_empty or p.area <= 0:
        raise ValueError(f"{name}: expected a base polygon with an area, got {p!r:.60}")
    return p



def _as_polygons(polys: Sequence[Polygon] | np.ndarray, name: str) -> np.ndarray:
    """`_as_polygon` for each, checked at once (shapely's vectorised predicates); the first
    bad one is named as `_as_polygon` names it."""
    arr = np.empty(len(polys), dtype=object)
    for i, p in enumerate(polys):  # one by one: a list inside must not become an axis
        arr[i] = p
    ok = shapely.is_geometry(arr)
    if ok.all():
        ok = (shapely.get_type_id(arr) == 3) & ~shapely.is_empty(arr)
        ok[ok] = shapely.area(arr[ok]) > 0
    if not ok.all():
        i = int((~ok).nonzero()[0][0])
        _as_polygon(arr[i], f"{name}[{i}]")
    return arr



def _check_samples(samples: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 1:
        raise ValueError(f"samples: expected a positive whole number, got {samples!r}")
    return int(samples)



def _overlap(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Interiors meet: standing in or on the piece, not just touching its outline."""
    return bool(shapely.intersects(a, b) and not shapely.touches(a, b))



def _polygonal(g: BaseGeometry) -> BaseGeometry:
    """The areal part of an intersection (drops the stray lines and points GEOS may return)."""
    if shapely.get_type_id(g) in (3, 6):
        return g
    parts = shapely.get_parts(g)
    return shapely.union_all(parts[shapely.area(parts) > 0])
