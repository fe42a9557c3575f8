"""The table drawn to scale: 1 scene unit = 1 inch, x right, y down, as the model.

The grid (every inch, heavier every foot) is painted in `drawBackground` from a handful of
line arrays, not as items, so it costs nothing to keep and little to draw. The terrain is
painted there too, over the grid (TerrainItem explains why): the view keeps the background
as one cached picture, redrawn where a piece is added, removed, moved or hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from . import labels, style
from .labels import LabelInputs, LabelPlan, layout_state
from .paths import geometry_path
from .scene_labels import BoardLabels
from .table_cloth import INCHES_PER_FOOT, draw_table, grid_lines  # noqa: F401 (kept here)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from engine.scenario import Scenario, Unit
    from geometry.terrain import TerrainPiece

    from .items import TerrainItem, UnitItem
    from .state_shapes import StateShapesItem
    from .texts import BoardText

#: The selected unit's outline: amber, apart from both sides' colours and the terrain.
SELECTION = QColor("#ffb000")


class BoardScene(BoardLabels, QGraphicsScene):
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
        #: (whole, every label and its name) when the cut names were last kept distinct
        self._distinct_names: tuple = ()
        #: bumped when a label is added or taken off or a name changes (`names_changed`),
        #: and (whole, that count) when the names were last fitted
        self._names_version = 0
        #: bumped by every sync, refresh and unit added: the units' order keys for the
        #: label layout (labels.unit_order_keys) are kept while it stays
        self._units_version = 0
        self._order_keys: tuple = (None, None)
        self._unit_meta: tuple = (None, None)  # the same for labels.unit_meta
        #: each laid out unit's index, kept while no label comes or goes (names count)
        self._index_of: tuple = (None, None)
        self._names_fitted: tuple[bool, int] | None = None
        #: each unit's layout_state when the labels were last laid out
        self._laid_out: dict[str, tuple] | labels.LaidOut = {}
        #: the last label layout's numbers (LabelPlan), for the viewport's edges and texts,
        #: what it read (LabelInputs), each unit id's index in it and each label's name then
        self._plan: LabelPlan | None = None
        self._inputs: LabelInputs | None = None
        self._plan_index: dict[str, int] = {}
        self._laid_names = -1  # the names' count (`names_changed`) when last laid out
        #: the laid out items that carry badges, by index (None: to be looked up)
        self._badged: list[tuple[int, UnitItem]] | None = None
        #: bumped by every layout begun and by every change a layout reads (a unit's
        #: place, size, label): a LabelJob of an older generation is not put on the board
        self.layout_generation = 0
        self.laid_out_generation = -1  # the generation of the labels on the board now
        #: what the board's view shows (inches) and at which zoom (set_view)
        self._view: tuple[QRectF, float] | None = None
        #: labels laid out again inside the view: item index → (place, shift)
        self._view_fit: dict[int, tuple[str, tuple[float, float]]] = {}
        #: where the other texts beside the unit labels come from (add_text_layer)
        self._text_layers: list[Callable[[], Sequence[BoardText]]] = []
        self._selected: str | None = None
        #: the ruleset's badges for the board as a whole, by unit id (engine.board_rules)
        self._warnings: dict[str, list] = {}
        self.selection_item: QGraphicsPathItem | None = None
        #: draws the table picture over the cloth, under the grid and terrain (app.backdrop)
        self.backdrop_painter: Callable[[QPainter, QRectF], None] | None = None
        #: bumped by whatever may change how the board under the tools' overlays looks (an
        #: item added or taken off below the overlays, any model sync, selection, label
        #: layout, a background redrawn): a view's held picture of the board is good only
        #: for the generation it was taken at (BoardView.hold_board)
        self.board_generation = 0
        self._overlays: list = []  # the items added above the board (`overlays`)
        #: items added below the overlays since they were last looked at (`_sweep`), by id
        self._recent: dict[int, object] = {}
        self._sweeping = QTimer(self)
        self._sweeping.setSingleShot(True)
        self._sweeping.setInterval(0)
        self._sweeping.timeout.connect(self._sweep)
        if scenario is not None:
            self.set_scenario(scenario)

    # --- what the board looks like, for a held picture of it -------------------------------

    def touched(self) -> None:
        """The board under the overlays may look different now."""
        self.board_generation += 1

    def addItem(self, item) -> None:  # noqa: N802 (Qt's name)
        if item.zValue() < style.Z_OVERLAY:
            self.board_generation += 1
            self._recent[id(item)] = item  # it may be raised above the board just after
            if not self._sweeping.isActive():
                self._sweeping.start()
        else:
            self._overlays.append(item)
        super().addItem(item)

    def removeItem(self, item) -> None:  # noqa: N802 (Qt's name)
        if item.zValue() < style.Z_OVERLAY:
            self.board_generation += 1
            self._recent.pop(id(item), None)
        else:
            for view in self.views():  # a view that drew it over a held picture of the board
                leaving = getattr(view, "overlay_leaving", None)
                if leaving is not None:
                    leaving(item)
        super().removeItem(item)

    def overlays(self) -> list:
        """The top-level items added at or above Z_OVERLAY that are still on the board and
        drawn there, lowest first (a held picture's repaint paints these alone): kept as
        they are added, so a repaint does not look through every item."""
        import shiboken6

        live = [i for i in self._overlays if shiboken6.isValid(i) and i.scene() is self]
        self._overlays = live
        shown = [i for i in live if i.parentItem() is None and i.isVisible()
                 and i.zValue() >= style.Z_OVERLAY]
        return sorted(shown, key=lambda i: i.zValue())

    def find_overlays(self) -> list:
        """`overlays`, with the items added lately that were raised above the board after
        they were added (for a picture about to be taken: such an item is drawn over it)."""
        self._sweep()
        return self.overlays()

    def _sweep(self) -> None:
        """Look at the items added below the overlays since the last sweep: one raised
        above the board since (arcs raise their labels just after adding them) is an
        overlay. It runs in the event loop's next turn after items are added, so a picture
        taken later looks at a few items, not at every item of the board. An item must be
        raised in the turn that adds it."""
        self._sweeping.stop()
        recent, self._recent = self._recent, {}
        import shiboken6

        known = {id(o) for o in self._overlays}
        for key, item in recent.items():
            if (key not in known and shiboken6.isValid(item) and item.scene() is self
                    and item.parentItem() is None and item.zValue() >= style.Z_OVERLAY):
                self._overlays.append(item)

    def helpEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A tooltip is due: the items under the pointer are asked for theirs first, so a
        unit's is worded in the current language (UnitItem.toolTip) before Qt shows it."""
        for item in self.items(event.scenePos()):
            item.toolTip()
        super().helpEvent(event)

    def invalidate(self, *args) -> None:
        self.board_generation += 1
        super().invalidate(*args)

    # --- model ------------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self._scenario

    def set_scenario(self, scenario: Scenario) -> None:
        """Show another scenario: every item is rebuilt from the model."""
        self.touched()
        self.layout_generation += 1
        self.clear()
        self._recent = {}
        self.selection_item = None
        self._selected = None
        for items in (self.terrain_items, self.unit_items, self.shape_items):
            items.clear()
        self._laid_out, self._plan, self._view_fit = {}, None, {}
        self._inputs, self._plan_index = None, {}
        self._badged = None
        self._distinct_names = ()
        self.names_changed()
        self.palette = style.SidePalette()
        self._scenario = scenario
        self._warnings = self._board_warnings()
        for piece in scenario.terrain:
            self.add_terrain(piece)
        colours: dict = {}  # each side's colour asked once, not per unit
        from geometry.drawn import base_outlines  # every base turned at once

        units = scenario.units
        outlines = base_outlines([u.base for u in units], [u.facing for u in units])
        for unit, outline in zip(units, outlines, strict=True):
            if unit.side not in colours:
                colours[unit.side] = self.palette.colour(unit.side)
            self.add_unit(unit, colours[unit.side], outline)
        w, h = scenario.table.width_in, scenario.table.height_in
        margin = max(w, h) * 0.05
        self.setSceneRect(QRectF(-margin, -margin, w + 2 * margin, h + 2 * margin))
        for view in self.views():  # the old table's terrain is in their cached background
            view.resetCachedContent()
        self.update()
        self.scenario_changed.emit()

    def add_terrain(self, piece: TerrainPiece) -> TerrainItem:
        from .items import TerrainItem  # with the first game, not at start (design.md P6)

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

    def add_unit(self, unit: Unit, colour=None, outline=None) -> UnitItem:
        """The unit's item (in its side's `colour`; `outline`: its base's ring at its
        facing, when set_scenario has turned them all)."""
        from .items import UnitItem

        colour = self.palette.colour(unit.side) if colour is None else colour
        item = UnitItem(unit, colour, outline)
        self.names_changed()
        self._units_version += 1
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
            from .state_shapes import StateShapesItem

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
        self.touched()
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
        self.touched()
        self.layout_generation += 1  # a layout begun before read the unit as it was
        self._units_version += 1
        item = self.unit_items[unit_id]
        item.sync()
        if self._label_scale is not None and layout_state(item) != self._laid_out.get(unit_id):
            self._relabel([unit_id])

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self.unit_items

    def sync(self, ids) -> None:
        """Re-read the units and pieces with these ids from the scenario: an item whose
        model object is the same is refreshed, a replaced one rebuilt, a gone one removed."""
        self.touched()
        self.layout_generation += 1  # a layout begun before read the items as they were
        self._units_version += 1
        if self._scenario is None:
            return
        rebuilt = False  # an item added, taken off or made anew: every label laid out
        moved: list[str] = []  # items whose layout state changed: the labels near them
        ids = list(ids)
        ids += sorted(self._refresh_warnings() - set(ids))
        wanted = set(ids)
        units = {u.id: u for u in self._scenario.units if u.id in wanted}
        pieces = {p.id: p for p in self._scenario.terrain if p.id in wanted}
        for ident in ids:
            item = self.unit_items.get(ident)
            unit = units.get(ident)
            if item is not None and (unit is None or item.unit is not unit):
                self.removeItem(item)
                del self.unit_items[ident]
                self.names_changed()
                item = None
                rebuilt = True
            if unit is not None:
                if item is None:
                    self.add_unit(unit)
                    rebuilt = True
                elif self.palette.colour(unit.side) != item.colour:  # side changed
                    self.removeItem(item)
                    self.names_changed()
                    self.add_unit(unit)
                    rebuilt = True
                else:
                    item.sync()
                    # laid out again only if what the layout reads of it changed since
                    # (a click without a move, a marker set: the same places)
                    if layout_state(item) != self._laid_out.get(ident):
                        moved.append(ident)
            if unit is not None or ident in self.shape_items:
                self._sync_shapes(ident, unit)
            self.remove_terrain(ident)
            if ident in pieces:
                self.add_terrain(pieces[ident])
        if self._selected is not None:
            self.set_selected(self._selected if self._selected in self.unit_items else None)
        if (rebuilt or moved) and self._label_scale is not None:
            self._relabel(moved, rebuilt)
        elif self._label_scale is not None and any(
                i in self.unit_items and self.unit_items[i].badges is not None for i in ids):
            self.place_texts()  # a marker set: its badges find their corner

    def set_selected(self, unit_id: str | None) -> None:
        """Outline the selected unit's base (None: no outline)."""
        self.touched()
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
        table = self.table_rect()
        draw_table(painter, table, rect, self.backdrop_painter)
        if not table.isEmpty():
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
