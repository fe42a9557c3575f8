"""CL1 command line: `warboard odds` / `resolve` / `measure` as whole processes against a
Python process that imports icepool and computes the same dice (issue #41).

Each command is run on the Keno sample table (a morale test: one d8 against a target), as
a user types it (`python -m app.main …`); the baseline is a process that imports icepool
and prints the same test's distribution. Each process is timed by the CPU it used (user +
system, from the kernel's accounting of the finished child): on a machine other work keeps
busy, wall time measures the neighbours as much as the program. Wall time is printed
beside it. The children may write their bytecode cache (an installed program has one, as
icepool in site-packages does) and one untimed round fills it first, so both sides start
from compiled modules. Medians of RUNS processes each, run in turn so a busy machine weighs
on both alike. Target: each command ≤ 2× the baseline.
"""

from __future__ import annotations

import os
import resource
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


def _env() -> dict[str, str]:
    """The children's environment: the program's path, offscreen Qt, and the bytecode cache
    allowed (a developer's PYTHONDONTWRITEBYTECODE would time the compiler instead)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}


def _run(argv: list[str]) -> tuple[float, float]:
    """(CPU ms, wall ms) of one process running `argv` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=_env(), capture_output=True, check=False)
    wall = (time.perf_counter() - t0) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {done.returncode}: "
                           f"{done.stderr.decode(errors='replace')[-400:]}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return cpu, wall


@target("CL1", "cli")
def cli(options: Options) -> Outcome:
    runs = RUNS * 2 if options.full else RUNS
    argvs = {"icepool": [sys.executable, "-c", BASELINE],
             **{name: [sys.executable, "-m", "app.main", *args]
                for name, args in COMMANDS.items()}}
    for argv in argvs.values():  # untimed: fills the bytecode cache
        _run(argv)
    cpu: dict[str, list[float]] = {name: [] for name in argvs}
    wall: dict[str, list[float]] = {name: [] for name in argvs}
    for _ in range(runs):
        for name, argv in argvs.items():
            c, w = _run(argv)
            cpu[name].append(c)
            wall[name].append(w)
    base_ms = statistics.median(cpu["icepool"])
    base_wall = statistics.median(wall["icepool"])
    worst = 0.0
    for name in COMMANDS:
        ms = statistics.median(cpu[name])
        ratio = ms / base_ms
        worst = max(worst, ratio)
        print(f"CL1.{name} cpu_ms={fmt(ms)} icepool_cpu_ms={fmt(base_ms)} ratio={fmt(ratio)} "
              f"wall_ms={fmt(statistics.median(wall[name]))} icepool_wall_ms={fmt(base_wall)} "
              f"runs={runs} target_ratio={fmt(TARGET_RATIO)} "
              f"{'ok' if ratio <= TARGET_RATIO else 'FAIL'}", flush=True)
    return Outcome({"worst_ratio": worst, "icepool_cpu_ms": base_ms,
                    "target_ratio": TARGET_RATIO}, worst <= TARGET_RATIO)
