"""geometry.outline_rows: rows and cells kept per outline object, worked out once, never
taken for another outline (a collected outline's slot is reused with a new generation)."""

from __future__ import annotations

import gc

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.outline_rows import SLOTS, Cells, Rows, slots_of, tables_of


def _square(x: float) -> shapely.Polygon:
    return shapely.box(x, 0.0, x + 1.0, 1.0)


def _xs(polys: np.ndarray) -> tuple[np.ndarray]:
    return (shapely.bounds(polys)[:, 0].copy(),)


def test_a_row_is_worked_out_once_per_outline_and_given_back_in_order():
    asked = []

    def compute(polys):
        asked.append(len(polys))
        return _xs(polys)

    rows = Rows(compute)
    a, b, c = (np.array([_square(x)], dtype=object)[0] for x in (1.0, 2.0, 3.0))
    polys = np.array([a, b, a], dtype=object)
    (x,) = rows.get(polys, slots_of(polys))
    assert x.tolist() == [1.0, 2.0, 1.0] and asked == [3]
    polys = np.array([c, b, a], dtype=object)
    (x,) = rows.get(polys, slots_of(polys))
    assert x.tolist() == [3.0, 2.0, 1.0] and asked == [3, 1]  # only c was new
    assert rows.row(b)[0] == 2.0 and rows.row(_square(2.0)) is None  # equal, not the same


def test_a_collected_outline_leaves_no_row_for_the_next_in_its_slot():
    rows = Rows(_xs)
    first = _square(5.0)
    rows.get(np.array([first], dtype=object), slots_of([first]))
    slot = SLOTS.slot(first)
    del first
    gc.collect()
    later = [_square(float(x)) for x in range(7, 40)]  # one of them takes the freed slot
    arr = np.array(later, dtype=object)
    slots = slots_of(arr)
    assert slot in slots.tolist()
    (x,) = rows.get(arr, slots)
    assert x.tolist() == [float(v) for v in range(7, 40)]


def test_cells_are_worked_out_once_per_outline_and_column():
    asked = []
    cells = Cells(3)
    a, b = _square(1.0), _square(2.0)
    slots = slots_of([a, b])

    def compute_for(owner, column):
        def compute(h):
            asked.append(len(h))
            return (10 * owner[h] + column[h],)
        return compute

    owner, column = np.array([0, 1, 1]), np.array([2, 0, 2])
    (v,) = cells.get(slots[owner], column, compute_for(owner, column))
    assert v.tolist() == [2, 10, 12] and asked == [3]
    owner, column = np.array([1, 0, 0]), np.array([2, 2, 1])
    (v,) = cells.get(slots[owner], column, compute_for(owner, column))
    assert v.tolist() == [12, 2, 1] and asked == [3, 1]


def test_a_row_of_cells_works_out_only_the_columns_not_kept():
    """Cells.row: the whole row of one outline, each field (1, width), the cells `get`
    filled kept, and the values `get` gives after it."""
    asked = []
    cells = Cells(4)
    a, b = _square(1.0), _square(2.0)
    sa, sb = slots_of([a, b])

    def compute_row(owner):
        def compute(h):
            asked.append(h.tolist())
            return (10 * owner + h,)
        return compute

    cells.get(np.array([sa, sa]), np.array([1, 3]), lambda h: (np.array([11, 13])[h],))
    (v,) = cells.row(sa, compute_row(1))
    assert v.shape == (1, 4) and v.tolist() == [[10, 11, 12, 13]] and asked == [[0, 2]]
    (v,) = cells.row(sa, compute_row(1))
    assert v.tolist() == [[10, 11, 12, 13]] and asked == [[0, 2]]  # nothing new
    v[0, 0] = -1  # the caller's copy: the table keeps its own
    (w,) = cells.get(np.array([sa, sb]), np.array([0, 0]), lambda h: (np.array([0, 20])[h],))
    assert w.tolist() == [10, 20]


def test_tables_go_with_their_owner_and_are_not_pickled_with_it():
    """A terrain index sent to the second process carries no tables: their slots are this
    process's, and would name other outlines there."""
    import pickle

    from geometry.terrain import TerrainIndex, TerrainPiece

    index = TerrainIndex([TerrainPiece("b", "building", polygon=[(0, 0), (2, 0), (2, 2)])])
    tables_of(index)["x"] = 1
    assert tables_of(index) == {"x": 1}
    again = pickle.loads(pickle.dumps(index))
    assert tables_of(again) == {}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 30)), min_size=1, max_size=60))
def test_rows_always_match_their_outline(steps):
    """Outlines made and dropped in any order: every row given is its own outline's."""
    rows = Rows(_xs)
    alive: list[shapely.Polygon] = []
    for make, x in steps:
        if make or not alive:
            alive.append(_square(float(x)))
        else:
            alive.pop(x % len(alive))
            gc.collect()
        arr = np.array(alive, dtype=object)
        (got,) = rows.get(arr, slots_of(arr))
        assert got.tolist() == shapely.bounds(arr)[:, 0].tolist()
