"""File ▸ New…'s dialog (a blank table of a size and ruleset, or a shipped one): imported
when it is first opened (`app.files.ask_new_table`), so the start-up creates none of its
dialog, spin box and radio button classes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import ruleset_name, tr
from app.new_table import NewTable, _first_ruleset


class NewGameDialog(QDialog):
    """Blank table (name, size in inches, ruleset, ground scale) or the demo table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("New game"))
        from engine.rulesets.registry import list_rulesets  # slow: only when asked

        self._rulesets = [(rs.id, rs.name, rs.metres_per_inch) for rs in list_rulesets()]
        layout = QVBoxLayout(self)
        self.blank = QRadioButton(tr("A blank table"))
        self.demo = QRadioButton(self.tr("A shipped table"))
        from engine.scenario_io import shipped_scenarios

        self.demos = QComboBox()
        for file, title in shipped_scenarios():
            self.demos.addItem(title, file)
        self.blank.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.blank)
        group.addButton(self.demo)
        layout.addWidget(self.blank)
        form = QFormLayout()
        self.name = QLineEdit("New table")
        self.width = _inches(72.0)
        self.height = _inches(48.0)
        self.ruleset = QComboBox()
        for rid, _name, _ in self._rulesets:
            self.ruleset.addItem(ruleset_name(rid), rid)
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.01, 1000.0)
        self.scale.setDecimals(2)
        self.scale.setSuffix(tr(" m per inch"))
        form.addRow(tr("Name"), self.name)
        form.addRow(tr("Width"), self.width)
        form.addRow(tr("Height"), self.height)
        form.addRow(tr("Ruleset"), self.ruleset)
        form.addRow(tr("Ground scale"), self.scale)
        layout.addLayout(form)
        layout.addWidget(self.demo)
        layout.addWidget(self.demos)
        self.demos.setEnabled(False)
        self.demos.activated.connect(lambda _i: self.demo.setChecked(True))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.ruleset.currentIndexChanged.connect(self._ruleset_scale)
        self.demo.toggled.connect(lambda on: [w.setEnabled(not on) for w in (
            self.name, self.width, self.height, self.ruleset, self.scale)])
        self.demo.toggled.connect(self.demos.setEnabled)
        default = self.ruleset.findData(NewTable().ruleset or _first_ruleset())  # not the first
        if default >= 0:
            self.ruleset.setCurrentIndex(default)
        self._ruleset_scale(self.ruleset.currentIndex())

    def _ruleset_scale(self, index: int) -> None:
        from app.settings import default_scale

        if 0 <= index < len(self._rulesets):  # Settings' ground scale, else the ruleset's
            self.scale.setValue(default_scale() or self._rulesets[index][2])

    def spec(self) -> NewTable:
        if self.demo.isChecked():
            file = self.demos.currentData()
            return NewTable(demo=True, demo_file=None if self.demos.currentIndex() <= 0
                            else file)
        return NewTable(False, self.name.text(), self.ruleset.currentData() or _first_ruleset(),
                        self.width.value(), self.height.value(), self.scale.value())


def _inches(value: float) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setRange(6.0, 480.0)
    box.setDecimals(1)
    box.setSuffix('"')
    box.setValue(value)
    return box
