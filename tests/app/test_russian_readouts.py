"""Issue 16, a last walk in Russian: what the board's tools write beside the pointer while
a player measures, drags toward an enemy and looks at threats is in Russian (the engine's
words through loc(), the app's through tr()), metres as «м»; and the odds placeholder wraps
in a narrow dock instead of being cut at both ends."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.window import MainWindow
from engine.scenario_io import load_demo
from tests.app.helpers import LEFT, NO_MODIFIER, at, click_board, zoom

from .russian import Russian


@pytest.fixture
def win(qtbot, qm_folder):
    with Russian(qm_folder):
        w = MainWindow(load_demo())
        qtbot.addWidget(w)
        w.resize(1280, 800)
        w.show()
        qtbot.waitExposed(w)
        w.view.setFocus()
        zoom(w, 24, 12)
        yield w


def test_the_measure_readout_in_russian(win, qtbot):
    a, b = win.game.unit("gren-1"), win.game.unit("us-1-1")
    qtbot.keyClick(win.view, Qt.Key.Key_M)
    click_board(qtbot, win, a.x, a.y)
    click_board(qtbot, win, b.x, b.y)
    text = win.pointer_hint.text()
    assert "от края" in text and "от центра" in text and "линия видимости" in text
    assert "укрытие" in text and f"у {a.label} нет башни" in text
    assert " м)" in text
    for english in ("edge ", "centre ", "LOS ", "visible", "cover ", "has no turret", " m)"):
        assert english not in text, english


def test_the_drag_readout_in_russian_names_the_nearest_enemies(win, qtbot):
    u = win.game.unit("us-1-1")
    vp = win.view.viewport()
    qtbot.mousePress(vp, LEFT, NO_MODIFIER, at(win, u.x, u.y))
    for step in (0.3, 0.6, 0.9):
        qtbot.mouseMove(vp, at(win, u.x + step, u.y + step / 2))
    text = win.pointer_hint.text()
    qtbot.mouseRelease(vp, LEFT, NO_MODIFIER, at(win, u.x + 0.9, u.y + 0.45))
    assert "пройдено" in text and "ближайшие враги:" in text
    assert "осталось" in text or "перебор" in text
    for english in ("moved", "nearest enemies", "allowance:", " left ", " m)"):
        assert english not in text, english


def test_the_odds_placeholder_wraps_in_a_narrow_dock(win):
    from app.panels.odds_chart import OddsChart

    chart = win.services.action_panel.findChild(OddsChart)
    assert chart is not None
    assert chart.placeholder.wordWrap()
    assert chart.placeholder.text().startswith("Выберите отряд и действие")
