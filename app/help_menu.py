"""The Help menu: Keyboard shortcuts (every shortcut the window's actions carry, read from
them, with the mouse's conventions), Rules (each installed ruleset's summary: its dice,
scale, actions and every reading it offers, the PROPOSED ones marked), About, and the
first-run overlay naming the tools again (app/first_run.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

from app.i18n import current_language, tr


class HelpMenu:
    """The Help menu of one window (last on the menu bar)."""

    def __init__(self, window) -> None:
        self.window = window
        self.menu = window.menuBar().addMenu(tr("&Help"))
        self.shortcuts_action = self.menu.addAction(tr("&Keyboard shortcuts"))
        self.shortcuts_action.setShortcut(QKeySequence("F1"))
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        self.rules_action = self.menu.addAction(tr("&Rules…"))
        self.rules_action.triggered.connect(self.show_rules)
        self.tour_action = self.menu.addAction(tr("The &tools at a glance"))
        self.tour_action.triggered.connect(self.show_tour)
        self.menu.addSeparator()
        self.about_action = self.menu.addAction(tr("&About Warboard"))
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        self.dialog: QDialog | None = None

    def shortcuts_dialog(self) -> QDialog:
        from app.help_dialogs import shortcuts_dialog

        return shortcuts_dialog(self.window)

    def show_shortcuts(self) -> None:
        self.dialog = self.shortcuts_dialog()
        self.dialog.show()

    def show_rules(self) -> None:
        from importlib import resources

        from engine.rulesets.registry import list_rulesets

        def speaks(rid: str, lang: str) -> bool:
            return resources.files("resources.rulesets").joinpath(
                rid, f"glossary_{lang}.toml").is_file()

        scenario = self.window.scenario
        current = scenario.ruleset if scenario is not None else None
        lang = current_language()
        # in another language, the rulesets that speak it (a glossary) and the game's own
        rulesets = [rs for rs in list_rulesets() if lang == "en" or rs.id == current
                    or speaks(rs.id, lang)]
        from app.help_dialogs import RulesDialog

        self.dialog = RulesDialog(self.window, rulesets, current)
        self.dialog.show()

    def show_tour(self) -> None:
        first_run = self.window.services.first_run
        if first_run is not None:
            first_run.show_overlay()

    def show_about(self) -> None:
        from app.help_dialogs import show_about
        from app.help_texts import about_text

        show_about(self.window, about_text())


def install(window) -> HelpMenu:
    menu = HelpMenu(window)
    window.services.help_menu = menu

    def keep_last() -> None:  # a menu installed after this one goes before Help
        bar = window.menuBar()
        bar.removeAction(menu.menu.menuAction())
        bar.addAction(menu.menu.menuAction())

    window.startup_finished.connect(keep_last)
    return menu
