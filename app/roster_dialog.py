"""The roster dialog: each side's force for a game, picked from the unit library, with its
points total where the ruleset has costs (engine/roster.py does the counting).

Left: the library's unit records of the chosen ruleset (searchable). Right: one table per
side (record, count, points); "Add to side" puts the selected record on a side, counts are
edited in place, "From the table" fills the sides from the open scenario. Rosters are saved
in the library file by name, or exported as JSON; "Print cards…" previews one card per
record of the roster.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import error_text, loc, ruleset_name, side_text, tr
from engine.library import Library
from engine.options import SchemaError
from engine.roster import (
    Roster,
    delete_roster,
    list_rosters,
    load_roster,
    roster_from_scenario,
    roster_totals,
    save_roster,
)

__all__ = ["RosterDialog"]

ROLE = Qt.ItemDataRole.UserRole
DEFAULT_SIDES = ("side A", "side B")


class RosterDialog(QDialog):
    def __init__(self, library: Library, parent: QWidget | None = None, *,
                 scenario: Any = None) -> None:
        super().__init__(parent)
        self.library = library
        self.scenario = scenario
        self.setWindowTitle(tr("Rosters"))
        self.resize(900, 560)
        first = scenario.ruleset if scenario is not None else library.rulesets()[0].ruleset
        self.roster = Roster("New roster", first, {s: [] for s in self._side_names()})

        self.ruleset = QComboBox()
        for spec in library.rulesets():
            self.ruleset.addItem(ruleset_name(spec.ruleset), spec.ruleset)
        self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(first)))
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self.name = QLineEdit(self.roster.name)
        self.saved = QComboBox()
        top = QHBoxLayout()
        for w in (QLabel(tr("Ruleset")), self.ruleset, QLabel(tr("Name")), self.name,
                  QLabel(tr("Saved")), self.saved):
            top.addWidget(w)
        for text, slot in ((tr("Load"), self.load), (tr("Save"), self.save),
                           (tr("Delete"), self.delete_saved)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            top.addWidget(b)

        self.search = QLineEdit(placeholderText=tr("Search the library…"))
        self.search.textChanged.connect(self._fill_library)
        self.records = QListWidget()
        self.side_pick = QComboBox()
        add = QPushButton(tr("Add to side →"))
        add.clicked.connect(lambda: self.add_selected())
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.records, 1)
        row = QHBoxLayout()
        row.addWidget(self.side_pick, 1)
        row.addWidget(add)
        left.addLayout(row)

        self.tables: dict[str, QTableWidget] = {}
        self.totals: dict[str, QLabel] = {}
        self.sides_box = QVBoxLayout()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a61b1b")

        body = QHBoxLayout()
        body.addLayout(left, 2)
        body.addLayout(self.sides_box, 3)
        bottom = QHBoxLayout()
        for text, slot in ((tr("From the table"), self.from_scenario),
                           (tr("Export JSON…"), self.export_json),
                           (tr("Print cards…"), self.print_cards)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            bottom.addWidget(b)
        bottom.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        bottom.addWidget(close)
        v = QVBoxLayout(self)
        v.addLayout(top)
        v.addLayout(body, 1)
        v.addWidget(self.message)
        v.addLayout(bottom)
        self._fill_library()
        self._fill_saved()
        self._build_sides()

    # ---- helpers

    def _side_names(self) -> list[str]:
        if self.scenario is not None:
            sides = list(dict.fromkeys(u.side for u in self.scenario.units))
            if sides:
                return sides
        return list(DEFAULT_SIDES)

    def _ruleset_changed(self) -> None:
        self.roster = Roster(self.name.text() or "New roster", self.ruleset.currentData(),
                             {s: [] for s in self._side_names()})
        self._fill_library()
        self._fill_saved()    # the saved rosters of the ruleset now chosen
        self._build_sides()

    def _fill_library(self) -> None:
        self.records.clear()
        ruleset = self.ruleset.currentData()
        spec = self.library.spec(ruleset)
        for kind in spec.unit_kinds:
            for e in self.library.entries(ruleset, kind.id, search=self.search.text() or None):
                cost = kind.cost(e.data)
                name = loc({"name": e.name or e.id, "name_ru": e.data.get("name_ru", "")},
                           ruleset)
                text = (tr("{name}  ({kind}, {cost} pts)") if cost is not None
                        else tr("{name}  ({kind})")).format(
                    name=name, kind=loc(kind.label, ruleset), cost=cost)
                item = QListWidgetItem(text)
                item.setData(ROLE, (kind.id, e.id))
                self.records.addItem(item)

    def _fill_saved(self) -> None:
        self.saved.clear()
        self.saved.addItems(list_rosters(self.library, self.ruleset.currentData()))

    def _build_sides(self) -> None:
        while self.sides_box.count():
            item = self.sides_box.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.tables.clear()
        self.totals.clear()
        self.side_pick.clear()
        for side in self.roster.sides:
            self.side_pick.addItem(side_text(side), side)
            title = QLabel(f"<b>{side_text(side)}</b>")
            table = QTableWidget(0, 3)
            table.setHorizontalHeaderLabels([tr("Record"), tr("Count"), tr("Points")])
            table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            total = QLabel()
            self.sides_box.addWidget(title)
            self.sides_box.addWidget(table, 1)
            self.sides_box.addWidget(total)
            self.tables[side] = table
            self.totals[side] = total
        self.update_totals()

    # ---- editing

    def add_selected(self, side: str | None = None) -> bool:
        item = self.records.currentItem()
        if item is None:
            self.message.setText(tr("Select a record in the library list first."))
            return False
        kind, rid = item.data(ROLE)
        side = side or self.side_pick.currentData() or self.side_pick.currentText()
        if not side.strip():
            self.message.setText(tr("Choose a side to add to first."))
            return False
        self.roster.add(side, kind, rid)
        self.update_totals()
        return True

    def _set_count(self, side: str, index: int, count: int) -> None:
        lines = self.roster.sides[side]
        if count <= 0:
            del lines[index]
        else:
            lines[index].count = count
        self.update_totals()

    def update_totals(self) -> None:
        """Refill the side tables and their points totals from the roster."""
        try:
            totals = roster_totals(self.roster, self.library)
        except SchemaError as err:
            self.message.setText(error_text(err))
            return
        self.message.clear()
        for side, table in self.tables.items():
            t = totals.get(side)
            lines = t.lines if t else ()
            table.setRowCount(len(lines))
            for i, lc in enumerate(lines):
                table.setItem(i, 0, QTableWidgetItem(lc.name))
                spin = QSpinBox()
                spin.setRange(0, 999)
                spin.setValue(lc.line.count)
                spin.setToolTip(tr("0 removes the line"))
                spin.valueChanged.connect(
                    lambda v, s=side, k=i: self._set_count(s, k, v))
                table.setCellWidget(i, 1, spin)
                table.setItem(i, 2, QTableWidgetItem("—" if lc.cost is None else str(lc.cost)))
            self.totals[side].setText(loc(t.text()) if t else
                                      tr("{0}: 0 points").format(side_text(side)))

    def from_scenario(self) -> None:
        if self.scenario is None:
            self.message.setText(tr("No table is open."))
            return
        self.roster = roster_from_scenario(self.scenario, self.library)
        for side in self._side_names():  # a table without units: the default sides
            self.roster.sides.setdefault(side, [])
        self.name.setText(self.roster.name)
        self.ruleset.blockSignals(True)
        self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(self.roster.ruleset)))
        self.ruleset.blockSignals(False)
        self._fill_library()
        self._build_sides()

    # ---- storage

    def save(self) -> bool:
        self.roster.name = self.name.text().strip() or "New roster"
        try:
            save_roster(self.library, self.roster)
        except SchemaError as err:
            self.message.setText(error_text(err))
            return False
        self._fill_saved()
        self.saved.setCurrentText(self.roster.name)
        return True

    def load(self, name: str | None = None) -> bool:
        name = name or self.saved.currentText()
        if not name:
            return False
        try:
            self.roster = load_roster(self.library, name)
        except SchemaError as err:
            self.message.setText(error_text(err))
            return False
        self.name.setText(self.roster.name)
        self._build_sides()
        return True

    def delete_saved(self) -> None:
        name = self.saved.currentText()
        if name:
            try:
                delete_roster(self.library, name)
            except SchemaError as err:
                self.message.setText(error_text(err))
            self._fill_saved()

    def export_json(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, tr("Export roster"),
                                              f"{self.roster.name}.json", tr("Roster (*.json)"))
        if path:
            Path(path).write_text(self.roster.to_json(), encoding="utf-8")

    def print_cards(self) -> None:
        from app.cards import card_for_entry
        from app.cards.printing import SheetOptions, preview

        cards, seen = [], set()
        for lines in self.roster.sides.values():
            for ln in lines:
                if (ln.kind, ln.id) not in seen:
                    seen.add((ln.kind, ln.id))
                    e = self.library.get(self.roster.ruleset, ln.kind, ln.id)
                    cards.append(card_for_entry(self.library, e))
        if cards:
            preview(self, cards, SheetOptions("a4")).exec()
