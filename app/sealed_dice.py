"""File ▸ Sealed dice: seal a game, unlock its seed for this session, show the commitment,
reveal the seed, and File ▸ Verify dice… to recompute every logged roll (engine.sealed).

Sealing and revealing are game-state changes (undoable, saved with the game); the unlocked
seed lives in this process only. While a sealed game is locked the app's dice refuse to
roll (typed physical dice still work), so no roll can come from anywhere but the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QMenu

from app.i18n import loc, tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMessageBox

    from engine import sealed


class SealedDiceMenu(QObject):
    """File ▸ Sealed dice ▸ Seal / Unlock / Commitment / Reveal, and File ▸ Verify dice…"""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.menu = QMenu(tr("Sealed &dice"), window)
        self.seal_action = self._add(tr("&Seal this game…"), self.seal_dialog)
        self.unlock_action = self._add(tr("&Unlock the seed…"), self.unlock_dialog)
        self.commitment_action = self._add(tr("Show the &commitment…"), self.show_commitment)
        self.reveal_action = self._add(tr("&Reveal the seed…"), self.reveal_dialog)
        self.witness_action = self._add(tr("Players' &nonces…"), self.witness_dialog)
        self.verify_action = QAction(tr("&Verify dice…"), window)
        self.verify_action.setStatusTip(tr("Recompute every sealed roll from the revealed "
                                           "seed"))
        self.verify_action.triggered.connect(lambda _=False: self.verify_dialog())
        file_menu = window.file_menu
        file_menu.insertMenu(window.quit_action, self.menu)
        file_menu.insertAction(window.quit_action, self.verify_action)
        file_menu.insertSeparator(window.quit_action)
        self.menu.aboutToShow.connect(self.sync)
        self.last_dialog: QDialog | QMessageBox | None = None
        #: On the status bar while the game is sealed: locked, or the next roll's number.
        self.badge = QLabel()
        window.statusBar().addPermanentWidget(self.badge)
        ed = window.editor
        for signal in (ed.game_replaced, ed.changed, ed.logged):
            signal.connect(lambda *_: self.show_state())
        self.show_state()

    def show_state(self) -> None:
        s = self.sealing()
        if s is None:
            self.badge.hide()
            return
        from engine import sealed

        session = sealed.session_for(self.window.editor.game.state)
        if s.revealed is not None:
            text = tr("Sealed dice: seed revealed")
        elif session is None:
            text = tr("Sealed dice: locked (File ▸ Sealed dice ▸ Unlock the seed…)")
        else:
            text = tr("Sealed dice: next roll #{n}").format(n=session.next_roll)
        self.badge.setText(text)
        self.badge.show()

    def _add(self, text: str, slot) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(lambda _=False: slot())
        self.menu.addAction(action)
        return action

    # --- state ------------------------------------------------------------------------------

    def sealing(self) -> sealed.Sealing | None:
        ed = self.window.editor
        if not ed.has_game:
            return None
        from engine import sealed

        try:
            return sealed.sealing_of(ed.game.state)
        except sealed.SealedError:
            return None

    def sync(self) -> None:
        from engine import sealed
        s = self.sealing()
        unlocked = s is not None and sealed.session_for(self.window.editor.game.state)
        self.seal_action.setEnabled(s is None)
        self.unlock_action.setEnabled(s is not None and not unlocked)
        self.commitment_action.setEnabled(s is not None)
        self.reveal_action.setEnabled(s is not None and s.revealed is None)
        self.witness_action.setEnabled(s is not None and s.revealed is None)

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def _error(self, text: str) -> None:
        from . import sealed_dialogs

        sealed_dialogs.warn(self.window, text)

    # --- actions ----------------------------------------------------------------------------

    def seal(self, passphrase: str) -> str:
        """Seal the game (one undoable change) and unlock it; returns the commitment."""
        from engine import sealed
        from engine.model import Change, SetGameState
        game = self.window.editor.game
        if self.sealing() is not None:
            raise sealed.SealedError(_refusal("already_sealed",
                                              commitment=self.sealing().commitment))
        sealing, seed = sealed.seal(passphrase)
        self.window.editor.push(Change([SetGameState(sealed.STATE_KEY, sealing.to_dict())],
                                       tr("Seal the dice")))
        sealed.open_session(sealing, seed, game.log)
        self.show_state()
        return sealing.commitment

    def unlock(self, passphrase: str) -> int:
        """Unlock the seed for this session; returns the next roll number."""
        from engine import sealed
        sealing = self.sealing()
        if sealing is None:
            raise sealed.SealedError(_refusal("not_sealed"))
        seed = sealed.unlock(sealing, passphrase)
        n = sealed.open_session(sealing, seed, self.window.editor.game.log).next_roll
        self.show_state()
        return n

    def reveal(self, passphrase: str) -> str:
        """Write the seed into the game for anyone to verify; returns it."""
        from engine import sealed
        from engine.model import Change, SetGameState
        sealing = self.sealing()
        if sealing is None:
            raise sealed.SealedError(_refusal("not_sealed"))
        shown = sealed.reveal(sealing, passphrase)
        self.window.editor.push(Change([SetGameState(sealed.STATE_KEY, shown.to_dict())],
                                       tr("Reveal the seed")))
        return shown.revealed or ""

    def _passphrase(self, title: str) -> str | None:
        from . import sealed_dialogs

        return sealed_dialogs.ask_passphrase(self.window, title)

    def seal_dialog(self) -> bool:
        from engine import sealed

        from .sealed_dialogs import SealDialog
        dlg = SealDialog(self.window)
        self.last_dialog = dlg
        if dlg.exec() != SealDialog.DialogCode.Accepted:
            return False
        try:
            self.seal(dlg.first.text())
        except sealed.SealedError as e:
            self._error(_said(e))
            return False
        self.show_commitment()
        return True

    def unlock_dialog(self) -> bool:
        from engine import sealed
        text = self._passphrase(tr("Unlock the seed"))
        if text is None:
            return False
        try:
            n = self.unlock(text)
        except sealed.SealedError as e:
            self._error(_said(e))
            return False
        self._status(tr("Sealed dice unlocked: the next roll is #{n}").format(n=n))
        return True

    def show_commitment(self) -> None:
        s = self.sealing()
        if s is None:
            return
        text = tr("Post this before play; reveal the seed at the end.\n\n"
                  "Commitment (SHA-256 of the seed and the game id):\n{c}\n\nGame id: {g}"
                  ).format(c=s.commitment, g=s.game_id)
        from . import sealed_dialogs

        box = sealed_dialogs.commitment_box(
            self.window, text, tr("Sealed dice commitment: {c} (game {g})").format(
                c=s.commitment, g=s.game_id))
        self.last_dialog = box
        box.exec()

    def reveal_dialog(self) -> bool:
        from engine import sealed
        text = self._passphrase(tr("Reveal the seed"))
        if text is None:
            return False
        try:
            seed = self.reveal(text)
        except sealed.SealedError as e:
            self._error(_said(e))
            return False
        QApplication.clipboard().setText(seed)
        self._status(tr("Seed revealed and copied: {seed}").format(seed=seed))
        return True

    def witness_dialog(self) -> None:
        """The turn's declarations and players' nonces (app.witness_dialog)."""
        from .witness_dialog import open_dialog

        dlg = open_dialog(self.window)
        if dlg is not None:
            self.last_dialog = dlg
            dlg.exec()

    def verify_dialog(self) -> bool:
        if not self.window.editor.has_game:
            return False
        from .sealed_dialogs import VerifyDialog

        dlg = VerifyDialog(self)
        self.last_dialog = dlg
        dlg.exec()
        return dlg.last is not None and dlg.last.ok


def install(window) -> SealedDiceMenu:
    menu = SealedDiceMenu(window)
    window.services.sealed_dice = menu
    return menu


def _said(err: BaseException) -> str:
    """A sealing refusal in the interface's language (engine.sealed's messages)."""
    from engine.i18n import said

    return loc(said(err))


def _refusal(key: str, **values: object) -> str:
    """engine.sealed's refusal `key` as a message (its Russian registered there)."""
    from engine import sealed
    from engine.i18n import msg

    return msg(sealed.MESSAGES[key], **values)
