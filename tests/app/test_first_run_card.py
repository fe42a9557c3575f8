"""The first-run card is on screen (issue 39): inside the window at the common screen sizes,
wherever the board's first fit scrolls it, and Help ▸ The tools at a glance shows it again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect

from app import settings as st
from app.window import MainWindow
from engine.scenario_io import load_demo


def _inside(win: MainWindow, widget) -> bool:
    top_left = widget.mapTo(win, QPoint(0, 0))
    shown = QRect(top_left, widget.size())
    return widget.isVisible() and win.rect().contains(shown) and shown.width() > 100


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_card_is_inside_the_window_after_the_first_fit(qtbot, size):
    st.settings().remove("ui/first_run_seen")
    win = MainWindow()          # as the program: the card comes before the game is loaded
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    assert win.services.first_run.maybe_show()
    win.open_demo()             # the board's first fit scrolls the view
    win.view.show_area(5, 5, 40)
    qtbot.wait(20)
    card = win.services.first_run.overlay
    assert _inside(win, card), card.mapTo(win, QPoint(0, 0))
    # under the toolbar, over the board: the view holds it
    assert win.view.geometry().contains(QRect(card.mapTo(win.view.parentWidget(),
                                                         QPoint(0, 0)), card.size()))


def test_help_shows_the_card_again_inside_the_window(qtbot):
    win = MainWindow(load_demo())
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.show_area(40, 30, 30)   # panned far from where the card was made
    win.services.help_menu.tour_action.trigger()
    assert _inside(win, win.services.first_run.overlay)
    win.resize(900, 600)             # a smaller window: the card stays inside it
    qtbot.wait(20)
    assert _inside(win, win.services.first_run.overlay)
