"""Base contact (geometry/contact.py): a base moved close to another ends touching it —
not overlapping, not apart — along the line between their centres; the nearest bases."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from geometry.bases import BaseShape, base_polygon
from geometry.contact import CONTACT_TOL_IN, nearest, snap_to_contact
from geometry.distance import edge_distance

R25 = BaseShape.round(25)
TANK = BaseShape.rect(50, 100)


def test_round_bases_touch_on_the_line_between_centres():
    other = base_polygon(R25, 10, 10)
    hit = snap_to_contact(R25, 11.2, 10, 0.0, [other], 0.5)   # 0.2" apart
    assert hit is not None and hit.index == 0
    assert hit.y == pytest.approx(10)
    assert hit.x == pytest.approx(10 + 25 / 25.4, abs=0.01)      # centres one diameter apart


def test_too_far_is_not_snapped_and_an_overlap_is_pushed_out():
    other = base_polygon(R25, 10, 10)
    assert snap_to_contact(R25, 12.5, 10, 0.0, [other], 0.5) is None
    hit = snap_to_contact(R25, 10.3, 10, 0.0, [other], 0.5)       # overlapping
    assert edge_distance(base_polygon(R25, hit.x, hit.y), other) <= 2 * CONTACT_TOL_IN
    assert not base_polygon(R25, hit.x, hit.y).buffer(-CONTACT_TOL_IN).intersects(other)


def test_no_others():
    assert snap_to_contact(R25, 0, 0, 0.0, [], 1.0) is None
    with pytest.raises(ValueError, match="snap_in"):
        snap_to_contact(R25, 0, 0, 0.0, [], -1.0)


def test_nearest_in_order():
    others = [base_polygon(R25, x, 0) for x in (10, 3, 6)]
    found = nearest(base_polygon(R25, 0, 0), others, 2)
    assert [k for k, _ in found] == [1, 2]
    assert found[0][1] == pytest.approx(3 - 25 / 25.4)


@given(angle=st.floats(0, 360), gap=st.floats(0, 0.5), facing=st.floats(0, 360),
       other_facing=st.floats(0, 360))
def test_a_snapped_base_touches_and_does_not_overlap(angle, gap, facing, other_facing):
    other = base_polygon(TANK, 20, 20, other_facing)
    # start from a point outside the tank, in direction `angle`, then move it to `gap`
    ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    t = 0.0
    while edge_distance(base_polygon(R25, 20 + t * ux, 20 + t * uy, facing), other) < gap:
        t += 0.05
    hit = snap_to_contact(R25, 20 + t * ux, 20 + t * uy, facing, [other], 0.6)
    assert hit is not None
    placed = base_polygon(R25, hit.x, hit.y, facing)
    assert edge_distance(placed, other) <= 2 * CONTACT_TOL_IN
    assert placed.intersection(other).area < 1e-6


_centres = st.lists(st.tuples(st.floats(0, 40), st.floats(0, 30), st.floats(0, 360),
                              st.sampled_from([R25, TANK])), min_size=0, max_size=40)


@given(others=_centres, x=st.floats(-5, 45), y=st.floats(-5, 35), facing=st.floats(0, 360),
       n=st.integers(0, 6), snap=st.floats(0, 3))
def test_an_index_of_the_bases_answers_as_the_plain_list(others, x, y, facing, n, snap):
    """BaseIndex prunes with a tree; the snap and the nearest bases are still exactly those
    worked out over every base (same indices, same distances, same order among equals)."""
    from geometry.contact import BaseIndex

    polys = [base_polygon(b, ox, oy, of) for ox, oy, of, b in others]
    index = BaseIndex(polys)
    me = base_polygon(R25, x, y, facing)
    assert index.nearest(me, n) == nearest(me, polys, n)
    assert snap_to_contact(R25, x, y, facing, index, snap) == \
        snap_to_contact(R25, x, y, facing, polys, snap)


def test_an_index_keeps_the_first_of_equally_near_bases():
    from geometry.contact import BaseIndex

    polys = [base_polygon(R25, x, y) for x, y in ((5, 0), (0, 5), (-5, 0), (0, -5), (9, 9))]
    me = base_polygon(R25, 0, 0)
    assert [k for k, _ in BaseIndex(polys).nearest(me, 3)] == [0, 1, 2]
    assert [k for k, _ in nearest(me, polys, 3)] == [0, 1, 2]
