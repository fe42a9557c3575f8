"""A picture of the board held while a tool only draws over it (the threat view's hover).

At 500 units a repaint under a board-wide overlay spent half its time drawing the board's
own items again — every unit's and label's cached pixmap put up anew — though nothing on
the board had changed. A `HeldPicture` is the viewport as the board looks without the
overlays, taken once; while the view's transform, size and the scene's
`board_generation` are what they were, a repaint puts the picture up and paints only the
overlay items (those at or above Z_OVERLAY) over it, in their stacking order.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

#: Pixels round an overlay's bounds that its pen may reach (a cosmetic 3 px outline,
#: antialiased).
PEN_ROOM_PX = 3


def board_touched(item: QGraphicsItem) -> None:
    """An item under the overlays changed how it looks outside the scene's own syncs (a
    group outline selected from the organisation dock, a child added to a layer): a held
    picture of its board is stale now."""
    touched = getattr(item.scene(), "touched", None)
    if touched is not None:
        touched()


@dataclass
class HeldPicture:
    """The board without its overlays, and what it was taken at: the board's generation,
    the view's transform and the viewport's size (BoardView._board_key)."""

    pixmap: QPixmap
    key: tuple


def paint_held(painter: QPainter, held: HeldPicture, region: QRegion,
               overlays: list[QGraphicsItem], view_transform: QTransform,
               widget: QWidget) -> dict[int, tuple[QGraphicsItem, QRect]]:
    """Put the held picture up over `region` and paint `overlays` (with their children)
    over it, as the view would have. Returns where each overlay went on the viewport, by
    id: Qt keeps that for the items it paints itself and repaints there when one is taken
    off or moves; for these the view has to (BoardView._forget_painted)."""
    painter.setClipRegion(region)
    painter.drawPixmap(0, 0, held.pixmap)  # clipped to the region; Qt minds the pixel ratio
    option = QStyleOptionGraphicsItem()
    painted = {}
    for item in overlays:
        painted[id(item)] = (item, _paint_tree(painter, item, view_transform, option, widget,
                                               1.0))
    return painted


def painted_rect(item: QGraphicsItem, vt: QTransform) -> QRect:
    """Where an item (not its children) lands on the viewport, with room for the
    antialiased edge of a cosmetic pen."""
    r = item.deviceTransform(vt).mapRect(item.boundingRect()).toAlignedRect()
    return r.adjusted(-PEN_ROOM_PX, -PEN_ROOM_PX, PEN_ROOM_PX, PEN_ROOM_PX)


def _paint_tree(painter: QPainter, item: QGraphicsItem, vt: QTransform,
                option: QStyleOptionGraphicsItem, widget: QWidget, opacity: float) -> QRect:
    """One item and its children (below it first when they stack behind it); returns
    the viewport rectangle they were painted in."""
    if not item.isVisible():
        return QRect()
    opacity *= item.opacity()
    area = QRect()
    kids = sorted(item.childItems(), key=lambda c: c.zValue())
    behind = [c for c in kids if c.flags() & QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent]
    for child in behind:
        area |= _paint_tree(painter, child, vt, option, widget, opacity)
    if not item.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
        painter.save()
        painter.setTransform(item.deviceTransform(vt))
        painter.setOpacity(opacity)
        option.exposedRect = item.boundingRect()
        item.paint(painter, option, widget)
        painter.restore()
        area |= painted_rect(item, vt)
    for child in kids:
        if child not in behind:
            area |= _paint_tree(painter, child, vt, option, widget, opacity)
    return area
