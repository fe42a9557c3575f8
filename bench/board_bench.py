"""Board targets P5-P6: repainting a crowded board, and starting the program.

P5 draws the real board (BoardScene in a BoardView, fitted to an 1280 x 800 viewport) with
500 units on mixed bases and 50 terrain pieces of every kind, offscreen. A "full repaint"
throws away the view's cached background (table and grid) and repaints the whole viewport
synchronously (`viewport().repaint()`); items keep their own caches (labels, woods), as they
do when the board is panned or a unit moves. For reference it also times rendering the
whole view into a fresh QImage.

P6 starts two fresh Python processes, several times each, in the same run: `warboard` on
the demo table, and a script that shows a bare QMainWindow. Both reach the point where
their window has been shown and the event loop has turned once (a zero timer queued when
the window's Show event arrives), print a line and exit; the parent times from spawning
the process to reading that line. Both run on the same Qt platform (offscreen unless
QT_QPA_PLATFORM or a DISPLAY says otherwise).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench import Options, Outcome, target, timings_ms
from bench.geometry_bench import measure_scenario

VIEW_W, VIEW_H = 1280, 800
ROOT = Path(__file__).resolve().parent.parent

# The shared start of both child scripts: a QApplication whose filter notices the first
# QMainWindow shown and, once the event loop has turned, prints "shown" and leaves at once
# (teardown is not part of a start-up).
_PROBE = """
import os, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

class _Probe(QObject):
    fired = False
    def eventFilter(self, obj, ev):
        if not self.fired and ev.type() == QEvent.Type.Show and isinstance(obj, QMainWindow):
            self.fired = True
            QTimer.singleShot(0, self.report)
        return False
    def report(self):
        sys.stdout.write("shown\\n")
        sys.stdout.flush()
        os._exit(0)

app = QApplication([sys.argv[0]])
probe = _Probe()
app.installEventFilter(probe)
"""

WARBOARD_CHILD = _PROBE + """
from app.main import main
main([])
"""

BARE_CHILD = _PROBE + """
w = QMainWindow()
w.setWindowTitle("bare")
w.resize(1280, 820)
w.show()
app.exec()
"""


def _qt_env() -> dict[str, str]:
    env = dict(os.environ)
    if "QT_QPA_PLATFORM" not in env and not env.get("DISPLAY") and not env.get(
            "WAYLAND_DISPLAY"):
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


# --------------------------------------------------------------------------- P5


def board_view(n_units: int = 500, n_pieces: int = 50, seed: int = 5):
    """A shown BoardView of a seeded random table, fitted to VIEW_W x VIEW_H."""
    os.environ.setdefault("QT_QPA_PLATFORM", _qt_env().get("QT_QPA_PLATFORM", "offscreen"))
    from PySide6.QtWidgets import QApplication

    from app.board import BoardScene, BoardView

    app = QApplication.instance() or QApplication([sys.argv[0]])
    scenario = measure_scenario(seed=seed, n_pieces=n_pieces, n_units=n_units)
    scene = BoardScene(scenario)
    view = BoardView(scene)
    view.resize(VIEW_W, VIEW_H)
    view.show()
    app.processEvents()
    view.fit_table()
    app.processEvents()
    return app, scene, view


def full_repaint(view) -> None:
    """Drop the cached background and repaint the whole viewport now."""
    view.resetCachedContent()
    view.viewport().repaint()


def render_image(view) -> None:
    from PySide6.QtGui import QImage, QPainter

    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter)
    painter.end()


def wall_and_cpu_ms(fn, repeat: int, warmup: int = 1) -> tuple[list[float], list[float]]:
    """Wall and this thread's CPU milliseconds per call: on a shared machine the CPU time
    says what the repaint itself costs when the wall clock also counts other processes."""
    for _ in range(warmup):
        fn()
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - t0) * 1000)
    return wall, cpu


@target("P5", "repaint")
def p5_repaint(opts: Options) -> Outcome:
    """Full repaint of 500 units and 50 terrain pieces, offscreen; median of 21."""
    app, scene, view = board_view()
    repaint, cpu = wall_and_cpu_ms(lambda: full_repaint(view), repeat=21, warmup=3)
    image = timings_ms(lambda: render_image(view), repeat=7, warmup=1)
    med = statistics.median(repaint)
    figures = {"median_ms": med, "max_ms": max(repaint), "cpu_ms": statistics.median(cpu),
               "image_ms": statistics.median(image),
               "units": len(scene.unit_items), "pieces": len(scene.terrain_items),
               "view": f"{VIEW_W}x{VIEW_H}", "target_ms": 30}
    view.close()
    view.deleteLater()
    app.processEvents()
    return Outcome(figures, med <= 30.0)


# --------------------------------------------------------------------------- P6


def start_ms(script: str, timeout: float = 60.0) -> float:
    """Milliseconds from spawning `python -c script` to its "shown" line."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=_qt_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        elapsed = (time.perf_counter() - t0) * 1000
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError("start-up probe: no window within the timeout") from None
    if line.strip() != "shown":
        raise RuntimeError(f"start-up probe: no window shown (exit {proc.returncode}): "
                           f"{err.strip()[-500:]}")
    return elapsed


@target("P6", "cold-start")
def p6_cold_start(opts: Options) -> Outcome:
    """`warboard` (demo table) vs a bare PySide6 QMainWindow, interleaved, median of 5."""
    runs = 7 if opts.full else 5
    start_ms(BARE_CHILD)  # warm the OS file cache for both, untimed
    start_ms(WARBOARD_CHILD)
    bare, warboard = [], []
    for _ in range(runs):
        bare.append(start_ms(BARE_CHILD))
        warboard.append(start_ms(WARBOARD_CHILD))
    b, w = statistics.median(bare), statistics.median(warboard)
    ratio = w / b
    return Outcome({"warboard_ms": w, "bare_ms": b, "ratio": ratio, "runs": runs,
                    "platform": _qt_env().get("QT_QPA_PLATFORM", "default"),
                    "target_ratio": 2}, ratio <= 2.0)
