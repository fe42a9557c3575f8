"""Help ▸ Write your own rules…: the guide (docs/house-rules.md, in Russian its
house-rules.ru.md) rendered, and a button opening the game master's rulesets folder.
Imported when first opened: the window's start does not build its widgets."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
)

from app.i18n import current_language, tr


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


