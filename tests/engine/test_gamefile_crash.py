"""A process killed with SIGKILL while autosaving loses at most the save in flight.

The child (this module run with `python -m`, see `child`) loads a 500-unit game and
autosaves it in a loop, each iteration moving one unit, storing the iteration number in the
game state and appending one log entry. It prints each iteration the autosaver has
committed ("c N", from the on_saved callback) and each one it has submitted ("s N"). The
parent kills it at a random moment and opens the file: it must load, its iteration must be
the last one reported committed or a later one that had been submitted (the commit whose
report the kill cut off), and its log must hold exactly one entry per iteration up to it,
in order (coalescing never drops a log entry). Half the runs wait for each commit
(`flush()`), so their file is the last committed iteration or the one after it.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from engine.autosave import Autosaver
from engine.gamefile import load_game, new_game_file
from engine.model import Change, LogEntry, MoveUnit, SetGameState, apply_change

# The child imports this module: it must not pay for pytest and hypothesis (a second each).
if __name__ != "__main__":
    import pytest

    from tests.engine.test_gamefile import LOG, demo_game

ROOT = Path(__file__).resolve().parents[2]
KILLS = 30


def child(path: str, mode: str) -> None:
    """Autosave forever; report what was submitted and committed on stdout."""
    game = load_game(path)
    i = game.state.get("iteration", 0)
    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

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
    """Start a child on a file at iteration `start`, kill it `delay_s` after it is ready;
    (last committed, last submitted) as it reported them (`start` if it reported none)."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.engine.test_gamefile_crash",
                             str(path), mode], cwd=ROOT, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        assert proc.stdout is not None
        first = list(iter(proc.stdout.readline, "ready\n"))
        assert all(line.startswith("c ") for line in first), first
        time.sleep(delay_s)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    committed, submitted = start, start
    for line in out.splitlines():
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


if __name__ == "__main__":
    child(sys.argv[1], sys.argv[2])
