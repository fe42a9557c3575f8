"""Screenshots of the template, terrain and units tools in use, for the README's user guide.

Run under a real X server (Xvfb), e.g.
    /work/shared/tools/shot /tmp/screen.png --wait 20 -- .venv/bin/python tools/shots_t2.py
It opens the demo table, drives each tool as a player would (through the tools' own
methods and real key events), and saves each window with QWidget.grab() under
docs/screenshots/.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from shots_common import save, settle

from app.window import MainWindow


def frame(window: MainWindow, centre: tuple[float, float], px_per_inch: float) -> None:
    window.view.show_area(*centre, px_per_inch)


def template_shots(window: MainWindow) -> None:
    QTest.keyClick(window.view, Qt.Key.Key_T)
    tool = window.tools.active
    tool.panel.scheme.setCurrentIndex(0)  # d20 = distance
    tool.panel.step.setValue(0.5)
    tool.set_shape("blast-3")
    frame(window, (36, 18), 19.0)
    tool.place(41.4, 17.0)
    settle(300)
    save(window, "tool-template.png")
    tool.panel.seed.setText("7")
    tool.scatter()
    settle(300)
    save(window, "tool-template-scatter.png")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)


def terrain_shots(window: MainWindow) -> None:
    QTest.keyClick(window.view, Qt.Key.Key_E)
    tool = window.tools.active
    frame(window, (40, 22), 17.0)
    tool.set_mode("draw")  # draw mode first: the kind box would retype a selected piece
    tool.panel.set_kind("rough")
    for p in [(54, 20), (60, 19.5), (61.5, 24.5)]:
        tool.drawing.append(p)
    rubber = QPointF(56.5, 26)
    tool._redraw(rubber=rubber)
    window.pointer_hint.show_text('5.22"', at=window.view.mapFromScene(rubber))
    settle(300)
    save(window, "tool-terrain.png")
    tool.drawing = []
    QTest.keyClick(window.view, Qt.Key.Key_Escape)


def units_shots(window: MainWindow) -> None:
    from engine.model import AddMarker, Change, SetMarker, SetState

    window.editor.push(Change([AddMarker("gren-1", "suppression", 2),
                               SetMarker("gren-3", "pinned", True),
                               AddMarker("gren-4", "suppression", 1),
                               SetMarker("gren-4", "terror", 1),
                               SetState("gren-nco", "hp", 2)], label="Markers for the shot"))
    QTest.keyClick(window.view, Qt.Key.Key_U)
    tool = window.tools.active
    frame(window, (37, 17), 24.0)
    tool.panel.choose_profile("grenadier")
    tool.panel.new_side.setCurrentText("axis")
    tool.place(37.0, 9.5)
    window.select_unit("gren-nco")
    settle(300)
    save(window, "tool-units.png")


def main() -> int:
    QApplication.instance() or QApplication(sys.argv)
    window = MainWindow()
    window.resize(1500, 900)
    window.show()
    window.open_demo()
    settle(600)
    template_shots(window)
    terrain_shots(window)
    units_shots(window)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
