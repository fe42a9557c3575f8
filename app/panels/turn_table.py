"""The Turn dock's unit table: the acting side's units with AP left and spent, actions
left, activated, what the ruleset says stops or hampers them, their player and tests due.

A mixin of `TurnDock` (app/panels/turn_dock.py), which owns `table` (turn_views.UnitTable)
and `units_title`; the rows are `engine.turns.unit_status`, as it says them.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QColor

from app.i18n import loc, side_text

COLUMNS = (QT_TR_NOOP("Unit"), QT_TR_NOOP("AP left"), QT_TR_NOOP("AP spent"),
           QT_TR_NOOP("Actions"), QT_TR_NOOP("Activated"), QT_TR_NOOP("State"),
           QT_TR_NOOP("Player"), QT_TR_NOOP("Due"))


def _num(v: int | None) -> str:
    return "" if v is None else str(v)


class UnitRows:
    """The unit table's rows and its selection (mixed into TurnDock)."""

    def shown_side(self) -> str | None:
        """The side whose units the table lists: the acting side, or None for all."""
        game = self.game
        return game.active_side if game is not None else None

    def _fill_table(self, game) -> None:
        from engine import turns
        s = self.structure
        side = self.shown_side()
        units = game.units_of(side) if side else list(game.units)
        name = side_text(side, game.scenario.ruleset) if side else ""
        self.units_title.setText(self.tr("Units of {0}").format(name) if side
                                 else self.tr("All units"))
        keep = self.selected_unit()
        self.table.blockSignals(True)
        self.table.setRowCount(len(units))
        for row, u in enumerate(units):
            st = turns.unit_status(game, u.id, s)
            actions = "" if st.actions_left is None else str(st.actions_left)
            state = ", ".join(loc(f) for f in st.flags)
            cells = (st.label, _num(st.ap_left), _num(st.ap_spent), actions,
                     ("activating" if st.activating else "yes") if st.activated
                     or st.activating else "", state, st.player or "",
                     ", ".join(self._test_label(t) for t in st.due))
            for col, text in enumerate(cells):
                item = self.table.new_item(text)
                item.setData(Qt.ItemDataRole.UserRole, u.id)
                if col in (1, 2, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col in (5, 7) and cells[col]:
                    item.setForeground(QColor("#b3261e"))
                if st.activating:
                    item.setBackground(QColor("#fff3c4"))
                elif not st.can_act or (st.ap_left == 0):
                    item.setForeground(QColor("#888") if col != 5 else QColor("#b3261e"))
                self.table.setItem(row, col, item)
            if u.id == keep:
                self.table.selectRow(row)
        self.table.setColumnHidden(1, s.ap_per_unit is None)
        self.table.setColumnHidden(2, s.ap_per_unit is None)
        self.table.setColumnHidden(3, s.actions_per_activation is None
                                   and s.actions_per_turn is None)
        self.table.setColumnHidden(4, s.kind != "alternating")
        self.table.setColumnHidden(6, not s.allies)
        self.table.setColumnHidden(7, not s.hooks.triggers)
        self.table.blockSignals(False)

    def selected_unit(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() \
            else []
        if rows:
            item = self.table.item(rows[0].row(), 0)
            return item.data(Qt.ItemDataRole.UserRole) if item else None
        return None

    def select_unit(self, unit_id: str | None) -> None:
        """Select a unit's row (cleared if it is not listed); the tree follows the
        table."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item and item.data(Qt.ItemDataRole.UserRole) == unit_id:
                self.table.selectRow(row)
                return
        self.table.clearSelection()

    def _row_chosen(self) -> None:
        uid = self.selected_unit()
        w = self.window_
        if uid is not None and w is not None and getattr(w, "selected_unit_id", None) != uid:
            try:
                w.select_unit(uid)
            except KeyError:
                pass

