"""The "Turn" dock: the turn and activation tracker.

Shows the turn number, the side acting (in its board colour, with its players when allies
share it), the phase, the order of sides and this turn's activations, the last initiative
roll, who may still act, the tests due, and a table of the acting side's units with AP
left and spent, actions left, activated, what the ruleset says stops or hampers them
(`TurnHooks.flags`) and their player. Its buttons run the turn steps of `engine.turns`
for the game's ruleset (`turn_structure`, or the default) — side turns with AP,
alternating activations with passed actions (the ruleset's communication test rolled with
the dock's dice), phases, combat rounds with an ambushing side: each is one undoable
change through `editor.push` and one line in the log through `editor.log`. The dock
holds no rule: what a step may do, and the message when it may not, come from the engine.
It re-reads the game on every `changed` (an action spending AP shows at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr
from engine.i18n import said

from ..board.style import SidePalette
from .docks import LazyDock
from .turn_readout import TurnReadout
from .turn_table import COLUMNS, UnitRows
from .turn_tree import TREE_COLUMNS, CommandTreeRows

if TYPE_CHECKING:

    from engine.dice import DiceSource
    from engine.model import Change
    from engine.play import DiceSpec, Referee
    from engine.turns import TurnStructure

ERROR_STYLE = "color: #b3261e;"
INFO_STYLE = "color: #333;"


def _ruleset_structure(ruleset_id: str) -> TurnStructure:
    """The ruleset's declared turn, or the default when the ruleset is unknown."""
    from engine import turns
    from engine.rulesets.registry import get_ruleset

    try:
        return turns.structure_of(get_ruleset(ruleset_id))
    except (KeyError, ValueError):
        return turns.DEFAULT


class TurnDock(TurnReadout, UnitRows, CommandTreeRows, LazyDock):
    """The tracker over an editor (`set_editor`); `structure` is the turn it runs
    (read from the game's ruleset on every new game; `set_structure` overrides it)."""

    def __init__(self, parent: QWidget | None = None, palette: SidePalette | None = None
                 ) -> None:
        super().__init__(QCoreApplication.translate("TurnDock", "Turn"), parent)
        self.setObjectName("turn_dock")
        self.editor = None
        self.window_ = None
        self.palette = palette or SidePalette()
        self._structure: TurnStructure | None = None  # None: turns.DEFAULT
        #: a refresh was skipped while the dock was hidden in its window: done when shown
        self._stale = False
        # the contents are built when the dock is first shown or asked for (LazyDock)
        self.visibilityChanged.connect(self._visibility_changed)

    def build_contents(self) -> None:
        """The widgets; the rows are read when the dock is shown (or at once out of a
        window)."""
        self._build()
        self._stale = True
        if not self._hidden_in_window():
            self.refresh()

    # --- building -----------------------------------------------------------------------

    def _build(self) -> None:
        from . import turn_views

        body = QWidget()
        lay = QVBoxLayout(body)
        head = QHBoxLayout()
        self.turn_label = QLabel(self.tr("Turn –"))
        font = QFont(self.turn_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.turn_label.setFont(font)
        self.side_label = QLabel()
        self.side_label.setMinimumWidth(90)
        self.side_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.phase_label = QLabel()
        head.addWidget(self.turn_label)
        head.addWidget(self.side_label)
        head.addWidget(self.phase_label)
        head.addStretch(1)
        lay.addLayout(head)

        self.order_label = QLabel()
        self.order_label.setTextFormat(Qt.TextFormat.RichText)
        self.order_label.setWordWrap(True)
        self.initiative_label = QLabel()
        self.initiative_label.setWordWrap(True)
        self.activations_label = QLabel()
        self.activations_label.setTextFormat(Qt.TextFormat.RichText)
        self.activations_label.setWordWrap(True)
        self.structure_label = QLabel()
        self.structure_label.setWordWrap(True)
        self.structure_label.setStyleSheet("color: #555;")
        self.may_act_label = QLabel()
        self.may_act_label.setWordWrap(True)
        self.may_act_label.setTextFormat(Qt.TextFormat.PlainText)
        self.due_label = QLabel()
        self.due_label.setTextFormat(Qt.TextFormat.PlainText)
        self.due_label.setWordWrap(True)
        self.due_label.setStyleSheet("color: #8a4b00;")
        for w in (self.structure_label, self.order_label, self.initiative_label,
                  self.activations_label, self.may_act_label, self.due_label):
            lay.addWidget(w)

        self.units_title = QLabel()
        self.units_title.setStyleSheet("font-weight: bold;")
        lay.addWidget(self.units_title)
        self.table = turn_views.UnitTable([tr(c) for c in COLUMNS])
        self.table.itemSelectionChanged.connect(self._row_chosen)
        lay.addWidget(self.table, 1)

        self.tree_title = QLabel(self.tr("Chain of command"))
        self.tree_title.setStyleSheet("font-weight: bold;")
        self.tree = turn_views.CommandTree([tr(c) for c in TREE_COLUMNS])
        self.tree.setToolTip(self.tr(
            "Who commands whom; who may still act this turn; who may receive a passed "
            "action now, from which commander, and what the pass would meet"))
        self.tree.itemSelectionChanged.connect(self._tree_chosen)
        lay.addWidget(self.tree_title)
        lay.addWidget(self.tree, 1)
        self._build_controls(lay)
        self.message = QLabel()
        self.message.setWordWrap(True)
        lay.addWidget(self.message)
        self.setWidget(body)
        self.refresh()

    def _build_controls(self, lay: QVBoxLayout) -> None:
        """The dice the turn rolls with, and the turn's buttons."""
        from . import turn_views

        dice = QHBoxLayout()
        self.app_dice = QRadioButton(self.tr("App dice"))
        self.typed_dice = QRadioButton(self.tr("Typed"))
        self.app_dice.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.app_dice)
        group.addButton(self.typed_dice)
        self.typed_faces = QLineEdit()
        self.typed_faces.setPlaceholderText(self.tr("faces in side order, e.g. 7 3"))
        self.typed_faces.setEnabled(False)
        self.typed_dice.toggled.connect(self.typed_faces.setEnabled)
        dice.addWidget(QLabel(self.tr("Dice (initiative, tests):")))
        dice.addWidget(self.app_dice)
        dice.addWidget(self.typed_dice)
        dice.addWidget(self.typed_faces, 1)
        lay.addLayout(dice)

        self.button_grid = turn_views.button_grid()
        self.roll_button = QPushButton(self.tr("Roll initiative"))
        self.start_button = QPushButton(self.tr("Start turn"))
        self.next_button = QPushButton(tr("Next activation"))
        self.activate_button = QPushButton(self.tr("Activate"))
        self.pass_button = QPushButton(self.tr("Pass action"))
        self.phase_button = QPushButton(self.tr("Next phase"))
        self.spend_button = QPushButton(self.tr("Spend 1"))
        self.ambush_button = QPushButton(self.tr("Ambush"))
        self.end_button = QPushButton(self.tr("End turn"))
        self.roll_button.clicked.connect(self.roll_initiative)
        self.start_button.clicked.connect(self.start_turn)
        self.next_button.clicked.connect(self.next_activation)
        self.activate_button.clicked.connect(self.activate_selected)
        self.pass_button.clicked.connect(self.pass_to_selected)
        self.phase_button.clicked.connect(self.next_phase)
        self.spend_button.clicked.connect(self.spend_selected)
        self.ambush_button.clicked.connect(self.ambush_selected)
        self.end_button.clicked.connect(self.end_turn)
        self.roll_button.setToolTip(self.tr("Every side rolls; higher goes first, ties re-rolled"))
        self.start_button.setToolTip(self.tr("Full AP for every unit; this turn's flags cleared"))
        self.activate_button.setToolTip(self.tr("The selected unit of the acting side activates"))
        self.pass_button.setToolTip(self.tr(
            "The activating commander passes one action to the selected unit under him; "
            "the ruleset's communication test is rolled with the dice above"))
        self.ambush_button.setToolTip(self.tr(
            "The selected unit's side ambushes: it spends all its active actions first "
            "this round"))
        self.spend_button.setToolTip(self.tr(
            "Mark 1 AP (or action) of the selected unit as spent on something the app did "
            "not resolve"))
        self.buttons = (self.roll_button, self.start_button, self.activate_button,
                        self.pass_button, self.ambush_button, self.spend_button,
                        self.phase_button, self.next_button, self.end_button)
        lay.addLayout(self.button_grid)

    # --- wiring -------------------------------------------------------------------------

    def set_editor(self, editor, window=None) -> None:
        """Follow `editor`: re-read on `changed`, re-read the structure on
        `game_replaced`. `window` (optional) links the table's selection to the board's."""
        self.editor = editor
        self.window_ = window
        editor.changed.connect(self.refresh)
        editor.game_replaced.connect(self.reload)
        if window is not None and hasattr(window, "selection_changed"):
            window.selection_changed.connect(self._board_selected)
            palette = getattr(getattr(window, "scene", None), "palette", None)
            if isinstance(palette, SidePalette):
                self.palette = palette
        self.reload()

    def set_structure(self, structure: TurnStructure) -> None:
        """Run another turn structure (tests; a ruleset chosen by hand)."""
        self.structure = structure
        self.refresh()

    @property
    def structure(self) -> TurnStructure:
        """The turn run; engine.turns.DEFAULT until a game says otherwise (read when
        first wanted: the dock is built before the engine is loaded)."""
        if self._structure is None:
            from engine import turns

            return turns.DEFAULT
        return self._structure

    @structure.setter
    def structure(self, structure: TurnStructure | None) -> None:
        self._structure = structure

    def reload(self) -> None:
        game = self.game
        self.structure = _ruleset_structure(game.scenario.ruleset) if game else None
        if not self.built:  # the build reads the game
            return
        self.message.clear()
        self.refresh()

    @property
    def game(self):
        if self.editor is None or not self.editor.has_game:
            return None
        return self.editor.game

    # --- showing ------------------------------------------------------------------------

    def _hidden_in_window(self) -> bool:
        """Hidden in the main window (not yet shown, closed, or a tab behind another): its
        rows would be rebuilt for nobody (a cost paid on every board change). A dock
        built in a main window counts from the start, so building it reads no turn
        structure (the engine comes in after the window is up)."""
        in_window = self.window_ is not None or isinstance(self.parent(), QMainWindow)
        return in_window and not self.isVisible()

    def _visibility_changed(self, visible: bool) -> None:
        if visible and self._stale:
            self.refresh()
            selected = getattr(self.window_, "selected_unit_id", None)
            if selected is not None:
                self._board_selected(selected)

    def refresh(self, *_args) -> None:
        import html
        if self._hidden_in_window():
            self._stale = True
            return
        self._stale = False
        game, s = self.game, self.structure
        alternating = s.kind == "alternating"
        self.next_button.setText(self.tr("Next activation") if alternating else
                                 self.tr("End ambush") if s.kind == "rounds" else
                                 self.tr("Next side"))
        self.end_button.setText(self.tr("End round") if s.kind == "rounds"
                                else self.tr("End turn"))
        self.spend_button.setText(self.tr("Spend 1 AP") if s.ap_per_unit
                                  else self.tr("Spend 1 action"))
        if game is None:
            self.turn_label.setText(self.tr("Turn –"))
            self.side_label.clear()
            self.side_label.setStyleSheet("")
            for w in (self.phase_label, self.order_label, self.initiative_label,
                      self.activations_label, self.structure_label, self.units_title,
                      self.may_act_label, self.due_label):
                w.clear()
            self.table.setRowCount(0)
            self.tree.clear()
            self._show_tree(False)
            self._enable(False)
            return
        self.turn_label.setText(self.tr("Turn {0}").format(game.turn))
        self._show_side(game.active_side)
        self.phase_label.setVisible(bool(s.phases))
        self.phase_label.setText(self.tr("Phase: <b>{0}</b>").format(
            html.escape(loc(game.phase) if game.phase else "—")))
        self.structure_label.setText(self._structure_text())
        self._show_order(game)
        self._show_initiative(game)
        self._show_activations(game)
        self._show_may_act(game)
        self._show_due(game)
        self._fill_table(game)
        self._fill_tree(game)
        self._enable(True)

    def _layout_buttons(self) -> None:
        """Only the buttons this structure uses, three to a row, in turn order."""
        s = self.structure
        wanted = {self.activate_button: s.kind == "alternating",
                  self.pass_button: s.passes_allowed, self.phase_button: bool(s.phases),
                  self.ambush_button: s.ambush}
        for b in self.buttons:
            self.button_grid.removeWidget(b)
        shown = [b for b in self.buttons if wanted.get(b, True)]
        for i, b in enumerate(shown):
            self.button_grid.addWidget(b, i // 3, i % 3)
        for b in self.buttons:  # after re-adding: taking a widget out of a layout hides it
            b.setVisible(b in shown)

    def shown_buttons(self) -> list[QPushButton]:
        """The buttons this turn's structure offers, in turn order (the board's menu on a
        unit offers the same buttons, so both run one door)."""
        self.ensure_built()
        self._layout_buttons()
        return [b for b in self.buttons if not b.isHidden()]

    def _enable(self, on: bool) -> None:
        s = self.structure
        self._layout_buttons()
        self.roll_button.setEnabled(on and s.initiative is not None)
        self.app_dice.setEnabled(on and s.initiative is not None)
        self.typed_dice.setEnabled(on and s.initiative is not None)
        self.spend_button.setEnabled(on and bool(s.ap_per_unit or s.actions_per_activation
                                                 or s.actions_per_turn))
        for b in (self.start_button, self.next_button, self.activate_button, self.pass_button,
                  self.ambush_button, self.phase_button, self.end_button):
            b.setEnabled(on)

    def _board_selected(self, unit_id) -> None:
        if self._stale or not self.built:  # the rows are rebuilt, with the board's
            return                             # selection, when shown
        self.table.blockSignals(True)
        self.select_unit(unit_id)
        self.table.blockSignals(False)
        self.tree.blockSignals(True)
        self.tree.clearSelection()
        for item in self.tree.findItems("", Qt.MatchFlag.MatchContains
                                        | Qt.MatchFlag.MatchRecursive):
            if item.data(0, Qt.ItemDataRole.UserRole) == unit_id:
                item.setSelected(True)
        self.tree.blockSignals(False)

    # --- the steps ------------------------------------------------------------------------

    def show_message(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else INFO_STYLE)
        self.message.setText(text)

    @property
    def referee(self) -> Referee:
        """The play service over the editor's game (engine.play): every turn step and
        turn roll is pushed and logged through it."""
        from engine.play import Referee

        return Referee(self.editor)

    def _run(self, action: str, make: Callable[[], Change], actor: str | None = None) -> bool:
        from engine.dice import DiceError
        from engine.model import ModelError
        from engine.turns import TurnError
        if self.game is None:
            self.show_message(self.tr("No game is open"), error=True)
            return False
        try:
            change = self.referee.step_turn(action, make, actor)
        except (TurnError, DiceError, ModelError) as e:
            self.show_message(loc(said(e)), error=True)
            return False
        self.show_message(loc(change.label))
        return True

    def dice_spec(self) -> DiceSpec:
        """The dock's dice: the typed faces, else the app's (the game's sealed dice, or a
        new seed)."""
        from engine.play import AppDice, TypedFaces
        if self.typed_dice.isChecked():
            return TypedFaces(self.typed_faces.text())
        return AppDice()

    def _roll(self, make: Callable[[DiceSource], Any]) -> Any:
        """A turn roll through the referee; None (the message shown) when refused."""
        from engine.dice import DiceError
        from engine.model import ModelError
        from engine.turns import TurnError
        try:
            roll = self.referee.roll_turn(make, self.dice_spec())
        except (TurnError, DiceError, ModelError) as e:
            self.show_message(loc(said(e)), error=True)
            return None
        if self.typed_dice.isChecked():
            self.typed_faces.clear()
        return roll

    def roll_initiative(self) -> bool:
        from engine import turns
        game = self.game
        if game is None:
            return False
        roll = self._roll(lambda dice: turns.roll_initiative(game, self.structure, dice))
        if roll is None:
            return False
        self.show_message(loc(roll.change.label))
        return True

    def start_turn(self) -> bool:
        from engine import turns
        return self._run("start_turn", lambda: turns.start_turn(self.game, self.structure))

    def end_turn(self) -> bool:
        from engine import turns
        return self._run("end_turn", lambda: turns.end_turn(self.game, self.structure))

    def next_activation(self) -> bool:
        from engine import turns
        return self._run("next_activation",
                         lambda: turns.next_activation(self.game, self.structure))

    def next_phase(self) -> bool:
        from engine import turns
        return self._run("next_phase", lambda: turns.next_phase(self.game, self.structure))

    def _need_selected(self, what: str) -> str:
        from engine.turns import TurnError
        uid = self.selected_unit()
        if uid is None:
            raise TurnError(f"{what}: select a unit in the table first")
        return uid

    def activate_selected(self) -> bool:
        from engine import turns
        def make() -> Change:
            return turns.activate(self.game, self.structure, self._need_selected("activate"))
        return self._run("activate", make, self.selected_unit())

    def pass_to_selected(self) -> bool:
        """The activating commander passes an action to the selected unit; the ruleset's
        communication test (if it needs one) is rolled with the dock's dice and logged."""
        from engine import command_tree, turns
        from engine.turns import TurnError
        game = self.game
        if game is None:
            return False
        try:
            if turns.activating(game) is None:
                raise TurnError("pass an action: activate the commander first")
            target = self._need_selected("pass an action")
        except TurnError as e:
            self.show_message(loc(said(e)), error=True)
            return False
        # the nearest commander above it with an action left: the slot's unit, or one who
        # received a passed activation in it (05 §4.4-5)
        commander = command_tree.passer_for(game, self.structure, target) \
            or turns.activating(game)
        roll = self._roll(lambda dice: turns.pass_tested(game, self.structure, commander,
                                                         target, dice))
        if roll is None:
            return False
        tests = "; ".join(f"{loc(st.label)}: {loc(st.outcome)}" for st in roll.steps
                          if st.rolls)
        self.show_message(loc(roll.change.label) + (f" — {tests}" if tests else ""))
        return True

    def ambush_selected(self) -> bool:
        """The selected unit's side ambushes this round (it acts first)."""
        from engine import turns
        def make() -> Change:
            uid = self._need_selected("ambush")
            return turns.declare_ambush(self.game, self.structure, self.game.unit(uid).side)
        return self._run("ambush", make, self.selected_unit())

    def spend_selected(self) -> bool:
        from engine import turns
        def make() -> Change:
            return turns.spend(self.game, self.structure, self._need_selected("spend"))
        return self._run("spend", make, self.selected_unit())


# --------------------------------------------------------------------------- the window


def make(window) -> TurnDock:
    """The Turn dock (app.panels.dock_catalog places it), following the window's editor."""
    dock = TurnDock(window)
    editor = getattr(window, "editor", None)
    if editor is not None:
        dock.set_editor(editor, window)
    return dock
