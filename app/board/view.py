"""The window onto the table: wheel zoom about the pointer, drag to pan, F to fit the table.

Zoom and pan are done by hand (not with Qt's anchors and drag modes) so that the point under
the pointer stays put to the pixel, and so that tools can take the left button on a unit
while a left drag on empty table still pans.

Tools: the view hands mouse and key events to its `router` (the window's ToolManager) with
the pointer's table position; whatever the router does not use falls back to pan and zoom
(the middle button always pans). Labels: a wheel zoom lays them out once the wheel rests; a
pan or a resize, once it rests, lays again only those its new edges would cut."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QPixmapCache,
    QRegion,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from app import ui_thread

from .held_picture import BoardHold
from .labels import plan_numbers
from .scene import BoardScene
from .wheel_picture import WheelPicture, shown_picture

if TYPE_CHECKING:
    from collections.abc import Callable

    from .items import UnitItem

#: Zoom per wheel notch (120 eighths of a degree).
ZOOM_PER_NOTCH = 1.2
#: Closest zoom, in screen pixels per table inch.
MAX_PX_PER_INCH = 600.0
#: Farthest zoom: the whole table spans at least this share of the view.
MIN_TABLE_SHARE = 0.2
#: Pixels left between the fitted table and the view's edge.
FIT_MARGIN_PX = 12
#: Wheel zoom lays the labels out again once the wheel has rested this long: a notch then
#: costs only its repaint, and the labels settle (the same layout as at once) when it stops.
RELABEL_IDLE_MS = 120
#: What a zoom out uncovers around the wheel's picture is drawn one rectangle at a time
#: with the terrain pieces whose box comes within this many pixels of it (a piece's pen
#: may reach past its box).
AROUND_PAD_PX = 4.0
#: Room in Qt's pixmap cache (QPixmapCache, KB) for every unit's, label's and badge's
#: picture at the current zoom: Qt's default is too small for a big table, and a repaint
#: under a board-wide overlay (threat lines, arcs) evicted and redrew them all on a hover.
PIXMAP_CACHE_KB = 128 * 1024


def _same_view(a: tuple[float, QPointF], b: tuple[float, QPointF]) -> bool:
    """The same zoom and centre (to a pixel or two: the resize anchor rounds)."""
    return abs(a[0] - b[0]) <= 1e-6 * a[0] and (a[1] - b[1]).manhattanLength() * a[0] < 2.0


class Router(Protocol):
    """Who takes the view's events first (app.tools.manager.ToolManager)."""

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool: ...
    def move(self, ev: QMouseEvent, pos: QPointF) -> bool: ...
    def release(self, ev: QMouseEvent, pos: QPointF) -> bool: ...
    def key(self, ev: QKeyEvent) -> bool: ...
    def leave(self) -> None: ...


class BoardView(QGraphicsView):
    """Shows a BoardScene. Emits `pointer_moved(x_in, y_in)` with the pointer's table
    position and `pointer_left()` when the pointer leaves the board."""

    pointer_moved = Signal(float, float)
    pointer_left = Signal()

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
            QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # the viewport made here, not by Qt: PySide wraps a widget Qt made by first making
        # every QtWidgets class that could be it, which the cold start pays (design.md P6)
        self.setViewport(QWidget())
        self.viewport().setMouseTracking(True)
        self._pan_from: QPoint | None = None
        self.router: Router | None = None
        self._fitted = True  # refit on resize until the user zooms or pans
        #: the area a resize keeps in view (`_keep_area`): scale, centre, width and height
        #: in inches; and the view as that method left it
        self._kept: tuple[float, QPointF, float, float] | None = None
        self._kept_view: tuple[float, QPointF] = (0.0, QPointF())
        self._relabel = QTimer(self)
        self._relabel.setSingleShot(True)
        self._relabel.setInterval(RELABEL_IDLE_MS)
        self._relabel.timeout.connect(self.wheel_rested)
        #: the label layout a wheel's rest hands to a worker (`_start_label_job`)
        self._label_workers = None
        #: the worker's layout still out (a future), for whoever waits for it
        self._label_future = None
        self._label_token = 0  # bumped by every layout begun: an older one is dropped
        self._label_job = None
        ui_thread.prepare()
        #: a pan or a resize lays the labels its new edges cut again once it has rested
        self._edges = QTimer(self)
        self._edges.setSingleShot(True)
        self._edges.setInterval(RELABEL_IDLE_MS)
        self._edges.timeout.connect(self.fit_labels_to_view)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.valueChanged.connect(self._scrolled)
        #: the picture shown scaled while the wheel turns (wheel_picture), None otherwise
        self._wheel: WheelPicture | None = None
        self._around: QPixmap | None = None  # for the wheel's picture (`_around_buffer`)
        self._sharpen = QTimer(self)
        self._sharpen.setInterval(0)
        self._sharpen.timeout.connect(self._sharpen_tick)
        #: called once, just after the viewport's next paint (`after_next_paint`)
        self._after_paint: list[Callable[[], None]] = []
        #: a tool that only draws over the board has it held as a picture (hold_board)
        self.holder = BoardHold(self)
        scene.scenario_changed.connect(self._on_scenario_changed)
        self._on_scenario_changed()

    def board(self) -> BoardScene:
        scene = self.scene()
        assert isinstance(scene, BoardScene)
        return scene

    # --- zoom and pan -----------------------------------------------------------------------

    @property
    def fitted(self) -> bool:
        """The whole table is shown as fitted (F): a resize fits it again."""
        return self._fitted

    def px_per_inch(self) -> float:
        """The current zoom: screen pixels per table inch."""
        return self.transform().m11()

    def fit_table(self) -> None:
        """Show the whole table as large as the view allows."""
        table = self.board().table_rect()
        vp = self.viewport().rect()
        if table.isEmpty() or vp.width() <= 2 * FIT_MARGIN_PX or vp.height() <= 2 * FIT_MARGIN_PX:
            return
        scale = min((vp.width() - 2 * FIT_MARGIN_PX) / table.width(),
                    (vp.height() - 2 * FIT_MARGIN_PX) / table.height())
        self.resetTransform()
        self.scale(scale, scale)
        self.centerOn(table.center())
        self._fitted = True
        self._relabel.stop()
        self.end_wheel_picture()
        self._layout_labels()

    def show_area(self, x: float, y: float, px_per_inch: float) -> None:
        """A fixed zoom of `px_per_inch` centred on table point (x, y): what a user gets by
        zooming there, so a resize no longer refits the table."""
        self.resetTransform()
        self.scale(px_per_inch, px_per_inch)
        self.centerOn(QPointF(x, y))
        self._fitted = False
        self._relabel.stop()
        self.end_wheel_picture()
        self._layout_labels()

    def show_kept_area(self, centre: QPointF, px_per_inch: float, w_in: float,
                       h_in: float) -> None:
        """Show the area `w_in` × `h_in` inches about `centre` at `px_per_inch`, zoomed out
        as far as it takes to show it whole, and keep it through the resizes to come (a
        restored window whose docks are still being laid out)."""
        self.show_area(centre.x(), centre.y(), px_per_inch)
        self._kept = (px_per_inch, QPointF(centre), w_in, h_in)
        self._kept_view = (self.px_per_inch(), self.view_centre())
        self._keep_area(QSize())

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        """Zoom by `factor`, keeping the table point under `anchor` (view pixels) in place."""
        anchor = self.viewport().rect().center() if anchor is None else anchor
        lo, hi = self._scale_limits()
        current = self.px_per_inch()
        new = min(max(current * factor, lo), hi)
        if new == current:
            return
        before = self.mapToScene(anchor)
        self.scale(new / current, new / current)
        self.scroll_by(self.mapFromScene(before) - anchor)
        self._fitted = False
        self._relabel.start()  # restarted by every notch: laid out when the wheel rests

    # --- the wheel burst: the picture scaled, drawn sharp once the wheel rests ------------

    def wheel_zoom(self, factor: float, anchor: QPoint) -> None:
        """One wheel notch: zoom about `anchor` showing the board's last picture scaled
        (wheel_picture); the board is drawn sharp once the wheel has rested."""
        lo, hi = self._scale_limits()
        current = self.px_per_inch()
        if min(max(current * factor, lo), hi) == current:
            return  # at the zoom's limit: nothing changes
        if self._wheel is None or self._wheel.band is not None:
            # the picture now on screen (sharp parts and scaled), copied at this zoom
            picture = shown_picture(self.viewport())
            self._wheel = WheelPicture(picture, self.viewportTransform())
        self._sharpen.stop()
        self.zoom_by(factor, anchor)

    def wheel_picture_shown(self) -> bool:
        """Whether the board shows a scaled picture (a wheel burst not yet drawn sharp)."""
        return self._wheel is not None

    def end_wheel_picture(self) -> None:
        """Draw the board sharp now (a click, a key, a resize, a fit)."""
        self._sharpen.stop()
        if self._wheel is not None:
            self._wheel = None
            self.viewport().update()

    def sharpen_step(self) -> bool:
        """Draw the next band of the board sharp after a wheel burst (the labels laid out
        first: `flush_labels`); False once the whole board is sharp."""
        pic = self._wheel
        if pic is None:
            return False
        if pic.band is None:
            if self.labels_pending():
                self.flush_labels()
            pic.begin_bands(self.viewport().rect(), self._unit_rows())
        band = pic.next_band(self.viewport().rect())
        if band is None:
            self._wheel = None
            return False
        pic.sharp += band
        self.viewport().update(band)
        if pic.band is not None and pic.band >= pic.bands():
            self._wheel = None  # the last band: nothing is left scaled
        return self._wheel is not None

    def _unit_rows(self) -> list[float]:
        """The viewport rows (y, pixels) of the centres of the units in view: the bands
        that draw the board sharp are cut to hold about as many each."""
        t, vp = self.viewportTransform(), self.viewport().rect()
        m11, m22, dx, dy = t.m11(), t.m22(), t.dx(), t.dy()
        left, right = vp.left(), vp.right()
        rows = []
        for item in self.board().unit_items.values():
            x, y = item.xy
            if left <= m11 * x + dx <= right:
                rows.append(m22 * y + dy)
        return rows

    def wheel_rested(self) -> None:
        """The wheel rested: the labels are laid out for the new zoom on a worker thread
        (the items read now, the places put on the board when they come: `_labels_came`),
        then the scaled picture is drawn sharp."""
        self._start_label_job()

    def _start_label_job(self) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._edges.stop()
        board, scale = self.board(), self.px_per_inch()
        board.set_view(self.visible_table_rect(), scale)
        job = board.begin_layout(scale)
        if job.inputs is None:  # no unit on the board: nothing to work out
            board.finish_layout(job, None)
            return
        if self._label_workers is None:
            self._label_workers = ThreadPoolExecutor(max_workers=1,
                                                     thread_name_prefix="labels")
        self._label_token += 1
        token = self._label_token
        self._label_job = job
        # the worker gets the numbers alone: nothing of Qt's is touched or let go there
        future = self._label_future = self._label_workers.submit(plan_numbers, job.inputs)
        future.add_done_callback(
            lambda f, t=token: ui_thread.deliver(self, self._labels_came, t, f))

    def _labels_came(self, token: int, future) -> None:
        """A worker's label places, on the UI thread: put on the board unless the zoom or
        the board changed meanwhile (then laid out again, unless a layout since did it)."""
        if token != self._label_token:
            return  # superseded: laid out at once since, or begun anew
        self._label_future = None
        job = self._label_job
        board, scale = self.board(), self.px_per_inch()
        if job.scale != scale or self._relabel.isActive():
            return  # the wheel turned again: its rest lays them out
        board.set_view(self.visible_table_rect(), scale)
        laid_out = board.finish_layout(job, job.with_items(future.result())) is not None
        # dropped because the board changed: laid out again, unless it did that itself since
        # (a unit moved) at this zoom
        if not laid_out and not (board.laid_out_generation > job.generation
                                 and board.label_scale() == scale):
            self._start_label_job()
            return
        if self._wheel is not None:
            self._sharpen.start()

    def _sharpen_tick(self) -> None:
        if not self.sharpen_step():
            self._sharpen.stop()

    def after_next_paint(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the viewport's next paint is done (a worker that needs the
        interpreter lock waits for it: the repaint a pointer event queued goes first). A
        hidden view paints nothing: the call comes at once then."""
        if not self.viewport().isVisible():
            callback()
            return
        self._after_paint.append(callback)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        try:
            self._paint(event)
        finally:
            done, self._after_paint = self._after_paint, []
            for callback in done:
                callback()

    # --- the board held as a picture under a tool's overlays --------------------------------

    def hold_board(self, on: bool) -> None:
        """While `on`, repaints put up a picture of the board taken once it is still and
        paint only the overlays over it (held_picture.BoardHold): for a tool whose events
        change nothing but its overlay (the threat view's hover). Any change to the board,
        its zoom or its position drops the picture until the board is still again."""
        self.holder.hold(on)

    def holds_picture(self) -> bool:
        """Whether repaints now put up a held picture of the board."""
        return self.holder.holds()

    def overlay_leaving(self, item) -> None:
        """An overlay is about to be taken off the board: where a held repaint drew it
        is repainted (the picture shows the board there again)."""
        self.holder.overlay_leaving(item)

    def defer_picture(self, future) -> None:
        """No held picture is taken until this worker's `future` is done: its work needs
        the interpreter lock, as painting the picture does, and the two took turns (a
        pointer event that came meanwhile waited for both)."""
        self.holder.defer(future)

    def _paint(self, event: QPaintEvent) -> None:
        pic = self._wheel
        if pic is None and self.holder.paint(event.region()):
            return
        if pic is None:
            super().paintEvent(event)
            return
        now = self.viewportTransform()
        region = event.region()
        real = region & pic.sharp
        if not real.isEmpty():
            super().paintEvent(QPaintEvent(real))
        rest = region - real
        if rest.isEmpty():
            return
        uncovered = rest - pic.covered(now)
        painter = QPainter(self.viewport())
        if not uncovered.isEmpty():
            # a zoom out: the table, grid and terrain around the picture, drawn once for
            # this zoom (the labels' arrival and any other repaint of the burst reuse it)
            around = pic.around_at(now, self._around_buffer(),
                                   lambda p, ring, now=now: self._draw_around(p, ring, now))
            painter.save()
            painter.setClipRegion(uncovered)
            painter.drawPixmap(0, 0, around)
            painter.restore()
        pic.draw(painter, now, rest - uncovered)
        painter.end()

    def _around_buffer(self) -> QPixmap:
        """A viewport-sized pixmap for what a zoom out uncovers around the wheel's picture,
        kept from burst to burst (a new one of this size every zoom out cost the notch its
        memory's first touch)."""
        vp = self.viewport()
        ratio = vp.devicePixelRatioF()
        size = QSize(round(vp.width() * ratio), round(vp.height() * ratio))
        buffer = self._around
        if buffer is None or buffer.size() != size or buffer.devicePixelRatio() != ratio:
            buffer = self._around = QPixmap(size)
            buffer.setDevicePixelRatio(ratio)
        return buffer

    def _draw_around(self, painter: QPainter, ring: QRegion, now: QTransform) -> None:
        """The table, grid and terrain under `ring` (viewport pixels) at transform `now`:
        what a zoom out uncovers around the wheel's picture. One of the ring's rectangles
        at a time, each with the pieces under it alone: the pieces the picture covers (the
        ring's middle) are not drawn for nothing."""
        board = self.board()
        pad = AROUND_PAD_PX / max(abs(now.m11()), 1e-9)  # a pen's width past a piece's box
        for rect in ring:
            painter.save()
            painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
            painter.setTransform(now)
            area = self.mapToScene(rect).boundingRect().adjusted(-pad, -pad, pad, pad)
            board.drawBackground(painter, area)
            painter.restore()

    def labels_pending(self) -> bool:
        """Whether a wheel zoom's label layout is still waiting for the wheel to rest or
        for its worker."""
        return self._relabel.isActive() or self._label_future is not None

    def flush_labels(self) -> None:
        """Lay the labels out for the current zoom now, if a wheel zoom left them waiting."""
        self._relabel.stop()
        self._layout_labels()

    def _layout_labels(self) -> None:
        """Every label laid out for the zoom and the part of the table shown (at once: a
        worker's layout still out is dropped)."""
        self._label_token += 1
        self._label_future = None
        self._edges.stop()
        board, scale = self.board(), self.px_per_inch()
        board.set_view(self.visible_table_rect(), scale)
        board.layout_labels(scale)

    def _scrolled(self, _value: int) -> None:
        self._edges.start()  # restarted by every step of a pan: fitted when it rests

    def fit_labels_to_view(self) -> None:
        """Once a pan or a resize has rested: the labels the view's edges now cut are laid
        again inside it (BoardScene.fit_labels_to_view) — unless a wheel zoom's layout is
        still waiting (it fits them itself)."""
        self._edges.stop()
        if self.labels_pending():
            return  # the layout to come fits them itself
        self.board().fit_labels_to_view(self.visible_table_rect(), self.px_per_inch())

    def scroll_by(self, delta: QPoint) -> None:
        """Move the view `delta` pixels over the table (positive = the table slides left/up)."""
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + delta.x())
        v.setValue(v.value() + delta.y())

    def view_centre(self) -> QPointF:
        """The table point at the centre of the view."""
        return self.mapToScene(self.viewport().rect().center())

    def _scale_limits(self) -> tuple[float, float]:
        table = self.board().table_rect()
        vp = self.viewport().rect()
        if table.isEmpty():
            return 0.01, MAX_PX_PER_INCH
        lo = MIN_TABLE_SHARE * min(vp.width() / table.width(), vp.height() / table.height())
        return max(lo, 0.01), MAX_PX_PER_INCH

    def _on_scenario_changed(self) -> None:
        """Leave room around the table to pan and zoom about any point near its edges."""
        self.holder.painted = {}  # the old table's overlays went with it
        table = self.board().table_rect()
        if table.isEmpty():
            return
        pad = max(table.width(), table.height()) * 2
        self.setSceneRect(table.adjusted(-pad, -pad, pad, pad))
        self.fit_table()

    # --- events -----------------------------------------------------------------------------

    def wheelEvent(self, event: QWheelEvent) -> None:
        notches = event.angleDelta().y() / 120.0
        if notches:
            self.wheel_zoom(ZOOM_PER_NOTCH ** notches, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.end_wheel_picture()
        pos = event.position().toPoint()
        if (self.router is not None and self._pan_from is None
                and event.button() != Qt.MouseButton.MiddleButton
                and self.router.press(event, self.mapToScene(pos))):
            event.accept()
            return
        starts_pan = event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self.unit_at(pos) is None)
        if starts_pan:
            self._pan_from = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._pan_from is not None:
            self.scroll_by(self._pan_from - pos)
            self._pan_from = pos
            self._fitted = False
        elif not (self.router is not None and self.router.move(event, self.mapToScene(pos))):
            super().mouseMoveEvent(event)
        p = self.mapToScene(pos)
        self.pointer_moved.emit(p.x(), p.y())

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A quick second click is a click to the tools (measure: A then B)."""
        self.mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
                Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._pan_from = None
            self._restore_cursor()
            event.accept()
            return
        if self.router is not None and self.router.release(
                event, self.mapToScene(event.position().toPoint())):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def _restore_cursor(self) -> None:
        tool = getattr(self.router, "active", None)
        if tool is not None:
            self.viewport().setCursor(tool.cursor)
        else:
            self.viewport().unsetCursor()

    def leaveEvent(self, event) -> None:
        if self.router is not None:
            self.router.leave()
        self.pointer_left.emit()
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.end_wheel_picture()
        if self.router is not None and self.router.key(event):
            event.accept()
            return
        if event.key() == Qt.Key.Key_F and not event.modifiers():
            self.fit_table()
            event.accept()
            return
        super().keyPressEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The board changed size (the window, or a dock opening or closing beside it): a
        fitted table is fitted again; a view the user zoomed or panned keeps what was in
        it (`_keep_area`)."""
        self.end_wheel_picture()
        super().resizeEvent(event)
        if self._fitted:
            self.fit_table()
        else:
            self._keep_area(event.oldSize())
            self._edges.start()  # the edges moved: labels they cut are laid out again

    def _keep_area(self, old: QSize) -> None:
        """Show the area the user last chose, whole, about its centre: a smaller board
        zooms out until it fits, a larger one comes back to the user's zoom (never
        closer). The area is the view as it was before the first resize since the user
        last zoomed or panned (the view still as this method left it: no user change)."""
        vp = self.viewport().size()
        if vp.isEmpty():
            return
        now = (self.px_per_inch(), self.view_centre())
        if self._kept is None or not _same_view(now, self._kept_view):
            if not old.isValid() or old.isEmpty():
                return
            self._kept = (now[0], now[1], old.width() / now[0], old.height() / now[0])
        scale, centre, w_in, h_in = self._kept
        scale = min(scale, vp.width() / w_in, vp.height() / h_in)
        if abs(scale - now[0]) > 1e-9 * scale:
            self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(centre)
        self._kept_view = (self.px_per_inch(), self.view_centre())

    def unit_at(self, pos: QPoint) -> UnitItem | None:
        """The unit under a view pixel, if any (labels count as their unit)."""
        from .items import LabelItem, UnitItem  # loaded with the first game (design.md P6)

        for item in self.items(pos):
            while item is not None and not isinstance(item, UnitItem):
                item = item.owner if isinstance(item, LabelItem) else item.parentItem()
            if item is not None:
                return item
        return None

    def visible_table_rect(self) -> QRectF:
        """The part of the table plane the view shows, in inches."""
        return self.mapToScene(self.viewport().rect()).boundingRect()
