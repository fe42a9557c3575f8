"""CL1 command line: `warboard odds` / `resolve` / `measure` as whole processes against a
Python process that imports icepool and computes the same dice (issue #41).

Each command is run on the Keno sample table (a morale test: one d8 against a target), as
a user types it (`python -m app.main …`), and timed from spawn to exit; the baseline is a
process that imports icepool and prints the same test's distribution. Medians of RUNS
processes each, run in turn so a busy machine weighs on both alike. Target: each command
≤ 2× the baseline.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench import Options, Outcome, fmt, target

ROOT = Path(__file__).resolve().parents[1]
TABLE = str(ROOT / "resources" / "scenarios" / "keno-orchard.json")
#: Within this many times the icepool baseline's process time.
TARGET_RATIO = 2.0
RUNS = 7
#: The three commands, on one cheap Keno test (rally_morale: a d8 against a target).
COMMANDS: dict[str, list[str]] = {
    "odds": ["odds", TABLE, "rally_morale", "--by", "s1"],
    "resolve": ["resolve", TABLE, "rally_morale", "--by", "s1", "--dice", "5"],
    "measure": ["measure", TABLE, "s1", "s2"],
}
BASELINE = "import icepool; print((icepool.d8 >= 5).probability(True))"


def _run_ms(argv: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    t0 = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, check=False)
    ms = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: "
                           f"{done.stderr.decode(errors='replace')[-400:]}")
    return ms


@target("CL1", "cli")
def cli(options: Options) -> Outcome:
    runs = RUNS * 2 if options.full else RUNS
    base: list[float] = []
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        base.append(_run_ms([sys.executable, "-c", BASELINE]))
        for name, args in COMMANDS.items():
            times[name].append(_run_ms([sys.executable, "-m", "app.main", *args]))
    base_ms = statistics.median(base)
    worst = 0.0
    for name, ts in times.items():
        ms = statistics.median(ts)
        ratio = ms / base_ms
        worst = max(worst, ratio)
        print(f"CL1.{name} process_ms={fmt(ms)} icepool_process_ms={fmt(base_ms)} "
              f"ratio={fmt(ratio)} runs={runs} target_ratio={fmt(TARGET_RATIO)} "
              f"{'ok' if ratio <= TARGET_RATIO else 'FAIL'}", flush=True)
    return Outcome({"worst_ratio": worst, "icepool_process_ms": base_ms,
                    "target_ratio": TARGET_RATIO}, worst <= TARGET_RATIO)
