"""The first-run overlay: on the program's first start a card over the board names each
tool (its toolbar label, key and what it does, read from the tools' own actions) and the
board's conventions. "Got it" (or Esc, or a click on the card) puts it away for good;
Help ▸ The tools at a glance brings it back. Tests and scripts never see it: only
`run_gui` asks for it (`maybe_show`).

The card is a child of the board's view, not of its viewport: Qt scrolls a viewport's
children with the scene, so the first fit (or any pan) would carry a viewport child off
screen. It is placed at the board's top-left corner and kept inside the board when the
window is resized."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout

from app import settings as st
from app.i18n import tr

SEEN_KEY = "ui/first_run_seen"
#: The card's distance from the board's edges, pixels.
MARGIN_PX = 16


def tools_html(window) -> str:
    import html
    rows = []
    for action in window.tools.actions.values():
        keys = action.shortcut().toString()
        tip = action.statusTip() or action.toolTip()
        rows.append(f"<tr><td><b>{html.escape(action.text().replace('&', ''))}</b></td>"
                    f"<td>{html.escape(keys)}</td><td>{html.escape(tip)}</td></tr>")
    conventions = tr("Wheel zooms, drag the empty table to pan, F fits the table, Ctrl+= / "
                      "Ctrl+− / Ctrl+0 zoom by key. Select a unit to see its actions "
                      "(View ▸ Actions). F1 lists every shortcut.")
    head = tr("The tools")
    return (f"<h3>{head}</h3><table cellpadding='3'>{''.join(rows)}</table>"
            f"<p>{html.escape(conventions)}</p>")


class Overlay(QFrame):
    """The card over the board's top-left corner."""

    def __init__(self, window) -> None:
        super().__init__(window.view)
        self.setObjectName("first-run")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.text = QLabel(tools_html(window))
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.ok = QPushButton(tr("Got it"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(self.ok, 0, Qt.AlignmentFlag.AlignRight)
        self.setMaximumWidth(560)
        self.place()

    def place(self) -> None:
        """Size the card to its text within the board and put it at the board's top-left
        corner (the viewport's, in the view)."""
        board = self.parentWidget().viewport().geometry()
        self.setMaximumSize(max(200, min(560, board.width() - 2 * MARGIN_PX)),
                            max(120, board.height() - 2 * MARGIN_PX))
        self.adjustSize()
        self.move(board.left() + MARGIN_PX, board.top() + MARGIN_PX)


class FirstRun(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.overlay: Overlay | None = None

    def maybe_show(self) -> bool:
        """Show the overlay when it was never put away; True when shown."""
        if st.settings().value(SEEN_KEY, False) in (True, "true"):
            return False
        self.show_overlay()
        return True

    def show_overlay(self) -> None:
        if self.overlay is None:
            self.overlay = Overlay(self.window)
            self.overlay.ok.clicked.connect(self.dismiss)
            self.overlay.installEventFilter(self)
        self.window.view.installEventFilter(self)  # Esc puts it away (removed then)
        self.overlay.text.setText(tools_html(self.window))
        self.overlay.place()
        self.overlay.show()
        self.overlay.raise_()

    def dismiss(self) -> None:
        if self.overlay is not None:
            self.overlay.hide()
            self.window.view.removeEventFilter(self)
        s = st.settings()
        s.setValue(SEEN_KEY, True)
        s.sync()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        try:
            visible = self.overlay is not None and self.overlay.isVisible()
        except RuntimeError:  # the window is being taken down: its overlay went first
            return False
        if visible and obj is self.overlay and event.type() == QEvent.Type.MouseButtonRelease:
            self.dismiss()
            return True
        if visible and obj is self.window.view and event.type() == QEvent.Type.Resize:
            self.overlay.place()   # a smaller window: the card stays inside the board
            return False
        if visible and obj is self.window.view and event.type() == QEvent.Type.KeyPress \
                and event.key() == Qt.Key.Key_Escape:
            self.dismiss()
            return True
        return False


def install(window) -> FirstRun:
    first_run = FirstRun(window)
    window.services.first_run = first_run
    return first_run
