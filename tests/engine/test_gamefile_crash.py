"""A process killed with SIGKILL while autosaving loses at most the save in flight.

The child (forked from this process, as tests/engine/test_crash_loop.py does: no
interpreter start-up, everything is imported already) loads a 500-unit game from the file
and autosaves it in a loop, each iteration moving one unit, storing the iteration number
in the game state and appending one log entry. It reports on a pipe each iteration the
autosaver has committed (from the on_saved callback) and each one it has submitted. It is
killed at every phase of a save (tests/engine/crash_points.py: the journal begun, half
written, synced, the database written, synced, the journal deleted, the save reported
done), once waiting for each commit (`flush()`) and once submitting as fast as it can
(the autosaver coalescing). After each kill the file must load, its iteration must be the
last one reported committed or a later one that had been submitted (the commit whose
report the kill cut off), and its log must hold exactly one entry per iteration up to it,
in order (coalescing never drops a log entry).
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from engine.autosave import Autosaver
from engine.gamefile import load_game, new_game_file
from engine.model import Change, LogEntry, MoveUnit, SetGameState, apply_change
from tests.engine.crash_points import fork, moments, reported
from tests.engine.test_gamefile import LOG, demo_game


def child(mode: str):
    def autosaving(path: Path, start: int, say) -> None:
        """Autosave forever; say what was submitted (-i) and committed (i)."""
        game = load_game(path)
        i = game.state.get("iteration", 0)
        saver = Autosaver(path, on_saved=lambda snap, stats: say(
            snap.game_value("state").get("iteration", 0)))
        saver.synced(game)
        say(i)
        while True:
            i += 1
            unit = game.units[i % len(game.units)]
            apply_change(game, Change([MoveUnit(unit.id, 1 + i % 70, 1 + i % 46,
                                                facing=i % 360),
                                       SetGameState("iteration", i)]))
            game.append_log(LogEntry(game.turn, unit.id, "roll", summary=str(i),
                                     details={"i": i}))
            saver.submit(game)
            say(-i)
            if mode == "flush":
                saver.flush()
    return autosaving


def iteration(path: Path) -> int:
    back = load_game(path)                       # opens, every row checked
    got = back.state.get("iteration", 0)
    assert [e.details["i"] for e in back.log[len(LOG):]] == list(range(1, got + 1))
    assert back.log[: len(LOG)] == LOG
    return got


@pytest.mark.parametrize("mode", ["flush", "coalesce"])
def test_sigkill_during_autosave_loses_at_most_the_save_in_flight(tmp_path, mode):
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("needs SIGKILL")
    path = tmp_path / "crash.warboard"
    game = demo_game(extra_units=500 - len(demo_game().all_units()))
    assert len(game.all_units()) == 500
    new_game_file(path, game)
    saving = child(mode)
    said, calls = fork(saving, path, 0, None)       # one save, its calls recorded
    start = iteration(path)
    assert start == reported(said, 0)[0] > 0, said
    advanced = stayed = 0
    for at in moments(calls):
        committed, submitted = reported(fork(saving, path, start, at)[0], start)
        got = iteration(path)
        if mode == "flush":
            assert got in (committed, committed + 1), (at, committed, got)
        assert committed <= got <= submitted, (at, committed, submitted, got)
        advanced += got > start
        stayed += got == start
        start = got
    assert advanced and stayed, (advanced, stayed)  # kills before and after a commit
