"""The window's layout outlives a session (issue 39): its size and place, the docks open
and their sizes (Qt's `saveGeometry` / `saveState`), and the board's zoom and centre for the
game it showed — kept in the settings (app.settings) when the program's window closes and
put back when the program starts again.

The docks come back once the game is on the board (`board_ready`: a dock shows that game),
and the view keeps the area saved whole while they are laid out.

Only the program's own window remembers (`remember`, called by `run_gui`): windows built by
tests and scripts neither read nor write the layout. A first start, or a saved layout that
cannot be read, opens at a size that fits the screen's available room (`fitting_size`).
The docks are made when first wanted (app.panels.dock_catalog) and Qt's restoreState places
only docks that exist: the docks made are saved by name, made again before the state is
restored; one made later takes its saved place when made (the catalog asks Qt)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QPointF, QSize

from app.settings import settings

if TYPE_CHECKING:
    from PySide6.QtGui import QScreen
    from PySide6.QtWidgets import QMainWindow

    #: app.window.MainWindow (not imported: app.window imports this module)
    MainWindow = QMainWindow

GEOMETRY_KEY = "layout/geometry"
STATE_KEY = "layout/state"
VIEW_KEY = "layout/view"
DOCKS_KEY = "layout/docks"
#: Bumped when the docks change so much that an old saved state would misplace them.
STATE_VERSION = 1
#: The size the window opens at on a first start, when the screen has the room.
DEFAULT_SIZE = QSize(1280, 820)
#: Room left for the window manager's title bar and frame below the available height.
FRAME_ALLOWANCE_PX = 40


def fitting_size(screen: QScreen | None) -> QSize:
    """DEFAULT_SIZE, made smaller to fit the screen's available geometry (the room the
    task bars leave) with the window's frame: a 1280×800 screen gets its whole status bar."""
    if screen is None:
        return QSize(DEFAULT_SIZE)
    room = screen.availableGeometry()
    return QSize(min(DEFAULT_SIZE.width(), room.width()),
                 min(DEFAULT_SIZE.height(), room.height() - FRAME_ALLOWANCE_PX))


def _bytes(value: object) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, bytes) and value:
        return QByteArray(value)
    return None


def shown_file(window: MainWindow) -> str:
    """The file the window's game came from ('' for none: a new or demo table)."""
    files = window.services.files
    shown = getattr(files, "path", None) or getattr(files, "source", None) or window.path
    return str(shown) if shown is not None else ""


def save_layout(window: MainWindow) -> None:
    """Write the window's geometry, dock state and the board's view into the settings."""
    view = window.view
    centre = view.view_centre()
    s = settings()
    s.setValue(GEOMETRY_KEY, window.saveGeometry())
    s.setValue(STATE_KEY, window.saveState(STATE_VERSION))
    catalog = window.services.docks
    s.setValue(DOCKS_KEY, json.dumps(sorted(catalog.made) if catalog is not None else []))
    shown = view.visible_table_rect()
    s.setValue(VIEW_KEY, json.dumps({
        "file": shown_file(window), "fitted": view.fitted, "px_per_inch": view.px_per_inch(),
        "x": centre.x(), "y": centre.y(), "w": shown.width(), "h": shown.height()}))
    s.sync()


def restore_geometry(window: MainWindow) -> None:
    """The saved size and place, else a size that fits the screen."""
    saved = _bytes(settings().value(GEOMETRY_KEY))
    if saved is None or not window.restoreGeometry(saved):
        window.resize(fitting_size(window.screen()))


def restore_state(window: MainWindow) -> None:
    """The saved docks (made first: Qt places only docks that exist) and toolbars."""
    saved = _bytes(settings().value(STATE_KEY))
    if saved is None:
        return
    catalog = window.services.docks
    if catalog is not None:
        from app.panels.dock_catalog import DOCKS_BY_SERVICE

        try:
            made = json.loads(str(settings().value(DOCKS_KEY, "[]")))
        except ValueError:
            made = []
        for service in made if isinstance(made, list) else []:
            if service in DOCKS_BY_SERVICE:
                catalog.get(service)
    window.restoreState(saved, STATE_VERSION)


def restore_view(window: MainWindow) -> None:
    """The saved zoom and centre, when the game on the board is the one they were saved
    for and the user had zoomed or panned (a fitted table is fitted anew)."""
    try:
        saved = json.loads(str(settings().value(VIEW_KEY, "")))
        file, fitted = str(saved["file"]), bool(saved["fitted"])
        scale, x, y, w, h = (float(saved[k]) for k in ("px_per_inch", "x", "y", "w", "h"))
    except (ValueError, TypeError, KeyError):
        return
    numbers = (scale, x, y, w, h)
    if fitted or not file or not all(map(math.isfinite, numbers)) or min(scale, w, h) <= 0:
        return
    if Path(file) != Path(shown_file(window) or "."):
        return
    window.view.show_kept_area(QPointF(x, y), scale, w, h)


def remember(window: MainWindow) -> None:
    """Make `window` the one whose layout is kept: restore the geometry now, the docks and
    the view once the game is on the board (a dock shows that game); save all on close."""
    window.remember_layout = True
    restore_geometry(window)

    def restore_rest() -> None:
        restore_state(window)
        restore_view(window)

    window.board_ready.connect(restore_rest)
