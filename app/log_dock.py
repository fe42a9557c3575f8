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
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP

from app.i18n import loc, tr
from app.panels.docks import LazyDock, add_view_dock
from app.panels.list_sync import sync_combo
from engine.log_kinds import log_kind

if TYPE_CHECKING:
    from PySide6.QtCore import QModelIndex
    from PySide6.QtWidgets import QComboBox, QWidget

    from engine.dice import RollRecord
    from engine.model import LogEntry

COLUMNS = ("#", "Turn", "Kind", "Actor", "Action", "Target", "Dice", "Summary")
#: the column heads as shown (COLUMNS stay the English keys the code and tests use)
HEADS = ("#", QT_TR_NOOP("Turn"), QT_TR_NOOP("Kind"), QT_TR_NOOP("Actor"),
         QT_TR_NOOP("Action"), QT_TR_NOOP("Target"), QT_TR_NOOP("Dice"), QT_TR_NOOP("Summary"))
#: the kinds of log line (engine.gamefile_schema.log_kind), marked for translation
KINDS = (QT_TR_NOOP("roll"), QT_TR_NOOP("resolution"), QT_TR_NOOP("measurement"),
         QT_TR_NOOP("template"))
#: Columns whose text can run long start at these widths (pixels); the user may drag them.
INITIAL_WIDTHS = {"Actor": 120, "Target": 120, "Dice": 150}
#: The text colour of rolls that were not applied.
UNAPPLIED_GREY = "#8a8a8a"
TEXT_FILTER = "Text (*.txt);;All files (*)"
ALL = None  # the filters' "no filter" value

Namer = Callable[[str], str]


def _plain(unit_id: str) -> str:
    return unit_id


def entry_kind(entry: LogEntry) -> str:
    """roll / resolution / measurement / template: the kind the game file stores."""
    return log_kind(entry)


def roll_text(r: RollRecord) -> str:
    """`to hit: d10 [3, 7] (app, seed 42)`."""
    faces = ", ".join(str(f) for f in r.faces)
    head = f"{loc(r.label)}: " if r.label else ""
    return f"{head}{loc(r.die)} [{faces}] ({loc(r.source_text)})"


def dice_text(dice: Iterable[RollRecord]) -> str:
    return "; ".join(roll_text(r) for r in dice)


def action_name(entry: LogEntry) -> str:
    """The entry's action as players read it: its label in the interface's language when
    the entry's ruleset declares it, else the action as logged ("measure", "shoot")."""
    import sys

    details = entry.details if isinstance(entry.details, dict) else {}
    ruleset = details.get("ruleset")
    if isinstance(ruleset, str) and "engine.rulesets.registry" in sys.modules:
        from engine.rulesets.registry import get_ruleset

        try:
            return loc(get_ruleset(ruleset).action(entry.action), ruleset)
        except (KeyError, ValueError):
            pass
    return loc(entry.action)      # a turn step, a measurement … by the engine's glossary


def entry_units(entry: LogEntry) -> set[str]:
    """The units an entry is about: actor, target, and the units it lists — a template
    placement's `details["template"]["under"]` (engine.measure.TemplateResult.to_dict), or
    `details["units"]` / `details["under"]` (plain ids, or objects with an "id" or "unit")."""
    ids = {u for u in (entry.actor, entry.target) if u}
    details = entry.details if isinstance(entry.details, dict) else {}
    template = details.get("template")
    lists = [details.get("units"), details.get("under"),
             template.get("under") if isinstance(template, dict) else None]
    for listed in lists:
        if not isinstance(listed, list):
            continue
        for item in listed:
            if isinstance(item, str):
                ids.add(item)
            elif isinstance(item, dict):
                ids.update(item[k] for k in ("id", "unit") if isinstance(item.get(k), str))
    return ids


def entry_text(seq: int, entry: LogEntry, name: Namer = _plain) -> str:
    """One entry as plain text: a head line, then its dice, each on its own line.

        3. Turn 2 · measurement · Sherman 1 → Panzer IV · measure
           24.3" edge to edge, LOS clear
           dice: to hit: d10 [7] (app, seed 42)
    """
    who = name(entry.actor) if entry.actor else "—"
    if entry.target:
        who += f" → {name(entry.target)}"
    lines = [tr("{seq}. Turn {turn} · {kind} · {who} · {action}").format(
        seq=seq, turn=entry.turn, kind=tr(entry_kind(entry)), who=who,
        action=action_name(entry))]
    if entry.summary:
        lines.extend(f"   {part}" for part in loc(entry.summary).splitlines())
    for r in entry.dice:
        lines.append("   " + tr("dice: {0}").format(roll_text(r)))
    return "\n".join(lines)


def log_text(rows: Iterable[tuple[int, LogEntry]], name: Namer = _plain,
             title: str = "") -> str:
    """The export: a title line, then one block per (seq, entry), blank lines between."""
    blocks = [entry_text(seq, e, name) for seq, e in rows]
    head = f"{title}\n\n" if title else ""
    return head + "\n\n".join(blocks) + ("\n" if blocks else "")


# --------------------------------------------------------------------------- the dock


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
        _fill(self.unit_box, [(tr("All units"), None), *((f"{label} ({uid})" if label != uid
                                                      else uid, uid) for uid, label in units)],
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


def install(window) -> LogDock:
    """Add the dock on the right, hidden until View ▸ Log (Ctrl+L) shows it — the board
    keeps the room until the log is wanted — and follow the window's editor."""
    dock = LogDock(window)
    add_view_dock(window, dock, tr("&Log"), "Ctrl+L")
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
    window.services.log_dock = dock
    return dock


def _namer(game) -> Namer:
    def name(unit_id: str) -> str:
        try:
            return game.unit(unit_id).label
        except (KeyError, ValueError):
            return unit_id
    return name
