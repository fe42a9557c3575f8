"""Arcs overlay (A): the selected unit's front / side / rear sectors and its turret arc."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsSimpleTextItem

from app.tools.arcs import SECTOR_RADIUS_IN, TURRET_RADIUS_IN, sectors
from engine.scenario import Unit
from geometry.bases import BaseShape
from geometry.facing import QUADRANTS
from tests.app.helpers import at, demo_window


@pytest.fixture
def win(qtbot):
    return demo_window(qtbot)


def test_sector_bounds_follow_the_facing_model():
    u = Unit("u", "s", "p", 0, 0, BaseShape.round(25), facing=30)
    assert sectors(u) == {"front": (-60, 120), "right": (120, 165), "rear": (165, 255),
                          "left": (255, 300)}
    assert sectors(u, QUADRANTS)["right"] == (75, 165)


def test_a_shows_sectors_and_turret_of_the_selected_unit(win, qtbot):
    overlay = win.modules["app.tools.arcs"]
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 12, 18.5))
    assert win.selected_unit_id == "sherman-3" and overlay.items == []
    qtbot.keyClick(win.view, Qt.Key.Key_R)  # hull to 15°: the wedges follow
    qtbot.keyClick(win.view, Qt.Key.Key_A)
    assert overlay.action.isChecked()
    wedges = [i for i in overlay.items if isinstance(i, QGraphicsPathItem)]
    labels = [i.text() for i in overlay.items if isinstance(i, QGraphicsSimpleTextItem)]
    assert len(wedges) == 5 and labels == ["front", "right", "rear", "left"]
    assert all(i.scene() is win.scene for i in overlay.items)
    front, right, rear, left, turret = (w.path() for w in wedges)
    x, y = 12, 18.5
    ahead = QPointF(x + 5 * 0.9659, y + 5 * 0.2588)  # 5" along 15°
    behind = QPointF(x - 5 * 0.9659, y - 5 * 0.2588)
    assert front.contains(ahead) and not rear.contains(ahead)
    assert rear.contains(behind) and not front.contains(behind)
    assert right.contains(QPointF(x - 2, y + 5)) and left.contains(QPointF(x - 2, y - 5))
    r_in, r_out = SECTOR_RADIUS_IN - 0.05, SECTOR_RADIUS_IN + 0.05
    assert front.contains(QPointF(x + r_in * 0.9659, y + r_in * 0.2588))
    assert not front.contains(QPointF(x + r_out * 0.9659, y + r_out * 0.2588))
    assert turret.contains(QPointF(x + TURRET_RADIUS_IN - 1, y + 3))  # gun along the hull
    qtbot.keyClick(win.view, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.AltModifier)  # turret -15°: now at 0°
    turret = [i for i in overlay.items if isinstance(i, QGraphicsPathItem)][-1].path()
    assert turret.contains(QPointF(x + 1, y - TURRET_RADIUS_IN + 0.5))
    assert not turret.contains(QPointF(x - 1, y - TURRET_RADIUS_IN + 0.5))
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=at(win, 21.5, 7.5))
    assert len([i for i in overlay.items if isinstance(i, QGraphicsPathItem)]) == 4  # no turret
    qtbot.keyClick(win.view, Qt.Key.Key_A)
    assert overlay.items == [] and not overlay.action.isChecked()
