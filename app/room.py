"""The board keeps its room (design.md, "Interface conventions"): every dock's contents
scroll instead of pushing the window apart, and a dock that is shown — or a window that is
resized — never leaves the board less than BOARD_SHARE of the window's width. The user may
still drag a dock wider; that width holds until the next dock is shown or the window is
resized. (The board itself keeps its scale and centre when a dock takes room:
app/board/view.py refits only when the window changes size.)

Generic: it watches every QDockWidget of the window, those added later (a tool's panel)
included, and knows none of them by name."""

from __future__ import annotations

import functools

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea

from app.panels.docks import dock_widgets

#: The share of the window's width the board keeps when docks are shown.
BOARD_SHARE = 0.6
#: The narrowest a dock is made (a dock narrower than this is useless).
MIN_DOCK_PX = 260


def scrollable(dock: QDockWidget) -> QScrollArea | None:
    """Put the dock's contents in a scroll area (once): their minimum size no longer sets
    the dock's, so a long list in a combo box cannot widen the dock. Returns the area
    (None for an empty dock)."""
    inner = dock.widget()
    if inner is None:
        return None
    if isinstance(inner, QScrollArea) and inner.property("warboard-room"):
        return inner
    # moving a widget into the area takes its focus away: a dock added while the user works
    # in it (one added after start-up) keeps the focus where it was
    focus = inner.window().focusWidget()
    keep_focus = focus is not None and (focus is inner or inner.isAncestorOf(focus))
    area = QScrollArea()
    area.setProperty("warboard-room", True)
    area.setObjectName(f"{dock.objectName() or 'dock'}-scroll")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    dock.setWidget(area)   # the dock gives up the old widget; the area takes it
    area.setWidget(inner)
    # a width the contents ask for outright (the Actions dock's) is kept, scroll bar and
    # all: cut on the side, its buttons would sit beyond a sideways scroll
    asked = inner.minimumWidth()
    area.setMinimumWidth(max(min(MIN_DOCK_PX, inner.minimumSizeHint().width()),
                             asked + area.verticalScrollBar().sizeHint().width()
                             if asked else 0))
    if keep_focus:
        focus.setFocus()
    return area


class RoomKeeper(QObject):
    """Watches the window's docks; `keep_room()` narrows the docks of each side so the
    board keeps BOARD_SHARE of the window."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._pending = False
        for dock in dock_widgets(window):
            self.watch(dock)
        #: the window says when a dock is added (app.window.MainWindow); other windows are
        #: watched for any child added (each child wrapped in Python to see if it is a dock)
        self._told = hasattr(window, "dock_added")
        if self._told:
            window.dock_added.connect(self._added)
        window.installEventFilter(self)

    def watch(self, dock: QDockWidget) -> None:
        if dock.property("warboard-room-watched"):
            return
        dock.setProperty("warboard-room-watched", True)
        scrollable(dock)
        dock.installEventFilter(self)
        dock.topLevelChanged.connect(lambda _floating: self.schedule())

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if obj is self.window:
            child = event.child() if kind == QEvent.Type.ChildAdded and not self._told \
                else None
            if isinstance(child, QDockWidget):
                QTimer.singleShot(0, self, functools.partial(self._watch_later, child))
            elif kind == QEvent.Type.Resize:
                self.schedule()
        elif kind == QEvent.Type.Show and isinstance(obj, QDockWidget):
            scrollable(obj)
            self.schedule()
        return False

    def _added(self, dock: QDockWidget) -> None:
        """A dock added after start-up: its first Show is seen from now (a dock made and
        shown at once, app.panels.dock_catalog), the rest once its maker is done."""
        dock.installEventFilter(self)
        QTimer.singleShot(0, self, functools.partial(self._watch_later, dock))

    def _watch_later(self, dock: QDockWidget) -> None:
        """A dock added after start-up, once its maker has given it its contents."""
        try:
            self.watch(dock)
        except RuntimeError:  # deleted before the event loop came round
            return
        if dock.isVisible():
            self.schedule()

    def schedule(self) -> None:
        """Keep the room once the layout has settled (a shown dock has its width then)."""
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self.keep_room)

    def docked(self, area: Qt.DockWidgetArea) -> list[QDockWidget]:
        return [d for d in dock_widgets(self.window)
                if d.isVisible() and not d.isFloating()
                and self.window.dockWidgetArea(d) == area]

    def keep_room(self) -> None:
        """Narrow the docks on the left and right so together they take at most
        1 − BOARD_SHARE of the window's width (split in proportion to their widths)."""
        self._pending = False
        sides = [self.docked(a) for a in (Qt.DockWidgetArea.LeftDockWidgetArea,
                                          Qt.DockWidgetArea.RightDockWidgetArea)]
        widths = [max((d.width() for d in docks), default=0) for docks in sides]
        room = int(self.window.width() * (1 - BOARD_SHARE))
        taken = sum(widths)
        if taken <= room:
            return
        for docks, width in zip(sides, widths, strict=True):
            if docks:
                target = max(MIN_DOCK_PX, int(room * width / taken))
                self.window.resizeDocks(docks, [target] * len(docks),
                                        Qt.Orientation.Horizontal)


def install(window: QMainWindow) -> RoomKeeper:
    keeper = RoomKeeper(window)
    window.services.room = keeper
    return keeper
