"""Screenshots of the Butterfly Effect sample (docs/screenshots/be-*.png).

Run under a real X server, e.g. with the shared shot tool:
    PYTHONPATH=$PWD ../shared/tools/shot /tmp/x.png --wait 40 -- \\
        .venv/bin/python tools/shots_butterfly.py
It opens resources/scenarios/butterfly-night-approach.json, drags Jiy (in stealth) within
medium distance of Manny — the stealth duel falls due in the Tests dock —, takes the duel
with BE-3's conditions and dice, then (a round later, the operatives ambushing) lets Jiy
fire at Manny in his trench, and finally plays the firefight in which Manny, killed, fires
back; the window is saved with QWidget.grab() at each stage.
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
    drag,
    save,
    select,
    show_part,
    type_faces,
    window_for,
)

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.engine.butterfly_effect.test_golden_stealth import JIY, MANNY


def pick(win, panel, uid) -> None:
    click(panel.roles_view.part("target", "pick"))
    u = win.game.unit(uid)
    click_board(win, u.x, u.y)


def main() -> None:
    QApplication.instance() or QApplication(sys.argv)
    scenario = load_scenario(resource("scenarios", "butterfly-night-approach.json"))
    win = window_for(scenario, centre=(36, 24), px_per_inch=11, dock="tests_dock")
    s = win.services
    actions, tests, dock = s.action_panel, s.tests_dock, s.turn_dock
    # the measure tool: the distance band
    win.tools.activate("measure")
    click_board(win, 6, 24)
    click_board(win, 64, 24)
    save(win, "be-measure.png")
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    # the approach: the duel falls due
    select(win, "jiy")
    tests.raise_()
    drag(win, (6, 24), (14, 24), shot="be-duel-drag.png")
    save(win, "be-duel-due.png")
    tests.take_due(0)
    pick(win, tests, "manny")
    for opt in ("night", "undergrowth"):
        click(tests.options_view.editor(opt))
    choose(tests.options_view.editor("weather"), "fierce")
    click(tests.dice_entry.typed_radio)
    type_faces(tests, MANNY + JIY)
    show_part(tests, tests.steps_view)
    save(win, "be-duel.png")
    click(tests.apply_button)
    # next round: the ambush
    click(dock.end_button)
    select(win, "jiy")
    click(dock.ambush_button)
    actions.show()
    actions.raise_()
    choose(actions.action_box, "fire")
    choose(actions.roles_view.part("weapon", "combo", "weapon"), "assault_rifle")
    pick(win, actions, "manny")
    click(actions.dice_entry.typed_radio)
    type_faces(actions, [6, 5, 6, 4, 5])
    click(actions.apply_button)
    click(dock.next_button)
    click(dock.end_button)
    # the firefight: Manny, killed, fires back
    select(win, "jiy")
    drag(win, (14, 24), (30, 30))
    choose(actions.action_box, "fire")
    choose(actions.roles_view.part("weapon", "combo", "weapon"), "assault_rifle")
    pick(win, actions, "manny")
    choose(actions.responder_box, "manny")
    choose(actions.answer_weapon_box, "combat_shotgun")
    click(actions.dice_entry.typed_radio)
    type_faces(actions, [6, 6, 6, 1, 1] + [6, 6, 5, 5, 4, 3, 2, 1, 1, 1, 1, 1])
    click(actions.apply_button)
    win.view.show_area(47, 27, 16)
    show_part(actions, actions.steps_view)
    save(win, "be-firefight.png")
    win.close()


if __name__ == "__main__":
    main()
