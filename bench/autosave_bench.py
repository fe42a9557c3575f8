"""R1 autosave-blocking: what autosave costs a busy interface at 2,000 units, and whether
the file keeps up with a steady stream of changes.

The game is the Crossroads demo filled up to 2,000 units with a 300-entry log, open in
an `Autosaver` as the program holds it (`synced` after the file was written). The
"interface thread" runs a busy pure-Python loop for RUN_S seconds (so the writer thread
competes with it for the GIL, as with a board repainting) and every STEP_S it applies a
change (one unit moved, the iteration number in the game state) and a log entry through
the engine, then calls `submit`. Figures:
- block_max_ms / block_p95_ms / block_median_ms: the `submit` calls — the whole time the
  interface is held up by autosave;
- block_p99_ms: the 99th percentile; noise_max_ms: the slowest of the same captures
  taken in the same loop with no writer thread at all (engine.gamefile_schema
  .capture_changes alone) — what the machine's own scheduling costs (on a 2-core machine
  shared with other work a thread is sometimes descheduled for 10 ms and more, which no
  code can prevent);
- lag_max_ms: for every change, the time from its submit to the commit of a write that
  holds it (on_saved), the worst over the stream; and the state after the last change is
  read back from the file.
Targets (issue #15 / #10): blocking ≤ 8 ms (p99 ≤ 8 ms, and the max ≤ 8 ms or no worse
than the no-writer control's max), the file holds the latest state within 1 s.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from app import ui_thread
from app.heap import settle
from bench import Options, Outcome, target
from bench.gamefile_bench import LOG_ENTRIES, _entry
from engine.autosave import Autosaver
from engine.gamefile import load_game, new_game_file
from engine.model import Change, Game, MoveUnit, SetGameState, apply_change
from engine.scenario import Unit
from engine.scenario_io import load_demo
from geometry.bases import BaseShape

UNITS = 2000
RUN_S = 4.0
STEP_S = 0.010
BLOCK_TARGET_MS = 8.0
LAG_TARGET_MS = 1000.0


def big_game(units: int = UNITS, seed: int = 7) -> Game:
    """The demo table filled up to `units` units, with a log of LOG_ENTRIES rolls."""
    s = load_demo()
    rng = random.Random(seed)
    for i in range(units - len(s.units)):
        s.units.append(Unit(f"squad-{i}", rng.choice(["allies", "axis"]), "rifle-squad",
                            round(rng.uniform(1, 71), 2), round(rng.uniform(1, 47), 2),
                            BaseShape.round(25), facing=rng.choice([0, 90, 180, 270]),
                            markers={"suppression": i % 3},
                            state={"hp": 3, "morale": "steady"}))
    game = Game(s)
    for i in range(LOG_ENTRIES):
        game.append_log(_entry(game, i))
    return game


def _busy(until: float) -> None:
    """Pure-Python work, as an interface thread painting and handling events does."""
    x = 0
    while time.perf_counter() < until:
        for i in range(200):
            x += i * i


def _control(game: Game, seconds: float) -> list[float]:
    """The same changes and captures in the same busy loop, with no writer thread."""
    from engine.gamefile_schema import capture_changes

    game.take_touched()
    out = []
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end:
        i += 1
        unit = game.units[i % len(game.units)]
        apply_change(game, Change([MoveUnit(unit.id, 1 + i % 70, 1 + i % 46)]))
        t0 = time.perf_counter()
        capture_changes(game, len(game.log), game.take_touched())
        t1 = time.perf_counter()
        out.append((t1 - t0) * 1000)
        _busy(t1 + STEP_S)
    return out


@target("R1", "autosave-blocking")
def autosave_target(options: Options) -> Outcome:
    game = big_game(units=UNITS)
    control = big_game(units=UNITS)
    # as the program does once a big game is loaded (app.window → app.heap): without it a
    # full collection of whatever the benches before this one left alive falls in a submit
    settle(UNITS)
    # and the interface's share of the interpreter lock beside workers (its board view sets
    # it): the same whether or not the board benches ran before this one
    ui_thread.prepare()
    noise_max = max(_control(control, RUN_S / 2))
    committed: dict[int, float] = {}
    lock = threading.Lock()

    def on_saved(snap, stats) -> None:
        i = snap.game_value("state").get("iteration", 0)
        with lock:
            committed.setdefault(i, time.perf_counter())

    blocks: list[float] = []
    submitted: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.warboard"
        new_game_file(path, game)
        with Autosaver(path, on_saved=on_saved) as saver:
            saver.synced(game)
            end = time.perf_counter() + RUN_S
            i = 0
            while time.perf_counter() < end:
                i += 1
                unit = game.units[i % len(game.units)]
                apply_change(game, Change([MoveUnit(unit.id, 1 + i % 70, 1 + i % 46),
                                           SetGameState("iteration", i)]))
                game.append_log(_entry(game, LOG_ENTRIES + i))
                t0 = time.perf_counter()
                saver.submit(game)
                t1 = time.perf_counter()
                blocks.append((t1 - t0) * 1000)
                submitted[i] = t1
                _busy(t1 + STEP_S)
            last = i
            saver.flush(10)
        back = load_game(path)
    with lock:
        done = sorted(committed.items())
    lags = []
    for it, t_sub in submitted.items():
        t_commit = next((t for n, t in done if n >= it), None)
        lags.append(float("inf") if t_commit is None else (t_commit - t_sub) * 1000)
    latest = back.state.get("iteration") == last and len(back.log) == len(game.log)
    blocks.sort()
    block_max, lag_max = blocks[-1], max(lags)
    p99 = blocks[int(0.99 * (len(blocks) - 1))]
    ok = (p99 <= BLOCK_TARGET_MS and block_max <= max(BLOCK_TARGET_MS, noise_max)
          and lag_max <= LAG_TARGET_MS and latest)
    return Outcome({"block_max_ms": block_max, "block_p99_ms": p99,
                    "block_p95_ms": blocks[int(0.95 * (len(blocks) - 1))],
                    "block_median_ms": statistics.median(blocks), "noise_max_ms": noise_max,
                    "lag_max_ms": lag_max, "changes": len(blocks),
                    "writes": len(done), "latest_in_file": latest,
                    "units": len(game.all_units()), "target_ms": int(BLOCK_TARGET_MS),
                    "lag_target_ms": int(LAG_TARGET_MS)}, ok)
