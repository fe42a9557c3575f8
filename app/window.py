"""The main window: the board, a minimal File/View menu, and a status bar that says where the
pointer is on the table in inches and in metres at the scenario's ground scale."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMainWindow, QMessageBox

from engine.scenario import Scenario
from geometry.units import in_to_m

from .board import BoardScene, BoardView

APP_NAME = "Warboard"
USAGE = "usage: warboard [FILE]   (a scenario .json; no FILE opens the demo table)"
OPEN_FILTER = "Scenarios (*.json);;All files (*)"


def pointer_text(x_in: float, y_in: float, metres_per_inch: float) -> str:
    """The status-bar position: `x 12.50"  y 30.25"  (31.3 m, 75.6 m)`."""
    xm, ym = in_to_m(x_in, metres_per_inch), in_to_m(y_in, metres_per_inch)
    return f'x {x_in:.2f}"  y {y_in:.2f}"  ({xm:.1f} m, {ym:.1f} m)'


def scenario_text(scenario: Scenario) -> str:
    """Ruleset, ground scale and table size, for the status bar's right end."""
    t = scenario.table
    return (f'{scenario.ruleset}   1" = {t.metres_per_inch:g} m   '
            f'table {t.width_in:g}" × {t.height_in:g}"')


class MainWindow(QMainWindow):
    """The board in a window. Later tools hook into `scene`, `view`, `file_menu`, `view_menu`
    and the status bar; `set_scenario` swaps the table shown."""

    def __init__(self, scenario: Scenario | None = None) -> None:
        super().__init__()
        self.path: Path | None = None
        self.scene = BoardScene(parent=self)
        self.view = BoardView(self.scene, self)
        self.setCentralWidget(self.view)
        self._build_actions()
        self._build_status_bar()
        self.view.pointer_moved.connect(self._show_pointer)
        self.view.pointer_left.connect(self.pointer_label.clear)
        self.resize(1280, 820)
        self.setWindowTitle(APP_NAME)
        if scenario is not None:
            self.set_scenario(scenario)

    # --- building ---------------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.open_action = QAction("&Open…", self)
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.triggered.connect(self.open_dialog)
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit_action.triggered.connect(self.close)
        self.fit_action = QAction("&Fit table", self)
        self.fit_action.setShortcut(QKeySequence("F"))
        self.fit_action.triggered.connect(self.view.fit_table)

        self.file_menu = self.menuBar().addMenu("&File")
        self.file_menu.addAction(self.open_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.view_menu = self.menuBar().addMenu("&View")
        self.view_menu.addAction(self.fit_action)

    def _build_status_bar(self) -> None:
        self.pointer_label = QLabel()
        self.pointer_label.setMinimumWidth(320)
        self.scenario_label = QLabel()
        bar = self.statusBar()
        bar.addWidget(self.pointer_label)
        bar.addPermanentWidget(self.scenario_label)

    # --- the scenario -----------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self.scene.scenario

    def set_scenario(self, scenario: Scenario, path: Path | None = None) -> None:
        self.path = path
        self.scene.set_scenario(scenario)
        self.setWindowTitle(f"{scenario.name} — {APP_NAME}")
        self.scenario_label.setText(scenario_text(scenario))
        self.pointer_label.clear()

    def open_path(self, path: str | Path) -> bool:
        """Open a scenario file; on failure say why in a message box and keep the table shown."""
        from engine.scenario_io import ScenarioError, load_scenario

        path = Path(path)
        try:
            scenario = load_scenario(path)
        except (ScenarioError, OSError, ValueError) as err:
            text = str(err) if str(path) in str(err) else f"{path}:\n{err}"
            self.show_error("Could not open the scenario", text)
            return False
        self.set_scenario(scenario, path)
        return True

    def open_demo(self) -> bool:
        """Open the demo table shipped with Warboard."""
        from engine.scenario_io import ScenarioError, load_demo

        try:
            scenario = load_demo()
        except (ScenarioError, OSError, ValueError) as err:
            self.show_error("Could not open the demo table", str(err))
            return False
        self.set_scenario(scenario)
        return True

    def open_dialog(self) -> None:
        start = str(self.path.parent) if self.path else ""
        name, _ = QFileDialog.getOpenFileName(self, "Open scenario", start, OPEN_FILTER)
        if name:
            self.open_path(name)

    def show_error(self, title: str, text: str) -> None:
        QMessageBox.critical(self, title, text)

    # --- status bar -------------------------------------------------------------------------

    def _show_pointer(self, x_in: float, y_in: float) -> None:
        if self.scenario is None:
            return
        self.pointer_label.setText(pointer_text(x_in, y_in, self.scenario.table.metres_per_inch))


def build_window(args: list[str], *, show: bool = False) -> MainWindow:
    """The window for `warboard [FILE]`: the file, or the demo if none is given or it fails.
    With `show`, the window is up before loading, so an error box sits over it."""
    window = MainWindow()
    if show:
        window.show()
    if not (args and window.open_path(args[0])):
        window.open_demo()
    return window


def run_gui(args: list[str]) -> int:
    """Open the program; returns the exit status."""
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    app = QApplication.instance()
    if app is None:
        app = QApplication([sys.argv[0] if sys.argv else "warboard", *args])
        args = app.arguments()[1:]  # Qt has taken its own options (-platform, ...) out
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(USAGE, file=sys.stderr)
        return 2
    app.setApplicationName(APP_NAME)
    window = build_window(args, show=True)
    status = app.exec()
    window.deleteLater()
    return status
