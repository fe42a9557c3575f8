"""Landing odds of a scattered blast template: hand cases, the heat map, and agreement with a
brute-force loop of `under_template` over the same faces and bearings."""

import math
import re

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geometry.bases import BaseShape, base_polygon
from geometry.scatter import scatter_point
from geometry.template_odds import (
    coverage_raster,
    d6_minus_accuracy,
    d20_steps,
    landings,
    template_odds,
)
from geometry.templates import make_template, under_template

R25 = 25 / 25.4 / 2  # 0.492126"


def round25(x, y):
    return base_polygon(BaseShape.round(25), x, y, 0)


# --- schemes and landings -----------------------------------------------------------------


def test_d6_minus_accuracy_faces():
    s = d6_minus_accuracy(3)
    assert s.distances == (0.0, 0.0, 0.0, 1.0, 2.0, 3.0)
    assert s.p_no_scatter() == 0.5
    assert [(d, float(p)) for d, p in s.distance_weights()] == [
        (0.0, 0.5), (1.0, 1 / 6), (2.0, 1 / 6), (3.0, 1 / 6)]
    assert d6_minus_accuracy(6).distances == (0.0,) * 6
    assert d6_minus_accuracy(-1).distances == (2.0, 3.0, 4.0, 5.0, 6.0, 7.0)


def test_d20_steps_faces():
    s = d20_steps(0.5)
    assert s.distances[0] == 0.5 and s.distances[-1] == 10.0
    assert s.p_no_scatter() == 0.0


@pytest.mark.parametrize(("call", "field"), [
    (lambda: d20_steps(0), "inches_per_step"),
    (lambda: d20_steps(True), "inches_per_step"),
    (lambda: d6_minus_accuracy(2.5), "accuracy"),
    (lambda: landings((math.nan, 0), d20_steps()), "aim.x"),
    (lambda: landings((0, 0), d20_steps(), 0), "n_bearings"),
    (lambda: template_odds("blast-7", (0, 0), d20_steps(), [], []), "shape"),
    (lambda: template_odds("blast-3", (0, 0), d20_steps(), [round25(0, 0)], []), "ids"),
    (lambda: template_odds("blast-3", (0, 0), d20_steps(), ["x"], ["a"]), "polys[0]"),
    (lambda: coverage_raster("blast-3", (0, 0), d20_steps(), cell=0), "cell"),
])
def test_bad_input_names_the_field(call, field):
    with pytest.raises(ValueError, match=re.escape(field)):
        call()


def test_flamer_does_not_scatter():
    with pytest.raises(ValueError, match="flamer does not scatter"):
        template_odds("flamer", (0, 0), d20_steps(), [round25(0, 0)], ["a"])


def test_landings_weights_sum_to_one_and_zero_distance_is_one_point():
    land = landings((10, 10), d6_minus_accuracy(3), n_bearings=180)
    assert land.weights.sum() == pytest.approx(1.0, abs=1e-12)
    assert land.centres.shape == (1 + 3 * 180, 2)
    assert tuple(land.centres[0]) == (10.0, 10.0) and land.weights[0] == 0.5
    # bearing 90 at distance 2 lands 2" down the table
    k = np.flatnonzero((land.distance == 2.0) & (land.bearing == 90.0))[0]
    assert land.centres[k] == pytest.approx((10.0, 12.0))


# --- hand cases ---------------------------------------------------------------------------


def test_unit_at_the_aim_point_with_d6_minus_3():
    # 25 mm base (r 0.492") at the aim. Blast-3 (r 1.5): no scatter 3/6 and 1" (gap
    # 0.508") are under; 2" (gap 1.508") and 3" miss: 4/6. The hole: only no scatter.
    odds = template_odds("blast-3", (20, 20), d6_minus_accuracy(3), [round25(20, 20)], ["a"])
    assert odds.of("a") == pytest.approx((4 / 6, 3 / 6), abs=1e-12)
    # Blast-5 (r 2.5) also reaches it from 2" (gap 1.508"), not from 3" (gap 2.508").
    odds = template_odds("blast-5", (20, 20), d6_minus_accuracy(3), [round25(20, 20)], ["a"])
    assert odds.of("a") == pytest.approx((5 / 6, 3 / 6), abs=1e-12)


def test_unit_far_away_has_no_chance():
    odds = template_odds("blast-5", (10, 10), d20_steps(1.0), [round25(40, 10)], ["far"])
    # farthest landing 20", template r 2.5: the base's edge at 29.5" is out of reach
    assert odds.of("far") == (0.0, 0.0)
    assert odds.ranked() == []


def test_unit_on_a_ring_is_hit_from_part_of_the_bearings():
    # A 25 mm base 5" east of the aim, d20 × 1": only face 5 can put the hole on it.
    # Its base spans ±asin(0.492/5) = ±5.65° seen from the aim: bearings −4°…4° (5 of 180).
    odds = template_odds("blast-3", (0, 0), d20_steps(1.0), [round25(5, 0)], ["a"])
    assert odds.of("a")[1] == pytest.approx((1 / 20) * (5 / 180), abs=1e-12)


def test_overlapping_bases_share_the_hole_by_nearest_centre():
    # Two bases overlapping around the aim: without scatter the hole goes to the nearer one.
    polys = [round25(10.2, 10), round25(10.5, 10)]
    odds = template_odds("blast-3", (10, 10), d6_minus_accuracy(6), polys, ["b", "a"])
    assert odds.of("b") == (1.0, 1.0)
    assert odds.of("a") == (1.0, 0.0)
    # equidistant: the smaller id wins
    polys = [round25(9.8, 10), round25(10.2, 10)]
    odds = template_odds("blast-3", (10, 10), d6_minus_accuracy(6), polys, ["b", "a"])
    assert odds.of("a")[1] == 1.0 and odds.of("b")[1] == 0.0


# --- heat map -----------------------------------------------------------------------------


def test_heat_map_with_no_scatter_is_the_template_itself():
    h = coverage_raster("blast-3", (10, 10), d6_minus_accuracy(6), cell=0.1)
    assert h.at(10.05, 10.05) == 1.0
    assert h.at(11.35, 10.05) == 1.0  # 1.35" from the aim
    assert h.at(11.65, 10.05) == 0.0  # 1.65"
    assert set(np.unique(h.values)) == {0.0, 1.0}


def test_heat_map_matches_landings_counted_by_hand():
    # d6 − 3 blast-3, the aim itself: covered by no scatter (1/2) and every 1" landing
    # (1/6); never by 2" or 3" (≥ 1.5" away): 2/3.
    h = coverage_raster("blast-3", (0, 0), d6_minus_accuracy(3), cell=0.02)
    assert h.at(0.001, 0.001) == pytest.approx(4 / 6, abs=1e-9)
    # a point 4" east: only 3" landings within 1.5" of it, over bearings where
    # |(4,0) − 3u(θ)| < 1.5 → cos θ > (16 + 9 − 2.25)/24 → |θ| < 18.57°: bearings −18…18
    # in 2° steps, 19 of 180.
    x = h.x0 + h.cell * (math.floor((4.0 - h.x0) / h.cell) + 0.5)
    y = h.y0 + h.cell * (math.floor((0.0 - h.y0) / h.cell) + 0.5)
    c = (x * x + y * y + 9 - 2.25) / (2 * math.hypot(x, y) * 3)
    half = math.degrees(math.acos(c))
    phi = math.degrees(math.atan2(y, x))
    count = sum(1 for k in range(180) if abs((2 * k - phi + 180) % 360 - 180) < half)
    assert count == 19
    assert h.at(4.0, 0.0) == pytest.approx(count / 180 / 6, abs=1e-12)


def test_heat_map_clipped_to_the_table():
    h = coverage_raster("blast-5", (1, 1), d20_steps(1.0), clip=(0, 0, 72, 48))
    assert h.x0 == 0 and h.y0 == 0
    assert 23.5 <= h.width_in < 23.5 + h.cell  # aim 1" + 20" + 2.5"
    assert 23.5 <= h.height_in < 23.5 + h.cell


# --- properties against the brute-force loop ----------------------------------------------


def brute_force(shape, aim, land, polys, ids):
    """Every landing laid by hand with geometry.templates, as template_query does."""
    under = dict.fromkeys(ids, 0.0)
    hole = dict.fromkeys(ids, 0.0)
    for d, b, w in zip(land.distance, land.bearing, land.weights, strict=True):
        template = make_template(shape, *aim)
        cx, cy = scatter_point(*aim, float(d), float(b))
        template = template.translated(cx - aim[0], cy - aim[1])
        hit = under_template(template, polys, ids)
        for i, _ in hit.under:
            under[i] += w
        if hit.hole is not None:
            hole[hit.hole] += w
    return np.array([under[i] for i in ids]), np.array([hole[i] for i in ids])


base_shapes = st.sampled_from([BaseShape.round(25), BaseShape.round(40), BaseShape.oval(60, 35),
                               BaseShape.rect(50, 100), BaseShape.rect(25.4, 25.4)])
units = st.lists(st.tuples(st.floats(0, 24), st.floats(0, 24), st.floats(0, 360), base_shapes),
                 min_size=1, max_size=6)
schemes = st.one_of(st.integers(-1, 7).map(d6_minus_accuracy),
                    st.sampled_from([0.5, 1.0]).map(d20_steps))
aims = st.tuples(st.floats(4, 20), st.floats(4, 20))


def _place(specs):
    polys = [base_polygon(b, x, y, f) for x, y, f, b in specs]
    return polys, [f"u{k}" for k in range(len(specs))]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(units, schemes, aims, st.sampled_from(["blast-3", "blast-5"]))
def test_agrees_with_brute_force_loop(specs, scheme, aim, shape):
    polys, ids = _place(specs)
    odds = template_odds(shape, aim, scheme, polys, ids, n_bearings=36)
    under, hole = brute_force(shape, aim, odds.landings, polys, ids)
    assert odds.under == pytest.approx(under, abs=1e-9)
    assert odds.hole == pytest.approx(hole, abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(units, schemes, aims)
def test_probability_properties(specs, scheme, aim):
    polys, ids = _place(specs)
    small = template_odds("blast-3", aim, scheme, polys, ids)
    big = template_odds("blast-5", aim, scheme, polys, ids)
    for odds in (small, big):
        assert np.all((odds.under >= 0) & (odds.under <= 1 + 1e-12))
        assert np.all((odds.hole >= 0) & (odds.hole <= odds.under + 1e-12))
        assert odds.hole.sum() <= 1 + 1e-12  # one hole per landing
    assert np.all(big.under >= small.under - 1e-12)
    assert big.hole == pytest.approx(small.hole, abs=1e-12)  # same centres, same hole


@settings(max_examples=60, deadline=None)
@given(units, st.integers(6, 9), aims, st.sampled_from(["blast-3", "blast-5"]))
def test_no_scatter_equals_the_template_laid_on_its_aim(specs, accuracy, aim, shape):
    polys, ids = _place(specs)
    odds = template_odds(shape, aim, d6_minus_accuracy(accuracy), polys, ids)
    hit = under_template(make_template(shape, *aim), polys, ids)
    assert odds.under.tolist() == [1.0 if i in hit.ids else 0.0 for i in ids]
    assert odds.hole.tolist() == [1.0 if i == hit.hole else 0.0 for i in ids]


@settings(max_examples=30, deadline=None)
@given(schemes, st.sampled_from(["blast-3", "blast-5"]))
def test_heat_map_in_unit_interval_and_peaks_near_the_aim(scheme, shape):
    h = coverage_raster(shape, (0, 0), scheme, n_bearings=90, cell=0.25)
    assert h.values.min() >= 0 and h.values.max() <= 1
    # the heat map at a point = P(a 0-size base there is under the template), a circle's rule
    land = landings((0, 0), scheme, 90)
    for x, y in [(0.1, 0.1), (1.3, -0.6), (3.4, 2.1)]:
        cx = h.x0 + h.cell * (math.floor((x - h.x0) / h.cell) + 0.5)
        cy = h.y0 + h.cell * (math.floor((y - h.y0) / h.cell) + 0.5)
        r = 1.5 if shape == "blast-3" else 2.5
        inside = np.hypot(land.centres[:, 0] - cx, land.centres[:, 1] - cy) < r
        assert h.at(x, y) == pytest.approx(float(land.weights[inside].sum()), abs=1e-9)


def _full_grid_raster(shape, aim, scheme, n_bearings, cell, clip):
    """The heat map as it was worked out before its ring-per-distance speed-up: the arc
    formula over every cell for every distance (the oracle the fast one must equal)."""
    from geometry.template_odds import diameter_of

    radius = diameter_of(shape) / 2
    x, y = aim
    pairs = scheme.distance_weights()
    reach = max(d for d, _ in pairs) + radius
    lo_x, lo_y, hi_x, hi_y = x - reach, y - reach, x + reach, y + reach
    if clip is not None:
        lo_x, lo_y = max(lo_x, clip[0]), max(lo_y, clip[1])
        hi_x, hi_y = min(hi_x, clip[2]), min(hi_y, clip[3])
    cols, rows = max(0, math.ceil((hi_x - lo_x) / cell)), max(0, math.ceil((hi_y - lo_y) / cell))
    dx, dy = np.meshgrid(lo_x + (np.arange(cols) + 0.5) * cell - x,
                         lo_y + (np.arange(rows) + 0.5) * cell - y)
    rho, phi = np.hypot(dx, dy), np.degrees(np.arctan2(dy, dx))
    step, out = 360.0 / n_bearings, np.zeros_like(rho)
    for d, p in pairs:
        if d == 0:
            out += float(p) * (rho < radius)
            continue
        with np.errstate(divide="ignore", invalid="ignore"):
            c = (rho * rho + d * d - radius * radius) / (2 * rho * d)
        half = np.degrees(np.arccos(np.clip(c, -1.0, 1.0)))
        count = np.clip(np.ceil((phi + half) / step) - np.floor((phi - half) / step) - 1,
                        0, n_bearings)
        count = np.where(c <= -1.0, n_bearings,
                         np.where((c >= 1.0) | np.isnan(c), 0, count))
        out += float(p) * count / n_bearings
    return np.clip(out, 0.0, 1.0)


@settings(max_examples=60, deadline=None)
@given(schemes, st.sampled_from(["blast-3", "blast-5"]),
       st.floats(-5, 80), st.floats(-5, 55), st.sampled_from([0.1, 0.2, 0.25, 0.5]),
       st.sampled_from([90, 180, 7]), st.booleans())
def test_heat_map_equals_the_full_grid_formula_bit_for_bit(scheme, shape, x, y, cell, n,
                                                           clipped):
    """Each distance only visits its ring of cells: the values are the same floats as the
    formula over the whole raster (speed must not change a figure)."""
    clip = (0.0, 0.0, 72.0, 48.0) if clipped else None
    h = coverage_raster(shape, (x, y), scheme, n_bearings=n, cell=cell, clip=clip)
    want = _full_grid_raster(shape, (x, y), scheme, n, cell, clip)
    if want.size == 0:
        assert h.values.size == 0
    else:
        assert h.values.shape == want.shape and np.array_equal(h.values, want)


@pytest.mark.parametrize("aim", [(0.0, 0.0), (1.5, 0.0), (0.1, 2.5)])
def test_heat_map_cells_on_a_ring_edge_or_at_the_aim_match_the_formula(aim):
    """Cell centres exactly on ρ = d ± r or at the aim itself (ρ = 0, d = r) are where the
    ring's bounds could cut a cell off: they must still equal the full formula."""
    for shape, scheme in [("blast-3", d20_steps(1.5)), ("blast-3", d20_steps(0.5)),
                          ("blast-5", d6_minus_accuracy(1))]:
        h = coverage_raster(shape, aim, scheme, cell=0.5)
        assert np.array_equal(h.values, _full_grid_raster(shape, aim, scheme, 180, 0.5, None))


def dense_landing_hits(shape, aim, scheme, polys, ids, n_bearings):
    """landing_hits as it was before its spatial index: every base's box against every
    landing (a dense prefilter), and the hole's winner over every base × landing."""
    import shapely

    from geometry.landing_cover import EXACT_BAND_IN, _overlaps
    from geometry.scatter_landings import diameter_of
    from geometry.templates import TEMPLATE_QUAD_SEGS, blast

    radius = diameter_of(shape) / 2
    arr = np.asarray(polys, dtype=object)
    land = landings(aim, scheme, n_bearings)
    m = land.weights.size
    under = np.zeros((arr.size, m), dtype=bool)
    hole = np.full(m, -1, dtype=np.int64)
    ring = shapely.get_coordinates(blast(*land.aim, diameter_of(shape)).shape.exterior)
    apothem = radius * math.cos(math.pi / (4 * TEMPLATE_QUAD_SEGS))
    nb = shapely.bounds(arr)
    px, py = land.centres[:, 0], land.centres[:, 1]
    bx = np.maximum(0.0, np.maximum(nb[:, 0, None] - px, px - nb[:, 2, None]))
    by = np.maximum(0.0, np.maximum(nb[:, 1, None] - py, py - nb[:, 3, None]))
    k, j = np.nonzero(bx * bx + by * by < radius * radius)
    points = shapely.points(land.centres)
    dist = np.full((arr.size, m), np.inf)
    dist[k, j] = shapely.distance(arr[k], points[j])
    hit = dist < apothem - EXACT_BAND_IN
    edge = (~hit) & (dist < radius)
    if edge.any():
        ek, ej = np.nonzero(edge)
        hit[ek, ej] = _overlaps(ring, land.offsets[ej], arr[ek])
    under[:] = hit
    inside = dist == 0.0
    if inside.any():
        order = np.array(sorted(range(len(ids)), key=lambda q: ids[q]), dtype=np.int64)
        ins = inside[order]
        cols = np.flatnonzero(ins.any(axis=0))
        cents = shapely.centroid(arr[order])
        gaps = np.round(shapely.distance(cents[:, None], points[None, cols]), 9)
        gaps[~ins[:, cols]] = np.inf
        hole[cols] = order[np.argmin(gaps, axis=0)]
    return under, hole


crowd = st.lists(st.tuples(st.sampled_from([4.0, 4.5, 5.0, 6.0]),
                           st.sampled_from([4.0, 4.5, 5.0, 6.0]), st.sampled_from([0.0, 90.0]),
                           base_shapes), min_size=1, max_size=10)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(units, crowd), schemes, aims, st.sampled_from(["blast-3", "blast-5"]),
       st.permutations([f"u{k}" for k in range(10)]))
def test_landing_hits_equal_the_dense_prefilter_exactly(specs, scheme, aim, shape, names):
    """The spatial index and the per-pair hole winner decide every (base, landing) as the
    dense version did, ties included (stacked bases with equal centres: the smallest id)."""
    from geometry.template_odds import landing_hits

    polys = [base_polygon(b, x, y, f) for x, y, f, b in specs]
    ids = names[:len(specs)]
    got = landing_hits(shape, aim, scheme, polys, ids, n_bearings=36)
    under, hole = dense_landing_hits(shape, aim, scheme, polys, ids, 36)
    assert np.array_equal(got.under, under)
    assert np.array_equal(got.hole, hole)


def _crowded_table(n: int, seed: int):
    """n bases of every shape at random spots and facings on a 30" × 20" patch, stacked
    and overlapping: pairs of every kind (inside, near the edge, boxes' corners)."""
    rng = np.random.default_rng(seed)
    shapes = [BaseShape.round(25), BaseShape.round(40), BaseShape.oval(60, 35),
              BaseShape.rect(50, 100), BaseShape.rect(25.4, 25.4)]
    polys = [base_polygon(shapes[int(rng.integers(len(shapes)))], float(rng.uniform(0, 30)),
                          float(rng.uniform(0, 20)), float(rng.uniform(0, 360)))
             for _ in range(n)]
    return polys, [f"b{k:03d}" for k in range(n)]


@pytest.mark.parametrize("seed", [1, 2])
def test_landing_hits_decided_by_the_discs_equal_every_pair_measured(seed):
    """Most pairs are decided by each base's inner and outer disc, not measured: on a
    crowded table (every base shape, rotated) the decisions are those of measuring every
    pair with GEOS, for both templates and both schemes."""
    polys, ids = _crowded_table(300, seed)
    assert_decided_as_every_pair_measured(polys, ids, 60, [
        ("blast-3", d20_steps(1.0), (15.0, 10.0)), ("blast-5", d6_minus_accuracy(2), (8.0, 6.0)),
        ("blast-3", d6_minus_accuracy(0), (25.0, 15.0))])


def assert_decided_as_every_pair_measured(polys, ids, n_bearings, placements) -> None:
    """landing_hits equals the dense, every-pair GEOS version for each (shape, scheme,
    aim), with someone under the template and under the hole somewhere."""
    from geometry.template_odds import landing_hits

    for shape, scheme, aim in placements:
        got = landing_hits(shape, aim, scheme, polys, ids, n_bearings=n_bearings)
        under, hole = dense_landing_hits(shape, aim, scheme, polys, ids, n_bearings)
        assert got.under.any() and (got.hole >= 0).any()
        assert np.array_equal(got.under, under)
        assert np.array_equal(got.hole, hole)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(units, crowd), schemes, aims, st.sampled_from(["blast-3", "blast-5"]),
       st.sampled_from([180, 36, 7]))
def test_odds_are_the_exact_sums_of_the_landing_chances_rounded_once(specs, scheme, aim,
                                                                     shape, n):
    """template_odds sums each base's covering landings exactly (whole shares of one
    denominator): the float nearest the exact fraction, whatever order the pairs come in
    (a float sum's last bits hang on its order; a shown 0.25% is then 0.2% or 0.3%)."""
    from fractions import Fraction

    from geometry.template_odds import landing_hits

    polys, ids = _place(specs)
    odds = template_odds(shape, aim, scheme, polys, ids, n_bearings=n)
    hits = landing_hits(shape, aim, scheme, polys, ids, n_bearings=n)
    chance = [p / n for d, p in scheme.distance_weights() if d > 0 for _ in range(n)]
    if scheme.distances.count(0.0):
        chance.insert(0, Fraction(scheme.distances.count(0.0), scheme.die_sides))
    assert sum(chance) == 1 and len(chance) == hits.landings.weights.size
    for k in range(len(ids)):
        under = sum((c for c, hit in zip(chance, hits.under[k], strict=True) if hit),
                    Fraction(0))
        hole = sum((c for c, h in zip(chance, hits.hole, strict=True) if h == k), Fraction(0))
        assert odds.under[k] == float(under) and odds.hole[k] == float(hole)


def test_odds_after_a_base_moved_are_worked_out_afresh():
    """The bases' discs are kept for the bases last asked about: a moved base (a new
    polygon) is never judged by its old place."""
    polys, ids = _crowded_table(40, 3)
    first = template_odds("blast-5", (15.0, 10.0), d20_steps(0.5), polys, ids)
    moved = list(polys)
    moved[7] = base_polygon(BaseShape.round(40), 15.0, 10.0, 0.0)  # right under the aim
    again = template_odds("blast-5", (15.0, 10.0), d20_steps(0.5), moved, ids)
    fresh_polys = [shapely.Polygon(p) for p in moved]  # new objects: nothing kept applies
    fresh = template_odds("blast-5", (15.0, 10.0), d20_steps(0.5), fresh_polys, ids)
    assert again.of("b007") != first.of("b007")
    assert again.under.tolist() == fresh.under.tolist()
    assert again.hole.tolist() == fresh.hole.tolist()


@settings(max_examples=80, deadline=None)
@given(st.one_of(units, crowd), schemes, st.tuples(st.floats(-5, 30), st.floats(-5, 30)),
       st.sampled_from([1.5, 2.5]), st.sampled_from([7, 36, 180]),
       st.sampled_from([0.0, 90.0, 270.0, 33.3]))
def test_candidates_find_the_pairs_testing_every_landing_finds(specs, scheme, aim, radius,
                                                               n, offset):
    """The candidates come from the scheme's kept STRtree of landing steps, queried with
    the bases' boxes moved by the aim: the very (base, landing) pairs the box test over
    every landing finds, for any bearing grid, with each pair's box distance."""
    from geometry.landing_cover import _candidate_pairs

    polys, _ = _place(specs)
    nb = shapely.bounds(np.asarray(polys, dtype=object))
    land = landings(aim, scheme, n, offset)
    k, j, box = _candidate_pairs(nb, land, radius)
    px, py = land.centres[:, 0], land.centres[:, 1]
    bx = np.maximum(0.0, np.maximum(nb[:, 0, None] - px, px - nb[:, 2, None]))
    by = np.maximum(0.0, np.maximum(nb[:, 1, None] - py, py - nb[:, 3, None]))
    want = set(zip(*np.nonzero(bx * bx + by * by < radius * radius), strict=True))
    got = list(zip(k.tolist(), j.tolist(), strict=True))
    assert len(got) == len(set(got)) and set(got) == {(int(a), int(b)) for a, b in want}
    assert box.tolist() == np.hypot(bx[k, j], by[k, j]).tolist()


def test_few_sided_bases_measured_in_numpy_decide_as_geos_does():
    """Bases of a few corners have their distances worked out in numpy (a square, a
    rotated rectangle, a thin triangle); a non-convex one (an L) and a ring with a hole
    are left to GEOS. Every (base, landing) decided as measuring each pair with GEOS."""
    from shapely.geometry import Polygon

    from geometry.landing_cover import _corners

    polys = [Polygon([(4, 4), (5, 4), (5, 5), (4, 5)]),
             base_polygon(BaseShape.rect(50, 100), 6.0, 3.0, 30.0),
             Polygon([(2, 6), (6, 6.05), (2, 6.1)]),
             Polygon([(7, 6), (9, 6), (9, 7), (8, 7), (8, 8), (7, 8)]),
             Polygon([(3, 1), (6, 1), (6, 3), (3, 3)], [[(4, 1.5), (5, 1.5), (5, 2.5), (4, 2.5)]])]
    ids = [f"b{k}" for k in range(len(polys))]
    assert (_corners(np.asarray(polys, dtype=object)).row >= 0).tolist() == [
        True, True, True, False, False]
    assert_decided_as_every_pair_measured(polys, ids, 90, [
        ("blast-3", d20_steps(0.5), (5.0, 5.0)), ("blast-5", d6_minus_accuracy(1), (6.0, 4.0))])
