"""Log ▸ Copy turn as BBCode… / Markdown…: the whole turn as one forum post
(engine.turn_post), shown in a preview where the turn, the format and the language can be
changed before it goes to the clipboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from app.i18n import tr

if TYPE_CHECKING:
    from app.turn_post_view import TurnPostDialog


class TurnPost(QObject):
    """The Log menu's two Copy turn actions."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        menu = window.services.log_menu
        if menu is None:
            menu = window.menuBar().addMenu(tr("&Log"))
            window.services.log_menu = menu
        self.bbcode_action = QAction(tr("Copy turn as &BBCode…"), window)
        self.bbcode_action.setShortcut(QKeySequence("Ctrl+Shift+B"))
        self.markdown_action = QAction(tr("Copy turn as &Markdown…"), window)
        for action, fmt in ((self.bbcode_action, "bbcode"), (self.markdown_action, "markdown")):
            action.setStatusTip(tr("Every roll, measurement and template of a turn as one "
                                   "forum post, previewed first"))
            action.triggered.connect(lambda _=False, f=fmt: self.dialog(f))
            menu.addAction(action)
        self.last_dialog: TurnPostDialog | None = None

    def dialog(self, fmt: str) -> bool:
        if not self.window.editor.has_game:
            return False
        from app.turn_post_view import TurnPostDialog

        dlg = TurnPostDialog(self.window, fmt)
        self.last_dialog = dlg
        return dlg.exec() == TurnPostDialog.DialogCode.Accepted


def install(window) -> TurnPost:
    post = TurnPost(window)
    window.services.turn_post = post
    return post
