"""An action's player options as toggles and fields, built from their declarations.

Each `engine.options.Option` becomes the widget its `kind` calls for (bool → check box,
choice → combo, int / float → spin box, str → line edit) with its reason beside it and a
PROPOSED badge when the default or the modifier is ours rather than the rules' — so a new
ruleset's options appear here without a new widget. The values go to
`Ruleset.context(options=…)`, which validates them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from app.i18n import loc, tr
from engine.options import Option

BADGE_STYLE = ("background: #f2c94c; color: #3d2e00; border-radius: 3px; "
               "padding: 0px 4px; font-size: 8pt; font-weight: bold;")
REASON_STYLE = "color: #666; font-size: 8pt;"
INT_LIMIT = 10_000
#: What a modifier of each kind (engine.options.MODIFIER_TARGETS) changes, in words.
MODIFIES = {"target": QT_TR_NOOP("target"), "roll": QT_TR_NOOP("roll"),
            "pool": QT_TR_NOOP("dice in the pool"), "die_step": QT_TR_NOOP("die step")}


def choice_text(choice: str) -> str:
    """A choice of an option as players read it: its translation, else "cover band"."""
    shown = loc(choice)
    return shown.replace("_", " ") if shown == choice else shown


def proposed_badge(tooltip: str = "") -> QLabel:
    """The yellow PROPOSED mark: a number of ours, not the rules'."""
    badge = QLabel(tr("PROPOSED"))
    badge.setStyleSheet(BADGE_STYLE)
    badge.setToolTip(tooltip or tr("Our value: the rules text does not give this number"))
    return badge


def modifier_text(o: Option) -> str:
    """"+2 to hit" for an option that becomes a modifier, else ""."""
    steps = ", ".join(loc(s) for s in o.steps)
    what = tr(MODIFIES.get(o.to, o.to))
    where = f" ({what}{': ' + steps if steps else ''})"
    if o.modifier is not None:
        return f"{o.modifier:+d}{where}"
    if o.modifier_from_value:
        return tr("value as modifier") + where
    return ""


def default_text(o: Option) -> str:
    """An option's default as the editor shows it: "yes", "damage", "3"."""
    if o.kind == "bool":
        return tr("yes") if o.default else tr("no")
    if o.kind == "choice":
        return choice_text(str(o.default))
    return str(o.default)


def _editor(o: Option) -> QWidget:
    if o.kind == "bool":
        w = QCheckBox(loc(o))
        w.setChecked(bool(o.default))
        return w
    if o.kind == "choice":
        w = QComboBox()
        for c in o.choices:
            w.addItem(choice_text(c), c)
        w.setCurrentIndex(max(0, w.findData(o.default)))
        return w
    if o.kind == "int":
        w = QSpinBox()
        w.setRange(int(o.minimum) if o.minimum is not None else -INT_LIMIT,
                   int(o.maximum) if o.maximum is not None else INT_LIMIT)
        w.setValue(int(o.default))
        return w
    if o.kind == "float":
        w = QDoubleSpinBox()
        w.setDecimals(2)
        w.setRange(o.minimum if o.minimum is not None else -1e6,
                   o.maximum if o.maximum is not None else 1e6)
        w.setValue(float(o.default))
        return w
    w = QLineEdit(str(o.default))
    return w


def _value(o: Option, w: QWidget) -> Any:
    if isinstance(w, QCheckBox):
        return w.isChecked()
    if isinstance(w, QComboBox):
        return w.currentData()
    if isinstance(w, QSpinBox):
        return w.value()
    if isinstance(w, QDoubleSpinBox):
        return w.value()
    return w.text() if isinstance(w, QLineEdit) else o.default


def _set_value(w: QWidget, value: Any) -> None:
    if isinstance(w, QCheckBox):
        w.setChecked(bool(value))
    elif isinstance(w, QComboBox):
        w.setCurrentIndex(max(0, w.findData(value)))
    elif isinstance(w, QSpinBox):
        w.setValue(int(value))
    elif isinstance(w, QDoubleSpinBox):
        w.setValue(float(value))
    elif isinstance(w, QLineEdit):
        w.setText(str(value))


class OptionsView(QWidget):
    """`set_options(options, values)`, `values()`, `editor(id)`; `changed()` on any edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options: tuple[Option, ...] = ()
        self.editors: dict[str, QWidget] = {}
        self.badges: dict[str, QLabel] = {}
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)

    def set_options(self, options: Sequence[Option],
                    values: Mapping[str, Any] | None = None, *, explain: bool = False,
                    empty: str = QT_TR_NOOP("No options for this action.")) -> None:
        """Show `options` (with `values` where given, else each default). `explain` adds
        each option's default and help under it (the Rules readings dialog)."""
        self._clear()
        self.options = tuple(options)
        values = values or {}
        if not self.options:
            self.empty = QLabel(tr(empty))
            self.empty.setStyleSheet(REASON_STYLE)
            self.grid.addWidget(self.empty, 0, 0, 1, 3)
        for row, o in enumerate(self.options):
            w = _editor(o)
            if o.id in values:
                _set_value(w, values[o.id])
            tip = "\n".join(filter(None, [loc(o.help), loc(o.reason)]))
            w.setToolTip(tip)
            self.editors[o.id] = w
            if o.kind == "bool":
                self.grid.addWidget(w, 2 * row, 0, 1, 2)
            else:
                name = QLabel(loc(o))
                name.setToolTip(tip)
                self.grid.addWidget(name, 2 * row, 0)
                self.grid.addWidget(w, 2 * row, 1)
            if o.proposed:
                badge = proposed_badge(tr("{option}: our default, not the rules' ({reason})")
                                       .format(option=loc(o), reason=loc(o.reason))
                                       if o.reason else "")
                self.badges[o.id] = badge
                self.grid.addWidget(badge, 2 * row, 2)
            detail = " · ".join(filter(None, [modifier_text(o), loc(o.reason)]))
            if explain:
                default = default_text(o)
                detail = " · ".join(filter(None, [detail, tr("default: {0}").format(default)]))
                if o.help:
                    detail += f"\n{loc(o.help)}"
            if detail:
                reason = QLabel(detail)
                reason.setStyleSheet(REASON_STYLE)
                reason.setWordWrap(True)
                self.grid.addWidget(reason, 2 * row + 1, 0, 1, 3)
            self._connect(w)

    def _connect(self, w: QWidget) -> None:
        for signal in ("toggled", "currentIndexChanged", "valueChanged", "textChanged"):
            sig = getattr(w, signal, None)
            if sig is not None:
                sig.connect(lambda *_: self.changed.emit())
                return

    def _clear(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            w = item.widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.editors.clear()
        self.badges.clear()

    def values(self) -> dict[str, Any]:
        return {o.id: _value(o, self.editors[o.id]) for o in self.options}

    def set_values(self, values: Mapping[str, Any]) -> None:
        """Set the editors of the options in `values` (one `changed` per edit)."""
        for k, v in values.items():
            if k in self.editors:
                _set_value(self.editors[k], v)

    def editor(self, option_id: str) -> QWidget:
        return self.editors[option_id]
