"""The return-fire chooser of the Actions dock: who answers the action, with which of
its actions and weapons.

What it holds becomes the play request's `engine.play.Answer`; the referee resolves the
action and its answer against one prior state. The dock (app/panels/action_panel.py)
fills it when the action, the actor or the board changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QWidget

from app.i18n import loc, unit_choice

from .action_choices import actions_offered, weapon_choices
from .list_sync import sync_combo

if TYPE_CHECKING:
    from engine.model import Game
    from engine.play import Answer
    from engine.protocol import Action, Ruleset
    from engine.scenario import Unit


class AnswerView(QGroupBox):
    """`responder_box` (None: the action alone), `answer_action_box`,
    `answer_weapon_box`. `responder_changed` when another unit answers (the dock then
    refills the actions), `changed` when the action or weapon of the answer changes."""

    responder_changed = Signal()
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("With return fire"))
        self.setToolTip(self.tr(
            "The unit that answers acts on the actor; both are resolved against the table "
            "as it is now (one prior state), with joint odds and one undoable change"))
        answer = QFormLayout(self)
        self.responder_box = QComboBox()
        self.responder_box.currentIndexChanged.connect(lambda _i: self.responder_changed.emit())
        answer.addRow(self.tr("Answered by"), self.responder_box)
        self.answer_action_box = QComboBox()
        self.answer_action_box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        answer.addRow(self.tr("with"), self.answer_action_box)
        self.answer_weapon_box = QComboBox()
        self.answer_weapon_box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        answer.addRow(self.tr("weapon"), self.answer_weapon_box)

    def fill(self, game: Game | None, shown: bool, actor_id: str | None) -> None:
        """The units that may answer (all but the actor); hidden when not `shown`."""
        self.setVisible(shown)
        box = self.responder_box
        keep = box.currentData()
        box.blockSignals(True)
        sync_combo(box, [(self.tr("(nobody: this action alone)"), None), *(
            (unit_choice(u), u.id) for u in (game.units if shown and game else ())
            if u.id != actor_id)])
        box.setCurrentIndex(max(0, box.findData(keep)))
        box.blockSignals(False)

    def fill_actions(self, game: Game | None, rs: Ruleset | None, action: Action | None,
                     who: Unit | None) -> None:
        """The answering unit's actions (the dock's action first) and weapons."""
        box = self.answer_action_box
        keep = box.currentData() or (action.id if action is not None else None)
        box.blockSignals(True)
        box.clear()
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

    def answer(self) -> Answer | None:
        """The request's answer, None when nobody answers."""
        from engine.play import Answer

        responder = self.responder_box.currentData()
        return None if responder is None else Answer(
            responder, self.answer_action_box.currentData(),
            self.answer_weapon_box.currentData())
