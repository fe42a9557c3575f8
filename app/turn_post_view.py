"""Log ▸ Copy turn as …: the preview dialog (turn, format, language, heading style, the
post): imported when it is first opened (app/turn_post_dialog.py's actions), so the
start-up creates none of its dialog, spin box and text edit classes."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
)

from app.i18n import current_language, tr

#: The settings key of the heading style last copied with (engine.turn_post.HEADINGS).
HEADINGS_KEY = "post/headings"


def default_lang() -> str:
    """The post's language: Russian under a Russian interface, else English."""
    return current_language()


def heading_choices() -> list[tuple[str, str]]:
    """(what the user reads, the style) of each heading style, the default first."""
    return [(tr("Bold (shows on every forum)"), "bold"),
            (tr("Size 150% (phpBB, Discourse)"), "percent"),
            (tr("Size 1–7 (vBulletin, XenForo, MyBB)"), "scale")]


def last_headings() -> str:
    """The heading style last copied with (bold when none or unknown)."""
    from app.settings import settings

    value = settings().value(HEADINGS_KEY, "bold")
    return value if value in [s for _, s in heading_choices()] else "bold"


class TurnPostDialog(QDialog):
    """The preview: turn, format, language, the post itself; Copy puts it on the
    clipboard."""

    def __init__(self, window, fmt: str) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle(tr("Turn as one post"))
        self.resize(720, 640)
        game = window.editor.game
        form = QFormLayout()
        self.turn = QSpinBox()
        self.turn.setRange(1, max(game.turn, max((e.turn for e in game.log), default=1)))
        self.turn.setValue(game.turn)
        form.addRow(tr("Turn"), self.turn)
        self.fmt = QComboBox()
        self.fmt.addItem(tr("BBCode"), "bbcode")
        self.fmt.addItem(tr("Markdown"), "markdown")
        self.fmt.setCurrentIndex(self.fmt.findData(fmt))
        form.addRow(tr("Format"), self.fmt)
        self.lang = QComboBox()
        self.lang.addItem("English", "en")
        self.lang.addItem("Русский", "ru")
        self.lang.setCurrentIndex(self.lang.findData(default_lang()))
        form.addRow(tr("Language"), self.lang)
        self.headings = QComboBox()
        for label, style in heading_choices():
            self.headings.addItem(label, style)
        self.headings.setCurrentIndex(self.headings.findData(last_headings()))
        self.headings.setToolTip(tr("How the post's headings are marked: bold shows on "
                                    "every forum; a forum that refuses [size=150] takes "
                                    "sizes 1–7"))
        form.addRow(tr("Headings"), self.headings)
        self.count = QLabel()
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.copy_button = buttons.addButton(tr("Copy"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.copy)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.count)
        lay.addWidget(self.preview, 1)
        lay.addWidget(buttons)
        for box in (self.fmt, self.lang, self.headings):
            box.currentIndexChanged.connect(self.refresh)
        self.turn.valueChanged.connect(self.refresh)
        self.refresh()

    def post(self) -> str:
        from engine.turn_post import turn_post
        game = self.window_.editor.game
        return turn_post(game, self.turn.value(), self.fmt.currentData(),
                         self.lang.currentData(), headings=self.headings.currentData())

    def refresh(self) -> None:
        from engine.turn_post import turn_sections
        game = self.window_.editor.game
        n = sum(len(s.entries) for s in turn_sections(game, self.turn.value()))
        self.count.setText(tr("{n} log lines of turn {turn}").format(n=n,
                                                                     turn=self.turn.value()))
        self.preview.setPlainText(self.post())
        self.copy_button.setEnabled(n > 0)

    def copy(self) -> None:
        from app.settings import settings

        QApplication.clipboard().setText(self.preview.toPlainText())
        settings().setValue(HEADINGS_KEY, self.headings.currentData())
        self.window_.statusBar().showMessage(
            tr("Turn {turn} copied as {fmt}").format(turn=self.turn.value(),
                                                     fmt=self.fmt.currentText()), 5000)
        self.accept()
