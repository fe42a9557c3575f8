"""The Log dock's contents — the table model, its unit/turn filter and the widgets — and the
Save… dialog: imported when the dock is first shown or asked for (`LogDock.build_contents`),
so the start-up creates none of the item-view, proxy-model or file-dialog classes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr
from app.log_text import (
    ALL,
    COLUMNS,
    HEADS,
    INITIAL_WIDTHS,
    TEXT_FILTER,
    UNAPPLIED_GREY,
    Namer,
    _plain,
    action_name,
    dice_text,
    entry_kind,
    entry_units,
    roll_text,
)
from app.settings import remember_folder, start_path

if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.log_dock import LogDock
    from engine.model import LogEntry

Index = QModelIndex | QPersistentModelIndex


class LogModel(QAbstractTableModel):
    """The log as a table, one row per entry (row i = log entry i + 1)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._entries: list[LogEntry] = []
        self._kinds: list[str] = []
        self._unapplied: set[int] = set()  # rows (0-based) of rolls nobody applied
        self.name: Namer = _plain

    def entries(self) -> list[LogEntry]:
        return list(self._entries)

    def entry(self, row: int) -> LogEntry:
        return self._entries[row]

    def set_entries(self, entries: Sequence[LogEntry]) -> None:
        self.beginResetModel()
        self._entries = list(entries)
        self._kinds = [entry_kind(e) for e in self._entries]
        self._unapplied = set()
        if self._entries:  # none before a game: the engine may not be loaded yet
            from engine.roll_log import unapplied

            self._unapplied = {seq - 1 for seq in unapplied(self._entries)}
        self.endResetModel()

    def append(self, entry: LogEntry) -> None:
        from engine.roll_log import roll_mark
        n = len(self._entries)
        self.beginInsertRows(QModelIndex(), n, n)
        self._entries.append(entry)
        self._kinds.append(entry_kind(entry))
        mark = roll_mark(entry)
        if mark is not None and mark.get("applied") is False:
            self._unapplied.add(n)
        self.endInsertRows()
        of = mark.get("of") if mark is not None else None
        if isinstance(of, int) and of - 1 in self._unapplied:  # that roll is applied now
            self._unapplied.discard(of - 1)
            self.dataChanged.emit(self.index(of - 1, 0), self.index(of - 1, len(COLUMNS) - 1))

    def is_unapplied(self, row: int) -> bool:
        """Row `row` is a roll of the app's dice that was never applied (shown grey)."""
        return row in self._unapplied

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return tr(HEADS[section])
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        e, col = self._entries[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.cell(index.row(), col)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col in (COLUMNS.index("Actor"), COLUMNS.index("Target")):
                return self.cell(index.row(), col) or None
            if col == COLUMNS.index("Dice") and e.dice:
                return "\n".join(roll_text(r) for r in e.dice)
            if col == COLUMNS.index("Summary") and e.summary:
                return loc(e.summary)
        if role == Qt.ItemDataRole.ForegroundRole and index.row() in self._unapplied:
            return QBrush(QColor(UNAPPLIED_GREY))
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 1):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def cell(self, row: int, col: int) -> str:
        """The text shown in a cell (also what tests read)."""
        e = self._entries[row]
        values = (str(row + 1), str(e.turn), tr(self._kinds[row]),
                  self.name(e.actor) if e.actor else "", action_name(e),
                  self.name(e.target) if e.target else "", dice_text(e.dice),
                  " ".join(loc(e.summary).split()))
        return values[col]


class LogFilter(QSortFilterProxyModel):
    """Rows about one unit and/or of one turn; None lets every row through."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.unit: str | None = ALL
        self.turn: int | None = ALL

    def set_unit(self, unit_id: str | None) -> None:
        self._change("unit", unit_id)

    def set_turn(self, turn: int | None) -> None:
        self._change("turn", turn)

    def _change(self, name: str, value: object) -> None:
        """Qt 6.10 replaced invalidateFilter() by a begin/end pair around the change."""
        if hasattr(self, "endFilterChange"):
            self.beginFilterChange()
            setattr(self, name, value)
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            setattr(self, name, value)
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, LogModel)
        e = model.entry(source_row)
        if self.turn is not None and e.turn != self.turn:
            return False
        return self.unit is None or self.unit in entry_units(e)


def build(dock: LogDock, entries: list[LogEntry], name: Namer) -> None:
    """Make the dock's model (holding `entries`, naming units with `name`), filter and
    widgets, as the dock's attributes (`model`, `proxy`, `table`, …)."""
    dock.model = LogModel(dock)
    dock.model.name = name
    dock.model.set_entries(entries)
    dock.proxy = LogFilter(dock)
    dock.proxy.setSourceModel(dock.model)
    for signal in (dock.model.rowsInserted, dock.model.modelReset,
                   dock.proxy.layoutChanged):
        signal.connect(dock._update_count)
    body = QWidget(dock)
    layout = QVBoxLayout(body)
    layout.setContentsMargins(4, 4, 4, 4)
    top = QHBoxLayout()
    dock.unit_box = QComboBox(body)
    dock.unit_box.setToolTip(tr("Show only the entries about one unit"))
    dock.unit_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    dock.turn_box = QComboBox(body)
    dock.turn_box.setToolTip(tr("Show only the entries of one turn"))
    top.addWidget(QLabel(tr("Unit"), body))
    top.addWidget(dock.unit_box, 1)
    top.addWidget(QLabel(tr("Turn"), body))
    top.addWidget(dock.turn_box)
    layout.addLayout(top)
    dock.table = QTableView(body)
    dock.table.setModel(dock.proxy)
    dock.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    dock.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    dock.table.setAlternatingRowColors(True)
    dock.table.setWordWrap(False)
    dock.table.verticalHeader().setVisible(False)
    header = dock.table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    for name, width in INITIAL_WIDTHS.items():  # long names elide; tooltips keep them
        header.setSectionResizeMode(COLUMNS.index(name), QHeaderView.ResizeMode.Interactive)
        header.resizeSection(COLUMNS.index(name), width)
    header.setStretchLastSection(True)
    layout.addWidget(dock.table, 1)
    dock.detail = QPlainTextEdit(body)  # the chosen entry in full: nothing elided
    dock.detail.setReadOnly(True)
    dock.detail.setPlaceholderText(tr("Choose an entry to read it in full"))
    dock.detail.setMaximumHeight(dock.detail.fontMetrics().lineSpacing() * 6)
    layout.addWidget(dock.detail)
    bottom = QHBoxLayout()
    dock.count_label = QLabel(body)
    dock.save_button = QPushButton(tr("Save…"), body)
    dock.save_button.setToolTip(tr("Save the entries shown as a text file"))
    dock.save_button.clicked.connect(dock.save_dialog)
    bottom.addWidget(dock.count_label, 1)
    bottom.addWidget(dock.save_button)
    layout.addLayout(bottom)
    dock.setWidget(body)
    dock.table.selectionModel().currentRowChanged.connect(dock._show_detail)
    dock.unit_box.currentIndexChanged.connect(dock._unit_chosen)
    dock.turn_box.currentIndexChanged.connect(dock._turn_chosen)


def save_dialog(dock: LogDock) -> None:
    """Ask for a file and save the entries shown there (`LogDock.save_text`)."""
    name, _ = QFileDialog.getSaveFileName(dock, tr("Save the log as text"),
                                          start_path("log.txt"), TEXT_FILTER)
    if not name:
        return
    remember_folder(name)
    try:
        dock.save_text(name)
    except OSError as e:
        QMessageBox.critical(dock, tr("Could not save the log"),
                             f"{name}:\n{e.strerror or e}")
