"""House rules written as data, in the window: Help ▸ Write your own rules… (the guide,
docs/house-rules.md, and the game master's rulesets folder), and the live preview — while
a game of a house ruleset is open, saving a file of its folder reads the rules again and
the docks show the new odds at once; a file with a problem keeps the last good rules and
the status bar says why."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
)

from app.i18n import current_language, tr

#: How long after the last change of a file the rules are read again (an editor's save
#: is often several writes).
SETTLE_MS = 250


def guide_path(lang: str = "en") -> Path:
    """docs/house-rules.md (in Russian house-rules.ru.md): beside the program's packages
    (or in the bundle's folder)."""
    root = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parents[1]))
    own = root / "docs" / f"house-rules.{lang}.md"
    return own if lang != "en" and own.is_file() else root / "docs" / "house-rules.md"


class GuideDialog(QDialog):
    """The guide, rendered, with a button opening the rulesets folder."""

    def __init__(self, parent) -> None:
        super().__init__(parent)
        from engine.house.discover import user_rulesets_folder

        self.setWindowTitle(tr("Write your own rules"))
        self.folder = user_rulesets_folder()
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        try:
            self.text.setMarkdown(guide_path(current_language()).read_text(encoding="utf-8"))
        except OSError as e:
            self.text.setPlainText(tr("The guide could not be read: {error}").format(
                error=e.strerror or e))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_folder = QPushButton(tr("Open my rulesets folder"))
        self.open_folder.setToolTip(str(self.folder))
        buttons.addButton(self.open_folder, QDialogButtonBox.ButtonRole.ActionRole)
        self.open_folder.clicked.connect(self._open_folder)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(760, 640)

    def _open_folder(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.folder)))


class HouseRules(QObject):
    """The guide's menu entry and the watcher of the open game's ruleset folder."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: GuideDialog | None = None
        help_menu = window.services.help_menu
        menu = help_menu.menu if help_menu is not None else window.menuBar().addMenu(
            tr("&Help"))
        self.guide_action = menu.addAction(tr("&Write your own rules…"))
        self.guide_action.triggered.connect(self.show_guide)
        if help_menu is not None:   # beside Rules…, before the separator
            menu.insertAction(help_menu.tour_action, self.guide_action)
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self.watcher.directoryChanged.connect(self._changed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(SETTLE_MS)
        self.timer.timeout.connect(self.reload)
        self.folder: Path | None = None
        self.ruleset_id: str | None = None
        window.editor.game_replaced.connect(self.follow_game)
        self.follow_game()

    def show_guide(self) -> None:
        self.dialog = GuideDialog(self.window)
        self.dialog.show()

    def follow_game(self) -> None:
        """Watch the folder of the open game's ruleset when it is a house ruleset."""
        from engine.rulesets import registry

        if self.watcher.files() or self.watcher.directories():
            self.watcher.removePaths(self.watcher.files() + self.watcher.directories())
        self.folder = self.ruleset_id = None
        editor = self.window.editor
        if not editor.has_game:
            return
        rid = editor.game.scenario.ruleset
        if rid in registry.python_ids():      # shipped in Python: nothing to watch
            return
        folder = registry.house().folders.get(rid)
        if folder is None:
            return
        self.folder, self.ruleset_id = Path(folder), rid
        self._watch()

    def _watch(self) -> None:
        assert self.folder is not None
        paths = [str(self.folder)] + [str(p) for p in sorted(self.folder.glob("*.toml"))]
        missing = [p for p in paths if p not in self.watcher.files() + self.watcher.directories()]
        if missing:
            self.watcher.addPaths(missing)

    def _changed(self, _path: str) -> None:
        self.timer.start()

    def reload(self) -> bool:
        """Read the rules again; True when the game's ruleset loaded cleanly."""
        from engine.rulesets import registry

        if self.ruleset_id is None or self.folder is None:
            return False
        registry.reload_house()
        self._watch()            # an editor that saves by renaming drops the file's watch
        problem = next((e for e in registry.house_errors()
                        if e.startswith(str(self.folder))), None)
        bar = self.window.statusBar()
        if problem is not None:
            bar.showMessage(tr("The rules were not read again, the last good ones stay: "
                               "{problem}").format(problem=problem))
            return False
        docks = self.window.services.docks
        for dock in list(docks.made.values()) if docks is not None else ():
            hook = getattr(dock, "rules_reloaded", None)
            if hook is not None:      # the Actions and Tests docks
                hook()
        from app.i18n import ruleset_name

        bar.showMessage(tr("Rules read again: {ruleset}").format(
            ruleset=ruleset_name(self.ruleset_id)), 5000)
        return True


def install(window) -> HouseRules:
    return HouseRules(window)
