"""The layout is remembered (issue 39): the window's size, the docks open and their widths,
the board's zoom and centre come back when the program starts again; a first start opens at
a size that fits the screen's available room."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt

from app import settings as st
from app import settings_layout as layout
from app.window import MainWindow

SAMPLE = Path(str(resources.files("resources.scenarios").joinpath("crossroads.json")))


@pytest.fixture(autouse=True)
def no_saved_layout():
    s = st.settings()
    for key in (layout.GEOMETRY_KEY, layout.STATE_KEY, layout.VIEW_KEY, layout.DOCKS_KEY):
        s.remove(key)
    s.sync()
    yield
    for key in (layout.GEOMETRY_KEY, layout.STATE_KEY, layout.VIEW_KEY, layout.DOCKS_KEY):
        s.remove(key)
    s.sync()


def program_window(qtbot) -> MainWindow:
    """A window as the program makes it (it remembers), the sample open."""
    w = MainWindow()
    qtbot.addWidget(w)
    layout.remember(w)
    w.show()
    qtbot.waitExposed(w)
    w.open_start_game(SAMPLE)
    qtbot.wait(30)
    return w


def test_a_restart_restores_size_docks_and_view(qtbot):
    first = program_window(qtbot)
    first.resize(760, 620)   # inside the offscreen screen (800×800)
    actions, log = first.services.action_panel, first.services.log_dock
    actions.toggleViewAction().trigger()
    log.toggleViewAction().trigger()
    qtbot.wait(40)
    first.resizeDocks([actions], [300], Qt.Orientation.Horizontal)
    qtbot.wait(40)
    first.view.show_area(20.0, 15.0, 31.0)
    width = actions.width()
    first.close()

    again = program_window(qtbot)
    assert again.size() == QSize(760, 620)
    assert again.services.action_panel.isVisible() and again.services.log_dock.isVisible()
    assert not again.services.turn_dock.isVisible()
    assert abs(again.services.action_panel.width() - width) <= 12
    assert again.view.px_per_inch() == pytest.approx(31.0, rel=0.01)
    centre = again.view.view_centre()
    assert (centre.x(), centre.y()) == pytest.approx((20.0, 15.0), abs=0.2)


def test_a_fitted_table_is_fitted_again_and_another_game_is_not_moved(qtbot):
    first = program_window(qtbot)
    first.close()
    again = program_window(qtbot)
    assert again.view.fitted
    again.view.show_area(20.0, 15.0, 31.0)
    again.close()
    other = MainWindow()
    qtbot.addWidget(other)
    layout.remember(other)
    other.show()
    other.open_start_game(None)        # the demo: not the game the view was saved for
    assert other.view.fitted


def test_a_first_start_fits_the_screen():
    class Screen:
        def availableGeometry(self):  # noqa: N802 (Qt's name)
            return QRect(0, 0, 1280, 800)

    size = layout.fitting_size(Screen())
    assert size.width() <= 1280 and size.height() + layout.FRAME_ALLOWANCE_PX <= 800
    assert layout.fitting_size(None) == layout.DEFAULT_SIZE


def test_a_window_of_a_test_keeps_no_layout(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.close()
    assert st.settings().value(layout.STATE_KEY) is None
