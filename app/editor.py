"""The editor: the game being played or set up, and the undo stack every edit goes through.

Tools never write the model directly. They build an `engine.model.Change` and `push` it:
the change is applied at once (a refused change raises and leaves nothing on the stack),
and undo / redo revert and re-apply it exactly. Views listen to `changed(ids)` and re-read
the units and pieces named there; `game_replaced()` says the whole game is another one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

if TYPE_CHECKING:
    from engine.model import Change, Game, LogEntry


def touched_ids(change: Change) -> list[str]:
    """Ids of the units, terrain pieces and groups a change writes, in order, without
    repeats."""
    ids: dict[str, None] = {}
    for effect in change.effects:
        for attr in ("unit", "piece", "group"):
            value = getattr(effect, attr, None)
            if isinstance(value, dict):
                value = value.get("id")
            if isinstance(value, str):
                ids[value] = None
    return list(ids)


class ChangeCommand(QUndoCommand):
    """One Change on the undo stack; its text is the change's label in the interface's
    language (an engine label is a msg() Text, an app label came through tr())."""

    def __init__(self, editor: Editor, change: Change, *, applied: bool) -> None:
        from app.i18n import loc, tr
        super().__init__(loc(change.label) if change.label else tr("Edit"))
        self.editor = editor
        self.change = change
        self._skip_redo = applied  # QUndoStack.push calls redo(); the change is already in

    def redo(self) -> None:
        from engine.model import apply_change
        if self._skip_redo:
            self._skip_redo = False
        else:
            apply_change(self.editor.game, self.change)
        self.editor.changed.emit(touched_ids(self.change))

    def undo(self) -> None:
        from engine.model import revert_change
        revert_change(self.editor.game, self.change)
        self.editor.changed.emit(touched_ids(self.change))


class Editor(QObject):
    """Holds `game` and `undo_stack`. Signals: `changed(list[str])` with the ids a change
    touched (after push, undo and redo), `game_replaced()`, `logged(LogEntry)`."""

    changed = Signal(object)
    game_replaced = Signal()
    logged = Signal(object)

    def __init__(self, game: Game | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self._game = game

    @property
    def game(self) -> Game:
        if self._game is None:
            raise RuntimeError("editor: no game is open")
        return self._game

    @property
    def has_game(self) -> bool:
        return self._game is not None

    def set_game(self, game: Game) -> None:
        """Edit another game: the undo history of the old one is dropped."""
        self.undo_stack.clear()
        self._game = game
        self.undo_stack.setClean()
        self.game_replaced.emit()

    def push(self, change: Change) -> None:
        """Apply `change` and put it on the undo stack; ModelError if it cannot apply."""
        from engine.model import apply_change
        apply_change(self.game, change)
        self.undo_stack.push(ChangeCommand(self, change, applied=True))

    def log(self, entry: LogEntry) -> None:
        """Append to the game's log (measurements, template placements, rolls)."""
        self.game.append_log(entry)
        self.logged.emit(entry)
