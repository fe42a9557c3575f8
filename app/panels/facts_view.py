"""The geometry facts an action consumes, as the board measured them, each overridable.

"The real table wins over its mirror": every fact row shows the value read from the board
(`engine.facts.facts_for`) and a check box that replaces it with a value typed by hand.
Overridden rows are marked (✎, tinted) and the resulting `Facts` carries them in
`overridden`, so every rendering of the resolution says which numbers were entered by hand.
Every row is drawn from the fact's declaration (`engine.protocol.FactSpec`): its label and
doc, and an editor chosen by its type (cover 0–4 in the ruleset's own terms, a facing,
yes/no, a distance, a share, unit ids, text). A fact measured per member of a group or per
target ("LOS from each stand") shows each unit's value and is typed as `a1:yes, a2:no`.
Nothing here knows a fact by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TR_NOOP, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from app.i18n import loc, tr

if TYPE_CHECKING:
    from engine.protocol import CoverTerm, Facts, FactSpec

#: Editor kind per declared fact type; any other type is a text field.
TYPE_EDITORS: dict[str, str] = {
    "distance_in": "distance", "distance_m": "distance", "fraction": "fraction",
    "bool": "bool", "cover": "cover", "side": "side", "ids": "ids",
}
OVERRIDE_STYLE = "background: #fff4d6; font-weight: bold;"
MISSING = QT_TR_NOOP("not measured")


def fact_text(spec: FactSpec | str, value: Any,
              cover: Mapping[int, CoverTerm] | None = None,
              names: Mapping[str, str] | None = None) -> str:
    """A measured value as a player reads it: 35.00", 350.0 m, 80 %, yes, cover 2 …; a
    per-unit fact as "Pvt. Bell: yes · Pvt. Carter: no" (`names`: unit id → name)."""
    from engine.protocol import FactSpec, fact_spec
    spec = spec if isinstance(spec, FactSpec) else fact_spec(spec)
    if value is None:
        return tr(MISSING)
    if isinstance(value, Mapping):
        return " · ".join(f"{(names or {}).get(k, k)}: {fact_text(_one(spec), v, cover)}"
                          for k, v in value.items()) or tr("none")
    if isinstance(value, bool):
        return tr("yes") if value else tr("no")
    if spec.type == "distance_in":
        return f'{value:.2f}"'
    if spec.type == "distance_m":
        return tr("{0} m").format(f"{value:.1f}")
    if spec.type == "fraction":
        return f"{value:.0%}"
    if spec.type == "cover" and cover and value in cover:
        return f"{value} — {loc(cover[value].term)}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or tr("none")
    return loc(value) if isinstance(value, str) else str(value)


def parse_text(text: str) -> Any:
    """A typed value: a whole number, a number, yes/no, or the text itself."""
    t = text.strip()
    if re.fullmatch(r"[+-]?\d+", t):
        return int(t)
    try:
        return float(t)
    except ValueError:
        pass
    if t.lower() in ("true", "yes"):
        return True
    if t.lower() in ("false", "no"):
        return False
    return t or None


def _one(spec: FactSpec) -> FactSpec:
    """The declaration of one unit's value of a per-unit fact."""
    from engine.protocol import FactSpec
    return FactSpec(spec.name, spec.label, spec.type, "pair")


def _each_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k}:{'yes' if v is True else 'no' if v is False else v}"
                         for k, v in value.items())
    return "" if value is None else str(value)


class FactRow:
    """The widgets of one fact: name, measured value, override box and its editor."""

    def __init__(self, spec: FactSpec, cover: Mapping[int, CoverTerm] | None) -> None:
        self.spec = spec
        self.name = spec.name
        self.kind = "each" if spec.each else TYPE_EDITORS.get(spec.type, "text")
        self.label = QLabel(loc(spec.title))
        self.label.setToolTip(loc(spec.doc) if spec.doc else tr("ruleset-specific fact"))
        self.measured = QLabel(tr(MISSING))
        self.measured.setWordWrap(True)  # a long reading wraps instead of widening the dock
        self.check = QCheckBox(tr("override"))
        self.check.setToolTip(tr("Use the value typed here instead of the board's"))
        self.editor = self._make_editor(cover)
        self.editor.setEnabled(False)

    def _make_editor(self, cover: Mapping[int, CoverTerm] | None) -> QWidget:
        from engine.protocol import SIDES
        if self.kind == "distance":
            w = QDoubleSpinBox()
            w.setDecimals(1)
            w.setRange(0.0, 1e6)
            return w
        if self.kind == "fraction":
            w = QDoubleSpinBox()
            w.setDecimals(2)
            w.setSingleStep(0.05)
            w.setRange(0.0, 1.0)
            return w
        if self.kind in ("bool", "cover", "side"):
            w = QComboBox()
            w.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            w.setMinimumContentsLength(6)
            if self.kind == "bool":
                w.addItem(tr("yes"), True)
                w.addItem(tr("no"), False)
            elif self.kind == "side":
                for s in SIDES:
                    w.addItem(loc(s), s)
            else:
                for level in range(5):
                    term = f" — {loc(cover[level].term)}" if cover and level in cover else ""
                    w.addItem(f"{level}{term}", level)
            return w
        return QLineEdit()

    def set_editor_value(self, value: Any) -> None:
        w = self.editor
        if value is None:
            return
        if isinstance(w, QDoubleSpinBox):
            w.setValue(float(value))
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))
        elif isinstance(w, QLineEdit):
            if self.kind == "each":
                w.setText(_each_text(value))
            else:
                w.setText(", ".join(map(str, value)) if isinstance(value, list | tuple)
                          else str(value))

    def editor_value(self) -> Any:
        from engine.facts import parse_fact
        w = self.editor
        if isinstance(w, QDoubleSpinBox):
            return w.value()
        if isinstance(w, QComboBox):
            return w.currentData()
        text = w.text()
        if self.kind == "ids":
            return tuple(t for t in re.split(r"[\s,;]+", text.strip()) if t)
        if not text.strip():
            return None
        if self.kind == "each" or self.spec.type not in ("text",):
            return parse_fact(self.name, text, self.spec)   # SchemaError names the fact
        return parse_text(text)

    def mark(self, overridden: bool) -> None:
        self.label.setText(("✎ " if overridden else "") + loc(self.spec.title))
        self.label.setStyleSheet(OVERRIDE_STYLE if overridden else "")
        self.editor.setEnabled(overridden)
        self.measured.setEnabled(not overridden)

    def widgets(self) -> list[QWidget]:
        return [self.label, self.measured, self.check, self.editor]


def _kept_value(row: FactRow) -> Any:
    try:
        return row.editor_value()
    except ValueError:
        return None


class FactsView(QWidget):
    """`set_facts(specs, measured, cover)`; `facts()` is the measured Facts with the
    overrides applied (SchemaError for a bad typed value); `changed()` on any edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: dict[str, FactRow] = {}
        self._measured: Facts | None = None  # None: no facts yet (`measured`)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)
        self.empty = QLabel()
        self.empty.setStyleSheet("color: #666;")
        self.grid.addWidget(self.empty, 0, 0, 1, 4)
        self._names: tuple[str, ...] = ()
        #: unit id → name, for the facts measured per unit (the Actions dock keeps it)
        self.unit_names: dict[str, str] = {}

    @property
    def measured(self) -> Facts:
        """The facts as the board measured them; empty until set (made on first use: the
        view is built before the engine is loaded)."""
        if self._measured is None:
            from engine.protocol import Facts

            self._measured = Facts()
        return self._measured

    @measured.setter
    def measured(self, facts: Facts) -> None:
        self._measured = facts

    def set_facts(self, specs: Sequence[FactSpec | str], measured: Facts,
                  cover: Mapping[int, CoverTerm] | None = None, note: str = "") -> None:
        """Show the declared facts `specs` (a name stands for its built-in declaration)
        as measured. Rows (and their overrides) are kept while the facts stay the same,
        so a board change re-measures without losing what the player typed."""
        from engine.protocol import FactSpec, fact_spec
        specs = tuple(s if isinstance(s, FactSpec) else fact_spec(s) for s in specs)
        names = tuple(s.name for s in specs)
        self.measured = measured
        if names != self._names:
            kept = {n: (r.check.isChecked(), _kept_value(r)) for n, r in self.rows.items()}
            self._rebuild(specs, cover)
            for n, (on, value) in kept.items():
                if n in self.rows and on:
                    self.set_override(n, value, emit=False)
        for n, row in self.rows.items():
            value = measured.get(n)
            row.measured.setText(fact_text(row.spec, value, cover, self.unit_names))
            if not row.check.isChecked():
                row.set_editor_value(value)
        self.empty.setText(note or ("" if names else tr("No board facts for this action.")))
        self.empty.setVisible(bool(self.empty.text()))

    def _rebuild(self, specs: tuple[FactSpec, ...],
                 cover: Mapping[int, CoverTerm] | None) -> None:
        for row in self.rows.values():
            for w in row.widgets():
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.rows.clear()
        self._names = tuple(s.name for s in specs)
        for i, spec in enumerate(specs, start=1):
            row = FactRow(spec, cover)
            self.rows[spec.name] = row
            for c, w in enumerate(row.widgets()):
                self.grid.addWidget(w, i, c)
            row.check.toggled.connect(lambda on, r=row: self._toggled(r, on))
            self._connect_editor(row)

    def _connect_editor(self, row: FactRow) -> None:
        w = row.editor
        sig = (w.valueChanged if isinstance(w, QDoubleSpinBox) else
               w.currentIndexChanged if isinstance(w, QComboBox) else w.textChanged)
        sig.connect(lambda *_: row.check.isChecked() and self.changed.emit())

    def _toggled(self, row: FactRow, on: bool) -> None:
        if not on:
            row.set_editor_value(self.measured.get(row.name))
        row.mark(on)
        self.changed.emit()

    # --- reading and setting ----------------------------------------------------------------

    def overrides(self) -> dict[str, Any]:
        """The facts typed by hand: name → value (SchemaError for one that does not
        parse)."""
        return {n: r.editor_value() for n, r in self.rows.items() if r.check.isChecked()}

    def facts(self) -> Facts:
        """The measured facts with the overrides applied (and marked)."""
        over = self.overrides()
        return self.measured.override(**over) if over else self.measured

    def set_override(self, name: str, value: Any, *, emit: bool = True) -> None:
        """Override `name` with `value` (as if typed)."""
        row = self.rows[name]
        row.check.blockSignals(True)
        row.check.setChecked(True)
        row.check.blockSignals(False)
        row.set_editor_value(value)
        row.mark(True)
        if emit:
            self.changed.emit()

    def clear_overrides(self) -> None:
        for row in self.rows.values():
            row.check.blockSignals(True)
            row.check.setChecked(False)
            row.check.blockSignals(False)
            row.set_editor_value(self.measured.get(row.name))
            row.mark(False)
