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

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from shots_common import (
    choose,
    click,
    click_board,
    save,
    select,
    settle,
    show_part,
    type_faces,
    window_for,
)

from engine.rulesets.iron_hearts import RULESET as IH
from engine.turns import next_activation, structure_of
from tests.app.test_panels_duel import duel_scenario
from tests.app.test_panels_firefight import SQUAD, firefight


def duel_shots() -> None:
    win = window_for(duel_scenario(), centre=(27, 20), px_per_inch=14)
    win.game.active_side = "allies"  # the turn contract charges the Sherman's AP on Apply
    panel = win.services.action_panel
    select(win, "sherman")
    choose(panel.action_box, "tank_aim")
    click(panel.roles_view.part("target", "pick"))
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
    win.game.active_side = "axis"  # each side acts in its own turn (the turn contract)
    panel = win.services.action_panel
    select(win, "mg")
    choose(panel.action_box, "shoot")
    choose(panel.roles_view.part("weapon", "combo", "weapon"), "mg42")
    click(panel.roles_view.part("targets", "pick"))
    for uid in SQUAD:
        u = win.game.unit(uid)
        click_board(win, u.x, u.y)
    save(win, "panel-actions-pick.png")
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    settle()
    click(panel.dice_entry.typed_radio)
    type_faces(panel, [1, 2, 3, 9, 9, 1, 2, 3, 8, 9, 10])
    click(panel.apply_button)
    win.editor.push(next_activation(win.game, structure_of(IH)))  # the US turn begins
    tests = win.services.tests_dock
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
    duel_shots()
    firefight_shots()
    app.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
