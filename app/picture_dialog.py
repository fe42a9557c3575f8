"""File ▸ Export picture…: the board as it is on screen — the overlays the player has on
and the tool's readout — written to a PNG or SVG for a forum post (app.picture draws it).

The dialog asks for the area (the whole table, what the view shows, or around the selected
unit), the width, which names to show, the coordinate grid, whether to print the readout
beside the pointer, and whether to draw the selected unit's reach area (the select tool's
drag overlay, drawn for the picture only). Each exported picture goes into the game's log
(action "picture"), so the turn's post (Log ▸ Copy turn as …) has a line where it belongs.

The File menu's entry and the export itself are app/picture_menu.py, which imports this
module (and app.picture, which draws) when the entry is first used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.i18n import tr

from .picture import (
    DEFAULT_WIDTH_PX,
    LABEL_MODES,
    MAX_WIDTH_PX,
    MIN_WIDTH_PX,
    PictureError,
    PictureOptions,
    Rendered,
    around,
)

if TYPE_CHECKING:
    from engine.model import LogEntry

AREAS = ("table", "view", "unit")




def picture_entry(turn: int, path: Path, r: Rendered) -> LogEntry:
    """The log line of an exported picture: its file and the table area it shows."""
    from engine.i18n import msg, verbatim
    from engine.model import LogEntry
    a = r.area
    area = [round(a.left(), 2), round(a.top(), 2), round(a.width(), 2), round(a.height(), 2)]
    return LogEntry(turn, None, "picture", None,
                    summary=msg("picture {file} ({w} × {h} px)", file=verbatim(path.name),
                                w=r.size.width(), h=r.size.height()),
                    details={"kind": "picture", "file": path.name, "area": area,
                             "width_px": r.size.width(), "height_px": r.size.height()})


def tool_readout(window) -> str:
    """The active tool's readout — the text it last showed beside the pointer — while its
    result is still drawn (the text is hidden once the pointer leaves for the menu)."""
    tool = window.tools.active
    if tool is None or not tool.has_overlay():
        return ""
    return window.pointer_hint.text()


class PictureDialog(QDialog):
    """The export choices; `options(window)` turns them into PictureOptions."""

    def __init__(self, window, suggested: Path) -> None:
        super().__init__(window)
        self.setWindowTitle(tr("Export picture"))
        self.window_ = window
        form = QFormLayout()
        self.path = QLineEdit(str(suggested))
        browse = QPushButton(tr("Browse…"))
        browse.clicked.connect(self.browse)
        row = QWidget()
        h = QHBoxLayout(row)
        h.setContentsMargins(0, 0, 0, 0)
        h.addWidget(self.path, 1)
        h.addWidget(browse)
        form.addRow(tr("File (.png or .svg)"), row)
        self.area = QComboBox()
        self.area.addItem(tr("The whole table"), "table")
        self.area.addItem(tr("What the board shows now"), "view")
        self.area.addItem(tr("Around the selected unit"), "unit")
        if window.selected_unit_id is None:
            self.area.model().item(2).setEnabled(False)
        form.addRow(tr("Area"), self.area)
        self.radius = QDoubleSpinBox()
        self.radius.setRange(1.0, 200.0)
        self.radius.setValue(12.0)
        self.radius.setSuffix('"')
        form.addRow(tr("Radius around the unit"), self.radius)
        self.width_px = QSpinBox()
        self.width_px.setRange(MIN_WIDTH_PX, MAX_WIDTH_PX)
        self.width_px.setValue(DEFAULT_WIDTH_PX)
        self.width_px.setSuffix(tr(" px"))
        form.addRow(tr("Width"), self.width_px)
        self.labels = QComboBox()
        for mode, text in zip(LABEL_MODES, (tr("All names"), tr("Leaders and lone units"),
                                            tr("No names")), strict=True):
            self.labels.addItem(text, mode)
        form.addRow(tr("Unit names"), self.labels)
        self.grid = QCheckBox(tr("Coordinates along the edges, a line every 6\""))
        form.addRow(tr("Grid"), self.grid)
        self.readout = QCheckBox(tr("Print the tool's readout in a corner"))
        self.readout_text = tool_readout(window)
        self.readout.setChecked(bool(self.readout_text))
        self.readout.setEnabled(bool(self.readout_text))
        form.addRow(tr("Readout"), self.readout)
        self.reach = QCheckBox(tr("Reach area of the selected unit"))
        self.reach.setEnabled(window.selected_unit_id is not None)
        self.reach.setToolTip(tr("The area it can reach this move, as dragging it shows"))
        form.addRow(tr("Movement"), self.reach)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b3261e;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Export"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.message)
        lay.addWidget(buttons)
        self.area.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        self.radius.setEnabled(self.area.currentData() == "unit")

    def browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, tr("Export picture"), self.path.text(),
                                              tr("Pictures (*.png *.svg)"))
        if name:
            self.path.setText(name)

    def options(self) -> PictureOptions:
        """The choices as PictureOptions (PictureError names a bad one)."""
        w = self.window_
        kind = self.area.currentData()
        area = None
        if kind == "view":
            r = w.view.visible_table_rect()
            area = (r.left(), r.top(), r.width(), r.height())
        elif kind == "unit":
            if w.selected_unit_id is None:
                raise PictureError(tr("Area: select a unit on the board first"))
            area = around(w.editor.game, w.selected_unit_id, self.radius.value())
        readout = self.readout_text if self.readout.isChecked() else ""
        return PictureOptions(area=area, width_px=self.width_px.value(),
                              labels=self.labels.currentData(), grid=self.grid.isChecked(),
                              readout=readout)
