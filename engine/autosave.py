"""Saving a game after every change on a background thread (`Autosaver`), writing through
the game file's own transaction (engine.gamefile.GameFile)."""

from __future__ import annotations

import collections
import itertools
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from engine.gamefile import GameFile, _create
from engine.gamefile_rows import SaveStats
from engine.gamefile_schema import (
    Capture,
    GameFileError,
    GameSnapshot,
    capture_changes,
    capture_game,
    merge_captures,
)
from engine.i18n import msg
from engine.model import Game

__all__ = ["Autosaver"]


class Autosaver:
    """Saves a game on a background thread after every change, never blocking the caller
    on the disk, and never starving: the latest state is in the file within one write
    after the one in progress, however fast changes keep coming.

    `submit(game)` takes a capture on the caller's thread and appends it to a pending
    list (no merging there). After a first full capture (or `synced(game)`, which says
    the file holds the game as it is), a capture is partial — copy-on-write of what the
    effects wrote since the last one (`Game.take_touched`: those units, the unit order, the
    document only if the terrain or scenario changed) — so it costs the same few units'
    work at 26 or 2,000 units; `submit(game, full=True)` captures everything (for changes
    made without effects). The writer thread takes the whole pending list at once,
    merges it (engine.gamefile_schema.merge_captures: latest state, every log entry) and
    writes it in one transaction, then takes whatever arrived meanwhile — it never waits
    for the stream to pause. A write that fails is kept and retried, merged with what
    came after, at the next submit or after RETRY_S; `flush()` raises its error.
    `on_saved(snapshot, stats)` runs on the writer thread after each commit. The file is
    created on the first write if it does not exist.
    """

    #: How long a failed write waits before it is tried again without a new submit.
    RETRY_S = 1.0
    #: The writer starts a write at most this often: changes in between go into one
    #: transaction (fewer fsyncs, fewer hand-offs of the interpreter lock to the writer
    #: while the interface runs); the latest state still lands within a write of it.
    INTERVAL_S = 0.1

    def __init__(self, path: str | os.PathLike, *,
                 on_saved: Callable[[GameSnapshot, SaveStats], None] | None = None) -> None:
        self.path = Path(path)
        self.on_saved = on_saved
        # The caller's thread appends (number, capture) and the writer pops: a deque's
        # append and popleft need no lock, so a submit never waits for the writer.
        self._pending: collections.deque[tuple[int, Capture]] = collections.deque()
        self._numbers = itertools.count(1)
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._urgent = threading.Event()    # set by flush and close: write at once
        self._log_taken: int | None = None
        self._baseline = False   # a full capture was taken (or the file holds the game)
        self._submitted = 0
        self._written = 0
        self._done = threading.Condition()
        self._error: BaseException | None = None
        self._error_upto = 0     # the last submit the failed write held
        self._tries = 0          # writes tried, failed or not
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="warboard-autosave",
                                        daemon=True)
        self._thread.start()

    def synced(self, game: Game) -> None:
        """The file holds `game` as it is now (just opened or saved): later captures are
        partial from here on."""
        game.take_touched()
        self._log_taken = len(game.log)
        self._baseline = True

    def capture(self, game: Game, *, full: bool = False) -> Capture:
        """The game's state (partial after the first, see the class doc), with the log
        entries not taken by an earlier capture."""
        if self._log_taken is None:
            self._log_taken = 0
        if len(game.log) < self._log_taken:
            raise ValueError(msg("autosave: the game's log has {n} entries, fewer than the "
                                 "{saved} already saved (another game?)", n=len(game.log),
                                 saved=self._log_taken))
        touched = game.take_touched()
        if full or not self._baseline:
            snap = capture_game(game, self._log_taken)
            self._baseline = True
        else:
            snap = capture_changes(game, self._log_taken, touched)
        self._log_taken = snap.log_end
        return snap

    def submit(self, game: Game, *, full: bool = False) -> Capture:
        """Capture the game now (on this thread) and have it written soon."""
        if self._closed:
            raise RuntimeError("autosave: closed")
        snap = self.capture(game, full=full)
        number = next(self._numbers)
        self._pending.append((number, snap))
        self._submitted = number
        self._wake.set()
        return snap

    def flush(self, timeout: float | None = None) -> None:
        """Wait until everything submitted so far is written (or has failed: raises)."""
        with self._done:
            target, tries = self._submitted, self._tries
            self._urgent.set()      # no pause between writes while someone waits
            self._wake.set()        # and a failed write is retried now: its outcome,
            ok = self._done.wait_for(  # not an earlier try's error, is what is reported
                lambda: self._written >= target or (
                    self._error is not None and self._tries > tries
                    and self._error_upto >= target), timeout)
            if self._error is not None:
                raise self._error
            if not ok:
                raise TimeoutError(msg("autosave: not written within {timeout} s",
                                       timeout=timeout))

    def close(self) -> None:
        """Write what is pending, stop the thread, leave the file closed and whole."""
        if self._closed:
            return
        self._closed = True
        self._stopping.set()
        self._urgent.set()
        self._wake.set()
        self._thread.join()
        if self._error is not None:
            raise self._error

    def __enter__(self) -> Autosaver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        db: GameFile | None = None
        failed: list[Capture] = []   # a batch whose write failed, retried first
        failed_upto = 0              # and the last submit it held
        last_write = -self.INTERVAL_S
        try:
            while True:
                if not self._stopping.is_set():  # closing: never wait (its wake-up may
                    self._wake.wait(self.RETRY_S if failed else None)  # be consumed)
                self._wake.clear()
                rest = last_write + self.INTERVAL_S - time.monotonic()
                if rest > 0:
                    self._urgent.wait(rest)
                if not self._stopping.is_set():
                    self._urgent.clear()
                stop = self._stopping.is_set()
                batch, upto = [], 0
                while self._pending:
                    upto, capture = self._pending.popleft()
                    batch.append(capture)
                if not batch and not failed:
                    if stop:
                        return                  # stopped with nothing left to write
                    continue
                batch, upto = failed + batch, max(upto, failed_upto)
                last_write = time.monotonic()
                db, ok = self._write(db, batch, upto)
                failed, failed_upto = ([], 0) if ok else (batch, upto)
                if stop and not ok:
                    return                      # closing: close() raises the error
        finally:
            if db is not None:
                db.close()

    def _write(self, db: GameFile | None, batch: list[Capture], upto: int
               ) -> tuple[GameFile | None, bool]:
        """Write one merged batch; False (the error kept for flush) if it failed."""
        try:
            snap = merge_captures(batch)
            if db is None:
                if not self.path.exists():
                    if snap.unit_ids is not None:
                        raise GameFileError("not-found", msg(
                            "no such file (an autosave of changes needs the game's file)"))
                    stats = _create(self.path, snap)
                    self._saved(snap, stats, upto)
                    return None, True
                db = GameFile(self.path)
            stats = db.write(snap)
        except BaseException as e:  # kept for flush(); the batch is retried
            with self._done:
                self._error = e.at(str(self.path)) if isinstance(e, GameFileError) else e
                self._error_upto = upto
                self._tries += 1
                self._done.notify_all()
            return db, False
        self._saved(snap, stats, upto)
        return db, True
    def _saved(self, snap: GameSnapshot, stats: SaveStats, upto: int) -> None:
        with self._done:
            self._error = None
            self._tries += 1
            self._written = max(self._written, upto)
            self._done.notify_all()
        if self.on_saved is not None:
            try:
                self.on_saved(snap, stats)
            except Exception as e:  # a failing callback must not stop the autosaves
                with self._done:
                    self._error = e
