"""Units chosen together: a rubber band drawn with the select tool, and a group of them
dragged as one.

Shift and a drag on empty table draws the band (a plain drag there pans the board, as
everywhere else); the units whose bases it touches are chosen and outlined in the board's
selection amber. A drag that starts on one of them moves them all by the same vector, and
the drop is ONE model Change (every unit's MoveUnit, with the tests the move makes due,
engine.triggers.move_change) pushed through the editor: one undo puts every unit back.
Esc during the drag puts them back; a click elsewhere lets the group go.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QBrush, QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsRectItem

from app.board import style
from app.board.paths import geometry_path
from app.board.scene import SELECTION
from app.i18n import tr

if TYPE_CHECKING:
    from .base import Tool

#: The band's fill: the selection amber, faint, so the units under it stay readable.
BAND_FILL = QColor(255, 176, 0, 40)


def group_move_label(count: int, distance_in: float) -> str:
    """The undo text of a group move: `Move 3 units 4.2"`."""
    return tr('Move {count} units {distance}"').format(count=count,
                                                       distance=f"{distance_in:.1f}")


class Band:
    """The units chosen together (`ids`) and their outline on the board; the band being
    drawn; the group being dragged."""

    def __init__(self, tool: Tool) -> None:  # the select tool (announce_due)
        self.tool = tool
        self.ids: list[str] = []
        self._outline: QGraphicsPathItem | None = None
        self._rect: QGraphicsRectItem | None = None
        self._from: QPointF | None = None
        self._drag: GroupDrag | None = None
        window = tool.window
        window.editor.changed.connect(lambda _ids: self._board_changed())
        window.editor.game_replaced.connect(lambda: self.choose([]))
        window.selection_changed.connect(self._selection_changed)

    # --- the chosen units -------------------------------------------------------------------

    def choose(self, ids: list[str]) -> None:
        """Choose these units (none: let the group go) and outline them."""
        self.ids = list(dict.fromkeys(ids))
        self._draw()

    def holds(self, unit_id: str) -> bool:
        """Whether `unit_id` is one of a group of two or more chosen together."""
        return len(self.ids) > 1 and unit_id in self.ids

    def _selection_changed(self, unit_id: str | None) -> None:
        if unit_id is not None and unit_id not in self.ids:
            self.choose([])  # another unit chosen on its own (a click, a dock's list)

    def _board_changed(self) -> None:
        game = self.tool.window.game
        if game is None:
            return self.choose([])
        kept = [i for i in self.ids if game.on_table(i)]
        if self._drag is None:
            self.choose(kept)

    def outline(self) -> QGraphicsPathItem | None:
        """The chosen units' outline on the board (None while none are chosen)."""
        item = self._outline
        if item is None or not shiboken6.isValid(item) or item.scene() is None:
            return None
        return item

    def _draw(self) -> None:
        scene = self.tool.scene
        item = self.outline()
        if not self.ids:
            if item is not None:
                scene.removeItem(item)
            self._outline = None
            return
        path = QPainterPath()
        for uid in self.ids:
            if scene.has_unit(uid):
                path.addPath(geometry_path(scene.unit_item(uid).unit.polygon().buffer(0.12)))
        if item is None:
            item = QGraphicsPathItem()
            item.setPen(style.cosmetic_pen(SELECTION, 3.0))
            item.setBrush(QBrush())
            item.setZValue(style.Z_UNIT - 0.5)
            scene.addItem(item)
            self._outline = item
        item.setPos(0.0, 0.0)
        item.setPath(path)
        scene.touched()

    # --- the band ---------------------------------------------------------------------------

    def start_band(self, pos: QPointF) -> None:
        self.tool.window.select_unit(None)
        self.choose([])
        self._from = QPointF(pos)
        rect = QGraphicsRectItem(QRectF(pos, pos))
        rect.setPen(style.cosmetic_pen(SELECTION, 1.0))
        rect.setBrush(QBrush(BAND_FILL))
        self._rect = self.tool.add_overlay(rect)

    @property
    def banding(self) -> bool:
        return self._from is not None

    def band_to(self, pos: QPointF) -> None:
        if self._from is not None and self._rect is not None:
            self._rect.setRect(QRectF(self._from, pos).normalized())

    def finish_band(self, pos: QPointF) -> list[str]:
        """The units whose bases the band touches, chosen; their names in the status bar."""
        start, self._from = self._from, None
        self.tool.clear_overlay()
        self._rect = None
        if start is None:
            return []
        band = QPainterPath()
        band.addRect(QRectF(start, pos).normalized())
        scene = self.tool.scene
        ids = [uid for uid, item in scene.unit_items.items()
               if item.isVisible() and band.intersects(item.mapToScene(item.shape()))]
        self.choose(ids)
        if ids:
            self.tool.window.statusBar().showMessage(
                tr("{count} units chosen: drag one of them to move them together").format(
                    count=len(ids)), 8000)
        return ids

    # --- the group drag ---------------------------------------------------------------------

    def start_drag(self, pos: QPointF) -> None:
        self._drag = GroupDrag(self, pos)

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    def drag_to(self, pos: QPointF) -> None:
        if self._drag is not None:
            self._drag.to(pos)

    def drop(self, pos: QPointF) -> None:
        drag, self._drag = self._drag, None
        if drag is not None:
            drag.to(pos)
            drag.finish()

    def cancel(self) -> None:
        """Esc or another tool: a band is dropped, a dragged group goes back."""
        drag, self._drag = self._drag, None
        if drag is not None:
            drag.cancel()
        if self._from is not None:
            self._from = None
            self._rect = None


class GroupDrag:
    """The chosen units following the pointer, each by the same vector as the grab."""

    def __init__(self, band: Band, grab: QPointF) -> None:
        self.band = band
        self.grab = QPointF(grab)
        game = band.tool.editor.game
        self.starts = {uid: (game.unit(uid).x, game.unit(uid).y) for uid in band.ids}
        self.d = QPointF(0.0, 0.0)

    def to(self, pos: QPointF) -> None:
        tool = self.band.tool
        self.d = pos - self.grab
        for uid, (x, y) in self.starts.items():
            tool.scene.unit_item(uid).setPos(x + self.d.x(), y + self.d.y())
        outline = self.band.outline()
        if outline is not None:
            outline.setPos(self.d)
        distance = math.hypot(self.d.x(), self.d.y())
        tool.hint(group_move_label(len(self.starts), distance))

    def finish(self) -> None:
        from engine.board_rules import move_triggers
        from engine.model import MoveUnit
        from engine.triggers import due, move_change
        tool = self.band.tool
        tool.hide_hint()
        dx, dy = self.d.x(), self.d.y()
        if dx == 0 and dy == 0:
            return self.cancel()
        game = tool.editor.game
        before = {(d.get("unit"), d.get("test")) for d in due(game)}
        moves = [MoveUnit(uid, x + dx, y + dy) for uid, (x, y) in self.starts.items()]
        label = group_move_label(len(moves), math.hypot(dx, dy))
        tool.editor.push(move_change(game, move_triggers(game.scenario), moves, label))
        self.band.choose(list(self.starts))
        tool.announce_due([d for d in due(game)
                           if (d.get("unit"), d.get("test")) not in before])

    def cancel(self) -> None:
        tool = self.band.tool
        tool.hide_hint()
        tool.scene.sync([uid for uid in self.starts if tool.scene.has_unit(uid)])
        self.band.choose(list(self.starts))
