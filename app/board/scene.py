"""The table drawn to scale: 1 scene unit = 1 inch, x right, y down, as the model.

The grid (every inch, heavier every foot) is painted in `drawBackground` from a handful of
line arrays, not as items, so it costs nothing to keep and little to draw. The terrain is
painted there too, over the grid (TerrainItem explains why): the view keeps the background
as one cached picture, redrawn where a piece is added, removed, moved or hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from . import labels, style, texts
from .labels import LabelJob, LabelPlan, label_inputs, layout_state
from .paths import geometry_path
from .table_cloth import INCHES_PER_FOOT, draw_table, grid_lines  # noqa: F401 (kept here)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import numpy as np

    from engine.scenario import Scenario, Unit
    from geometry.terrain import TerrainPiece

    from .items import TerrainItem, UnitItem
    from .state_shapes import StateShapesItem
    from .texts import BoardText

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
        #: (whole, every label and its name) when the cut names were last kept distinct
        self._distinct_names: tuple = ()
        #: each unit's layout_state when the labels were last laid out
        self._laid_out: dict[str, tuple] = {}
        #: the last label layout's numbers (LabelPlan), for the viewport's edges and texts
        self._plan: LabelPlan | None = None
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

    def invalidate(self, *args) -> None:
        self.board_generation += 1
        super().invalidate(*args)

    # --- model ------------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self._scenario

    def set_scenario(self, scenario: Scenario, taken: dict | None = None) -> None:
        """Show another scenario: every item is rebuilt from the model, but for the unit
        items `taken` from another board showing the same units (add_unit)."""
        self.touched()
        self.layout_generation += 1
        self.clear()
        self._recent = {}
        self.selection_item = None
        self._selected = None
        for items in (self.terrain_items, self.unit_items, self.shape_items):
            items.clear()
        self._laid_out, self._plan, self._view_fit = {}, None, {}
        self._distinct_names = ()
        self.palette = style.SidePalette()
        self._scenario = scenario
        self._warnings = self._board_warnings()
        for piece in scenario.terrain:
            self.add_terrain(piece)
        taken, colours = taken or {}, {}  # each side's colour asked once, not per unit
        for unit in scenario.units:
            if unit.side not in colours:
                colours[unit.side] = self.palette.colour(unit.side)
            self.add_unit(unit, taken.get(unit.id), colours[unit.side])
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

    def add_unit(self, unit: Unit, item: UnitItem | None = None, colour=None) -> UnitItem:
        """The unit's item (in its side's `colour`); `item`, this unit's taken off another
        board (app.relocalize), is worded again in the current language, not built anew."""
        from .items import UnitItem

        colour = self.palette.colour(unit.side) if colour is None else colour
        if item is not None and (item.unit is not unit or item.colour != colour):
            item = None
        fresh = item is None
        if item is None:
            item = UnitItem(unit, colour)
        item.declared_badges = self._declared_badges
        if not fresh:
            item.retranslate()
        elif unit.state:
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
        item = self.unit_items[unit_id]
        item.sync()
        if self._label_scale is not None and layout_state(item) != self._laid_out.get(unit_id):
            self.layout_labels(self._label_scale)

    def has_unit(self, unit_id: str) -> bool:
        return unit_id in self.unit_items

    def sync(self, ids) -> None:
        """Re-read the units and pieces with these ids from the scenario: an item whose
        model object is the same is refreshed, a replaced one rebuilt, a gone one removed."""
        self.touched()
        self.layout_generation += 1  # a layout begun before read the items as they were
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

    def fit_label_texts(self, px_per_inch: float) -> None:
        """Names whole when zoomed in (LabelItem.WHOLE_AT_PX_PER_INCH on), elided below
        and no two alike; nothing to do unless the zoom crossed that line or a name
        changed. The layout reads the sizes."""
        from .items import LabelItem

        whole = px_per_inch >= LabelItem.WHOLE_AT_PX_PER_INCH
        for item in self.unit_items.values():
            if item.label.set_whole(whole):
                item.layout_row = (*item.layout_row[:4], *item.label.size_px)
        key = (whole, tuple((id(i.label), i.label.text) for i in self.unit_items.values()))
        if key != self._distinct_names:  # no two cut names alike (labels.keep_distinct)
            self._distinct_names = key
            for label in labels.keep_distinct([i.label for i in self.unit_items.values()]):
                label.owner.layout_row = (*label.owner.layout_row[:4], *label.size_px)

    def layout_labels(self, px_per_inch: float, avoid: np.ndarray | None = None) -> int:
        """Place unit labels for a zoom so that none covers another label or another base.

        The rule and how it is worked out: app.board.labels. Zooming in spreads the bases
        apart and brings hidden labels back. Returns how many labels show. At the zoom the
        view shows (`set_view`), the labels its edges would cut are laid out again inside it
        (`fit_labels_to_view`); then the other texts (`add_text_layer`) find their places
        beside them. A label is touched (moved, shown or hidden, which repaints it) only
        when its place changes. `avoid`: pixel boxes the labels keep off where they can
        (a picture's overlay lines).
        """
        job = self.begin_layout(px_per_inch, avoid)
        return self.finish_layout(job, job.plan())

    def label_scale(self) -> float | None:
        """The zoom the labels on the board were laid out for (None: not yet)."""
        return self._label_scale

    def begin_layout(self, px_per_inch: float, avoid: np.ndarray | None = None) -> LabelJob:
        """What a label layout reads off the items, read now (the names elided or whole
        for the zoom first): `LabelJob.plan` is pure numbers, for a worker thread if the
        caller likes, and `finish_layout` puts its labels on the board."""
        self.touched()
        import numpy as np
        self.layout_generation += 1
        self.fit_label_texts(px_per_inch)
        items = list(self.unit_items.values())
        pos = np.array([(i.x(), i.y()) for i in items], dtype=float).reshape(-1, 2)
        inputs = label_inputs(items, px_per_inch, pos, self.table_rect(), avoid) \
            if items else None
        return LabelJob(self.layout_generation, px_per_inch, items, pos, inputs)

    def finish_layout(self, job: LabelJob, plan: LabelPlan | None) -> int | None:
        """Put a layout's labels on the board: each label touched only where its place
        changed, the view's edges fitted, the other texts placed. Returns how many labels
        show, or None for a job the board changed under (a unit moved, another layout
        begun): nothing is done then."""
        if job.generation != self.layout_generation:
            return None
        self.touched()
        self.laid_out_generation = job.generation
        self._label_scale = job.scale
        items = job.items
        self._view_fit = {}
        if not items:
            self._laid_out = {}
            self._plan = None
            self.place_texts()
            return 0
        self._plan = plan
        self._laid_out = {i.unit.id: layout_state(i, x, y)
                          for i, (x, y) in zip(items, job.pos.tolist(), strict=True)}
        self._view_fit = self._fit_to_view()
        shown = 0
        fit = self._view_fit
        for k, (item, where, shift) in enumerate(zip(items, plan.places, plan.shifts.tolist(),
                                                     strict=True)):
            if fit and k in fit:
                where, shift = fit[k]
            label = item.label  # inline (not _show_label): thousands of labels a zoom
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
        self.place_texts()
        return shown

    def _show_label(self, item: UnitItem, where: str | None,
                    shift: tuple[float, float]) -> bool:
        """Put one label `where` (None: hidden), slid by `shift` pixels; whether it shows."""
        label = item.label
        if where is None:
            if label.isVisible():
                label.setVisible(False)
            return False
        ax, ay = item.label_anchor_xy(where)
        dx, dy = shift
        if label.placed_at != (where, ax, ay, dx, dy):  # labels move only through place()
            label.place(where, QPointF(ax, ay), (dx, dy))
        if not label.isVisible():
            label.setVisible(True)
        return True

    # --- the view's edges -------------------------------------------------------------------

    def set_view(self, rect: QRectF | None, px_per_inch: float = 0.0) -> None:
        """What the board's view shows (inches) at its zoom; None: no view to fit."""
        self._view = None if rect is None else (QRectF(rect), float(px_per_inch))

    def fit_labels_to_view(self, rect: QRectF | None, px_per_inch: float) -> int:
        """The view now shows `rect` (a pan or a resize settled): lay again only the labels
        its edges cut — a label slides along the edge or flips to another side of its base,
        among the labels that stay — and put back those an earlier view had moved; the
        other texts take places inside it (place_texts). Cheap: the last layout's numbers
        are reused, a handful of labels are looked at. Returns how many labels changed
        place."""
        self.touched()
        self.set_view(rect, px_per_inch)
        plan = self._plan
        if plan is None:
            return 0
        new = self._fit_to_view()
        old = self._view_fit
        if new == old:
            self.place_texts()  # the group names and zone tags inside the new view
            return 0
        self._view_fit = new
        changed = [k for k in set(old) | set(new) if old.get(k) != new.get(k)]
        for k in changed:
            where, shift = new.get(k) or plan.place_of(k)
            self._show_label(plan.items[k], where, shift)
        self.place_texts()
        return len(changed)

    def view_fitted(self) -> dict[str, tuple[str, tuple[float, float]]]:
        """The labels laid out again inside the view: unit id → (place, shift)."""
        plan = self._plan
        if plan is None:
            return {}
        return {plan.items[k].unit.id: v for k, v in self._view_fit.items()}

    def _fit_to_view(self) -> dict[int, tuple[str, tuple[float, float]]]:
        """The labels of units inside the view that its edge would cut, laid out again
        inside the part of the table it shows (labels.fit_to_view): index → (place,
        shift). Empty at another zoom than the view's (a picture being drawn)."""
        plan, view = self._plan, self._view
        if plan is None or view is None or abs(view[1] - plan.scale) > 1e-9:
            return {}
        shows = self.table_rect().intersected(view[0])
        if shows.isEmpty():
            return {}
        s = plan.scale
        return labels.fit_to_view(plan, (s * shows.left(), s * shows.top(), s * shows.right(),
                                         s * shows.bottom()))

    # --- the other texts beside the labels --------------------------------------------------

    def add_text_layer(self, layer: Callable[[], Sequence[BoardText]]) -> None:
        """Have the texts `layer()` gives (group names, zone tags: app.board.texts) placed
        beside the unit labels after every label layout, clear of them, of the bases and of
        the texts of the layers added before."""
        self.touched()
        self._text_layers.append(layer)

    def place_texts(self) -> None:
        """Hang the marker badges (app.board.badge_places), then lay the other texts out
        beside the unit labels as they are now, on the table (nothing to do at no zoom
        yet)."""
        self.touched()
        import numpy as np
        if self._label_scale is None:
            return
        layers = [ts for ts in (layer() for layer in self._text_layers) if ts]
        blocks = self.label_blocks()
        s, view = self._label_scale, self._view
        r = self.table_rect()  # on the table, and inside the view at the view's zoom
        if view is not None and abs(view[1] - s) <= 1e-9:
            r = r.intersected(view[0])
        bounds = None if r.isEmpty() else (s * r.left(), s * r.top(), s * r.right(),
                                           s * r.bottom())
        if self._plan is not None:  # the badges first: the texts keep off them too
            from . import badge_places
            plan = self._plan
            rows = [(k, i) for k, i in enumerate(plan.items)
                    if i.badges is not None and i.badges.isVisible()]
            blocks = np.concatenate([blocks, badge_places.place(
                [i for _, i in rows], [k for k, _ in rows], plan.bases, blocks, s, bounds)])
        for ts in layers:
            blocks = np.concatenate([blocks, texts.place(ts, blocks, s, bounds)])

    def label_blocks(self) -> np.ndarray:
        """(b, 4) pixel rectangles at the label zoom of every base and every unit label
        shown (where the view put it), for other texts to keep clear of."""
        import numpy as np
        plan = self._plan
        if plan is None:
            return np.zeros((0, 4))
        rects = plan.rects.copy()
        for k, (where, (dx, dy)) in self._view_fit.items():
            p = labels.PLACES.index(where)
            rects[k] = plan.candidates[k, p] + (dx, dy, dx, dy)
        return np.concatenate([plan.bases, rects[~np.isnan(rects[:, 0])]])

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
