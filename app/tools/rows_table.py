"""A read-only table of text rows for a tool's panel, cheap at any number of rows.

The template tool lists a blast's odds for every unit it may land on — a thousand rows and
more on a big table. A QTableWidget made three items a row each time and sized its columns
to their contents by asking up to 1,000 rows, on the interface thread per placement. Here the
rows are a list the view reads (only the rows on screen are ever asked for), and the
figure columns have a fixed width that holds "100.0%" and their heading, and new rows are
told to the view as the rows added, taken off or changed (not a reset).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QHeaderView, QTableView

Index = QModelIndex | QPersistentModelIndex
#: The widest figure a column shows (percentages).
WIDEST = "100.0%"
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class RowsModel(QAbstractTableModel):
    """Rows of text under fixed headings; the first column left-aligned, the rest right."""

    def __init__(self, headers: Sequence[str], parent=None) -> None:
        super().__init__(parent)
        self.headers = tuple(headers)
        self._rows: list[tuple[str, ...]] = []

    def set_rows(self, rows: Sequence[Sequence[str]]) -> None:
        """Show `rows`, telling the view only what changed: rows taken off or added at the
        end, then the changed span of the rest. A model reset made the view lay itself
        out afresh (header, scroll bar, every row) on every blast placement, however few
        their rows."""
        new = [tuple(r) for r in rows]
        old = self._rows
        if new == old:
            return
        n, o = len(new), len(old)
        if n < o:
            self.beginRemoveRows(QModelIndex(), n, o - 1)
            self._rows = old[:n]
            self.endRemoveRows()
        elif n > o:
            self.beginInsertRows(QModelIndex(), o, n - 1)
            self._rows = old + new[o:]
            self.endInsertRows()
        changed = [i for i in range(min(n, o)) if new[i] != old[i]]
        self._rows = new
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0),
                                  self.index(changed[-1], len(self.headers) - 1),
                                  [Qt.ItemDataRole.DisplayRole])

    def rows(self) -> list[tuple[str, ...]]:
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.headers[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column():
            return int(RIGHT.value)
        return None


def rows_table(headers: Sequence[str]) -> QTableView:
    """A view over a RowsModel: no selection, no editing, the first column stretched."""
    view = QTableView()
    view.setModel(RowsModel(headers, view))
    view.verticalHeader().setVisible(False)
    view.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
    view.setSelectionMode(QTableView.SelectionMode.NoSelection)
    head = view.horizontalHeader()
    head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    metrics = view.fontMetrics()
    pad = 2 * view.style().pixelMetric(view.style().PixelMetric.PM_HeaderMargin) + 12
    for c in range(1, len(headers)):
        head.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
        head.resizeSection(c, pad + max(metrics.horizontalAdvance(WIDEST),
                                        metrics.horizontalAdvance(headers[c])))
    return view


def fill(view: QTableView, rows: Sequence[Sequence[str]]) -> None:
    view.model().set_rows(rows)


def rows_of(view: QTableView) -> list[tuple[str, ...]]:
    return view.model().rows()
