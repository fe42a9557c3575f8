"""The Turn dock's chain of command: each unit under its commander, whether it may still
act, and what a passed action to it would meet (structures with passed actions).

A mixin of `TurnDock` (app/panels/turn_dock.py), which owns `tree`
(turn_views.CommandTree) and `tree_title`; the nodes are `engine.command_tree`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, Qt
from PySide6.QtGui import QColor

from app.i18n import loc

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTreeWidgetItem

#: The command tree's columns (structures with passed actions).
TREE_COLUMNS = (QT_TR_NOOP("Unit"), QT_TR_NOOP("May act"), QT_TR_NOOP("Passed action"))
#: A pass's outlook as coloured in the tree: no test, a test, impossible.
OUTLOOK_COLOURS = {"free": "#1f7a3a", "test": "#8a4b00", "impossible": "#b3261e"}


class CommandTreeRows:
    """The command tree's rows (mixed into TurnDock)."""

    def _show_tree(self, on: bool) -> None:
        self.tree_title.setVisible(on)
        self.tree.setVisible(on)

    def _fill_tree(self, game) -> None:
        """The acting side's chain of command (every side's when nobody acts), for
        structures with passed actions: each unit under its commander, whether it may still
        act, and whether it may receive a passed action now — from whom, on what terms."""
        from engine import command_tree
        s = self.structure
        self._show_tree(s.passes_allowed)
        keep = self.selected_unit()
        self.tree.blockSignals(True)
        self.tree.clear()
        if not s.passes_allowed:
            self.tree.blockSignals(False)
            return
        items: dict[str, QTreeWidgetItem] = {}
        for node in command_tree.command_tree(game, s, self.shown_side()):
            parent = items.get(node.commander) if node.commander else None
            items[node.unit] = self._tree_item(game, node, parent)
        self.tree.expandAll()
        if keep in items:
            items[keep].setSelected(True)
        self.tree.blockSignals(False)

    def _tree_item(self, game, node, parent: QTreeWidgetItem | None) -> QTreeWidgetItem:
        """One unit's row under its commander's: name, may act, what a pass would meet."""
        from engine import turns
        item = self.tree.new_item(parent)
        name = node.label
        if node.off_table:
            name += " " + self.tr("(under {0})").format(node.off_table)
        item.setText(0, name)
        item.setData(0, Qt.ItemDataRole.UserRole, node.unit)
        if node.actions_left:
            may = self.tr("acting ({0} left)").format(node.actions_left)
        elif node.may_act:
            may = self.tr("yes")
        else:
            may = self.tr("activated") if node.activated else self.tr("no")
        item.setText(1, may)
        item.setText(2, self._receive_text(game, node))
        item.setToolTip(2, self._receive_text(game, node, full=True))
        colour = OUTLOOK_COLOURS.get(node.outlook.kind) if node.outlook else None
        if node.passer is not None and node.receive is not None:
            colour = OUTLOOK_COLOURS["impossible"]
        if colour:
            item.setForeground(2, QColor(colour))
        if not node.may_act:
            for col in (0, 1):
                item.setForeground(col, QColor("#888"))
        if node.unit == turns.activating(game):
            for col in range(len(TREE_COLUMNS)):
                item.setBackground(col, QColor("#fff3c4"))
        return item

    def _receive_text(self, game, node, full: bool = False) -> str:
        """What a pass to the node would meet; the passer named when he is not the unit
        whose activation runs (or always, `full`, for the tool tip)."""
        from engine import turns
        if node.passer is None:
            return ""
        what = loc(node.receive) if node.receive is not None else \
            loc(node.outlook.text) if node.outlook is not None else self.tr("may receive")
        if node.receive is not None and (node.outlook is None
                                         or node.outlook.kind != "impossible"):
            what = self.tr("cannot: {0}").format(what)
        if full or node.passer != turns.activating(game):
            return self.tr("from {0}: {1}").format(self._name(game, node.passer), what)
        return what

    def tree_units(self) -> list[tuple[str, int, str, str]]:
        """The tree as shown: (unit id, depth, may act, passed action) in order."""
        out: list[tuple[str, int, str, str]] = []

        def walk(item: QTreeWidgetItem, depth: int) -> None:
            out.append((item.data(0, Qt.ItemDataRole.UserRole), depth, item.text(1),
                        item.text(2)))
            for i in range(item.childCount()):
                walk(item.child(i), depth + 1)

        for i in range(self.tree.topLevelItemCount()):
            walk(self.tree.topLevelItem(i), 0)
        return out

    def _tree_chosen(self) -> None:
        chosen = self.tree.selectedItems()
        if chosen:
            self.select_unit(chosen[0].data(0, Qt.ItemDataRole.UserRole))

