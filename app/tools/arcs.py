"""Arcs overlay (A): the selected unit's front / side / rear sectors and its turret arc.

A toggle, not a tool: it stays on while other tools are used. The sectors are the facing
model's (geometry.facing: the default front 180°, rear 90°, sides 45° each — the
model `warboard measure` uses for the side struck); the turret arc is TURRET_ARC_DEG centred
on the gun. Wedges are translucent so the terrain under them still reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPointF
from PySide6.QtGui import QAction, QFont, QKeySequence, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

from app.board.style import Z_OVERLAY, Z_UNIT
from app.i18n import tr

from .base import path_item, translucent

if TYPE_CHECKING:
    from engine.scenario import Unit
    from geometry.facing import FacingModel

#: Radius of the hull sectors and of the turret arc, inches.
SECTOR_RADIUS_IN = 9.0
TURRET_RADIUS_IN = 13.0
SECTOR_COLOURS = {"front": "#2e9e4f", "right": "#d9a400", "left": "#d9a400", "rear": "#d0342c"}
TURRET_COLOUR = "#2f6fd6"


def sectors(unit: Unit, model: FacingModel | None = None) -> dict[str, tuple[float, float]]:
    """Each face's sector as (start, end) table bearings, clockwise from start (`model`
    None: geometry.facing.FRONT180)."""
    if model is None:
        from geometry.facing import FRONT180 as model
    f, front, rear = unit.facing, model.front_width, model.rear_width
    return {
        "front": (f - front / 2, f + front / 2),
        "right": (f + front / 2, f + 180 - rear / 2),
        "rear": (f + 180 - rear / 2, f + 180 + rear / 2),
        "left": (f + 180 + rear / 2, f + 360 - front / 2),
    }


def wedge_path(x: float, y: float, start: float, end: float, radius: float) -> QPainterPath:
    """A pie slice from bearing `start` clockwise to `end` (degrees, 0 = +x, y down)."""
    import numpy as np
    n = max(4, int(abs(end - start) / 3))
    angles = np.radians(np.linspace(start, end, n + 1))
    pts = [QPointF(x, y)] + [QPointF(x + radius * np.cos(a), y + radius * np.sin(a))
                             for a in angles]
    path = QPainterPath()
    path.addPolygon(QPolygonF(pts))
    path.closeSubpath()
    return path


class ArcsOverlay(QObject):
    """`action` toggles it (A); it follows the selection and every change to the model."""

    def __init__(self, window, model: FacingModel | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.model = model  # None: FRONT180, as `sectors` takes it
        self.items: list[QGraphicsItem] = []
        self.action = QAction(tr("&Arcs of the selected unit"), window)
        self.action.setCheckable(True)
        self.action.setIconText(tr("Arcs"))
        self.action.setShortcut(QKeySequence("A"))
        self.action.setToolTip(tr("Arcs overlay: front / side / rear sectors and turret arc (A)"))
        self.action.toggled.connect(lambda _on: self.refresh())
        window.view_menu.addAction(self.action)
        window.toolbar.addAction(self.action)
        window.tools.add_key_action(self.action)
        window.selection_changed.connect(lambda _id: self.refresh())
        window.editor.changed.connect(lambda _ids: self.refresh())
        window.editor.game_replaced.connect(self.items.clear)  # the scene dropped them

    def clear(self) -> None:
        for item in self.items:
            if shiboken6.isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()

    def refresh(self) -> None:
        from geometry.angles import unit_vector
        from geometry.facing import TURRET_ARC_DEG, arc_direction
        self.clear()
        uid = self.window.selected_unit_id
        if not self.action.isChecked() or uid is None or not self.window.scene.has_unit(uid):
            return
        unit = self.window.editor.game.unit(uid)
        scene = self.window.scene
        for face, (start, end) in sectors(unit, self.model).items():
            colour = SECTOR_COLOURS[face]
            self._add(path_item(wedge_path(unit.x, unit.y, start, end, SECTOR_RADIUS_IN),
                                translucent(colour, 160), translucent(colour, 45), 1.0))
            mid = (start + end) / 2
            ux, uy = unit_vector(mid)
            label = QGraphicsSimpleTextItem(face)
            font = QFont()
            font.setPointSizeF(8.0)
            font.setBold(True)
            label.setFont(font)
            label.setBrush(translucent(colour, 255).darker(140))
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            r = SECTOR_RADIUS_IN * 0.75
            label.setPos(unit.x + ux * r, unit.y + uy * r)
            self._add(label)
            label.setZValue(Z_OVERLAY)  # the words stay readable over units
        if unit.turret is not None:
            gun = arc_direction(unit.facing, unit.turret)
            half = TURRET_ARC_DEG / 2
            self._add(path_item(wedge_path(unit.x, unit.y, gun - half, gun + half,
                                           TURRET_RADIUS_IN),
                                translucent(TURRET_COLOUR, 220), translucent(TURRET_COLOUR, 22),
                                2.0))
        for item in self.items:
            if item.scene() is None:
                scene.addItem(item)

    def _add(self, item: QGraphicsItem) -> None:
        item.setZValue(Z_UNIT - 1.5)  # under the units, over the terrain
        self.items.append(item)


def install(window) -> ArcsOverlay:
    return ArcsOverlay(window)
