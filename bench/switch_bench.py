"""Targets L1-L2: switching the language with a 5,000-unit game open, and the program's
resident memory at 5,000 units (issue 41).

Both run in a child process (a fresh interpreter, offscreen, settings in a folder of its
own), so neither this process's other targets nor their memory count. The child opens the
game as the program does — the window shown first, at 1280 x 820, then the game put on its
board — and lets it settle (the heap settled, the geometry process started: app.heap,
app.offload). Then it switches the language (English → Russian → English …, as Settings ▸
Language does: `i18n.set_language`), each switch timed from the call to the new window's
board painted, in wall and CPU time (`process_time`: every thread of the program).

L1 judges the median switch against 1 s by CPU time, which the host's load does not
inflate (a shared machine's wall clock counts other processes too; both are printed), and
the switches' peak memory (VmHWM, reset before the first switch through
/proc/self/clear_refs) against 600 MB. L2 judges the resident memory of the program and
every process it started (the geometry process, multiprocessing's resource tracker), summed
from /proc, after the game is open and after the switches; the peak of the open (VmHWM
before the reset) is printed beside it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import Options, Outcome, target

ROOT = Path(__file__).resolve().parent.parent
UNITS = 5000
SWITCHES = 5
TARGET_MS = 1000.0
TARGET_MB = 600.0

CHILD = r"""
import json, os, statistics, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

def status_kb(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def tree(pid):
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out

def resident_mb():
    pids = tree(os.getpid())
    return (status_kb(os.getpid(), "VmRSS") / 1024,
            sum(status_kb(p, "VmRSS") for p in pids) / 1024, len(pids))

def main():
    n, switches = int(sys.argv[1]), int(sys.argv[2])
    app = QApplication([sys.argv[0]])
    from app import i18n
    i18n.install("en")
    from app.window import MainWindow
    from bench.board_driver import big_table

    def settle(seconds=0.0):
        end = time.perf_counter() + seconds
        while True:
            for _ in range(4):
                app.processEvents()
            if time.perf_counter() >= end:
                return
            time.sleep(0.05)

    w = MainWindow()
    w.resize(1280, 820)
    w.show()
    settle()
    scenario = big_table(n, 50)
    t0, c0 = time.perf_counter(), time.process_time()
    w.set_scenario(scenario)
    settle()
    open_ms = ((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000)
    from app import offload
    offload.shared().wait_ready(60)
    settle(1.0)
    open_peak = status_kb(os.getpid(), "VmHWM") / 1024
    main_mb, open_mb, procs = resident_mb()
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # VmHWM from here on: the switches' peak
    wall, cpu, units, labels = [], [], [], []
    langs = ["ru", "en"]
    for k in range(switches):
        done = []
        def painted(new):
            new.view.after_next_paint(lambda: done.append(new))
            new.view.viewport().update()
        w.relocalized.connect(painted)
        t0, c0 = time.perf_counter(), time.process_time()
        i18n.set_language(langs[k % 2], save=False)
        while not done:
            app.processEvents()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        w = done[0]
        units.append(len(w.scene.unit_items))
        labels.append(sum(i.label.isVisible() for i in w.scene.unit_items.values()))
        settle(0.3)
    switch_peak = status_kb(os.getpid(), "VmHWM") / 1024
    _, after_mb, _ = resident_mb()
    print(json.dumps({
        "open_wall_ms": open_ms[0], "open_cpu_ms": open_ms[1], "open_peak_mb": open_peak,
        "main_mb": main_mb, "open_mb": open_mb, "processes": procs,
        "switch_wall_ms": statistics.median(wall), "switch_cpu_ms": statistics.median(cpu),
        "switch_cpu_max_ms": max(cpu), "switch_peak_mb": switch_peak,
        "after_switch_mb": after_mb, "units": min(units), "labels": min(labels),
        "units_expected": n}), flush=True)
    os._exit(0)

if __name__ == "__main__":
    main()
"""


def switch_figures(n_units: int = UNITS, switches: int = SWITCHES) -> dict[str, float]:
    """The child's figures (CHILD) for a game of `n_units` units and `switches` switches."""
    with tempfile.TemporaryDirectory(prefix="warboard-bench-switch-") as tmp:
        script = Path(tmp) / "switch_child.py"
        script.write_text(CHILD, encoding="utf-8")
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               "WARBOARD_CONFIG_DIR": str(Path(tmp) / "config"),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                           os.environ.get("PYTHONPATH")]))}
        proc = subprocess.run([sys.executable, str(script), str(n_units), str(switches)],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"switch child failed (exit {proc.returncode}): "
                           f"{proc.stderr.strip()[-800:]}")
    return json.loads(lines[-1])


_figures: dict[int, dict[str, float]] = {}


def _run(n_units: int) -> dict[str, float]:
    """One child run per table size for both targets."""
    if n_units not in _figures:
        _figures[n_units] = switch_figures(n_units)
    return _figures[n_units]


@target("L1", "language-switch-5000")
def l1_language_switch(opts: Options) -> Outcome:
    """Switching the language with a 5,000-unit game open: median of SWITCHES switches,
    each to the new window's board painted; CPU time judged (wall beside it) and the
    switches' peak resident memory."""
    f = _run(UNITS)
    same = f["units"] == f["units_expected"]
    ok = f["switch_cpu_ms"] <= TARGET_MS and f["switch_peak_mb"] <= TARGET_MB and same
    return Outcome({"cpu_ms": f["switch_cpu_ms"], "max_cpu_ms": f["switch_cpu_max_ms"],
                    "wall_ms": f["switch_wall_ms"], "peak_mb": f["switch_peak_mb"],
                    "units": f["units"], "labels_shown": f["labels"],
                    "switches": SWITCHES, "target_ms": TARGET_MS, "target_mb": TARGET_MB}, ok)


@target("L2", "memory-5000")
def l2_memory(opts: Options) -> Outcome:
    """The program's resident memory with a 5,000-unit game open, every process it started
    counted: after the open settled and after the switches (L1); the open's peak beside."""
    f = _run(UNITS)
    most = max(f["open_mb"], f["after_switch_mb"])
    return Outcome({"open_mb": f["open_mb"], "main_mb": f["main_mb"],
                    "after_switches_mb": f["after_switch_mb"], "processes": f["processes"],
                    "open_peak_mb": f["open_peak_mb"], "open_cpu_ms": f["open_cpu_ms"],
                    "target_mb": TARGET_MB}, most <= TARGET_MB)
