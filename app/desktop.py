"""What players expect of a desktop table program (issue 39): a scenario or game file
dropped onto the window opens it, F11 toggles full screen, and work that may take over half
a second (printing cards, pictures, opening a big table, verifying dice) shows a busy
cursor — one helper, `busy()`, used by each of those paths."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QCursor, QDropEvent, QKeySequence
from PySide6.QtWidgets import QApplication

from app.i18n import tr

#: The files a drop opens: a scenario (JSON) or a Warboard game.
OPENED_SUFFIXES = (".json", ".warboard")


@contextmanager
def busy() -> Iterator[None]:
    """A busy cursor over the whole program while the block runs (nothing without a
    Qt application: the command line)."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        yield
        return
    app.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
    try:
        yield
    finally:
        app.restoreOverrideCursor()


def dropped_file(event: QDropEvent) -> Path | None:
    """The first local scenario or game file a drag carries, if any."""
    mime = event.mimeData()
    if mime is None or not mime.hasUrls():
        return None
    for url in mime.urls():
        if url.isLocalFile():
            path = Path(url.toLocalFile())
            if path.suffix.lower() in OPENED_SUFFIXES:
                return path
    return None


class FileDrop(QObject):
    """Accepts a scenario or game file dragged over the window (the board included) and
    opens it through the window (`open_path`: the files controller asks to save first)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        window.setAcceptDrops(True)
        window.installEventFilter(self)
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if dropped_file(event) is not None:
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            path = dropped_file(event)
            if path is not None:
                event.acceptProposedAction()
                with busy():
                    self.window.open_path(path)
                return True
        return False


class FullScreen(QObject):
    """View ▸ Full screen (F11): the window over the whole screen and back as it was."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction(tr("&Full screen"), window)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence("F11"))
        self.action.toggled.connect(self.set_full_screen)
        window.addAction(self.action)      # F11 wherever the focus is in the window
        window.view_menu.addAction(self.action)
        self._was_maximized = False

    def set_full_screen(self, on: bool) -> None:
        w = self.window
        if on and not w.isFullScreen():
            self._was_maximized = w.isMaximized()
            w.showFullScreen()
        elif not on and w.isFullScreen():
            w.showMaximized() if self._was_maximized else w.showNormal()
        if self.action.isChecked() != on:
            self.action.setChecked(on)


def install(window) -> tuple[FileDrop, FullScreen]:
    """Drops and full screen for `window` (the main window builds them)."""
    return FileDrop(window), FullScreen(window)
