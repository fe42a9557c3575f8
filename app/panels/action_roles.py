"""The Actions dock's choices: the acting unit, the action, its roles and the board picks.

A mixin of `ActionPanel` (app/panels/action_panel.py): these methods fill the unit and
action lists and the role editors (`roles_view`) from the ruleset's declarations and
read them back as the play request's actor and roles. They keep no state of their own:
the dock's widgets and `actor_id`, `board_group` are it, so the dock stays the one
object tests and scripts drive (`set_actor`, `set_action`, `set_target`, `set_role` …).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.i18n import loc, tr, unit_choice

from .action_choices import actions_offered, roles_shown
from .list_sync import sync_combo

if TYPE_CHECKING:
    from engine.protocol import Action, GroupRef, TemplatePlacement

    from .roles_view import RoleEditor


class RoleChoices:
    """The unit, action and role choices of the Actions dock (mixed into ActionPanel,
    which owns the widgets: `actor_box`, `action_box`, `roles_view`, `facts_view` …)."""

    # --- the roles read back -----------------------------------------------------------------

    @property
    def target_id(self) -> str | None:
        ed = self._first("target", "unit")
        return ed.value() if ed is not None else None

    @property
    def target_ids(self) -> list[str]:
        ed = self._first("targets", "units")
        return list(ed.value() or []) if ed is not None else []

    @property
    def point(self) -> tuple[float, float] | None:
        """The point role's (or the template's) point; a point picked while the action
        has neither is kept for the next action that has one."""
        ed = self._first("point", "point", "template")
        return ed.point if ed is not None and ed.point is not None else self._loose_point

    def _first(self, name: str, *kinds: str) -> RoleEditor | None:
        ed = self.roles_view.editor(name)
        if ed is not None:
            return ed
        eds = [e for e in self.roles_view.of_kind(*kinds) if e.role.name != "actor"]
        return eds[0] if eds else None

    def set_actor(self, unit_id: str | None) -> None:
        """Make `unit_id` the acting unit (the target and targets are cleared)."""
        self.actor_id = unit_id
        self._loose_point = None
        self.roles_view.clear_values("unit", "units", "responder", "point", "template",
                                     "group")
        self._preset_group()
        self.facts_view.clear_overrides()
        self._fill_actors()
        self._fill_actions()
        self._fill_units()
        self.update_all()

    def set_action(self, action_id: str) -> None:
        i = self.action_box.findData(action_id)
        if i < 0:
            raise KeyError(f"action: {action_id!r} is not offered here")
        self.action_box.setCurrentIndex(i)

    def set_target(self, unit_id: str | None) -> None:
        """Fill the target role (the role named target, else the first one-unit role)."""
        ed = self._first("target", "unit")
        if ed is not None:
            ed.set_value(unit_id, emit=False)
        self.facts_view.clear_overrides()
        self._fill_units()
        self._default_responders()
        self.update_all()

    def set_targets(self, unit_ids: Sequence[str]) -> None:
        ed = self._first("targets", "units")
        if ed is not None:
            ed.set_value(list(unit_ids), emit=False)
        self._fill_units()
        self.update_all()

    def set_point(self, point: tuple[float, float] | None) -> None:
        ed = self._first("point", "point", "template")
        self._loose_point = point
        if ed is not None:
            ed.set_value(point, emit=False)
        self.update_all()

    def set_role(self, name: str, value: Any) -> None:
        """Fill role `name` with `value` (a unit id, ids, a group id, a point …)."""
        ed = self.roles_view.editor(name)
        if ed is None:
            raise KeyError(f"role: the action shown has no role {name!r}")
        ed.set_value(value)

    def _roles_changed(self, name: str) -> None:
        """A role was filled: a new unit to measure to drops the facts typed by hand."""
        if self._updating:
            return
        ed = self.roles_view.editor(name)
        if ed is not None and ed.role.kind in ("unit", "responder", "group"):
            self.facts_view.clear_overrides()
        self._default_responders()
        self._fill_answer()
        self.update_all()

    def _default_responders(self) -> None:
        """A responder role left empty answers with the target (the other side of a duel
        is, by default, the unit the action is aimed at)."""
        target = self.target_id
        if target is None:
            return
        for ed in self.roles_view.of_kind("responder"):
            if ed.value() is None:
                ed.set_value(target, emit=False)

    def _fill_actors(self) -> None:
        game = self.game
        box = self.actor_box
        box.blockSignals(True)
        sync_combo(box, [(tr("(select a unit on the board)"), None),
                         *((unit_choice(u), u.id)
                           for u in (game.units if game is not None else []))])
        box.setCurrentIndex(max(0, box.findData(self.actor_id)))
        box.blockSignals(False)

    def offered(self) -> list[Action]:
        """The actions listed for the acting unit (none without one)."""
        rs, game, actor = self.ruleset, self.game, self._unit(self.actor_id)
        if rs is None or game is None or actor is None:
            return []
        return actions_offered(rs, game, actor, self.accept)

    def readiness(self, actions: list[Action], target: str | None = None) -> dict:
        """Which of `actions` the actor can take now at `target` (the chosen target, else
        the nearest foe): app.panels.action_order; {} while the dock is hidden."""
        game, rs, actor = self.game, self.ruleset, self._unit(self.actor_id)
        if game is None or rs is None or actor is None or not self.isVisible():
            return {}
        from .action_order import readiness

        if target is None:
            ed = self._first("target", "unit")
            target = ed.value() if ed is not None else None
        return readiness(self.referee, rs, game, actor, actions, target)

    def _offered_ids(self) -> list[str]:
        return [a.id for a in self.offered()]

    def _listed_ids(self) -> list[str]:
        return [self.action_box.itemData(i) for i in range(self.action_box.count())]

    def _fill_actions(self) -> None:
        """List the actor's actions, those it can take now first and those refused now
        last, greyed, with why (app/panels/action_order.py); the chosen one stays chosen
        if the new actor has it."""
        from .action_order import by_readiness

        box = self.action_box
        keep = box.currentData()
        offered = self.offered()
        ready = self.readiness(offered)
        box.blockSignals(True)
        box.clear()
        for a in by_readiness(offered, ready):
            box.addItem(loc(a, self._ruleset_id()), a.id)
            refused = ready.get(a.id)
            if refused is not None and refused.ready is False:
                i = box.count() - 1
                box.setItemData(i, tr("Not now: {0}").format(loc(refused.why,
                                                                   self._ruleset_id())),
                                Qt.ItemDataRole.ToolTipRole)
                box.setItemData(i, QColor("#8a8a8a"), Qt.ItemDataRole.ForegroundRole)
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)
        self._action_chosen(box.currentIndex(), update=False)

    def groups(self) -> dict[str, GroupRef]:
        """The scenario's groups (id → GroupRef over the units on the table)."""
        game = self.game
        if game is None:
            return {}
        from engine.protocol import scenario_groups

        return scenario_groups(game.scenario)

    def _preset_group(self) -> None:
        """A group actor role starts as the group selected on the board when the acting
        unit is in it, else the (smallest) group the selected unit is in."""
        ed = self.roles_view.editor("actor")
        if ed is None or ed.role.kind != "group" or self.actor_id is None:
            return
        groups = self.groups()
        chosen = groups.get(self.board_group) if self.board_group else None
        if chosen is not None and self.actor_id in chosen.member_ids:
            hits = [chosen]
        else:
            hits = [g for g in groups.values() if self.actor_id in g.member_ids]
        if hits:
            ed.fill(self.game.units, self.actor_id, groups, [])
            ed.set_value(min(hits, key=lambda g: len(g.members)).id, emit=False)

    def use_group(self, group_id: str | None) -> None:
        """The group selected on the board (Shift+click on a member, app.groups) fills a
        group role of the action shown: the actor's when the acting unit is in that group,
        else the first other group role (a group target). None only forgets it."""
        self.board_group = group_id
        if not self.built:  # the build presets the actor's group from board_group
            return
        group = self.groups().get(group_id) if group_id else None
        if group is None:
            return
        editors = self.roles_view.of_kind("group")
        actor = self.roles_view.editor("actor")
        if actor in editors and self.actor_id in group.member_ids:
            target = actor
        else:
            target = next((e for e in editors if e is not actor), None)
        if target is not None and target.value() != group_id:
            target.set_value(group_id)

    def _actor_chosen(self, index: int) -> None:
        uid = self.actor_box.itemData(index)
        if uid is not None and self.window_.scene.has_unit(uid):
            self.window_.select_unit(uid)
        self.set_actor(uid)

    def _action_chosen(self, _index: int, *, update: bool = True) -> None:
        action = self.action
        self._set_role_rows(action)
        self.doc.setText(loc(action.doc, self._ruleset_id()) if action is not None else "")
        self.doc.setVisible(bool(self.doc.text()))
        self.options_view.set_options(action.options if action is not None else ())
        self.options_box.setVisible(action is not None and bool(action.options))
        self.options_box.set_count(len(action.options) if action is not None else 0)
        self.modifiers_view.set_steps(action.steps if action is not None else ())
        self.modifiers_box.setVisible(action is not None and bool(action.steps))
        self.dice_entry.clear_typed()
        if update:
            self.update_all()
        self.share_height()

    def _set_role_rows(self, action: Action | None) -> None:
        rs = self.ruleset
        roles = roles_shown(rs, action) if action is not None and rs is not None else ()
        self.roles_view.set_roles(roles)
        self._fill_units()
        self._preset_group()
        self.roles_box.setVisible(bool(self.roles_view.editors))

    def _pick_tool(self):
        tool = self.window_.tools.tools.get("pick")
        if tool is None:
            self.say(tr("The pick tool is not installed: choose from the list instead"), error=True)
        return tool

    def _request_pick(self, mode: str, prompt: str, on_pick, *, chosen=(),
                      allow_actor: bool = False) -> None:
        """A role editor asks the board for a unit, several units or a point."""
        tool = self._pick_tool()
        if tool is not None:
            exclude = [self.actor_id] if self.actor_id and not allow_actor else []
            tool.request(mode, prompt, on_pick, exclude=exclude, chosen=list(chosen))

    def pick_target(self) -> None:
        ed = self._first("target", "unit")
        if ed is not None:
            ed.request_pick()
        else:
            self._request_pick("unit", "Click the target", self.set_target)

    def pick_targets(self) -> None:
        ed = self._first("targets", "units")
        if ed is not None:
            ed.request_pick()
        else:
            self._request_pick("units", "Click the units (again to drop one)",
                               self.set_targets)

    def pick_point(self) -> None:
        ed = self._first("point", "point", "template")
        if ed is not None:
            ed.request_pick()
        else:
            self._request_pick("point", "Click the point", self.set_point)

    def _facts_target(self) -> str | None:
        """The unit the pair facts are measured to: the first one-unit role's, else the
        first of the first several-units role."""
        return self.target_id or (self.target_ids[0] if self.target_ids else None)

    def _actor_ref(self, action: Action) -> str | None:
        """The actor as facts and contexts take it: the group id for a group actor."""
        role = action.role("actor")
        if role is not None and role.kind == "group":
            ed = self.roles_view.editor("actor")
            return ed.value() if ed is not None else None
        return self.actor_id

    def _role_values(self, action: Action) -> dict[str, Any]:
        """The declared roles' values (the implicit template is facts-only)."""
        declared = {r.name for r in action.roles}
        return {k: v for k, v in self.roles_view.values().items() if k in declared}

    def _template(self) -> TemplatePlacement | None:
        eds = self.roles_view.of_kind("template")
        return eds[0].value() if eds else None

