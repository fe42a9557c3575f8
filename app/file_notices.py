"""What the file controller tells the player about a game file beyond opening and saving
it — a log altered outside Warboard, another file's journal set aside, a damaged file's
last good backup, a backup that failed — and File ▸ Check Game…. A mixin of
app.files.FileController (its `window`, `path`, `_show`, `_status`, `_stop_autosave`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from app.i18n import error_text as _said
from app.i18n import tr

if TYPE_CHECKING:
    from engine.model import Game


class FileNotices:
    """The player-facing checks and offers of FileController (see the module doc)."""

    def tell_journal_set_aside(self, p: Path, aside: Path) -> None:
        """Say that another file's unfinished-save journal was found beside the game and
        set aside, not applied (engine/journal.py): the game is open as its file holds it."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.information(
            self.window, self.tr("A journal of another file was set aside"),
            self.tr("Beside {file} lay the journal of an unfinished save of another file. "
                    "It was not applied to this game (that would have damaged it); it is "
                    "kept as {aside}.\n\nThe game is open as its file holds it.").format(
                file=p.name, aside=aside.name))

    def warn_altered_log(self, p: Path, problems: tuple[str, ...]) -> None:
        """Say that the game's log was altered outside Warboard: the game is open, but the
        player sees the finding (engine.log_chain) instead of an untouched-looking log."""
        from PySide6.QtWidgets import QMessageBox

        text = "\n".join(f"• {x}" for x in problems)
        self._status(tr("{0}: the roll log was altered outside Warboard").format(p.name))
        QMessageBox.warning(self.window, self.tr("The roll log was altered"),
                            self.tr("{file}: the roll log does not match its hash chain:"
                                    "\n\n{found}\n\nThe game is open as the file holds it."
                                    ).format(file=p, found=text))

    def _offer_backup(self, p: Path, error: Exception) -> Game | None:
        """A damaged game file: offer its newest good backup (engine.backups) in its place;
        the damaged file is kept beside it. None when there is none or the user says no."""
        from PySide6.QtWidgets import QMessageBox

        from engine.backups import last_good_backup, restore_backup
        from engine.gamefile import GameFileError, open_game

        backup = last_good_backup(p)
        if backup is None:
            return None
        answer = QMessageBox.question(
            self.window, self.tr("The game file is damaged"),
            self.tr("{error}\n\nOpen its last good backup ({name}) instead? The damaged "
                    "file is kept beside it.").format(error=_said(error), name=backup.name),
            QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Open)
        if answer != QMessageBox.StandardButton.Open:
            return None
        try:
            kept = restore_backup(p, backup)
            read = open_game(p)
        except (GameFileError, OSError) as e:
            self.window.show_error(self.tr("Could not restore the backup"), _said(e))
            return None
        self._read_problems = read.log_problems
        self._status(self.tr("Restored {name}; the damaged file is {kept}").format(
            name=backup.name, kept=kept.name))
        return read.game

    def _backup(self, path: Path) -> None:
        """A rolling backup of the game file (after opening and after each Save); a
        failure is told in the status bar and never stops the save."""
        from app.settings import backup_count
        from engine.backups import BackupError, make_backup

        try:
            make_backup(path, backup_count())
        except BackupError as e:
            self._status(self.tr("Backup failed: {0}").format(_said(e)))
        except OSError as e:
            self._status(self.tr("Backup failed: {0}").format(e.strerror or e))

    def check_game(self) -> None:
        """File ▸ Check Game…: every check of the game's file, the last good backup
        offered where something is wrong (app/check_game_dialog.py)."""
        from app.check_game_dialog import check_open_game

        check_open_game(self)

    def restore_from(self, backup: Path) -> bool:
        """Put `backup` in place of the open game's file (the file it replaces is kept
        beside it) and open it."""
        from engine.backups import restore_backup
        from engine.gamefile import GameFileError, open_game

        p = self.path
        if p is None:
            return False
        self._stop_autosave()
        try:
            kept = restore_backup(p, backup)
            read = open_game(p)
        except (GameFileError, OSError) as e:
            self.window.show_error(tr("Could not restore the backup"), _said(e))
            self._start_autosave(p)
            return False
        self._show(read.game, path=p, source=p)
        self._status(tr("Restored {name}; the damaged file is {kept}").format(
            name=backup.name, kept=kept.name))
        return True
