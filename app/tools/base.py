"""What a board tool is: an object that takes the view's mouse and keys while active.

Positions given to a tool are table inches (scene coordinates). Each handler returns True
when it used the event; an unused left drag on empty table pans the view as usual. A tool
draws its own feedback as scene items through `add_overlay` (removed when it stops) and its
figures through `hint` (the label beside the pointer). It edits the game only through
`self.editor.push(change)`, so every edit can be undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsItem

from app.board.style import Z_OVERLAY

if TYPE_CHECKING:
    from app.window import MainWindow


class Tool(QObject):
    """Base class. Subclasses set `id`, `label`, `shortcut`, `tooltip` and override the
    handlers they need."""

    id: str = ""
    label: str = ""
    shortcut: str = ""
    tooltip: str = ""
    cursor: Qt.CursorShape = Qt.CursorShape.ArrowCursor

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

    def clear_overlay(self) -> None:
        for item in self._overlay:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self._overlay.clear()
