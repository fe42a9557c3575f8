"""File ▸ Sealed dice's dialogs — seal (a passphrase twice), verify, the passphrase
prompt, the commitment box, the warning: imported when one is first opened
(app/sealed_dice.py's actions), so the start-up creates none of their classes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
)

from app.i18n import error_text as _said
from app.i18n import tr

from .turn_post_view import default_lang

if TYPE_CHECKING:
    from engine.verify_game import VerifyReport


class SealDialog(QDialog):
    """The passphrase, twice."""

    def __init__(self, parent) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Seal the dice"))
        form = QFormLayout()
        intro = QLabel(tr("The app draws a secret seed for this game; every roll of its "
                          "dice will come from it. The seed is kept in the game file "
                          "encrypted under your passphrase: you need it to roll in a later "
                          "session and to reveal the seed."))
        intro.setWordWrap(True)
        self.first = QLineEdit()
        self.second = QLineEdit()
        for w in (self.first, self.second):
            w.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(tr("Passphrase"), self.first)
        form.addRow(tr("Again"), self.second)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b3261e;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(self.message)
        lay.addWidget(buttons)

    def _check(self) -> None:
        from engine import sealed
        if self.first.text() != self.second.text():
            self.message.setText(tr("The two passphrases differ."))
            return
        if len(self.first.text()) < sealed.MIN_PASSPHRASE:
            self.message.setText(tr("The passphrase needs at least {n} characters.").format(
                n=sealed.MIN_PASSPHRASE))
            return
        self.accept()


class VerifyDialog(QDialog):
    """The revealed seed in, the report out: each roll that does not match, each number
    missing, and whether the commitment matches."""

    def __init__(self, controller) -> None:
        super().__init__(controller.window)
        self.controller = controller
        self.setWindowTitle(tr("Verify dice"))
        self.resize(680, 460)
        form = QFormLayout()
        sealing = controller.sealing()
        self.commitment = QLabel(sealing.commitment if sealing else "")
        self.commitment.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(tr("Commitment"), self.commitment)
        self.seed = QLineEdit((sealing.revealed or "") if sealing else "")
        self.seed.setPlaceholderText(tr("the seed the game master revealed (64 hex digits)"))
        form.addRow(tr("Seed"), self.seed)
        self.verify_button = QPushButton(tr("Verify"))
        self.verify_button.clicked.connect(self.run)
        self.verdict = QLabel()
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.verify_button)
        lay.addWidget(self.verdict)
        lay.addWidget(self.report, 1)
        lay.addWidget(buttons)
        self.last: VerifyReport | None = None

    def run(self) -> VerifyReport | None:
        """The game's file verified as `warboard verify` does (engine.verify_game): the
        file on disk once the autosave is written, or, for a game not saved yet, the game
        written to a scratch file."""
        from engine import sealed
        sealing = self.controller.sealing()
        if sealing is None:
            self.verdict.setText(tr("This game is not played with sealed dice."))
            return None
        try:
            report = _verify_window_game(self.controller.window, self.seed.text())
        except sealed.SealedError as e:
            self.verdict.setStyleSheet("color: #b3261e;")
            self.verdict.setText(_said(e))
            return None
        self.last = report
        if report.ok:
            self.verdict.setStyleSheet("color: #1f7a3a; font-weight: bold;")
            self.verdict.setText(tr("Verified: the hash chain, every sealed roll and the "
                                    "game state hold."))
        else:
            self.verdict.setStyleSheet("color: #b3261e; font-weight: bold;")
            self.verdict.setText(tr("{n} problem(s) found.").format(n=len(report.problems)))
        self.report.setPlainText(report.text(default_lang()))
        return report


def _verify_window_game(window, seed: str) -> VerifyReport:
    """engine.verify_game on the window's game file (SealedError for a malformed seed)."""
    import tempfile
    from pathlib import Path

    from app.desktop import busy
    from engine.gamefile import new_game_file
    from engine.verify_game import verify_game

    files = getattr(window.services, "files", None)
    path = getattr(files, "path", None)
    with busy():  # a long game's chain takes seconds
        if path is not None and Path(path).is_file():
            files.flush()
            return verify_game(path, seed=seed or None)
        with tempfile.TemporaryDirectory(prefix="warboard-verify-") as folder:
            scratch = Path(folder) / "game.warboard"
            new_game_file(scratch, window.editor.game)
            return verify_game(scratch, seed=seed or None)


def ask_passphrase(window, title: str) -> str | None:
    """The passphrase typed (hidden), None when cancelled."""
    text, ok = QInputDialog.getText(window, title, tr("Passphrase"),
                                    QLineEdit.EchoMode.Password)
    return text if ok else None


def warn(window, text: str) -> None:
    QMessageBox.warning(window, tr("Sealed dice"), text)


def commitment_box(window, text: str, copied: str) -> QMessageBox:
    """The commitment shown (`text`), with a Copy button putting `copied` on the
    clipboard; the caller runs it."""
    box = QMessageBox(QMessageBox.Icon.Information, tr("Sealed dice"), text,
                      QMessageBox.StandardButton.Close, window)
    copy = box.addButton(tr("Copy"), QMessageBox.ButtonRole.ActionRole)
    copy.clicked.connect(lambda: QApplication.clipboard().setText(copied))
    return box
