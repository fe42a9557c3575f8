"""What the board shows while the wheel turns: the last picture, scaled, until it rests.

A wheel notch on a big table drew every base again at the new zoom (each unit's pixel
cache is for one zoom), for every notch, slower than the wheel turns. While the
wheel turns the board instead shows the picture it had when the wheel started, scaled to
the new zoom (one pixmap drawn through a transform; where a zoom out uncovers what the
picture never held, the table, grid and terrain drawn once for that zoom and kept for the
burst's later repaints, such as the labels' arrival), and anything that changes
in the scene meanwhile is drawn sharp where it changed. Once the wheel has rested the
labels are laid out (BoardView.flush_labels) and the board is drawn sharp again band by
band (`SHARP_BANDS` events, so a pointer event waits for one band at most): then it is
exactly the board a repaint from scratch shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform

if TYPE_CHECKING:
    from collections.abc import Callable

#: How many horizontal bands the sharp repaint after a wheel burst is split into.
SHARP_BANDS = 8


class WheelPicture:
    """The picture of the viewport when a wheel burst began, and which parts of the
    viewport have been drawn sharp since (`sharp`, viewport pixels)."""

    def __init__(self, pixmap: QPixmap, transform: QTransform) -> None:
        self.pixmap = pixmap
        #: the scene-to-viewport transform the picture was drawn with
        self.transform = transform
        self.sharp = QRegion()
        #: the next band `sharpen` draws; None until the wheel has rested
        self.band: int | None = None
        #: what a zoom out uncovered around the picture, drawn once for one transform
        #: (`around_at`): the burst's later repaints put it up instead of drawing the
        #: table and its terrain there again
        self._around: tuple[QTransform, QPixmap] | None = None

    def around_at(self, now: QTransform, pixmap: QPixmap,
                  draw: Callable[[QPainter, QRegion], None]) -> QPixmap:
        """`pixmap` (viewport-sized, the view's own, reused from burst to burst) holding,
        where the picture does not reach at `now` (outside `covered(now)`), what
        `draw(painter, ring)` paints there: drawn on the first call at a transform, kept
        after. Only its ring is ever shown (the rest is left as it was)."""
        held = self._around
        if held is not None and held[0] == now and held[1] is pixmap:
            return pixmap
        size = pixmap.deviceIndependentSize().toSize()
        ring = QRegion(QRect(QPoint(0, 0), size)) - self.covered(now)
        painter = QPainter(pixmap)
        painter.setClipRegion(ring)
        draw(painter, ring)
        painter.end()
        self._around = (QTransform(now), pixmap)
        return pixmap

    def covered(self, now: QTransform) -> QRegion:
        """The viewport pixels the scaled picture covers at transform `now`."""
        inv, _ok = self.transform.inverted()
        rect = QRectF(QPointF(0.0, 0.0), self.pixmap.deviceIndependentSize())
        mapped = (inv * now).mapRect(rect)
        inner = QRect(int(mapped.left()) + 1, int(mapped.top()) + 1,
                      max(0, int(mapped.width()) - 2), max(0, int(mapped.height()) - 2))
        return QRegion(inner)

    def draw(self, painter: QPainter, now: QTransform, region: QRegion) -> None:
        """The picture scaled from its zoom to `now`, clipped to `region`."""
        inv, _ok = self.transform.inverted()
        painter.save()
        painter.setClipRegion(region)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setTransform(inv * now)
        painter.drawPixmap(0, 0, self.pixmap)
        painter.restore()

    def next_band(self, viewport: QRect) -> QRect | None:
        """The next band of the viewport to draw sharp, None when all are."""
        if self.band is None or self.band >= SHARP_BANDS:
            return None
        h = viewport.height()
        top = viewport.top() + h * self.band // SHARP_BANDS
        bottom = viewport.top() + h * (self.band + 1) // SHARP_BANDS
        self.band += 1
        return QRect(viewport.left(), top, viewport.width(), bottom - top)


__all__ = ["SHARP_BANDS", "WheelPicture"]
