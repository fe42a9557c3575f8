"""Where each unit's label goes at a zoom: the board's greedy label placement, vectorised.

The rule (BoardScene.layout_labels): vehicles (larger bases) first, then commanders, then
the rest in the board's order; each label tries below, above, right and left of its base
and takes the first place that overlaps no other unit's base and no label placed before it;
a label with no free place is hidden. Rectangles are in pixels at the zoom, overlap is
strict (touching edges do not collide).

All 4 candidate rectangles of every label are built at once; their collisions with the bases
and with each other come from one bounding-box tree query each (shapely.STRtree), so the
greedy pass looks only at the handful of candidates near each label instead of comparing
every candidate with every base and label (which took 50-80 ms at 500 units, per zoom step).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

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


def _strict_pairs(tree_boxes: np.ndarray, query_boxes: np.ndarray) -> tuple[np.ndarray,
                                                                            np.ndarray]:
    """(query, tree) index pairs whose rectangles overlap with a positive area."""
    tree = shapely.STRtree(shapely.box(*tree_boxes.T))
    q, t = tree.query(shapely.box(*query_boxes.T))
    a, b = query_boxes[q], tree_boxes[t]
    keep = (a[:, 0] < b[:, 2]) & (a[:, 2] > b[:, 0]) & (a[:, 1] < b[:, 3]) & (a[:, 3] > b[:, 1])
    return q[keep], t[keep]


def plan(bases: np.ndarray, candidates: np.ndarray, order: Sequence[int]) -> list[str | None]:
    """Each label's place (a PLACES name) or None (hidden).

    `bases` (n, 4): every base's pixel rectangle; `candidates` (n, 4, 4) from
    `candidate_rects`; `order`: the greedy order of the labels."""
    n = len(bases)
    flat = candidates.reshape(n * 4, 4)
    owner = np.repeat(np.arange(n), 4)
    q, b = _strict_pairs(bases, flat)
    blocked = np.zeros(n * 4, dtype=bool)
    blocked[q[owner[q] != b]] = True
    q, c = _strict_pairs(flat, flat)
    other = owner[q] != owner[c]
    q, c = q[other], c[other]
    sort = np.argsort(q, kind="stable")
    q, c = q[sort], c[sort]
    starts = np.searchsorted(q, np.arange(n * 4 + 1))
    near = c.tolist()
    start = starts.tolist()
    free = (~blocked).tolist()
    chosen = bytearray(n * 4)
    out: list[str | None] = [None] * n
    for k in order:
        for p in range(4):
            cand = 4 * k + p
            if not free[cand]:
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
