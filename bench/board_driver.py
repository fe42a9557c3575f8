"""The program's window driven as a user drives it, for the per-event targets (P8, P9).

`Driver` shows the real MainWindow (every tool and dock installed) over a table at 1280 x 820,
sends real mouse and wheel events to the board's viewport (`QApplication.sendEvent`, as
QTest does) and times each one *with the repaint it causes*: the clock stops only once the
event loop has no update pending and the viewport has painted what changed (the scene's
queued `changed`, the view's update request, the paint event). `paints` counts the
viewport's paint events, so a figure that painted nothing is visible as such.

Tables: the demo (26 units, 21 pieces), and seeded random tables (bench.geometry_bench's
`measure_scenario` terrain and bases) whose units carry the demo's real Iron Hearts profiles
(a vehicle profile on the rectangular bases), so the action docks see real units.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field

VIEW_W, VIEW_H = 1280, 820


def big_table(n_units: int, n_pieces: int, seed: int = 5):
    """A random table with `n_units` units on the demo's profiles and `n_pieces` pieces."""
    from bench.geometry_bench import measure_scenario
    from engine.scenario_io import load_demo

    demo = load_demo()
    scenario = measure_scenario(seed=seed, n_pieces=n_pieces, n_units=n_units)
    scenario.name = f"bench {n_units} units"
    vehicle = next(u for u in demo.units if u.base.shape == "rect")
    foot = [u for u in demo.units if u.base.shape != "rect"]
    sides = ("allies", "axis")
    for i, unit in enumerate(scenario.units):
        model = vehicle if unit.base.shape == "rect" else foot[i % len(foot)]
        unit.profile = model.profile
        unit.side = sides[i % 2]
    scenario.profiles = dict(getattr(demo, "profiles", {}) or {})
    return scenario


@dataclass
class Timings:
    """Milliseconds per event of one kind, and the paints they caused."""

    ms: list[float] = field(default_factory=list)
    #: this thread's CPU milliseconds per event: what the work costs when the wall clock
    #: also counts other processes on a shared machine
    cpu_ms: list[float] = field(default_factory=list)
    paints: int = 0


class Driver:
    """The shown window over one table, and timed events on its board."""

    def __init__(self, scenario) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtCore import QEvent, QObject
        from PySide6.QtWidgets import QApplication

        from app.window import MainWindow

        self.app = QApplication.instance() or QApplication([sys.argv[0]])
        self.window = MainWindow(scenario)
        self.window.resize(VIEW_W, VIEW_H)
        self.window.show()
        self.settle()
        self.view = self.window.view
        self.viewport = self.view.viewport()
        self.view.fit_table()
        self.view.setFocus()
        self.settle()
        self._paints = 0
        driver = self

        class _Count(QObject):
            def eventFilter(self, obj, ev):  # noqa: N802 (Qt's name)
                if ev.type() == QEvent.Type.Paint:
                    driver._paints += 1
                return False

        self._filter = _Count()
        self.viewport.installEventFilter(self._filter)

    # --- the event loop ---------------------------------------------------------------------

    def settle(self) -> None:
        """Run the event loop until nothing is pending: queued scene updates, the update
        request they post, the paint it causes (a few passes: each may post the next)."""
        for _ in range(4):
            self.app.processEvents()

    def timed(self, send, into: Timings | None = None) -> float:
        """Milliseconds from sending an event to its repaint done; added to `into`."""
        before = self._paints
        t0, c0 = time.perf_counter(), time.thread_time()
        send()
        self.settle()
        ms = (time.perf_counter() - t0) * 1000
        if into is not None:
            into.ms.append(ms)
            into.cpu_ms.append((time.thread_time() - c0) * 1000)
            into.paints += self._paints - before
        return ms

    # --- events at table points -------------------------------------------------------------

    def at(self, x: float, y: float):
        from PySide6.QtCore import QPointF

        return self.view.mapFromScene(QPointF(x, y))

    def _mouse(self, kind, x: float, y: float, button, buttons) -> None:
        from PySide6.QtCore import QPointF, Qt
        from PySide6.QtGui import QMouseEvent

        p = QPointF(self.at(x, y))
        g = QPointF(self.viewport.mapToGlobal(p.toPoint()))
        ev = QMouseEvent(kind, p, g, button, buttons, Qt.KeyboardModifier.NoModifier)
        self.app.sendEvent(self.viewport, ev)

    def press(self, x: float, y: float) -> None:
        from PySide6.QtCore import QEvent, Qt

        left = Qt.MouseButton.LeftButton
        self._mouse(QEvent.Type.MouseButtonPress, x, y, left, left)

    def move(self, x: float, y: float, held: bool = False) -> None:
        from PySide6.QtCore import QEvent, Qt

        buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
        self._mouse(QEvent.Type.MouseMove, x, y, Qt.MouseButton.NoButton, buttons)

    def release(self, x: float, y: float) -> None:
        from PySide6.QtCore import QEvent, Qt

        self._mouse(QEvent.Type.MouseButtonRelease, x, y, Qt.MouseButton.LeftButton,
                    Qt.MouseButton.NoButton)

    def click(self, x: float, y: float) -> None:
        self.press(x, y)
        self.release(x, y)

    def wheel(self, x: float, y: float, notches: int) -> None:
        from PySide6.QtCore import QPoint, QPointF, Qt
        from PySide6.QtGui import QWheelEvent

        p = QPointF(self.at(x, y))
        g = QPointF(self.viewport.mapToGlobal(p.toPoint()))
        ev = QWheelEvent(p, g, QPoint(), QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                         Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        self.app.sendEvent(self.viewport, ev)

    def tool(self, tool_id: str) -> None:
        self.window.tools.activate(tool_id)
        self.settle()

    def close(self) -> None:
        self.viewport.removeEventFilter(self._filter)
        self.window.close()
        self.window.deleteLater()
        self.settle()
