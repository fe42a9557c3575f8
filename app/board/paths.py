"""Shapely geometries as Qt painter paths: the board's items, the tools' overlays and the
groups' and zones' outlines draw with them. Kept apart from app.board.items so a module
that only outlines a geometry does not load the items' classes at start (design.md P6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

if TYPE_CHECKING:
    import numpy as np
    from shapely.geometry.base import BaseGeometry


def _ring_polygon(coords: np.ndarray) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in coords])


def geometry_path(geom: BaseGeometry) -> QPainterPath:
    """A painter path of a shapely geometry: polygons (with holes) as closed subpaths,
    lines as open ones. Odd-even fill so holes stay empty."""
    import numpy as np
    import shapely
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for part in shapely.get_parts(geom):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            for ring in (part.exterior, *part.interiors):
                path.addPolygon(_ring_polygon(np.asarray(ring.coords)))
                path.closeSubpath()
        elif part.geom_type in ("LineString", "LinearRing"):
            pts = np.asarray(part.coords)
            path.moveTo(*pts[0])
            for x, y in pts[1:]:
                path.lineTo(x, y)
        elif part.geom_type.startswith("Multi") or part.geom_type == "GeometryCollection":
            path.addPath(geometry_path(part))
    return path
