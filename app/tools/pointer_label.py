"""The text beside the pointer: where a tool shows its result while the mouse moves."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

#: Offset from the pointer's hot spot, clear of the arrow cursor.
OFFSET = QPoint(18, 18)
STYLE = ("QLabel { background: rgba(255, 255, 255, 235); color: #111418;"
         " border: 1px solid #6b7280; border-radius: 4px; padding: 3px 6px; }")


class PointerLabel(QLabel):
    """A small label floating over the board's viewport next to the pointer. It never
    takes the mouse, and flips to the pointer's other side near the viewport's edge.
    While it shows a tool's result, the board's own tooltips (a unit's name and profile)
    stay away: they would cover the very list the label holds (the threat view's)."""

    def __init__(self, viewport: QWidget) -> None:
        super().__init__(viewport)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setStyleSheet(STYLE)
        self.anchor = QPoint(0, 0)
        viewport.installEventFilter(self)
        self.hide()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.isVisible():
            QToolTip.hideText()
            return True  # swallowed: the label is the tip
        return False

    def showEvent(self, event) -> None:
        QToolTip.hideText()  # a tip already up goes when the result comes
        super().showEvent(event)

    def show_text(self, text: str, at: QPoint | None = None) -> None:
        """Show `text` beside the viewport point `at` (default: where it was last)."""
        if at is not None:
            self.anchor = QPoint(at)
        if not text:
            self.hide()
            return
        self.setText(text)
        self.adjustSize()
        self._place()
        self.show()
        self.raise_()

    def follow(self, at: QPoint) -> None:
        """Move with the pointer, keeping the text."""
        self.anchor = QPoint(at)
        if self.isVisible():
            self._place()

    def _place(self) -> None:
        area = self.parentWidget().rect()
        x, y = self.anchor.x() + OFFSET.x(), self.anchor.y() + OFFSET.y()
        if x + self.width() > area.right():
            x = self.anchor.x() - OFFSET.x() - self.width()
        if y + self.height() > area.bottom():
            y = self.anchor.y() - OFFSET.y() - self.height()
        self.move(max(0, x), max(0, y))
