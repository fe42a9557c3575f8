"""Group outlines on the board: every group's hull in its side's colour, its name beside it.

Cheap to paint: the layer is an empty parent; each group is one child item holding one
QPainterPath of a few dozen points, built when its members move (not at paint time; only
the groups a change touches are rebuilt) and stroked with a 1 px cosmetic pen, Qt's fast
path: a wider antialiased stroke or a translucent fill of every group makes every repaint
much slower. Only the selected group gets
the wide amber pen and the tint. (A device pixmap cache is worse still: blitting dozens of
table-sized translucent pixmaps.) Names are small child text items that ignore the zoom,
placed where they leave the unit labels readable (app.board.texts). The outline's shape
comes from geometry.formation.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from . import style, texts
from .held_picture import board_touched

#: Below the units (their selection outline sits at Z_UNIT − 0.5), above all terrain.
Z_GROUPS = style.Z_UNIT - 1.0
#: The selected group's outline: the board's selection amber.
SELECTED = QColor("#ffb000")
FILL_ALPHA = 26
#: Room (inches) round a path for its pen: 3 px at the most distant zoom the view allows.
PEN_ROOM_IN = 0.5


@dataclass(frozen=True, slots=True)
class GroupOutline:
    """One group as drawn: its id and name, its side's colour and its outline (inches)."""

    id: str
    label: str
    colour: QColor
    path: QPainterPath
    depth: int = 0  # 0 for a group of units, 1 for a group of those …


class OutlineItem(QGraphicsItem):
    """One group's outline: its path in the side's colour; the selected one amber and
    wide over a faint tint."""

    def __init__(self, outline: GroupOutline, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.outline = outline
        self.selected = False
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the units
        r = outline.path.boundingRect()
        self._rect = r.adjusted(-PEN_ROOM_IN, -PEN_ROOM_IN, PEN_ROOM_IN, PEN_ROOM_IN)

    def set_selected(self, on: bool) -> None:
        if on != self.selected:
            self.selected = on
            self.update()
            board_touched(self)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        o = self.outline
        if self.selected:  # one group at a time: the wide pen and the tint are affordable
            fill = QColor(o.colour)
            fill.setAlpha(FILL_ALPHA)
            painter.setPen(style.cosmetic_pen(SELECTED, 3.0))
            painter.setBrush(QBrush(fill))
        else:
            painter.setPen(style.cosmetic_pen(o.colour, 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(o.path)


class GroupsLayer(QGraphicsItem):
    """Every group's outline. `set_outlines` replaces them (keeping the items of outlines
    that did not change); `set_selected` marks one."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_GROUPS)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._items: dict[str, OutlineItem] = {}
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        self._texts: dict[str, texts.BoardText] = {}
        self.selected: str | None = None

    @property
    def outlines(self) -> dict[str, GroupOutline]:
        return {gid: item.outline for gid, item in self._items.items()}

    def outline_item(self, group_id: str) -> OutlineItem:
        return self._items[group_id]

    def label_item(self, group_id: str) -> QGraphicsSimpleTextItem:
        return self._labels[group_id]

    def set_outlines(self, outlines: list[GroupOutline]) -> None:
        wanted = {o.id: o for o in outlines}
        for gid in list(self._items):
            old = self._items[gid].outline
            new = wanted.get(gid)
            if new is None or new != old:
                self._drop(gid)
        for o in outlines:
            if o.id not in self._items:
                self._add(o)
        self.set_selected(self.selected)
        board_touched(self)

    def _drop(self, gid: str) -> None:
        self._texts.pop(gid, None)
        for table in (self._items, self._labels):
            item = table.pop(gid)
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)

    def _add(self, o: GroupOutline) -> None:
        item = OutlineItem(o, self)
        self._items[o.id] = item
        r = o.path.boundingRect()
        label = QGraphicsSimpleTextItem(o.label, self)
        label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        label.setBrush(QBrush(o.colour.darker(150)))
        font = QFont(label.font())
        font.setItalic(True)
        font.setBold(o.depth > 0)
        label.setFont(font)
        label.setPos(QPointF(r.left(), r.top()))
        self._labels[o.id] = label
        # the name goes above the outline's top-left corner, or the first place round the
        # outline that leaves the unit labels readable (BoardScene.place_texts); an outer
        # group's one row farther out per level, so nested names stack instead of overlap
        self._texts[o.id] = texts.BoardText(label, r, texts.raised(texts.AROUND, o.depth))

    def board_texts(self) -> list[texts.BoardText]:
        """The names, for the board to place beside the unit labels."""
        return list(self._texts.values())

    def set_selected(self, group_id: str | None) -> None:
        self.selected = group_id if group_id in self._items else None
        for gid, item in self._items.items():
            item.set_selected(gid == self.selected)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """Nothing of its own: the outlines are its children."""
