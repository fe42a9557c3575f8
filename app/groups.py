"""Groups on the board: their outlines, and selecting a group through one of its members.

Shift+click a unit (with the Select tool) selects the unit and its innermost group (its
squad); Shift+click it again selects the group that group belongs to (the platoon, then the
company …) and, past the outermost one, no group. A plain click on a unit clears the group
selection. The selected group is `window.services.groups.selected_group_id`, announced by
`group_selected(id or None)`, outlined in amber and named in the status bar; an action that
takes a group as actor or target can read it there.

Off-table groups (an HQ off the board) have no figure on the table and draw no outline;
their member groups do. The outlines follow every change (moves, edits, undo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from shiboken6 import isValid

from app.board.groups_layer import GroupOutline, GroupsLayer
from app.board.paths import geometry_path
from app.i18n import loc
from app.panels.docks import dock_widgets

if TYPE_CHECKING:
    from engine.scenario import Scenario


def group_depth(scenario: Scenario, group_id: str, _seen: frozenset = frozenset()) -> int:
    """0 for a group of units; one more than its deepest member group otherwise."""
    known = {g.id: g for g in scenario.groups}
    inner = [m for m in known[group_id].members if m in known and m not in _seen]
    if not inner:
        return 0
    return 1 + max(group_depth(scenario, m, _seen | {group_id}) for m in inner)


class GroupsController(QObject):
    """Keeps the board's group outlines in line with the game, and the group selection."""

    group_selected = Signal(object)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.layer: GroupsLayer | None = None
        self.selected_group_id: str | None = None
        self._outlines: dict[str, GroupOutline] = {}
        self._climbing = False
        window.scene.scenario_changed.connect(lambda: self.rebuild())
        window.scene.add_text_layer(self.board_texts)
        window.editor.changed.connect(self._on_changed)
        window.selection_changed.connect(self._on_unit_selected)
        self.rebuild()

    # --- outlines ---------------------------------------------------------------------------

    def rebuild(self, ids: list[str] | None = None) -> None:
        """Outlines from the game on the board: of every group, or (given the ids a change
        touched) of the groups holding those units or groups and the groups above them. A
        new scenario clears the scene, and the layer with it: then it is put back whole."""
        scene = self.window.scene
        if self.layer is None or not isValid(self.layer) or self.layer.scene() is not scene:
            self.layer = GroupsLayer()
            scene.addItem(self.layer)
            self._outlines = {}
            ids = None
        editor = self.window.editor
        if not editor.has_game:
            self._outlines = {}
            self.layer.set_outlines([])
            return
        from geometry.formation import formation_outline

        scenario = editor.game.scenario
        on = {u.id: u for u in scenario.units}
        known = {g.id: g for g in scenario.groups}
        memo: dict[str, list[str]] = {}

        def units(gid: str, seen: frozenset = frozenset()) -> list[str]:
            if gid not in memo:
                g, out = known[gid], []
                for m in (*g.members, g.commander, g.deputy):
                    if m in known and m not in seen:
                        out += units(m, seen | {gid})
                    elif m in on:
                        out.append(m)
                memo[gid] = list(dict.fromkeys(out))
            return memo[gid]

        if ids is None:
            affected = set(known)
        else:
            touched = set(ids)
            affected = {gid for gid in known if gid in touched or touched & set(units(gid))}
            frontier = list(affected)
            while frontier:  # a squad's change moves its platoon's outline too
                gid = frontier.pop()
                for g in scenario.groups_of(gid):
                    if g.id not in affected:
                        affected.add(g.id)
                        frontier.append(g.id)
        for gid in affected:
            self._outlines.pop(gid, None)
            g = known[gid]
            members = [on[u] for u in units(gid)]
            if g.off_table or not members:
                continue
            depth = group_depth(scenario, gid)
            shape = formation_outline([u.polygon() for u in members], depth)
            side = g.side or members[0].side
            self._outlines[gid] = GroupOutline(gid, loc(g), scene.palette.colour(side),
                                               geometry_path(shape), depth)
        self._outlines = {gid: o for gid, o in self._outlines.items() if gid in known}
        self.layer.set_outlines([self._outlines[g.id] for g in scenario.groups
                                 if g.id in self._outlines])
        scene.place_texts()  # the names beside the unit labels
        if self.selected_group_id is not None and self.selected_group_id not in known:
            self.select_group(None)
        else:
            self.layer.set_selected(self.selected_group_id)

    def board_texts(self) -> list:
        """The groups' names (app.board.texts.BoardText) the board places."""
        layer = self.layer
        if layer is None or not isValid(layer) or layer.scene() is not self.window.scene:
            return []
        return layer.board_texts()

    def _on_changed(self, ids: list[str]) -> None:
        if self.window.editor.has_game and self.window.editor.game.scenario.groups:
            self.rebuild(list(ids))
        elif self._outlines:
            self.rebuild()

    # --- selection --------------------------------------------------------------------------

    def select_group(self, group_id: str | None) -> None:
        """Select a group (None clears); emits `group_selected`."""
        if group_id is not None:
            self.window.editor.game.group(group_id)  # ModelError naming an unknown id
        self.selected_group_id = group_id
        if self.layer is not None and isValid(self.layer):
            self.layer.set_selected(group_id)
        if group_id is None:
            self.window.statusBar().clearMessage()
        else:
            game = self.window.editor.game
            g = game.group(group_id)
            n = len(game.group_units(group_id))
            self.window.statusBar().showMessage(
                self.tr("Group: %1 (%2), %n unit(s) on the table", "", n)
                .replace("%1", loc(g)).replace("%2", loc(g.kind)))  # "squad" → "отделение"
        self.group_selected.emit(group_id)

    def select_group_of(self, unit_id: str) -> str | None:
        """Select the unit and its innermost group; when that group (or one holding it) is
        already selected, the next group out instead. Returns the group selected."""
        chain = [g.id for g in self.window.editor.game.scenario.top_groups_of(unit_id)]
        if self.selected_group_id in chain:
            k = chain.index(self.selected_group_id) + 1
            target = chain[k] if k < len(chain) else None
        else:
            target = chain[0] if chain else None
        self._climbing = True
        try:
            self.window.select_unit(unit_id)
        finally:
            self._climbing = False
        self.select_group(target)
        return target

    def _on_unit_selected(self, unit_id) -> None:
        if not self._climbing and self.selected_group_id is not None:
            self.select_group(None)


def install(window) -> GroupsController:
    """The controller; the action docks made before it (any with `use_group`) take the
    selected group as the actor or target of a group role (those made later follow it
    themselves: app.panels.action_panel.follow_selection)."""
    window.services.groups = GroupsController(window)
    for dock in dock_widgets(window):
        # looked up on the class: asking a dock not built yet (LazyDock) builds it
        if callable(getattr(type(dock), "use_group", None)):
            window.services.groups.group_selected.connect(dock.use_group)
    return window.services.groups
