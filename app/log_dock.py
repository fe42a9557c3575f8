"""The "Log" dock: every line of the game's log — rolls, resolutions, measurements and
template placements — with its turn, actor, action, target, dice (each roll with its
source) and summary, so a dispute at the table can be settled from the screen.

The dock shows a plain sequence of `engine.model.LogEntry`; installed into the window it
follows the editor: `logged(entry)` appends a row, `game_replaced()` reloads the list.
Rows can be narrowed to one unit (the entry's actor or target, or a unit it lists, such as
the units under a template) and to one turn, and what is shown can be saved as plain text.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from app.i18n import loc, tr
from app.log_text import COLUMNS, Namer, _plain, entry_text, entry_units, log_text
from app.panels.docks import LazyDock
from app.panels.list_sync import sync_combo

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex
    from PySide6.QtWidgets import QComboBox, QWidget

    from engine.model import LogEntry


class LogDock(LazyDock):
    """The "Log" dock: filters on top, the table, a count and Save… below."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr("Log"), parent)
        self.setObjectName("log_dock")
        self._units: list[tuple[str, str]] = []  # (id, label) of the game's units
        # until the contents are built (LazyDock, app.log_view: the model, the filter and
        # the widgets) the dock holds the entries and the namer itself
        self._entries: list[LogEntry] = []
        self._name: Namer = _plain

    def build_contents(self) -> None:
        from app import log_view

        log_view.build(self, self._entries, self._name)
        self._entries = []
        self._refresh_filters()
        self._update_count()
        self.table.scrollToBottom()

    # --- content ----------------------------------------------------------------------------

    def set_units(self, units: Iterable[tuple[str, str]]) -> None:
        """The units the unit filter offers, as (id, label), in table order."""
        self._units = list(units)
        if self.built:
            self._refresh_filters()

    def set_namer(self, name: Namer) -> None:
        """How unit ids are shown in the Actor and Target columns and the export."""
        if not self.built:
            self._name = name
            return
        self.model.name = name
        if self.model.rowCount():
            self.model.dataChanged.emit(self.model.index(0, 0),
                                        self.model.index(self.model.rowCount() - 1,
                                                         len(COLUMNS) - 1))

    def set_entries(self, entries: Sequence[LogEntry]) -> None:
        if not self.built:
            self._entries = list(entries)
            return
        self.model.set_entries(entries)
        self._refresh_filters()
        self.table.scrollToBottom()

    def append(self, entry: LogEntry) -> None:
        if not self.built:
            self._entries.append(entry)
            return
        self.model.append(entry)
        self._refresh_filters()
        self.table.scrollToBottom()

    def shown(self) -> list[tuple[int, LogEntry]]:
        """(seq, entry) of the rows the filters let through, in log order."""
        out = []
        for r in range(self.proxy.rowCount()):
            row = self.proxy.mapToSource(self.proxy.index(r, 0)).row()
            out.append((row + 1, self.model.entry(row)))
        return out

    def select_seq(self, seq: int) -> None:
        """Choose log entry `seq` (1-based) in the table, if the filters show it."""
        row = self.proxy.mapFromSource(self.model.index(seq - 1, 0)).row()
        if row >= 0:
            self.table.selectRow(row)

    def _show_detail(self, current: QModelIndex, previous: QModelIndex | None = None) -> None:
        if not current.isValid():
            self.detail.clear()
            return
        row = self.proxy.mapToSource(current).row()
        self.detail.setPlainText(entry_text(row + 1, self.model.entry(row), self.model.name))

    # --- filters ----------------------------------------------------------------------------

    def set_unit_filter(self, unit_id: str | None) -> None:
        """Show only the entries about `unit_id` (None: every unit)."""
        i = self.unit_box.findData(unit_id) if unit_id is not None else 0
        if i < 0:
            raise ValueError(f"unit filter: no unit {unit_id!r} in the log or on the table")
        self.unit_box.setCurrentIndex(i)

    def set_turn_filter(self, turn: int | None) -> None:
        """Show only the entries of `turn` (None: every turn)."""
        i = self.turn_box.findData(turn) if turn is not None else 0
        if i < 0:
            raise ValueError(f"turn filter: no entries in turn {turn!r}")
        self.turn_box.setCurrentIndex(i)

    def _refresh_filters(self) -> None:
        """Refill both boxes from the game's units and the log, keeping the choices."""
        entries = self.model.entries()
        known = dict(self._units)
        seen = [u for e in entries for u in sorted(entry_units(e)) if u not in known]
        units = [*self._units, *((u, self.model.name(u)) for u in dict.fromkeys(seen))]
        turns = sorted({e.turn for e in entries})
        _fill(self.unit_box, [(tr("All units"), None), *((label, uid) for uid, label in units)],
              self.proxy.unit)
        _fill(self.turn_box, [(tr("All turns"), None),
                             *((tr("Turn {0}").format(t), t) for t in turns)],
              self.proxy.turn)

    def _unit_chosen(self, index: int) -> None:
        self.proxy.set_unit(self.unit_box.itemData(index) if index > 0 else None)
        self._update_count()

    def _turn_chosen(self, index: int) -> None:
        self.proxy.set_turn(self.turn_box.itemData(index) if index > 0 else None)
        self._update_count()

    def _update_count(self, *args) -> None:
        if not self.built:
            return
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count_label.setText(tr("%n entries", "", total) if shown == total
                                 else tr("{0} of %n entries", "", total).format(shown))

    # --- export -----------------------------------------------------------------------------

    def export_text(self) -> str:
        """The entries shown, as plain text (see `entry_text`), under a line naming the
        filters in force."""
        parts = []
        if self.proxy.unit is not None:
            parts.append(f"unit {self.model.name(self.proxy.unit)}")
        if self.proxy.turn is not None:
            parts.append(f"turn {self.proxy.turn}")
        title = "Warboard log" + (f" ({', '.join(parts)})" if parts else "")
        return log_text(self.shown(), self.model.name, title)

    def save_text(self, path: str | os.PathLike) -> None:
        Path(path).write_text(self.export_text(), encoding="utf-8")

    def save_dialog(self) -> None:
        from app import log_view

        log_view.save_dialog(self)


def _fill(box: QComboBox, items: list[tuple[str, object]], current: object) -> None:
    """Replace a combo box's items without emitting a change, keeping `current` chosen.
    Only the rows that differ are edited (list_sync): every line logged refilled 500
    units' rows."""
    box.blockSignals(True)
    sync_combo(box, items)
    i = box.findData(current) if current is not None else 0
    box.setCurrentIndex(max(i, 0))
    box.blockSignals(False)


# --------------------------------------------------------------------------- the window


def make(window) -> LogDock:
    """The Log dock (app.panels.dock_catalog places it), following the window's editor."""
    dock = LogDock(window)
    editor = window.editor

    def reload() -> None:
        if not editor.has_game:
            dock.set_units([])
            dock.set_entries([])
            return
        game = editor.game
        dock.set_units([(u.id, u.label) for u in game.all_units()])
        dock.set_namer(_namer(game))
        dock.set_entries(game.log)

    editor.game_replaced.connect(reload)
    editor.logged.connect(dock.append)
    reload()
    return dock


def _namer(game) -> Namer:
    """A unit's or group's name for the log's cells (a group acts in some rulesets)."""
    groups = {g.id: g for g in game.scenario.groups}

    def name(unit_id: str) -> str:
        if unit_id in groups:
            return loc(groups[unit_id], game.scenario.ruleset)
        try:
            return game.unit(unit_id).label
        except (KeyError, ValueError):
            return unit_id
    return name
