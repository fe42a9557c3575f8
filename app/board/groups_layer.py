"""Group outlines on the board: one item that paints every group's hull, in its side's colour,
with the group's name beside it.

Cheap to paint: each group is one QPainterPath built when its members move (not at paint
time), drawn with one cosmetic pen and a faint fill; the names are small child text items
that ignore the zoom. The outline's shape comes from geometry.formation.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from . import style

#: Below the units (their selection outline sits at Z_UNIT − 0.5), above all terrain.
Z_GROUPS = style.Z_UNIT - 1.0
#: The selected group's outline: the board's selection amber.
SELECTED = QColor("#ffb000")
FILL_ALPHA = 26


@dataclass(frozen=True, slots=True)
class GroupOutline:
    """One group as drawn: its id and name, its side's colour and its outline (inches)."""

    id: str
    label: str
    colour: QColor
    path: QPainterPath
    depth: int = 0  # 0 for a group of units, 1 for a group of those …


class GroupsLayer(QGraphicsItem):
    """Every group's outline. `set_outlines` replaces them; `set_selected` marks one."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_GROUPS)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the units
        self._outlines: dict[str, GroupOutline] = {}
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        self._rect = QRectF()
        self.selected: str | None = None

    @property
    def outlines(self) -> dict[str, GroupOutline]:
        return dict(self._outlines)

    def label_item(self, group_id: str) -> QGraphicsSimpleTextItem:
        return self._labels[group_id]

    def set_outlines(self, outlines: list[GroupOutline]) -> None:
        self.prepareGeometryChange()
        for item in self._labels.values():
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._labels.clear()
        self._outlines = {o.id: o for o in outlines}
        rect = QRectF()
        for o in outlines:
            r = o.path.boundingRect()
            rect = rect.united(r)
            label = QGraphicsSimpleTextItem(o.label, self)
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            label.setBrush(QBrush(o.colour.darker(150)))
            font = QFont(label.font())
            font.setItalic(True)
            font.setBold(o.depth > 0)
            label.setFont(font)
            label.setPos(QPointF(r.left(), r.top()))
            # the name sits above the outline's top-left corner; an outer group's one row
            # higher per level, so nested names at the same corner stack instead of overlap
            rise = label.boundingRect().height() * (1 + o.depth)
            label.setTransform(label.transform().translate(0, -rise))
            self._labels[o.id] = label
        self._rect = rect.adjusted(-1, -1, 1, 1)
        self.update()

    def set_selected(self, group_id: str | None) -> None:
        self.selected = group_id if group_id in self._outlines else None
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        exposed = option.exposedRect if option is not None else self._rect
        for o in self._outlines.values():
            if not o.path.boundingRect().intersects(exposed):
                continue
            chosen = o.id == self.selected
            pen = style.cosmetic_pen(SELECTED if chosen else o.colour, 3.0 if chosen else 1.5,
                                     Qt.PenStyle.SolidLine if chosen else Qt.PenStyle.DashLine)
            fill = QColor(o.colour)
            fill.setAlpha(FILL_ALPHA)
            painter.setPen(pen)
            painter.setBrush(QBrush(fill))
            painter.drawPath(o.path)
