"""The main window: the board and its tools over a game, File/Edit/View/Tools menus with undo
and redo, and a status bar that says where the pointer is on the table in inches and in
metres at the scenario's ground scale."""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow
from shiboken6 import isValid

from geometry.units import in_to_m

from . import i18n
from .board import BoardScene, BoardView
from .editor import Editor
from .i18n import error_text, ruleset_name, tr
from .modules import TOOL_MODULES, WINDOW_MODULES, startup_split
from .services import Services
from .tools.manager import ToolManager
from .tools.pointer_label import PointerLabel

if TYPE_CHECKING:
    from engine.model import Game
    from engine.scenario import Scenario

APP_NAME = "Warboard"
#: How long the held-back modules are installed for in one turn of the event loop after
#: the first paint before the loop gets a turn (half a 60 Hz frame).
INSTALL_TURN_MS = 8.0
USAGE = ("usage: warboard [--lang en|ru] [FILE]   (a scenario .json or a .warboard game; no "
         "FILE reopens the last game, the demo table on first run; warboard --help lists "
         "the commands)")


def pointer_text(x_in: float, y_in: float, metres_per_inch: float) -> str:
    """The status-bar position: `x 12.50"  y 30.25"  (31.3 m, 75.6 m)`."""
    from app.settings import units_shown

    xm, ym = in_to_m(x_in, metres_per_inch), in_to_m(y_in, metres_per_inch)
    units = units_shown()  # Settings ▸ Distances shown
    if units == "inches":
        return tr('x {x}"  y {y}"').format(x=f"{x_in:.2f}", y=f"{y_in:.2f}")
    if units == "metres":
        return tr("x {xm} m  y {ym} m").format(xm=f"{xm:.1f}", ym=f"{ym:.1f}")
    return tr('x {x}"  y {y}"  ({xm} m, {ym} m)').format(
        x=f"{x_in:.2f}", y=f"{y_in:.2f}", xm=f"{xm:.1f}", ym=f"{ym:.1f}")


def scenario_text(scenario: Scenario, *, load: bool = True) -> str:
    """Ruleset, ground scale and table size, for the status bar's right end (`load`
    False: the ruleset's id until the rulesets are loaded)."""
    t = scenario.table
    return tr('{ruleset}   1" = {scale} m   table {w}" × {h}"').format(
        ruleset=ruleset_name(scenario.ruleset, load=load), scale=f"{t.metres_per_inch:g}",
        w=f"{t.width_in:g}", h=f"{t.height_in:g}")


class MainWindow(QMainWindow):
    """The board in a window, over an `engine.model.Game` held by `editor`.

    What tools and window modules hook into: `editor` (the game and its undo stack),
    `scene`, `view`, `tools` (ToolManager), `toolbar`, `file_menu`, `edit_menu`,
    `view_menu`, `tools_menu`, `pointer_hint` (the text beside the pointer), and the
    selection: `selected_unit_id`, `select_unit(id)`, signal `selection_changed(str|None)`.
    Modules listed in app/modules.py are installed at start-up (`modules[name]`); what they
    offer one another is in `services` (app.services.Services), nowhere else. With
    `defer_modules`, those the first paint does not draw wait in `pending_modules` until
    `finish_startup()` (the program runs it just after the board's first paint); without it —
    tests, scripts — the window is complete when built.
    """

    selection_changed = Signal(object)
    #: Every module is installed (emitted by `finish_startup`, once it had work to do).
    startup_finished = Signal()

    #: The game the program starts with is on the board (`open_start_game`: the program
    #: runs it once the window is complete, so the engine loads after the first paint).
    board_ready = Signal()

    #: A dock was added (`addDockWidget`): app.room watches it.
    dock_added = Signal(object)

    #: This window was rebuilt in another language (`relocalize`): the new window.
    relocalized = Signal(object)

    #: The program's window keeps its layout in the settings when it closes
    #: (app.settings_layout.remember); tests' and scripts' windows do not.
    remember_layout = False

    def __init__(self, scenario: Scenario | None = None, *,
                 defer_modules: bool = False, editor: Editor | None = None,
                 board: tuple[BoardScene, BoardView] | None = None) -> None:
        """`board`: the scene and view of a window rebuilt in another language
        (app.relocalize), kept with everything on them rather than built again."""
        super().__init__()
        self._docks: list[QDockWidget] = []
        self._relocalizing = False
        #: What the installed modules offer one another (app.services): filled as they
        #: are installed.
        self.services = Services()
        self.path: Path | None = None
        self.selected_unit_id: str | None = None
        #: the board came from a window rebuilt in another language (app.relocalize) and
        #: already shows its game: the next game_replaced does not build it again
        self.kept_board = board is not None
        self.editor = editor if editor is not None else Editor()
        self.editor.setParent(self)
        if board is None:
            self.scene = BoardScene(parent=self)
            self.view = BoardView(self.scene, self)
        else:
            self.scene, self.view = board
            self.scene.setParent(self)
        self.setCentralWidget(self.view)
        self.pointer_hint = PointerLabel(self.view.viewport())
        self._build_actions()
        self._build_status_bar()
        from . import desktop

        #: drops of scenario and game files, View ▸ Full screen (F11): app.desktop
        self.file_drop, self.full_screen = desktop.install(self)
        self.tools = ToolManager(self)
        self.view.router = self.tools
        self.view.pointer_moved.connect(self._show_pointer)
        self.view.pointer_left.connect(self.pointer_label.clear)
        self.editor.changed.connect(self._on_changed)
        self.editor.game_replaced.connect(self._on_game_replaced)
        self.resize(1280, 820)
        self.setWindowTitle(APP_NAME)
        self.modules: dict[str, object] = {}
        self.missing_modules: list[str] = []
        now, later = startup_split((*TOOL_MODULES, *WINDOW_MODULES))
        if not defer_modules:
            now, later = (*now, *later), ()
        self.pending_modules: tuple[str, ...] = later
        self._install_modules(now)
        i18n.notifier().language_changed.connect(self._language_changed)
        self.startup_finished.connect(self._show_scenario_label)
        self.startup_finished.connect(self.scene.refresh_warnings)  # the rulesets are in
        if scenario is not None:
            self.set_scenario(scenario)

    # --- building ---------------------------------------------------------------------------

    def addDockWidget(self, area: Qt.DockWidgetArea, dock: QDockWidget, *args) -> None:
        """QMainWindow's, keeping the list `dock_widgets` reads and emitting `dock_added`."""
        super().addDockWidget(area, dock, *args)
        if dock not in self._docks:
            self._docks.append(dock)
        self.dock_added.emit(dock)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Closing (not refused by the files controller's filter): keep the layout."""
        if self.remember_layout:
            from .settings_layout import save_layout

            save_layout(self)
        super().closeEvent(event)

    def dock_widgets(self) -> list[QDockWidget]:
        """The docks added to this window, in order (those since deleted left out)."""
        self._docks = [d for d in self._docks if isValid(d)]
        return list(self._docks)

    def _build_actions(self) -> None:
        self.quit_action = QAction(self.tr("&Quit"), self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.triggered.connect(self.close)
        self.fit_action = QAction(self.tr("&Fit table"), self)
        self.fit_action.setShortcut(QKeySequence("F"))
        # a board key: only while the board has the focus (typing F in a field stays an F)
        self.fit_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.view.addAction(self.fit_action)
        self.fit_action.triggered.connect(self.view.fit_table)
        stack = self.editor.undo_stack
        self.undo_action = stack.createUndoAction(self)
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = stack.createRedoAction(self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])

        self.file_menu = self.menuBar().addMenu(self.tr("&File"))
        self.file_menu.addAction(self.quit_action)
        self.edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)
        self.view_menu = self.menuBar().addMenu(self.tr("&View"))
        self.view_menu.addAction(self.fit_action)
        self.tools_menu = self.menuBar().addMenu(self.tr("&Tools"))
        self.toolbar = self.addToolBar(self.tr("Tools"))
        self.toolbar.setObjectName("tools")
        self.toolbar.setMovable(False)

    def _build_status_bar(self) -> None:
        self.pointer_label = QLabel()
        self.pointer_label.setMinimumWidth(320)
        self.scenario_label = QLabel()
        bar = self.statusBar()
        bar.addWidget(self.pointer_label)
        bar.addPermanentWidget(self.scenario_label)

    def _install_modules(self, names: tuple[str, ...]) -> None:
        """Import and install each module; one not written yet is skipped (and listed in
        `missing_modules`), any other error is raised."""
        for name in names:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as err:
                if err.name != name:
                    raise
                self.missing_modules.append(name)
                continue
            self.modules[name] = module.install(self)

    def finish_startup_after_paint(self, fallback_ms: int = 1000) -> None:
        """Install the held-back modules once the board has been painted for the first time,
        INSTALL_TURN_MS of them per turn of the event loop (so the table is on screen first,
        and a click or a repaint can come between them); whatever is left after
        `fallback_ms` — no paint came (a window shown minimised) — is installed then."""
        if not self.pending_modules:
            return
        self.view.viewport().installEventFilter(self)
        QTimer.singleShot(fallback_ms, self, self.finish_startup)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and obj is self.view.viewport():
            obj.removeEventFilter(self)
            QTimer.singleShot(0, self, self._install_next_pending)
        return super().eventFilter(obj, event)

    def _install_next_pending(self) -> None:
        """Install held-back modules in their order for up to INSTALL_TURN_MS, then give the
        event loop a turn (a click, a repaint) and go on: the modules' installs are cheap
        (their docks are built when shown, app.panels.docks.LazyDock), so most go in one
        turn instead of one turn each."""
        if not self.pending_modules:
            return
        start = time.perf_counter()
        while self.pending_modules:
            name, *rest = self.pending_modules
            self.pending_modules = tuple(rest)
            self._install_modules((name,))
            if rest and (time.perf_counter() - start) * 1000 >= INSTALL_TURN_MS:
                QTimer.singleShot(0, self, self._install_next_pending)
                return
        self.startup_finished.emit()

    def finish_startup(self) -> None:
        """Install the modules still held back (docks, the Library menu …), in their listed
        order; does nothing once they are in."""
        names, self.pending_modules = self.pending_modules, ()
        if not names:
            return
        self._install_modules(names)
        self.startup_finished.emit()

    def _language_changed(self, _lang: str) -> None:
        """The interface's language was switched: rebuild this window in it, once the
        current event (a Settings dialog's OK) is done."""
        if not self._relocalizing:
            self._relocalizing = True
            QTimer.singleShot(0, self, lambda: relocalize(self))

    # --- the game ---------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.editor.game if self.editor.has_game else None

    @property
    def scenario(self) -> Scenario | None:
        return self.scene.scenario

    def set_scenario(self, scenario: Scenario, path: Path | None = None) -> None:
        """Show a scenario as a new game (its undo history starts empty)."""
        from engine.model import Game
        self.set_game(Game(scenario), path)

    def set_game(self, game: Game, path: Path | None = None) -> None:
        self.path = path
        self.editor.set_game(game)

    def _on_game_replaced(self) -> None:
        game = self.editor.game
        i18n.set_game_ruleset(game.scenario.ruleset)
        self.select_unit(None)
        self.tools.reset()
        kept, self.kept_board = self.kept_board, False
        built = not (kept and self.scene.scenario is game.scenario)
        if built:
            self.scene.set_scenario(game.scenario)
        self.setWindowTitle(f"{game.scenario.name} — {APP_NAME}")  # names: not translated
        self._show_scenario_label()
        self.pointer_label.clear()
        if built:  # a kept board's game settled its heap and second process already
            # once every module has taken the new game (their slots come after this one)
            QTimer.singleShot(0, self, self._settle_heap)

    def _settle_heap(self) -> None:
        """A big game is on the board: settle the heap (app.heap) and start the second
        process its geometry may be worked out in (app.offload)."""
        from . import offload

        if self.editor.has_game:
            units = self.editor.game.scenario.units
            self.settle_heap()
            from engine.measure import terrain_index

            scenario = self.editor.game.scenario
            offload.prepare(len(units), [u.placement() for u in units],
                            lambda: terrain_index(scenario))  # the hovers' own index

    def settle_heap(self) -> None:
        """Settle the heap (app.heap) for the game on the board: what the last game, or
        a window rebuilt in another language (app.relocalize), left is collected."""
        from . import heap

        if self.editor.has_game:
            heap.settle(len(self.editor.game.scenario.units))

    def _show_scenario_label(self) -> None:
        if self.editor.has_game:
            self.scenario_label.setText(scenario_text(self.editor.game.scenario,
                                                      load=not self.pending_modules))

    def _on_changed(self, ids: list[str]) -> None:
        self.scene.sync(ids)
        if self.selected_unit_id is not None and not self.scene.has_unit(self.selected_unit_id):
            self.select_unit(None)
        elif self.selected_unit_id in ids:
            self.scene.set_selected(self.selected_unit_id)

    def select_unit(self, unit_id: str | None) -> None:
        """Select a unit on the table (None clears); emits `selection_changed`."""
        if unit_id is not None and not self.scene.has_unit(unit_id):
            raise KeyError(f"unit: no unit with id {unit_id!r} on the board")
        self.scene.set_selected(unit_id)
        if unit_id == self.selected_unit_id:
            return
        self.selected_unit_id = unit_id
        self.selection_changed.emit(unit_id)

    # --- files (the files module, when installed, owns opening and saving) ---------------------

    def open_path(self, path: str | Path) -> bool:
        """Open a scenario file; on failure say why in a message box and keep the table shown.
        Goes through the files controller (`window.services.files`) when one is installed."""
        files = self.services.files
        if files is not None:
            return bool(files.open_path(path))
        from engine.scenario_io import ScenarioError, load_scenario

        path = Path(path)
        try:
            scenario = load_scenario(path)
        except (ScenarioError, OSError, ValueError) as err:
            shown = error_text(err)
            text = shown if str(path) in str(err) else f"{path}:\n{shown}"
            self.show_error(self.tr("Could not open the scenario"), text)
            return False
        self.set_scenario(scenario, path)
        return True

    def open_demo(self) -> bool:
        """Open the demo table shipped with Warboard."""
        from engine.scenario_io import ScenarioError, load_demo

        try:
            scenario = load_demo()
        except (ScenarioError, OSError, ValueError) as err:
            self.show_error(self.tr("Could not open the demo table"), error_text(err))
            return False
        self.set_scenario(scenario)
        return True

    def open_start_game(self, path: str | Path | None, *, reopen_last: bool = False) -> None:
        """The game `warboard [FILE]` starts with: the file, else (`reopen_last`) the last
        game, else the demo table — unless a game was opened meanwhile (File ▸ Open before
        the engine arrived), which stays. Emits `board_ready` either way."""
        if not self.editor.has_game:
            if path is None and reopen_last:
                path = last_game()
            if not (path is not None and self.open_path(path)):
                self.open_demo()
        self.scene.refresh_warnings()  # the rulesets came in with the game
        self.board_ready.emit()

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # not a class the window needs at start

        QMessageBox.critical(self, title, text)

    # --- status bar -------------------------------------------------------------------------

    def _show_pointer(self, x_in: float, y_in: float) -> None:
        if self.scenario is None:
            return
        self.pointer_label.setText(pointer_text(x_in, y_in, self.scenario.table.metres_per_inch))


def last_game() -> Path | None:
    """The most recently opened file that is still there (app.recent), if any."""
    from .recent import RecentFiles

    return next((p for p in RecentFiles().paths() if p.is_file()), None)


def build_window(args: list[str], *, show: bool = False, reopen_last: bool = False,
                 remember_layout: bool = False) -> MainWindow:
    """The window for `warboard [FILE]`: the file, or the demo if none is given or it fails.
    With `reopen_last` (the program, design.md "Command line"), no FILE reopens the last
    game instead, and the demo only on the first run or when that file cannot be opened.

    Without `show` (tests, scripts) the window is complete, its game on the board, on
    return. With `show` (the program) the window's chrome — menus, toolbar, tools, docks —
    needs neither the engine nor numpy/shapely (design.md P6): it is shown at once, what
    the first paint does not draw (hidden docks, the Library menu) is installed just after
    that paint (`startup_finished`: the window is complete), and then, on the next turn of
    the event loop, the game is loaded — the engine, the scenario, the board's items — and
    `board_ready` is emitted. An action used before that imports what it needs.
    With `remember_layout` (the program) the window opens with the layout it had when it
    last closed (app.settings_layout)."""
    window = MainWindow(defer_modules=show)
    if remember_layout:
        from .settings_layout import remember

        remember(window)
    path = args[0] if args else None
    if not show:
        window.open_start_game(path, reopen_last=reopen_last)
        return window
    window.show()
    # the board takes the keys at once (M measures without a click first), also where no
    # window manager hands the new window the focus (a kiosk, a bare X session)
    window.activateWindow()
    window.view.setFocus()

    def load() -> None:
        window.open_start_game(path, reopen_last=reopen_last)

    if window.pending_modules:
        window.startup_finished.connect(lambda: QTimer.singleShot(0, window, load))
        window.finish_startup_after_paint()
    else:
        QTimer.singleShot(0, window, load)
    return window


def _first_run(window: MainWindow) -> None:
    """The first-run overlay naming the tools (app/first_run.py), when never put away."""
    first_run = window.services.first_run
    if first_run is not None:
        first_run.maybe_show()


#: The program's main windows (a window rebuilt in another language replaces its entry).
_open: list[MainWindow] = []


def open_windows() -> list[MainWindow]:
    """The program's main windows, as `run_gui` opened them (the start-up bench finds the
    window here rather than by watching every event)."""
    return list(_open)


def relocalize(old: MainWindow) -> MainWindow:
    """The window rebuilt in the interface's current language around the same game
    (app.relocalize.rebuild: the game, its undo history and file, the docks, geometry,
    zoom and selection kept), in the old one's place among the program's windows; the old
    one goes away without closing (so nothing asks to save)."""
    from .relocalize import rebuild

    new = rebuild(old)
    if old in _open:
        _open[_open.index(old)] = new
    old.relocalized.emit(new)
    old.deleteLater()
    return new


def run_gui(args: list[str]) -> int:
    """Open the program; returns the exit status. `--lang en|ru` chooses the language
    (else the Settings choice, LANG, the system's)."""
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    try:
        lang, args = i18n.lang_from_args(args)
    except ValueError as e:
        print(f"warboard: error: {e}", file=sys.stderr)
        return 2
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "warboard", *args])
        args = app.arguments()[1:]  # Qt has taken its own options (-platform, ...) out
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(USAGE, file=sys.stderr)
        return 2
    app.setApplicationName(APP_NAME)
    i18n.install(i18n.choose_language(lang))
    window = build_window(args, show=True, reopen_last=True, remember_layout=True)
    _open.append(window)
    if window.pending_modules:  # the overlay comes with the modules held back
        window.startup_finished.connect(lambda: _first_run(window))
    else:
        _first_run(window)
    status = app.exec()
    for window in _open:
        window.deleteLater()
    _open.clear()
    return status
