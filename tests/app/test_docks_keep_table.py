"""Docks keep the table (issue 39): opening any dock beside the board at 1280×800 keeps
every unit of each sample table in view — the fitted table is fitted again, a zoomed view
keeps what was in it — and closing the dock gives the board its scale back."""

from __future__ import annotations

from importlib import resources

import pytest
from PySide6.QtCore import QRectF

from engine.scenario_io import load_scenario
from tests.app.helpers import show_window

SAMPLES = sorted(p.name for p in resources.files("resources.scenarios").iterdir()
                 if p.name.endswith(".json"))


def settle(qtbot) -> None:
    qtbot.wait(40)   # the room keeper narrows a shown dock on a zero timer


def units_out_of_view(win, area: QRectF | None = None) -> list[str]:
    shown = win.view.visible_table_rect()
    scene = win.scene
    out = []
    for unit in win.game.units:
        box = scene.unit_item(unit.id).sceneBoundingRect()
        if (area is None or area.intersects(box)) and not shown.contains(box.center()):
            out.append(unit.name)
    return out


@pytest.mark.parametrize("sample", SAMPLES)
def test_no_unit_leaves_the_view_when_a_dock_opens(qtbot, sample):
    path = resources.files("resources.scenarios").joinpath(sample)
    win = show_window(qtbot, load_scenario(path), (1280, 800), fit=True)
    settle(qtbot)
    assert units_out_of_view(win) == []
    scale = win.view.px_per_inch()
    catalog = win.services.docks
    assert len(catalog.entries) >= 4
    for service, entry in catalog.entries.items():   # each dock from its View menu entry
        entry.trigger()
        settle(qtbot)
        dock = catalog.get(service)
        assert dock.isVisible()
        assert units_out_of_view(win) == [], dock.windowTitle()
        dock.toggleViewAction().trigger()
        settle(qtbot)
    assert win.view.px_per_inch() == pytest.approx(scale, rel=0.02)


def test_a_zoomed_view_keeps_what_was_in_it(qtbot):
    path = resources.files("resources.scenarios").joinpath(SAMPLES[0])
    win = show_window(qtbot, load_scenario(path), (1280, 800), fit=True)
    table = win.scene.table_rect()
    win.view.show_area(table.center().x(), table.center().y(), win.view.px_per_inch() * 1.5)
    settle(qtbot)
    area = win.view.visible_table_rect()
    before = units_out_of_view(win)
    scale = win.view.px_per_inch()
    win.services.action_panel.toggleViewAction().trigger()
    settle(qtbot)
    assert units_out_of_view(win, area) == before
    assert win.view.visible_table_rect().adjusted(-1, -1, 1, 1).contains(area)
    win.services.action_panel.toggleViewAction().trigger()
    settle(qtbot)
    assert win.view.px_per_inch() == pytest.approx(scale, rel=0.02)   # the user's zoom back
