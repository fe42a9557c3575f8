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
    hull = shapely.convex_hull(shapely.multipolygons(list(arr)) if arr.size > 1 else arr[0])
    return hull.buffer(margin_in * (1 + depth), quad_segs=8)
