"""The zones a ruleset draws round the selected unit (BoardHints.selection_zones, read
through engine.board_rules): the area, translucent, with its name under it, and a
ring round every unit it concerns in the mark's tone — green inside and fine, amber at a
cost (a test), red out — with the mark's short tag beside it and its line as the ring's
tooltip. The names and tags take places that leave the unit labels readable
(app.board.texts). E.g. a commander's contact zone with his subordinates marked: in
contact, by a test with its odds, or out of reach. Redrawn on every selection and change
(a move, an undo); nothing is drawn for a ruleset that declares no zones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem
from shiboken6 import isValid

from app.board.paths import geometry_path
from app.board.style import Z_OVERLAY, Z_UNIT
from app.board.texts import AROUND, BESIDE, BoardText
from app.i18n import loc
from app.tools.base import path_item, translucent

if TYPE_CHECKING:
    from engine.board_rules import BoardZone

#: Below the tools' feedback, above the units.
Z_ZONE = Z_OVERLAY - 2.0
ZONE_EDGE = "#2f5d9e"
ZONE_FILL = translucent("#2f5d9e", 36)
MARK_COLOURS = {"in": "#1f7a3a", "test": "#c77700", "out": "#b3261e"}
#: How far the ring stands off the unit's base (inches).
RING_IN = 0.35
#: A zone's name: under the area first (the units' names are under them too, but a zone is
#: larger than a base), then round it.
UNDER_FIRST = (AROUND[2], AROUND[3], AROUND[0], AROUND[1], *AROUND[4:])
#: The names' and tags' z: over the units where they cover no unit's name; where every
#: place would cover one (a crowded board, zoomed out), under the names (app.board.texts).
CROWDED_Z = (Z_ZONE + 1, Z_UNIT - 0.25)


class ZonesController(QObject):
    """Keeps the selected unit's zones drawn: `zones` (as the ruleset gave them) and
    `items` (the scene items drawn for them)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.zones: list[BoardZone] = []
        self.items: list[QGraphicsItem] = []
        self.marks: dict[str, QGraphicsItem] = {}
        #: the zones' names and the marks' tags, placed beside the unit labels
        self.texts: list[BoardText] = []
        window.scene.add_text_layer(self.board_texts)
        window.selection_changed.connect(lambda _uid: self.redraw())
        window.editor.changed.connect(lambda _ids: self.redraw())
        window.editor.game_replaced.connect(self.redraw)
        self.redraw()

    def board_texts(self) -> list[BoardText]:
        """The names and tags on the board now, for it to place beside the unit labels (none
        of a scene cleared under them: a new table)."""
        return [t for t in self.texts if isValid(t.item) and t.item.scene() is not None]

    def clear(self) -> None:
        for item in self.items:
            if isValid(item) and item.scene() is not None:
                item.scene().removeItem(item)
        self.items, self.marks, self.zones, self.texts = [], {}, [], []

    def redraw(self) -> None:
        self.clear()
        w = self.window
        uid = w.selected_unit_id
        game = w.game
        if uid is None or game is None or not game.on_table(uid):
            return
        from engine.board_rules import selection_zones

        self.zones = selection_zones(game, game.unit(uid))
        for zone in self.zones:
            self._draw(zone, game)
        if self.texts:
            w.scene.place_texts()

    def _add(self, item: QGraphicsItem, z: float = Z_ZONE) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)  # clicks go to the units
        self.window.scene.addItem(item)
        self.items.append(item)
        return item

    def _text(self, text: str, colour: str, at: QPointF, bold: bool = False
              ) -> QGraphicsSimpleTextItem:
        label = QGraphicsSimpleTextItem(text)
        label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        label.setBrush(QBrush(QColor(colour)))
        font = QFont(label.font())
        font.setBold(bold)
        label.setFont(font)
        label.setPos(at)
        return label

    def _draw(self, zone: BoardZone, game) -> None:
        area = self._add(path_item(geometry_path(zone.area), ZONE_EDGE, ZONE_FILL, 1.5))
        area.setToolTip(loc(zone.label))
        x0, y0, x1, y1 = zone.area.bounds  # the name under the area, or round it
        name = self._add(self._text(loc(zone.label), ZONE_EDGE, QPointF(x0, y1)), Z_ZONE + 1)
        self.texts.append(BoardText(name, QRectF(x0, y0, x1 - x0, y1 - y0), UNDER_FIRST,
                                    CROWDED_Z))
        for m in zone.marks:
            if not game.on_table(m.unit):
                continue
            poly = game.unit(m.unit).polygon().buffer(RING_IN)
            colour = MARK_COLOURS[m.tone]
            ring = self._add(path_item(geometry_path(poly.exterior), colour, None, 3.0),
                             Z_ZONE + 1)
            ring.setToolTip(f"{game.unit(m.unit).label}: {loc(m.text)}")
            self.marks[m.unit] = ring
            if m.short:  # off the ring's top right, or the first corner clear of names
                bx0, by0, bx1, by1 = poly.bounds
                tag = self._add(self._text(loc(m.short), colour, QPointF(bx1, by0), bold=True),
                                Z_ZONE + 1)
                self.texts.append(BoardText(tag, QRectF(bx0, by0, bx1 - bx0, by1 - by0),
                                            BESIDE, CROWDED_Z))


def install(window) -> ZonesController:
    controller = ZonesController(window)
    window.services.zones = controller
    return controller
