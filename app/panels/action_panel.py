"""The action panel: pick a unit and an action, see the facts and the exact odds, roll or
type the dice, watch the steps, apply the effects as one undoable change.

Built only from the ruleset protocol (`engine.protocol`): the actions, their roles,
facts and options are read from the ruleset's declarations, so a ruleset added later shows
up here without a new widget. The panel decides nothing itself:

- facts come from the board through `engine.facts.facts_for`, overridable row by row;
- the action list is `Ruleset.actions_for(the selected unit)`: only what it can take;
- `Ruleset.context(...)` validates the set-up, `ctx.odds()` gives the chart, and
  `ctx.resolve(dice)` the steps — with `RandomDice(seed)` or the typed faces;
- Apply pushes `resolution.change` on the editor's undo stack and logs
  `resolution.log_entry(turn)`; the board follows the editor's `changed` signal.

The same class, filtered on `Action.kind`, is the Tests dock (app/panels/tests_dock.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from engine.facts import facts_for
from engine.model import Game, ModelError
from engine.protocol import Action, Context, Facts, Resolution, Ruleset
from engine.render import render
from engine.roll_log import RerollTracker, applied_entry, rolled_entry
from engine.rulesets.registry import get_ruleset
from engine.scenario import Unit
from geometry.templates import TEMPLATE_SHAPES

from .dice_entry import DiceEntry, TypedRun, resolve_typed, roll_app
from .docks import add_view_dock
from .facts_view import FactsView
from .odds_chart import OddsChart
from .options_view import OptionsView
from .steps_view import StepsView

NONE = "—"
ERROR_STYLE = "color: #b3261e;"
OK_STYLE = "color: #1f7a3a;"
TEMPLATE_FACTS = ("under_template", "under_template_centre")


def is_action(action: Action) -> bool:
    """What the action panel lists: everything but the unit-wide tests."""
    return getattr(action, "kind", "action") != "test"


def is_test(action: Action) -> bool:
    """What the tests dock lists: `Action.kind == "test"`."""
    return getattr(action, "kind", "action") == "test"


def game_rules(game: Game) -> dict[str, Any]:
    """The ruleset readings chosen for this game (`game.state["rules"]`), else defaults."""
    rules = game.state.get("rules")
    return dict(rules) if isinstance(rules, Mapping) else {}


def profile_of(rs: Ruleset, game: Game, unit: Unit) -> Mapping[str, Any]:
    """The unit's profile record (the scenario's own first), or {} when unknown."""
    return rs.profile_of(unit, game.scenario.profiles) or {}


def actions_offered(rs: Ruleset, game: Game, unit: Unit,
                    accept: Callable[[Action], bool]) -> list[Action]:
    """The actions `unit` can take (`Ruleset.actions_for`, the scenario's profiles first)
    that this dock lists: a rifleman is not offered a main gun, nor a Sherman a melee."""
    return [a for a in rs.actions_for(unit, profiles=game.scenario.profiles) if accept(a)]


def weapon_choices(rs: Ruleset, game: Game, unit: Unit) -> list[tuple[str, str]]:
    """(weapon id, name) the unit carries: its profile's `weapons` list, or a vehicle
    card's weapons ("<profile>.<weapon>"), as found in the ruleset's library."""
    listed = profile_of(rs, game, unit).get("weapons")
    if isinstance(listed, Mapping):
        ids = [f"{unit.profile}.{k}" for k in listed]
    elif isinstance(listed, list | tuple):
        ids = [str(w) for w in listed]
    else:
        ids = []
    out = []
    for wid in ids:
        record = rs.weapons.get(wid)
        if record is not None:
            out.append((wid, str(record.get("name", wid))))
    return out


class ActionPanel(QDockWidget):
    """The dock. It lists the actions the selected unit can take (`Ruleset.actions_for`)
    that `accept(action)` keeps (all but tests here).

    Widgets tests and scripts drive: `actor_box`, `action_box`, `target_box`,
    `target_pick`, `targets_list`, `targets_pick`, `weapon_box`, `point_pick`,
    `template_box`, `facts_view`, `options_view`, `odds_chart`, `dice_entry`,
    `steps_view`, `apply_button`, `copy_bbcode`, `copy_markdown`, `message`.
    State: `context` (the validated Context or None), `resolution` (complete, not yet
    applied), `shown_resolution` (the last complete one shown, applied or not).
    Signal `applied(Resolution)` after Apply.
    """

    applied = Signal(object)

    def __init__(self, window, *, title: str = "Actions", object_name: str = "action-panel",
                 accept: Callable[[Action], bool] = is_action) -> None:
        super().__init__(title, window)
        self.setObjectName(object_name)
        self.window_ = window
        self.accept = accept
        self.actor_id: str | None = None
        self.target_id: str | None = None
        self.target_ids: list[str] = []
        self.point: tuple[float, float] | None = None
        self.context: Context | None = None
        self.resolution: Resolution | None = None
        self.shown_resolution: Resolution | None = None
        self.run: TypedRun | None = None
        self._updating = False
        self._stale = True
        #: (resolution, its log position, seed, chosen) of the last app roll shown.
        self._rolled: tuple[Resolution, int, int, bool] | None = None
        self.rerolls = RerollTracker()
        self._build()
        window.selection_changed.connect(self._selection_changed)
        window.editor.changed.connect(lambda _ids: self._board_changed())
        window.editor.game_replaced.connect(self._game_replaced)
        if window.editor.has_game:
            self._game_replaced()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(6, 6, 6, 6)

        self.actor_box = QComboBox()
        self.actor_box.setToolTip("The acting unit (or select it on the board)")
        self.actor_box.activated.connect(self._actor_chosen)
        self.action_box = QComboBox()
        self.action_box.currentIndexChanged.connect(self._action_chosen)
        self.doc = QLabel()
        self.doc.setWordWrap(True)
        self.doc.setStyleSheet("color: #555;")
        head = QFormLayout()
        head.addRow("Unit", self.actor_box)
        head.addRow("Action", self.action_box)
        lay.addLayout(head)
        lay.addWidget(self.doc)

        self.roles_box = QGroupBox("Roles")
        roles = QFormLayout(self.roles_box)
        self.target_box = QComboBox()
        self.target_box.currentIndexChanged.connect(self._target_chosen)
        self.target_pick = QPushButton("Pick on board")
        self.target_pick.setToolTip("Click the target on the board")
        self.target_pick.clicked.connect(self.pick_target)
        self.target_row = _row(self.target_box, self.target_pick)
        roles.addRow("Target", self.target_row)
        self.targets_list = QListWidget()
        self.targets_list.setMaximumHeight(110)
        self.targets_list.itemChanged.connect(self._targets_checked)
        self.targets_pick = QPushButton("Pick on board")
        self.targets_pick.setToolTip("Click each unit on the board; Enter when done")
        self.targets_pick.clicked.connect(self.pick_targets)
        self.targets_row = _row(self.targets_list, self.targets_pick)
        roles.addRow("Targets", self.targets_row)
        self.weapon_box = QComboBox()
        self.weapon_box.currentIndexChanged.connect(lambda _i: self.update_all())
        roles.addRow("Weapon", self.weapon_box)
        self.point_label = QLabel(NONE)
        self.point_pick = QPushButton("Pick on board")
        self.point_pick.setToolTip("Click the point on the board")
        self.point_pick.clicked.connect(self.pick_point)
        self.point_row = _row(self.point_label, self.point_pick)
        roles.addRow("Point", self.point_row)
        self.template_box = QComboBox()
        self.template_box.addItem(NONE, None)
        for shape in TEMPLATE_SHAPES:
            self.template_box.addItem(shape, shape)
        self.template_box.currentIndexChanged.connect(lambda _i: self.update_all())
        roles.addRow("Template", self.template_box)
        self.roles_form = roles
        lay.addWidget(self.roles_box)

        self.facts_box = QGroupBox("Facts from the board")
        self.facts_view = FactsView()
        self.facts_view.changed.connect(self.update_all)
        QVBoxLayout(self.facts_box).addWidget(self.facts_view)
        lay.addWidget(self.facts_box)

        self.options_box = QGroupBox("Options")
        self.options_view = OptionsView()
        self.options_view.changed.connect(self.update_all)
        QVBoxLayout(self.options_box).addWidget(self.options_view)
        lay.addWidget(self.options_box)

        self.odds_chart = OddsChart()

        results = QWidget()
        res = QVBoxLayout(results)
        res.setContentsMargins(6, 0, 6, 6)
        self.dice_box = QGroupBox("Dice")
        self.dice_entry = DiceEntry()
        self.dice_entry.roll_requested.connect(lambda _seed: self.roll())
        self.dice_entry.typed_changed.connect(self._typed_changed)
        self.dice_entry.mode_changed.connect(lambda _m: self._dice_setup_changed())
        QVBoxLayout(self.dice_box).addWidget(self.dice_entry)
        res.addWidget(self.dice_box)
        res.addWidget(QLabel("<b>Steps</b>"))
        self.steps_view = StepsView()
        res.addWidget(self.steps_view, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        res.addWidget(self.message)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Apply the effects as one undoable change and log it")
        self.apply_button.clicked.connect(self.apply)
        self.copy_bbcode = QPushButton("Copy BBCode")
        self.copy_bbcode.clicked.connect(lambda: self.copy("bbcode"))
        self.copy_markdown = QPushButton("Copy Markdown")
        self.copy_markdown.clicked.connect(lambda: self.copy("markdown"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.apply_button, 1)
        buttons.addWidget(self.copy_bbcode)
        buttons.addWidget(self.copy_markdown)
        res.addLayout(buttons)
        lay.addStretch(1)

        self.setup_scroll = QScrollArea()
        self.setup_scroll.setWidgetResizable(True)
        self.setup_scroll.setWidget(body)
        chart = QWidget()
        QVBoxLayout(chart).addWidget(self.odds_chart)
        chart.layout().setContentsMargins(6, 0, 6, 0)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        for i, (w, stretch) in enumerate(((self.setup_scroll, 4), (chart, 2),
                                          (results, 4))):
            self.splitter.addWidget(w)
            self.splitter.setStretchFactor(i, stretch)
        self.splitter.setMinimumWidth(420)
        self.setWidget(self.splitter)
        self._set_role_rows(None)
        self._set_buttons()

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

    @property
    def ruleset(self) -> Ruleset | None:
        game = self.game
        if game is None:
            return None
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
        self.actor_id, self.target_id, self.target_ids, self.point = None, None, [], None
        game = self.game
        self.rerolls = RerollTracker.from_log(game.log if game is not None else ())
        self._rolled = None
        self._fill_actors()
        self._fill_actions()
        self.update_all()

    def _board_changed(self) -> None:
        game = self.game
        if game is None:
            return
        if self.actor_id is not None and not game.on_table(self.actor_id):
            self.actor_id = None
        if self.target_id is not None and not game.on_table(self.target_id):
            self.target_id = None
        self.target_ids = [t for t in self.target_ids if game.on_table(t)]
        self._fill_actors()
        if self._offered_ids() != self._listed_ids():   # the actor's profile was edited
            self._fill_actions()
        self._fill_units()
        self.update_all()

    def _selection_changed(self, unit_id: str | None) -> None:
        if unit_id is not None and unit_id != self.actor_id:
            self.set_actor(unit_id)

    def set_actor(self, unit_id: str | None) -> None:
        """Make `unit_id` the acting unit (the target and targets are cleared)."""
        self.actor_id = unit_id
        self.target_id, self.target_ids, self.point = None, [], None
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
        self.target_id = unit_id
        self.facts_view.clear_overrides()
        self._fill_units()
        self.update_all()

    def set_targets(self, unit_ids: Sequence[str]) -> None:
        self.target_ids = list(unit_ids)
        self._fill_units()
        self.update_all()

    def set_point(self, point: tuple[float, float] | None) -> None:
        self.point = point
        self.point_label.setText(NONE if point is None
                                 else f'x {point[0]:.2f}"  y {point[1]:.2f}"')
        self.update_all()

    def _fill_actors(self) -> None:
        game = self.game
        box = self.actor_box
        box.blockSignals(True)
        box.clear()
        box.addItem("(select a unit on the board)", None)
        for u in game.units if game is not None else []:
            box.addItem(f"{u.label} ({u.side})", u.id)
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
            box.addItem(a.label, a.id)
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)
        self._action_chosen(box.currentIndex(), update=False)

    def _fill_units(self) -> None:
        game = self.game
        others = [u for u in (game.units if game is not None else []) if u.id != self.actor_id]
        box = self.target_box
        box.blockSignals(True)
        box.clear()
        box.addItem(NONE, None)
        for u in others:
            box.addItem(f"{u.label} ({u.side})", u.id)
        box.setCurrentIndex(max(0, box.findData(self.target_id)))
        box.blockSignals(False)
        lst = self.targets_list
        lst.blockSignals(True)
        lst.clear()
        for u in others:
            item = QListWidgetItem(f"{u.label} ({u.side})")
            item.setData(Qt.ItemDataRole.UserRole, u.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if u.id in self.target_ids
                               else Qt.CheckState.Unchecked)
            lst.addItem(item)
        lst.blockSignals(False)
        rs, game = self.ruleset, self.game
        actor = self._unit(self.actor_id)
        box = self.weapon_box
        keep = box.currentData()
        box.blockSignals(True)
        box.clear()
        box.addItem("(the unit's own)", None)
        if rs is not None and game is not None and actor is not None:
            for wid, name in weapon_choices(rs, game, actor):
                box.addItem(name, wid)
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)

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
        self.doc.setText(action.doc if action is not None else "")
        self.doc.setVisible(bool(self.doc.text()))
        self.options_view.set_options(action.options if action is not None else ())
        self.options_box.setVisible(action is not None)
        self.dice_entry.clear_typed()
        if update:
            self.update_all()

    def _set_role_rows(self, action: Action | None) -> None:
        names = {r.name for r in action.roles} if action is not None else set()
        wants_template = action is not None and bool(set(action.facts) & set(TEMPLATE_FACTS))
        rows = ((self.target_row, "target" in names), (self.targets_row, "targets" in names),
                (self.weapon_box, "weapon" in names),
                (self.point_row, "point" in names or wants_template),
                (self.template_box, wants_template))
        for widget, shown in rows:
            self.roles_form.setRowVisible(widget, shown)
        self.roles_box.setVisible(any(shown for _, shown in rows))
        if action is not None:
            for r in action.roles:
                req = " (required)" if r.required else ""
                label = {"target": self.target_row, "targets": self.targets_row,
                         "weapon": self.weapon_box, "point": self.point_row}.get(r.name)
                if label is not None:
                    lab = self.roles_form.labelForField(label)
                    if lab is not None:
                        text = r.label or r.name
                        lab.setText(text[:1].upper() + text[1:] + req)

    def _target_chosen(self, index: int) -> None:
        self.set_target(self.target_box.itemData(index))

    def _targets_checked(self, _item: QListWidgetItem) -> None:
        lst = self.targets_list
        checked = [lst.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lst.count())
                   if lst.item(i).checkState() == Qt.CheckState.Checked]
        # keep the click order of those still checked, then the new ones
        self.set_targets([t for t in self.target_ids if t in checked] +
                         [t for t in checked if t not in self.target_ids])

    # --- picking on the board ---------------------------------------------------------------

    def _pick_tool(self):
        tool = self.window_.tools.tools.get("pick")
        if tool is None:
            self.say("The pick tool is not installed: choose from the list instead", error=True)
        return tool

    def pick_target(self) -> None:
        tool = self._pick_tool()
        if tool is not None:
            tool.request("unit", "Click the target", self.set_target,
                         exclude=[self.actor_id] if self.actor_id else [])

    def pick_targets(self) -> None:
        tool = self._pick_tool()
        if tool is not None:
            tool.request("units", "Click the units (again to drop one)", self.set_targets,
                         exclude=[self.actor_id] if self.actor_id else [],
                         chosen=self.target_ids)

    def pick_point(self) -> None:
        tool = self._pick_tool()
        if tool is not None:
            tool.request("point", "Click the point", self.set_point)

    # --- the pipeline: facts → context → odds → dice ----------------------------------------

    def _facts_target(self) -> str | None:
        return self.target_id or (self.target_ids[0] if self.target_ids else None)

    def measure(self, overrides: Mapping[str, Any] | None = None) -> Facts:
        """The action's facts read from the board (with `overrides` on top)."""
        game, rs, action = self.game, self.ruleset, self.action
        if game is None or rs is None or action is None or self.actor_id is None:
            return Facts()
        return facts_for(game.scenario, action, self.actor_id, self._facts_target(),
                         point=self.point, template=self.template_box.currentData(),
                         overrides=overrides, ruleset=rs,
                         weapon=self.weapon_box.currentData(), rules=game_rules(game))

    def build_context(self) -> Context:
        """The validated Context of what the panel shows (ValueError/KeyError says why not)."""
        game, rs, action = self.game, self.ruleset, self.action
        if game is None or rs is None:
            raise ValueError("no game with a known ruleset is open")
        actor = self._unit(self.actor_id)
        if actor is None:
            raise ValueError("select the acting unit on the board")
        if action is None:
            raise ValueError("choose an action")
        names = {r.name for r in action.roles}
        facts = self.measure(self.facts_view.overrides())
        return rs.context(
            action.id, actor=actor,
            target=self._unit(self.target_id) if "target" in names else None,
            targets=[u for u in map(self._unit, self.target_ids) if u is not None]
            if "targets" in names else (),
            weapon=self.weapon_box.currentData() if "weapon" in names else None,
            point=self.point if "point" in names else None,
            facts=facts, options=self.options_view.values(), rules=game_rules(game),
            game=game)

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
        action, rs = self.action, self.ruleset
        self.context = None
        self.resolution = None
        note = ""
        try:
            measured = self.measure()
        except (ValueError, KeyError) as err:
            measured, note = Facts(), _text(err)
        self.facts_view.set_facts(action.facts if action is not None else (), measured,
                                  rs.cover if rs is not None else None, note)
        self.facts_box.setVisible(action is not None and bool(action.facts))
        try:
            self.context = self.build_context()
        except (ValueError, KeyError) as err:
            self.odds_chart.set_distribution(None, _text(err))
            self.say(_text(err) if self.actor_id is not None else "", error=True)
            self._show_dice_state()
            return
        try:
            self.odds_chart.set_distribution(self.context.odds())
            self.say("")
        except (ValueError, KeyError) as err:
            self.odds_chart.set_distribution(None, f"Not possible: {_text(err)}")
            self.say(f"Not possible: {_text(err)}", error=True)
        self._show_dice_state()

    def _dice_setup_changed(self) -> None:
        self.resolution = None
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
        """Resolve with the app's dice at `seed` (default: the seed shown; a seed given
        here, or typed into the field, is logged as chosen) and log the roll at once,
        applied or not (engine.roll_log): a re-roll of an unapplied roll shows as one."""
        ctx = self.context
        if ctx is None:
            return None
        chosen = seed is not None or self.dice_entry.seed_chosen
        seed = self.dice_entry.seed() if seed is None else seed
        try:
            res = roll_app(ctx, seed)
        except (ValueError, KeyError) as err:
            self._show_refusal([], _text(err))
            return None
        game = self.game
        self._rolled = None
        if game is not None:
            again = self.rerolls.pending(res.actor, res.action)
            self.editor.log(rolled_entry(res.log_entry(game.turn), seed=seed, chosen=chosen,
                                         reroll_of=again))
            seq = len(game.log)
            self.rerolls.rolled(res.actor, res.action, seq, seed)
            self._rolled = (res, seq, seed, chosen)
        self._show_complete(res)
        self.dice_entry.set_message(f"Rolled with the app's dice, seed {seed}.", "ok")
        return res

    def _typed_changed(self) -> None:
        ctx = self.context
        entry = self.dice_entry
        if ctx is None:
            entry.set_groups([])
            self.steps_view.clear_steps()
            self.resolution = self.shown_resolution = None
            self._set_buttons()
            return
        run = resolve_typed(ctx, entry.values())
        self.run = run
        entry.set_groups(run.groups)
        err = run.error
        if run.resolution is not None:
            entry.mark_refused(None)
            entry.set_message("All dice entered." if run.groups else "No dice needed.", "ok")
            self._show_complete(run.resolution)
            return
        self.resolution = self.shown_resolution = None
        if run.refusal is not None:
            self._show_refusal(run.steps, run.refusal)
        elif err is not None and err.reason == "face":
            entry.mark_refused(err.position)
            entry.set_message(str(err), "error")
            self.steps_view.show_steps(run.steps, pending=run.needs.text if run.needs else "")
        elif err is not None:
            entry.mark_refused(None)
            entry.set_message(str(err), "info")
            self.steps_view.show_steps(run.steps, pending=run.needs.text if run.needs else "")
        self._set_buttons()

    def _show_complete(self, res: Resolution) -> None:
        self.resolution = self.shown_resolution = res
        self.steps_view.show_steps(res.steps, effects=res.change.describe(),
                                   summary=res.summary)
        self._set_buttons()

    def _show_refusal(self, steps, text: str) -> None:
        self.resolution = self.shown_resolution = None
        self.steps_view.show_steps(steps, refusal=text)
        self.dice_entry.set_message(f"Not possible: {text}", "error")
        self._set_buttons()

    def _set_buttons(self) -> None:
        self.apply_button.setEnabled(self.resolution is not None)
        for b in (self.copy_bbcode, self.copy_markdown):
            b.setEnabled(self.shown_resolution is not None)

    # --- apply and copy ---------------------------------------------------------------------

    def apply(self) -> bool:
        """Apply the shown resolution as one undoable change and log it."""
        res = self.resolution
        if res is None:
            self.say("Nothing to apply: roll or enter every die first.", error=True)
            return False
        game = self.game
        self.dice_entry.clear_typed()
        try:
            self.editor.push(res.change)
        except (ModelError, ValueError) as err:
            self.say(f"Could not apply: {_text(err)}", error=True)
            return False
        entry = res.log_entry(game.turn)
        rolled = self._rolled
        if rolled is not None and rolled[0] is res:
            entry = applied_entry(entry, seed=rolled[2], chosen=rolled[3], of=rolled[1])
            self.rerolls.applied(res.actor, res.action)
        self._rolled = None
        self.editor.log(entry)
        self.dice_entry.new_seed()
        self.resolution = None
        self.shown_resolution = res
        self.steps_view.show_steps(res.steps, effects=res.change.describe(),
                                   summary=res.summary)
        self.dice_entry.set_message("")  # the next roll's needs show once it is set up
        self.say(f"Applied: {res.summary} (Edit ▸ Undo takes it back)")
        self._set_buttons()
        self.applied.emit(res)
        return True

    def copy(self, fmt: str) -> str:
        """Put the shown resolution on the clipboard as BBCode or Markdown."""
        res = self.shown_resolution
        if res is None:
            return ""
        text = render(res, fmt)
        QApplication.clipboard().setText(text)
        self.say(f"Copied as {'BBCode' if fmt == 'bbcode' else 'Markdown'}.")
        return text

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.message.setText(text)
        self.message.setVisible(bool(text))


def _row(*widgets: QWidget) -> QWidget:
    w = QWidget()
    h = QHBoxLayout(w)
    h.setContentsMargins(0, 0, 0, 0)
    for x in widgets:
        h.addWidget(x, 1 if isinstance(x, QComboBox | QListWidget | QLabel) else 0)
    return w


def _text(err: BaseException) -> str:
    """An error's message (KeyError quotes its text)."""
    if isinstance(err, KeyError) and err.args:
        return str(err.args[0])
    return str(err)


def install(window) -> ActionPanel:
    """The Actions dock on the right, hidden until View ▸ Actions (Ctrl+Shift+A)."""
    dock = ActionPanel(window)
    add_view_dock(window, dock, "&Actions", "Ctrl+Shift+A", tab_with=ActionPanel)
    window.action_panel = dock
    return dock
