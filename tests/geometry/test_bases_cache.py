"""The placed outlines' cache holds a 5,000-unit table: a second pass over every unit finds
each outline kept (the same object) and it answers as one built afresh."""

from __future__ import annotations

import shapely

from geometry.bases import PLACED_KEPT, BaseShape, base_polygon, clear_cache

ROUND, RECT = BaseShape("round", 25, 25), BaseShape("rect", 50, 100)


def _table(n: int) -> list[tuple[BaseShape, float, float, float]]:
    return [(RECT if i % 3 == 0 else ROUND, 1.0 + (i % 100) * 0.7, 1.0 + (i // 100) * 0.9,
             float(i * 37 % 360)) for i in range(n)]


def test_a_5000_unit_table_stays_cached_between_passes():
    assert PLACED_KEPT >= 3 * 5000
    clear_cache()
    table = _table(5000)
    first = [base_polygon(*p) for p in table]
    again = [base_polygon(*p) for p in table]
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_a_kept_outline_answers_as_one_built_afresh():
    table = _table(5000)
    kept = [base_polygon(*p) for p in table]
    clear_cache()
    fresh = [base_polygon(*p) for p in table]
    for a, b in zip(kept, fresh, strict=True):
        assert a is not b and shapely.equals_exact(a, b, tolerance=0.0)
        assert shapely.intersects_xy(a, *shapely.get_coordinates(shapely.centroid(b))[0])
