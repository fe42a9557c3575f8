"""The Help menu's dialogs — Keyboard shortcuts, Rules, About: imported when one is first
opened (app/help_menu.py's slots), so the start-up creates none of the dialog and text
browser classes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.help_texts import ruleset_html, shortcuts_html
from app.i18n import loc, tr


class RulesDialog(QDialog):
    """Help ▸ Rules: a ruleset picked in the box, its summary below."""

    def __init__(self, parent: QWidget | None, rulesets, current: str | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Rules"))
        self.resize(720, 640)
        self.rulesets = {rs.id: rs for rs in rulesets}
        self.box = QComboBox()
        for rs in rulesets:
            self.box.addItem(loc(rs, rs.id), rs.id)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.box)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.box.currentIndexChanged.connect(self._show)
        index = self.box.findData(current) if current else -1
        self.box.setCurrentIndex(max(index, 0))
        self._show(self.box.currentIndex())

    def _show(self, index: int) -> None:
        rs = self.rulesets.get(self.box.itemData(index))
        self.text.setHtml(ruleset_html(rs) if rs is not None else "")


def shortcuts_dialog(window) -> QDialog:
    """Help ▸ Keyboard shortcuts: every shortcut of `window`'s actions (`text`: the view)."""
    dialog = QDialog(window)
    dialog.setWindowTitle(tr("Keyboard shortcuts"))
    dialog.resize(620, 640)
    text = QTextBrowser()
    text.setHtml(shortcuts_html(window))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(text)
    layout.addWidget(buttons)
    dialog.text = text
    return dialog


def show_about(window, text: str) -> None:
    """Help ▸ About: `text` (rich text) in a message box."""
    QMessageBox.about(window, tr("About Warboard"), text)
