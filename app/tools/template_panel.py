"""The template tool's panel beside the board: shape, scatter scheme, dice, the odds
before the roll and the units under the template after it (app/tools/template.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr

from .base import ToolPanel
from .rows_table import fill as fill_rows
from .rows_table import rows_of, rows_table

if TYPE_CHECKING:
    from engine.dice import Die
    from geometry.template_odds import DistanceScheme

SHAPES = ("blast-3", "blast-5", "flamer")
SCHEMES = {"d20": QT_TR_NOOP("d20 face = distance in steps"),
           "d6": QT_TR_NOOP("d6 − accuracy, in inches")}


def keep_lines(label: QLabel, lines: int) -> None:
    """Keep room for `lines` lines of a word-wrapped read-out: a placement's new text (one
    line after the clear, two after a placement) then repaints the label alone instead of
    moving every control of the panel (a re-layout and repaint of the whole dock, on
    every event). A longer text still grows the label."""
    margins = label.contentsMargins()
    label.setMinimumHeight(lines * label.fontMetrics().lineSpacing() + margins.top()
                           + margins.bottom())
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)


def percent(p: float) -> str:
    if p <= 0:
        return "0%"
    if p < 0.001:
        return "<0.1%"
    return f"{100 * p:.1f}%"


class TemplatePanel(ToolPanel):
    """The tool's controls and read-outs beside the board: shape, scatter scheme, dice, the
    odds before the roll and the units under the template after it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Template"), "template-panel", parent)

    def build(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)

        form = QFormLayout()
        self.shape = QComboBox()
        for s in SHAPES:
            self.shape.addItem(loc(s), s)
        form.addRow(tr("Template"), self.shape)
        self.scheme = QComboBox()
        for key, text in SCHEMES.items():
            self.scheme.addItem(tr(text), key)
        form.addRow(tr("Scatter"), self.scheme)
        self.step = QDoubleSpinBox()
        self.step.setRange(0.1, 12.0)
        self.step.setSingleStep(0.5)
        self.step.setValue(1.0)
        self.step.setSuffix(tr('" per step'))
        form.addRow(tr("d20 step"), self.step)
        self.accuracy = QSpinBox()
        self.accuracy.setRange(-6, 12)
        self.accuracy.setValue(3)
        form.addRow(tr("Accuracy"), self.accuracy)
        lay.addLayout(form)

        dice = QGroupBox(tr("Dice"))
        dl = QFormLayout(dice)
        self.app_dice = QRadioButton(tr("App dice"))
        self.typed_dice = QRadioButton(tr("Typed (physical dice)"))
        self.app_dice.setChecked(True)
        self.source_group = QButtonGroup(self)
        self.source_group.addButton(self.app_dice)
        self.source_group.addButton(self.typed_dice)
        row = QHBoxLayout()
        row.addWidget(self.app_dice)
        row.addWidget(self.typed_dice)
        dl.addRow(row)
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(tr("blank: a new seed"))
        dl.addRow(tr("Seed"), self.seed)
        self.distance_face = QLineEdit()
        self.distance_face.setPlaceholderText(tr("face of the distance die"))
        dl.addRow(tr("Distance die"), self.distance_face)
        self.direction_kind = QComboBox()
        self.direction_kind.addItem(tr("bearing °"), "bearing")
        self.direction_kind.addItem(tr("direction die (d6)"), "die")
        self.direction = QLineEdit()
        self.direction.setPlaceholderText(tr("0–360, 0 = +x, clockwise"))
        drow = QHBoxLayout()
        drow.addWidget(self.direction_kind)
        drow.addWidget(self.direction, 1)
        dl.addRow(tr("Direction"), drow)
        lay.addWidget(dice)

        buttons = QHBoxLayout()
        self.scatter_button = QPushButton(tr("Scatter"))
        self.clear_button = QPushButton(tr("Clear"))
        buttons.addWidget(self.scatter_button)
        buttons.addWidget(self.clear_button)
        lay.addLayout(buttons)
        lay.addWidget(self.message)

        self.odds_title = QLabel(tr("Before the roll — chance of ending under it"))
        self.odds_title.setWordWrap(True)
        lay.addWidget(self.odds_title)
        self.odds = self._table((tr("Unit"), tr("Template"), tr("Hole")))
        lay.addWidget(self.odds, 2)
        self.result_title = QLabel(tr("Under the template"))
        self.result_title.setWordWrap(True)
        lay.addWidget(self.result_title)
        self.result = self._table((tr("Unit"), tr("Covered"), tr("Hole")))
        lay.addWidget(self.result, 1)
        self.setWidget(body)
        for label, lines in ((self.message, 2), (self.odds_title, 3), (self.result_title, 2)):
            keep_lines(label, lines)
        self.typed_dice.toggled.connect(self._sync_enabled)
        self.scheme.currentIndexChanged.connect(self._sync_enabled)
        self.shape.currentIndexChanged.connect(self._sync_enabled)
        self._sync_enabled()

    @staticmethod
    def _table(headers: tuple[str, ...]) -> QTableView:
        """A read-out table whose scroll bar is always there: filling an empty table does
        not narrow its rows (nor re-lay the panel) for the bar to appear."""
        view = rows_table(headers)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        return view

    def _sync_enabled(self) -> None:
        typed = self.typed_dice.isChecked()
        d20 = self.scheme.currentData() == "d20"
        flamer = self.shape.currentData() == "flamer"
        self.seed.setEnabled(not typed)
        self.distance_face.setEnabled(typed)
        self.direction.setEnabled(typed)
        self.direction_kind.setEnabled(typed)
        self.step.setEnabled(d20)
        self.accuracy.setEnabled(not d20)
        self.scatter_button.setEnabled(not flamer)
        self.scatter_button.setToolTip(tr("A flamer does not scatter") if flamer else "")
        self.distance_face.setPlaceholderText(tr("d20 face, 1–20") if d20 else tr("d6 face, 1–6"))

    def scheme_obj(self) -> DistanceScheme:
        from geometry.template_odds import d6_minus_accuracy, d20_steps
        if self.scheme.currentData() == "d20":
            return d20_steps(self.step.value())
        return d6_minus_accuracy(self.accuracy.value())

    def distance_die(self) -> Die:
        from engine.dice import D6, D20
        return D20 if self.scheme.currentData() == "d20" else D6

    def fill(self, table: QTableView, rows: list[tuple[str, str, str]]) -> None:
        """Show `rows` (the view reads only those on screen: a placement lists up to every
        unit)."""
        fill_rows(table, rows)

    def rows(self, table: QTableView) -> list[tuple[str, ...]]:
        """The table's text, row by row (tests and the log read it)."""
        return rows_of(table)
