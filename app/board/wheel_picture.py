"""What the board shows while the wheel turns: the last picture, scaled, until it rests.

A wheel notch on a big table drew every base again at the new zoom (each unit's pixel
cache is for one zoom), for every notch, slower than the wheel turns. While the
wheel turns the board instead shows the picture it had when the wheel started, scaled to
the new zoom (one pixmap drawn through a transform; where a zoom out uncovers what the
picture never held, the table, grid and terrain drawn once for that zoom and kept for the
burst's later repaints, such as the labels' arrival), and anything that changes
in the scene meanwhile is drawn sharp where it changed. Once the wheel has rested the
labels are laid out (BoardView.flush_labels) and the board is drawn sharp again band by
band (at least `SHARP_BANDS` events, more on a crowded board: each band holds about
`UNITS_PER_BAND` units, so a pointer event waits for one band's work at most): then it is
exactly the board a repaint from scratch shows.

The picture is the viewport as it is on screen, copied from the window's backing store
(`shown_picture`): grabbing it painted the whole board once more, every unit of a big
table, in the wheel's first notch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import QImage, QPainter, QPixmap, QRegion, QTransform

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from PySide6.QtWidgets import QWidget

#: The fewest horizontal bands the sharp repaint after a wheel burst is split into.
SHARP_BANDS = 8
#: About how many units' centres one band holds: a crowded board is split into more bands
#: (a band's repaint draws every unit in it at the new zoom).
UNITS_PER_BAND = 150


def shown_picture(widget: QWidget) -> QPixmap:
    """The widget as it is on screen: its part of the window's backing store, copied (a
    `grab` would paint it anew). A grab where the store holds no image of it."""
    store = widget.backingStore()
    image = store.paintDevice() if store is not None else None
    if not isinstance(image, QImage) or image.isNull():
        return widget.grab()
    ratio = image.devicePixelRatio()
    at = widget.mapTo(widget.window(), QPoint(0, 0))
    rect = QRect(round(at.x() * ratio), round(at.y() * ratio),
                 round(widget.width() * ratio), round(widget.height() * ratio))
    if not image.rect().contains(rect):
        return widget.grab()
    pixmap = QPixmap.fromImage(image.copy(rect))
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def strip_edges(top: int, height: int, centres_y: Sequence[float]) -> list[int]:
    """Where the bands of a viewport `height` pixels tall starting at `top` end (each
    band's bottom, the last at top + height): at least SHARP_BANDS bands of at most
    height / SHARP_BANDS, and more where the units (their centres at `centres_y`, viewport
    pixels) are crowded, so that no band holds many more than UNITS_PER_BAND."""
    import numpy as np

    bottom = top + height
    edges = {top + height * k // SHARP_BANDS for k in range(1, SHARP_BANDS + 1)}
    ys = np.sort(np.asarray(centres_y, dtype=float))
    ys = ys[(ys >= top) & (ys < bottom)]
    for y in ys[UNITS_PER_BAND::UNITS_PER_BAND]:
        edges.add(int(y))
    return sorted(e for e in edges if top < e <= bottom)


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
        #: each band's bottom edge (viewport pixels), set as the bands begin
        #: (`begin_bands`); the SHARP_BANDS even bands until then
        self.edges: list[int] | None = None
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

    def begin_bands(self, viewport: QRect, centres_y: Sequence[float] = ()) -> None:
        """Start drawing sharp: the bands cut for the units whose centres are at
        `centres_y` (viewport pixels; strip_edges)."""
        self.band = 0
        self.edges = strip_edges(viewport.top(), viewport.height(), centres_y)

    def bands(self) -> int:
        """How many bands the sharp repaint takes."""
        return SHARP_BANDS if self.edges is None else len(self.edges)

    def next_band(self, viewport: QRect) -> QRect | None:
        """The next band of the viewport to draw sharp, None when all are."""
        if self.band is None or self.band >= self.bands():
            return None
        edges = self.edges or strip_edges(viewport.top(), viewport.height(), ())
        top = viewport.top() if self.band == 0 else edges[self.band - 1]
        bottom = edges[self.band]
        self.band += 1
        return QRect(viewport.left(), top, viewport.width(), bottom - top)


__all__ = ["SHARP_BANDS", "UNITS_PER_BAND", "WheelPicture", "strip_edges", "shown_picture"]
