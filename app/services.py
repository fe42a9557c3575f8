"""What the window's modules offer one another, in one typed place (`window.services`).

Each module listed in app/modules.py installs itself into the main window and, when other
code needs to reach what it made (the files controller, a dock, a menu), puts it in its
field here. A field is None until its module is installed: the window installs the docks,
the Library menu and the other held-back modules only after the first paint
(`MainWindow.finish_startup`), and a test may build a window without them. Code that can
run before that reads the field and checks for None; nothing is attached to the window
itself and nothing is looked up by name.

Lazy loading has one boundary, app/modules.py: the window imports each listed module by
name when it installs it, and a dock builds its contents when first shown
(app.panels.docks.LazyDock). This module imports nothing but for type checking, so the
window can build its `Services` at start-up without pulling in any of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    from app.files import FileController
    from app.first_run import FirstRun
    from app.groups import GroupsController
    from app.help_menu import HelpMenu
    from app.log_dock import LogDock
    from app.panels.action_panel import ActionPanel
    from app.panels.organisation_dock import OrganisationDock
    from app.panels.readings_form import ReadingsDialog
    from app.panels.tests_dock import TestsDock
    from app.panels.turn_dock import TurnDock
    from app.picture_menu import PictureExport
    from app.room import RoomKeeper
    from app.sealed_dice import SealedDiceMenu
    from app.settings_dialog import SettingsController
    from app.tools.rotate import RotationController
    from app.turn_post_dialog import TurnPost
    from app.zones import ZonesController
    from app.zoom import ZoomController


@dataclass(eq=False)
class Services:
    """The window's services, one field per thing a module makes for others to use (None
    until that module is installed). Grouped by who fills them."""

    # --- board tools (app.tools.*, installed before the first paint) ----------------------
    #: The rotate keys and the selected unit's handles; the select tool hands it its events.
    rotation: RotationController | None = None

    # --- files (installed before the first paint: it opens `warboard FILE`) ----------------
    #: Opening, saving, autosave and the game's file; `MainWindow.open_path` goes through it.
    files: FileController | None = None

    # --- docks (app.panels.*, app.log_dock) ----------------------------------------------
    log_dock: LogDock | None = None
    turn_dock: TurnDock | None = None
    #: The Actions dock.
    action_panel: ActionPanel | None = None
    tests_dock: TestsDock | None = None
    organisation_dock: OrganisationDock | None = None

    # --- menus and their dialogs ---------------------------------------------------------
    #: The Game menu, made by whichever module asks first (app.panels.readings_dialog).
    game_menu: QMenu | None = None
    #: The Log menu, made by whichever module asks first (app.turn_post_dialog).
    log_menu: QMenu | None = None
    #: The Library menu (app.library_menu).
    library_menu: QMenu | None = None
    #: Game ▸ Rules readings… and the dialog it opened last.
    readings_action: QAction | None = None
    readings_dialog: ReadingsDialog | None = None
    #: Log ▸ Copy turn as BBCode / Markdown.
    turn_post: TurnPost | None = None
    #: File ▸ Export picture….
    picture_export: PictureExport | None = None
    #: File ▸ Sealed dice and Verify dice….
    sealed_dice: SealedDiceMenu | None = None
    #: Edit ▸ Settings….
    settings: SettingsController | None = None
    #: The Help menu.
    help_menu: HelpMenu | None = None

    # --- the board's other helpers -------------------------------------------------------
    #: Groups: the selected squad or platoon and its outline on the board.
    groups: GroupsController | None = None
    #: The zones a ruleset draws round the selected unit.
    zones: ZonesController | None = None
    #: Keeps the board its share of the window when docks are shown.
    room: RoomKeeper | None = None
    #: View ▸ Zoom in / out / Actual size and the toolbar's zoom box.
    zoom: ZoomController | None = None
    #: The first-run overlay naming the tools.
    first_run: FirstRun | None = None
