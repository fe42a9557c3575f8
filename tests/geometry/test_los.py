"""Line of sight, visible fraction and cover: hand-computed tables, then properties.

Most cases put a 1" round shooter at (0, 0) and a 1" round target at (10, 0), so every sight
line runs from the origin to a point of the disc of radius 0.5 around (10, 0).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon, box

from geometry.bases import BaseShape, base_polygon
from geometry.los import (
    DEFAULT_SAMPLES,
    line_of_sight,
    reference_visible_fraction,
    sample_points,
    visibility_matrix,
    visible_fractions,
)
from geometry.terrain import TerrainIndex, TerrainPiece

INCH = BaseShape.round(25.4)  # a 1" round base
TANK = BaseShape.rect(50.8, 101.6)  # 2" x 4"


def at(x: float, y: float, base: BaseShape = INCH, facing: float = 0.0) -> Polygon:
    return base_polygon(base, x, y, facing)


def area(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    return TerrainPiece(pid, kind, polygon=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def los(pieces, shooter=None, target=None, **kw):
    index = TerrainIndex(pieces)
    return line_of_sight(index, shooter or at(0, 0), target or at(10, 0), **kw)


# ---------------------------------------------------------------------------- buildings


def test_empty_table_is_clear():
    r = los([])
    assert (r.status, r.visible_fraction, r.crossed, r.cover, r.cover_terrain) == (
        "clear", 1.0, [], 0, [])


def test_building_between_blocks():
    r = los([area("house", "building", 4, -2, 6, 2)])
    assert (r.status, r.visible_fraction) == ("blocked", 0.0)
    assert r.blocked_by == ["house"] and r.crossed == ["house"]
    assert r.cover == 3 and r.cover_terrain == ["house"]


def test_building_just_wider_than_target_hides_all_of_it():
    # 1.2" across, the target 1": the fan from the shooter's centre narrows towards it
    r = los([area("house", "building", 4, -0.6, 6, 0.6)])
    assert r.visible_fraction == 0.0 and r.status == "blocked"


def test_small_building_hiding_half_the_target_is_partial_near_half():
    # covers the y >= 0 side of the line: every sight line to a target point with y >= 0
    # passes x = 4..6 at y >= 0 and so touches it; points with y < 0 stay visible
    r = los([area("house", "building", 4, 0, 6, 3)])
    _, pts = sample_points([at(10, 0)])
    assert r.status == "partial"
    assert r.visible_fraction == pytest.approx(np.mean(pts[0, :, 1] < 0))
    assert abs(r.visible_fraction - 0.5) <= 0.1
    assert r.cover == 3  # partly hidden by the house


def test_building_off_the_line_does_nothing():
    r = los([area("house", "building", 4, 2, 6, 4)])
    assert (r.status, r.crossed, r.cover) == ("clear", [], 0)


def test_unit_inside_a_building_sees_out_and_is_seen():
    house = area("house", "building", -1, -2, 1, 2)  # the shooter's base overlaps it
    assert los([house]).status == "clear"
    house2 = area("house", "building", 9.8, -2, 12, 2)  # the target's base overlaps it
    r = los([house2])
    assert r.status == "clear" and r.cover == 3 and r.cover_terrain == ["house"]


def test_base_touching_a_building_from_outside_is_not_inside_it():
    # the building's face is the line x = 0.5; the square base's front edge lies on it
    house = area("house", "building", 0.5, -3, 5, 3)
    assert los([house], shooter=box(-0.5, -0.5, 0.5, 0.5)).status == "blocked"
    # a 4"-deep tank reaching into it is inside, and sees out
    assert los([house], shooter=at(0, 0, TANK, 0)).status == "clear"


# ---------------------------------------------------------------------------- woods


@pytest.mark.parametrize(("thickness", "status"), [(1.5, "clear"), (3.0, "blocked")])
def test_woods_block_only_past_two_inches(thickness, status):
    r = los([area("wood", "woods", 4, -3, 4 + thickness, 3)])
    assert r.status == status
    assert r.cover == 1 and r.cover_terrain == ["wood"] and r.crossed == ["wood"]


def test_woods_depth_adds_up_over_pieces():
    two = [area("w1", "woods", 3, -3, 4.5, 3), area("w2", "woods", 6, -3, 7.5, 3)]
    assert los(two).status == "blocked"  # 1.5 + 1.5 = 3" of woods
    assert los(two[:1]).status == "clear"


def test_woods_depth_override():
    deep = TerrainPiece("w", "woods", polygon=[(4, -3), (7, -3), (7, 3), (4, 3)],
                        los_depth_in=4.0)
    assert los([deep]).status == "clear"  # 3" < 4"
    thin = TerrainPiece("w", "woods", polygon=[(4, -3), (5, -3), (5, 3), (4, 3)],
                        los_depth_in=0.5)
    assert los([thin]).status == "blocked"


def test_shooter_standing_at_the_edge_of_woods_ignores_them():
    # woods run from x = -1 to 1.2: 0.7" beyond the shooter's base edge
    r = los([area("wood", "woods", -1, -3, 1.2, 3)])
    assert (r.status, r.cover, r.crossed, r.cover_terrain) == ("clear", 0, [], [])


def test_shooter_deep_in_woods_cannot_see_out():
    # from the base edge at x = 0.5 to the woods edge at 3.5: 3" of woods between
    assert los([area("wood", "woods", -1, -3, 3.5, 3)]).status == "blocked"
    # to 2.0: 1.5" between, still seen through
    assert los([area("wood", "woods", -1, -3, 2.0, 3)]).status == "clear"


def test_target_in_woods_is_seen_through_their_edge_and_has_cover():
    # woods from 8 to 12, the target's base starts at 9.5: 1.5" of woods between
    r = los([area("wood", "woods", 8, -3, 12, 3)])
    assert (r.status, r.cover, r.cover_terrain) == ("clear", 1, ["wood"])
    deeper = los([area("wood", "woods", 6, -3, 12, 3)])  # 3.5" between
    assert deeper.status == "blocked"


# ---------------------------------------------------------------------------- hills


def test_hill_between_two_units_off_it_blocks():
    r = los([area("hill", "hill", 3, -3, 7, 3)])
    assert (r.status, r.cover, r.blocked_by) == ("blocked", 0, ["hill"])


def test_hill_does_not_block_when_one_unit_is_on_it():
    hill = area("hill", "hill", 0.2, -3, 7, 3)  # the shooter's base overlaps it
    assert los([hill]).status == "clear"
    assert los([hill], shooter=at(10, 0), target=at(0, 0)).status == "clear"


def test_hill_with_blocks_los_false_is_ignored():
    hill = TerrainPiece("h", "hill", polygon=[(3, -3), (7, -3), (7, 3), (3, 3)],
                        blocks_los=False)
    assert los([hill]).status == "clear"


# ---------------------------------------------------------------------------- walls and cover


def wall(pid: str, x: float, kind: str = "wall") -> TerrainPiece:
    return TerrainPiece(pid, kind, line=[(x, -3), (x, 3)])


def test_wall_half_an_inch_in_front_of_the_target_gives_cover_2():
    # crossing at x = 9, the target's edge at 9.5
    r = los([wall("wall", 9.0)])
    assert (r.status, r.visible_fraction, r.cover, r.cover_terrain) == ("clear", 1.0, 2, ["wall"])


def test_wall_five_inches_away_gives_no_cover_but_is_crossed():
    r = los([wall("wall", 4.5)])
    assert (r.status, r.cover, r.cover_terrain, r.crossed) == ("clear", 0, [], ["wall"])


def test_hedge_gives_cover_1_and_the_higher_cover_wins():
    assert los([wall("hedge", 9.2, "hedge")]).cover == 1
    r = los([wall("hedge", 9.2, "hedge"), wall("wall", 9.0)])
    assert (r.cover, r.cover_terrain) == (2, ["wall"])


def test_wall_in_contact_with_the_shooter_is_ignored():
    r = los([wall("wall", 0.6)])  # 0.25" thick: touches the shooter's base
    assert (r.cover, r.crossed) == (0, [])


def test_target_in_a_trench_has_cover_4():
    r = los([area("trench", "trench", 9, -1, 11, 1), area("wood", "woods", 4, -3, 5, 3)])
    assert (r.status, r.cover, r.cover_terrain) == ("clear", 4, ["trench"])
    assert r.crossed == ["trench", "wood"]


def test_cover_from_rough_ground_crossed():
    r = los([area("rough", "rough", 4, -3, 6, 3), area("road", "road", 6, -3, 7, 3)])
    assert (r.cover, r.cover_terrain, r.crossed) == (1, ["rough"], ["rough", "road"])


# ---------------------------------------------------------------------------- blockers, direction


def test_other_units_block_when_given():
    index = TerrainIndex([])
    other = at(5, 0, TANK, 90)
    r = line_of_sight(index, at(0, 0), at(10, 0), blockers=[other])
    assert (r.status, r.blocked_by) == ("blocked", ["blockers[0]"])
    # a blocker overlapping the target (e.g. its own base passed by mistake) is ignored
    assert line_of_sight(index, at(0, 0), at(10, 0), blockers=[at(10, 0)]).status == "clear"


def test_both_directions_can_differ():
    small, big = at(0, 0), at(10, 0, TANK, 90)  # big: 2" along x, 4" across (y -2..2)
    house = [area("house", "building", 4, 0.4, 6, 5)]
    there = los(house, shooter=small, target=big)
    back = los(house, shooter=big, target=small)
    assert there.status == "partial"
    assert back.status == "clear"


# ---------------------------------------------------------------------------- batch forms


def random_scene(seed: int, n_pieces: int = 18, n_units: int = 14):
    rng = np.random.default_rng(seed)
    kinds = ["building", "woods", "hill", "wall", "rough", "woods"]
    pieces = []
    for i in range(n_pieces):
        kind = kinds[i % len(kinds)]
        x, y = rng.uniform(2, 30, 2)
        if kind == "wall":
            pieces.append(TerrainPiece(f"p{i}", kind, line=[(x, y), (x + 4, y + 2)]))
        else:
            w, h = rng.uniform(1, 5, 2)
            pieces.append(area(f"p{i}", kind, x, y, x + w, y + h))
    bases = [INCH, TANK, BaseShape.oval(60, 35)]
    units = [at(*rng.uniform(0, 32, 2), bases[i % 3], rng.uniform(0, 360))
             for i in range(n_units)]
    return TerrainIndex(pieces), units


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_matrix_matches_the_plain_shapely_reference(seed):
    index, units = random_scene(seed)
    m = visibility_matrix(index, units)
    assert np.all(np.diag(m) == 1.0)
    partial = 0
    for i, a in enumerate(units):
        for j, b in enumerate(units):
            if i != j:
                assert m[i, j] == pytest.approx(reference_visible_fraction(index, a, b), abs=1e-9)
                partial += 0 < m[i, j] < 1
    assert partial > 0  # the scene exercises partial views, not only all-or-nothing


def test_threat_view_and_single_pair_agree_with_the_matrix():
    index, units = random_scene(7)
    m = visibility_matrix(index, units)
    row = visible_fractions(index, units[0], units[1:])
    assert np.allclose(row, m[0, 1:])
    for j in (1, 4, 9):
        assert line_of_sight(index, units[0], units[j]).visible_fraction == pytest.approx(m[0, j])


def test_units_standing_in_woods_match_the_reference():
    index = TerrainIndex([area("w", "woods", 0, 0, 6, 6), area("h", "building", 8, 2, 9, 4)])
    units = [at(1, 3), at(5.5, 3, TANK, 45), at(12, 3), at(3, 10), at(7, 5.8)]
    m = visibility_matrix(index, units)
    for i, a in enumerate(units):
        for j, b in enumerate(units):
            if i != j:
                assert m[i, j] == pytest.approx(reference_visible_fraction(index, a, b), abs=1e-9)


def test_samples_lie_inside_their_bases():
    polys = [at(3, 4, TANK, 30), at(1, 1), at(5, 5, BaseShape.oval(60, 35), 70),
             at(0, 0, BaseShape.rect(40, 40), 10)]
    centres, pts = sample_points(polys, 32)
    assert pts.shape == (4, 32, 2)
    assert np.allclose(centres, [[3, 4], [1, 1], [5, 5], [0, 0]])
    for p, q in zip(polys, pts, strict=True):
        assert shapely.contains_xy(p, q[:, 0], q[:, 1]).all()
    # a rectangle's samples reach its corners' quarter (not only the inscribed ellipse)
    local = affinity.rotate(shapely.MultiPoint(pts[0]), -30, origin=(3, 4))
    far = np.abs(shapely.get_coordinates(local) - [3, 4]).max(axis=0)
    assert far[0] > 0.9 * 2 and far[1] > 0.9 * 1


# ---------------------------------------------------------------------------- bad input


def test_bad_input_names_the_field():
    index = TerrainIndex([])
    with pytest.raises(ValueError, match="shooter"):
        line_of_sight(index, "tank", at(0, 0))
    with pytest.raises(ValueError, match="target"):
        line_of_sight(index, at(0, 0), Polygon())
    with pytest.raises(ValueError, match=r"targets\[1\]"):
        visible_fractions(index, at(0, 0), [at(1, 1), None])
    with pytest.raises(ValueError, match="samples"):
        line_of_sight(index, at(0, 0), at(5, 5), samples=0)
    with pytest.raises(ValueError, match=r"blockers\[0\]"):
        line_of_sight(index, at(0, 0), at(5, 5), blockers=[(1, 2)])


# ---------------------------------------------------------------------------- properties

coord = st.floats(0, 40, allow_nan=False)
bases = st.sampled_from([INCH, TANK, BaseShape.oval(60, 35), BaseShape.round(60)])
placed = st.builds(at, coord, coord, bases, st.floats(0, 360))


@settings(max_examples=100, deadline=None)
@given(shooter=placed, target=placed)
def test_empty_table_always_sees_everything(shooter, target):
    assert line_of_sight(TerrainIndex([]), shooter, target).visible_fraction == 1.0


kinds = st.sampled_from(["building", "woods", "hill", "wall", "rough", "water", "trench"])


@st.composite
def pieces(draw, n):
    out = []
    for i in range(n):
        kind = draw(kinds)
        x, y = draw(coord), draw(coord)
        w, h = draw(st.floats(0.3, 8)), draw(st.floats(0.3, 8))
        if kind == "wall":
            out.append(TerrainPiece(f"p{i}", kind, line=[(x, y), (x + w, y + h)]))
        else:
            out.append(area(f"p{i}", kind, x, y, x + w, y + h))
    return out


@settings(max_examples=60, deadline=None)
@given(before=pieces(4), added=pieces(1), units=st.lists(placed, min_size=2, max_size=5))
def test_adding_terrain_never_increases_the_visible_fraction(before, added, units):
    added = [TerrainPiece("new", added[0].kind, polygon=added[0].polygon, line=added[0].line)]
    m0 = visibility_matrix(TerrainIndex(before), units)
    m1 = visibility_matrix(TerrainIndex(before + added), units)
    assert np.all(m1 <= m0 + 1e-12)


@settings(max_examples=100, deadline=None)
@given(
    sx=coord, sy=coord, direction=st.floats(0, 360), gap=st.floats(3, 30),
    base=bases, facing=st.floats(0, 360), margin=st.floats(0.01, 2), near=st.floats(0, 1),
)
def test_building_wider_than_the_target_and_fully_between_hides_it(
    sx, sy, direction, gap, base, facing, margin, near
):
    shooter = at(sx, sy)
    ux, uy = math.cos(math.radians(direction)), math.sin(math.radians(direction))
    r_t = base.radius_in * math.sqrt(2)  # holds the target whatever its facing
    dist = 0.5 + gap + r_t
    target = at(sx + dist * ux, sy + dist * uy, base, facing)
    # a slab across the line, strictly between the two bases (clear of the shooter's base:
    # a piece the shooter touches is ignored), wider than the target
    x0 = 0.55 + near * (gap - 0.3)
    x1 = x0 + 0.1
    half = r_t + margin
    slab = affinity.rotate(box(x0, -half, x1, half), direction, origin=(0, 0))
    slab = affinity.translate(slab, sx, sy)
    house = TerrainPiece("house", "building", polygon=list(slab.exterior.coords)[:-1])
    assert line_of_sight(TerrainIndex([house]), shooter, target).visible_fraction == 0.0


def test_default_samples_is_documented_value():
    assert DEFAULT_SAMPLES == 24


def test_chunked_crossing_gives_the_same_matrix(monkeypatch):
    """Big matrices cross their lines with the edges in chunks; chunk size must not matter."""
    import geometry.sight.crossings as crossings

    index, units = random_scene(5)
    whole = visibility_matrix(index, units)
    monkeypatch.setattr(crossings, "_CHUNK", 97)
    assert np.array_equal(visibility_matrix(index, units), whole)


def test_cached_sample_points_equal_freshly_computed_ones():
    """Sample points are cached per outline; a cached row is exactly the computed one, also
    when cached and new outlines are mixed in one call."""
    from geometry.los import _compute_samples, _samples

    polys = np.array([base_polygon(BaseShape.round(25), 3, 4),
                      base_polygon(BaseShape.rect(50, 100), 10, 2, 37),
                      base_polygon(BaseShape.oval(60, 35), -5, 8, 200)], dtype=object)
    first = _samples(polys[:2], 24)
    again = _samples(polys, 24)  # two cached rows, one new
    fresh = _compute_samples(polys, 24)
    for got, want in zip(again, fresh, strict=True):
        assert np.array_equal(got, want)
    for got, want in zip(first, fresh, strict=True):
        assert np.array_equal(got, want[:2])


def test_sample_points_are_kept_per_outline_object_and_forgotten_with_it():
    """The cache is keyed by the outline object (hashing a shapely outline hashes its WKB):
    an equal outline built anew gets the same points, and a collected one leaves no entry."""
    import gc

    from geometry import los
    from geometry.los import sample_points

    a = shapely.Polygon([(0, 0), (2, 0), (2, 1), (0, 1)])
    b = shapely.Polygon([(0, 0), (2, 0), (2, 1), (0, 1)])
    first = sample_points([a], 16)
    assert los._sampled(a, 16) is not None and los._sampled(b, 16) is None
    again = sample_points([b, a], 16)
    assert np.array_equal(again[1][0], first[1][0]) and np.array_equal(again[1][1], first[1][0])
    from geometry import outline_rows

    slot = outline_rows.SLOTS.slot(a)
    assert slot is not None
    del a
    gc.collect()
    assert slot in outline_rows.slots_of([b, shapely.Point(0, 0).buffer(1)]) or \
        slot in outline_rows.SLOTS._free  # the slot is free again (or taken by a new one)


def test_prepared_placements_leave_their_outlines_and_samples_made():
    """prepare_placed (the second process, as a big game comes on the board) makes each
    placement's outline and sample points, so the threat view that follows finds them; the
    placements as the threat view sends them give the very outline objects."""
    from geometry import los
    from geometry.los import _compute_samples, prepare_placed

    placed = [(BaseShape.round(25), 31.5, 4.25, 0.0), (TANK, 12.0, 7.5, 33.0),
              (BaseShape.oval(60, 35), -3.0, 18.0, 290.0)]
    fresh = [base_polygon(*p) for p in placed]
    assert all(los._sampled(p, 24) is None for p in fresh)
    assert prepare_placed(placed) == 3
    for p, poly in zip(placed, fresh, strict=True):
        assert base_polygon(*p) is poly
        row = los._sampled(poly, 24)
        want = _compute_samples(np.array([poly], dtype=object), 24)
        assert row is not None and all(np.array_equal(r, w[0]) for r, w in zip(row, want,
                                                                                 strict=True))
    assert prepare_placed([]) == 0
    with pytest.raises(ValueError, match="samples"):
        prepare_placed(placed, samples=0)
