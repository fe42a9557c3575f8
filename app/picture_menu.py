"""File ▸ Export picture…: the menu entry and the export (`window.services.picture_export`).

Only the entry is made at start-up: the dialog (app.picture_dialog) and the drawing
(app.picture) are imported when the picture is first exported, so the window is complete
without them (design.md P6).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from app.i18n import tr

if TYPE_CHECKING:
    from .picture import PictureOptions, Rendered
    from .picture_dialog import PictureDialog


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
        files = self.window.services.files
        shown = getattr(files, "path", None) or getattr(files, "source", None)
        from app.settings import proposed_folder

        folder = proposed_folder(shown)  # the game's folder, never the program's
        stem = shown.stem if shown is not None else "".join(
            c if c.isalnum() else "-" for c in game.scenario.name.lower()).strip("-")
        n = 1 + sum(1 for e in game.log if e.action == "picture")
        return folder / f"{stem}-turn{game.turn}-{n}.png"

    def dialog(self) -> bool:
        from PySide6.QtWidgets import QDialog

        from .picture_dialog import PictureDialog

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
        from .picture import PictureError

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
        from .desktop import busy
        from .picture import PictureError, save_picture
        from .picture_dialog import picture_entry

        if not path.name:
            raise PictureError(tr("File: choose where to write the picture"))
        w = self.window
        select = w.tools.tools["select"] if reach_of is not None else None
        try:
            if select is not None:
                select.show_reach(reach_of)
            with busy():   # a big table's picture can take seconds
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
    window.services.picture_export = export
    return export
