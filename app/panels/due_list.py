"""The Tests dock's list of the tests due now: imported when the dock is first built
(`TestsDock.build_contents`), so the start-up creates none of the list-view classes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem


class DueList(QListWidget):
    """One row per (unit, test) due, its data that pair; a few rows high."""

    def __init__(self) -> None:
        super().__init__()
        self.setMaximumHeight(120)

    def add_due(self, text: str, data: tuple[str, str], tip: str | None) -> None:
        """Add a row showing `text`, holding `data`, with tool tip `tip` (if any)."""
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, data)
        if tip:
            item.setToolTip(tip)
        self.addItem(item)
