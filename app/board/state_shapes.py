"""Shapes a ruleset draws on the board for a unit's state (engine.board_rules.BoardShape):
where a battery's last template landed, with its hole and the scatter arrow from the aim
point. One item per unit that has any, above the units; redrawn when the unit's state
changes (BoardScene.sync), gone with the state (undo)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem, QWidget

from app.i18n import loc

from . import style
from .held_picture import board_touched

if TYPE_CHECKING:
    from engine.board_rules import BoardShape

__all__ = ["StateShapesItem", "TONE_COLOURS"]

#: The tones a ruleset names, as colours: where something struck, where it was aimed.
TONE_COLOURS = {"hit": QColor("#c0392b"), "aim": QColor("#2b2f33"), "info": QColor("#1f5f8b")}
FILL_ALPHA = 46
#: Room round the shapes for pens, arrow heads and labels, inches.
ROOM_IN = 0.6
ARROW_IN = 0.45


class StateShapesItem(QGraphicsItem):
    """A unit's declared shapes, in table inches; the first shape's label is printed
    under it at a fixed screen size."""

    def __init__(self, unit_id: str, shapes: Sequence[BoardShape]) -> None:
        super().__init__()
        self.unit_id = unit_id
        self.setZValue(style.Z_OVERLAY - 1.0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.label = QGraphicsSimpleTextItem(self)
        self.label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        font = QFont()
        font.setPointSizeF(8.0)
        font.setBold(True)
        self.label.setFont(font)
        self.shapes: tuple[BoardShape, ...] = ()
        self.set_shapes(shapes)

    def set_shapes(self, shapes: Sequence[BoardShape]) -> None:
        self.prepareGeometryChange()
        self.shapes = tuple(shapes)
        self._paths = [self._path(s) for s in self.shapes]
        rect = QRectF()
        for p in self._paths:
            rect = rect.united(p.boundingRect())
        self._rect = rect.adjusted(-ROOM_IN, -ROOM_IN, ROOM_IN, ROOM_IN)
        first = next((s for s in self.shapes if s.label), None)
        self.label.setText(loc(first.label) if first else "")
        self.label.setBrush(TONE_COLOURS[first.tone] if first else QColor())
        if first is not None:
            r = self._path(first).boundingRect()
            self.label.setPos(QPointF(r.center().x(), r.bottom() + 0.1))
            # centred under the shape: half the text's width, in pixels (the label
            # ignores the zoom)
            self.label.setTransform(QTransform.fromTranslate(
                -self.label.boundingRect().width() / 2, 0.0))
        self.label.setVisible(first is not None)
        self.setToolTip("\n".join(loc(s.tip) for s in self.shapes if s.tip))
        self.update()
        board_touched(self)

    @staticmethod
    def _path(s: BoardShape) -> QPainterPath:
        path = QPainterPath()
        pts = [QPointF(x, y) for x, y in s.points]
        if s.kind == "circle":
            path.addEllipse(pts[0], s.radius_in, s.radius_in)
        elif s.kind == "polygon":
            path.addPolygon(QPolygonF(pts))
            path.closeSubpath()
        else:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
        return path

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for s, path in zip(self.shapes, self._paths, strict=True):
            colour = TONE_COLOURS[s.tone]
            if s.kind == "line":
                painter.setPen(style.cosmetic_pen(colour, 1.6, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(path)
                if s.arrow:
                    self._arrow_head(painter, s, colour)
                continue
            fill = QColor(colour)
            fill.setAlpha(FILL_ALPHA)
            painter.setPen(style.cosmetic_pen(colour, 2.0))
            painter.setBrush(QBrush(fill))
            painter.drawPath(path)

    @staticmethod
    def _arrow_head(painter: QPainter, s: BoardShape, colour: QColor) -> None:
        (x0, y0), (x1, y1) = s.points[-2], s.points[-1]
        a = math.atan2(y1 - y0, x1 - x0)
        wing = [QPointF(x1 - ARROW_IN * math.cos(a + d), y1 - ARROW_IN * math.sin(a + d))
                for d in (0.45, -0.45)]
        painter.setPen(style.cosmetic_pen(colour, 1.6))
        painter.setBrush(QBrush(colour))
        painter.drawPolygon(QPolygonF([QPointF(x1, y1), *wing]))
