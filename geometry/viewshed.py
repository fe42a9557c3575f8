"""The area a unit sees within a reach: the ground inside `reach_in` of its base (edge to
edge) from which some part of a small base would be seen, by the same sight rules as
geometry.los (solid pieces block, woods past their depth; the unit's own piece ignored).

Worked on a grid: the reach is cut into square cells `cell_in` wide, each cell taken as a
tiny base and traced from the unit with `visible_fractions` (one vectorised pass for all
cells), and the cells seen at all are merged and clipped to the reach. So the outline is
true to within a cell: a cell partly behind a corner counts as seen. For drawing (a
commander's contact zone); a rule asks `line_of_sight` of the real bases."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from .los import visible_fractions
from .terrain import TerrainIndex

__all__ = ["seen_within", "DEFAULT_CELL_IN"]

#: Grid cell of the seen area (inches): half an inch keeps a 6" reach under 700 cells.
DEFAULT_CELL_IN = 0.5
#: Sight lines per cell: its centre and corners' neighbourhood.
CELL_SAMPLES = 4


def seen_within(index: TerrainIndex, base: Polygon, reach_in: float, *,
                cell_in: float = DEFAULT_CELL_IN) -> BaseGeometry:
    """The part of `base.buffer(reach_in)` the unit on `base` sees (see module doc)."""
    if reach_in <= 0:
        raise ValueError(f"reach_in: expected inches > 0, got {reach_in!r}")
    if cell_in <= 0:
        raise ValueError(f"cell_in: expected inches > 0, got {cell_in!r}")
    reach = base.buffer(reach_in)
    # every sight line from the base to the reach lies in the reach (both convex for a
    # round or rectangular base): only pieces that touch it can hide anything
    near = index.tree.query(reach, predicate="intersects")
    if not np.isin(near, index.los_pieces).any():
        return reach
    x0, y0, x1, y1 = reach.bounds
    xs = np.arange(x0, x1, cell_in)
    ys = np.arange(y0, y1, cell_in)
    gx, gy = np.meshgrid(xs, ys)
    cells = shapely.box(gx.ravel(), gy.ravel(), gx.ravel() + cell_in, gy.ravel() + cell_in)
    cells = cells[shapely.intersects(cells, reach) & ~shapely.within(cells, base)]
    if len(cells) == 0:
        return reach
    seen = visible_fractions(index, base, cells, samples=CELL_SAMPLES) > 0
    area = shapely.union_all(np.concatenate((cells[seen], [base])))
    return shapely.intersection(area, reach)
