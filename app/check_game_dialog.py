"""File ▸ Check Game…: every check of the open game's file (engine.check_game) shown as a
list — a mark and a line per check, the details under it — with "Open the last good
backup" offered when something is wrong and a whole backup exists."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from app.i18n import current_language, loc, tr
from engine.check_game import GameCheck, check_game


class CheckGameDialog(QDialog):
    """The findings of one check. `restore_requested` is set when the user chose the
    backup (the caller restores it: the dialog only reports)."""

    def __init__(self, report: GameCheck, parent=None) -> None:
        super().__init__(parent)
        self.report = report
        self.restore_requested = False
        self.setWindowTitle(tr("Check Game"))
        layout = QVBoxLayout(self)
        head = tr("{file}: no problems found.") if report.ok else \
            tr("{file}: problems found.")
        self.summary = QLabel(head.format(file=report.path.name))
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        for f in report.findings:
            item = QTreeWidgetItem([("✓ " if f.ok else "✗ ") + loc(f.summary)])
            for d in f.details:
                item.addChild(QTreeWidgetItem([loc(d)]))
            self.tree.addTopLevelItem(item)
            item.setExpanded(not f.ok)
        layout.addWidget(self.tree)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.restore_button: QPushButton | None = None
        if report.backup is not None:
            self.restore_button = buttons.addButton(
                tr("Open the last good backup ({name})").format(name=report.backup.name),
                QDialogButtonBox.ButtonRole.AcceptRole)
            self.restore_button.clicked.connect(self._restore)
        layout.addWidget(buttons)
        self.resize(560, 360)

    def _restore(self) -> None:
        self.restore_requested = True
        self.accept()


def check_open_game(controller) -> CheckGameDialog | None:
    """Check the controller's game file (saved first, so the file is the game as shown),
    show the findings, and restore the backup if the user asks. None without a file."""
    path: Path | None = controller.path
    if path is None:
        controller.window.show_error(tr("Check Game"),
                                     tr("The game has no file yet: save it first."))
        return None
    try:
        controller.flush()
    except Exception:  # noqa: BLE001 — the check shows what the file holds either way
        pass
    from app.desktop import busy

    with busy():   # every entry of a long game is checked
        report = check_game(path, current_language())
    dialog = CheckGameDialog(report, controller.window)
    dialog.exec()
    if dialog.restore_requested and dialog.report.backup is not None:
        controller.restore_from(dialog.report.backup)
    return dialog
