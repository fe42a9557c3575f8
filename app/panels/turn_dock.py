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

from PySide6.QtCore import QT_TR_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont
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
from .docks import LazyDock, add_view_dock

if TYPE_CHECKING:
    from PySide6.QtWidgets import QTreeWidgetItem

    from engine.dice import DiceSource
    from engine.model import Change
    from engine.play import DiceSpec, Referee
    from engine.turns import TurnStructure

COLUMNS = (QT_TR_NOOP("Unit"), QT_TR_NOOP("AP left"), QT_TR_NOOP("AP spent"),
           QT_TR_NOOP("Actions"), QT_TR_NOOP("Activated"), QT_TR_NOOP("State"),
           QT_TR_NOOP("Player"), QT_TR_NOOP("Due"))
#: The command tree's columns (structures with passed actions).
TREE_COLUMNS = (QT_TR_NOOP("Unit"), QT_TR_NOOP("May act"), QT_TR_NOOP("Passed action"))
#: A pass's outlook as coloured in the tree: no test, a test, impossible.
OUTLOOK_COLOURS = {"free": "#1f7a3a", "test": "#8a4b00", "impossible": "#b3261e"}
ERROR_STYLE = "color: #b3261e;"
#: Names listed in the "may still act" and "tests due" lines before "… N more".
MAX_NAMES = 6
INFO_STYLE = "color: #333;"


def _ruleset_structure(ruleset_id: str) -> TurnStructure:
    """The ruleset's declared turn, or the default when the ruleset is unknown."""
    from engine import turns
    from engine.rulesets.registry import get_ruleset

    try:
        return turns.structure_of(get_ruleset(ruleset_id))
    except (KeyError, ValueError):
        return turns.DEFAULT


def _text_on(colour: QColor) -> str:
    return "#111418" if colour.lightnessF() > 0.6 else "#ffffff"


class TurnDock(LazyDock):
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

    def _chip(self, side: str | None, bold: bool = True) -> str:
        import html
        if side is None:
            return "—"
        c = self.palette.colour(side)
        weight = "font-weight: bold; " if bold else ""
        return (f'<span style="{weight}background: {c.name()}; color: {_text_on(c)}; '
                f'padding: 0 4px;">&nbsp;{html.escape(side)}&nbsp;</span>')

    def _hidden_in_window(self) -> bool:
        """Hidden in the main window (not yet shown, closed, or a tab behind another): its
        rows would be rebuilt for nobody (40 ms per board change at 500 units). A dock
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

    def _show_may_act(self, game) -> None:
        from engine import turns
        ids = turns.may_act(game, self.structure)
        names = [self._name(game, u) for u in ids]
        if len(names) > MAX_NAMES:
            names = [*names[:MAX_NAMES], self.tr("… {0} more").format(len(ids) - MAX_NAMES)]
        self.may_act_label.setText(self.tr("May still act: {0}").format(", ".join(names))
                                   if ids else self.tr("Nobody may act now"))
        self.may_act_label.setToolTip("\n".join(self._name(game, u) for u in ids))

    def _show_due(self, game) -> None:
        from engine import triggers
        due = [d for d in triggers.due(game) if game.on_table(d.get("unit", ""))]
        self.due_label.setVisible(bool(due))
        if due:
            items = "; ".join(f"{self._name(game, d['unit'])}: {self._test_label(d['test'])}"
                              for d in due[:MAX_NAMES])
            if len(due) > MAX_NAMES:
                items += "; " + self.tr("… {0} more").format(len(due) - MAX_NAMES)
            self.due_label.setText(self.tr("Tests due (Tests dock): {0}").format(items))
        else:
            self.due_label.clear()

    def _test_label(self, test: str) -> str:
        """A test's label from the game's ruleset (its id when the ruleset lacks it)."""
        from engine.rulesets.registry import get_ruleset

        game = self.game
        try:
            return loc(get_ruleset(game.scenario.ruleset).action(test), game.scenario.ruleset)
        except (KeyError, ValueError, AttributeError):
            return test

    def _structure_text(self) -> str:
        s = self.structure
        # (app.i18n.tr: the shared context lupdate files these under)
        parts = [{"sides": tr("side turns"), "alternating": tr("alternating activations"),
                  "rounds": tr("combat rounds")}[s.kind]]
        if s.phases:
            parts.append(" → ".join(loc(p) for p in s.phases))
        if s.ap_per_unit:
            parts.append(tr("{0} AP per unit").format(s.ap_per_unit))
        if s.actions_per_activation:
            parts.append(tr("{0} actions per activation").format(s.actions_per_activation))
        if s.actions_per_turn:
            parts.append(tr("{0} action(s) per unit per round").format(s.actions_per_turn))
        if s.ambush:
            parts.append(tr("an ambushing side goes first"))
        if s.allies:
            parts.append(tr("allied players interleave"))
        if s.initiative:
            when = tr("each turn") if s.initiative.when == "each_turn" else tr("once per game")
            flag = " (" + tr("PROPOSED") + ")" if s.initiative.proposed else ""
            die = tr("the ruleset's die per side") if s.hooks.initiative_die is not None \
                else loc(s.initiative.die.name)
            parts.append(tr("initiative {0} {1}").format(die, when) + flag)
        return "; ".join(parts)

    def _show_side(self, side: str | None) -> None:
        if side is None:
            self.side_label.setText(self.tr("nobody acting"))
            self.side_label.setStyleSheet("color: #555; padding: 2px 6px;")
            return
        c = self.palette.colour(side)
        players = self._players(side)
        self.side_label.setText(f"{side} ({', '.join(players)})" if players else side)
        self.side_label.setStyleSheet(f"background: {c.name()}; color: {_text_on(c)}; "
                                      "font-weight: bold; padding: 2px 6px; "
                                      "border-radius: 3px;")

    def _players(self, side: str) -> list[str]:
        """The players sharing `side` (allies), in the order their units are listed."""
        from engine import turns
        game = self.game
        if game is None or not self.structure.allies:
            return []
        return list(dict.fromkeys(p for u in game.units_of(side)
                                  if (p := turns.player_of(u)) is not None))

    def _show_order(self, game) -> None:
        from engine import turns
        order = turns.sides_order(game)
        rolled = bool(game.activation_order)
        chips = " → ".join(self._chip(s, s == game.active_side) for s in order)
        note = "" if rolled or self.structure.initiative is None else \
            ' <span style="color:#555">' + self.tr("(not rolled yet)") + "</span>"
        self.order_label.setText(self.tr("Order: {0}").format(chips) + note)

    def _show_initiative(self, game) -> None:
        from engine import turns
        last = game.state.get("initiative")
        if not isinstance(last, dict):
            due = turns.initiative_due(game, self.structure)
            self.initiative_label.setText(self.tr("Initiative: roll it to start") if due else "")
            return
        faces = last.get("rolls", {})
        rolls = ", ".join(f"{side} {' → '.join(str(f) for f in fs)}"
                          for side, fs in faces.items())
        tie = self.tr(" (ties re-rolled)") if any(len(fs) > 1 for fs in faces.values()) \
            else ""
        self.initiative_label.setText(self.tr("Initiative (turn {0}): {1}").format(
            last.get("turn"), rolls) + tie)

    def _show_activations(self, game) -> None:
        import html

        from engine import turns
        items = turns.activations(game)
        sides = self.structure.kind == "sides"
        title = self.tr("Done this turn: ") if sides else self.tr("Activations this turn: ")
        self.activations_label.setVisible(bool(items) or not sides)
        if not items:
            self.activations_label.setText(title + self.tr("none yet"))
            return
        parts = []
        for i, a in enumerate(items, 1):
            who = html.escape(self._name(game, a.get("unit")) if a.get("unit") else "")
            kind = a.get("kind")
            if kind == "side":
                text = self.tr("turn done")
            elif kind == "pass":
                text = self.tr("let its slot go")
            elif kind == "ambush":
                text = self.tr("ambush sprung")
            elif kind in ("passed", "pass failed"):
                src = html.escape(self._name(game, a.get("from")))
                text = (self.tr("{0} (passed by {1}, failed)") if kind == "pass failed"
                        else self.tr("{0} (passed by {1})")).format(who, src)
            else:
                text = who
            parts.append(f"{i}. {self._chip(a.get('side'), False)} {text}")
        self.activations_label.setText(title + " &nbsp; ".join(parts))

    @staticmethod
    def _name(game, unit_id: str | None) -> str:
        if unit_id is None:
            return ""
        try:
            return game.unit(unit_id).label
        except (KeyError, ValueError):
            return unit_id

    def shown_side(self) -> str | None:
        """The side whose units the table lists: the acting side, or None for all."""
        game = self.game
        return game.active_side if game is not None else None

    def _fill_table(self, game) -> None:
        from engine import turns
        s = self.structure
        side = self.shown_side()
        units = game.units_of(side) if side else list(game.units)
        self.units_title.setText(self.tr("Units of {0}").format(side) if side
                                 else self.tr("All units"))
        keep = self.selected_unit()
        self.table.blockSignals(True)
        self.table.setRowCount(len(units))
        for row, u in enumerate(units):
            st = turns.unit_status(game, u.id, s)
            actions = "" if st.actions_left is None else str(st.actions_left)
            state = ", ".join(st.flags)
            cells = (st.label, _num(st.ap_left), _num(st.ap_spent), actions,
                     ("activating" if st.activating else "yes") if st.activated
                     or st.activating else "", state, st.player or "",
                     ", ".join(self._test_label(t) for t in st.due))
            for col, text in enumerate(cells):
                item = self.table.new_item(text)
                item.setData(Qt.ItemDataRole.UserRole, u.id)
                if col in (1, 2, 3, 4):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col in (5, 7) and cells[col]:
                    item.setForeground(QColor("#b3261e"))
                if st.activating:
                    item.setBackground(QColor("#fff3c4"))
                elif not st.can_act or (st.ap_left == 0):
                    item.setForeground(QColor("#888") if col != 5 else QColor("#b3261e"))
                self.table.setItem(row, col, item)
            if u.id == keep:
                self.table.selectRow(row)
        self.table.setColumnHidden(1, s.ap_per_unit is None)
        self.table.setColumnHidden(2, s.ap_per_unit is None)
        self.table.setColumnHidden(3, s.actions_per_activation is None
                                   and s.actions_per_turn is None)
        self.table.setColumnHidden(4, s.kind != "alternating")
        self.table.setColumnHidden(6, not s.allies)
        self.table.setColumnHidden(7, not s.hooks.triggers)
        self.table.blockSignals(False)

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

    # --- selection ------------------------------------------------------------------------

    def selected_unit(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() \
            else []
        if rows:
            item = self.table.item(rows[0].row(), 0)
            return item.data(Qt.ItemDataRole.UserRole) if item else None
        return None

    def select_unit(self, unit_id: str | None) -> None:
        """Select a unit's row (cleared if it is not listed); the tree follows the
        table."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item and item.data(Qt.ItemDataRole.UserRole) == unit_id:
                self.table.selectRow(row)
                return
        self.table.clearSelection()

    def _row_chosen(self) -> None:
        uid = self.selected_unit()
        w = self.window_
        if uid is not None and w is not None and getattr(w, "selected_unit_id", None) != uid:
            try:
                w.select_unit(uid)
            except KeyError:
                pass

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


def _num(v: int | None) -> str:
    return "" if v is None else str(v)


# --------------------------------------------------------------------------- the window


def install(window) -> TurnDock:
    """Add the dock on the right, hidden until View ▸ Turn (Ctrl+T) shows it — as the Log
    dock, the board keeps the room until it is wanted — and follow the window's editor."""
    dock = TurnDock(window)
    add_view_dock(window, dock, tr("&Turn"), "Ctrl+T")
    editor = getattr(window, "editor", None)
    if editor is not None:
        dock.set_editor(editor, window)
    window.services.turn_dock = dock
    return dock
