"""Keyboard zoom and a zoom box (the conventions every viewer has): View ▸ Zoom in
(Ctrl+= or Ctrl++), Zoom out (Ctrl+−), Actual size (Ctrl+0), and on the toolbar a box
that shows the zoom and takes one — picked from its list or typed ("150", "150 %").

100 % is the table at life size: one table inch is one inch of the screen, as the screen
reports its dots per inch. Zooming by key or box keeps the table point at the centre of the
board; the wheel (about the pointer) and F (fit) stay the view's own."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox

from app.i18n import tr

#: One step of Ctrl+= / Ctrl+−, like one wheel notch.
STEP = 1.2
#: The percentages the box offers (and "Fit").
PRESETS = (10, 25, 50, 100, 200, 400)
PERCENT = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*%?\s*$")



def parse_percent(text: str) -> float | None:
    """"150", "150 %", "87,5%" → the number; anything else → None."""
    m = PERCENT.match(text)
    if not m:
        return None
    value = float(m.group(1).replace(",", "."))
    return value if value > 0 else None


class ZoomController(QObject):
    """The zoom actions and box of one window."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view = window.view
        self.zoom_in_action = self._action(tr("Zoom &in"), ["Ctrl+=", "Ctrl++"],
                                           lambda: self.view.zoom_by(STEP))
        self.zoom_out_action = self._action(tr("Zoom &out"), ["Ctrl+-"],
                                            lambda: self.view.zoom_by(1 / STEP))
        self.actual_size_action = self._action(tr("&Actual size (100 %)"), ["Ctrl+0"],
                                               lambda: self.set_percent(100.0))
        self.box = QComboBox()
        self.box.setObjectName("zoom-box")
        self.box.setEditable(True)
        self.box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.box.setToolTip(tr("Zoom: 100 % is the table at life size; type a percentage "
                                "or pick Fit"))
        self.box.addItem(tr("Fit"), "fit")
        for p in PRESETS:
            self.box.addItem(f"{p} %", float(p))
        self.box.setMinimumContentsLength(6)
        self.box.activated.connect(self._picked)
        self.box.lineEdit().returnPressed.connect(self._typed)
        window.toolbar.addSeparator()
        window.toolbar.addWidget(self.box)
        self._shown = -1.0
        self.view.viewport().installEventFilter(self)
        self.refresh()

    def _action(self, text: str, keys: list[str], slot) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(slot)
        self.window.view_menu.addAction(action)
        self.window.addAction(action)  # the keys work wherever the focus is in the window
        return action

    # --- the zoom as a percentage --------------------------------------------------------

    def life_size_px_per_inch(self) -> float:
        screen = self.view.screen()
        return screen.logicalDotsPerInch() if screen is not None else 96.0

    def percent(self) -> float:
        return 100.0 * self.view.px_per_inch() / self.life_size_px_per_inch()

    def set_percent(self, percent: float) -> None:
        """Zoom to `percent` of life size about the centre of the board (within the view's
        limits)."""
        target = percent / 100.0 * self.life_size_px_per_inch()
        self.view.zoom_by(target / self.view.px_per_inch())
        self.view.flush_labels()
        self.refresh()

    def refresh(self) -> None:
        """Show the current zoom in the box (unless the user is typing in it)."""
        p = self.percent()
        if abs(p - self._shown) < 0.05 or self.box.lineEdit().hasFocus():
            return
        self._shown = p
        self.box.setEditText(f"{p:.0f} %")

    # --- the box ------------------------------------------------------------------------

    def _picked(self, index: int) -> None:
        data = self.box.itemData(index)
        if data == "fit":
            self.view.fit_table()
            self._shown = -1.0
            self.refresh()
        elif isinstance(data, float):
            self.set_percent(data)
        self.view.setFocus()

    def _typed(self) -> None:
        value = parse_percent(self.box.currentText())
        self.view.setFocus()  # the box gives up the focus: refresh may write it again
        self._shown = -1.0
        if value is None:
            self.refresh()
            return
        self.set_percent(value)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:  # after every zoom, however it came
            self.refresh()
        return False


def install(window) -> ZoomController:
    controller = ZoomController(window)
    window.services.zoom = controller
    return controller
