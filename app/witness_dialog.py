"""File ▸ Sealed dice ▸ Players' nonces…: a witnessed turn in the program. The game master
types the turn's declared resolutions in order and commits them (the commitment to post is
shown and copied); when the players have posted their nonces he enters them, and the turn's
sealed rolls from then on derive with them (engine.witness). Both steps are undoable game
changes saved with the game."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app.i18n import error_text, tr


class WitnessDialog(QDialog):
    """The turn, its declarations (one per line) and the players' nonces (a row each)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle(tr("Players' nonces"))
        self.resize(620, 560)
        game = window.editor.game
        intro = QLabel(tr("1. Type the turn's resolutions in the order you will resolve "
                          "them and commit; post the commitment. 2. When every player has "
                          "posted a nonce (any short text), enter them: the turn's rolls "
                          "then come from the seed and the nonces, so nobody could know "
                          "them in advance."))
        intro.setWordWrap(True)
        form = QFormLayout()
        self.turn = QSpinBox()
        self.turn.setRange(1, max(1, game.turn))
        self.turn.setValue(game.turn)
        form.addRow(tr("Turn"), self.turn)
        self.declarations = QPlainTextEdit()
        self.declarations.setPlaceholderText(tr("one resolution a line, e.g. "
                                                "“Gren 1 shoots Pfc. Dawson”"))
        self.commit_button = QPushButton(tr("Commit the declarations"))
        self.commitment = QLabel()
        self.commitment.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.commitment.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.nonces = QTableWidget(2, 2)
        self.nonces.setHorizontalHeaderLabels([tr("Player"), tr("Nonce")])
        self.nonces.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.add_row = QPushButton(tr("Add a player"))
        self.enter_button = QPushButton(tr("Enter the nonces"))
        self.message = QLabel()
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(QLabel(tr("Declared resolutions, in order")))
        lay.addWidget(self.declarations, 1)
        lay.addWidget(self.commit_button)
        lay.addWidget(self.commitment)
        lay.addWidget(QLabel(tr("Players' nonces, as posted")))
        lay.addWidget(self.nonces, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_row)
        row.addStretch(1)
        row.addWidget(self.enter_button)
        lay.addLayout(row)
        lay.addWidget(self.message)
        lay.addWidget(buttons)
        self.commit_button.clicked.connect(self.commit)
        self.enter_button.clicked.connect(self.enter)
        self.add_row.clicked.connect(lambda: self.nonces.insertRow(self.nonces.rowCount()))
        self.turn.valueChanged.connect(self.load)
        self.load()

    # --- state ------------------------------------------------------------------------------

    def _record(self):
        from engine.witness.record import game_id_of
        from engine.witness.scheme import WitnessError, witnesses_of

        state = self.window_.editor.game.state
        try:
            return witnesses_of(state, game_id_of(state)).get(self.turn.value())
        except (WitnessError, ValueError):
            return None

    def load(self) -> None:
        """Show the turn's record: its declarations, commitment and nonces."""
        w = self._record()
        self.declarations.setPlainText("\n".join(w.declarations) if w else "")
        self.commitment.setText(tr("Commitment: {c}").format(c=w.commitment) if w else "")
        pairs = list(w.nonces) if w else []
        self.nonces.setRowCount(max(2, len(pairs)))
        for r in range(self.nonces.rowCount()):
            for c in range(2):
                self.nonces.setItem(r, c, QTableWidgetItem(pairs[r][c] if r < len(pairs)
                                                           else ""))
        self._say("")

    def _say(self, text: str, bad: bool = False) -> None:
        self.message.setStyleSheet("color: #b3261e;" if bad else "")
        self.message.setText(text)

    def _push(self, block: dict, what: str) -> None:
        from engine.model import Change, SetGameState
        from engine.witness.scheme import STATE_KEY

        self.window_.editor.push(Change([SetGameState(STATE_KEY, block)], what))

    def pairs(self) -> list[tuple[str, str]]:
        """The rows filled in (a row with both cells empty is skipped)."""
        out = []
        for r in range(self.nonces.rowCount()):
            cells = [(self.nonces.item(r, c).text() if self.nonces.item(r, c) else "")
                     for c in range(2)]
            if any(x.strip() for x in cells):
                out.append((cells[0], cells[1]))
        return out

    # --- the two steps ----------------------------------------------------------------------

    def commit(self) -> str | None:
        """Commit the declarations; the commitment (also on the clipboard), None if
        refused."""
        from engine.witness.record import declare

        lines = [x for x in self.declarations.toPlainText().splitlines() if x.strip()]
        game = self.window_.editor.game
        try:
            block, commit = declare(game.state, self.turn.value(), lines, game.log)
        except ValueError as e:
            self._say(error_text(e), True)
            return None
        self._push(block, tr("Commit the declarations of turn {t}").format(t=self.turn.value()))
        QApplication.clipboard().setText(commit)
        self.commitment.setText(tr("Commitment: {c}").format(c=commit))
        self._say(tr("Committed and copied: post it, then ask the players for their "
                     "nonces."))
        return commit

    def enter(self) -> str | None:
        """Enter the nonces; their digest, None if refused."""
        from engine import sealed
        from engine.witness.record import enter_nonces

        game = self.window_.editor.game
        session = sealed.session_for(game.state)
        first = sealed.next_roll_number(game.log)
        if session is not None:
            first = max(first, session.next_roll)
        try:
            block, digest = enter_nonces(game.state, self.turn.value(), self.pairs(),
                                         game.log, first)
        except ValueError as e:
            self._say(error_text(e), True)
            return None
        self._push(block, tr("Enter the players' nonces of turn {t}").format(
            t=self.turn.value()))
        self._say(tr("Nonces entered: the turn's sealed rolls from #{k} on derive with "
                     "them.").format(k=first))
        return digest


def open_dialog(window) -> WitnessDialog | None:
    """The dialog for the window's game (None without a game); the caller runs it."""
    if not window.editor.has_game:
        return None
    return WitnessDialog(window)
