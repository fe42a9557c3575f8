"""File ▸ Export picture…: the board as it is on screen — the overlays the player has on
and the tool's readout — written to a PNG or SVG for a forum post (app.picture draws it).

The dialog asks for the area (the whole table, what the view shows, or around the selected
unit), the width, which names to show, the coordinate grid, whether to print the readout
beside the pointer, and whether to draw the selected unit's reach area (the select tool's
drag overlay, drawn for the picture only). Each exported picture goes into the game's log
(action "picture"), so the turn's post (Log ▸ Copy turn as …) has a line where it belongs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
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
    save_picture,
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


class PictureExport(QObject):
    """The File menu's Export picture… action and the export itself."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.action = QAction(tr("Export &picture…"), window)
        self.action.setStatusTip(tr("The board as a PNG or SVG picture for a forum post"))
        self.action.triggered.connect(lambda _=False: self.dialog())
        menu = window.file_menu
        menu.insertAction(window.quit_action, self.action)
        menu.insertSeparator(window.quit_action)
        self.last_dialog: PictureDialog | None = None

    def suggested(self) -> Path:
        game = self.window.editor.game
        files = getattr(self.window, "files", None)
        shown = getattr(files, "path", None) or getattr(files, "source", None)
        folder = shown.parent if shown is not None else Path.home()
        stem = shown.stem if shown is not None else "".join(
            c if c.isalnum() else "-" for c in game.scenario.name.lower()).strip("-")
        n = 1 + sum(1 for e in game.log if e.action == "picture")
        return folder / f"{stem}-turn{game.turn}-{n}.png"

    def dialog(self) -> bool:
        if not self.window.editor.has_game:
            return False
        dlg = PictureDialog(self.window, self.suggested())
        self.last_dialog = dlg
        while dlg.exec() == QDialog.DialogCode.Accepted:
            if self.export_from(dlg):
                return True
        return False

    def export_from(self, dlg: PictureDialog) -> bool:
        """Export with the dialog's choices; a refusal is shown in the dialog."""
        reach = dlg.reach.isChecked() and dlg.reach.isEnabled()
        try:
            self.export(Path(dlg.path.text().strip()), dlg.options(),
                        reach_of=self.window.selected_unit_id if reach else None)
        except PictureError as e:
            dlg.message.setText(str(e))
            return False
        return True

    def export(self, path: Path, opts: PictureOptions, reach_of: str | None = None) -> Rendered:
        """Write the picture and log it (PictureError says why not); `reach_of`: a unit
        whose reach area the select tool draws for the picture and takes away after."""
        if not path.name:
            raise PictureError(tr("File: choose where to write the picture"))
        w = self.window
        select = w.tools.tools["select"] if reach_of is not None else None
        try:
            if select is not None:
                select.show_reach(reach_of)
            r = save_picture(path, w.scene, w.editor.game, opts,
                             restore_px_per_inch=w.view.px_per_inch())
        finally:
            if select is not None:
                select.clear_overlay()
        game = w.editor.game
        w.editor.log(picture_entry(game.turn, path, r))
        w.statusBar().showMessage(tr("Picture written to {path}").format(path=path), 5000)
        return r


def install(window) -> PictureExport:
    export = PictureExport(window)
    window.picture_export = export
    return export
