"""The File menu's entries of app.files.FileController — New, Open, Open Recent, Save,
Save As, Import and Export Scenario JSON, Check Game — built into the window's File menu
ahead of Quit. A mixin of FileController (its `window`, `recent` and the slots it names)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from app.i18n import tr


class FileMenu:
    """The menu entries of FileController (see the module doc)."""

    def _action(self, text: str, slot, shortcut: str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(lambda checked=False: slot())
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action(tr("&New…"), self.new_dialog, "Ctrl+N",
                                       tr("A blank table or the demo"))
        self.open_action = self._action(tr("&Open…"), self.open_dialog, "Ctrl+O",
                                        tr("Open a .warboard game or a scenario .json"))
        self.save_action = self._action(tr("&Save"), self.save, "Ctrl+S",
                                        tr("Save the game into its .warboard file"))
        self.save_as_action = self._action(tr("Save &As…"), self.save_as_dialog, "Ctrl+Shift+S",
                                           tr("Save the game into a new .warboard file"))
        self.import_action = self._action(tr("&Import Scenario JSON…"), self.import_dialog,
                                          tip=tr("Start a game on a scenario .json"))
        self.export_action = self._action(tr("&Export Scenario JSON…"), self.export_dialog,
                                          tip=tr("Write the table as a scenario .json"))
        self.check_action = self._action(
            tr("Chec&k Game…"), self.check_game,
            tip=tr("Check the game file: integrity, schema, roll log, sealed rolls, "
                   "stray files"))
        self.recent_menu = QMenu(tr("Open &Recent"), self.window)
        self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
        menu = self.window.file_menu
        first = menu.actions()[0] if menu.actions() else None  # Quit stays last
        for item in (self.new_action, self.open_action, self.recent_menu, None,
                     self.save_action, self.save_as_action, None, self.import_action,
                     self.export_action, self.check_action, None):
            if item is None:
                menu.insertSeparator(first)
            elif isinstance(item, QMenu):
                menu.insertMenu(first, item)
            else:
                menu.insertAction(first, item)

    def fill_recent_menu(self) -> None:
        """Rebuild Open Recent from the stored list (files that have gone are disabled)."""
        menu = self.recent_menu
        menu.clear()
        paths = self.recent.paths()
        for i, p in enumerate(paths):
            label = f"&{i + 1}  {p.name}" if i < 9 else p.name
            action = menu.addAction(label)
            action.setData(str(p))
            action.setToolTip(str(p))
            action.setStatusTip(str(p))
            action.setEnabled(p.exists())
            action.triggered.connect(lambda checked=False, p=p: self.open_path(p))
        if not paths:
            menu.addAction(tr("(none yet)")).setEnabled(False)
        menu.addSeparator()
        clear = menu.addAction(tr("Clear the list"))
        clear.setEnabled(bool(paths))
        clear.triggered.connect(lambda checked=False: self.recent.clear())
