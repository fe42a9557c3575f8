"""What a picture of the board keeps apart: the tools' overlays, the units and their labels.

A picture lays the unit labels out for its own scale (app.picture); the lines the tools
draw over the board (a measure line, a template's outline and scatter arrow, a reach
area's edge) and their own little labels are handed to that layout as boxes to avoid
(`overlay_boxes`), so a name is not printed across the line it is read with. The marks
the picture paints itself (the edge tags) then keep off the bases, labels and badges as
drawn (`board_rects`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsPolygonItem,
    QGraphicsRectItem,
)

if TYPE_CHECKING:
    import numpy as np

    from .board import BoardScene

#: An overlay line is cut into boxes this many pixels long …
STEP_PX = 6.0
#: … and this many pixels each side of the line.
HALF_PX = 2.0


def _polylines(item: QGraphicsItem) -> list[list[QPointF]]:
    """The item's lines and outlines in scene coordinates (inches)."""
    if isinstance(item, QGraphicsLineItem):
        line = item.line()
        t = item.sceneTransform()
        return [[t.map(line.p1()), t.map(line.p2())]]
    lines = getattr(item, "lines", None)  # the tools' LinesItem: many lines in one item
    if callable(lines):
        t = item.sceneTransform()
        return [[t.map(ln.p1()), t.map(ln.p2())] for ln, _pen in lines()]
    if isinstance(item, QGraphicsPathItem):
        path = item.path()  # the line itself, not its (dashed) stroke's outline
    elif isinstance(item, QGraphicsEllipseItem):
        path = QPainterPath()
        path.addEllipse(item.rect())
    elif isinstance(item, QGraphicsPolygonItem):
        path = QPainterPath()
        path.addPolygon(item.polygon())
    elif isinstance(item, QGraphicsRectItem):
        path = QPainterPath()
        path.addRect(item.rect())
    else:
        return []
    polys = path.toSubpathPolygons(item.sceneTransform())
    return [[poly.at(i) for i in range(poly.size())] for poly in polys]


def _cut(points: list[QPointF], s: float) -> list[tuple[float, float, float, float]]:
    """A polyline (inches) as small pixel boxes along it, at `s` px per inch."""
    out = []
    for a, b in zip(points, points[1:], strict=False):
        ax, ay, bx, by = a.x() * s, a.y() * s, b.x() * s, b.y() * s
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / STEP_PX))
        for k in range(n + 1):
            x, y = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            out.append((x - HALF_PX, y - HALF_PX, x + HALF_PX, y + HALF_PX))
    return out


def overlay_boxes(scene: BoardScene, s: float) -> np.ndarray:
    """(a, 4) pixel boxes (the label layout's pixels at `s` px per inch) along every
    overlay line and over every overlay text the tools have on the board."""
    import numpy as np

    boxes: list[tuple[float, float, float, float]] = []
    for top in scene.find_overlays():
        for item in (top, *top.childItems()):
            if not item.isVisible() or isinstance(item, QGraphicsPixmapItem):
                continue
            flags = item.flags()
            if flags & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations:
                r = item.boundingRect()  # a text the size of its pixels at any zoom
                p = item.scenePos()
                boxes.append((p.x() * s + r.left(), p.y() * s + r.top(),
                              p.x() * s + r.right(), p.y() * s + r.bottom()))
                continue
            for line in _polylines(item):
                boxes += _cut(line, s)
    return np.array(boxes, dtype=float).reshape(-1, 4)


def board_rects(scene: BoardScene, area: QRectF, scale: float) -> list[QRectF]:
    """Every base, and every unit label and badge row shown, in picture pixels (the
    picture shows `area` at `scale` px per inch)."""
    origin = area.topLeft()
    out = []
    for item in scene.unit_items.values():
        base = item.mapToScene(item.shape().boundingRect()).boundingRect()
        out.append(QRectF((base.topLeft() - origin) * scale, base.size() * scale))
        for text in (item.label, item.badges):
            if text is not None and text.isVisible():
                out.append(text.boundingRect().translated((text.scenePos() - origin) * scale))
    return out
