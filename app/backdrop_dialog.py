"""The Table picture dialog: choose an image or a photo of the real table, place it to scale
(fitted, on the table's corners, or by two points a known distance apart), set how it
shows, or take it away. Every button is one undoable change (app.backdrop)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
)

from app.i18n import tr

#: What the file dialog offers.
IMAGE_FILTER = "*.png *.jpg *.jpeg *.PNG *.JPG *.JPEG"
#: The markers' list's last item: a layout file, asked for.
FILE = "\x00file"


class BackdropDialog(QDialog):
    """Non-modal: the player clicks on the board (two points of a known length) while it
    is open. `message` shows the last refusal or result."""

    def __init__(self, controller) -> None:
        """`controller`: the window's app.backdrop.BackdropController."""
        super().__init__(controller.window)
        self.controller = controller
        self.setWindowTitle(tr("Table picture"))
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.choose = QPushButton(tr("Image or map…"))
        self.choose.setToolTip(tr("A forum map or a scan: placed on the table, then to scale"))
        self.photo = QPushButton(tr("Photo of the table with markers…"))
        self.photo.setToolTip(tr("A photo of the real table with the printed markers at its "
                                 "corners: straightened and laid at true scale"))
        self.markers = QComboBox()
        self.markers.setToolTip(tr("Where the markers in the photo lie: the printed sheet, a "
                                   "known board, or a layout file"))
        for name, title in controller.marker_choices():
            self.markers.addItem(title, name)
        self.markers.addItem(tr("Layout file…"), FILE)
        self._marker_index = 0
        self.sheet = QPushButton(tr("Print marker sheet…"))
        self.suggest = QPushButton(tr("Suggestions from the photo…"))
        self.suggest.setToolTip(tr("Bases and terrain seen on the photo just imported, to "
                                   "accept, move or dismiss"))
        self.resync = QPushButton(tr("Re-sync from a new photo…"))
        self.resync.setToolTip(tr("A photo after a turn: the units whose bases moved, to "
                                  "accept or reject"))
        self.fit = QPushButton(tr("Fit to the table"))
        self.corners = QPushButton(tr("On the table's corners"))
        self.two_points = QPushButton(tr("Scale by two points…"))
        self.two_points.setToolTip(tr("Click two points on the picture, then give the real "
                                      "distance between them"))
        self.remove = QPushButton(tr("Remove"))
        self.visible = QCheckBox(tr("Show the picture"))
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(5, 100)
        self.opacity.setTracking(False)  # one undo step when the slider is let go
        self._build()
        self.choose.clicked.connect(self._choose)
        self.photo.clicked.connect(self._photo)
        self.markers.activated.connect(self._markers)
        self.sheet.clicked.connect(self._sheet)
        self.suggest.clicked.connect(lambda: controller.review(controller.suggestions()))
        self.resync.clicked.connect(self._resync)
        self.fit.clicked.connect(lambda: controller.fit())
        self.corners.clicked.connect(lambda: controller.fit(stretch=True))
        self.two_points.clicked.connect(self._two_points)
        self.remove.clicked.connect(controller.remove)
        self.visible.toggled.connect(lambda on: controller.set_look(visible=on))
        self.opacity.valueChanged.connect(lambda v: controller.set_look(opacity=v / 100))
        controller.changed.connect(self.refresh)
        controller.points_picked.connect(self._picked)
        self.refresh()

    def _build(self) -> None:
        grid = QGridLayout()
        grid.addWidget(self.choose, 0, 0)
        grid.addWidget(self.photo, 0, 1)
        grid.addWidget(self.sheet, 0, 2)
        grid.addWidget(self.fit, 1, 0)
        grid.addWidget(self.corners, 1, 1)
        grid.addWidget(self.two_points, 1, 2)
        grid.addWidget(self.suggest, 2, 0)
        grid.addWidget(self.resync, 2, 1)
        markers = QHBoxLayout()
        markers.addWidget(QLabel(tr("Markers")))
        markers.addWidget(self.markers, 1)
        look = QHBoxLayout()
        look.addWidget(self.visible)
        look.addWidget(QLabel(tr("Opacity")))
        look.addWidget(self.opacity, 1)
        look.addWidget(self.remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        box = QVBoxLayout(self)
        box.addWidget(self.info)
        box.addLayout(markers)
        box.addLayout(grid)
        box.addLayout(look)
        box.addWidget(self.message)
        box.addWidget(buttons)

    def refresh(self) -> None:
        """Show the picture's state; the controls that need a picture only with one."""
        b = self.controller.backdrop
        has = b is not None
        for w in (self.fit, self.corners, self.two_points, self.remove, self.visible,
                  self.opacity, self.resync):
            w.setEnabled(has)
        self.suggest.setEnabled(has and self.controller.last_import is not None)
        if not has:
            self.info.setText(tr("No picture under the board."))
            return
        corners = b.corners()
        w = max(x for x, _ in corners) - min(x for x, _ in corners)
        h = max(y for _, y in corners) - min(y for _, y in corners)
        text = tr("{w} × {h} pixels, covering {cw}\" × {ch}\" of the table.").format(
            w=b.width, h=b.height, cw=f"{w:.1f}", ch=f"{h:.1f}")
        residual = b.calibration.get("rms_in")
        if isinstance(residual, int | float):
            text += " " + tr("Fitted to the markers within {rms}\" (RMS).").format(
                rms=f"{residual:.3f}")
        self.info.setText(text)
        for widget, value in ((self.visible, b.visible), (self.opacity, round(b.opacity * 100))):
            widget.blockSignals(True)
            if widget is self.visible:
                widget.setChecked(value)
            else:
                widget.setValue(value)
            widget.blockSignals(False)

    def _choose(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Table picture"), "",
                                              tr("Images ({patterns})").format(
                                                  patterns=IMAGE_FILTER))
        if path:
            self.message.setText(self.controller.load_image(path) or "")

    def _photo(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Photo of the table"), "",
                                              tr("Images ({patterns})").format(
                                                  patterns=IMAGE_FILTER))
        if path:
            self.message.setText(self.controller.load_photo(path) or "")

    def _markers(self, index: int) -> None:
        """A layout chosen (a layout file asked for): photos are measured with it; a
        refusal says why and keeps the one before."""
        spec = self.markers.itemData(index)
        if spec == FILE:
            spec, _ = QFileDialog.getOpenFileName(self, tr("Marker layout"), "",
                                                  tr("Marker layouts (*.json)"))
            if not spec:
                self.markers.setCurrentIndex(self._marker_index)
                return
        refused = self.controller.choose_markers(spec)
        if refused:
            self.message.setText(refused)
            self.markers.setCurrentIndex(self._marker_index)
            return
        if self.markers.findData(spec) < 0:
            self.markers.insertItem(self.markers.count() - 1, Path(spec).name, spec)
        self._marker_index = self.markers.findData(spec)
        self.markers.setCurrentIndex(self._marker_index)
        self.message.setText("")

    def _sheet(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("Marker sheet"), "markers.pdf",
                                              tr("PDF (*.pdf)"))
        if path:
            from PySide6.QtCore import QLocale

            us = QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
            self.message.setText(self.controller.print_sheet(path, "letter" if us else "a4"))

    def _resync(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("Photo of the table"), "",
                                              tr("Images ({patterns})").format(
                                                  patterns=IMAGE_FILTER))
        if path:
            said, moves = self.controller.resync(path)
            self.message.setText(said)
            if moves:
                self.controller.review(moves, resync=True)

    def _two_points(self) -> None:
        self.message.setText(tr("Click two points on the picture a known distance apart."))
        self.controller.pick_two_points()

    def _picked(self, p1, p2) -> None:
        self.message.setText(self.controller.ask_distance(p1, p2) or "")
