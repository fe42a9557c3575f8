"""Where each unit's label goes at a zoom: the board's label layout.

The rule (BoardScene.layout_labels): vehicles (larger bases) first, then commanders, then
the rest in the board's order (`greedy_order`); each label takes the first of its places
(below, above, right, left of its base) that overlaps no other unit's base and no label
placed before it, slid along the table's edge or flipped to stay on it, and is hidden
when none is free — the placement itself is geometry.labels. Once a pan or zoom rests,
the few labels the view's edge would cut are laid out again inside it among the labels
that stay (`fit_to_view`; BoardScene.fit_labels_to_view); other texts (a group's name, a
zone's tags) then take places clear of them (`first_free`; app.board.texts).

A layout (BoardScene.begin_layout, a `LabelJob`) reads its numbers off the items
(`label_inputs`: nothing of Qt's among them, so a worker thread may work the plan out,
`plan_numbers`); the `LabelPlan` it gives is what the view's edges and the other texts
read afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from geometry.labels import (
    PLACES,
    candidate_rects,
    first_free,
    fit_inside,
    greedy_order,
    plan,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    from PySide6.QtCore import QRectF

    from .items import LabelItem, UnitItem

__all__ = ["PLACES", "LabelInputs", "LabelJob", "LabelPlan", "candidate_rects", "first_free",
           "fit_inside", "fit_to_view", "greedy_order", "keep_distinct", "label_inputs",
           "layout_state", "plan", "plan_numbers", "replan_units", "unit_meta",
           "unit_order_keys", "LaidOut"]


def keep_distinct(labels: Sequence[LabelItem]) -> list[LabelItem]:
    """Cut long names so that no two labels read the same: each is cut at its end ("1st
    UNR company, plato…"), those that would then read as another's are cut in the middle
    ("1st UNR com…, platoon 2") and any still alike at the start ("…company, platoon 2"):
    the part that tells them apart, a platoon's number, survives. Returns the labels whose
    text changed (their size may have)."""
    from collections import defaultdict

    from PySide6.QtCore import Qt

    modes = (Qt.TextElideMode.ElideRight, Qt.TextElideMode.ElideMiddle,
             Qt.TextElideMode.ElideLeft)
    chosen = dict.fromkeys(labels, modes[0])
    pending = [lab for lab in labels if lab.shown != lab.text]  # the cut ones, however cut
    for mode in modes:
        shown = {lab: lab.elided(mode) for lab in pending}
        names: dict[str, set[str]] = defaultdict(set)
        for lab, text in shown.items():
            names[text].add(lab.text)
        for lab in pending:
            chosen[lab] = mode
        pending = [lab for lab in pending if len(names[shown[lab]]) > 1]
        if not pending:
            break
    return [lab for lab, mode in chosen.items() if lab.set_elide(mode)]


def layout_state(item: UnitItem, x: float | None = None, y: float | None = None) -> tuple:
    """What the label layout reads of one unit (label_inputs): where its item is, its base
    box and label size, its base's size and its commander. The same state, the same
    places for every label."""
    u = item.unit
    if x is None or y is None:
        x, y = item.xy
    return (x, y, item.layout_row, u.parent, u.base.width_mm, u.base.depth_mm)


class LaidOut:
    """Each unit's `layout_state` when the labels were last laid out (unit id → state),
    read off that layout's numbers when asked: a zoom lays out thousands of labels, a
    sync asks about the few units it touched. States set since (a relayout) win."""

    __slots__ = ("_index", "_inputs", "_meta", "_set")

    def __init__(self, index: dict[str, int], inputs: LabelInputs,
                 meta: Sequence[tuple]) -> None:
        self._index, self._inputs, self._meta = index, inputs, meta
        self._set: dict[str, tuple] = {}

    def get(self, unit_id: str, default: tuple | None = None) -> tuple | None:
        if unit_id in self._set:
            return self._set[unit_id]
        k = self._index.get(unit_id)
        if k is None:
            return default
        inp = self._inputs
        x, y = inp.pos[k].tolist()
        return (x, y, (*inp.boxes[k].tolist(), *inp.sizes[k].tolist()), *self._meta[k])

    def __setitem__(self, unit_id: str, state: tuple) -> None:
        self._set[unit_id] = state


def unit_meta(items: list[UnitItem]) -> list[tuple]:
    """What `layout_state` reads of each unit's model: its commander and base size."""
    return [(i.unit.parent, i.unit.base.width_mm, i.unit.base.depth_mm) for i in items]


@dataclass(frozen=True, slots=True)
class LabelPlan:
    """One label layout's numbers (pixels at `scale`): what the viewport's edges and the
    other texts read of it without laying every label out again."""

    items: list[UnitItem]
    scale: float
    bases: np.ndarray        # (n, 4) every base's rectangle
    centres: np.ndarray      # (n, 2) every unit's centre
    candidates: np.ndarray   # (n, 4, 4) every label's 4 places, as built (not slid)
    order: list[int]         # the greedy order
    places: list[str | None]  # each label's place on the table (None: hidden)
    shifts: np.ndarray       # (n, 2) the slide that keeps it on the table
    rects: np.ndarray        # (n, 4) where each label is (NaN: hidden)
    #: (n, 4, 4) the places as `plan` compared them (slid onto the table) and (n, 4) those
    #: on it (None: no table): what `replan_units` starts from
    shifted: np.ndarray | None = None
    allowed: np.ndarray | None = None

    def place_of(self, k: int) -> tuple[str | None, tuple[float, float]]:
        dx, dy = self.shifts[k].tolist()
        return self.places[k], (dx, dy)


@dataclass(frozen=True, slots=True)
class LabelInputs:
    """What a layout reads off the items, as numbers: no object of Qt's is among them,
    so a worker thread may work a plan out from these (`plan_numbers`)."""

    scale: float
    pos: np.ndarray          # (n, 2) the items' positions
    boxes: np.ndarray        # (n, 4) each base's box about its item
    sizes: np.ndarray        # (n, 2) each label's size (pixels)
    areas: list[float]       # each base's area (the greedy order: larger first)
    leaders: list[bool]      # whether each unit commands another
    bounds: tuple[float, float, float, float] | None  # the table (pixels)
    gap_px: float
    #: (a, 4) pixel boxes a label had better not cover (a picture's overlay lines)
    avoid: np.ndarray | None = None


@dataclass(frozen=True, slots=True)
class LabelJob:
    """One layout begun (BoardScene.begin_layout): the items, the numbers read off them
    and the board's layout_generation when they were read."""

    generation: int
    scale: float
    items: list[UnitItem]
    pos: np.ndarray
    inputs: LabelInputs | None

    def with_items(self, plan: LabelPlan | None) -> LabelPlan | None:
        return None if plan is None else replace(plan, items=self.items)

    def plan(self) -> LabelPlan | None:
        """The plan (`plan_numbers` of the inputs, on a worker if the caller likes, then
        `with_items` on the interface thread)."""
        return self.with_items(None if self.inputs is None else plan_numbers(self.inputs))


def unit_order_keys(items: list[UnitItem]) -> tuple[list[float], list[bool]]:
    """What the greedy order reads of the units: each base's area and whether each unit
    commands another (label_inputs; the board keeps them while no unit changes)."""
    leaders = {i.unit.parent for i in items if i.unit.parent}
    return ([i.unit.base.width_mm * i.unit.base.depth_mm for i in items],
            [i.unit.id in leaders for i in items])


def label_inputs(items: list[UnitItem], px_per_inch: float, pos: np.ndarray | None = None,
                 table: QRectF | None = None, avoid: np.ndarray | None = None,
                 order_keys: tuple[list[float], list[bool]] | None = None) -> LabelInputs:
    """The numbers a layout of these items' labels at this zoom needs (`pos`: the items'
    positions and `order_keys` their `unit_order_keys`, when the caller has them; the
    labels are kept on `table` and off `avoid` where they can be)."""
    import numpy as np

    from .items import LabelItem
    s = px_per_inch
    rows = np.array([i.layout_row for i in items], dtype=float)
    if pos is None:
        pos = np.array([i.xy for i in items], dtype=float).reshape(-1, 2)
    bounds = None
    if table is not None and not table.isEmpty():
        bounds = (s * table.left(), s * table.top(), s * table.right(), s * table.bottom())
    areas, leaders = unit_order_keys(items) if order_keys is None else order_keys
    return LabelInputs(s, pos, rows[:, :4], rows[:, 4:], areas, leaders, bounds,
                       LabelItem.GAP_PX, avoid)


def plan_numbers(inp: LabelInputs) -> LabelPlan:
    """Each label's place at the inputs' zoom (`plan`), and the (n, 2) pixel shift that
    keeps it on the table (`fit_inside`; none without a table), from the numbers alone:
    the plan's items are left empty (`LabelJob.with_items` puts them in)."""
    import numpy as np

    s, pos, boxes = inp.scale, inp.pos, inp.boxes
    left, top = boxes[:, 0] + pos[:, 0], boxes[:, 1] + pos[:, 1]  # mapRectToScene
    bases = s * np.column_stack([left, top, left + boxes[:, 2], top + boxes[:, 3]])
    cands = candidate_rects(boxes, pos, inp.sizes, inp.gap_px, s)
    allowed, shifted = None, cands
    if inp.bounds is not None:
        shifted, allowed = fit_inside(cands, inp.bounds)
    order = greedy_order(inp.areas, inp.leaders)
    places = plan(bases, shifted, order, allowed, avoid=inp.avoid)
    picked = [PLACES.index(w) if w else 0 for w in places]
    every = np.arange(len(places))
    shifts = (shifted - cands)[every, picked, :2]
    rects = shifted[every, picked].copy()
    rects[[w is None for w in places]] = np.nan
    return LabelPlan([], s, bases, s * pos, cands, order, places, shifts, rects, shifted,
                     allowed)


def replan_units(laid: LabelPlan, inp: LabelInputs, rows: dict[int, tuple[float, ...]]
                 ) -> tuple[LabelPlan, LabelInputs, list[int]]:
    """A few units moved or turned (`rows`: index → x, y and its item's layout_row, the
    label's size unchanged): the plan and inputs with their numbers, and the indices of the
    labels whose place changed — the places a whole `plan_numbers` of the new inputs gives
    (geometry.labels.replan looks at the labels the move can reach alone)."""
    import numpy as np

    from geometry.labels import replan
    ids = np.fromiter(rows, dtype=np.intp, count=len(rows))
    vals = np.array([rows[k] for k in ids.tolist()], dtype=float).reshape(len(ids), -1)
    pos, boxes = inp.pos.copy(), inp.boxes.copy()
    pos[ids], boxes[ids] = vals[:, :2], vals[:, 2:6]
    s = inp.scale
    left, top = boxes[ids, 0] + pos[ids, 0], boxes[ids, 1] + pos[ids, 1]
    bases, centres = laid.bases.copy(), laid.centres.copy()
    before = bases[ids].copy()
    bases[ids] = s * np.column_stack([left, top, left + boxes[ids, 2], top + boxes[ids, 3]])
    centres[ids] = s * pos[ids]
    cands, shifted = laid.candidates.copy(), laid.shifted.copy()
    cands[ids] = candidate_rects(boxes[ids], pos[ids], inp.sizes[ids], inp.gap_px, s)
    allowed = None if laid.allowed is None else laid.allowed.copy()
    if inp.bounds is None:
        shifted[ids] = cands[ids]
    else:
        shifted[ids], allowed[ids] = fit_inside(cands[ids], inp.bounds)
    picks = np.array([PLACES.index(w) if w else -1 for w in laid.places], dtype=np.intp)
    rects, changed, looked = replan(bases, shifted, allowed, laid.order, laid.rects, picks,
                                    ids.tolist(), before)
    places, shifts = list(laid.places), laid.shifts.copy()
    for k in {*changed, *ids.tolist()}:  # every one of them was looked at
        p = looked[k]
        places[k] = PLACES[p] if p >= 0 else None
        p = max(p, 0)  # a hidden label's shift: its first place's, as plan_numbers has it
        shifts[k] = (shifted[k, p] - cands[k, p])[:2]
    new = replace(laid, bases=bases, centres=centres, candidates=cands, places=places,
                  shifts=shifts, rects=rects, shifted=shifted, allowed=allowed)
    return new, replace(inp, pos=pos, boxes=boxes), sorted({*changed, *ids.tolist()})


def fit_to_view(laid: LabelPlan, vb: tuple[float, float, float, float]
                ) -> dict[int, tuple[str, tuple[float, float]]]:
    """The labels of units inside the view `vb` (pixels at the plan's zoom: left, top,
    right, bottom) that its edge would cut, laid out again inside it (`fit_inside`, then
    `plan` among the labels that stay): index → (place, shift); empty where none is cut."""
    import numpy as np
    r, mid = laid.rects, laid.centres
    shown = ~np.isnan(r[:, 0])
    centre_in = (mid[:, 0] > vb[0]) & (mid[:, 0] < vb[2]) & (mid[:, 1] > vb[1]) & \
        (mid[:, 1] < vb[3])
    with np.errstate(invalid="ignore"):
        whole = (r[:, 0] >= vb[0] - 1e-6) & (r[:, 1] >= vb[1] - 1e-6) & \
            (r[:, 2] <= vb[2] + 1e-6) & (r[:, 3] <= vb[3] + 1e-6)
    cut = shown & centre_in & ~whole
    ids = np.flatnonzero(cut)
    if not len(ids):
        return {}
    raw = laid.candidates[ids]
    moved, _ = fit_inside(raw, vb)
    inside = (moved[..., 0] >= vb[0] - 1e-6) & (moved[..., 1] >= vb[1] - 1e-6) & \
        (moved[..., 2] <= vb[2] + 1e-6) & (moved[..., 3] <= vb[3] + 1e-6)
    at = {k: i for i, k in enumerate(ids.tolist())}
    order = [at[k] for k in laid.order if k in at]
    # only the bases and labels near the candidates can be in their way: none deeper
    # inside the view than the farthest side of a candidate (the trees are built of
    # the few along the edges, not of all)
    c = moved.reshape(-1, 4)
    lo, hi = c[:, :2].min(axis=0), c[:, 2:].max(axis=0)
    depth = np.minimum.reduce([c[:, 0] - vb[0], vb[2] - c[:, 2], c[:, 1] - vb[1],
                               vb[3] - c[:, 3]])
    reach = float((np.maximum(depth, 0.0) + (c[:, 2:] - c[:, :2]).max(axis=1)).max()) + 1

    def near(rects: np.ndarray) -> np.ndarray:
        within = (rects[:, 0] < hi[0]) & (rects[:, 2] > lo[0]) & \
            (rects[:, 1] < hi[1]) & (rects[:, 3] > lo[1])
        deep = (rects[:, 0] > vb[0] + reach) & (rects[:, 2] < vb[2] - reach) & \
            (rects[:, 1] > vb[1] + reach) & (rects[:, 3] < vb[3] - reach)
        return within & ~deep

    keep = np.flatnonzero(near(laid.bases))
    where_kept = np.full(len(laid.bases), -1)
    where_kept[keep] = np.arange(len(keep))
    stay = r[shown & ~cut]
    stay = stay[near(stay)]
    places = plan(laid.bases[keep], moved, order, inside, owners=where_kept[ids], fixed=stay)
    out: dict[int, tuple[str, tuple[float, float]]] = {}
    for i, where in enumerate(places):
        if where is None:
            continue  # no whole place inside: it keeps its place on the table
        p = PLACES.index(where)
        dx, dy = (moved[i, p, :2] - raw[i, p, :2]).tolist()
        out[int(ids[i])] = (where, (dx, dy))
    return out
