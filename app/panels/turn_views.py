"""The Turn dock's item views — the units table, the chain-of-command tree — and its button
grid: imported when the dock is first built (`TurnDock.build_contents`), so the start-up
creates none of the table, tree and item-view classes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
)


class UnitTable(QTableWidget):
    """The units of the side shown, one row each: rows chosen whole, nothing edited."""

    def __init__(self, headers: list[str]) -> None:
        super().__init__(0, len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.verticalHeader().hide()
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        hh = self.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        hh.setStretchLastSection(False)

    @staticmethod
    def new_item(text: str) -> QTableWidgetItem:
        """A cell's item, to `setItem`."""
        return QTableWidgetItem(text)


class CommandTree(QTreeWidget):
    """Who commands whom: each unit under its commander, one chosen at a time."""

    def __init__(self, headers: list[str]) -> None:
        super().__init__()
        self.setColumnCount(len(headers))
        self.setHeaderLabels(headers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        th = self.header()
        th.setStretchLastSection(True)
        th.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        th.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        th.resizeSection(0, 170)

    def new_item(self, parent: QTreeWidgetItem | None) -> QTreeWidgetItem:
        """A row under `parent` (at the top: None)."""
        return QTreeWidgetItem(parent if parent is not None else self)


def button_grid() -> QGridLayout:
    """The grid the dock lays its turn buttons out in."""
    return QGridLayout()
