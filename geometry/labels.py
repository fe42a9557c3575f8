"""Where labels go among boxes: a greedy placement of rectangles, vectorised.

Each label tries its places in order (PLACES: below, above, right and left of its box)
and takes the first that overlaps no other box and no label placed before it; a label
with no free place gets none. Rectangles are left/top/right/bottom (pixels, for the board
at a zoom), overlap is strict (touching edges do not collide). A label at the edge of the
bounds slides along it or flips (`fit_inside`); a few labels can be laid out again among
others that stay (`plan` with `owners` and `fixed`). Other texts then take the first of
their places clear of the labels (`first_free`).

All candidate rectangles are built at once; their collisions with the boxes and with each
other come from one bounding-box tree query each (shapely.STRtree), so the greedy pass
looks only at the handful of candidates near each label instead of comparing every
candidate with every box and label. app.board.labels lays the board's unit labels out
with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

#: The order a label tries its places in (app.board.items.LABEL_PLACES).
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
    The tree compares envelopes only, and a two-point line is made faster than a box."""
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
         fixed: np.ndarray | None = None, avoid: np.ndarray | None = None
         ) -> list[str | None]:
    """Each label's place (a PLACES name) or None (hidden).

    `bases` (n, 4): every base's pixel rectangle; `candidates` (m, 4, 4) from
    `candidate_rects`; `order`: the greedy order of the labels; `allowed` (m, 4): the
    candidates that may be taken at all (`fit_inside`: on the table). A candidate on another
    unit's base is never taken, so only the others are compared with each other.
    `owners` (m,): each label's unit among `bases` (default: label k is base k's), and
    `fixed` (f, 4): labels that stay where they are, which no candidate may cover — a
    few labels laid out again among the others (BoardScene.fit_labels_to_view).
    `avoid` (a, 4): what a label had better not cover (a picture's measure line, cut in
    short boxes): every label first looks for a place covering none, then the labels
    left without one take the first free place that covers one."""
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
    second = bytearray(m * 4)  # the places covering something to avoid: tried last
    if avoid is not None and len(avoid):
        for i in _strict_pairs(np.asarray(avoid, dtype=float), flat)[0].tolist():
            second[i] = 1
    passes = (False, True) if any(second) else (True,)
    chosen = bytearray(m * 4)
    out: list[str | None] = [None] * m
    for last in passes:  # every label first tries the places it need not cover a line in
        for k in order:
            if out[k] is not None:
                continue
            for p in range(4):
                cand = 4 * k + p
                if not free_list[cand] or (second[cand] and not last):
                    continue
                if any(chosen[j] for j in near[start[cand]:start[cand + 1]]):
                    continue
                chosen[cand] = 1
                out[k] = PLACES[p]
                break
    return out


def _hits(rects: np.ndarray, box) -> np.ndarray:
    """Which of `rects` (r, 4) overlap `box` (4,) with a positive area (NaN rows: none)."""
    return (rects[:, 0] < box[2]) & (rects[:, 2] > box[0]) & (rects[:, 1] < box[3]) & \
        (rects[:, 3] > box[1])


def replan(bases: np.ndarray, candidates: np.ndarray, allowed: np.ndarray | None,
           order: Sequence[int], rects: np.ndarray, places: np.ndarray,
           changed: Sequence[int], bases_before: np.ndarray
           ) -> tuple[np.ndarray, list[int], dict[int, int]]:
    """`plan` again after a few units moved, looking only at the labels the move can reach:
    the same places as a whole `plan` of the new numbers gives.

    A label's place depends only on the bases over its candidates and on the places of the
    labels before it in `order` over them. So the labels to look at again are the moved
    ones, those with a candidate over a moved base (where it was or is), and, in order,
    those with a candidate over a place another label left or took; every other label
    keeps its place. `bases`, `candidates` (slid, as `plan` got them) and `allowed` are
    the numbers now; `rects` (n, 4) where each label was (NaN: hidden) and `places` (n,)
    which of its places that was (an index of PLACES, -1: hidden); `changed` the
    moved units' indices and `bases_before` (c, 4) their bases before. Returns where each
    label is now (NaN: hidden), the indices of the labels whose place changed and the place
    (an index of PLACES, -1: hidden) of every label looked at.

    The search runs among the bases and labels inside a window about the move, widened
    whenever a label looked at reaches out of it (then everything that can touch the
    labels looked at is inside), so a move costs what its neighbourhood holds."""
    import numpy as np
    n = len(candidates)
    rank = np.empty(n, dtype=np.intp)
    rank[np.asarray(order, dtype=np.intp)] = np.arange(n)
    changed = np.asarray(changed, dtype=np.intp)
    near = np.concatenate([np.asarray(bases_before, dtype=float).reshape(-1, 4),
                           bases[changed], candidates[changed].reshape(-1, 4)])
    lo, hi = near[:, :2].min(axis=0), near[:, 2:].max(axis=0)
    spans = np.concatenate([candidates[changed].reshape(-1, 4), bases[changed]])
    margin = 2.0 * float((spans[:, 2:] - spans[:, :2]).max()) + 1.0
    # each unit's extent: its base and its four places
    c = candidates
    extent = np.column_stack([
        np.minimum(np.minimum(bases[:, :2], c[:, 0, :2]),
                   np.minimum(np.minimum(c[:, 1, :2], c[:, 2, :2]), c[:, 3, :2])),
        np.maximum(np.maximum(bases[:, 2:], c[:, 0, 2:]),
                   np.maximum(np.maximum(c[:, 1, 2:], c[:, 2, 2:]), c[:, 3, 2:]))])
    while True:
        window = (lo[0] - margin, lo[1] - margin, hi[0] + margin, hi[1] + margin)
        sub = np.flatnonzero(_hits(extent, window))
        everything = len(sub) == n
        got = _replan_within(sub, bases, candidates, allowed, rank, rects, places, extent,
                             changed, bases_before, None if everything else window)
        if got is not None:
            return got
        margin *= 2.0


def _replan_within(sub: np.ndarray, bases: np.ndarray, candidates: np.ndarray,
                   allowed: np.ndarray | None, rank: np.ndarray, rects: np.ndarray,
                   places: np.ndarray,
                   extent: np.ndarray, changed: np.ndarray, bases_before: np.ndarray,
                   window: tuple[float, float, float, float] | None
                   ) -> tuple[np.ndarray, list[int], dict[int, int]] | None:
    """`replan` among the units `sub` (those inside `window`; `extent` (n, 4): each unit's
    base and places together); None when a label looked at has a place reaching out of
    the window (what lies beyond may touch it)."""
    import heapq
    import math

    import numpy as np
    sub_bases, sub_cands, sub_rank = bases[sub], candidates[sub], rank[sub]
    sub_extent = extent[sub]
    flat = sub_cands.reshape(-1, 4)
    placed = rects[sub].copy()
    picks = places[sub].tolist()
    heap: list[tuple[int, int]] = []

    def reach(box, adds: bool, after: int = -1) -> None:
        """Queue the labels after rank `after` whose place `box` may change: a box put
        there (`adds`) over the place a label has, one taken away over a place it tries
        before (a label kept off every place tries them all)."""
        for f in np.flatnonzero(_hits(flat, box)).tolist():
            i, p = divmod(f, 4)
            if sub_rank[i] > after and (p == picks[i] if adds else picks[i] < 0 or p < picks[i]):
                heapq.heappush(heap, (int(sub_rank[i]), i))

    for k, before in zip(changed.tolist(), bases_before, strict=True):
        heapq.heappush(heap, (int(rank[k]), int(np.searchsorted(sub, k))))  # sub: sorted
        reach(before, adds=False)
        reach(bases[k], adds=True)
    moved: list[int] = []
    looked: dict[int, int] = {}
    done = -1  # the rank looked at last: a label queued twice is looked at once
    while heap:
        r, i = heapq.heappop(heap)
        if r == done:
            continue
        done = r
        left, top, right, bottom = sub_extent[i].tolist()
        if window is not None and (left <= window[0] or top <= window[1]
                                   or right >= window[2] or bottom >= window[3]):
            return None
        k = int(sub[i])
        # the units whose base or places may touch this label's places: the few near it
        near = np.flatnonzero(_hits(sub_extent, (left, top, right, bottom)))
        near = near[near != i]
        mine = sub_cands[i]
        blocks = np.concatenate([sub_bases[near], placed[near[sub_rank[near] < r]]])
        blocked = _overlaps(mine, blocks).any(axis=1)
        free = ~blocked if allowed is None else allowed[k] & ~blocked
        pick = int(free.argmax()) if free.any() else -1
        cands = mine.tolist()
        looked[k] = pick
        old = placed[i].tolist()
        if pick < 0:
            if math.isnan(old[0]):
                continue
            new = [math.nan] * 4
        else:
            new = cands[pick]
            if new == old:
                continue
        placed[i] = new
        picks[i] = pick
        moved.append(k)
        for box, adds in ((old, False), (new, True)):
            if not math.isnan(box[0]):
                reach(box, adds, r)
    out = rects.copy()
    out[sub] = placed
    return out, moved, looked


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
