"""Where a play lands: the game it changes and the log it writes.

The referee never holds the undo stack: it hands its one Change to the table's `push` and
its log lines to `log`. In the app the table is the editor (its `push` goes on the undo
stack); outside it, `GameTable` applies the change to the game in memory and the caller
saves the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.model import Change, Game, LogEntry

__all__ = ["Table", "GameTable"]


class Table(Protocol):
    """The game a play reads and writes: `push` applies a Change (ModelError when it
    cannot), `log` appends a line to the game's roll log."""

    @property
    def game(self) -> Game: ...

    def push(self, change: Change) -> None: ...

    def log(self, entry: LogEntry) -> None: ...


class GameTable:
    """A game outside the app (the command line): changes applied in memory, lines
    appended to its log. `keeps_log=False` for a scenario file, which has no log."""

    def __init__(self, game: Game, *, keeps_log: bool = True) -> None:
        self.game = game
        self.keeps_log = keeps_log

    def push(self, change: Change) -> None:
        from engine.model import apply_change

        apply_change(self.game, change)

    def log(self, entry: LogEntry) -> None:
        if self.keeps_log:
            self.game.append_log(entry)
