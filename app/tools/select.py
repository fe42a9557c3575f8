"""Select and move: click a unit to select it, drag it to move it (one undoable change)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent

from engine.model import Change, MoveUnit

from .base import Tool


def move_label(name: str, distance_in: float) -> str:
    """The undo text of a move: `Move Sherman 1 4.2"`."""
    return f'Move {name} {distance_in:.1f}"'


class SelectTool(Tool):
    id = "select"
    label = "Select"
    shortcut = "V"
    tooltip = "Select and move units"

    def __init__(self, window) -> None:
        super().__init__(window)
        self._drag: tuple[str, QPointF, float, float] | None = None  # id, grab, x0, y0
        self._moved = False

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        item = self.view.unit_at(ev.position().toPoint())
        if item is None:
            self.window.select_unit(None)
            return False  # the view pans
        unit = item.unit
        self.window.select_unit(unit.id)
        self._drag = (unit.id, QPointF(pos), unit.x, unit.y)
        self._moved = False
        return True

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None:
            return False
        unit_id, grab, x0, y0 = self._drag
        item = self.scene.unit_item(unit_id)
        d = pos - grab
        item.setPos(x0 + d.x(), y0 + d.y())
        self._moved = self._moved or d.manhattanLength() > 0
        self.hint(f'{math.hypot(d.x(), d.y()):.2f}"')
        return True

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self._drag is None:
            return False
        unit_id, grab, x0, y0 = self._drag
        self._drag = None
        self.hide_hint()
        d = pos - grab
        if not self._moved or (d.x() == 0 and d.y() == 0):
            self.scene.sync([unit_id])
            return True
        unit = self.editor.game.unit(unit_id)
        self.editor.push(Change([MoveUnit(unit_id, x0 + d.x(), y0 + d.y())],
                                label=move_label(unit.label, math.hypot(d.x(), d.y()))))
        return True

    def reset(self) -> None:
        if self._drag is not None:
            self.scene.sync([self._drag[0]])
            self._drag = None
        super().reset()


def install(window) -> SelectTool:
    tool = SelectTool(window)
    window.tools.add(tool)
    return tool
