"""House rules written as data, in the window: Help ▸ Write your own rules… (the guide,
docs/house-rules.md, and the game master's rulesets folder), and the live preview — while
a game of a house ruleset is open, saving a file of its folder reads the rules again and
the docks show the new odds at once; a file with a problem keeps the last good rules and
the status bar says why."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer

from app.i18n import tr

if TYPE_CHECKING:
    from app.own_rules_guide import GuideDialog

#: How long after the last change of a file the rules are read again (an editor's save
#: is often several writes).
SETTLE_MS = 250


def _in_python(ruleset_id: str) -> bool:
    """Whether a ruleset of the program's own Python has this id (its package name),
    found without importing the rulesets (the window's start does not pay for them)."""
    from importlib.util import find_spec

    name = ruleset_id.replace("-", "_")
    return name.isidentifier() and find_spec(f"engine.rulesets.{name}") is not None


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
        from app.own_rules_guide import GuideDialog

        self.dialog = GuideDialog(self.window)
        self.dialog.show()

    def follow_game(self) -> None:
        """Watch the folder of the open game's ruleset when it is a house ruleset."""
        if self.watcher.files() or self.watcher.directories():
            self.watcher.removePaths(self.watcher.files() + self.watcher.directories())
        self.folder = self.ruleset_id = None
        editor = self.window.editor
        if not editor.has_game:
            return
        rid = editor.game.scenario.ruleset
        if _in_python(rid):      # shipped in Python: nothing to watch, no registry to load
            return
        from engine.rulesets import registry

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
