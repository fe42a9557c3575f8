"""Shared helpers of the panel tests (no tests here): a window over a small scenario with
the Actions and Tests docks shown, real clicks on the board and on the panels' widgets,
typed dice, and the command-line twin of a resolution."""

from __future__ import annotations

import contextlib
import io
import json

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox

from app import cli
from app.panels.action_panel import ActionPanel
from app.window import MainWindow
from engine.scenario_io import save_scenario
from tests.app.helpers import click_board, show_window

PX_PER_INCH = 12.0
LEFT = Qt.MouseButton.LeftButton


def open_window(qtbot, scenario, centre: tuple[float, float]) -> MainWindow:
    """The program's window over `scenario`, both panels shown, the board zoomed so every
    unit of the test is on screen."""
    win = show_window(qtbot, scenario, (1600, 1000))
    for dock in (win.services.action_panel, win.services.tests_dock):
        dock.show()
    win.services.action_panel.raise_()
    win.view.show_area(*centre, PX_PER_INCH)
    return win


def select_unit(qtbot, win: MainWindow, unit_id: str) -> None:
    """Click the unit with the select tool (the panels follow the selection)."""
    win.tools.activate("select")
    u = win.game.unit(unit_id)
    click_board(qtbot, win, u.x, u.y)
    assert win.selected_unit_id == unit_id


def open_folds(widget) -> None:
    """Open the folded sections of the Actions dock the widget sits in (facts, options,
    modifiers, return fire: app/panels/action_fold.py), as a player would to reach it."""
    from app.panels.action_fold import Fold

    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, Fold) and not parent.is_open:
            parent.set_open(True)
        parent = parent.parentWidget()


def click(qtbot, widget) -> None:
    """A click on a button (a check box is clicked on its box: a wide one's centre may
    be past its text, where Qt does not count the click). A widget just shown is laid out
    first, as the event loop would before a person could click it."""
    open_folds(widget)
    qtbot.waitUntil(lambda: widget.isVisible() and widget.height() > 0, timeout=2000)
    if isinstance(widget, QCheckBox):
        qtbot.mouseClick(widget, LEFT, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, LEFT)


def choose(qtbot, combo, data) -> None:
    """Pick the item whose data is `data` with the mouse: open the combo's list and click
    the item (typing would also reach the window's one-key tool shortcuts)."""
    open_folds(combo)
    i = combo.findData(data)
    assert i >= 0, f"{data!r} not offered: {[combo.itemData(k) for k in range(combo.count())]}"
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    index = view.model().index(i, combo.modelColumn(), view.rootIndex())
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentData() == data, (combo.currentText(), data)


def enter_dice_mode(qtbot, panel: ActionPanel) -> None:
    click(qtbot, panel.dice_entry.typed_radio)
    assert panel.dice_entry.mode == "typed"


def type_dice(qtbot, panel: ActionPanel, faces, check=None) -> None:
    """Type each face into the next empty field the panel shows; `check(i, panel)` runs
    after each face (to look at the steps shown so far)."""
    for i, face in enumerate(faces):
        field = next(f for f in panel.dice_entry.fields if not f.text())
        qtbot.keyClicks(field, str(face))
        if check is not None:
            check(i, panel)


def cli_json(argv: list[str]) -> dict:
    """`warboard ARGV --json` run in-process; its JSON output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.run([*argv, "--json"])
    assert status == 0, out.getvalue()
    return json.loads(out.getvalue())


def save_table(win: MainWindow, path) -> str:
    """The table as it stands (units with their markers and state) as a scenario file."""
    save_scenario(win.game.scenario, path)
    return str(path)
