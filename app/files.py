"""The File menu: new, open, save, save as, recent files, scenario JSON import and export,
and autosave into the open `.warboard` game file after every change.

A game lives in one `.warboard` file (engine/gamefile.py). Once a game has a file, every
change the editor reports (`changed`, `logged`) is snapshotted on the interface thread and
written by `engine.autosave.Autosaver` on its own thread, so there is nothing to lose and no
save ever blocks the board. A game that came from a scenario `.json`, from New, or from the
demo has no file until Save As gives it one; closing or replacing it with unsaved changes
asks first. The title shows the game, its file and a leading `*` while changes are not yet
in a file.

A file that cannot be opened — damaged, foreign, newer, not a game at all, or a scenario
with a bad field — is refused with a message saying which (the kinds of
`engine.gamefile.GameFileError`, or the field named by `ScenarioError`). Reading never
writes: the refused file keeps its bytes and the game on the board stays open.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, QEvent, QObject, QTimer, Signal

from app.i18n import loc, tr

from .file_menu import FileMenu
from .file_notices import FileNotices
from .new_table import NewTable, _first_ruleset, blank_scenario  # noqa: F401 — public here
from .recent import RecentFiles

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from engine.model import Game

if TYPE_CHECKING:
    from engine.autosave import Autosaver

GAME_SUFFIX = ".warboard"
OPEN_FILTER = ("Games and scenarios (*.warboard *.json);;Warboard games (*.warboard);;"
               "Scenario JSON (*.json);;All files (*)")
GAME_FILTER = "Warboard games (*.warboard);;All files (*)"
JSON_FILTER = "Scenario JSON (*.json);;All files (*)"
APP_NAME = "Warboard"
#: How long Save, Close and Open wait for the autosaver to finish writing.
FLUSH_TIMEOUT_S = 30.0
#: How soon after a change the controller looks whether its autosave failed.
AUTOSAVE_CHECK_MS = 1500
SQLITE_MAGIC = b"SQLite format 3\x00"

#: The message box title for each kind of refused game file (GameFileError.kind).
#: (English, marked for translation: shown through tr())
REFUSAL_TITLES = {
    "not-found": QT_TR_NOOP("No such file"),
    "not-sqlite": QT_TR_NOOP("Not a Warboard game file"),
    "damaged": QT_TR_NOOP("The game file is damaged"),
    "foreign": QT_TR_NOOP("Not a Warboard game"),
    "newer": QT_TR_NOOP("Made by a newer Warboard"),
    "invalid": QT_TR_NOOP("The game file holds a bad value"),
    "conflict": QT_TR_NOOP("The file holds another game"),
}
SCENARIO_REFUSAL = QT_TR_NOOP("Not a valid scenario file")
LEFT_ALONE = QT_TR_NOOP("The file was left as it was; the game on the board is still open.")


# --------------------------------------------------------------------------- new table


def _remember(chosen: str) -> None:
    """The next file dialog starts where this one's file was chosen."""
    from app.settings import remember_folder

    remember_folder(chosen)


def ask_new_table(parent: QWidget | None) -> NewTable | None:
    """Run the New dialog; None when cancelled. (Tests replace this function.)"""
    from app.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(parent)
    return dialog.spec() if dialog.exec() == NewGameDialog.DialogCode.Accepted else None


# --------------------------------------------------------------------------- the controller


def looks_like_game(path: Path) -> bool:
    """A .warboard name or a SQLite header: read as a game file; anything else as JSON."""
    if path.suffix.lower() == GAME_SUFFIX:
        return True
    from engine.safe_json import NotARegularFile, read_regular  # a FIFO must not hang

    try:
        return read_regular(path, len(SQLITE_MAGIC) - 1)[:len(SQLITE_MAGIC)] == SQLITE_MAGIC
    except NotARegularFile:
        return False  # the scenario reader refuses it by name
    except OSError:
        return path.suffix.lower() != ".json"


class FileController(FileNotices, FileMenu, QObject):
    """Owns the File menu entries and the game's file.

    `path` is the `.warboard` file autosaved into (None until the game has one);
    `source` is the file the game was read from (a game file or a scenario JSON);
    `modified` says whether changes are not yet in a file. `file_changed(path)` is
    emitted when the game's file changes, `saved(path)` after an explicit save.
    """

    file_changed = Signal(object)
    saved = Signal(object)
    _autosaved = Signal(object)  # from the writer thread: (taken, log_end) of a snapshot

    def __init__(self, window, recent: RecentFiles | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.editor = window.editor
        self.recent = recent if recent is not None else RecentFiles()
        self.path: Path | None = None
        self.source: Path | None = None
        self.modified = False
        self._autosaver: Autosaver | None = None
        self._last_submitted: tuple[str, int] | None = None
        self._replacing = False
        #: What the open game's log chain reported when it was opened (engine.log_chain).
        self.log_problems: tuple[str, ...] = ()
        self._read_problems: tuple[str, ...] = ()
        self._journal_aside: Path | None = None
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(AUTOSAVE_CHECK_MS)
        self._check_timer.timeout.connect(self.check_autosave)
        self._autosaved.connect(self._on_autosaved)
        self._build_actions()
        self.editor.changed.connect(self._on_edit)
        self.editor.logged.connect(self._on_edit)
        self.editor.game_replaced.connect(self._on_game_replaced)
        window.installEventFilter(self)

    # --- state ------------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.editor.game if self.editor.has_game else None

    def title(self) -> str:
        """`*Crossroads (crossroads.warboard) — Warboard`: the star while changes are not in
        a file, the game file's name once there is one (a scenario .json the game was read
        from is not its file: saving never writes there)."""
        game = self.game
        name = game.scenario.name if game is not None else ""
        shown = self.path
        text = f"{name} ({shown.name})" if shown is not None and name else (
            shown.name if shown is not None else name)
        star = "*" if self.modified else ""
        return f"{star}{text} — {APP_NAME}" if text else APP_NAME

    def _update_title(self) -> None:
        self.window.setWindowTitle(self.title())

    def _set_modified(self, value: bool) -> None:
        if value != self.modified:
            self.modified = value
            self._update_title()

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 5000)

    def _show(self, game: Game, *, path: Path | None, source: Path | None) -> None:
        """Put `game` on the board as this controller's, with its file (or none)."""
        self._stop_autosave()
        self._replacing = True
        try:
            self.window.set_game(game, path or source)
        finally:
            self._replacing = False
        self.path, self.source, self.modified = path, source, False
        if path is not None:
            self._start_autosave(path)
        self._update_title()
        self.file_changed.emit(path)

    def _on_game_replaced(self) -> None:
        """Someone else put a game on the board (the demo at start-up, a test): it has no
        file of ours."""
        if self._replacing:
            return
        self._stop_autosave()
        self.path, self.source, self.modified = None, None, False
        self._update_title()
        self.file_changed.emit(None)

    def _on_edit(self, *args) -> None:
        self._set_modified(True)
        if self._autosaver is not None and self.game is not None:
            try:
                snap = self._autosaver.submit(self.game)
            except (RuntimeError, ValueError) as e:
                self._status(tr("Autosave failed: {0}").format(_said(e)))
                return
            self._last_submitted = (snap.taken, snap.log_end)
            self._check_timer.start()

    # --- autosave ---------------------------------------------------------------------------

    def _start_autosave(self, path: Path) -> None:
        from engine.autosave import Autosaver

        self._last_submitted = None
        self._autosaver = Autosaver(
            path, on_saved=lambda snap, stats: self._autosaved.emit((snap.taken, snap.log_end)))
        if self.game is not None:  # just opened or saved: autosaves copy only changes
            self._autosaver.synced(self.game)

    def _stop_autosave(self, *, report: bool = True) -> bool:
        """Write what is queued and stop; False (after saying why) if the last write failed."""
        saver, self._autosaver = self._autosaver, None
        self._check_timer.stop()
        if saver is None:
            return True
        try:
            saver.close()
        except Exception as e:  # noqa: BLE001 — any failure is reported, never raised
            if report:
                self.window.show_error(tr("Autosave failed"), tr(
                    "{0}\n\nThe last changes may not be in the file.").format(_said(e)))
            else:
                self._status(tr("Autosave failed: {0}").format(_said(e)))
            return False
        return True

    def _on_autosaved(self, mark: tuple[str, int]) -> None:
        if self._autosaver is not None and mark == self._last_submitted:
            self._set_modified(False)

    def flush(self, timeout: float | None = FLUSH_TIMEOUT_S) -> None:
        """Wait until every change so far is in the file (raises the autosave's error)."""
        if self._autosaver is not None:
            self._autosaver.flush(timeout)
            self._set_modified(False)

    def check_autosave(self) -> None:
        """Say in the status bar if the autosave's last write failed (it is retried with
        the next change; the title keeps its star)."""
        if self._autosaver is None:
            return
        try:
            self._autosaver.flush(0)
        except TimeoutError:
            self._check_timer.start()
        except Exception as e:  # noqa: BLE001
            self._status(tr("Autosave failed: {0}").format(_said(e)))

    def close(self) -> bool:
        """Finish autosaving and let go of the file."""
        return self._stop_autosave()

    def hand_over(self, other: FileController) -> None:
        """The window was rebuilt in another language (app.window.relocalize): `other`, the
        new window's controller, takes the game's file; the autosave is finished here and
        started there, so no change is written twice or lost."""
        path, source, modified = self.path, self.source, self.modified
        self._stop_autosave(report=False)
        self.path = self.source = None
        other.path, other.source, other.modified = path, source, modified
        other.log_problems = self.log_problems
        if path is not None:
            other._start_autosave(path)
        other._update_title()
        other.file_changed.emit(path)

    # --- new and open -----------------------------------------------------------------------

    def new_dialog(self) -> bool:
        if not self.maybe_save():
            return False
        spec = ask_new_table(self.window)
        return False if spec is None else self.new_game(spec, ask=False)

    def new_game(self, spec: NewTable, *, ask: bool = True) -> bool:
        """Start a game on a blank table or the demo; it has no file until Save As."""
        from engine.model import Game
        if ask and not self.maybe_save():
            return False
        try:
            if spec.demo:
                from engine.scenario_io import load_demo

                scenario = load_demo(spec.demo_file)
            else:
                scenario = blank_scenario(spec)
        except (OSError, ValueError) as e:
            self.window.show_error(tr("Could not start a new game"), _said(e))
            return False
        self._show(Game(scenario), path=None, source=None)
        return True

    def open_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getOpenFileName(self.window, tr("Open a game or scenario"),
                                              self._start_dir(), OPEN_FILTER)
        _remember(name)
        return bool(name) and self.open_path(name)

    def import_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getOpenFileName(self.window, tr("Import a scenario"),
                                              self._start_dir(), JSON_FILTER)
        _remember(name)
        return bool(name) and self.open_path(name, scenario=True)

    def open_path(self, path: str | os.PathLike, *, scenario: bool | None = None) -> bool:
        """Open a .warboard game (autosaved from now on) or a scenario .json (a new game
        without a file). A file that cannot be read is refused with a message saying why;
        the game on the board stays open. `scenario` forces the JSON reading."""
        p = Path(path)
        as_game = looks_like_game(p) if scenario is None else not scenario
        read = self._read_game if as_game else self._read_scenario
        self._read_problems = ()
        self._journal_aside = None
        from app.desktop import busy

        with busy():   # a big table takes a while to read
            game = read(p)  # before asking: a refused file needs no decision about this one
        if game is None or not self.maybe_save():
            return False
        self._show(game, path=p if as_game else None, source=p)
        self.recent.add(p)
        self._status(tr("Opened {0}").format(p))
        if as_game:
            self._backup(p)
        self.log_problems = self._read_problems
        if self.log_problems:
            self.warn_altered_log(p, self.log_problems)
        if self._journal_aside is not None:
            self.tell_journal_set_aside(p, self._journal_aside)
        return True

    def _read_game(self, p: Path) -> Game | None:
        from engine.gamefile import GameFileError, open_game

        try:
            read = open_game(p)
            self._read_problems = read.log_problems
            self._journal_aside = read.journal_set_aside
            return read.game
        except GameFileError as e:
            if e.kind == "damaged":
                restored = self._offer_backup(p, e)
                if restored is not None:
                    return restored
            self.window.show_error(tr(REFUSAL_TITLES.get(e.kind, "Could not open the game")),
                                   f"{_said(e)}\n\n{tr(LEFT_ALONE)}")
        except OSError as e:
            self.window.show_error(tr("Could not open the game"), f"{p}: {e.strerror or e}")
        return None

    def _read_scenario(self, p: Path) -> Game | None:
        from engine.model import Game
        from engine.scenario_io import ScenarioError, load_scenario

        try:
            scenario = load_scenario(p)
            return Game.from_meta(scenario, {})
        except (ScenarioError, ValueError) as e:
            self.window.show_error(tr(SCENARIO_REFUSAL), f"{_said(e)}\n\n{tr(LEFT_ALONE)}")
        except OSError as e:
            self.window.show_error(tr(SCENARIO_REFUSAL), f"{p}: {e.strerror or e}")
        return None

    def _start_dir(self) -> str:
        """The open file's folder, else the last folder a file was chosen in, else the
        most recent file's, else the user's documents (never the program's folder)."""
        from app.settings import FOLDER_KEY, proposed_folder, settings, start_folder

        shown = self.path or self.source
        if shown is not None and not str(shown).startswith("demo:"):
            return str(proposed_folder(shown))
        if settings().value(FOLDER_KEY, ""):
            return str(start_folder())
        recent = self.recent.paths()
        return str(recent[0].parent) if recent else str(start_folder())

    # --- save -------------------------------------------------------------------------------

    def save(self) -> bool:
        """Into the game's file (waiting for the autosave), or Save As when it has none."""
        if self.game is None:
            return False
        if self.path is None:
            return self.save_as_dialog()
        try:
            self._autosaver.submit(self.game, full=True)  # type: ignore[union-attr]
            self.flush()
        except Exception as e:  # noqa: BLE001
            self.window.show_error(tr("Could not save the game"), _said(e))
            return False
        self._status(tr("Saved {0}").format(self.path))
        self._backup(self.path)
        self.saved.emit(self.path)
        return True

    def save_as_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        if self.game is None:
            return False
        name, _ = QFileDialog.getSaveFileName(self.window, tr("Save the game as"),
                                              str(self._suggested(GAME_SUFFIX)), GAME_FILTER)
        _remember(name)
        return bool(name) and self.save_as(name)

    def save_as(self, path: str | os.PathLike) -> bool:
        """Write the whole game into a new file at `path` (replacing one there, in one
        step) and autosave into it from now on."""
        from engine.gamefile import GameFileError, new_game_file

        game = self.game
        if game is None:
            return False
        p = Path(path)
        if not p.suffix:
            p = p.with_suffix(GAME_SUFFIX)
        if self.path is not None and p.resolve() == self.path.resolve():
            return self.save()
        try:
            new_game_file(p, game)
        except (GameFileError, OSError) as e:
            self.window.show_error(tr("Could not save the game"), f"{p}: {_said(e)}")
            return False
        self._stop_autosave()
        self.path, self.source = p, p
        self.window.path = p
        self._start_autosave(p)
        self.modified = False
        self._update_title()
        self.recent.add(p)
        self._status(tr("Saved {0}").format(p))
        self._backup(p)
        self.file_changed.emit(p)
        self.saved.emit(p)
        return True

    def _suggested(self, suffix: str) -> Path:
        shown = self.path or self.source
        game = self.game
        stem = shown.stem if shown is not None else _file_stem(
            game.scenario.name if game is not None else "game")
        folder = Path(self._start_dir())  # the game's folder, never the program's
        return folder / f"{stem}{suffix}"

    # --- scenario JSON ----------------------------------------------------------------------

    def export_dialog(self) -> bool:
        from PySide6.QtWidgets import QFileDialog

        if self.game is None:
            return False
        name, _ = QFileDialog.getSaveFileName(self.window, tr("Export the scenario"),
                                              str(self._suggested(".json")), JSON_FILTER)
        _remember(name)
        return bool(name) and self.export_scenario(name)

    def export_scenario(self, path: str | os.PathLike) -> bool:
        """The table as scenario JSON (engine.gamefile.export_scenario's document, written
        by engine.scenario_io): units carry markers and state, removed ones included."""
        from engine.scenario_io import save_scenario

        game = self.game
        if game is None:
            return False
        p = Path(path)
        try:
            save_scenario(dataclasses.replace(game.scenario, units=game.all_units()), p)
        except (OSError, ValueError) as e:
            self.window.show_error(tr("Could not export the scenario"), f"{p}: {_said(e)}")
            return False
        self._status(tr("Exported {0}").format(p))
        return True

    # --- closing ----------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Before the game leaves the board: True to go on. A game with a file is flushed;
        one without a file and with changes asks Save / Discard / Cancel."""
        from PySide6.QtWidgets import QMessageBox

        if self.path is not None:
            try:
                self.flush()
            except Exception as e:  # noqa: BLE001
                answer = QMessageBox.warning(
                    self.window, tr("Autosave failed"),
                    tr("{0}\n\nLeave the game anyway? The last changes may be lost.").format(
                        _said(e)),
                    QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
                return answer == QMessageBox.StandardButton.Discard
            return True
        if not self.modified or self.game is None:
            return True
        answer = QMessageBox.question(
            self.window, tr("Save the game?"),
            tr("“{0}” has changes that are in no file. Save them?").format(
                self.game.scenario.name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save_as_dialog()
        return answer == QMessageBox.StandardButton.Discard

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Closing the window: ask about unsaved changes, finish the autosave. Only with an
        event loop running (the program's, or a dialog's): a scripted close with none — a
        test's teardown, a script — has nobody to answer a question and must not wait."""
        if obj is self.window and event.type() == QEvent.Type.Close:
            from PySide6.QtCore import QThread

            interactive = QThread.currentThread().loopLevel() > 0
            if interactive and not self.maybe_save():
                event.ignore()
                return True
            self._stop_autosave(report=interactive)
        return False


def _file_stem(name: str) -> str:
    """A scenario name as a file name: letters, digits, - and _ kept, the rest dashes."""
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.strip().lower())
    return "-".join(part for part in stem.split("-") if part) or "game"


def install(window) -> FileController:
    controller = FileController(window)
    window.services.files = controller
    return controller


__all__ = ["FileController", "NewTable", "blank_scenario", "ask_new_table",
           "install", "REFUSAL_TITLES", "SCENARIO_REFUSAL", "GAME_SUFFIX"]


def _said(err: BaseException) -> str:
    """What a file's error says, in the interface's language (a msg() text rebuilt)."""
    from engine.i18n import said

    return loc(said(err))
