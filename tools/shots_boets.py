"""Screenshots of a Boets game (docs/screenshots/boets-*.png) on the sample scenario.

Run under a real X server, e.g. with the shared shot tool:
    PYTHONPATH=$PWD ../shared/tools/shot /tmp/x.png --wait 60 -- \
        .venv/bin/python tools/shots_boets.py
It opens resources/scenarios/boets-velian-ridge.json and plays what the pytest-qt
playthrough (tests/app/test_panels_boets.py) plays: the allies' moves with the Turn dock,
a fighter dragged out of his squad's chain (CMD badge), P2's grenade scattering onto P1's
platoon (odds with friends, then typed dice), the takeover test offered in the Tests dock
and the platoon's panic retreat toward its own edge; it saves the window with
QWidget.grab() at each stage.
"""

from __future__ import annotations

import sys

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from shots_common import (
    choose,
    click,
    click_board,
    drag,
    save,
    select,
    settle,
    show_part,
    window_for,
)

from engine.scenario_io import load_scenario
from resources.loader import resource


def type_d20(panel, faces) -> None:
    """Each face digit by digit into the field at the same place (fields are rebuilt as a
    digit resolves a step; the focus stays)."""
    for face in faces:
        entry = panel.dice_entry
        i = next(k for k, f in enumerate(entry.fields) if not f.text())
        for ch in str(face):
            entry.fields[i].setFocus()
            QTest.keyClicks(entry.fields[i], ch)
            settle(40)


def move(win, uid, point) -> None:
    panel = win.services.action_panel
    panel.raise_()
    select(win, uid)
    choose(panel.action_box, "move")
    click(panel.roles_view.part("point", "pick"))
    click_board(win, *point)
    if panel.dice_entry.mode != "app":
        click(panel.dice_entry.app_radio)
    click(panel.dice_entry.roll_button)
    click(panel.apply_button)


def main() -> None:
    QApplication.instance() or QApplication(sys.argv)
    scenario = load_scenario(resource("scenarios", "boets-velian-ridge.json"))
    win = window_for(scenario, centre=(22, 28), px_per_inch=18)
    s = win.services
    game, panel, turn, tests = win.game, s.action_panel, s.turn_dock, s.tests_dock
    turn.show()
    turn.raise_()
    turn.typed_dice.setChecked(True)
    turn.typed_faces.setText("17 4")
    click(turn.roll_button)
    move(win, "cy-a-1", (15.5, 30.0))
    move(win, "cl-1", (30.0, 30.0))
    move(win, "cy-b-1", (15.5, 30.0))
    turn.raise_()
    win.tools.activate("select")
    a4 = game.unit("cy-a-4")
    drag(win, (a4.x, a4.y), (a4.x + 4, a4.y), steps=2)
    save(win, "boets-board.png")                  # the Turn dock, allies, the CMD badge
    win.undo_action.trigger()
    click(turn.phase_button)

    cl1 = game.unit("cl-1")
    squad = [game.unit(f"cy-a-{i}") for i in range(1, 5)]
    cx = sum(u.x for u in squad) / 4
    aim = (round(cl1.x - 5.0, 1), squad[0].y)
    panel.raise_()
    select(win, "cl-1")
    choose(panel.action_box, "template_fire")
    choose(panel.roles_view.part("weapon", "combo"), "grenade")
    click(panel.roles_view.part("point", "pick"))
    click_board(win, *aim)
    panel.options_view.editor("bearing").setValue(180)
    settle(200)
    show_part(panel, panel.odds_chart)
    save(win, "boets-grenade-odds.png")
    click(panel.dice_entry.typed_radio)
    type_d20(panel, [round(aim[0] - cx), 20, 1, 1, 1, 1, 1])
    show_part(panel, panel.steps_view)
    save(win, "boets-grenade-steps.png")
    click(panel.apply_button)

    click(turn.next_button)
    move(win, "vm-1", (18.0, 26.0))
    click(turn.phase_button)
    panel.raise_()
    select(win, "vm-1")
    choose(panel.action_box, "fire")
    click(panel.roles_view.part("target", "pick"))
    cmdr = game.unit("cy-a-2")
    click_board(win, cmdr.x, cmdr.y)
    click(panel.dice_entry.typed_radio)
    type_d20(panel, [15, 12, 1, 1, 1, 1, 12, 19])
    click(panel.apply_button)
    click(turn.end_button)
    tests.show()
    tests.raise_()
    settle(200)
    tests.take_due(next(i for i, t in enumerate(tests.due_texts())
                        if t.startswith("cy-b-1 — Command takeover")))
    settle(200)
    save(win, "boets-takeover.png")
    click(tests.dice_entry.typed_radio)
    type_d20(tests, [3])
    click(tests.apply_button)
    click(turn.next_button)
    click(turn.end_button)
    tests.raise_()
    settle(200)
    tests.take_due(next(i for i, t in enumerate(tests.due_texts())
                        if t.startswith("cy-b-1 — Command takeover")))
    click(tests.dice_entry.typed_radio)
    type_d20(tests, [2])
    click(tests.apply_button)
    win.view.show_area(18, 36, 18)
    show_part(tests, tests.steps_view)
    save(win, "boets-panic-retreat.png")
    win.close()


if __name__ == "__main__":
    main()
