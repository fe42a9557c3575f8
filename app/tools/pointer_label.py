"""The text beside the pointer: where a tool shows its result while the mouse moves."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QToolTip, QWidget

#: Offset from the pointer's hot spot, clear of the arrow cursor.
OFFSET = QPoint(18, 18)
#: Opaque and square: the label paints every pixel of its rectangle itself, so as it
#: follows the pointer the board is repainted only in the strips it uncovers. A label
#: the board showed through had the board repainted under all of it on every move
#: (hundreds of units on a crowded table).
BACKGROUND = QColor("#ffffff")
STYLE = ("QLabel { background: #ffffff; color: #111418;"
         " border: 1px solid #6b7280; padding: 3px 6px; }")


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
        self._opaque()
        self.anchor = QPoint(0, 0)
        viewport.installEventFilter(self)
        self.hide()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and self.isVisible():
            QToolTip.hideText()
            return True  # swallowed: the label is the tip
        return False

    def _opaque(self) -> None:
        """Tell Qt the label paints all of itself (STYLE); the style sheet's polish clears
        the flag, so it is set once polished, and again after a later polish."""
        self.ensurePolished()
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The background first: Qt leaves it to a widget that paints all of itself."""
        painter = QPainter(self)
        painter.fillRect(event.rect(), BACKGROUND)
        painter.end()
        super().paintEvent(event)

    def showEvent(self, event) -> None:
        QToolTip.hideText()  # a tip already up goes when the result comes
        if not self.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent):
            self._opaque()
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
