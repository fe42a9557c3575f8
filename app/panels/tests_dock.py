"""The Tests dock: the unit-wide tests a ruleset declares (`Action.kind == "test"`) that
the selected unit can take (`Ruleset.actions_for`) — start-of-turn suppression tests,
overcome, a commander's rally, stat and skill checks, detection, a death roll — with the
same facts / odds / roll / enter dice / apply flow as the action panel. It is the action
panel filtered on kind, not a copy.

On top it lists the tests that are due now (engine.triggers: what the ruleset's triggers
raised when the turn crossed a boundary — the start of a side's turn, the end of a phase
…). Clicking one selects its unit on the board and its test here; applying the test takes
it off the list (in the same undoable change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout

from app.i18n import tr

from .action_panel import ActionPanel, follow_selection, is_test

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListWidgetItem


class TestsDock(ActionPanel):
    """An ActionPanel listing only the ruleset's tests (those the selected unit can take),
    with the tests due now above it (`due_list`, one item per (unit, test))."""

    __test__ = False  # not a pytest class, whatever its name

    def __init__(self, window) -> None:
        super().__init__(window, title=tr("Tests"), object_name="tests-dock", accept=is_test)
        window.editor.changed.connect(lambda _ids: self.refresh_due())
        window.editor.game_replaced.connect(self.refresh_due)

    def build_contents(self) -> None:
        """The action panel's widgets with the due list on top, then the game's state."""
        self._build()
        self.due_box = QGroupBox(self.tr("Due now"))
        lay = QVBoxLayout(self.due_box)
        lay.setContentsMargins(6, 4, 6, 4)
        from .due_list import DueList

        self.due_list = DueList()
        self.due_list.setToolTip(self.tr("Tests the turn has made due: click one to take it"))
        self.due_list.itemClicked.connect(self._due_chosen)
        self.due_list.itemActivated.connect(self._due_chosen)
        self.due_empty = QLabel(self.tr("No test is due."))
        self.due_empty.setStyleSheet("color: #555;")
        lay.addWidget(self.due_list)
        lay.addWidget(self.due_empty)
        self.splitter.insertWidget(0, self.due_box)
        self.splitter.setStretchFactor(0, 1)
        self._show_state()
        self.refresh_due()

    def due(self) -> list[dict]:
        """The due tests whose unit is still on the table and whose test the ruleset has."""
        game, rs = self.game, self.ruleset
        if game is None or rs is None:
            return []
        from engine import triggers

        known = {a.id for a in rs.actions}
        return [d for d in triggers.due(game) if game.on_table(d.get("unit", ""))
                and d.get("test") in known]

    def refresh_due(self) -> None:
        if not self.built:  # the build fills the list
            return
        game, rs = self.game, self.ruleset
        items = self.due()
        self.due_list.clear()
        for d in items:
            unit = game.unit(d["unit"])
            test = rs.action(d["test"])
            when = d.get("at", "").replace("_", " ")
            text = self.tr("{unit} — {test} ({when})").format(unit=unit.label,
                                                                test=test.label, when=when)
            self.due_list.add_due(text, (d["unit"], d["test"]), d.get("label"))
        self.due_list.setVisible(bool(items))
        self.due_empty.setVisible(not items)

    def due_texts(self) -> list[str]:
        return [self.due_list.item(i).text() for i in range(self.due_list.count())]

    def take_due(self, row: int) -> None:
        """Select the row's unit and its test (what clicking the row does)."""
        self._due_chosen(self.due_list.item(row))

    def _due_chosen(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        unit_id, test = item.data(Qt.ItemDataRole.UserRole)
        w = self.window_
        if getattr(w, "scene", None) is not None and w.scene.has_unit(unit_id):
            w.select_unit(unit_id)
        if self.actor_id != unit_id:
            self.set_actor(unit_id)
        try:
            self.set_action(test)
        except KeyError:
            self.say(self.tr("{0} cannot take {1}").format(unit_id, test), error=True)


def make(window) -> TestsDock:
    """The Tests dock (app.panels.dock_catalog tabs it with the Actions dock), for the unit
    and group selected now."""
    return follow_selection(window, TestsDock(window))
