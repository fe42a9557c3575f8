"""Screenshots of the template, terrain and units tools in use, for the README's user guide.

Run under a real X server (Xvfb), e.g.
    /work/shared/tools/shot /tmp/screen.png --wait 20 -- .venv/bin/python tools/shots_t2.py
It opens the demo table, drives each tool as a player would (through the tools' own
methods and real key events), and saves each window with QWidget.grab() under
docs/screenshots/.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.window import MainWindow  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def settle(app: QApplication, ms: int = 300) -> None:
    QTest.qWait(ms)
    app.processEvents()


def frame(window: MainWindow, centre: tuple[float, float], px_per_inch: float) -> None:
    window.view.show_area(*centre, px_per_inch)


def save(window: MainWindow, name: str) -> None:
    path = OUT / name
    window.grab().save(str(path))
    print("saved", path)


def template_shots(app: QApplication, window: MainWindow) -> None:
    QTest.keyClick(window.view, Qt.Key.Key_T)
    tool = window.tools.active
    tool.panel.scheme.setCurrentIndex(0)  # d20 = distance
    tool.panel.step.setValue(0.5)
    tool.set_shape("blast-3")
    frame(window, (36, 18), 19.0)
    tool.place(41.4, 17.0)
    settle(app)
    save(window, "tool-template.png")
    tool.panel.seed.setText("7")
    tool.scatter()
    settle(app)
    save(window, "tool-template-scatter.png")
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    QTest.keyClick(window.view, Qt.Key.Key_Escape)


def terrain_shots(app: QApplication, window: MainWindow) -> None:
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
    settle(app)
    save(window, "tool-terrain.png")
    tool.drawing = []
    QTest.keyClick(window.view, Qt.Key.Key_Escape)


def units_shots(app: QApplication, window: MainWindow) -> None:
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
    settle(app)
    save(window, "tool-units.png")


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    window = MainWindow()
    window.resize(1500, 900)
    window.show()
    window.open_demo()
    settle(app, 600)
    OUT.mkdir(parents=True, exist_ok=True)
    template_shots(app, window)
    terrain_shots(app, window)
    units_shots(app, window)
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
