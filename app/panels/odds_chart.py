"""The odds of an action as a bar chart and a table: exactly the engine's distribution.

The bars are an `OutcomeDistribution` from `ctx.odds()` — exact fractions, shown as floats —
never a sample. Beside them a table lists each outcome with its probability and, for
numeric outcomes (wounds, hits), the "at least N" figure a player asks for ("what are the
odds of two wounds or more?"). A distribution's `parts` (hits, suppression, penetration …)
can be charted instead through the combo above the chart.

pyqtgraph is imported when the first distribution arrives (a slow import), so opening the
program does not pay for a chart nobody has asked for yet.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr
from engine.i18n import Text

if TYPE_CHECKING:
    from engine.odds import OutcomeDistribution

BAR_COLOUR = "#2f80ed"
BAR_EDGE = "#1b4f9c"


def outcome_text(o: Hashable) -> str:
    """An outcome as a tick label: 2 → "2", "crew_wounded" → "crew wounded",
    (1, 0, 2) → "1/0/2"."""
    if isinstance(o, tuple):
        return "/".join(outcome_text(x) for x in o)
    if isinstance(o, bool):
        return loc("yes" if o else "no")
    if isinstance(o, Text):  # a message: translated whole, its fields filled in
        return loc(o)
    text = str(o)  # the glossary's word for it, else the key in words
    found = loc(text)
    return found if found != text else loc(text.replace("_", " "))


def percent(p: float) -> str:
    """"64.8 %", with more digits for the small figures players still care about."""
    if p == 0:
        return "0 %"
    if p < 0.001:
        return f"{p * 100:.3f} %"
    return f"{p * 100:.1f} %"


def _numeric(o: Hashable) -> bool:
    return isinstance(o, int | float) and not isinstance(o, bool)


def at_least_figures(dist: OutcomeDistribution) -> dict[Hashable, float] | None:
    """P(outcome ≥ k) per outcome when the outcomes are numbers, else None."""
    try:
        return {k: float(v) for k, v in dist.at_least().items()}
    except ValueError:
        return None


#: The chart's heights: compact, so that the Actions dock shows the action, its target,
#: the odds, the roll and Apply on a 1280×800 screen (the table of figures scrolls).
PLACEHOLDER_PX = 48
PLOT_PX = 120
TABLE_MAX_PX = 150


class OddsChart(QWidget):
    """`set_distribution(dist)` draws it; `shown` is the distribution on the chart (the
    main one or a part), `bars` the pyqtgraph BarGraphItem, `table` the figures."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.distribution: OutcomeDistribution | None = None
        self.shown: OutcomeDistribution | None = None
        self.title = QLabel(tr("Odds"))
        self.title.setStyleSheet("font-weight: bold;")
        self.part_box = QComboBox()
        self.part_box.setToolTip(tr("Which figure of the action to chart"))
        self.part_box.currentIndexChanged.connect(self._part_chosen)
        self.plot = None  # pyqtgraph.PlotWidget, made by _ensure_plot
        self.bars = None  # pyqtgraph.BarGraphItem
        self.horizontal = False
        self._probs: list[float] = []
        self.placeholder = QLabel(tr("Choose a unit and an action to see the odds."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)  # whole in a narrow dock, and in Russian
        self.placeholder.setMinimumHeight(PLACEHOLDER_PX)
        self.placeholder.setAutoFillBackground(True)  # the palette's base, as the plot
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([tr("outcome"), tr("exactly"), tr("at least")])
        self.table.horizontalHeaderItem(2).setToolTip(tr("P(outcome ≥ this row's outcome)"))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumWidth(210)
        self.table.setMaximumWidth(280)
        self.table.setMaximumHeight(TABLE_MAX_PX)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")

        head = QHBoxLayout()
        head.addWidget(self.title, 1)
        head.addWidget(self.part_box)
        self.body = QHBoxLayout()
        self.body.addWidget(self.placeholder, 3)
        self.body.addWidget(self.table, 2)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(head)
        lay.addLayout(self.body)
        lay.addWidget(self.note)
        self.set_distribution(None)

    # --- data -------------------------------------------------------------------------------

    def set_distribution(self, dist: OutcomeDistribution | None, note: str = "") -> None:
        """Chart `dist` (None clears the chart and shows `note` instead)."""
        self.distribution = dist
        keep = self.part_box.currentData()
        self.part_box.blockSignals(True)
        self.part_box.clear()
        if dist is not None:
            self.part_box.addItem(outcome_text(dist.label) or tr("outcome"), "")
            for name in dist.parts:
                self.part_box.addItem(outcome_text(name), name)
            i = self.part_box.findData(keep)
            self.part_box.setCurrentIndex(max(i, 0))
        self.part_box.blockSignals(False)
        self.part_box.setVisible(dist is not None and bool(dist.parts))
        # with no chart yet, the note takes the placeholder's place (not "choose a unit
        # and an action" once both are chosen)
        blank = dist is None and self.plot is None
        self.placeholder.setText(note if blank and note else tr(
            "Choose a unit and an action to see the odds."))
        self.note.setText(note)
        self.note.setVisible(bool(note) and not blank)
        self._show(self._current())

    def _current(self) -> OutcomeDistribution | None:
        if self.distribution is None:
            return None
        name = self.part_box.currentData()
        return self.distribution.parts.get(name, self.distribution) if name \
            else self.distribution

    def _part_chosen(self, _index: int) -> None:
        self._show(self._current())

    def _ensure_plot(self) -> None:
        if self.plot is not None:
            return
        import pyqtgraph as pg

        self._pg = pg
        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setMinimumHeight(PLOT_PX)
        for name in ("left", "bottom"):
            self.plot.getAxis(name).enableAutoSIPrefix(False)
        self.follow_palette()
        self.body.replaceWidget(self.placeholder, self.plot)
        self.placeholder.hide()

    def colours(self) -> tuple[QColor, QColor]:
        """The chart's background and ink: the palette's base and text (light or dark
        theme alike, app.settings_dialog.apply_theme)."""
        pal = self.palette()
        return pal.color(QPalette.ColorRole.Base), pal.color(QPalette.ColorRole.Text)

    def follow_palette(self) -> None:
        """Paint the plot and the placeholder in the palette's colours."""
        base, ink = self.colours()
        pal = self.placeholder.palette()
        pal.setColor(QPalette.ColorRole.Window, base)
        pal.setColor(QPalette.ColorRole.WindowText, ink)
        self.placeholder.setPalette(pal)
        if self.plot is None:
            return
        self.plot.setBackground(base)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setTextPen(ink)
            axis.setPen(ink)

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:   # the theme was switched
            self.follow_palette()

    def _show(self, dist: OutcomeDistribution | None) -> None:
        self.shown = dist
        self.title.setText(tr("Odds — {0}").format(outcome_text(dist.label)) if dist is not None
                           else tr("Odds"))
        self._fill_table(dist)
        self.table.setVisible(dist is not None)  # no figures: the chart's note says why
        if dist is None and self.plot is None:
            return
        self._ensure_plot()
        outcomes = dist.as_floats() if dist is not None else []
        self._probs = [p for _, p in outcomes]
        labels = [outcome_text(o) for o, _ in outcomes]
        # Numbers read left to right (0, 1, 2 … wounds); named outcomes are listed top
        # to bottom as horizontal bars, so long names stay readable.
        self.horizontal = any(not _numeric(o) for o, _ in outcomes)
        if self.bars is not None:
            self.plot.removeItem(self.bars)
        pct = self._probs  # bars in probability units; the value axis reads in percent
        idx = list(range(len(outcomes)))
        ticks = [list(zip(idx, labels, strict=True))]
        value_axis, cat_axis = ("bottom", "left") if self.horizontal else ("left", "bottom")
        if self.horizontal:
            self.bars = self._pg.BarGraphItem(x0=[0] * len(idx), y=idx, width=pct, height=0.7,
                                              brush=BAR_COLOUR, pen=BAR_EDGE)
        else:
            self.bars = self._pg.BarGraphItem(x=idx, height=pct, width=0.7, brush=BAR_COLOUR,
                                              pen=BAR_EDGE)
        self.plot.addItem(self.bars)
        self.plot.getAxis(cat_axis).setTicks(ticks)
        top = min(1.0, max(pct, default=1.0) * 1.12) or 1.0
        step = 0.05 if top <= 0.3 else 0.1 if top <= 0.6 else 0.2
        marks = [round(k * step, 4) for k in range(int(top / step) + 1)]
        self.plot.getAxis(value_axis).setTicks([[(m, f"{m * 100:g} %") for m in marks]])
        self.plot.setLabel(value_axis, tr("probability"))
        self.plot.setLabel(cat_axis, "")
        self.plot.getPlotItem().invertY(self.horizontal)
        self.plot.showGrid(x=self.horizontal, y=not self.horizontal, alpha=0.25)
        span = (-0.6, max(len(idx) - 0.4, 0.6))
        if self.horizontal:
            self.plot.setXRange(0, top, padding=0)
            self.plot.setYRange(*span, padding=0)
        else:
            self.plot.setXRange(*span, padding=0)
            self.plot.setYRange(0, top, padding=0)

    def _fill_table(self, dist: OutcomeDistribution | None) -> None:
        rows = dist.as_floats() if dist is not None else []
        least = at_least_figures(dist) if dist is not None else None
        self.table.setColumnHidden(2, least is None)
        self.table.setRowCount(len(rows))
        for r, (o, p) in enumerate(rows):
            cells = [outcome_text(o), percent(p), percent(least[o]) if least else ""]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)

    # --- what the chart shows (tests, screenshots) ------------------------------------------

    def heights(self) -> list[float]:
        """The bars' lengths: one probability (0–1) per outcome, in outcome order."""
        if self.bars is None:
            return []
        key = "width" if self.horizontal else "height"
        return [float(v) for v in self.bars.opts[key]]

    def tick_labels(self) -> list[str]:
        outcomes = self.shown.outcomes if self.shown is not None else ()
        return [outcome_text(o) for o, _ in outcomes]

    def table_rows(self) -> list[list[str]]:
        return [[self.table.item(r, c).text() if self.table.item(r, c) else ""
                 for c in range(3)] for r in range(self.table.rowCount())]
