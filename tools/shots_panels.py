"""Screenshots of the Actions and Tests docks in use (docs/screenshots/panel-*.png).

Run under a real X server (Xvfb), e.g.
    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \
        .venv/bin/python tools/shots_panels.py
It builds the two small tables of the panel tests (a tank duel, the IH-8 firefight), drives
the panels with real clicks and typed dice (QTest) and saves the window with
QWidget.grab().
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.window import MainWindow  # noqa: E402
from tests.app.test_panels_duel import duel_scenario  # noqa: E402
from tests.app.test_panels_firefight import SQUAD, firefight  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LEFT = Qt.MouseButton.LeftButton
DOCK_WIDTH = 560


def settle(ms: int = 200) -> None:
    QTest.qWait(ms)
    QApplication.processEvents()


def window_for(scenario, centre, px_per_inch: float, dock: str = "action_panel") -> MainWindow:
    win = MainWindow(scenario)
    win.resize(1600, 1000)
    win.show()
    panel = getattr(win, dock)
    panel.show()
    panel.raise_()
    win.resizeDocks([panel], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    settle(300)
    win.view.show_area(*centre, px_per_inch)
    settle()
    return win


def click_board(win: MainWindow, x: float, y: float) -> None:
    QTest.mouseClick(win.view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     win.view.mapFromScene(QPointF(x, y)))
    settle(80)


def select(win: MainWindow, uid: str) -> None:
    win.tools.activate("select")
    u = win.game.unit(uid)
    click_board(win, u.x, u.y)


def click(widget) -> None:
    pos = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) \
        else widget.rect().center()
    QTest.mouseClick(widget, LEFT, Qt.KeyboardModifier.NoModifier, pos)
    settle(80)


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))
    settle(80)


def type_faces(panel, faces) -> None:
    for face in faces:
        field = next(f for f in panel.dice_entry.fields if not f.text())
        field.setFocus()
        QTest.keyClicks(field, str(face))
        settle(60)


def show_part(panel, widget) -> None:
    """Scroll the dock so `widget` is in view."""
    if panel.setup_scroll.widget().isAncestorOf(widget):
        panel.setup_scroll.ensureWidgetVisible(widget, 0, 40)
    settle(80)


def save(win: MainWindow, name: str) -> None:
    settle(150)
    path = OUT / name
    win.grab().save(str(path))
    print("wrote", path.relative_to(ROOT))


def duel_shots() -> None:
    win = window_for(duel_scenario(), centre=(27, 20), px_per_inch=14)
    panel = win.action_panel
    select(win, "sherman")
    choose(panel.action_box, "tank_aim")
    click(panel.target_pick)
    click_board(win, 48, 20)
    click(panel.dice_entry.typed_radio)
    type_faces(panel, [4])
    click(panel.apply_button)
    choose(panel.action_box, "tank_fire")
    save(win, "panel-actions-odds.png")
    type_faces(panel, [5, 4, 3])
    show_part(panel, panel.steps_view)
    save(win, "panel-actions-typing.png")
    type_faces(panel, [11])
    show_part(panel, panel.dice_entry)
    save(win, "panel-actions-refused.png")
    field = panel.dice_entry.fields[3]
    field.clear()
    type_faces(panel, [6, 2])
    click(panel.apply_button)
    show_part(panel, panel.apply_button)
    save(win, "panel-actions-applied.png")
    win.close()


def firefight_shots() -> None:
    win = window_for(firefight(), centre=(24, 20), px_per_inch=22)
    panel = win.action_panel
    select(win, "mg")
    choose(panel.action_box, "shoot")
    choose(panel.weapon_box, "mg42")
    click(panel.targets_pick)
    for uid in SQUAD:
        u = win.game.unit(uid)
        click_board(win, u.x, u.y)
    save(win, "panel-actions-pick.png")
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    settle()
    click(panel.dice_entry.typed_radio)
    type_faces(panel, [1, 2, 3, 9, 9, 1, 2, 3, 8, 9, 10])
    click(panel.apply_button)
    tests = win.tests_dock
    tests.show()
    tests.raise_()
    settle()
    click(tests.dice_entry.typed_radio)
    select(win, "vova")
    choose(tests.action_box, "suppression_test")
    for uid, face in zip(SQUAD, (7, 6, 2), strict=True):
        select(win, uid)
        type_faces(tests, [face])
        if uid == "tolik":
            show_part(tests, tests.steps_view)
            save(win, "panel-tests-suppression.png")
        click(tests.apply_button)
    select(win, "cmd")
    choose(tests.action_box, "rally")
    tests.set_targets(["vova", "tolik"])
    type_faces(tests, [1, 6])
    show_part(tests, tests.steps_view)
    save(win, "panel-tests-rally.png")
    win.close()


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    OUT.mkdir(parents=True, exist_ok=True)
    duel_shots()
    firefight_shots()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
