"""Shapes as Qt painter paths: the board's items, the tools' overlays and the groups' and
zones' outlines draw with them. Kept apart from app.board.items so a module that only
outlines a shape does not load the items' classes at start (design.md P6). The shape's
rings and lines come from geometry.drawn as plain arrays: app/ handles no geometry itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPolygonF

if TYPE_CHECKING:
    import numpy as np


def _ring_polygon(coords: np.ndarray) -> QPolygonF:
    """The points copied into the polygon's own memory at once (as pyqtgraph does): a
    QPointF made per point costs a round base's 97 points a quarter of a millisecond, which
    every unit of a big table paid when it was opened."""
    import numpy as np
    from shiboken6 import VoidPtr

    n = len(coords)
    polygon = QPolygonF()
    if n == 0:
        return polygon
    polygon.resize(n)
    memory = np.frombuffer(VoidPtr(polygon.data(), n * 16, True), dtype=np.float64)
    memory[:] = np.asarray(coords, dtype=np.float64)[:, :2].ravel()
    return polygon


def geometry_path(geom: object) -> QPainterPath:
    """A painter path of a shape (geometry.drawn.drawn_parts): polygons (with holes) as
    closed subpaths, lines as open ones. Odd-even fill so holes stay empty."""
    from geometry.drawn import drawn_parts

    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for pts, closed in drawn_parts(geom):
        if closed:
            path.addPolygon(_ring_polygon(pts))
            path.closeSubpath()
        else:
            path.moveTo(*pts[0])
            for x, y in pts[1:]:
                path.lineTo(x, y)
    return path
