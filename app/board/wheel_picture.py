"""What the board shows while the wheel turns: the last picture, scaled, until it rests.

A wheel notch at 2,000 units drew every base again at the new zoom (each unit's pixel
cache is for one zoom): 20-25 ms at 500 units, 60+ at 2,000, for every notch. While the
wheel turns the board instead shows the picture it had when the wheel started, scaled to
the new zoom (one pixmap drawn through a transform; the table, grid and terrain drawn as
usual where a zoom out uncovers what the picture never held), and anything that changes
in the scene meanwhile is drawn sharp where it changed. Once the wheel has rested the
labels are laid out (BoardView.flush_labels) and the board is drawn sharp again band by
band (`SHARP_BANDS` events, so a pointer event waits for one band at most): then it is
exactly the board a repaint from scratch shows.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform

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
