"""The action panel: pick a unit and an action, see the facts and the exact odds, roll or
type the dice, watch the steps, apply the effects as one undoable change.

Built only from the ruleset protocol (`engine.protocol`): the actions, their roles,
facts and options are read from the ruleset's declarations, so a ruleset added later shows
up here without a new widget. The panel decides nothing itself: it turns its widgets into
an `engine.play.PlayRequest` and shows what the referee (`engine.play.Referee`) returns:

- `plan`: the facts measured on the board (overridable row by row) and the Context;
- the action list is `Ruleset.actions_for(the selected unit)`: only what it can take;
- `odds` for the chart; `roll` with the app's dice (logged at once, applied or not) or
  `preview` of the typed faces (not a roll: shown as typed, logged only when applied);
- `cost` for the cost line, and Apply is `apply`: the cost charged, one Change on the
  editor's undo stack, the log lines; the board follows the editor's `changed` signal.

The same class, filtered on `Action.kind`, is the Tests dock (app/panels/tests_dock.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TR_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.i18n import current_language, loc, tr
from engine.i18n import said

from .action_choices import (  # noqa: F401 (the docks' names, kept importable here)
    actions_offered,
    answerable,
    game_rules,
    implicit_template,
    is_action,
    is_test,
    profile_of,
    roles_shown,
    weapon_choices,
)
from .docks import LazyDock, add_view_dock
from .list_sync import sync_combo

# The contents' widget modules (roles, facts, options, modifiers, odds, dice, steps) are
# imported when the dock is first built (`_build`): the window is complete without them.
if TYPE_CHECKING:
    from engine.joint import JointContext, JointResolution
    from engine.model import Game
    from engine.play import Plan, PlayRequest, Priced, Referee, Rolled, TypedRun
    from engine.protocol import (
        Action,
        Context,
        Facts,
        GroupRef,
        Resolution,
        Ruleset,
        TemplatePlacement,
    )
    from engine.roll_log import RerollTracker
    from engine.scenario import Unit

    from .roles_view import RoleEditor

NONE = "—"
ERROR_STYLE = "color: #b3261e;"
OK_STYLE = "color: #1f7a3a;"


class ActionPanel(LazyDock):
    """The dock. It lists the actions the selected unit can take (`Ruleset.actions_for`)
    that `accept(action)` keeps (all but tests here).

    Widgets tests and scripts drive: `actor_box`, `action_box`, `roles_view` (one editor
    per declared role, by kind: `roles_view.editor(name)`), `facts_view`, `options_view`,
    `odds_chart`, `dice_entry`, `steps_view`, `answer_box` (return fire: `responder_box`,
    `answer_action_box`, `answer_steps`), `apply_button`, `copy_bbcode`, `copy_markdown`,
    `message`. A role editor's widgets: `roles_view.part(role name, "combo" | "pick" |
    "list" | "shape" | "row", *kinds)` (a hidden stand-in when the action has no such role).
    State: `context` (the validated Context or None), `resolution` (complete, not yet
    applied), `shown_resolution` (the last complete one shown, applied or not).
    Signal `applied(Resolution)` after Apply.
    """

    applied = Signal(object)

    def __init__(self, window, *, title: str = QT_TR_NOOP("Actions"),
                 object_name: str = "action-panel",
                 accept: Callable[[Action], bool] = is_action) -> None:
        super().__init__(tr(title), window)
        self.setObjectName(object_name)
        self.window_ = window
        self.accept = accept
        self.actor_id: str | None = None
        #: the group selected on the board (app.groups), the first choice of a group role
        self.board_group: str | None = None
        self.context: Context | JointContext | None = None
        self.resolution: Resolution | JointResolution | None = None
        self.shown_resolution: Resolution | JointResolution | None = None
        self._loose_point: tuple[float, float] | None = None
        self.run: TypedRun | None = None
        self._updating = False
        self._stale = True
        #: the validated plan shown (engine.play), and the roll shown (app dice or typed)
        self.plan: Plan | None = None
        self.rolled: Rolled | None = None
        self._referee: Referee | None = None  # made when first wanted (`referee`)
        # the contents are built when the panel is first shown or asked for (LazyDock)
        window.selection_changed.connect(self._selection_changed)
        window.editor.changed.connect(lambda _ids: self._board_changed())
        window.editor.game_replaced.connect(self._game_replaced)

    def build_contents(self) -> None:
        """The widgets, then the game, actor and group of the moment (what the signals
        before the build left in `actor_id` and `board_group`)."""
        self._build()
        self._show_state()

    def _show_state(self) -> None:
        game = self.game
        if game is None:
            return
        if self.actor_id is not None and not game.on_table(self.actor_id):
            self.actor_id = None
        self._referee = None
        self.rolled = None
        self._fill_actors()
        self._fill_actions()
        self._preset_group()
        self._fill_units()
        self.update_all()
        if self.board_group is not None:
            self.use_group(self.board_group)

    @property
    def referee(self) -> Referee:
        """The play service over this game (engine.play): made on first use, again for
        each game (its re-roll tracking is read from that game's log)."""
        if self._referee is None:
            from engine.play import Referee

            self._referee = Referee(self.editor)
        return self._referee

    @property
    def rerolls(self) -> RerollTracker:
        """Which unapplied roll a new roll would re-roll (the referee's)."""
        return self.referee.rerolls

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        from .odds_chart import OddsChart

        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)

        self.actor_box = QComboBox()
        self.actor_box.setToolTip(tr("The acting unit (or select it on the board)"))
        self.actor_box.activated.connect(self._actor_chosen)
        self.action_box = QComboBox()
        self.action_box.currentIndexChanged.connect(self._action_chosen)
        self.doc = QLabel()
        self.doc.setWordWrap(True)
        self.doc.setStyleSheet("color: #555;")
        head = QFormLayout()
        head.addRow(tr("Unit"), self.actor_box)
        head.addRow(tr("Action"), self.action_box)
        lay.addLayout(head)
        lay.addWidget(self.doc)

        self._build_setup(lay)
        self.odds_chart = OddsChart()
        results = self._build_results()
        lay.addStretch(1)
        self._lay_out(body, results)

    def _build_setup(self, lay: QVBoxLayout) -> None:
        """Roles, facts, options, modifiers and the return fire, one group each."""
        from .facts_view import FactsView
        from .modifiers_view import ModifiersView
        from .options_view import OptionsView
        from .roles_view import RolesView

        self.roles_box = QGroupBox(self.tr("Roles"))
        self.roles_view = RolesView(self._request_pick)
        self.roles_view.changed.connect(self._roles_changed)
        QVBoxLayout(self.roles_box).addWidget(self.roles_view)
        lay.addWidget(self.roles_box)

        self.facts_box = QGroupBox(tr("Facts from the board"))
        self.facts_view = FactsView()
        self.facts_view.changed.connect(self.update_all)
        QVBoxLayout(self.facts_box).addWidget(self.facts_view)
        lay.addWidget(self.facts_box)

        self.options_box = QGroupBox(tr("Options"))
        self.options_view = OptionsView()
        self.options_view.changed.connect(self.update_all)
        QVBoxLayout(self.options_box).addWidget(self.options_view)
        lay.addWidget(self.options_box)

        self.modifiers_box = QGroupBox(self.tr("Modifiers agreed at the table"))
        self.modifiers_box.setToolTip(self.tr(
            "A modifier the rules do not list (smoke, a GM ruling) for one step: to its "
            "target, its roll, the dice in its pool or its die step"))
        self.modifiers_view = ModifiersView()
        self.modifiers_view.changed.connect(self.update_all)
        QVBoxLayout(self.modifiers_box).addWidget(self.modifiers_view)
        lay.addWidget(self.modifiers_box)

        self.answer_box = QGroupBox(self.tr("With return fire"))
        self.answer_box.setToolTip(self.tr(
            "The unit that answers acts on the actor; both are resolved against the table "
            "as it is now (one prior state), with joint odds and one undoable change"))
        answer = QFormLayout(self.answer_box)
        self.responder_box = QComboBox()
        self.responder_box.currentIndexChanged.connect(self._responder_chosen)
        answer.addRow(self.tr("Answered by"), self.responder_box)
        self.answer_action_box = QComboBox()
        self.answer_action_box.currentIndexChanged.connect(lambda _i: self.update_all())
        answer.addRow(self.tr("with"), self.answer_action_box)
        self.answer_weapon_box = QComboBox()
        self.answer_weapon_box.currentIndexChanged.connect(lambda _i: self.update_all())
        answer.addRow(self.tr("weapon"), self.answer_weapon_box)
        lay.addWidget(self.answer_box)

    def _build_results(self) -> QWidget:
        """The dice, the steps side by side (return fire), the cost and the buttons."""
        from .dice_entry import DiceEntry
        from .steps_view import StepsView

        results = QWidget()
        res = QVBoxLayout(results)
        res.setContentsMargins(6, 0, 6, 6)
        self.dice_box = QGroupBox(tr("Dice"))
        self.dice_entry = DiceEntry()
        self.dice_entry.roll_requested.connect(lambda _seed: self.roll())
        self.dice_entry.typed_changed.connect(self._typed_changed)
        self.dice_entry.mode_changed.connect(lambda _m: self._dice_setup_changed())
        QVBoxLayout(self.dice_box).addWidget(self.dice_entry)
        res.addWidget(self.dice_box)
        res.addWidget(QLabel(tr("<b>Steps</b>")))
        self.steps_view = StepsView()
        self.answer_steps = StepsView()
        self.answer_steps.setPlaceholderText(self.tr("The answer's steps."))
        self.answer_steps.hide()
        side = QSplitter(Qt.Orientation.Horizontal)
        side.setChildrenCollapsible(False)
        side.addWidget(self.steps_view)
        side.addWidget(self.answer_steps)
        res.addWidget(side, 1)
        self.joint_effects = QLabel()
        self.joint_effects.setWordWrap(True)
        self.joint_effects.hide()
        res.addWidget(self.joint_effects)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        res.addWidget(self.message)
        self.apply_button = QPushButton(tr("Apply"))
        self.apply_button.setToolTip(tr("Apply the effects as one undoable change and log it"))
        self.apply_button.clicked.connect(self.apply)
        self.copy_bbcode = QPushButton(tr("Copy BBCode"))
        self.copy_bbcode.clicked.connect(lambda: self.copy("bbcode"))
        self.copy_markdown = QPushButton(tr("Copy Markdown"))
        self.copy_markdown.clicked.connect(lambda: self.copy("markdown"))
        self.ignore_cost = QCheckBox(self.tr("Ignore cost"))
        self.ignore_cost.setToolTip(self.tr(
            "Apply even when the action's cost (AP, actions, once per turn …) is not "
            "available: the real table wins; the ledger marks it"))
        self.ignore_cost.toggled.connect(lambda _on: self._show_cost())
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        res.addWidget(self.cost_label)
        #: The action's notes at this context (Action.notes: a resource not used yet …).
        self.notes_label = QLabel()
        self.notes_label.setWordWrap(True)
        self.notes_label.setStyleSheet("color: #555;")
        res.addWidget(self.notes_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.ignore_cost)
        buttons.addWidget(self.apply_button, 1)
        buttons.addWidget(self.copy_bbcode)
        buttons.addWidget(self.copy_markdown)
        res.addLayout(buttons)
        return results

    def _lay_out(self, body: QWidget, results: QWidget) -> None:
        """The set-up (scrolling), the chart and the results, one above the other."""
        self.setup_scroll = QScrollArea()
        self.setup_scroll.setWidgetResizable(True)
        self.setup_scroll.setWidget(body)
        chart = QWidget()
        QVBoxLayout(chart).addWidget(self.odds_chart)
        chart.layout().setContentsMargins(6, 0, 6, 0)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        # the setup (unit, action, roles: a squad list's rows) takes the larger share; the
        # steps' box, empty until the dice are in, scrolls its text
        for i, (w, stretch) in enumerate(((self.setup_scroll, 6), (chart, 2),
                                          (results, 3))):
            self.splitter.addWidget(w)
            self.splitter.setStretchFactor(i, stretch)
        self.splitter.setMinimumWidth(420)
        self.setWidget(self.splitter)
        self._set_role_rows(None)
        self._set_buttons()

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

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.update_all()

    # --- the game and the units -------------------------------------------------------------

    @property
    def editor(self):
        return self.window_.editor

    @property
    def game(self) -> Game | None:
        return self.editor.game if self.editor.has_game else None

    def _ruleset_id(self) -> str | None:
        """The game's ruleset id (for names and labels in the interface's language)."""
        game = self.game
        return game.scenario.ruleset if game is not None else None

    @property
    def ruleset(self) -> Ruleset | None:
        game = self.game
        if game is None:
            return None
        from engine.rulesets.registry import get_ruleset

        try:
            return get_ruleset(game.scenario.ruleset)
        except KeyError:
            return None

    @property
    def action(self) -> Action | None:
        rs, aid = self.ruleset, self.action_box.currentData()
        if rs is None or aid is None:
            return None
        try:
            return rs.action(aid)
        except KeyError:
            return None

    def _game_replaced(self) -> None:
        self.actor_id = None
        self._referee = None
        if not self.built:  # the build reads the new game
            return
        self.roles_view.clear_values()
        self.rolled = None
        self._fill_actors()
        self._fill_actions()
        self.update_all()

    def _board_changed(self) -> None:
        game = self.game
        if game is None or not self.built:  # the build reads the board as it is then
            return
        if self.actor_id is not None and not game.on_table(self.actor_id):
            self.actor_id = None
        for ed in self.roles_view.of_kind("unit", "responder"):
            if ed.value() is not None and not game.on_table(ed.value()):
                ed.set_value(None, emit=False)
        for ed in self.roles_view.of_kind("units"):
            ed.set_value([t for t in ed.value() or [] if game.on_table(t)], emit=False)
        self._fill_actors()
        if self._offered_ids() != self._listed_ids():   # the actor's profile was edited
            self._fill_actions()
        self._fill_units()
        self.update_all()

    def _selection_changed(self, unit_id: str | None) -> None:
        if unit_id is not None and not self.built:
            self.actor_id = unit_id  # the build starts with it
            return
        if unit_id is not None and unit_id != self.actor_id:
            self.set_actor(unit_id)

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
                         *((f"{u.label} ({u.side})", u.id)
                           for u in (game.units if game is not None else []))])
        box.setCurrentIndex(max(0, box.findData(self.actor_id)))
        box.blockSignals(False)

    def offered(self) -> list[Action]:
        """The actions listed for the acting unit (none without one)."""
        rs, game, actor = self.ruleset, self.game, self._unit(self.actor_id)
        if rs is None or game is None or actor is None:
            return []
        return actions_offered(rs, game, actor, self.accept)

    def _offered_ids(self) -> list[str]:
        return [a.id for a in self.offered()]

    def _listed_ids(self) -> list[str]:
        return [self.action_box.itemData(i) for i in range(self.action_box.count())]

    def _fill_actions(self) -> None:
        """List the actor's actions; the chosen one stays chosen if the new actor has it."""
        box = self.action_box
        keep = box.currentData()
        box.blockSignals(True)
        box.clear()
        for a in self.offered():
            box.addItem(loc(a, self._ruleset_id()), a.id)
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

    def _fill_units(self) -> None:
        game, rs = self.game, self.ruleset
        actor = self._unit(self.actor_id)
        weapons = weapon_choices(rs, game, actor) \
            if rs is not None and game is not None and actor is not None else []
        self.roles_view.fill(game.units if game is not None else [], self.actor_id,
                             self.groups(), weapons)
        self._fill_answer()

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

    # --- return fire ------------------------------------------------------------------------

    def _answerable(self, action: Action | None) -> bool:
        return answerable(action)

    def _fill_answer(self) -> None:
        game, action = self.game, self.action
        shown = self._answerable(action)
        self.answer_box.setVisible(shown)
        box = self.responder_box
        keep = box.currentData()
        box.blockSignals(True)
        sync_combo(box, [(self.tr("(nobody: this action alone)"), None), *(
            (f"{u.label} ({u.side})", u.id) for u in (game.units if shown and game else ())
            if u.id != self.actor_id)])
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)
        self._fill_answer_actions()

    def _fill_answer_actions(self) -> None:
        game, rs, action = self.game, self.ruleset, self.action
        box = self.answer_action_box
        keep = box.currentData() or (action.id if action is not None else None)
        box.blockSignals(True)
        box.clear()
        who = self._unit(self.responder_box.currentData())
        if who is not None and rs is not None and game is not None:
            for a in actions_offered(rs, game, who, lambda a: a.kind == "action"):
                box.addItem(loc(a, rs.id), a.id)
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)
        box.setEnabled(who is not None)
        weapons = weapon_choices(rs, game, who) if who is not None and rs is not None else []
        wbox = self.answer_weapon_box
        keep = wbox.currentData()
        wbox.blockSignals(True)
        wbox.clear()
        wbox.addItem(self.tr("(the unit's own)"), None)
        for wid, name in weapons:
            wbox.addItem(name, wid)
        # the answer fires its first weapon unless another is chosen
        i = wbox.findData(keep) if keep is not None else -1
        wbox.setCurrentIndex(i if i >= 0 else (1 if weapons else 0))
        wbox.blockSignals(False)
        wbox.setEnabled(who is not None)

    def _responder_chosen(self, _index: int) -> None:
        self._fill_answer_actions()
        self.update_all()

    def set_responder(self, unit_id: str | None, action_id: str | None = None) -> None:
        """Answer the action with `unit_id`'s `action_id` (default: the same action);
        None resolves the action alone."""
        self.responder_box.setCurrentIndex(max(0, self.responder_box.findData(unit_id)))
        if action_id is not None:
            i = self.answer_action_box.findData(action_id)
            if i < 0:
                raise KeyError(f"return fire: {unit_id} cannot take {action_id!r}")
            self.answer_action_box.setCurrentIndex(i)
        self.update_all()

    def _unit(self, unit_id: str | None) -> Unit | None:
        game = self.game
        if unit_id is None or game is None or not game.on_table(unit_id):
            return None
        return game.unit(unit_id)

    # --- choices ----------------------------------------------------------------------------

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
        self.options_box.setVisible(action is not None)
        self.modifiers_view.set_steps(action.steps if action is not None else ())
        self.modifiers_box.setVisible(action is not None and bool(action.steps))
        self.dice_entry.clear_typed()
        if update:
            self.update_all()

    def _set_role_rows(self, action: Action | None) -> None:
        rs = self.ruleset
        roles = roles_shown(rs, action) if action is not None and rs is not None else ()
        self.roles_view.set_roles(roles)
        self._fill_units()
        self._preset_group()
        self.roles_box.setVisible(bool(self.roles_view.editors))

    # --- picking on the board ---------------------------------------------------------------

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

    # --- the pipeline: facts → context → odds → dice ----------------------------------------

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

    def request(self) -> PlayRequest:
        """What the panel shows as the referee's request (ValueError says what is
        missing)."""
        from engine.play import Answer, PlayRequest

        game, rs, action = self.game, self.ruleset, self.action
        if game is None or rs is None:
            raise ValueError("no game with a known ruleset is open")
        if self._unit(self.actor_id) is None:
            raise ValueError("select the acting unit on the board")
        if action is None:
            raise ValueError("choose an action")
        ref = self._actor_ref(action)
        if ref is None:
            raise ValueError("choose the acting group")
        roles = self._role_values(action)
        roles.pop("actor", None)
        responder = self.responder_box.currentData() if self._answerable(action) else None
        answer = None if responder is None else Answer(
            responder, self.answer_action_box.currentData(),
            self.answer_weapon_box.currentData())
        return PlayRequest(
            game, action.id, ref, roles=roles, point=self.point, template=self._template(),
            options=self.options_view.values(), overrides=self.facts_view.overrides(),
            modifiers=tuple(self.modifiers_view.modifiers()), answer=answer, ruleset=rs)

    def measure(self) -> Facts:
        """The action's facts as the board gives them (the referee's measurement)."""
        from engine.protocol import Facts

        try:
            request = self.request()
        except ValueError:
            return Facts()
        return self.referee.measure(request)

    def build_context(self) -> Context | JointContext:
        """The validated Context of what the panel shows — with return fire chosen, the
        JointContext of the action and its answer (ValueError/KeyError says why not)."""
        self.plan = self.referee.plan(self.request())
        return self.plan.context

    def update_all(self) -> None:
        """Re-read everything after any change: facts, context, odds, then the dice.
        A hidden panel only notes that it is stale and catches up when shown."""
        if self._updating:
            return
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        self._updating = True
        try:
            self._update()
        finally:
            self._updating = False

    def _update(self) -> None:
        from engine.protocol import Facts, MissingRole

        from .roles_view import role_prompt
        action, rs = self.action, self.ruleset
        self.context = self.plan = None
        self.resolution = self.rolled = None
        self.notes_label.clear()
        self.notes_label.setVisible(False)
        note = ""
        try:
            measured = self.measure()
        except (ValueError, KeyError) as err:
            measured, note = Facts(), _text(err)
        specs = rs.fact_specs(action) if action is not None and rs is not None else ()
        self.facts_view.set_facts(specs, measured, rs.cover if rs is not None else None, note)
        self.facts_box.setVisible(bool(specs))
        try:
            self.context = self.build_context()
        except MissingRole as ask:  # the next thing to choose, not a mistake
            self.context = None
            prompt = role_prompt(ask.role, ask.action.label, self._ruleset_id())
            self.odds_chart.set_distribution(None, prompt)
            self.say(prompt if self.actor_id is not None else "")
            self._show_dice_state()
            return
        except (ValueError, KeyError) as err:
            self.odds_chart.set_distribution(None, _text(err))
            self.say(_text(err) if self.actor_id is not None else "", error=True)
            self._show_dice_state()
            return
        try:
            odds = self.referee.odds(self.plan)
            self.notes_label.setText("\n".join(odds.notes))
            self.notes_label.setVisible(bool(odds.notes))
            self.odds_chart.set_distribution(odds.distribution)
            self.say("")
        except (ValueError, KeyError) as err:
            self.odds_chart.set_distribution(None, tr("Not possible: {0}").format(
                loc(_text(err), self._ruleset_id())))
            self.say(tr("Not possible: {0}").format(loc(_text(err), self._ruleset_id())),
                     error=True)
        self._show_dice_state()

    def _dice_setup_changed(self) -> None:
        self.resolution = self.rolled = None
        self._show_dice_state()

    def _show_dice_state(self) -> None:
        """App dice: wait for Roll. Typed dice: resolve with what is typed so far."""
        ctx = self.context
        self.dice_entry.roll_button.setEnabled(ctx is not None)
        if self.dice_entry.mode == "typed":
            self._typed_changed()
        elif self.resolution is None:
            self.steps_view.clear_steps()
            self.shown_resolution = None
        self._set_buttons()

    # --- dice -------------------------------------------------------------------------------

    def roll(self, seed: int | None = None) -> Resolution | None:
        """Roll the app's dice through the referee at `seed` (default: the seed shown; a
        seed given here, or typed into the field, is logged as chosen): the roll is logged
        at once, applied or not, a re-roll of an unapplied roll named as one."""
        from engine.play import AppDice

        plan = self.plan
        if plan is None:
            return None
        chosen = seed is not None or self.dice_entry.seed_chosen
        seed = self.dice_entry.seed() if seed is None else seed
        try:
            rolled = self.referee.roll(plan, AppDice(seed, chosen))
        except (ValueError, KeyError) as err:
            self._show_refusal([], _text(err))
            return None
        self.rolled = rolled
        self._show_complete(rolled.resolution)
        self.dice_entry.set_message(
            self.tr("Rolled with the sealed dice.") if rolled.seed is None
            else self.tr("Rolled with the app's dice, seed {seed}.").format(seed=rolled.seed),
            "ok")
        return rolled.resolution

    def _typed_changed(self) -> None:
        """Typed dice are previewed (not rolls: nothing is logged until Apply)."""
        from .dice_entry import group_text

        plan = self.plan
        entry = self.dice_entry
        if plan is None:
            entry.set_groups([])
            self.steps_view.clear_steps()
            self.resolution = self.shown_resolution = self.rolled = None
            self._set_buttons()
            return
        run = self.referee.preview(plan, entry.values())
        self.run = run
        entry.set_groups(run.groups)
        err = run.error
        if run.resolution is not None:
            entry.mark_refused(None)
            entry.set_message(tr("All dice entered.") if run.groups else tr("No dice needed."),
                              "ok")
            self.rolled = self.referee.typed(run)
            self._show_complete(run.resolution)
            return
        self.resolution = self.shown_resolution = self.rolled = None
        pending = group_text(run.needs) if run.needs else ""
        if run.refusal is not None:
            self._show_refusal(run.steps, run.refusal)
        elif err is not None and err.reason == "face":
            entry.mark_refused(err.position)
            entry.set_message(loc(said(err)), "error")
            self.steps_view.show_steps(run.steps, pending=pending, ruleset=self._ruleset_id())
        elif err is not None:
            entry.mark_refused(None)
            entry.set_message(_dice_prompt(err), "info")
            self.steps_view.show_steps(run.steps, pending=pending, ruleset=self._ruleset_id())
        self._set_buttons()

    def _show_complete(self, res: Resolution | JointResolution) -> None:
        self.resolution = self.shown_resolution = res
        self._show_steps(res)
        self._set_buttons()

    def _show_steps(self, res: Resolution | JointResolution) -> None:
        """One resolution's steps; a joint one's side by side, the merged effects below."""
        from engine.joint import JointResolution
        from engine.wording import change_words
        joint = isinstance(res, JointResolution)
        self.answer_steps.setVisible(joint)
        self.joint_effects.setVisible(joint)
        if not joint:
            self.steps_view.show_steps(res.steps, effects=change_words(res.change, res.names),
                                       summary=res.summary, ruleset=res.ruleset)
            return
        first, *rest = res.resolutions
        rs = first.ruleset
        names = {k: v for r in res.resolutions for k, v in r.names.items()}

        def said(r: Resolution) -> str:
            return tr("{action} ({actor}): {summary}").format(
                action=loc(r.action_label, rs), actor=names.get(r.actor, r.actor),
                summary=loc(r.summary, rs))

        self.steps_view.show_steps(first.steps, summary=said(first), ruleset=rs)
        self.answer_steps.show_steps([s for r in rest for s in r.steps],
                                     summary="; ".join(said(r) for r in rest), ruleset=rs)
        effects = "; ".join(loc(e, rs) for e in change_words(res.change, names)) \
            or self.tr("none")
        notes = "".join(f"<br><i>{loc(n, rs)}</i>" for n in res.notes)
        self.joint_effects.setText(self.tr("<b>Effects (merged)</b>: ") + effects + notes)

    def _show_refusal(self, steps, text: str) -> None:
        self.resolution = self.shown_resolution = self.rolled = None
        self.answer_steps.hide()
        self.joint_effects.hide()
        self.steps_view.show_steps(steps, refusal=text, ruleset=self._ruleset_id())
        self.dice_entry.set_message(tr("Not possible: {0}").format(loc(text,
                                                                      self._ruleset_id())),
                                    "error")
        self._set_buttons()

    def priced(self) -> Priced | None:
        """What Apply would charge (the referee's price of the roll shown, else the
        declared cost) and why it cannot be paid; None without a plan."""
        if self.plan is None:
            return None
        try:
            return self.referee.cost(self.plan, self.rolled)
        except (ValueError, KeyError) as err:
            from engine.play import Priced

            return Priced(None, _text(err))

    def cost_refusal(self) -> str | None:
        """Why the chosen action's cost cannot be paid now (engine.costs)."""
        priced = self.priced()
        return priced.refusal if priced is not None else None

    @property
    def lead_context(self) -> Context | None:
        """The chosen action's own Context (the first of a joint one)."""
        return self.plan.lead if self.plan is not None else None

    def _show_cost(self) -> None:
        """The action's cost, and the refusal when it is not available."""
        priced = self.priced()
        cost = priced.cost if priced is not None else None
        why = priced.refusal if priced is not None else None
        if cost is not None:
            from engine.costs import describe_cost
        self.ignore_cost.setVisible(cost is not None)
        if cost is None:
            self.cost_label.clear()
        elif why and self.ignore_cost.isChecked():
            self.cost_label.setText(self.tr("Cost: {0} — not available ({1}); applied anyway")
                                    .format(loc(describe_cost(cost)), loc(why)))
        elif why:
            self.cost_label.setText(self.tr("Cost: {0} — not available: {1}")
                                    .format(loc(describe_cost(cost)), loc(why)))
        else:
            self.cost_label.setText(self.tr("Cost: {0}").format(loc(describe_cost(cost))))
        self.cost_label.setStyleSheet(ERROR_STYLE if why and not self.ignore_cost.isChecked()
                                      else "color: #555;")
        self.cost_label.setVisible(cost is not None)
        self.apply_button.setEnabled(self.resolution is not None and not (
            why and not self.ignore_cost.isChecked()))

    def _set_buttons(self) -> None:
        self.apply_button.setEnabled(self.resolution is not None)
        for b in (self.copy_bbcode, self.copy_markdown):
            b.setEnabled(self.shown_resolution is not None)
        self._show_cost()

    # --- apply and copy ---------------------------------------------------------------------

    def apply(self) -> bool:
        """Apply the shown roll through the referee: its cost charged, one undoable
        change, the log lines naming the rolled entry they apply."""
        from engine.costs import CostRefused
        from engine.model import ModelError

        rolled = self.rolled
        if rolled is None or self.plan is None:
            self.say(tr("Nothing to apply: roll or enter every die first."), error=True)
            return False
        try:
            applied = self.referee.apply(self.plan, rolled,
                                         override=self.ignore_cost.isChecked())
        except CostRefused as err:
            self.say(self.tr("Not possible: {0} (tick “Ignore cost” to apply it anyway)")
                     .format(_text(err)), error=True)
            return False
        except (ModelError, ValueError) as err:
            self.say(tr("Could not apply: {0}").format(_text(err)), error=True)
            return False
        res = applied.resolution
        self.dice_entry.clear_typed()
        self.ignore_cost.setChecked(False)   # an override is for this one action only
        self.dice_entry.new_seed()
        self.resolution = self.rolled = None
        self.shown_resolution = res
        self._show_steps(res)
        self.dice_entry.set_message("")  # the next roll's needs show once it is set up
        self.say(tr("Applied: {0} (Edit ▸ Undo takes it back)").format(
            loc(res.summary, getattr(res, "ruleset", None))))
        self._set_buttons()
        self.applied.emit(res)
        return True

    def copy(self, fmt: str) -> str:
        """Put the shown resolution on the clipboard as BBCode or Markdown."""
        from engine.joint import JointResolution
        from engine.render import render, render_joint
        res = self.shown_resolution
        if res is None:
            return ""
        lang = current_language()
        text = (render_joint(res, fmt, lang=lang) if isinstance(res, JointResolution)
                else render(res, fmt, lang=lang))
        QApplication.clipboard().setText(text)
        self.say(tr("Copied as BBCode.") if fmt == "bbcode" else tr("Copied as Markdown."))
        return text

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.message.setText(text)
        self.message.setVisible(bool(text))


def _dice_prompt(err) -> str:
    """What to type next ("Enter 1 × d10 for Aim") for dice that ran out; other dice
    errors as they are."""
    if err.reason == "missing" and err.needed is not None and err.step:
        n = err.needed - (err.left or 0)
        return tr("Enter {n} × {die} for {step}").format(n=n, die=loc(err.die) or "?",
                                                         step=loc(err.step))
    return loc(said(err))


def _text(err: BaseException) -> str:
    """An error's message (KeyError quotes its text). A KeyError that is only a key (a
    record without a field the rules read) says so in words, not "hp"."""
    if isinstance(err, KeyError) and err.args:
        text = str(err.args[0])
        if re.fullmatch(r"[A-Za-z_][\w.]*|\d+", text):
            return tr("this action needs “{key}”, which the unit's profile or state does "
                      "not have").format(key=text.replace("_", " "))
        return text
    return loc(said(err))


def install(window) -> ActionPanel:
    """The Actions dock on the right, hidden until View ▸ Actions (Ctrl+Shift+A)."""
    dock = ActionPanel(window)
    add_view_dock(window, dock, tr("&Actions"), "Ctrl+Shift+A", tab_with=ActionPanel)
    window.services.action_panel = dock
    return dock
