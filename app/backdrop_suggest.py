"""The photo's suggestions as a list to go through: each base (the unit it was matched to,
where the photo shows it, how far that is from the board's place) and each new terrain
outline, to accept as found, move (type another place) or dismiss. Accepting applies all
the checked ones as one undo step; nothing changes until then."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app.i18n import loc, tr

COLUMNS = ("what", "x", "y", "distance")


class SuggestionsDialog(QDialog):
    """`rows` are the suggestions shown (engine.photo.suggest: BaseSuggestion and
    TerrainSuggestion); `accepted()` the ones checked, at the place typed."""

    def __init__(self, parent, game, rows: list, *, resync: bool = False) -> None:
        super().__init__(parent)
        self.rows = rows
        self.setWindowTitle(tr("Moves from the new photo") if resync else
                            tr("Suggestions from the photo"))
        head = QLabel(tr("Units whose base moved since the board was last set. Uncheck a "
                         "move to reject it; all checked ones are one undo step.") if resync
                      else tr("Check what to take over: a base moves its unit there, an "
                              "outline becomes a terrain piece. Type another x or y to "
                              "move a suggestion; all checked ones are one undo step."))
        head.setWordWrap(True)
        self.table = QTableWidget(len(rows), len(COLUMNS))
        self.table.setHorizontalHeaderLabels([tr("Suggestion"), tr("x, in"), tr("y, in"),
                                              tr("Moves by / kind")])
        for r, s in enumerate(rows):
            self._fill(r, s, game)
        self.table.resizeColumnsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Accept checked"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addWidget(head)
        box.addWidget(self.table)
        box.addWidget(buttons)
        self.resize(560, 420)

    def _fill(self, r: int, s, game) -> None:
        from engine.photo.suggest import BaseSuggestion

        if isinstance(s, BaseSuggestion):
            unit = game.unit(s.unit)
            what = tr("{unit} ({side})").format(unit=loc(unit.label), side=loc(s.side or ""))
            x, y = s.x, s.y
            moves = f'{s.distance_in:.1f}"' if s.distance_in is not None else ""
        else:
            what = tr("New terrain: {kind}, {area} sq in").format(
                kind=loc(s.kind), area=f"{s.area_in2:.0f}")
            x, y = s.polygon[0]
            moves = ""
        first = QTableWidgetItem(what)
        first.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
        first.setCheckState(Qt.CheckState.Checked)
        self.table.setItem(r, 0, first)
        for c, value in ((1, f"{x:.2f}"), (2, f"{y:.2f}")):
            self.table.setItem(r, c, QTableWidgetItem(value))
        last = QTableWidgetItem(moves)
        last.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self.table.setItem(r, 3, last)
        if not isinstance(s, BaseSuggestion):   # the kind, to confirm or change
            from geometry.terrain_kinds import KINDS

            box = QComboBox()
            for kind in sorted(k for k, d in KINDS.items() if not d.is_line):
                box.addItem(loc(kind), kind)
            box.setCurrentIndex(max(0, box.findData(s.kind)))
            self.table.setCellWidget(r, 3, box)

    def accepted_rows(self) -> list:
        """engine.photo.proposals.Accepted for each checked row, at its typed place (a
        place that is not a number keeps the suggestion's own)."""
        from engine.photo.proposals import Accepted

        out = []
        for r, s in enumerate(self.rows):
            if self.table.item(r, 0).checkState() != Qt.CheckState.Checked:
                continue
            xy = []
            for c in (1, 2):
                try:
                    xy.append(float(self.table.item(r, c).text().replace(",", ".")))
                except ValueError:
                    xy.append(None)
            box = self.table.cellWidget(r, 3)
            out.append(Accepted(s, *xy, kind=box.currentData() if box is not None else None))
        return out
