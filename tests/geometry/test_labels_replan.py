"""`replan` (a few units moved: only the labels they reach looked at again) gives the very
places a whole `plan` of the new numbers gives."""

from __future__ import annotations

import numpy as np
import pytest

from geometry.labels import PLACES, candidate_rects, fit_inside, greedy_order, plan, replan


def _layout(boxes, pos, sizes, areas, bounds, s):
    left, top = boxes[:, 0] + pos[:, 0], boxes[:, 1] + pos[:, 1]
    bases = s * np.column_stack([left, top, left + boxes[:, 2], top + boxes[:, 3]])
    shifted, allowed = fit_inside(candidate_rects(boxes, pos, sizes, 2.0, s), bounds)
    order = greedy_order(areas, [False] * len(pos))
    places = plan(bases, shifted, order, allowed)
    rects = np.full((len(pos), 4), np.nan)
    for k, where in enumerate(places):
        if where is not None:
            rects[k] = shifted[k, PLACES.index(where)]
    picks = np.array([PLACES.index(w) if w else -1 for w in places])
    return bases, shifted, allowed, order, rects, picks


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("s", [6.0, 14.0, 40.0])
def test_replan_is_plan(seed, s):
    rng = np.random.default_rng(seed)
    n = 300
    w, h = 72.0, 48.0
    pos = np.column_stack([rng.uniform(0, w, n), rng.uniform(0, h, n)])
    half = rng.uniform(0.3, 1.2, (n, 2))
    boxes = np.column_stack([-half, 2 * half])
    sizes = np.column_stack([rng.uniform(20, 80, n), np.full(n, 14.0)])
    areas = (4 * half[:, 0] * half[:, 1]).round(1).tolist()
    bounds = (0.0, 0.0, s * w, s * h)
    bases, shifted, allowed, order, rects, picks = _layout(boxes, pos, sizes, areas, bounds, s)
    for _ in range(6):  # a few moves in a row, each from the last one's places
        moved = rng.choice(n, size=int(rng.integers(1, 4)), replace=False)
        before = bases[moved].copy()
        pos = pos.copy()
        pos[moved] += rng.normal(0, 3, (len(moved), 2))
        boxes = boxes.copy()
        boxes[moved[:1]] = boxes[moved[:1]][:, [1, 0, 3, 2]]  # one turned a quarter
        new = _layout(boxes, pos, sizes, areas, bounds, s)
        got, changed, looked = replan(new[0], new[1], new[2], order, rects, picks,
                                      moved.tolist(), before)
        np.testing.assert_array_equal(got, new[4])
        differs = ~np.all((got == rects) | (np.isnan(got) & np.isnan(rects)), axis=1)
        assert sorted(changed) == np.flatnonzero(differs).tolist()
        for k, p in looked.items():  # the place named is the place taken
            assert (p < 0) == np.isnan(got[k, 0])
            if p >= 0:
                np.testing.assert_array_equal(new[1][k, p], got[k])
        bases, shifted, allowed, order, rects, picks = new
