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

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
)

from app.i18n import current_language, loc, tr

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
from .action_dice import DiceFlow
from .action_fold import share_height
from .action_layout import ActionLayout
from .action_messages import error_text
from .action_results import ERROR_STYLE, OK_STYLE  # noqa: F401
from .action_roles import RoleChoices
from .docks import LazyDock

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
        Resolution,
        Ruleset,
    )
    from engine.roll_log import RerollTracker
    from engine.scenario import Unit


NONE = "—"


class ActionPanel(ActionLayout, RoleChoices, DiceFlow, LazyDock):
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

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self.update_all()
        self.share_height()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.share_height()

    def share_height(self) -> None:
        """The parts' heights for the dock's height (app/panels/action_fold.py)."""
        share_height(self)

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

    def rules_reloaded(self) -> None:
        """The game's rules were read again (a house ruleset's file saved): the same
        actor, action and choices, priced and rolled by the new rules."""
        self._referee = None
        if not self.built:
            return
        self.rolled = None
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
        if set(self._offered_ids()) != set(self._listed_ids()):  # the profile was edited
            self._fill_actions()
        self._fill_units()
        self.update_all()

    def _selection_changed(self, unit_id: str | None) -> None:
        if unit_id is not None and not self.built:
            self.actor_id = unit_id  # the build starts with it
            return
        if unit_id is not None and unit_id != self.actor_id:
            self.set_actor(unit_id)

    def _fill_units(self) -> None:
        game, rs = self.game, self.ruleset
        actor = self._unit(self.actor_id)
        weapons = weapon_choices(rs, game, actor) \
            if rs is not None and game is not None and actor is not None else []
        self.roles_view.fill(game.units if game is not None else [], self.actor_id,
                             self.groups(), weapons)
        self._fill_answer()

    # --- return fire ------------------------------------------------------------------------

    def _answerable(self, action: Action | None) -> bool:
        return answerable(action)

    def _fill_answer(self) -> None:
        shown = self._answerable(self.action)
        self.answer_box.fill(self.game, shown, self.actor_id)
        self.answer_fold.setVisible(shown)
        self._fill_answer_actions()

    def _fill_answer_actions(self) -> None:
        self.answer_box.fill_actions(self.game, self.ruleset, self.action,
                                     self._unit(self.responder_box.currentData()))

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

    # --- the pipeline: facts → context → odds → dice ----------------------------------------

    def request(self) -> PlayRequest:
        """What the panel shows as the referee's request (ValueError says what is
        missing)."""
        from engine.play import PlayRequest

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
        answer = self.answer_box.answer() if self._answerable(action) else None
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
        request = self.request()  # before the referee: it needs a game (a dock shown first)
        self.plan = self.referee.plan(request)
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
        # a longer message, a chart shown: the parts' heights again, once laid out
        QTimer.singleShot(0, self, self.share_height)

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
            measured, note = Facts(), error_text(err)
        specs = rs.fact_specs(action) if action is not None and rs is not None else ()
        game = self.game
        self.facts_view.unit_names = {u.id: u.label for u in game.units} if game else {}
        self.facts_view.set_facts(specs, measured, rs.cover if rs is not None else None, note)
        self.facts_box.setVisible(bool(specs))
        self.facts_box.set_count(len(specs))
        got = [measured.get(n) is not None for n in self.facts_view.rows]
        if any(got) and not all(got):
            self.facts_box.set_open(True)   # a fact the board did not give: to be entered
        try:
            self.context = self.build_context()
        except MissingRole as ask:  # the next thing to choose, not a mistake
            self.context = None
            prompt = role_prompt(ask.role, ask.action, self._ruleset_id())
            self.odds_chart.set_distribution(None, prompt)
            self.say(prompt if self.actor_id is not None else "")
            self._show_dice_state()
            return
        except (ValueError, KeyError) as err:
            self.odds_chart.set_distribution(None, error_text(err))
            self.say(error_text(err) if self.actor_id is not None else "", error=True)
            self._show_dice_state()
            return
        try:
            odds = self.referee.odds(self.plan)
            self.notes_label.setText("\n".join(loc(n, self._ruleset_id()) for n in odds.notes))
            self.notes_label.setVisible(bool(odds.notes))
            self.odds_chart.set_distribution(odds.distribution)
            self.say("")
        except (ValueError, KeyError) as err:
            from engine.play.refusal_words import refusal_text

            why = refusal_text(err, action) if isinstance(err, ValueError) else error_text(err)
            said = tr("Not possible: {0}").format(loc(why, self._ruleset_id()))
            said += self._ready_instead(action)
            self.odds_chart.set_distribution(None, said)
            self.say(said, error=True)
        self._show_dice_state()

    def _ready_instead(self, refused: Action | None) -> str:
        """" Ready now: Search & Aim." (app/panels/action_order.py), "" for none."""
        from .action_order import ready_instead

        return ready_instead(self, refused)

    # --- the cost -------------------------------------------------------------------------

    def priced(self) -> Priced | None:
        """What Apply would charge (the referee's price of the roll shown, else the
        declared cost) and why it cannot be paid; None without a plan."""
        if self.plan is None:
            return None
        try:
            return self.referee.cost(self.plan, self.rolled)
        except (ValueError, KeyError) as err:
            from engine.play import Priced

            return Priced(None, error_text(err))

    def cost_refusal(self) -> str | None:
        """Why the chosen action's cost cannot be paid now (engine.costs)."""
        priced = self.priced()
        return priced.refusal if priced is not None else None

    @property
    def lead_context(self) -> Context | None:
        """The chosen action's own Context (the first of a joint one)."""
        return self.plan.lead if self.plan is not None else None

    def _show_steps(self, res: Resolution | JointResolution) -> None:
        self.results.show_steps(res)

    def _show_refusal(self, steps, text: str) -> None:
        self.resolution = self.shown_resolution = self.rolled = None
        self.results.show_refusal(steps, text, self._ruleset_id())
        self._set_buttons()

    def _show_cost(self) -> None:
        """The action's cost, and the refusal when it is not available."""
        self.results.show_cost(self.priced(), self.resolution is not None)

    def _set_buttons(self) -> None:
        self.results.set_buttons(self.resolution is not None,
                                 self.shown_resolution is not None)
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
                     .format(error_text(err)), error=True)
            return False
        except (ModelError, ValueError) as err:
            self.say(tr("Could not apply: {0}").format(error_text(err)), error=True)
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
        self.results.say(text, error=error)


def make(window) -> ActionPanel:
    """The Actions dock (app.panels.dock_catalog places it), for the unit and group
    selected now."""
    return follow_selection(window, ActionPanel(window))


def follow_selection(window, dock: ActionPanel) -> ActionPanel:
    """`dock` starts with the unit and the group selected on the board, and follows the
    group selected from now on."""
    if window.selected_unit_id is not None:
        dock._selection_changed(window.selected_unit_id)
    groups = window.services.groups
    if groups is not None:
        groups.group_selected.connect(dock.use_group)
        if groups.selected_group_id is not None:
            dock.use_group(groups.selected_group_id)
    return dock
