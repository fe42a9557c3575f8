"""Free modifiers the players agree on ("smoke −2 to hit", "+1 die to the pool: GM ruling"),
for the steps the action declares (`Action.steps`), of any kind a Modifier has: the target
number, the roll, the dice in a pool or the die step (engine.options.MODIFIER_TARGETS).

They go to `Ruleset.context(extra_modifiers=…)`, so the roll and the odds both use them,
and every rendering lists them with their reason. Nothing here knows a step or a ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QT_TR_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QWidget,
)

from app.i18n import loc, tr
from engine.options import MODIFIER_TARGETS, Modifier

#: Each modifier kind in words.
KIND_TEXT = {"target": QT_TR_NOOP("to the target"), "roll": QT_TR_NOOP("to the roll"),
             "pool": QT_TR_NOOP("dice in the pool"), "die_step": QT_TR_NOOP("die steps")}




class ModifiersView(QWidget):
    """`set_steps(steps)`; `add(step, modifier)`; `modifiers()` → [(step, Modifier)];
    `changed()` when the list changes. The `step_box`, `kind_box`, `value_box`,
    `label_edit` and `add_button` make one; `list` shows them (Delete removes one)."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: list[tuple[str, Modifier]] = []
        self.steps: tuple[str, ...] | None = None
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.step_box = QComboBox()
        self.step_box.setToolTip(tr("The step it modifies"))
        self.kind_box = QComboBox()
        for k in MODIFIER_TARGETS:
            self.kind_box.addItem(tr(KIND_TEXT.get(k, k)), k)
        self.value_box = QSpinBox()
        self.value_box.setRange(-20, 20)
        self.label_edit = QLineEdit()
        self.label_edit.setPlaceholderText(tr("why (smoke, GM ruling …)"))
        self.add_button = QPushButton(tr("Add"))
        self.add_button.clicked.connect(self._add_typed)
        self.remove_button = QPushButton(tr("Remove"))
        self.remove_button.clicked.connect(self._remove_selected)
        self.list = QListWidget()
        self.list.setMaximumHeight(80)
        grid.addWidget(self.step_box, 0, 0)
        grid.addWidget(self.value_box, 0, 1)
        grid.addWidget(self.kind_box, 0, 2)
        grid.addWidget(self.label_edit, 1, 0, 1, 2)
        grid.addWidget(self.add_button, 1, 2)
        grid.addWidget(self.list, 2, 0, 1, 2)
        grid.addWidget(self.remove_button, 2, 2, Qt.AlignmentFlag.AlignTop)
        self.set_steps(())

    def set_steps(self, steps: Sequence[str]) -> None:
        """The steps of the action chosen; another action starts with none (a modifier
        was agreed for one action, not for every action with a step of that name)."""
        steps = tuple(steps)
        if steps == self.steps:
            return
        self.steps = steps
        self.step_box.clear()
        for s in steps:
            self.step_box.addItem(loc(s).replace("_", " "), s)
        if self.items:
            self.items = []
            self._show()
        for w in (self.step_box, self.kind_box, self.value_box, self.label_edit,
                  self.add_button):
            w.setEnabled(bool(steps))

    def add(self, step: str, modifier: Modifier) -> None:
        self.items.append((step, modifier))
        self._show()
        self.changed.emit()

    def clear(self) -> None:
        if self.items:
            self.items = []
            self._show()
            self.changed.emit()

    def modifiers(self) -> list[tuple[str, Modifier]]:
        return list(self.items)

    def _add_typed(self) -> None:
        step = self.step_box.currentData()
        value = self.value_box.value()
        if step is None or value == 0:
            return
        label = self.label_edit.text().strip() or tr("agreed at the table")
        self.add(step, Modifier(label, value, tr("entered by hand"),
                                to=self.kind_box.currentData()))
        self.value_box.setValue(0)
        self.label_edit.clear()

    def _remove_selected(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.items):
            del self.items[row]
            self._show()
            self.changed.emit()

    def _show(self) -> None:
        self.list.clear()
        for step, m in self.items:
            kind = "" if m.to in ("target", "pool", "die_step") else f" ({tr(KIND_TEXT[m.to])})"
            shown = m.text.replace(str(m.label), loc(m.label), 1) if m.label else m.text
            self.list.addItem(QListWidgetItem(f"{loc(step).replace('_', ' ')}: {shown}{kind}"))
