"""The Actions dock's widgets and their layout: the unit and action, the set-up (roles, and
facts, options, modifiers and return fire folded to their title lines), the odds chart and
the results (dice, steps, cost, buttons), one above the other so that what a shot needs
fits 1280×800 (app/panels/action_fold.py shares the height).

A mixin of `ActionPanel` (app/panels/action_panel.py), which owns the handlers the widgets
are connected to; the contents' widget modules are imported here, when the dock is first
built, so the window is complete without them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.i18n import tr

from .action_fold import Fold
from .action_results import ActionResults


class ActionLayout:
    """The dock's widgets, made by `_build` (mixed into ActionPanel)."""

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
        from .answer_view import AnswerView
        from .facts_view import FactsView
        from .modifiers_view import ModifiersView
        from .options_view import OptionsView
        from .roles_view import RolesView

        self.roles_box = QGroupBox(self.tr("Roles"))
        self.roles_box.setFlat(True)   # a title line, no frame: the height goes to the rows
        self.roles_view = RolesView(self._request_pick)
        self.roles_view.changed.connect(self._roles_changed)
        QVBoxLayout(self.roles_box).addWidget(self.roles_view)
        lay.addWidget(self.roles_box)

        # read less often than the action, target, odds, roll and Apply: folded to their
        # title lines (app/panels/action_fold.py), one under the other without gaps, so
        # those fit 1280×800 without scrolling
        folds = QVBoxLayout()
        folds.setSpacing(0)
        lay.addLayout(folds)
        lay = folds
        self.facts_box = Fold(tr("Facts from the board"))
        self.facts_view = FactsView()
        self.facts_view.changed.connect(self.update_all)
        self.facts_box.body_layout.addWidget(self.facts_view)
        lay.addWidget(self.facts_box)

        self.options_box = Fold(tr("Options"))
        self.options_view = OptionsView()
        self.options_view.changed.connect(self.update_all)
        self.options_box.body_layout.addWidget(self.options_view)
        lay.addWidget(self.options_box)

        self.modifiers_box = Fold(self.tr("Modifiers agreed at the table"))
        self.modifiers_box.setToolTip(self.tr(
            "A modifier the rules do not list (smoke, a GM ruling) for one step: to its "
            "target, its roll, the dice in its pool or its die step"))
        self.modifiers_view = ModifiersView()
        self.modifiers_view.changed.connect(self.update_all)
        self.modifiers_box.body_layout.addWidget(self.modifiers_view)
        lay.addWidget(self.modifiers_box)

        self.answer_box = AnswerView()
        self.responder_box = self.answer_box.responder_box
        self.answer_action_box = self.answer_box.answer_action_box
        self.answer_weapon_box = self.answer_box.answer_weapon_box
        self.answer_box.responder_changed.connect(lambda: self._responder_chosen(0))
        self.answer_box.changed.connect(self.update_all)
        self.answer_box.setTitle("")   # the fold's title says it
        self.answer_box.setFlat(True)
        self.answer_fold = Fold(self.answer_box.tr("With return fire"))
        self.answer_fold.setToolTip(self.answer_box.toolTip())
        self.answer_fold.body_layout.addWidget(self.answer_box)
        lay.addWidget(self.answer_fold)

    def _build_results(self) -> QWidget:
        """The dice, the steps side by side (return fire), the cost and the buttons: the
        results view's widgets, kept as the dock's names."""
        results = ActionResults()
        for name in ("dice_box", "dice_entry", "steps_view", "answer_steps", "joint_effects",
                     "message", "cost_label", "notes_label", "ignore_cost", "apply_button",
                     "copy_bbcode", "copy_markdown"):
            setattr(self, name, getattr(results, name))
        self.results = results
        self.dice_entry.roll_requested.connect(lambda _seed: self.roll())
        self.dice_entry.typed_changed.connect(self._typed_changed)
        self.dice_entry.mode_changed.connect(lambda _m: self._dice_setup_changed())
        self.apply_button.clicked.connect(self.apply)
        self.copy_bbcode.clicked.connect(lambda: self.copy("bbcode"))
        self.copy_markdown.clicked.connect(lambda: self.copy("markdown"))
        self.ignore_cost.toggled.connect(lambda _on: self._show_cost())
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
        # the setup (unit, action, roles) gets the height its rows need first, the chart
        # its own, the results (dice, steps, Apply) the rest: `share_height`; the steps'
        # box scrolls its text
        for i, (w, stretch) in enumerate(((self.setup_scroll, 0), (chart, 0), (results, 1))):
            self.splitter.addWidget(w)
            self.splitter.setStretchFactor(i, stretch)
        self.splitter.setMinimumWidth(420)
        self.setWidget(self.splitter)
        for fold in (self.facts_box, self.options_box, self.modifiers_box, self.answer_fold):
            fold.head.toggled.connect(lambda _open: self.share_height())
        self._set_role_rows(None)
        self._set_buttons()
