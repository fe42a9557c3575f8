"""The unit labels on the board (BoardScene's part that places them): laid out whole for a
zoom (`layout_labels`, or begun and finished apart for a worker: `begin_layout`,
`finish_layout`), laid out again only near the units a change moved (`relayout_units`),
fitted to the view's edges, and the other texts placed beside them. The rule and the
numbers: app.board.labels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF

from . import labels, texts
from .labels import LabelJob, label_inputs, layout_state

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    import numpy as np

    from .items import UnitItem
    from .labels import LabelPlan
    from .texts import BoardText

__all__ = ["BoardLabels"]


class BoardLabels:
    """The label methods of BoardScene (a mixin: the scene holds the state they use, set
    up in BoardScene.__init__)."""

    def names_changed(self) -> None:
        """A unit's name changed, or a label came or went: fit the names again."""
        self._names_version += 1

    def badges_added(self) -> None:
        """A unit's item got its first badges (UnitItem): look for such items anew."""
        self._badged = None

    def _relabel(self, moved: Sequence[str], whole: bool = False) -> None:
        """The labels after these units' items changed: only those the change can reach
        laid out again (`relayout_units`), or every label (`whole`, or when a few cannot
        be: a name or a size changed, a picture's layout is on the board)."""
        if whole or not self.relayout_units(moved):
            self.layout_labels(self._label_scale)

    def relayout_units(self, ids: Sequence[str]) -> bool:
        """Lay out again the labels that a move or turn of these units' items reaches, at
        the zoom of the labels on the board: the places a whole layout gives
        (labels.replan_units), each label touched only where its place changed. False,
        with nothing done, when a whole layout is needed instead: a name, a label's size,
        a base's size or a commander changed, the units on the board are not those laid
        out, or the layout kept off a picture's lines."""
        plan, inputs = self._plan, self._inputs
        if plan is None or inputs is None or inputs.avoid is not None \
                or plan.shifted is None or plan.scale != self._label_scale \
                or len(plan.items) != len(self.unit_items) \
                or self._laid_names != self._names_version:
            return False
        known = self._plan_index
        rows: dict[int, tuple] = {}
        for ident in ids:
            k = known.get(ident)
            item = self.unit_items.get(ident)
            if k is None or item is None or plan.items[k] is not item:
                return False
            state, was = layout_state(item), self._laid_out.get(ident)
            if was is None or state[3:] != was[3:] or state[2][4:] != was[2][4:]:
                return False
            rows[k] = (state[0], state[1], *state[2][:4])
        self.touched()
        self.layout_generation += 1
        self.laid_out_generation = self.layout_generation
        if rows:
            plan, self._inputs, changed = labels.replan_units(plan, inputs, rows)
            self._plan = plan
        else:
            changed = []
        for k in rows:
            item = plan.items[k]
            self._laid_out[item.unit.id] = layout_state(item)
        old, self._view_fit = self._view_fit, self._fit_to_view()
        fit = self._view_fit
        for k in {*changed, *(k for k in set(old) | set(fit) if old.get(k) != fit.get(k))}:
            where, shift = fit.get(k) or plan.place_of(k)
            self._show_label(plan.items[k], where, shift)
        self.place_texts()
        return True

    def fit_label_texts(self, px_per_inch: float) -> None:
        """Names whole when zoomed in (LabelItem.WHOLE_AT_PX_PER_INCH on), elided below
        and no two alike; nothing to do unless the zoom crossed that line or a name
        changed. The layout reads the sizes."""
        from .items import LabelItem

        whole = px_per_inch >= LabelItem.WHOLE_AT_PX_PER_INCH
        if (whole, self._names_version) == self._names_fitted:
            return  # the same side of the line, no name changed, no label added or gone
        self._names_fitted = (whole, self._names_version)
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
        pos = np.array([i.xy for i in items], dtype=float).reshape(-1, 2)
        key = (self._units_version, len(items))
        if self._order_keys[0] != key:  # a unit changed since: read them again
            self._order_keys = (key, labels.unit_order_keys(items))
        inputs = label_inputs(items, px_per_inch, pos, self.table_rect(), avoid,
                              self._order_keys[1]) if items else None
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
            self._plan, self._inputs, self._plan_index = None, None, {}
            self.place_texts()
            return 0
        self._plan, self._inputs, self._badged = plan, job.inputs, None
        self._laid_names = self._names_version
        key = (self._names_version, len(items))
        if self._index_of[0] != key:
            self._index_of = (key, {i.unit.id: k for k, i in enumerate(items)})
        self._plan_index = self._index_of[1]
        key = (self._units_version, len(items))
        if self._unit_meta[0] != key:
            self._unit_meta = (key, labels.unit_meta(items))
        self._laid_out = labels.LaidOut(self._plan_index, job.inputs, self._unit_meta[1])
        self._view_fit = self._fit_to_view()
        shown = 0
        fit = self._view_fit
        for k, (item, where, shift) in enumerate(zip(items, plan.places, plan.shifts.tolist(),
                                                     strict=True)):
            if fit and k in fit:
                where, shift = fit[k]
            label = item.label  # inline (not _show_label): thousands of labels a zoom
            if where is None:
                if label.shown_now:
                    label.setVisible(False)
                continue
            shown += 1
            ax, ay = item.label_anchor_xy(where)
            dx, dy = shift
            if label.placed_at != (where, ax, ay, dx, dy):  # labels move only through place()
                label.place(where, QPointF(ax, ay), (dx, dy))
            if not label.shown_now:
                label.setVisible(True)
        self.place_texts()
        return shown

    def _show_label(self, item: UnitItem, where: str | None,
                    shift: tuple[float, float]) -> bool:
        """Put one label `where` (None: hidden), slid by `shift` pixels; whether it shows."""
        label = item.label
        if where is None:
            if label.shown_now:
                label.setVisible(False)
            return False
        ax, ay = item.label_anchor_xy(where)
        dx, dy = shift
        if label.placed_at != (where, ax, ay, dx, dy):  # labels move only through place()
            label.place(where, QPointF(ax, ay), (dx, dy))
        if not label.shown_now:
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

    def drop_text_layers(self) -> None:
        """Forget every text layer (the board goes to a window rebuilt in another language,
        app.relocalize: its modules add their own)."""
        self.touched()
        self._text_layers.clear()

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
            if self._badged is None:
                self._badged = [(k, i) for k, i in enumerate(plan.items)
                                if i.badges is not None]
            rows = [(k, i) for k, i in self._badged if i.badges.isVisible()]
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

