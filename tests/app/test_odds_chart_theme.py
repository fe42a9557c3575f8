"""The dark theme reaches the odds chart (issue 39): the plot's background and its axes'
ink follow the palette — dark when the theme is switched while the chart is shown, light
again after."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtGui import QPalette

from app.panels.odds_chart import OddsChart
from app.settings_dialog import apply_theme
from engine.odds import OutcomeDistribution


@pytest.fixture
def chart(qtbot):
    w = OddsChart()
    qtbot.addWidget(w)
    w.show()
    odds = ((0, Fraction(1, 2)), (1, Fraction(3, 10)), (2, Fraction(1, 5)))
    w.set_distribution(OutcomeDistribution("hits", odds))
    yield w
    apply_theme("light")


def shown(chart) -> tuple[str, str]:
    background = chart.plot.backgroundBrush().color().name()
    ink = chart.plot.getAxis("left").textPen().color().name()
    return background, ink


def test_the_chart_follows_the_dark_theme(chart, qtbot):
    light_bg, light_ink = shown(chart)
    apply_theme("dark")
    qtbot.wait(10)
    pal = chart.palette()
    dark_bg, dark_ink = shown(chart)
    assert dark_bg == pal.color(QPalette.ColorRole.Base).name()
    assert dark_ink == pal.color(QPalette.ColorRole.Text).name()
    assert pal.color(QPalette.ColorRole.Base).lightness() < 100      # dark indeed
    assert pal.color(QPalette.ColorRole.Text).lightness() > 150
    placeholder = chart.placeholder.palette().color(QPalette.ColorRole.Window).name()
    assert placeholder == dark_bg
    apply_theme("light")
    qtbot.wait(10)
    assert shown(chart) == (light_bg, light_ink)
