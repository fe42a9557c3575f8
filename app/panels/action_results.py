"""The Actions dock's results: the dice, the steps (side by side with return fire), the
merged effects, the message, the cost line and the Apply / Copy buttons.

A view over what the play service returns (`engine.play`): it shows a Resolution (or a
JointResolution), a refusal, a `Priced` cost, and says nothing of how they were made. The
dock (app/panels/action_panel.py) wires its buttons and keeps the roll's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.i18n import loc, tr

if TYPE_CHECKING:
    from engine.joint import JointResolution
    from engine.play import Priced
    from engine.protocol import Resolution, Step

ERROR_STYLE = "color: #b3261e;"
OK_STYLE = "color: #1f7a3a;"
#: The steps' least height: three lines (their box scrolls; the dock gives it the rest).
STEPS_MIN_PX = 64


class ActionResults(QWidget):
    """The lower part of the Actions dock. Widgets: `dice_box`, `dice_entry`,
    `steps_view`, `answer_steps`, `joint_effects`, `message`, `cost_label`, `notes_label`,
    `ignore_cost`, `apply_button`, `copy_bbcode`, `copy_markdown`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        # the dice and steps widgets are imported with the dock's contents, not the window
        from .dice_entry import DiceEntry
        from .steps_view import StepsView

        super().__init__(parent)
        res = QVBoxLayout(self)
        res.setContentsMargins(6, 0, 6, 6)
        self.dice_box = QGroupBox(tr("Dice"))
        self.dice_entry = DiceEntry()
        QVBoxLayout(self.dice_box).addWidget(self.dice_entry)
        res.addWidget(self.dice_box)
        res.addWidget(QLabel(tr("<b>Steps</b>")))
        self.steps_view = StepsView()
        self.steps_view.setMinimumHeight(STEPS_MIN_PX)  # grows with the dock; scrolls
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
        self._build_cost(res)
        res.addLayout(self._build_buttons())

    def _build_cost(self, res: QVBoxLayout) -> None:
        """The cost line, its override and the action's notes."""
        self.ignore_cost = QCheckBox(self.tr("Ignore cost"))
        self.ignore_cost.setToolTip(self.tr(
            "Apply even when the action's cost (AP, actions, once per turn …) is not "
            "available: the real table wins; the ledger marks it"))
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        res.addWidget(self.cost_label)
        #: The action's notes at this context (Action.notes: a resource not used yet …).
        self.notes_label = QLabel()
        self.notes_label.setWordWrap(True)
        self.notes_label.setStyleSheet("color: #555;")
        res.addWidget(self.notes_label)

    def _build_buttons(self) -> QHBoxLayout:
        self.apply_button = QPushButton(tr("Apply"))
        self.apply_button.setToolTip(tr("Apply the effects as one undoable change and log it"))
        self.copy_bbcode = QPushButton(tr("Copy BBCode"))
        self.copy_markdown = QPushButton(tr("Copy Markdown"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.ignore_cost)
        buttons.addWidget(self.apply_button, 1)
        buttons.addWidget(self.copy_bbcode)
        buttons.addWidget(self.copy_markdown)
        return buttons

    def show_steps(self, res: Resolution | JointResolution) -> None:
        """One resolution's steps; a joint one's side by side, the merged effects below."""
        from engine.joint import JointResolution
        from engine.wording import change_words
        joint = isinstance(res, JointResolution)
        self.answer_steps.setVisible(joint)
        self.joint_effects.setVisible(joint)
        if not joint:
            self.steps_view.show_steps(res.steps, effects=change_words(res.change, res.names,
                                                                          res.ruleset),
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
        effects = "; ".join(loc(e, rs) for e in change_words(res.change, names, rs)) \
            or self.tr("none")
        notes = "".join(f"<br><i>{loc(n, rs)}</i>" for n in res.notes)
        self.joint_effects.setText(self.tr("<b>Effects (merged)</b>: ") + effects + notes)

    def show_refusal(self, steps: Sequence[Step], text: str, ruleset: str | None) -> None:
        """The steps decided before the refusal, and why the action is not possible."""
        self.answer_steps.hide()
        self.joint_effects.hide()
        self.steps_view.show_steps(steps, refusal=text, ruleset=ruleset)
        self.dice_entry.set_message(tr("Not possible: {0}").format(loc(text, ruleset)),
                                    "error")

    def show_cost(self, priced: Priced | None, resolved: bool) -> None:
        """The action's cost, and the refusal when it is not available; Apply is enabled
        for a `resolved` roll whose cost is paid (or ignored)."""
        cost = priced.cost if priced is not None else None
        why = priced.refusal if priced is not None else None
        if cost is not None:
            from engine.costs import describe_cost
        self.ignore_cost.setVisible(cost is not None)
        ignored = self.ignore_cost.isChecked()
        if cost is None:
            self.cost_label.clear()
        elif why and ignored:
            self.cost_label.setText(self.tr("Cost: {0} — not available ({1}); applied anyway")
                                    .format(loc(describe_cost(cost)), loc(why)))
        elif why:
            self.cost_label.setText(self.tr("Cost: {0} — not available: {1}")
                                    .format(loc(describe_cost(cost)), loc(why)))
        else:
            self.cost_label.setText(self.tr("Cost: {0}").format(loc(describe_cost(cost))))
        self.cost_label.setStyleSheet(ERROR_STYLE if why and not ignored else "color: #555;")
        self.cost_label.setVisible(cost is not None)
        self.apply_button.setEnabled(resolved and not (why and not ignored))

    def set_buttons(self, resolved: bool, shown: bool) -> None:
        """Apply for a complete roll not yet applied, Copy for any resolution shown."""
        self.apply_button.setEnabled(resolved)
        for b in (self.copy_bbcode, self.copy_markdown):
            b.setEnabled(shown)

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.message.setText(text)
        self.message.setVisible(bool(text))
