"""The outline of a formation: the shape the board draws round a group's bases.

The convex hull of the bases, widened by a margin, so the outline clears every base by at
least the margin and two groups side by side stay apart where their bases do. Groups
holding groups get a wider margin than the ones inside them (`margin_in × (1 + depth)`),
so nested outlines do not coincide.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

#: Margin (inches) between a squad's bases and its outline.
OUTLINE_MARGIN_IN = 0.3
#: How far (inches) the hull may be thinned before it is widened (added to the margin).
SIMPLIFY_IN = 0.05


def formation_outline(polys: Sequence[BaseGeometry] | np.ndarray, depth: int = 0,
                      margin_in: float = OUTLINE_MARGIN_IN) -> Polygon:
    """The outline round these bases (empty when there are none): their convex hull
    buffered by margin_in × (1 + depth)."""
    arr = np.asarray(polys, dtype=object).reshape(-1)
    if arr.size == 0:
        return Polygon()
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth: expected a whole number ≥ 0, got {depth!r}")
    if not margin_in > 0:
        raise ValueError(f"margin_in: expected a positive distance, got {margin_in!r}")
    coords = shapely.get_coordinates(arr)
    # one line through every vertex: its hull is the points' hull, built without a Point each
    hull = shapely.convex_hull(shapely.linestrings(coords) if len(coords) > 1
                               else shapely.points(coords[0]))
    # a hull round many round bases has a vertex every few hundredths of an inch: thinned
    # to SIMPLIFY_IN (inside the margin, so no base pokes out) it draws as fast as a box
    hull = shapely.simplify(hull, SIMPLIFY_IN)
    return hull.buffer(margin_in * (1 + depth) + SIMPLIFY_IN, quad_segs=4)
