"""What a board tool is: an object that takes the view's mouse and keys while active.

Positions given to a tool are table inches (scene coordinates). Each handler returns True
when it used the event; an unused left drag on empty table pans the view as usual. A tool
draws its own feedback as scene items through `add_overlay` (removed when it stops) and its
figures through `hint` (the label beside the pointer). It edits the game only through
`self.editor.push(change)`, so every edit can be undone.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QLineF, QObject, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QLabel,
    QWidget,
)

from app.board.style import Z_OVERLAY, cosmetic_pen
from app.i18n import tr
from app.panels.docks import LazyDock

from .catalog import TOOLS_BY_ID

if TYPE_CHECKING:
    from app.window import MainWindow


class Tool(QObject):
    """Base class. Subclasses set `id` and override the handlers they need. A tool in
    app/tools/catalog.py gets its `label`, `shortcut`, `tooltip` and `on_toolbar` from its
    entry there (one place for what the toolbar shows before the tool is imported); any
    other tool (`ToolManager.add`) sets them on its class."""

    id: str = ""
    label: str = ""
    shortcut: str = ""
    tooltip: str = ""
    cursor: Qt.CursorShape = Qt.CursorShape.ArrowCursor
    #: False for a tool only other parts of the app switch on (the panels' pick tool)
    on_toolbar: bool = True
    #: True for a tool whose pointer events change nothing on the board but its own
    #: overlays: the view then repaints a held picture of the board under them
    #: (BoardView.hold_board)
    holds_board: bool = False

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        entry = TOOLS_BY_ID.get(cls.__dict__.get("id", ""))
        if entry is not None:
            cls.label, cls.shortcut, cls.tooltip = entry.label, entry.shortcut, entry.tooltip
            cls.on_toolbar = entry.on_toolbar

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._overlay: list[QGraphicsItem] = []

    @property
    def editor(self):
        return self.window.editor

    @property
    def scene(self):
        return self.window.scene

    @property
    def view(self):
        return self.window.view

    # --- life cycle -------------------------------------------------------------------------

    def activate(self) -> None:
        """The tool has been chosen."""

    def deactivate(self) -> None:
        """Another tool was chosen (or Esc): drop whatever is half done."""
        self.reset()

    def reset(self) -> None:
        """Forget work in progress and its drawing (also when another game is opened)."""
        self.clear_overlay()
        self.hide_hint()

    # --- events (pos in table inches) ----------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        return False

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        return False

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        return False

    def key(self, ev: QKeyEvent) -> bool:
        return False

    def leave(self) -> None:
        """The pointer left the board."""
        self.hide_hint()

    # --- feedback ---------------------------------------------------------------------------

    def hint(self, text: str) -> None:
        """Show `text` beside the pointer (empty text hides it)."""
        self.window.pointer_hint.show_text(text)

    def hide_hint(self) -> None:
        self.window.pointer_hint.hide()

    def add_overlay(self, item: QGraphicsItem, z: float = Z_OVERLAY) -> QGraphicsItem:
        """Put a feedback item on the board, above the units; cleared by `clear_overlay`."""
        item.setZValue(z)
        self.scene.addItem(item)
        self._overlay.append(item)
        return item

    def has_overlay(self) -> bool:
        """Whether the tool has something drawn on the board (its result stays drawn after
        the pointer leaves; a picture of the board prints its readout with it)."""
        return any(shiboken6.isValid(i) and i.scene() is not None for i in self._overlay)

    def clear_overlay(self) -> None:
        for item in self._overlay:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._overlay.clear()


#: A panel's message line when it reports a refusal.
ERROR_STYLE = "color: #b3261e;"


class ToolPanel(LazyDock):
    """A board tool's dock: the subclass's controls (`build`) and a message line
    (`message`, placed by the subclass) that says what the last click did or why it was
    refused. Built when the tool first shows it or something reads it (LazyDock); the
    tool wires its signals with `when_built`."""

    def __init__(self, title: str, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName(object_name)
        self._wiring: list[Callable[[], None]] = []

    def build(self) -> None:
        """The subclass's widgets (`setWidget`), `message` among them."""
        raise NotImplementedError

    def build_contents(self) -> None:
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.build()
        for wire in self._wiring:
            wire()

    def when_built(self, wire: Callable[[], None]) -> None:
        """Run `wire` once the widgets are there (now, if they are)."""
        if self.built:
            wire()
        else:
            self._wiring.append(wire)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setText(text)


class PanelTool(Tool):
    """A tool with its own panel on the right, shown only while the tool is active."""

    def __init__(self, window: MainWindow, panel: ToolPanel) -> None:
        super().__init__(window)
        self.panel = panel
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
        panel.hide()

    def activate(self) -> None:
        self.panel.show()

    def deactivate(self) -> None:
        super().deactivate()
        self.panel.hide()


# --- drawing helpers shared by the tools ------------------------------------------------------

def line_item(a: QPointF, b: QPointF, colour: QColor | str, width_px: float = 2.0,
              style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QGraphicsLineItem:
    """A line in table inches drawn with a pen of fixed screen width."""
    item = QGraphicsLineItem(QLineF(a, b))
    item.setPen(line_pen(colour, width_px, style))
    return item


def line_pen(colour: QColor | str, width_px: float = 2.0,
             style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """The pen of a tool's line: square ends on a solid line, flat ends on a dashed one.

    Not round: Qt strokes a wide antialiased line with round caps as a general path, much
    slower than with square or flat ones, and a round-capped dash
    pattern slower still."""
    pen = cosmetic_pen(colour, width_px, style)
    solid = style == Qt.PenStyle.SolidLine
    pen.setCapStyle(Qt.PenCapStyle.SquareCap if solid else Qt.PenCapStyle.FlatCap)
    return pen


#: Lines per QPainter call when a worker draws them (see `Lines.render`): PySide holds the
#: interpreter lock for a whole call, so the interface waits for the call under way: a
#: few lines a call keep that wait short.
RENDER_CHUNK = 2
#: How long a tool's worker waits at most for the repaint of the event that started it
#: (a hover's outline, a placed template) before it goes on; it goes on as soon as that
#: repaint is done.
REPAINT_FIRST_S = 0.1


class Repainted:
    """Set once the view's next paint is done and the event loop has had a turn after it
    (a zero timer: what the paint left queued goes first). A tool's worker waits on it (at
    most REPAINT_FIRST_S) before work that needs the interpreter lock: the event's own
    repaint needs it too, and sharing it slowed both."""

    def __init__(self, view) -> None:
        self._done = threading.Event()
        view.after_next_paint(lambda: QTimer.singleShot(0, self._done.set))

    def wait(self) -> None:
        self._done.wait(REPAINT_FIRST_S)

    def set(self) -> None:
        """No repaint to wait for (the result is wanted now)."""
        self._done.set()


class Lines:
    """Many tool lines, each `add`-ed in table inches with its own pen (as `line_item`
    draws it), grouped by pen: plain values, so a worker thread may build them (and
    `render` them) while the interface goes on."""

    def __init__(self) -> None:
        self.groups: dict[tuple, tuple[QPen, list[QLineF]]] = {}
        self.all: list[tuple[QLineF, QPen]] = []
        self.bounds = QRectF()

    def add(self, a: QPointF, b: QPointF, colour: QColor | str, width_px: float = 2.0,
            style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QRectF:
        """Add a line; returns the bounds before it (to tell a shown item they grew)."""
        rgba = colour.rgba() if isinstance(colour, QColor) else QColor(colour).rgba()
        key = (rgba, width_px, style)
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = (line_pen(colour, width_px, style), [])
        line = QLineF(a, b)
        group[1].append(line)
        self.all.append((line, group[0]))
        # room for the pen as QGraphicsLineItem leaves it (its width taken as inches)
        m = width_px
        box = QRectF(a, b).normalized().adjusted(-m, -m, m, m)
        before = self.bounds
        self.bounds = box if self.bounds.isNull() else self.bounds.united(box)
        return before

    def add_line(self, line: QLineF, colour: QColor, rgba: int, width_px: float,
                 style: Qt.PenStyle) -> None:
        """`add` for a caller that works the bounds out itself for many lines at once
        (`grow`): no rectangle arithmetic per line."""
        key = (rgba, width_px, style)
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = (line_pen(colour, width_px, style), [])
        group[1].append(line)
        self.all.append((line, group[0]))

    def grow(self, left: float, top: float, right: float, bottom: float) -> None:
        """Make the bounds hold this box too."""
        box = QRectF(left, top, right - left, bottom - top)
        self.bounds = box if self.bounds.isNull() else self.bounds.united(box)

    def draw(self, painter: QPainter) -> None:
        for pen, lines in self.groups.values():
            painter.setPen(pen)
            painter.drawLines(lines)

    def render(self, view: ViewPose, *, onto: Picture | None = None, since: int = 0
               ) -> Picture:
        """The lines drawn as `view` shows the table, into an image of its viewport (any
        thread may do this: QImage and QPainter on it are safe off the GUI thread).
        `onto`: into that picture (made for the same `view`), only the groups from the
        `since`-th on — the lines added after it was drawn."""
        if onto is None:
            import numpy as np

            w, h, dpr = view.width, view.height, view.dpr
            width, height = max(1, round(w * dpr)), max(1, round(h * dpr))
            # transparent is all zeros: pages the system hands over zeroed, so only those
            # the lines touch are ever written (filling the image held the interpreter
            # lock for the whole picture, while the interface waited for it)
            pixels = np.zeros((height, width), dtype=np.uint32)
            image = QImage(pixels.data, width, height, 4 * width,
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.setDevicePixelRatio(dpr)
        else:
            image, pixels = onto.image, onto.pixels
        painter = QPainter(image)
        painter.setRenderHints(view.hints)
        painter.setTransform(view.transform)
        # In small calls: PySide holds the interpreter lock while QPainter strokes, so one
        # call for every line would stall the interface thread for all of it; between calls
        # it may take the lock (the same pixels: each line is stroked on its own).
        for pen, lines in list(self.groups.values())[since:]:
            painter.setPen(pen)
            for i in range(0, len(lines), RENDER_CHUNK):
                painter.drawLines(lines[i:i + RENDER_CHUNK])
        painter.end()
        return Picture(image, QTransform(view.transform), pixels)


@dataclass(frozen=True)
class ViewPose:
    """How a view shows the table now (scene → viewport transform, size, pixel ratio, render
    hints): what a worker needs to draw an overlay as the view will show it."""

    transform: QTransform
    width: int
    height: int
    dpr: float
    hints: QPainter.RenderHint

    @classmethod
    def of(cls, view) -> ViewPose:
        port = view.viewport()
        return cls(QTransform(view.viewportTransform()), port.width(), port.height(),
                   port.devicePixelRatioF(), view.renderHints())


@dataclass(frozen=True)
class Picture:
    """Lines drawn into an image of the viewport, and the transform they were drawn at."""

    image: QImage
    transform: QTransform
    pixels: object = None  # the memory `image` is drawn in, when it is not its own

    def fits(self, view: ViewPose) -> bool:
        """Drawn as `view` shows the table now: the same transform, and an image as big as
        its viewport (one drawn before the window grew would leave the new part bare)."""
        return (_same(view.transform, self.transform)
                and self.image.width() == max(1, round(view.width * view.dpr))
                and self.image.height() == max(1, round(view.height * view.dpr)))


class LinesItem(QGraphicsItem):
    """Many tool lines in one item (`Lines`), painted with one drawLines per pen.

    One item instead of hundreds of QGraphicsLineItems: the threat view's 500 lines are
    added to and taken off the scene at once, not one by one, and painted by one call.
    With a `picture` (the lines drawn beforehand, e.g. on the worker that worked them out)
    a paint at the picture's transform only puts the image up: stroking a big table's
    antialiased table-long lines costs the interface thread frames. At any other transform (zoomed,
    panned since) the lines are drawn as ever."""

    def __init__(self, lines: Lines | None = None, picture: Picture | None = None) -> None:
        super().__init__()
        self._lines = lines if lines is not None else Lines()
        self.picture = picture

    def add(self, a: QPointF, b: QPointF, colour: QColor | str, width_px: float = 2.0,
            style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> None:
        if self.scene() is not None:
            self.prepareGeometryChange()
        self.picture = None
        self._lines.add(a, b, colour, width_px, style)

    def lines(self) -> list[tuple[QLineF, QPen]]:
        """Every line with its pen, in the order added."""
        return [(QLineF(line), QPen(pen)) for line, pen in self._lines.all]

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self._lines.bounds

    def render(self, view: ViewPose) -> Picture:
        """The lines drawn as `view` shows the table (`Lines.render`: any thread)."""
        return self._lines.render(view)

    def paint(self, painter, option, widget=None) -> None:
        pic = self.picture
        if (pic is not None and _same(painter.worldTransform(), pic.transform)
                and (widget is None or _covers(pic.image, widget))):
            painter.save()
            painter.resetTransform()
            painter.drawImage(QPointF(0, 0), pic.image)
            painter.restore()
            return
        self._lines.draw(painter)


def _covers(image: QImage, widget) -> bool:
    """The image is as big as the widget it is put up on (in device pixels)."""
    dpr = widget.devicePixelRatioF()
    return (image.width() >= round(widget.width() * dpr)
            and image.height() >= round(widget.height() * dpr))


def _same(a: QTransform, b: QTransform) -> bool:
    """The same transform to well under a pixel across a viewport."""
    return (abs(a.m11() - b.m11()) < 1e-9 and abs(a.m12() - b.m12()) < 1e-9
            and abs(a.m21() - b.m21()) < 1e-9 and abs(a.m22() - b.m22()) < 1e-9
            and abs(a.dx() - b.dx()) < 1e-6 and abs(a.dy() - b.dy()) < 1e-6
            and a.m13() == b.m13() == 0 and a.m23() == b.m23() == 0)


def path_item(path: QPainterPath, edge: QColor | str | None, fill: QColor | None = None,
              width_px: float = 1.5) -> QGraphicsPathItem:
    """A filled and/or outlined path (reach areas, arcs, templates)."""
    item = QGraphicsPathItem(path)
    item.setPen(cosmetic_pen(edge, width_px) if edge is not None else QPen(Qt.PenStyle.NoPen))
    item.setBrush(QBrush(fill) if fill is not None else QBrush())
    return item


def translucent(colour: str, alpha: int) -> QColor:
    c = QColor(colour)
    c.setAlpha(alpha)
    return c


def inches_and_metres(inches: float, metres_per_inch: float, digits: int = 2) -> str:
    """`12.34" (30.9 m)`: how every distance on the board is written (inches, metres or
    both, as Settings ▸ Units shown say)."""
    from app.settings import units_shown

    metres = tr("{0} m").format(f"{inches * metres_per_inch:.1f}")
    units = units_shown()
    if units == "inches":
        return f'{inches:.{digits}f}"'
    if units == "metres":
        return metres
    return f'{inches:.{digits}f}" ({metres})'
