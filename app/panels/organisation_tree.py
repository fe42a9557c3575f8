"""The Organisation dock's tree (`OrganisationTree`: the drop onto a group, the filling
from the game) and the list of the ruleset's remarks under it (`NotesList`): imported when
the dock is first built, so the start-up creates none of the tree, list and item-view
classes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from app.i18n import loc, side_text, tr

from .organisation_words import ID_ROLE, UNGROUPED, kind_label

if TYPE_CHECKING:
    from engine.model import Game


class OrganisationTree(QTreeWidget):
    """The tree; a drop of selected items on a group item asks the dock to move them
    there (`dropped(target_item)`), the tree itself moves nothing."""

    dropped = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels([tr("Name"), tr("Kind"), tr("Post")])
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        head = self.header()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        target = self.itemAt(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()  # the dock rebuilds the tree from the game; Qt moves nothing
        self.dropped.emit(target)

    def mimeData(self, items: Sequence[QTreeWidgetItem]) -> QMimeData:  # noqa: N802
        return super().mimeData(list(items))

    def fill(self, game: Game, post_of: Callable[[object, str], str]) -> None:
        """Add the game's groups, their units and the units in no group (the tree is
        empty): `post_of(group, unit id)` is the unit's post mark."""
        from engine import organisation
        scenario = game.scenario
        known = {g.id: g for g in scenario.groups}
        units = {u.id: u for u in scenario.units}
        inner = {m for g in scenario.groups for m in g.members if m in known}
        listed: set[str] = set()
        kinds = {k.id: kind_label(k) for k in organisation.kinds_offered(game)[0]}

        def unit_item(parent: QTreeWidgetItem, uid: str, group, post: str = "") -> None:
            u = units.get(uid)
            name = u.label if u is not None else uid
            item = QTreeWidgetItem(parent, [name, "", post])
            item.setData(0, ID_ROLE, ("unit", uid, group.id if group else None))
            item.setToolTip(0, uid if u is not None else tr("%1: not on the table")
                            .replace("%1", uid))
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsDropEnabled)
            listed.add(uid)

        def group_item(parent, g, owner, seen: frozenset) -> None:
            label = loc(g) + ("  " + tr("(off the table)") if g.off_table else "")
            item = QTreeWidgetItem(parent, [label, kinds.get(g.kind, g.kind), ""])
            item.setData(0, ID_ROLE, ("group", g.id, owner))
            item.setToolTip(0, loc(g) + (f" · {side_text(g.side)}" if g.side else ""))
            for m in g.members:
                if m in known and m not in seen:
                    group_item(item, known[m], g.id, seen | {g.id})
                else:
                    unit_item(item, m, g, post_of(g, m))
            for key in ("commander", "deputy"):
                leader = getattr(g, key)
                if leader and leader not in g.members:
                    unit_item(item, leader, None, post_of(g, leader))
                    item.child(item.childCount() - 1).setData(
                        0, ID_ROLE, ("leader", leader, g.id))

        for g in scenario.groups:
            if g.id not in inner:
                group_item(self, g, None, frozenset())
        loose = [u for u in scenario.units if u.id not in listed]
        if loose:
            head = QTreeWidgetItem(self, [tr("Not in a group"), "", ""])
            head.setData(0, ID_ROLE, (UNGROUPED, "", None))
            head.setFlags(head.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            for u in loose:
                unit_item(head, u.id, None)


class NotesList(QListWidget):
    """The ruleset's remarks on the organisation, a few lines high."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMaximumHeight(110)
