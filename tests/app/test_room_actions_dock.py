"""The Actions dock at 1280×800 (issue #16): the role combo shows a target's whole name —
cut in the middle only when it cannot fit, with the whole name as its tool tip and a
drop-down as wide as its longest row — and the squad list's rows are not cut, while the
board keeps its room (app/room.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.panels.elided_combo import ElidedComboBox
from app.room import BOARD_SHARE
from engine.scenario_io import load_demo
from tests.app.helpers import show_window
from tests.app.test_room import board_share, settle


def shoot_with(qtbot, size):
    win = show_window(qtbot, load_demo(), size, fit=True)
    settle(qtbot)
    win.select_unit("us-1-1")
    win.services.action_panel.toggleViewAction().trigger()
    settle(qtbot)
    panel = win.services.action_panel
    panel.action_box.setCurrentIndex(panel.action_box.findData("shoot"))
    settle(qtbot)
    return win, panel


def test_the_target_combo_and_squad_list_show_whole_names(qtbot):
    win, panel = shoot_with(qtbot, (1280, 800))
    box = panel.roles_view.editor("target").combo
    assert isinstance(box, ElidedComboBox)
    box.setCurrentIndex(box.findData("gren-1"))
    settle(qtbot)
    assert box.currentText() == "Gefr. Vogel (Axis)"
    assert box.shown_text() == box.currentText()          # the whole text, not "Gefr. Vogel (a…"
    assert box.toolTip() == box.currentText()
    lst = next(e.list for e in panel.roles_view.editors.values() if e.list is not None)
    fm = lst.fontMetrics()
    widest = max(fm.horizontalAdvance(lst.item(i).text()) for i in range(lst.count()))
    assert lst.viewport().width() >= widest + 20, (lst.viewport().width(), widest)  # + tick
    assert all(lst.item(i).toolTip() == lst.item(i).text() for i in range(lst.count()))
    assert board_share(win) >= BOARD_SHARE - 0.01, (win.view.width(), win.width())


def test_a_name_too_long_is_cut_in_the_middle_and_the_popup_holds_it(qtbot):
    win, panel = shoot_with(qtbot, (1280, 800))
    box = panel.roles_view.editor("target").combo
    long = "Obergefreiter Hans-Joachim von Ribbentrop-Lichtenberg (Panzerschreck) (axis)"
    box.addItem(long, "long-one")
    box.setCurrentIndex(box.count() - 1)
    settle(qtbot)
    shown = box.shown_text()
    assert "…" in shown and shown.startswith("Oberge") and shown.endswith("(axis)"), shown
    assert box.toolTip() == long
    box.showPopup()
    QApplication.processEvents()
    assert box.view().width() >= box.view().fontMetrics().horizontalAdvance(long)
    box.hidePopup()
    assert board_share(win) >= BOARD_SHARE - 0.01   # the long row did not widen the dock
