"""The unit library's record form (app/library_dialog.py): one editor per field of the
ruleset's schema — a check box for true/false, a list for a field with choices, a line for
numbers and text (typed text is passed on as typed when it is not a number, so the
library's message says what was wrong), comma-separated text for lists of names, a small
form per nested record (a vehicle's crew posts, its armour faces) and JSON text for the
other nested tables."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from engine.options import Field

__all__ = ["RecordForm", "RecordGrid", "SubRecord", "widget_value"]


class RecordForm(QWidget):
    """Editors for one record, generated from its kind's schema."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_ = QFormLayout(self)
        self.layout_.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.editors: dict[str, tuple[Field, QWidget]] = {}

    def set_record(self, schema: dict[str, Field], record: dict[str, Any]) -> None:
        while self.layout_.rowCount():
            self.layout_.removeRow(0)
        self.editors = {}
        for name, f in schema.items():
            w = self._editor(f, record.get(name))
            w.setObjectName(f"field-{name}")
            if f.doc:
                w.setToolTip(f.doc)
            label = name.replace("_", " ") + ("" if f.required and f.default is None else " ·")
            self.layout_.addRow(label, w)
            self.editors[name] = (f, w)
        self.baseline = self.values()

    def dirty(self) -> bool:
        """Whether the fields hold something else than the record they were filled with."""
        return self.values() != getattr(self, "baseline", {})

    def mark_saved(self) -> None:
        self.baseline = self.values()

    @staticmethod
    def _editor(f: Field, value: Any) -> QWidget:
        if f.type == "dict" and f.fields:            # a fixed sub-record: its own form
            return SubRecord(f.fields, value if isinstance(value, dict) else {})
        if f.type == "dict" and f.items is not None and f.items.fields \
                and isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
            return RecordGrid(f.items.fields, value)  # crew posts, armour faces, weapons
        if f.type == "bool":
            w = QCheckBox()
            w.setChecked(bool(value))
            return w
        if f.choices:
            w = QComboBox()
            w.addItems([str(c) for c in f.choices])
            if value is not None:
                w.setCurrentText(str(value))
            return w
        if f.type in ("dict",) or (f.type == "list" and f.items is not None
                                   and f.items.type in ("dict", "list")):
            w = QPlainTextEdit(json.dumps(value if value is not None else {}, indent=1,
                                          ensure_ascii=False))
            w.setMinimumHeight(90)
            return w
        if f.type == "list":
            if f.items is not None and f.items.type in ("int", "float", "bool"):
                return QLineEdit(json.dumps(list(value or [])))
            return QLineEdit(", ".join(str(v) for v in value or ()))
        text = "" if value is None else (str(int(value)) if isinstance(value, float)
                                         and value.is_integer() and f.type == "float"
                                         else str(value))
        return QLineEdit(text)

    def values(self) -> dict[str, Any]:
        """The form as a record: numbers where the text is a number, the text otherwise."""
        return {name: widget_value(f, w) for name, (f, w) in self.editors.items()}

    def set_value(self, name: str, text: str) -> None:
        """Type `text` into a field's editor (tests, scripting)."""
        _, w = self.editors[name]
        if isinstance(w, SubRecord | RecordGrid):
            w.set_data(_json_or_text(text))
        elif isinstance(w, QLineEdit):
            w.setText(text)
        elif isinstance(w, QPlainTextEdit):
            w.setPlainText(text)
        elif isinstance(w, QComboBox):
            w.setCurrentText(text)
        elif isinstance(w, QCheckBox):
            w.setChecked(text.lower() in ("1", "true", "yes"))


def widget_value(f: Field, w: QWidget) -> Any:
    """What an editor made by RecordForm._editor holds, as the record's value."""
    if isinstance(w, SubRecord | RecordGrid):
        return w.value()
    if isinstance(w, QCheckBox):
        return w.isChecked()
    if isinstance(w, QComboBox):
        return w.currentText()
    if isinstance(w, QPlainTextEdit):
        return _json_or_text(w.toPlainText())
    if f.type == "list":
        text = w.text().strip()
        if f.items is not None and f.items.type in ("int", "float", "bool"):
            return _json_or_text(text or "[]")
        return [t.strip() for t in text.split(",") if t.strip()]
    return _scalar(w.text(), f)


class SubRecord(QWidget):
    """A nested record with fixed fields (a weapon's accuracy per band): one editor each,
    side by side under their names."""

    def __init__(self, fields, value: dict) -> None:
        super().__init__()
        self.fields = dict(fields)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.cells: dict[str, QWidget] = {}
        self.set_data(value)

    def set_data(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        for w in self.cells.values():
            w.deleteLater()
        self.cells = {}
        for col, (name, f) in enumerate(self.fields.items()):
            if self.grid.itemAtPosition(0, col) is None:
                self.grid.addWidget(QLabel(name.replace("_", " ")), 0, col)
            w = RecordForm._editor(f, value.get(name))
            w.setObjectName(f"cell-{name}")
            self.grid.addWidget(w, 1, col)
            self.cells[name] = w

    def value(self) -> dict[str, Any]:
        return {name: widget_value(self.fields[name], w) for name, w in self.cells.items()}


class RecordGrid(QWidget):
    """A table of records keyed by name — a vehicle's crew posts, its armour faces, its
    weapons: one row per key, one column per field, each cell the field's own editor
    (a check box for yes/no), instead of raw JSON. The keys are the record's own."""

    def __init__(self, fields, value: dict) -> None:
        super().__init__()
        self.fields = dict(fields)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.cells: dict[tuple[str, str], QWidget] = {}
        self.keys: list[str] = []
        self.set_data(value)

    def set_data(self, value: Any) -> None:
        value = value if isinstance(value, dict) else {}
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.cells, self.keys = {}, list(value)
        for col, name in enumerate(self.fields, start=1):
            self.grid.addWidget(QLabel(name.replace("_", " ")), 0, col)
        for row, key in enumerate(self.keys, start=1):
            self.grid.addWidget(QLabel(f"<b>{key.replace('_', ' ')}</b>"), row, 0)
            record = value[key] if isinstance(value[key], dict) else {}
            for col, (name, f) in enumerate(self.fields.items(), start=1):
                w = RecordForm._editor(f, record.get(name))
                w.setObjectName(f"cell-{key}-{name}")
                if isinstance(w, QLineEdit):
                    w.setMinimumWidth(48)
                self.grid.addWidget(w, row, col)
                self.cells[(key, name)] = w

    def cell(self, key: str, name: str) -> QWidget:
        return self.cells[(key, name)]

    def value(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for key in self.keys:
            row = {name: widget_value(f, self.cells[(key, name)])
                   for name, f in self.fields.items()}
            out[key] = {k: v for k, v in row.items() if v is not None}
        return out


def _json_or_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _scalar(text: str, f: Field) -> Any:
    t = text.strip()
    if not t:
        return None
    if f.type == "int":
        try:
            return int(t.replace("−", "-"))
        except ValueError:
            return t
    if f.type == "float":
        try:
            return float(t.replace("−", "-"))
        except ValueError:
            return t
    return text
