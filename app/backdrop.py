"""File ▸ Table picture…: an image under the board — a forum map, a scan or a rectified photo
of the real table — drawn over the table's cloth and under its terrain and units.

The picture is part of the game (engine.backdrop: `Game.backdrop`, the `SetBackdrop`
effect), so every change here is one step on the undo stack and is saved in the game file.
This module draws it (the scene calls `paint` from its background, so the board, the
exported picture and the forum picture all show it) and makes the changes the dialog
(app.backdrop_dialog) asks for. Refusals come back as a sentence; nothing is changed then.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsScene

from app.i18n import error_text, loc, tr

if TYPE_CHECKING:
    from engine.backdrop import Backdrop

__all__ = ["BackdropController", "install"]


class BackdropController(QObject):
    """The table picture of the window's game: drawn on the board, changed through the
    editor. `changed()` is emitted after every change, undo and redo of it."""

    changed = Signal()
    #: Two points were picked on the board for the scale: (first, second) in inches.
    points_picked = Signal(object, object)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._image: tuple[str, QImage] | None = None  # (sha256, decoded image)
        self._picking: list[QPointF] | None = None
        self._shown: object = None
        self.action = QAction(tr("&Table picture…"), window)
        self.action.setStatusTip(tr("An image under the board: a map or a photo of the "
                                    "real table, to scale"))
        self.action.triggered.connect(lambda _=False: self.dialog())
        window.file_menu.insertAction(window.quit_action, self.action)
        self.last_dialog = None
        self.last_import = None
        self.progress_dialog = None
        self.last_review = None
        #: The marker layout photos are measured with: a known board's name or a layout
        #: file (engine.photo.layouts); None for the printed sheet.
        self.markers: str | None = None
        window.scene.backdrop_painter = self.paint
        window.editor.changed.connect(lambda _ids: self._refresh())
        window.editor.game_replaced.connect(self._refresh)
        self._refresh()

    # --- reading ---------------------------------------------------------------------------

    @property
    def backdrop(self) -> Backdrop | None:
        editor = self.window.editor
        return editor.game.backdrop if editor.has_game else None

    def image(self) -> QImage | None:
        """The picture decoded (once per image: undo keeps the bytes, so the cache holds)."""
        b = self.backdrop
        if b is None:
            return None
        if self._image is None or self._image[0] != b.sha256:
            img = QImage.fromData(b.image)
            if img.isNull():
                return None
            self._image = (b.sha256, img)
        return self._image[1]

    def paint(self, painter: QPainter, table: QRectF) -> None:
        """Draw the picture where it lies on the table (the scene's background calls
        this after the cloth, before the grid and terrain)."""
        b = self.backdrop
        if b is None or not b.visible or b.opacity <= 0:
            return
        img = self.image()
        if img is None:
            return
        a, bb, c, d, e, f = b.transform
        painter.save()
        painter.setClipRect(table, Qt.ClipOperation.IntersectClip)
        painter.setOpacity(painter.opacity() * b.opacity)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setTransform(QTransform(a, d, bb, e, c, f), True)
        painter.drawImage(0, 0, img)
        painter.restore()

    def _refresh(self) -> None:
        """Redraw the board's background if the picture changed."""
        b = self.backdrop
        if b is self._shown:
            return
        self._shown = b
        scene = self.window.scene
        for view in scene.views():
            view.resetCachedContent()
        scene.invalidate(scene.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.changed.emit()

    # --- changing --------------------------------------------------------------------------

    def _push(self, value: Backdrop | None, label: str) -> None:
        from engine.backdrop import SetBackdrop
        from engine.model import Change

        self.window.editor.push(Change([SetBackdrop(value)], label))

    def _table(self) -> tuple[float, float]:
        t = self.window.editor.game.scenario.table
        return t.width_in, t.height_in

    def load_image(self, path: str | Path, *, stretch: bool = False) -> str | None:
        """Put an image file under the board, fitted to the table; a refusal (why, by
        name) leaves the game as it was."""
        from engine.backdrop import backdrop_from_image
        from engine.photo.header import ImageRefused, read_image_file

        try:
            data = read_image_file(path)
            new = backdrop_from_image(data, *self._table(), stretch=stretch)
        except ImageRefused as e:
            return tr("{file}: {why}").format(file=Path(path).name, why=error_text(e))
        if QImage.fromData(new.image).isNull():
            return tr("{file}: the image cannot be decoded").format(file=Path(path).name)
        self._push(new, tr("Table picture"))
        return None

    def put(self, value: Backdrop, label: str) -> None:
        """Put a prepared picture (a rectified photo) under the board: one undo step."""
        self._push(value, label)

    def layout(self):
        """The marker layout photos are measured with: the one chosen, else the printed
        sheet's for the game's table (LayoutError if a chosen file went bad since)."""
        from engine.photo.layouts import load_layout

        return load_layout(self.markers, *self._table())

    def marker_choices(self) -> list[tuple[str, str]]:
        """The known layouts, (name, what it is called in the interface's language)."""
        from engine.photo.layouts import board_title, known_boards

        return [(name, loc(board_title(name))) for name in known_boards()]

    def choose_markers(self, spec: str | None) -> str | None:
        """Measure photos with the layout `spec` names (a known board or a layout file);
        a refusal (why, by name) keeps the layout before."""
        from engine.photo.layouts import load_layout
        from engine.photo.markers import LayoutError

        try:
            load_layout(spec, *self._table())
        except LayoutError as e:
            return tr("{file}: {why}").format(file=Path(spec or "").name, why=error_text(e))
        self.markers = spec
        return None

    def load_photo(self, path: str | Path, layout=None) -> str | None:
        """Measure a photo of the real table from its markers and lay it, straightened,
        under the board at true scale, a progress dialog showing the steps; a refusal
        (why, by name) leaves the game as it was. `last_import` keeps what it gave."""
        from engine.photo.calibrate import CalibrationRefused
        from engine.photo.header import ImageRefused, read_image_file
        from engine.photo.markers import LayoutError
        from engine.photo.photo_import import import_photo

        name = Path(path).name
        progress = self._progress(tr("Reading the photo of the table…"))
        try:
            data = read_image_file(path)
            self.last_import = import_photo(data, *self._table(), layout or self.layout(),
                                            progress=progress)
        except (ImageRefused, CalibrationRefused, LayoutError) as e:
            return tr("{file}: {why}").format(file=name, why=error_text(e))
        finally:
            progress(100, "")
        cal = self.last_import.calibration
        self._push(self.last_import.backdrop, tr("Table photo"))
        return tr("{file}: {n} markers, fitted within {rms}\" RMS (worst {worst}\").").format(
            file=name, n=len(cal.markers), rms=f"{cal.rms_in:.3f}", worst=f"{cal.max_in:.3f}")

    # --- suggestions and re-sync -------------------------------------------------------------

    def suggestions(self, what: tuple[str, ...] = ("units", "terrain")) -> list:
        """What the last imported photo suggests (engine.photo.suggest): the bases matched
        to units (those that would move) and the new terrain outlines, as a list."""
        from engine.photo.suggest import suggest

        imp = self.last_import
        if imp is None:
            return []
        s = suggest(imp.rectified, imp.ppi, self.window.editor.game.scenario, imp.layout)
        rows: list = []
        if "units" in what:
            rows += [b for b in s.bases if b.unit is not None and (b.distance_in or 0) > 0.05]
        if "terrain" in what:
            rows += list(s.terrain)
        return rows

    def accept(self, accepted: list) -> int:
        """Apply the accepted suggestions (engine.photo.proposals.Accepted) as one undo
        step; how many there were."""
        from engine.photo.proposals import accepted_change

        if not accepted:
            return 0
        change = accepted_change(self.window.editor.game, accepted)
        if change.effects:
            self.window.editor.push(change)
        return len(change.effects)

    def resync(self, path: str | Path) -> tuple[str, list]:
        """A new photo of the same table: laid under the board (one step) and the units
        whose base moved more than half an inch since, to propose (nothing moved yet)."""
        from engine.photo.suggest import moved_units, suggest

        said = self.load_photo(path)
        imp = self.last_import
        if imp is None or self.backdrop is None or self.backdrop.sha256 != \
                imp.backdrop.sha256:
            return said or "", []
        scenario = self.window.editor.game.scenario
        found = suggest(imp.rectified, imp.ppi, scenario, imp.layout)
        return said or "", moved_units(found, scenario)

    def review(self, rows: list, *, resync: bool = False) -> int:
        """Show the suggestions to accept, move or dismiss; apply the accepted ones."""
        from PySide6.QtWidgets import QDialog

        from .backdrop_suggest import SuggestionsDialog

        if not rows:
            self.window.statusBar().showMessage(tr("Nothing to suggest from the photo"), 5000)
            return 0
        dlg = SuggestionsDialog(self.window, self.window.editor.game, rows, resync=resync)
        self.last_review = dlg
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return 0
        return self.accept(dlg.accepted_rows())

    def _progress(self, title: str):
        """A progress dialog fed by the engine's (percent, step) reports, painted as it
        goes (the import runs on this thread: a few seconds for a large photo)."""
        from PySide6.QtWidgets import QApplication, QProgressDialog

        dlg = QProgressDialog(title, "", 0, 100, self.window)
        dlg.setCancelButton(None)
        dlg.setMinimumDuration(0)
        dlg.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress_dialog = dlg

        def tell(percent: int, step) -> None:
            if percent >= 100:
                dlg.reset()
                return
            dlg.setLabelText(loc(step) if step else title)
            dlg.setValue(percent)
            QApplication.processEvents()
        return tell

    def print_sheet(self, path: str | Path, size: str = "a4") -> str:
        """Write the marker sheet for the game's table to a PDF; what happened, in words."""
        from engine.photo.markers import default_layout

        from .backdrop_sheet import write_marker_sheet

        try:
            pages = write_marker_sheet(path, default_layout(*self._table()), size)
        except OSError as e:
            return tr("{file}: {why}").format(file=Path(path).name, why=str(e))
        return tr("Marker sheet written to {file} ({pages} pages): print it at 100 %.").format(
            file=path, pages=pages)

    def set_look(self, *, opacity: float | None = None, visible: bool | None = None) -> None:
        b = self.backdrop
        if b is None:
            return
        new = b.with_(opacity=b.opacity if opacity is None else max(0.0, min(1.0, opacity)),
                      visible=b.visible if visible is None else visible)
        if new != b:
            self._push(new, tr("Table picture shown") if visible else
                       tr("Table picture hidden") if visible is False else
                       tr("Table picture opacity"))

    def fit(self, *, stretch: bool = False) -> None:
        """Fit the picture to the table (its proportions kept), or its corners on the
        table's corners."""
        from engine.backdrop import fit_to_table, stretch_to_table

        b = self.backdrop
        if b is None:
            return
        place = stretch_to_table if stretch else fit_to_table
        self._push(b.with_(transform=place(b.width, b.height, *self._table())),
                   tr("Table picture on the table's corners") if stretch else
                   tr("Table picture fitted to the table"))

    def scale_by_points(self, p1: tuple[float, float], p2: tuple[float, float],
                        distance_in: float) -> str | None:
        """Rescale the picture so the two board points are `distance_in` apart."""
        from engine.backdrop import scaled_by_points

        b = self.backdrop
        if b is None:
            return tr("There is no table picture to scale")
        try:
            t = scaled_by_points(b.transform, p1, p2, distance_in)
        except ValueError as e:
            return error_text(e)
        self._push(b.with_(transform=t), tr("Table picture scaled"))
        return None

    def remove(self) -> None:
        if self.backdrop is not None:
            self._push(None, tr("Table picture removed"))

    # --- two points on the board -------------------------------------------------------------

    def pick_two_points(self) -> None:
        """The next two left clicks on the board are the two points of a known length;
        `points_picked` then says where they were (Escape gives up)."""
        self._picking = []
        self.window.view.viewport().installEventFilter(self)
        self.window.statusBar().showMessage(
            tr("Click two points on the picture a known distance apart (Esc: cancel)"))

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if self._picking is None:
            return False
        kind = event.type()
        if kind == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self._stop_picking()
            return True
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            at = self.window.view.mapToScene(event.position().toPoint())
            self._picking.append(at)
            if len(self._picking) == 2:
                first, second = self._picking
                self._stop_picking()
                self.points_picked.emit((first.x(), first.y()), (second.x(), second.y()))
            return True
        return kind in (QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove) and \
            bool(self._picking)

    def _stop_picking(self) -> None:
        self._picking = None
        self.window.view.viewport().removeEventFilter(self)
        self.window.statusBar().clearMessage()

    def ask_distance(self, p1: tuple[float, float], p2: tuple[float, float]) -> str | None:
        """Ask the real distance between two picked points and rescale the picture."""
        import math

        from PySide6.QtWidgets import QInputDialog

        now = math.dist(p1, p2)
        value, ok = QInputDialog.getDouble(
            self.window, tr("Table picture scale"),
            tr("The real distance between the two points, inches (now {now}\"):").format(
                now=f"{now:.1f}"), now, 0.1, 10_000.0, 2)
        return self.scale_by_points(p1, p2, value) if ok else None

    # --- the dialog --------------------------------------------------------------------------

    def dialog(self) -> None:
        """Open the Table picture dialog (non-modal: the board stays usable beside it)."""
        if not self.window.editor.has_game:
            return
        from .backdrop_dialog import BackdropDialog

        if self.last_dialog is None:
            self.last_dialog = BackdropDialog(self)
        self.last_dialog.show()
        self.last_dialog.raise_()


def install(window) -> BackdropController:
    return BackdropController(window)
