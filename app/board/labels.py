"""Where each unit's label goes at a zoom: the board's greedy label placement, vectorised.

The rule (BoardScene.layout_labels): vehicles (larger bases) first, then commanders, then
the rest in the board's order; each label tries below, above, right and left of its base
and takes the first place that overlaps no other unit's base and no label placed before it;
a label with no free place is hidden. Rectangles are in pixels at the zoom, overlap is
strict (touching edges do not collide). A label at the table's edge slides along it or flips
(`fit_inside`); once a pan or zoom rests, the few labels the view's edge would cut are laid
out again the same way inside the view, among the labels that stay (`plan` with `owners`
and `fixed`; BoardScene.fit_labels_to_view). Other texts (a group's name, a zone's tags)
then take the first of their places clear of the labels (`first_free`; app.board.texts).

All 4 candidate rectangles of every label are built at once; their collisions with the bases
and with each other come from one bounding-box tree query each (shapely.STRtree), so the
greedy pass looks only at the handful of candidates near each label instead of comparing
every candidate with every base and label.

A layout of the board's labels (BoardScene.begin_layout, a `LabelJob`) reads its numbers
off the items (`label_inputs`: nothing of Qt's among them, so a worker thread may work the
plan out, `plan_numbers`); the `LabelPlan` it gives is what the view's edges
(`fit_to_view`) and the other texts read afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from PySide6.QtCore import QRectF

    from .items import UnitItem

#: The order a label tries its places in (items.LABEL_PLACES).
PLACES = ("below", "above", "right", "left")


def candidate_rects(boxes: np.ndarray, pos: np.ndarray, sizes: np.ndarray, gap: float,
                    s: float) -> np.ndarray:
    """(n, 4, 4) left/top/right/bottom pixel rectangles of each label's 4 places.

    `boxes` (n, 4) are the bases' outlines' bounding boxes in item coordinates (inches:
    left, top, width, height, as QRectF holds them),
    `pos` (n, 2) the items' positions, `sizes` (n, 2) the labels' pixel sizes (w, h). The
    arithmetic follows LabelItem.rect_at and UnitItem.label_anchor step by step, so the
    rectangles are the very numbers the items give."""
    import numpy as np
    left, top, width, height = boxes.T
    right, bottom = left + width, top + height  # QRectF.right() / bottom()
    x, y = pos.T
    w, h = sizes.T
    zero = np.zeros_like(x)
    # anchors (item coordinates) per place: below, above, right, left
    anchor_x = np.stack([zero, zero, right, left], axis=1)
    anchor_y = np.stack([bottom, top, zero, zero], axis=1)
    ax = (x[:, None] + anchor_x) * s
    ay = (y[:, None] + anchor_y) * s
    half_w, half_h = -w / 2, -h / 2
    r_left = np.stack([half_w, half_w, np.full_like(w, gap), -gap - w], axis=1)
    r_top = np.stack([np.full_like(h, gap), -gap - h, half_h, half_h], axis=1)
    r_right = r_left + w[:, None]
    r_bottom = r_top + h[:, None]
    return np.stack([ax + r_left, ay + r_top, ax + r_right, ay + r_bottom], axis=2)


def fit_inside(candidates: np.ndarray, bounds: tuple[float, float, float, float]
               ) -> tuple[np.ndarray, np.ndarray]:
    """The candidates kept on the table: (shifted candidates, which of them lie inside).

    A label below or above its base slides sideways, one right or left of it slides up or
    down, until it is inside `bounds` (left, top, right, bottom pixels: the table); a place
    that still sticks out (below a base on the bottom edge, right of one on the right edge)
    is not inside, so the label flips to another side. A label with no place inside (its
    unit off the table) keeps all four, slid as far as they go."""
    import numpy as np

    left, top, right, bottom = bounds
    c = candidates.copy()
    for lo, hi, first, places in ((left, right, 0, [0, 1]), (top, bottom, 1, [2, 3])):
        side = c[:, places]
        low, high = side[..., first], side[..., first + 2]
        move = np.where(low < lo, lo - low, np.where(high > hi, hi - high, 0.0))
        move = np.where(high - low > hi - lo, lo - low, move)  # wider than the table
        side[..., first] += move
        side[..., first + 2] += move
        c[:, places] = side
    inside = (c[..., 0] >= left - 1e-6) & (c[..., 1] >= top - 1e-6) & \
        (c[..., 2] <= right + 1e-6) & (c[..., 3] <= bottom + 1e-6)
    inside[~inside.any(axis=1)] = True
    return c, inside


#: Candidate rectangles queried against a tree at a time: at a far zoom every label covers
#: every base, and all pairs at once would be n x n (gigabytes at 2,000 units).
QUERY_CHUNK = 1024


def _envelopes(boxes: np.ndarray) -> np.ndarray:
    """Left/top/right/bottom rectangles as shapes with those envelopes: the diagonals.
    The tree compares envelopes only, and a two-point line is made 10x faster than a box."""
    import numpy as np
    import shapely
    return shapely.linestrings(np.ascontiguousarray(boxes, dtype=float).reshape(-1, 2, 2))


def _strict_pairs(tree_boxes: np.ndarray, query_boxes: np.ndarray,
                  keep_pair=None) -> tuple[np.ndarray, np.ndarray]:
    """(query, tree) index pairs whose rectangles overlap with a positive area and that
    `keep_pair(q, t)` keeps, worked out QUERY_CHUNK query boxes at a time."""
    import numpy as np
    import shapely
    tree = shapely.STRtree(_envelopes(tree_boxes))
    qs, ts = [], []
    for first in range(0, len(query_boxes), QUERY_CHUNK):
        chunk = query_boxes[first:first + QUERY_CHUNK]
        q, t = tree.query(_envelopes(chunk))
        a, b = chunk[q], tree_boxes[t]
        keep = (a[:, 0] < b[:, 2]) & (a[:, 2] > b[:, 0]) & (a[:, 1] < b[:, 3]) & \
            (a[:, 3] > b[:, 1])
        q, t = q[keep] + first, t[keep]
        if keep_pair is not None:
            k = keep_pair(q, t)
            q, t = q[k], t[k]
        qs.append(q)
        ts.append(t)
    if not qs:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    return np.concatenate(qs), np.concatenate(ts)


def plan(bases: np.ndarray, candidates: np.ndarray, order: Sequence[int],
         allowed: np.ndarray | None = None, owners: np.ndarray | None = None,
         fixed: np.ndarray | None = None) -> list[str | None]:
    """Each label's place (a PLACES name) or None (hidden).

    `bases` (n, 4): every base's pixel rectangle; `candidates` (m, 4, 4) from
    `candidate_rects`; `order`: the greedy order of the labels; `allowed` (m, 4): the
    candidates that may be taken at all (`fit_inside`: on the table). A candidate on another
    unit's base is never taken, so only the others are compared with each other.
    `owners` (m,): each label's unit among `bases` (default: label k is base k's), and
    `fixed` (f, 4): labels that stay where they are, which no candidate may cover — a
    few labels laid out again among the others (BoardScene.fit_labels_to_view)."""
    import numpy as np
    m = len(candidates)
    flat = candidates.reshape(m * 4, 4)
    owner = np.repeat(np.arange(m) if owners is None else np.asarray(owners), 4)
    q, _ = _strict_pairs(bases, flat, lambda q, b: owner[q] != b)
    free = np.ones(m * 4, dtype=bool) if allowed is None else allowed.reshape(m * 4).copy()
    free[q] = False
    if fixed is not None and len(fixed):
        q, _ = _strict_pairs(np.asarray(fixed, dtype=float), flat)
        free[q] = False
    open_ = np.flatnonzero(free)
    if len(open_):
        q, c = _strict_pairs(flat[open_], flat[open_],
                             lambda q, c: owner[open_[q]] != owner[open_[c]])
        q, c = open_[q], open_[c]
    else:
        q = c = np.zeros(0, dtype=np.intp)
    sort = np.argsort(q, kind="stable")
    q, c = q[sort], c[sort]
    starts = np.searchsorted(q, np.arange(m * 4 + 1))
    near = c.tolist()
    start = starts.tolist()
    free_list = free.tolist()
    chosen = bytearray(m * 4)
    out: list[str | None] = [None] * m
    for k in order:
        for p in range(4):
            cand = 4 * k + p
            if not free_list[cand]:
                continue
            if any(chosen[j] for j in near[start[cand]:start[cand + 1]]):
                continue
            chosen[cand] = 1
            out[k] = PLACES[p]
            break
    return out


def greedy_order(areas: Sequence[float], leaders: Sequence[bool]) -> list[int]:
    """Larger bases first, then commanders, then the board's order."""
    return sorted(range(len(areas)), key=lambda k: (-areas[k], not leaders[k], k))


#: Below this many rectangle pairs `first_free` compares them all at once (numpy) rather
#: than through trees, which cost more to build than a few dozen texts need.
BRUTE_PAIRS = 250_000


def _overlaps(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(len(a), len(b)) whether each pair of rectangles overlaps with a positive area."""
    return (a[:, None, 0] < b[None, :, 2]) & (a[:, None, 2] > b[None, :, 0]) & \
        (a[:, None, 1] < b[None, :, 3]) & (a[:, None, 3] > b[None, :, 1])


def first_free(candidates: np.ndarray, blocks: np.ndarray,
               allowed: np.ndarray | None = None) -> np.ndarray:
    """For each text its first candidate rectangle that overlaps no `blocks` rectangle and
    no text placed before it (in the texts' order), -1 for a text with none free.

    For the board's other texts (a group's name, a zone's tags) beside the unit labels:
    `candidates` (m, k, 4) left/top/right/bottom pixels, k places per text in the order it
    prefers them; `blocks` (b, 4) what they must leave readable (the unit labels and bases
    as laid out); `allowed` (m, k): the places that may be taken at all (in the view).
    Overlap is strict, as in `plan`; many texts are compared through the same
    bounding-box trees, a few all at once."""
    import numpy as np
    m = len(candidates)
    out = np.full(m, -1, dtype=np.intp)
    if m == 0:
        return out
    k = candidates.shape[1]
    flat = candidates.reshape(m * k, 4)
    blocks = np.asarray(blocks, dtype=float).reshape(-1, 4)
    free = np.ones(m * k, dtype=bool) if allowed is None else allowed.reshape(m * k).copy()
    owner = np.repeat(np.arange(m), k)
    if len(flat) * (len(blocks) + len(flat)) <= BRUTE_PAIRS:  # a few texts: all pairs at once
        if len(blocks):
            free &= ~_overlaps(flat, blocks).any(axis=1)
        open_ = np.flatnonzero(free)
        hits = _overlaps(flat[open_], flat[open_]) & \
            (owner[open_][:, None] != owner[open_][None, :])
        q, c = np.nonzero(hits)
    else:  # the tree holds the few candidates; the many blocks are the queries
        if len(blocks):
            _, hit = _strict_pairs(flat, blocks)
            free[hit] = False
        open_ = np.flatnonzero(free)
        q, c = _strict_pairs(flat[open_], flat[open_],
                             lambda q, c: owner[open_[q]] != owner[open_[c]])
    near: dict[int, list[int]] = {}
    for a, b in zip(open_[q].tolist(), open_[c].tolist(), strict=True):
        near.setdefault(a, []).append(b)
    chosen = np.zeros(m * k, dtype=bool)
    free_list = free.tolist()
    for t in range(m):
        for p in range(k):
            cand = t * k + p
            if free_list[cand] and not any(chosen[j] for j in near.get(cand, ())):
                chosen[cand] = True
                out[t] = p
                break
    return out


# --- a layout of the board's labels: what it reads, what it gives ---------------------------


def layout_state(item: UnitItem, x: float | None = None, y: float | None = None) -> tuple:
    """What the label layout reads of one unit (label_inputs): where its item is, its base
    box and label size, its base's size and its commander. The same state, the same
    places for every label."""
    u = item.unit
    if x is None or y is None:
        x, y = item.x(), item.y()
    return (x, y, item.layout_row, u.parent, u.base.width_mm, u.base.depth_mm)


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


def label_inputs(items: list[UnitItem], px_per_inch: float, pos: np.ndarray | None = None,
                 table: QRectF | None = None) -> LabelInputs:
    """The numbers a layout of these items' labels at this zoom needs (`pos`: the items'
    positions, when the caller has them; the labels are kept on `table`)."""
    import numpy as np

    from .items import LabelItem
    s = px_per_inch
    rows = np.array([i.layout_row for i in items], dtype=float)
    if pos is None:
        pos = np.array([(i.x(), i.y()) for i in items], dtype=float)
    bounds = None
    if table is not None and not table.isEmpty():
        bounds = (s * table.left(), s * table.top(), s * table.right(), s * table.bottom())
    leaders = {i.unit.parent for i in items if i.unit.parent}
    return LabelInputs(s, pos, rows[:, :4], rows[:, 4:],
                       [i.unit.base.width_mm * i.unit.base.depth_mm for i in items],
                       [i.unit.id in leaders for i in items], bounds, LabelItem.GAP_PX)


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
    places = plan(bases, shifted, order, allowed)
    picked = [PLACES.index(w) if w else 0 for w in places]
    every = np.arange(len(places))
    shifts = (shifted - cands)[every, picked, :2]
    rects = shifted[every, picked].copy()
    rects[[w is None for w in places]] = np.nan
    return LabelPlan([], s, bases, s * pos, cands, order, places, shifts, rects)


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
