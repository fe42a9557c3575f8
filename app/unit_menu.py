"""The menu on a unit: a right-click on a unit on the board offers what a player does with it.

- its actions (the ones the Actions dock lists for it, `actions_offered`): one opens the
  Actions dock on that unit and that action;
- its turn: the Turn dock's own buttons this turn's structure offers (Activate, Pass action,
  Spend, Next activation, End turn …), pressed for that unit;
- Properties…: the units tool with the unit chosen (its name and side);
- Remove: the units tool's Delete, one undoable change.

Nothing here decides or changes the game itself: every entry goes through the dock, tool or
button that already does that job, after selecting the unit as a click would. The menu
listens to the board's viewport for a right press and for context-menu events (the menu
key), so it works whatever tool is chosen, but for the panels' pick tool, whose right-click
ends a pick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QMenu

from app.i18n import loc, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QPushButton

    from engine.scenario import Unit

#: The tools whose own right-click comes first (the panels' pick tool ends a pick with it).
OWN_RIGHT_CLICK = frozenset({"pick"})
#: The Turn dock's buttons that act on the selected unit; its other buttons step the turn.
UNIT_BUTTONS = ("activate_button", "pass_button", "ambush_button", "spend_button")
STEP_BUTTONS = ("next_button", "end_button")


class UnitMenu(QObject):
    """Shows the menu on a unit; `menu` is the last one shown (tests read it),
    `menu_for(unit_id)` builds it without showing it."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.menu: QMenu | None = None
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        """A right press (the menu opens on the press, as X11's do) or a context-menu event
        (the menu key; a platform that sends one) on a unit shows its menu."""
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress:
            if event.button() != Qt.MouseButton.RightButton:
                return False
            at, at_global = event.position().toPoint(), event.globalPosition().toPoint()
        elif kind == QEvent.Type.ContextMenu:
            at, at_global = event.pos(), event.globalPos()
        else:
            return False
        active = self.window.tools.active
        if self.window.game is None or (active is not None and active.id in OWN_RIGHT_CLICK):
            return False
        item = self.window.view.unit_at(at)
        if item is None:
            return False
        self.show_at(item.unit.id, at_global)
        return True

    def show_at(self, unit_id: str, global_pos: QPoint) -> QMenu:
        """Select the unit (as a click would) and pop its menu up at `global_pos`."""
        self.window.select_unit(unit_id)
        self.menu = self.menu_for(unit_id)
        self.menu.popup(global_pos)
        return self.menu

    # --- the menu ---------------------------------------------------------------------------

    def menu_for(self, unit_id: str) -> QMenu:
        unit = self.window.game.unit(unit_id)
        menu = QMenu(self.window)
        menu.setObjectName("unit-menu")
        menu.addSection(unit.label)
        self._add_actions(menu, unit)
        self._add_turn(menu, unit)
        menu.addSeparator()
        menu.addAction(tr("Properties…"), lambda: self.properties(unit_id)).setObjectName(
            "unit-properties")
        menu.addAction(tr("Remove {unit}").format(unit=unit.label),
                       lambda: self.remove(unit_id)).setObjectName("unit-remove")
        return menu

    def _add_actions(self, menu: QMenu, unit: Unit) -> None:
        from app.panels.action_choices import actions_offered, is_action
        from engine.rulesets.registry import get_ruleset

        sub = menu.addMenu(tr("Actions"))
        sub.setObjectName("unit-actions")
        game = self.window.game
        try:
            rs = get_ruleset(game.scenario.ruleset)
        except KeyError:
            rs = None
        offered = [] if rs is None else actions_offered(rs, game, unit, is_action)
        for action in offered:
            sub.addAction(loc(action, rs.id),
                          lambda a=action.id, u=unit.id: self.open_action(u, a))
        if not offered:
            sub.addAction(tr("(none it can take now)")).setEnabled(False)

    def _add_turn(self, menu: QMenu, unit: Unit) -> None:
        dock = self.window.services.turn_dock
        if dock is None:
            return
        sub = menu.addMenu(tr("Turn"))
        sub.setObjectName("unit-turn")
        shown = dock.shown_buttons()
        for names in (UNIT_BUTTONS, STEP_BUTTONS):
            buttons = [getattr(dock, n) for n in names if getattr(dock, n) in shown]
            if buttons and not sub.isEmpty():
                sub.addSeparator()
            for button in buttons:
                entry = sub.addAction(button.text().replace("&", ""),
                                      lambda b=button, u=unit.id: self.press_turn(u, b))
                entry.setToolTip(button.toolTip())
                entry.setEnabled(button.isEnabled())

    # --- what the entries do, each through its own door -------------------------------------

    def open_action(self, unit_id: str, action_id: str) -> None:
        """The Actions dock shown on this unit with this action chosen."""
        panel = self.window.services.action_panel
        if panel is None:
            return
        self.window.select_unit(unit_id)
        panel.show()
        panel.raise_()
        if panel.actor_id != unit_id:
            panel.set_actor(unit_id)
        panel.set_action(action_id)

    def press_turn(self, unit_id: str, button: QPushButton) -> None:
        """The Turn dock shown with this unit chosen, and its button pressed."""
        dock = self.window.services.turn_dock
        self.window.select_unit(unit_id)
        dock.show()
        dock.raise_()
        dock.refresh()
        dock.select_unit(unit_id)
        button.click()

    def properties(self, unit_id: str) -> None:
        """The units tool, whose panel edits the chosen unit's name and side."""
        self.window.select_unit(unit_id)
        self.window.tools.activate("units")

    def remove(self, unit_id: str) -> None:
        """The units tool's Delete: one undoable change (Edit ▸ Undo brings it back)."""
        self.window.select_unit(unit_id)
        units = self.window.tools.tools["units"]
        label = self.window.game.unit(unit_id).label
        if units.delete():
            self.window.statusBar().showMessage(
                tr("Removed {unit} (Ctrl+Z brings it back)").format(unit=label), 8000)


def install(window) -> UnitMenu:
    return UnitMenu(window)
