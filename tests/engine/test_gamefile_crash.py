"""A process killed with SIGKILL while autosaving loses at most the save in flight.

The child (forked from this process, as tests/engine/test_crash_loop.py does: no
interpreter start-up, everything is imported already; see `child`) loads a 500-unit game
from the file and autosaves it in a loop, each iteration moving one unit, storing the
iteration number in the game state and appending one log entry. It reports on a pipe each
iteration the autosaver has committed ("c N", from the on_saved callback) and each one it
has submitted ("s N"). The parent kills it at a random moment and opens the file: it must
load, its iteration must be the last one reported committed or a later one that had been
submitted (the commit whose report the kill cut off), and its log must hold exactly one
entry per iteration up to it, in order (coalescing never drops a log entry). Half the runs
wait for each commit (`flush()`), so their file is the last committed iteration or the one
after it.
"""

from __future__ import annotations

import os
import random
import select
import signal
import threading
import time
from pathlib import Path

import pytest

from engine.autosave import Autosaver
from engine.gamefile import load_game, new_game_file
from engine.model import Change, LogEntry, MoveUnit, SetGameState, apply_change
from tests.engine.test_gamefile import LOG, demo_game

KILLS = 30


def child(path: Path, mode: str, out: int) -> None:
    """Autosave forever; report what was submitted and committed on the pipe `out`."""
    game = load_game(path)
    i = game.state.get("iteration", 0)
    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:
            os.write(out, (text + "\n").encode())

    saver = Autosaver(path, on_saved=lambda snap, stats: say(
        f"c {snap.game_value('state').get('iteration', 0)}"))
    saver.submit(game)      # the first write opens the file: be in the loop before "ready"
    saver.flush()
    say("ready")
    while True:
        i += 1
        unit = game.units[i % len(game.units)]
        apply_change(game, Change([MoveUnit(unit.id, 1 + i % 70, 1 + i % 46, facing=i % 360),
                                   SetGameState("iteration", i)]))
        game.append_log(LogEntry(game.turn, unit.id, "roll", summary=str(i),
                                 details={"i": i}))
        saver.submit(game)
        say(f"s {i}")
        if mode == "flush":
            saver.flush()


def run_and_kill(path: Path, mode: str, delay_s: float, start: int) -> tuple[int, int]:
    """Fork a child on a file at iteration `start`, kill it `delay_s` after it is ready;
    (last committed, last submitted) as it reported them (`start` if it reported none)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        try:
            child(path, mode, write_fd)
        finally:
            os._exit(3)
    os.close(write_fd)
    data, status = b"", None
    try:
        while b"ready\n" not in data and select.select([read_fd], [], [], 20)[0]:
            chunk = os.read(read_fd, 65536)
            if not chunk:
                break
            data += chunk
        first, ready, _ = data.partition(b"ready\n")
        assert ready, f"the child never got ready: {data!r}"
        assert all(line.startswith(b"c ") for line in first.splitlines()), first
        time.sleep(delay_s)
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        while chunk := os.read(read_fd, 65536):   # the kill closed the only writer: EOF
            data += chunk
    finally:
        os.close(read_fd)
        if status is None:                       # a failed assertion: no child left behind
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    committed, submitted = start, start
    for line in data.decode().splitlines():
        if line.startswith("c "):
            committed = int(line[2:])
        elif line.startswith("s "):
            submitted = int(line[2:])
    return committed, submitted


def test_sigkill_during_autosave_loses_at_most_the_save_in_flight(tmp_path):
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("needs SIGKILL")
    path = tmp_path / "crash.warboard"
    game = demo_game(extra_units=500 - len(demo_game().all_units()))
    assert len(game.all_units()) == 500
    new_game_file(path, game)
    rng = random.Random(2024)
    advanced = start = 0
    for k in range(KILLS):
        mode = "flush" if k % 2 else "coalesce"
        # The autosaver writes at most every Autosaver.INTERVAL_S (0.1 s) and a rollback
        # commit takes a few fsyncs: the kill window reaches past a few writes.
        committed, submitted = run_and_kill(path, mode, rng.uniform(0.005, 0.300), start)
        back = load_game(path)                       # opens, every row checked
        got = back.state.get("iteration", 0)
        if mode == "flush":
            assert got in (committed, committed + 1), (k, committed, got)
        else:
            assert committed <= got <= submitted, (k, committed, submitted, got)
        assert [e.details["i"] for e in back.log[len(LOG):]] == list(range(1, got + 1))
        assert back.log[: len(LOG)] == LOG
        advanced += got > start
        start = got
    assert advanced >= KILLS // 3                   # the kills did land while saving
