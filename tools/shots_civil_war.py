"""Screenshots of a Civil War turn (docs/screenshots/cw-*.png) on the sample scenario.

Run under a real X server, e.g. with the shared shot tool:
    PYTHONPATH=$PWD ../shared/tools/shot /tmp/x.png --wait 40 -- \
        .venv/bin/python tools/shots_civil_war.py
It opens resources/scenarios/civil-war-vasylivka.json, lets UNR's company fire at the
Plastuns with declared return fire (CW-1's dice, typed), applies it (the Plastuns' retreat
moves their stands), then lets the White battery fire (app dice, seed 6) and applies it (the
landed template drawn on the board, the battery's ammunition badge AM8 → AM7), and saves
the window with QWidget.grab() at each stage.
"""

from __future__ import annotations

import sys

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

from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.app.test_panels_civil_war import CW1


def main() -> None:
    QApplication.instance() or QApplication(sys.argv)
    scenario = load_scenario(resource("scenarios", "civil-war-vasylivka.json"))
    win = window_for(scenario, centre=(30, 27), px_per_inch=16)
    panel = win.services.action_panel
    save(win, "cw-board.png")
    select(win, "unr-3")
    choose(panel.action_box, "fire")
    click(panel.roles_view.part("target", "pick"))
    u = win.game.unit("pl-2")
    click_board(win, u.x, u.y)
    choose(panel.responder_box, "pl-2")            # the Plastuns declare return fire
    show_part(panel, panel.odds_chart)
    save(win, "cw-fire-odds.png")
    click(panel.dice_entry.typed_radio)
    type_faces(panel, CW1)
    show_part(panel, panel.steps_view)
    save(win, "cw-fire-steps.png")
    click(panel.apply_button)
    win.view.show_area(22, 30, 24)
    settle()
    save(win, "cw-fire-applied.png")
    win.view.show_area(46, 16, 14)
    select(win, "white-gun")
    choose(panel.action_box, "artillery_fire")
    click(panel.roles_view.part("point", "pick", "point", "template"))
    click_board(win, 46.0, 9.0)
    click(panel.dice_entry.app_radio)
    panel.dice_entry.seed_edit.setText("6")
    click(panel.dice_entry.roll_button)
    show_part(panel, panel.steps_view)
    save(win, "cw-artillery.png")
    click(panel.apply_button)
    win.view.show_area(48, 12, 34)
    settle()
    save(win, "cw-artillery-applied.png")
    win.close()


if __name__ == "__main__":
    main()
