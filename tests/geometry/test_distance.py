"""Edge-to-edge and centre-to-centre distances, single and batched, and the within tests."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from geometry.bases import BaseShape, base_polygon, enclosing_radius_in
from geometry.distance import (
    centre_distance,
    centre_distances,
    distance_matrix,
    edge_distance,
    edge_distances,
    farthest_distance,
    pairs_within,
    wholly_within,
    within,
)

D25 = 25 / 25.4  # 0.984252": diameter of a 25 mm round base
R25 = D25 / 2
TOL = 1e-3  # a round base is a polygon; its chords cost well under a thousandth


def round25(x, y):
    return base_polygon(BaseShape.round(25), x, y, 0)


def test_two_25mm_rounds_10in_apart():
    a, b = round25(0, 0), round25(10, 0)
    assert centre_distance(0, 0, 10, 0) == 10
    assert edge_distance(a, b) == pytest.approx(10 - D25, abs=TOL)  # 9.01575"


def test_rect_depth_along_facing_changes_the_gap():
    # 50 x 100 mm vehicle at the origin and a 25 mm round 5" to its right (+x)
    inf = round25(5, 0)
    side_on = base_polygon(BaseShape.rect(50, 100), 0, 0, 90)  # long axis along y
    end_on = base_polygon(BaseShape.rect(50, 100), 0, 0, 0)  # long axis along x
    assert edge_distance(side_on, inf) == pytest.approx(5 - 25 / 25.4 - R25, abs=TOL)  # 3.5236
    assert edge_distance(end_on, inf) == pytest.approx(5 - 50 / 25.4 - R25, abs=TOL)  # 2.5394


def test_corner_to_corner():
    # 1" squares centred at (0,0) and (3,4): nearest corners (0.5,0.5) and (2.5,3.5)
    a = base_polygon(BaseShape.rect(25.4, 25.4), 0, 0, 0)
    b = base_polygon(BaseShape.rect(25.4, 25.4), 3, 4, 0)
    assert edge_distance(a, b) == pytest.approx(math.hypot(2, 3), abs=1e-9)
    assert centre_distance(0, 0, 3, 4) == pytest.approx(5.0)


def test_touching_and_overlapping_are_zero():
    a = box(0, 0, 1, 1)
    assert edge_distance(a, box(1, 0, 2, 1)) == 0
    assert edge_distance(a, box(0.5, 0.5, 2, 2)) == 0


def test_batch_matches_single():
    a = round25(0, 0)
    others = [round25(10, 0), box(3, -1, 4, 1), base_polygon(BaseShape.oval(60, 35), 0, 6, 90)]
    got = edge_distances(a, others)
    assert got.shape == (3,)
    assert got[0] == pytest.approx(10 - D25, abs=TOL)
    assert got[1] == pytest.approx(3 - R25, abs=TOL)
    # oval facing 90: depth 35 mm along y, so its near edge is 17.5 mm above its centre
    assert got[2] == pytest.approx(6 - 17.5 / 25.4 - R25, abs=TOL)
    assert edge_distances(a, np.array(others, dtype=object)) == pytest.approx(got)
    assert edge_distances(a, []).shape == (0,)
    xs, ys = np.array([3.0, 0.0]), np.array([4.0, -2.0])
    assert centre_distances(0, 0, xs, ys) == pytest.approx([5.0, 2.0])


def test_distance_matrix():
    polys = [box(0, 0, 1, 1), box(3, 0, 4, 1), box(0, 5, 1, 6)]
    m = distance_matrix(polys)
    expected = np.array(
        [[0, 2, 4], [2, 0, math.hypot(2, 4)], [4, math.hypot(2, 4), 0]], dtype=float
    )
    assert m == pytest.approx(expected)
    assert np.array_equal(m, m.T)
    assert distance_matrix([]).shape == (0, 0)
    assert distance_matrix([box(0, 0, 1, 1)]).tolist() == [[0.0]]


def test_pairs_within():
    # 1" squares at x = 0, 2, 3.5 and one far away: gaps 1", 0.5", 1.5" (0 to 2nd)
    polys = [box(x, 0, x + 1, 1) for x in (0, 2, 3.5, 20)]
    assert pairs_within(polys, 1.0).tolist() == [[0, 1], [1, 2]]
    assert pairs_within(polys, 0.5).tolist() == [[1, 2]]
    assert pairs_within(polys, 2.5).tolist() == [[0, 1], [0, 2], [1, 2]]
    assert pairs_within(polys[:1], 5).shape == (0, 2)
    full = distance_matrix(polys)
    for d in (0.4, 1.0, 2.5, 30):
        i, j = np.triu_indices(4, k=1)
        expected = [[a, b] for a, b in zip(i, j, strict=True) if full[a, b] <= d]
        assert pairs_within(polys, d).tolist() == expected


def test_within_and_wholly_within():
    a = base_polygon(BaseShape.rect(25.4, 25.4), 0, 0, 0)  # 1" square, x in [-0.5, 0.5]
    b = round25(5, 0)  # near point x = 4.5079, far point x = 5.4921
    assert within(a, b, 4.01)
    assert not within(a, b, 4.0)
    assert wholly_within(a, b, 4.993)
    assert not wholly_within(a, b, 4.98)
    assert farthest_distance(a, b) == pytest.approx(5 + R25 - 0.5, abs=TOL)
    # exactly at range counts as within (the base is a polygon, the tolerance forgives it)
    c, d = round25(0, 0), round25(10, 0)
    assert within(c, d, 10 - D25)
    assert not within(c, d, 10 - D25 - 0.01)


def test_wholly_within_a_non_convex_shape_finds_the_far_middle():
    # a U: bottom bar y in [0,1], arms x in [0,1] and [9,10] up to y = 5
    u = Polygon([(0, 0), (10, 0), (10, 5), (9, 5), (9, 1), (1, 1), (1, 5), (0, 5)])
    strip = box(2, 4, 8, 4.1)  # its vertices are 1" from an arm; its middle is 3.1" from all
    assert farthest_distance(u, strip) == pytest.approx(3.1, abs=0.003)
    assert not wholly_within(u, strip, 3.0)
    assert wholly_within(u, strip, 3.11)


@pytest.mark.parametrize("d", [-1, float("nan"), "3", True])
def test_bad_distance_names_the_field(d):
    with pytest.raises(ValueError, match="^d:"):
        within(box(0, 0, 1, 1), box(2, 0, 3, 1), d)


def test_bad_shape_in_batch_names_its_index():
    with pytest.raises(ValueError, match=r"others\[1\]"):
        edge_distances(box(0, 0, 1, 1), [box(2, 0, 3, 1), "tank"])


bases = st.sampled_from(
    [BaseShape.round(25), BaseShape.round(60), BaseShape.oval(60, 35), BaseShape.rect(50, 100)]
)
coords = st.floats(-40, 40, allow_nan=False)
angles = st.floats(0, 360, allow_nan=False, exclude_max=True)


@settings(max_examples=150, deadline=None)
@given(bases, coords, coords, angles, bases, coords, coords, angles)
def test_symmetric_and_edge_not_beyond_centre(ba, ax, ay, af, bb, bx, by, bf):
    a = base_polygon(ba, ax, ay, af)
    b = base_polygon(bb, bx, by, bf)
    ab, ba_ = edge_distance(a, b), edge_distance(b, a)
    assert ab == pytest.approx(ba_, abs=1e-12)
    cc = centre_distance(ax, ay, bx, by)
    assert 0 <= ab <= cc + 1e-12
    # and no closer than the circles that hold the two bases allow
    assert ab >= cc - enclosing_radius_in(ba) - enclosing_radius_in(bb) - 1e-9
    assert farthest_distance(a, b) >= ab - 1e-12
    m = distance_matrix([a, b])
    assert m[0, 1] == m[1, 0] == pytest.approx(ab)
