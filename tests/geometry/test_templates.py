"""Blast and flamer templates, the bases under them with covered fractions, and the hole."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Point, box

from geometry.bases import BaseShape, base_polygon
from geometry.templates import (
    BLAST_3,
    BLAST_5,
    HOLE_DIAMETER_IN,
    blast,
    covered_fractions,
    flamer,
    make_template,
    under_template,
)

R25 = 25 / 25.4 / 2


def round25(x, y):
    return base_polygon(BaseShape.round(25), x, y, 0)


def lens_area(R, r, d):
    """Area shared by circles of radii R and r whose centres are d apart (textbook formula)."""
    if d >= R + r:
        return 0.0
    if d <= abs(R - r):
        return math.pi * min(R, r) ** 2
    a = r * r * math.acos((d * d + r * r - R * R) / (2 * d * r))
    b = R * R * math.acos((d * d + R * R - r * r) / (2 * d * R))
    c = 0.5 * math.sqrt((-d + r + R) * (d + r - R) * (d - r + R) * (d + r + R))
    return a + b - c


def test_blast_shapes():
    t3, t5 = blast(10, 20, BLAST_3), blast(10, 20, BLAST_5)
    assert t3.kind == "blast" and t3.centre == (10, 20)
    assert t3.shape.area == pytest.approx(math.pi * 1.5**2, rel=1e-3)  # 7.0686
    assert t5.shape.area == pytest.approx(math.pi * 2.5**2, rel=1e-3)  # 19.635
    assert t3.shape.bounds == pytest.approx((8.5, 18.5, 11.5, 21.5))
    assert t3.hole.area == pytest.approx(math.pi * (HOLE_DIAMETER_IN / 2) ** 2, rel=1e-3)
    assert blast(0, 0, 3, hole_diameter_in=None).hole is None
    with pytest.raises(ValueError, match="hole_diameter_in"):
        blast(0, 0, 3, hole_diameter_in=3)
    with pytest.raises(ValueError, match="diameter_in"):
        blast(0, 0, -3)


def test_under_blast3_with_fractions_and_hole():
    polys = [
        round25(0, 0),  # under the hole, wholly covered
        round25(1.5, 0),  # centred on the rim: the lens formula gives its share
        box(3, -0.5, 4, 0.5),  # clear of the 1.5" radius
        round25(1.5 + R25, 0),  # rim to rim tangent: touching is not under
    ]
    hit = under_template(blast(0, 0, BLAST_3), polys, ["a", "b", "c", "d"])
    assert hit.hole == "a"
    assert hit.ids == ["a", "b"]
    assert hit.under[0] == ("a", pytest.approx(1.0))
    rim = lens_area(1.5, R25, 1.5) / (math.pi * R25**2)  # 0.4105
    assert hit.under[1][1] == pytest.approx(rim, abs=3e-3)


def test_square_straddling_the_5in_rim():
    # a 1" square centred on the rim of the 5" template (R = 2.5): the part inside is
    # integral_{-0.5}^{0.5} (sqrt(R^2 - y^2) - 2) dy = 0.5*sqrt(6) + 6.25*asin(0.2) - 2
    square = base_polygon(BaseShape.rect(25.4, 25.4), 2.5, 0, 0)
    inside = 0.5 * math.sqrt(6.0) + 6.25 * math.asin(0.2) - 2.0  # 0.48323
    frac = covered_fractions(blast(0, 0, BLAST_5), [square])
    assert frac[0] == pytest.approx(inside, abs=1e-3)


def test_ties_sort_by_id_and_no_base_under_the_hole():
    polys = [round25(1.2, 0), round25(-1.2, 0), round25(0, 1.0)]
    hit = under_template(blast(0, 0, BLAST_3), polys, ["zulu", "alpha", "mike"])
    assert hit.hole is None  # the centre falls between the bases
    assert [i for i, _ in hit.under] == ["mike", "alpha", "zulu"]  # 1.0 deep, then a tie
    assert hit.under[1][1] == pytest.approx(hit.under[2][1], abs=1e-9)


def test_hole_on_a_shared_edge_and_in_an_overlap():
    left = base_polygon(BaseShape.rect(25.4, 25.4), -0.5, 0, 0)
    right = base_polygon(BaseShape.rect(25.4, 25.4), 0.5, 0, 0)
    # the centre sits on their shared edge: both contain it, equally near -> smaller id
    assert under_template(blast(0, 0, 3), [right, left], ["b", "a"]).hole == "a"
    # overlapping bases: the one whose centre is nearer the template's centre
    near, far = round25(0.1, 0), round25(0.4, 0)
    assert under_template(blast(0, 0, 3), [far, near], ["a", "b"]).hole == "b"
    # a template without a hole reports none
    assert under_template(blast(0, 0, 3, None), [near], ["n"]).hole is None


def test_under_template_checks_ids():
    with pytest.raises(ValueError, match="ids"):
        under_template(blast(0, 0, 3), [round25(0, 0)], ["a", "b"])
    assert under_template(blast(0, 0, 3), [], []).under == []


def test_flamer_from_a_round_base():
    base = round25(0, 0)
    t = flamer(base, (10, 0))
    assert t.kind == "flamer" and t.hole is None
    assert t.origin == pytest.approx((R25, 0), abs=1e-9)  # the base's edge toward the target
    assert t.direction == pytest.approx(0.0, abs=1e-9)
    minx, miny, maxx, maxy = t.shape.bounds
    assert (minx, maxx) == pytest.approx((R25, R25 + 8), abs=1e-9)  # 8" long
    assert (miny, maxy) == pytest.approx((-1.5, 1.5), abs=1e-6)  # 3" at the widest
    mouth = t.shape.intersection(LineString([(R25 + 1e-9, -5), (R25 + 1e-9, 5)]))
    assert mouth.length == pytest.approx(1.0, abs=1e-6)  # 1" at the narrow end
    # widest across the disc's centre, 1.5" before the far end
    waist = t.shape.intersection(LineString([(R25 + 6.5, -5), (R25 + 6.5, 5)]))
    assert waist.length == pytest.approx(3.0, abs=1e-3)
    assert not t.shape.intersection(base).area > 1e-9


def test_flamer_leaves_a_rect_base_at_its_corner_and_points_at_the_target():
    square = base_polygon(BaseShape.rect(25.4, 25.4), 0, 0, 0)
    t = flamer(square, (10, 10))
    assert t.origin == pytest.approx((0.5, 0.5), abs=1e-9)
    assert t.direction == pytest.approx(45.0)
    far_tip = (0.5 + 8 / math.sqrt(2), 0.5 + 8 / math.sqrt(2))
    assert t.shape.distance(Point(far_tip)) < 1e-6
    assert not t.shape.contains(Point(far_tip[0] + 0.01, far_tip[1] + 0.01))


def test_flamer_from_a_muzzle_point_and_by_name():
    t = make_template("flamer", 2, 3, toward=(2, -10))  # no base: the point is the muzzle
    assert t.origin == pytest.approx((2, 3))
    assert t.direction == pytest.approx(270.0)
    assert t.shape.bounds[1] == pytest.approx(3 - 8)
    base = round25(0, 0)
    named = make_template("flamer", 0, 0, toward=(0, 5), origin=base, length_in=6, wide_in=2)
    assert named.shape.bounds[3] == pytest.approx(R25 + 6)
    assert make_template("blast-5", 1, 1).shape.area == pytest.approx(math.pi * 6.25, rel=1e-3)
    with pytest.raises(ValueError, match="shape_name"):
        make_template("blast-7", 0, 0)
    with pytest.raises(ValueError, match="toward"):
        make_template("flamer", 0, 0)
    with pytest.raises(ValueError, match="toward"):
        flamer(base, (0, 0))
    with pytest.raises(ValueError, match="narrow_in"):
        flamer(base, (5, 0), narrow_in=4)
    with pytest.raises(ValueError, match="length_in"):
        flamer(base, (5, 0), length_in=1)


def test_translated_template_moves_everything():
    t = blast(0, 0, 3).translated(2, -1)
    assert t.centre == (2, -1)
    assert t.hole.centroid.x == pytest.approx(2)
    assert under_template(t, [round25(2, -1)], ["x"]).hole == "x"


coords = st.floats(-6, 6, allow_nan=False)
base_list = st.lists(
    st.tuples(
        st.sampled_from([BaseShape.round(25), BaseShape.oval(60, 35), BaseShape.rect(50, 100)]),
        coords,
        coords,
        st.floats(0, 359, allow_nan=False),
    ),
    min_size=1,
    max_size=8,
)


def placed(bases):
    return [base_polygon(b, x, y, f) for b, x, y, f in bases]


@settings(max_examples=120, deadline=None)
@given(base_list, coords, coords)
def test_blast5_covers_a_superset_of_blast3(bases, cx, cy):
    polys = placed(bases)
    ids = [f"u{i}" for i in range(len(polys))]
    small = dict(under_template(blast(cx, cy, BLAST_3), polys, ids).under)
    large = dict(under_template(blast(cx, cy, BLAST_5), polys, ids).under)
    assert set(small) <= set(large)
    for uid, frac in small.items():
        assert large[uid] >= frac - 1e-9
        assert 0 < frac <= 1


@settings(max_examples=120, deadline=None)
@given(base_list, st.floats(0, 359, allow_nan=False), st.floats(1.0, 2.0))
def test_larger_flamer_covers_a_superset(bases, aim, k):
    """Scaling the teardrop up (all three sizes by k ≥ 1) or widening its far end never
    uncovers a base: the narrow end is fixed and the shape is convex."""
    shooter = base_polygon(BaseShape.round(25), 0, 0, 0)
    toward = (20 * math.cos(math.radians(aim)), 20 * math.sin(math.radians(aim)))
    polys = placed(bases)
    base = covered_fractions(flamer(shooter, toward), polys)
    scaled = covered_fractions(flamer(shooter, toward, 8 * k, 1 * k, 3 * k), polys)
    wider = covered_fractions(flamer(shooter, toward, 8, 1, 3 * k), polys)
    for bigger in (scaled, wider):
        assert np.all((base == 0) | (bigger > 0))
        assert np.all(bigger >= base - 1e-9)


def test_flamer_longer_reaches_farther():
    shooter = round25(0, 0)
    polys = [round25(7, 0), round25(9.5, 0)]
    assert under_template(flamer(shooter, (20, 0)), polys, ["near", "far"]).ids == ["near"]
    long_one = flamer(shooter, (20, 0), length_in=10)
    assert set(under_template(long_one, polys, ["near", "far"]).ids) == {"near", "far"}


def test_covered_fractions_refuses_non_shapes():
    with pytest.raises(ValueError, match=r"polys\[0\]"):
        covered_fractions(blast(0, 0, 3), ["tank"])


def test_flamer_is_the_teardrop_rotated():
    """The same teardrop in any direction: rotating the east-pointing one gives the other."""
    shooter = Point(0, 0)
    east = flamer(shooter, (1, 0))
    for deg in (30.0, 135.0, 260.0):
        r = math.radians(deg)
        other = flamer(shooter, (math.cos(r), math.sin(r)))
        turned = affinity.rotate(east.shape, deg, origin=(0, 0))
        assert other.shape.symmetric_difference(turned).area < 1e-6
        assert other.shape.area == pytest.approx(east.shape.area)
