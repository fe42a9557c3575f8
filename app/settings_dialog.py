"""Edit ▸ Settings…: the user's settings (app/settings.py) in one dialog — language, the
distances shown, the dice a resolution starts with, File ▸ New's ground scale, the light or
dark theme, the backups a game keeps. OK stores them and applies them at once: the theme
and the units shown to the open window (the board's texts are rewritten on the next move),
the language through app.i18n when it is installed; the game on the board is untouched."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QKeySequence, QPalette
from PySide6.QtWidgets import QApplication

from app import settings as st
from app.i18n import tr

if TYPE_CHECKING:
    from app.settings_form import SettingsDialog


_light_palette: QPalette | None = None


def dark_palette() -> QPalette:
    """A dark palette for the Fusion style (the board keeps its own table colours)."""
    p = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2b2d31", QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1e1f22", QPalette.ColorRole.AlternateBase: "#2b2d31",
        QPalette.ColorRole.ToolTipBase: "#3a3c41", QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.Text: "#e6e6e6", QPalette.ColorRole.Button: "#35373c",
        QPalette.ColorRole.ButtonText: "#e6e6e6", QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Highlight: "#3d7bd9", QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#6ea8ff", QPalette.ColorRole.PlaceholderText: "#8a8d93",
    }
    for role, colour in colours.items():
        p.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText,
                 QPalette.ColorRole.WindowText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7d83"))
    return p


def apply_theme(name: str) -> None:
    """Light: the palette the program started with; dark: dark_palette()."""
    global _light_palette
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if _light_palette is None:
        _light_palette = QPalette(app.palette())
    app.setPalette(dark_palette() if name == "dark" else _light_palette)


def apply_language(lang: str) -> bool:
    """Switch the interface language through app.i18n (its translators, every window
    rebuilt around its game): "system" follows the system, without saving a language over
    the setting. False when app.i18n is not installed."""
    try:
        i18n = importlib.import_module("app.i18n")
    except ModuleNotFoundError:
        return False
    if lang == "system":
        wanted = i18n.choose_language(use_setting=False) \
            if hasattr(i18n, "choose_language") else "en"
        try:
            i18n.set_language(wanted, save=False)
        except TypeError:
            i18n.set_language(wanted)
    else:
        i18n.set_language(lang)
    return True


def not_kept_message(keys: list[str]) -> str:
    """What the user reads when settings could not be saved: which, and where."""
    names = {st.LANGUAGE_KEY: tr("Language"), st.UNITS_KEY: tr("Distances shown"),
             st.DICE_KEY: tr("Dice to start with"), st.SCALE_KEY: tr("Ground scale of a new table"),
             st.THEME_KEY: tr("Theme"), st.BACKUPS_KEY: tr("Backups kept beside a game"),
             st.FOLDER_KEY: tr("Last folder")}
    return tr("These settings apply now but could not be saved for the next start: "
              "{keys}. The settings file {file} cannot be written (is its folder read-only "
              "or missing?).").format(keys=", ".join(names.get(k, k) for k in keys),
                                      file=str(st.config_dir() / "settings.ini"))


class SettingsController:
    """The Edit ▸ Settings… entry of one window."""

    def __init__(self, window) -> None:
        self.window = window
        self.action = QAction(tr("&Settings…"), window)
        self.action.setShortcut(QKeySequence(QKeySequence.StandardKey.Preferences))
        self.action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.action.triggered.connect(self.open)
        window.edit_menu.addSeparator()
        window.edit_menu.addAction(self.action)
        self.dialog: SettingsDialog | None = None
        if st.theme() != "light":
            apply_theme(st.theme())

    def open(self) -> bool:
        """Show the dialog (modal); True when its values were stored and applied."""
        from app.settings_form import SettingsDialog

        self.dialog = SettingsDialog(self.window)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        if self.dialog.exec() != SettingsDialog.DialogCode.Accepted:
            return False
        self.apply(self.dialog)
        return True

    def apply(self, dialog: SettingsDialog) -> None:
        before = st.language()
        st.take_not_kept()
        dialog.store()
        apply_theme(st.theme())
        if st.language() != before:
            apply_language(st.language())
        lost = st.take_not_kept()
        if lost:
            from PySide6.QtWidgets import QMessageBox  # not a class the window needs at start

            QMessageBox.warning(self.window, tr("Settings not saved"),
                                not_kept_message(lost))


def install(window) -> SettingsController:
    controller = SettingsController(window)
    window.services.settings = controller
    return controller
