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
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QRect, QTimer
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

if TYPE_CHECKING:
    from .view import BoardView

#: Pixels round an overlay's bounds that its pen may reach (a cosmetic 3 px outline,
#: antialiased).
PEN_ROOM_PX = 3
#: A held picture of the board (BoardView.hold_board) is taken once the board has been
#: still this long: a pan or a zoom under a holding tool does not pay a picture per step.
HOLD_AFTER_MS = 150
#: A picture due while a worker that holds the interpreter lock is busy is taken this
#: much later (`BoardHold.defer`).
HOLD_RETRY_MS = 30


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
    the view's transform and the viewport's size (BoardHold.board_key)."""

    pixmap: QPixmap
    key: tuple


def paint_held(painter: QPainter, held: HeldPicture, region: QRegion,
               overlays: list[QGraphicsItem], view_transform: QTransform,
               widget: QWidget) -> dict[int, tuple[QGraphicsItem, QRect]]:
    """Put the held picture up over `region` and paint `overlays` (with their children)
    over it, as the view would have. Returns where each overlay went on the viewport, by
    id: Qt keeps that for the items it paints itself and repaints there when one is taken
    off or moves; for these the view has to (BoardHold.forget_painted)."""
    painter.setClipRegion(region)
    painter.drawPixmap(0, 0, held.pixmap)  # clipped to the region; Qt minds the pixel ratio
    option = QStyleOptionGraphicsItem()
    painted = {}
    for item in overlays:
        painted[id(item)] = (item, _paint_tree(painter, item, view_transform, option, widget,
                                               1.0))
    return painted


class BoardHold(QObject):
    """One view's held picture (BoardView.hold_board): whether a tool wants it, the picture
    and what it was taken at, where the last held repaint put each overlay, and the timer
    that takes the next picture once the board is still."""

    def __init__(self, view: BoardView) -> None:
        super().__init__(view)
        self.view = view
        self.on = False
        self.held: HeldPicture | None = None
        self.waiting_for: tuple | None = None  # the board a picture is to be taken of
        #: where the last held repaint drew each overlay, by id (`forget_painted`)
        self.painted: dict[int, tuple] = {}
        self.grabbing = False
        self.take = QTimer(self)
        self.take.setSingleShot(True)
        self.take.setInterval(HOLD_AFTER_MS)
        self.take.timeout.connect(self.take_picture)
        self.deferring: list = []  # the workers' futures a picture waits for

    def hold(self, on: bool) -> None:
        if self.painted:  # overlays a held repaint drew: Qt does not know they are there
            self.view.viewport().update()
            self.painted = {}
        self.on = on
        self.held = None
        self.take.stop()
        if on:
            # the board is still as the tool comes on: the picture is taken now, so the
            # tool's first events already paint over it rather than over the whole board
            self.take_picture()
            if self.held is None and not self.take.isActive():
                self.take.start(HOLD_AFTER_MS)

    def holds(self) -> bool:
        return self.on and self.still_good()

    def board_key(self) -> tuple:
        """What a held picture is good for: the board's generation, the zoom and position,
        the viewport's size."""
        view = self.view
        vp = view.viewport()
        return (view.board().board_generation, view.viewportTransform(), vp.width(),
                vp.height())

    def still_good(self) -> bool:
        held = self.held
        return held is not None and held.key == self.board_key()

    def defer(self, future) -> None:
        self.deferring.append(future)

    def paint(self, region: QRegion) -> bool:
        """A repaint of `region`: the held picture put up with the overlays over it (True),
        or, with none good, False — the view paints the ordinary way, and the next picture
        is taken once the board is still."""
        if not self.on or self.grabbing:
            return False
        view = self.view
        if self.still_good():
            painter = QPainter(view.viewport())
            painter.setRenderHints(view.renderHints())
            painted = paint_held(painter, self.held, region, view.board().overlays(),
                                 view.viewportTransform(), view.viewport())
            painter.end()
            self.forget_painted(painted, region)
            return True
        self.held = None
        key = self.board_key()
        if key != self.waiting_for or not self.take.isActive():
            self.waiting_for = key  # restarted by a change, not by an overlay's
            self.take.start(HOLD_AFTER_MS)  # repaint: taken once the board is still
        return False

    def forget_painted(self, painted: dict, region: QRegion) -> None:
        """Keep where the held repaint put each overlay. One that went since or moved
        (taken off, hidden, changed shape) is repainted where it was: Qt does that for
        the items it paints, not for these. Taken off the board, the scene says so at
        once (overlay_leaving); the rest is cleaned up in the next frame."""
        stale = QRegion()
        for key, (_item, rect) in self.painted.items():
            now = painted.get(key)
            if now is None or now[1] != rect:
                stale |= QRegion(rect)
        self.painted = painted
        stale -= region
        if not stale.isEmpty():
            self.view.viewport().update(stale)

    def overlay_leaving(self, item) -> None:
        known = self.painted.pop(id(item), None)
        if known is not None:
            self.view.viewport().update(known[1])

    def take_picture(self) -> None:
        """The board as it looks now without the overlays, for the repaints to come."""
        view = self.view
        if not self.on or view.wheel_picture_shown() or not view.viewport().isVisible():
            return
        self.deferring = [f for f in self.deferring if not f.done()]
        if self.deferring:
            self.take.start(HOLD_RETRY_MS)
            return
        shown = view.board().find_overlays()
        self.grabbing = True
        try:
            for item in shown:
                item.setVisible(False)
            generation = view.board().board_generation
            pixmap = self.board_alone()
        finally:
            for item in shown:
                item.setVisible(True)
            self.grabbing = False
        self.held = HeldPicture(pixmap, (generation, *self.board_key()[1:]))

    def board_alone(self) -> QPixmap:
        """The viewport painted into a pixmap without the widgets over it (the pointer's
        hint lives there and moves on its own)."""
        vp = self.view.viewport()
        ratio = vp.devicePixelRatioF()
        pixmap = QPixmap(round(vp.width() * ratio), round(vp.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        vp.render(pixmap, QPoint(), QRegion(), QWidget.RenderFlag.DrawWindowBackground)
        return pixmap


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
