"""What the window's modules offer one another, in one typed place (`window.services`).

Each module listed in app/modules.py installs itself into the main window and, when other
code needs to reach what it made (the files controller, a dock, a menu), puts it in its
field here. A field is None until its module is installed: the window installs the docks,
the Library menu and the other held-back modules only after the first paint
(`MainWindow.finish_startup`), and a test may build a window without them. Code that can
run before that reads the field and checks for None; nothing is attached to the window
itself and nothing is looked up by name.

Lazy loading has one boundary, app/modules.py: the window imports each listed module by
name when it installs it. The docks are fields here too, but made when first asked for
(app.panels.dock_catalog: reading `action_panel` makes the Actions dock, hidden), and a
dock builds its contents when first shown (app.panels.docks.LazyDock). This module imports
nothing but for type checking, so the window can build its `Services` at start-up without
pulling in any of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    from app.files import FileController
    from app.first_run import FirstRun
    from app.groups import GroupsController
    from app.help_menu import HelpMenu
    from app.log_dock import LogDock
    from app.panels.action_panel import ActionPanel
    from app.panels.dock_catalog import DockCatalog
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


D = TypeVar("D")


class _Dock(Generic[D]):
    """A dock of the catalog as a field of `Services`: made when first read (hidden, its
    contents not built); None until the catalog is installed."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, services: Services | None, owner: type | None = None) -> D | None:
        if services is None:
            return self  # type: ignore[return-value]  (read on the class: the descriptor)
        catalog = services.docks
        return None if catalog is None else catalog.get(self.name)


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

    # --- docks (app.panels.dock_catalog: each made when first read) -----------------------
    #: The View menu's dock entries and the docks made so far.
    docks: DockCatalog | None = None
    # the docks (class variables, no dataclass fields), each read through the catalog
    log_dock: ClassVar[_Dock[LogDock]] = _Dock()
    turn_dock: ClassVar[_Dock[TurnDock]] = _Dock()
    #: The Actions dock.
    action_panel: ClassVar[_Dock[ActionPanel]] = _Dock()
    tests_dock: ClassVar[_Dock[TestsDock]] = _Dock()
    organisation_dock: ClassVar[_Dock[OrganisationDock]] = _Dock()

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
