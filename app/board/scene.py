"""The table drawn to scale: 1 scene unit = 1 inch, x right, y down, as the model.

The grid (every inch, heavier every foot) is painted in `drawBackground` from a handful of
line arrays, not as items, so it costs nothing to keep and little to draw. The terrain is
painted there too, over the grid (TerrainItem explains why): the view keeps the background
as one cached picture, redrawn where a piece is added, removed, moved or hidden.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Signal
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from . import labels, style
from .items import LabelItem, TerrainItem, UnitItem, geometry_path
from .state_shapes import StateShapesItem

if TYPE_CHECKING:
    import numpy as np

    from engine.scenario import Scenario, Unit
    from geometry.terrain import TerrainPiece

INCHES_PER_FOOT = 12
#: The selected unit's outline: amber, apart from both sides' colours and the terrain.
SELECTION = QColor("#ffb000")


class BoardScene(QGraphicsScene):
    """A scenario's table, terrain and units as graphics items.

    `terrain_items` and `unit_items` map ids to items; tools look items up there. After the
    model changes, `sync(ids)` brings the items of those ids in line with it (moved, edited,
    added or deleted); `set_selected(id)` outlines the selected unit.
    """

    scenario_changed = Signal()

    def __init__(self, scenario: Scenario | None = None, parent=None) -> None:
        super().__init__(parent)
        self._scenario: Scenario | None = None
        self.palette = style.SidePalette()
        self.terrain_items: dict[str, TerrainItem] = {}
        self.unit_items: dict[str, UnitItem] = {}
        #: the shapes the ruleset draws for a unit's state (a battery's landed template)
        self.shape_items: dict[str, StateShapesItem] = {}
        self._label_scale: float | None = None
        #: each unit's layout_state when the labels were last laid out
        self._laid_out: dict[str, tuple] = {}
        self._selected: str | None = None
        #: the ruleset's badges for the board as a whole, by unit id (engine.board_rules)
        self._warnings: dict[str, list] = {}
        self.selection_item: QGraphicsPathItem | None = None
        if scenario is not None:
            self.set_scenario(scenario)

    # --- model ------------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self._scenario

    def set_scenario(self, scenario: Scenario) -> None:
        """Show another scenario: every item is rebuilt from the model."""
        self.clear()
        self.selection_item = None
        self._selected = None
        self.terrain_items.clear()
        self.unit_items.clear()
        self.shape_items.clear()
        self._laid_out = {}
        self.palette = style.SidePalette()
        self._scenario = scenario
        self._warnings = self._board_warnings()
        for piece in scenario.terrain:
            self.add_terrain(piece)
        for unit in scenario.units:
            self.add_unit(unit)
        w, h = scenario.table.width_in, scenario.table.height_in
        margin = max(w, h) * 0.05
        self.setSceneRect(QRectF(-margin, -margin, w + 2 * margin, h + 2 * margin))
        for view in self.views():  # the old table's terrain is in their cached background
            view.resetCachedContent()
        self.update()
        self.scenario_changed.emit()

    def add_terrain(self, piece: TerrainPiece) -> TerrainItem:
        item = TerrainItem(piece)
        self.addItem(item)
        self.terrain_items[piece.id] = item
        item.redraw_background()
        return item

    def remove_terrain(self, piece_id: str) -> None:
        """Take a piece's item off the board (and out of the background it is drawn in)."""
        item = self.terrain_items.pop(piece_id, None)
        if item is not None:
            item.redraw_background()
            self.removeItem(item)

    def add_unit(self, unit: Unit) -> UnitItem:
        item = UnitItem(unit, self.palette.colour(unit.side))
        item.declared_badges = self._declared_badges
        if unit.state:
            item.sync()
        self.addItem(item)
        self.unit_items[unit.id] = item
        self._sync_shapes(unit.id, unit)
        return item

    def _sync_shapes(self, unit_id: str, unit: Unit | None) -> None:
        """Draw (or take away) the shapes the ruleset declares for the unit's state."""
        shapes = []
        if unit is not None and unit.state and self._scenario is not None:
            from engine.board_rules import state_shapes

            shapes = state_shapes(self._scenario, unit)
        item = self.shape_items.get(unit_id)
        if not shapes:
            if item is not None:
                self.removeItem(item)
                del self.shape_items[unit_id]
            return
        if item is None:
            item = StateShapesItem(unit_id, shapes)
            self.addItem(item)
            self.shape_items[unit_id] = item
        elif item.shapes != tuple(shapes):
            item.set_shapes(shapes)

    def _declared_badges(self, unit: Unit) -> list:
        """The badges the scenario's ruleset declares for the unit's state, then those the
        board as a whole earns it (out of command distance)."""
        if self._scenario is None:
            return []
        from engine.board_rules import state_badges

        return state_badges(self._scenario, unit) + self._warnings.get(unit.id, [])

    def _board_warnings(self) -> dict[str, list]:
        """The ruleset's warnings for the board; none while the rulesets are not loaded yet
        (the first paint waits for nothing heavy: `refresh_warnings` once they are)."""
        import sys

        if self._scenario is None or not self._scenario.groups \
                or "engine.rulesets.registry" not in sys.modules:
            return {}
        from engine.board_rules import board_warnings

        return board_warnings(self._scenario)

    def refresh_warnings(self) -> None:
        """Recompute the board's warnings and redraw the units whose warnings changed."""
        changed = self._refresh_warnings()
        if changed:
            self.sync(sorted(changed))

    def warnings(self) -> dict[str, list]:
        """The board's warnings now shown, by unit id (engine.board_rules.UnitBadge)."""
        return {k: list(v) for k, v in self._warnings.items()}

    def _refresh_warnings(self) -> set[str]:
        """Recompute the board's warnings; the ids whose warnings changed."""
        old, self._warnings = self._warnings, self._board_warnings()
        return {i for i in set(old) | set(self._warnings)
                if old.get(i) != self._warnings.get(i)}

    def refresh_unit(self, unit_id: str) -> None:
        """Redraw a unit after its model changed (moved, turned, renamed)."""
        item = self.unit_items[unit_id]
        item.sync()
        if self._label_scale is not None and layout_state(item) != self._laid_out.get(unit_id):
            self.layout_labels(self._label_scale)

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self.unit_items

    def sync(self, ids) -> None:
        """Re-read the units and pieces with these ids from the scenario: an item whose
        model object is the same is refreshed, a replaced one rebuilt, a gone one removed."""
        if self._scenario is None:
            return
        units = {u.id: u for u in self._scenario.units}
        pieces = {p.id: p for p in self._scenario.terrain}
        relabel = False
        ids = list(ids)
        ids += sorted(self._refresh_warnings() - set(ids))
        for ident in ids:
            item = self.unit_items.get(ident)
            unit = units.get(ident)
            if item is not None and (unit is None or item.unit is not unit):
                self.removeItem(item)
                del self.unit_items[ident]
                item = None
                relabel = True
            if unit is not None:
                if item is None:
                    self.add_unit(unit)
                    relabel = True
                elif self.palette.colour(unit.side) != item.colour:  # side changed
                    self.removeItem(item)
                    self.add_unit(unit)
                    relabel = True
                else:
                    item.sync()
                    # laid out again only if what the layout reads of it changed since
                    # (a click without a move, a marker set: the same places)
                    relabel |= layout_state(item) != self._laid_out.get(ident)
            if unit is not None or ident in self.shape_items:
                self._sync_shapes(ident, unit)
            self.remove_terrain(ident)
            if ident in pieces:
                self.add_terrain(pieces[ident])
        if self._selected is not None:
            self.set_selected(self._selected if self._selected in self.unit_items else None)
        if relabel and self._label_scale is not None:
            self.layout_labels(self._label_scale)

    def set_selected(self, unit_id: str | None) -> None:
        """Outline the selected unit's base (None: no outline)."""
        self._selected = unit_id
        if unit_id is None or unit_id not in self.unit_items:
            if self.selection_item is not None:
                self.selection_item.hide()
            return
        if self.selection_item is None:
            self.selection_item = QGraphicsPathItem()
            self.selection_item.setPen(style.cosmetic_pen(SELECTION, 3.0))
            self.selection_item.setBrush(QBrush())
            self.selection_item.setZValue(style.Z_UNIT - 0.5)
            self.addItem(self.selection_item)
        unit = self.unit_items[unit_id].unit
        self.selection_item.setPath(geometry_path(unit.polygon().buffer(0.12)))
        self.selection_item.show()

    def fit_label_texts(self, px_per_inch: float) -> None:
        """Names whole when zoomed in (LabelItem.WHOLE_AT_PX_PER_INCH on), elided below;
        nothing to do unless the zoom crossed that line. The layout reads the sizes."""
        whole = px_per_inch >= LabelItem.WHOLE_AT_PX_PER_INCH
        for item in self.unit_items.values():
            if item.label.set_whole(whole):
                item.layout_row = (*item.layout_row[:4], *item.label.size_px)

    def layout_labels(self, px_per_inch: float) -> int:
        """Place unit labels for a zoom so that none covers another label or another base.

        Greedy: vehicles (larger bases) first, then commanders, then the rest in order; each
        label tries below, above, right and left of its base and is hidden if all collide.
        Zooming in spreads the bases apart and brings hidden labels back. Returns how many
        labels show.

        Every candidate rectangle (4 per label) is built at once and its collisions with the
        bases and with the other candidates are found through a bounding-box tree, so the
        greedy pass only looks at the few candidates near each label; a label is touched
        (moved, shown or hidden, which repaints it) only when its place changes.
        """
        import numpy as np
        self._label_scale = px_per_inch
        items = list(self.unit_items.values())
        if not items:
            self._laid_out = {}
            return 0
        self.fit_label_texts(px_per_inch)
        pos = np.array([(i.x(), i.y()) for i in items], dtype=float)
        places, shifts = plan_labels(items, px_per_inch, pos, self.table_rect())
        self._laid_out = {i.unit.id: layout_state(i, x, y)
                          for i, (x, y) in zip(items, pos.tolist(), strict=True)}
        shown = 0
        for item, where, shift in zip(items, places, shifts.tolist(), strict=True):
            label = item.label
            if where is None:
                if label.isVisible():
                    label.setVisible(False)
                continue
            shown += 1
            ax, ay = item.label_anchor_xy(where)
            dx, dy = shift
            if label.placed_at != (where, ax, ay, dx, dy):  # labels move only through place()
                label.place(where, QPointF(ax, ay), (dx, dy))
            if not label.isVisible():
                label.setVisible(True)
        return shown

    def unit_item(self, unit_id: str) -> UnitItem:
        return self.unit_items[unit_id]

    def terrain_item(self, piece_id: str) -> TerrainItem:
        return self.terrain_items[piece_id]

    def table_rect(self) -> QRectF:
        """The table itself, in inches (empty before a scenario is set)."""
        if self._scenario is None:
            return QRectF()
        t = self._scenario.table
        return QRectF(0.0, 0.0, t.width_in, t.height_in)

    # --- drawing ----------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, style.OFF_TABLE)
        table = self.table_rect()
        if table.isEmpty():
            return
        painter.fillRect(table, style.TABLE)
        visible = table.intersected(rect)
        if not visible.isEmpty():
            px_per_inch = abs(painter.worldTransform().m11()) or 1.0
            if px_per_inch >= style.MIN_INCH_SPACING_PX:
                painter.setPen(style.cosmetic_pen(style.GRID_INCH, 1.0))
                painter.drawLines(grid_lines(table, visible, 1, skip_every=INCHES_PER_FOOT))
            painter.setPen(style.cosmetic_pen(style.GRID_FOOT, 1.5))
            painter.drawLines(grid_lines(table, visible, INCHES_PER_FOOT))
        painter.setPen(style.cosmetic_pen(style.TABLE_EDGE, 2.0))
        painter.drawRect(table)
        self._draw_terrain(painter, rect)

    def _draw_terrain(self, painter: QPainter, rect: QRectF) -> None:
        """The terrain pieces under `rect`, in their stacking order (z, then the order
        added), over the table and its grid: the view caches them with the background
        (TerrainItem)."""
        shown = [i for i in self.terrain_items.values()
                 if i.isVisible() and i.sceneBoundingRect().intersects(rect)]
        for item in sorted(shown, key=lambda i: i.zValue()):  # stable: ties keep their order
            painter.save()
            painter.translate(item.pos())
            item.draw(painter)
            painter.restore()


def layout_state(item: UnitItem, x: float | None = None, y: float | None = None) -> tuple:
    """What the label layout reads of one unit (plan_labels): where its item is, its base
    box and label size, its base's size and its commander. The same state, the same
    places for every label."""
    u = item.unit
    if x is None or y is None:
        x, y = item.x(), item.y()
    return (x, y, item.layout_row, u.parent, u.base.width_mm, u.base.depth_mm)


def plan_labels(items: list[UnitItem], px_per_inch: float, pos: np.ndarray | None = None,
                table: QRectF | None = None) -> tuple[list[str | None], np.ndarray]:
    """Each item's label place at this zoom (labels.plan), from the items' geometry
    (`pos`: the items' positions, when the caller has them), and the (n, 2) pixel shift
    that keeps it on `table` (labels.fit_inside; none without a table)."""
    import numpy as np
    s = px_per_inch
    rows = np.array([i.layout_row for i in items], dtype=float)
    boxes, sizes = rows[:, :4], rows[:, 4:]
    if pos is None:
        pos = np.array([(i.x(), i.y()) for i in items], dtype=float)
    left, top = boxes[:, 0] + pos[:, 0], boxes[:, 1] + pos[:, 1]  # mapRectToScene
    bases = s * np.column_stack([left, top, left + boxes[:, 2], top + boxes[:, 3]])
    cands = labels.candidate_rects(boxes, pos, sizes, LabelItem.GAP_PX, s)
    allowed, shifted = None, cands
    if table is not None and not table.isEmpty():
        bounds = (s * table.left(), s * table.top(), s * table.right(), s * table.bottom())
        shifted, allowed = labels.fit_inside(cands, bounds)
    leaders = {i.unit.parent for i in items if i.unit.parent}
    order = labels.greedy_order([i.unit.base.width_mm * i.unit.base.depth_mm for i in items],
                                [i.unit.id in leaders for i in items])
    places = labels.plan(bases, shifted, order, allowed)
    picked = [labels.PLACES.index(w) if w else 0 for w in places]
    shifts = (shifted - cands)[np.arange(len(items)), picked, :2]
    return places, shifts


def grid_lines(table: QRectF, visible: QRectF, step: int, skip_every: int = 0) -> list[QLineF]:
    """Grid lines every `step` inches from the table's corner that cross `visible`, spanning
    the table; lines on multiples of `skip_every` are left to a heavier pass."""
    lines = []
    first_x = max(step, math.ceil(visible.left() / step) * step)
    last_x = min(table.right() - 1e-9, visible.right())
    for k in range(int(first_x), int(math.floor(last_x)) + 1, step):
        if not (skip_every and k % skip_every == 0):
            lines.append(QLineF(k, visible.top(), k, visible.bottom()))
    first_y = max(step, math.ceil(visible.top() / step) * step)
    last_y = min(table.bottom() - 1e-9, visible.bottom())
    for k in range(int(first_y), int(math.floor(last_y)) + 1, step):
        if not (skip_every and k % skip_every == 0):
            lines.append(QLineF(visible.left(), k, visible.right(), k))
    return lines
