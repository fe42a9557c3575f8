"""Group names stay readable (issue 39): on the table, never over a unit's marker badges."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from engine.scenario_io import load_demo, shipped_scenarios
from tests.app.helpers import show_window

SAMPLES = sorted(f for f, _ in shipped_scenarios())


def on_screen(win, item) -> QRectF:
    return item.deviceTransform(win.view.viewportTransform()).mapRect(item.boundingRect())


def names(win) -> list:
    groups = win.services.groups
    return [groups.layer.label_item(g) for g in groups.layer.outlines]


@pytest.mark.parametrize("sample", SAMPLES)
@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_every_group_name_is_on_the_table_and_off_the_badges(qtbot, sample, size):
    win = show_window(qtbot, load_demo(sample), size, fit=True)
    qtbot.waitUntil(lambda: not win.view.labels_pending(), timeout=5000)
    table = win.view.mapFromScene(win.scene.table_rect()).boundingRect().toRectF()
    table.adjust(-1, -1, 1, 1)
    badges = [on_screen(win, i.badges) for i in win.scene.unit_items.values()
              if i.badges is not None and i.badges.isVisible()]
    for label in names(win):
        if not label.isVisible():
            continue
        r = on_screen(win, label)
        assert table.contains(r), (label.text(), r, table)
        for b in badges:
            assert not r.intersects(b), (label.text(), r, b)
