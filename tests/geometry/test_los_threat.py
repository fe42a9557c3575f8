"""The threat view's batch forms (seen_by_fractions, threat_view) against per-pair
line_of_sight: hand cases first, then random scenes (hypothesis and seeded).

Hand cases put a 1" round unit at (0, 0) and others on the x axis, as in test_los.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from geometry.bases import BaseShape, base_polygon
from geometry.los import (
    NOT_SEEN,
    ThreatView,
    line_of_sight,
    reference_visible_fraction,
    seen_by_fractions,
    threat_view,
)
from geometry.terrain import TerrainIndex, TerrainPiece

INCH = BaseShape.round(25.4)  # a 1" round base
TANK = BaseShape.rect(50.8, 101.6)  # 2" x 4"
OVAL = BaseShape.oval(60, 35)


def at(x: float, y: float, base: BaseShape = INCH, facing: float = 0.0) -> Polygon:
    return base_polygon(base, x, y, facing)


def area(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    return TerrainPiece(pid, kind, polygon=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def per_pair(index: TerrainIndex, unit: Polygon, others: list[Polygon], **kw):
    """The four arrays of a ThreatView, one line_of_sight call per pair and direction."""
    there = [line_of_sight(index, unit, o, **kw) for o in others]
    back = [line_of_sight(index, o, unit, **kw) for o in others]
    return (np.array([r.visible_fraction for r in there]), np.array([r.cover for r in there]),
            np.array([r.visible_fraction for r in back]), np.array([r.cover for r in back]))


def assert_matches(index: TerrainIndex, unit: Polygon, others: list[Polygon], **kw) -> ThreatView:
    """Fractions equal line_of_sight's; cover too where something is seen, NOT_SEEN elsewhere."""
    tv = threat_view(index, unit, others, **kw)
    sees, sees_cover, seen_by, seen_by_cover = per_pair(index, unit, others, **kw)
    np.testing.assert_array_equal(tv.sees, sees)
    np.testing.assert_array_equal(tv.seen_by, seen_by)
    np.testing.assert_array_equal(tv.sees_cover, np.where(sees > 0, sees_cover, NOT_SEEN))
    np.testing.assert_array_equal(tv.seen_by_cover, np.where(seen_by > 0, seen_by_cover, NOT_SEEN))
    np.testing.assert_array_equal(seen_by_fractions(index, others, unit, **kw), seen_by)
    return tv


# ---------------------------------------------------------------------------- hand cases


def test_open_table_everyone_sees_everyone_without_cover():
    tv = threat_view(TerrainIndex([]), at(0, 0), [at(10, 0), at(0, 7, TANK, 30)])
    assert tv.sees.tolist() == [1.0, 1.0] and tv.seen_by.tolist() == [1.0, 1.0]
    assert tv.sees_cover.tolist() == [0, 0] and tv.seen_by_cover.tolist() == [0, 0]


def test_building_hides_one_other_and_not_the_one_beside_it():
    index = TerrainIndex([area("house", "building", 4, -2, 6, 2)])
    tv = assert_matches(index, at(0, 0), [at(10, 0), at(0, 10)])
    # behind the house: hidden both ways, so no cover is worked out (line_of_sight gives 3)
    assert (tv.sees[0], tv.seen_by[0], tv.sees_cover[0], tv.seen_by_cover[0]) == (0, 0, -1, -1)
    assert line_of_sight(index, at(0, 0), at(10, 0)).cover == 3
    # up the y axis: in the open
    assert (tv.sees[1], tv.seen_by[1], tv.sees_cover[1], tv.seen_by_cover[1]) == (1, 1, 0, 0)


def test_the_two_directions_differ_past_a_corner():
    # the big base sees the small one in full; the small one sees only part of the big one
    small, big = at(0, 0), at(10, 0, TANK, 90)
    index = TerrainIndex([area("house", "building", 4, 0.4, 6, 5)])
    tv = assert_matches(index, small, [big])
    assert 0 < tv.sees[0] < 1 and tv.seen_by[0] == 1.0


def test_wall_in_front_of_the_unit_gives_it_cover_against_all_beyond():
    # the wall at x = 9 is 0.5" in front of the unit at (10, 0): cover 2 against the others
    # at x = 0; from the unit, the wall is 8.5" in front of them: no cover for them
    index = TerrainIndex([TerrainPiece("wall", "wall", line=[(9, -6), (9, 6)])])
    tv = assert_matches(index, at(10, 0), [at(0, 0), at(0, 3), at(0, -3, OVAL, 45)])
    assert tv.seen_by_cover.tolist() == [2, 2, 2] and tv.sees_cover.tolist() == [0, 0, 0]
    assert tv.sees.tolist() == [1, 1, 1] and tv.seen_by.tolist() == [1, 1, 1]


def test_unit_in_woods_sees_out_through_their_edge_but_not_across_them():
    # woods from x = -1 to 1.2 around the unit: 0.7" past its base, sees out and is seen;
    # the other unit at (-6, 0) is beyond 6" of woods less its base: hidden both ways
    index = TerrainIndex([area("wood", "woods", -1, -3, 1.2, 3),
                          area("wood2", "woods", -5, -3, -1, 3)])
    tv = assert_matches(index, at(0, 0), [at(10, 0), at(-6, 0)])
    assert tv.sees.tolist() == [1.0, 0.0] and tv.seen_by.tolist() == [1.0, 0.0]
    assert (tv.seen_by_cover[0], tv.sees_cover[0]) == (1, 0)  # it stands in woods
    assert (tv.seen_by_cover[1], tv.sees_cover[1]) == (NOT_SEEN, NOT_SEEN)


@pytest.mark.parametrize(("x0", "x1", "sees", "seen_by"), [
    (-1, 2.4, 1.0, None),  # the unit at (0, 0) in woods to 2.4: 1.9" past its base, sees
    (-1, 2.6, 0.0, None),  # 2.1" past its base: every line (2.1" / cos) is over 2"
    (7.6, 11, None, 1.0),  # the other at (10, 0) in woods from 7.6: 1.9" past its base
    (7.4, 11, None, 0.0),  # 2.1" past its base
])
def test_woods_inside_the_shooters_base_do_not_count(x0, x1, sees, seen_by):
    # from the shooter's centre every line leaves its base 0.5" out (1" round base); the
    # other way round the lines enter the base at different depths: line_of_sight decides
    index = TerrainIndex([area("wood", "woods", x0, -3, x1, 3)])
    tv = assert_matches(index, at(0, 0), [at(10, 0)])
    if sees is not None:
        assert tv.sees.tolist() == [sees]
    if seen_by is not None:
        assert tv.seen_by.tolist() == [seen_by]
    ref = reference_visible_fraction(index, at(10, 0), at(0, 0))
    assert tv.seen_by[0] == pytest.approx(ref, abs=1e-12)


def test_blockers_count_like_buildings():
    index = TerrainIndex([])
    blocker = at(5, 0, TANK, 90)
    tv = assert_matches(index, at(0, 0), [at(10, 0), at(0, 10)], blockers=[blocker])
    assert tv.sees.tolist() == [0.0, 1.0] and tv.seen_by.tolist() == [0.0, 1.0]
    assert tv.sees_cover.tolist() == [-1, 0] and tv.seen_by_cover.tolist() == [-1, 0]


def test_no_others_gives_empty_arrays():
    tv = threat_view(TerrainIndex([]), at(0, 0), [])
    assert tv.sees.shape == tv.seen_by.shape == tv.sees_cover.shape == (0,)
    assert seen_by_fractions(TerrainIndex([]), [], at(0, 0)).shape == (0,)


def test_bad_input_names_the_field():
    index = TerrainIndex([])
    with pytest.raises(ValueError, match="unit"):
        threat_view(index, "tank", [at(0, 0)])
    with pytest.raises(ValueError, match=r"others\[1\]"):
        threat_view(index, at(0, 0), [at(1, 1), None])
    with pytest.raises(ValueError, match=r"shooters\[0\]"):
        seen_by_fractions(index, [Polygon()], at(0, 0))
    with pytest.raises(ValueError, match="target"):
        seen_by_fractions(index, [at(0, 0)], None)
    with pytest.raises(ValueError, match="samples"):
        threat_view(index, at(0, 0), [at(1, 1)], samples=0)


# ---------------------------------------------------------------------------- random scenes


def random_scene(seed: int, n_pieces: int = 24, n_units: int = 30):
    """Every LOS and cover kind, units of every base, some standing in the terrain."""
    rng = np.random.default_rng(seed)
    kinds = ["building", "woods", "hill", "wall", "hedge", "rough", "woods", "trench", "road"]
    pieces = []
    for i in range(n_pieces):
        kind = kinds[i % len(kinds)]
        x, y = rng.uniform(2, 30, 2)
        if kind in ("wall", "hedge"):
            dx, dy = rng.uniform(-5, 5, 2)
            pieces.append(TerrainPiece(f"p{i}", kind, line=[(x, y), (x + dx, y + dy)]))
        else:
            w, h = rng.uniform(1, 6, 2)
            pieces.append(area(f"p{i}", kind, x, y, x + w, y + h))
    bases = [INCH, TANK, OVAL, BaseShape.round(40)]
    units = [at(*rng.uniform(0, 32, 2), bases[i % 4], rng.uniform(0, 360))
             for i in range(n_units)]
    return TerrainIndex(pieces), units


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_scene_equals_line_of_sight_for_every_unit_in_turn(seed):
    index, units = random_scene(seed)
    partial = covered = 0
    for k in range(0, len(units), 3):
        tv = assert_matches(index, units[k], units[:k] + units[k + 1:])
        partial += int(np.sum((tv.seen_by > 0) & (tv.seen_by < 1)))
        covered += int(np.sum(tv.seen_by_cover > 0))
    assert partial > 0 and covered > 0  # the scenes exercise partial views and cover


coord = st.floats(0, 24, allow_nan=False)
bases = st.sampled_from([INCH, TANK, OVAL, BaseShape.round(60)])
placed = st.builds(at, coord, coord, bases, st.floats(0, 360))
kinds = st.sampled_from(["building", "woods", "hill", "wall", "hedge", "rough", "trench"])


@st.composite
def pieces(draw, n: int):
    out = []
    for i in range(n):
        kind = draw(kinds)
        x, y = draw(coord), draw(coord)
        w, h = draw(st.floats(0.3, 8)), draw(st.floats(0.3, 8))
        if kind in ("wall", "hedge"):
            out.append(TerrainPiece(f"p{i}", kind, line=[(x, y), (x + w, y + h)]))
        else:
            out.append(area(f"p{i}", kind, x, y, x + w, y + h))
    return out


@settings(max_examples=80, deadline=None)
@given(terrain=pieces(5), unit=placed, others=st.lists(placed, min_size=1, max_size=6),
       blockers=st.lists(placed, max_size=2), samples=st.sampled_from([1, 7, 24]))
def test_threat_view_equals_per_pair_line_of_sight(terrain, unit, others, blockers, samples):
    assert_matches(TerrainIndex(terrain), unit, others, blockers=blockers, samples=samples)


def test_woods_discs_lie_inside_the_woods_only():
    index = TerrainIndex([area("wood", "woods", 0, 0, 6, 4), area("house", "building", 8, 0, 9, 1),
                          TerrainPiece("hedge", "hedge", line=[(0, 6), (5, 6)])])
    centre, radius = index.woods_discs
    assert radius[0] == pytest.approx(2.0, abs=0.01)  # a 6" x 4" wood: a 2" disc
    assert index.shapes[0].buffer(1e-12).contains(Point(centre[0]).buffer(radius[0]))
    assert radius[1:].tolist() == [0.0, 0.0]


def test_wide_woods_between_units_block_every_line_as_line_of_sight_does():
    # 4" of woods between the units (its 2" disc decides most lines without crossing its
    # edges); a small second wood near the shooter adds depth to some lines only
    index = TerrainIndex([area("wood", "woods", 3, -2, 7, 2),
                          area("wood2", "woods", 1, 0.3, 1.6, 2)])
    tv = assert_matches(index, at(0, 0), [at(10, 0), at(10, 4, OVAL, 30)])
    assert tv.sees[0] == 0.0 and tv.seen_by[0] == 0.0


# ---------------------------------------------------------------------------- target_covers


def test_target_covers_works_out_the_cover_of_a_man_it_cannot_see():
    from geometry.los import target_covers

    index = TerrainIndex([area("house", "building", 4, -2, 6, 2)])
    frac, cover = target_covers(index, at(0, 0), [at(10, 0), at(0, 10)])
    # behind the house: not seen, and still its cover (threat_view gives NOT_SEEN)
    assert frac.tolist() == [0.0, 1.0] and cover.tolist() == [3, 0]
    empty = target_covers(index, at(0, 0), [])
    assert empty[0].shape == (0,) and empty[1].shape == (0,)
    with pytest.raises(ValueError, match=r"targets\[0\]"):
        target_covers(index, at(0, 0), [Point(0, 0)])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_target_covers_equals_line_of_sight_on_random_scenes(seed):
    from geometry.los import target_covers

    index, units = random_scene(seed)
    hidden_with_cover = 0
    for k in range(0, len(units), 3):
        others = units[:k] + units[k + 1:]
        frac, cover = target_covers(index, units[k], others)
        ref = [line_of_sight(index, units[k], o) for o in others]
        np.testing.assert_array_equal(frac, [r.visible_fraction for r in ref])
        np.testing.assert_array_equal(cover, [r.cover for r in ref])
        hidden_with_cover += sum(1 for r in ref if r.visible_fraction == 0 and r.cover > 0)
    assert hidden_with_cover > 0  # the scenes exercise the men threat_view leaves out


@settings(max_examples=60, deadline=None)
@given(terrain=pieces(5), unit=placed, others=st.lists(placed, min_size=1, max_size=6),
       samples=st.sampled_from([1, 7, 24]))
def test_target_covers_equals_per_pair_line_of_sight(terrain, unit, others, samples):
    from geometry.los import target_covers

    index = TerrainIndex(terrain)
    frac, cover = target_covers(index, unit, others, samples=samples)
    ref = [line_of_sight(index, unit, o, samples=samples) for o in others]
    np.testing.assert_array_equal(frac, [r.visible_fraction for r in ref])
    np.testing.assert_array_equal(cover, [r.cover for r in ref])


# ---------------------------------------------------------------------------- kept per base


@pytest.mark.parametrize("seed", [5, 6])
def test_what_is_kept_per_base_changes_no_figure(seed, monkeypatch):
    """The spans and terrain rows kept per outline (geometry.outline_rows) give the figures
    worked out afresh: a table prepared ahead (prepare_table, as the second process does
    when a big game comes on the board) needs no span worked out for a hover, and every
    hover, first or again, matches line_of_sight pair by pair."""
    from shapely import Polygon as P

    from geometry import los
    from geometry.los import prepare_table

    index, units = random_scene(seed)
    placed = [(BaseShape.oval(60, 35), 3.0 + 2 * i, 5.0 + (i % 4) * 6, 20.0 * i)
              for i in range(12)]
    assert prepare_table(index, placed) == 12
    outlines = [base_polygon(*p) for p in placed]
    real = los._spans_at

    def none_left(*args, **kwargs):
        raise AssertionError("a span was worked out that the table had prepared")

    _patch_spans_at(monkeypatch, none_left)
    first = [threat_view(index, u, outlines[:k] + outlines[k + 1:])
             for k, u in enumerate(outlines)]
    _patch_spans_at(monkeypatch, real)
    for k, u in enumerate(outlines):
        again = assert_matches(index, u, outlines[:k] + outlines[k + 1:])
        fresh = threat_view(index, P(u), [P(o) for o in outlines[:k] + outlines[k + 1:]])
        for f in ("sees", "sees_cover", "seen_by", "seen_by_cover"):
            np.testing.assert_array_equal(getattr(first[k], f), getattr(again, f))
            np.testing.assert_array_equal(getattr(fresh, f), getattr(again, f))
    assert prepare_table(index, []) == 0


def test_a_unit_given_by_its_placement_is_its_kept_outline():
    """threat_view_placed / threat_half_placed take the hovered unit as a placement too (a
    second process then finds what it keeps for that outline): the same figures."""
    from geometry.los import threat_half_placed, threat_view_placed

    index, _ = random_scene(8)
    me = (TANK, 12.0, 9.0, 30.0)
    placed = [(OVAL, 3.0 + 3 * i, 20.0 - i, 15.0 * i) for i in range(8)]
    by_outline = threat_view_placed(index, base_polygon(*me), placed)
    by_place = threat_view_placed(index, me, placed)
    for f in ("sees", "sees_cover", "seen_by", "seen_by_cover"):
        np.testing.assert_array_equal(getattr(by_place, f), getattr(by_outline, f))
    sees, cover = threat_half_placed(index, me, placed, "sees")
    np.testing.assert_array_equal(sees, by_outline.sees)
    np.testing.assert_array_equal(cover, by_outline.sees_cover)


def test_a_long_wall_near_the_target_only_at_its_end_still_gives_cover():
    # the wall runs 20" along x = 9 with its middle far from every unit; only its far end
    # passes 0.5" in front of the unit at (10, 9): the cull by the wall's bounding circle
    # must keep it (cover 2 from the others at x = 0); the unit standing in woods (cover 1)
    # does not stop the wall from raising its cover to 2
    index = TerrainIndex([TerrainPiece("wall", "wall", line=[(9, -11), (9, 9.5)]),
                          area("far", "building", 30, 30, 32, 32)])
    tv = assert_matches(index, at(10, 9), [at(0, 9), at(0, 7)])
    assert tv.seen_by_cover.tolist() == [2, 2]
    near = TerrainIndex([TerrainPiece("wall", "wall", line=[(9, -11), (9, 9.5)]),
                         area("wood", "woods", 9.6, 8, 11, 10)])
    tv = assert_matches(near, at(10, 9), [at(0, 9), at(0, 7)])
    assert tv.seen_by_cover.tolist() == [2, 2]  # the wall's 2 over the woods' 1


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_spans_kept_per_base_are_the_spans_worked_out_whole(seed, monkeypatch):
    """line_of_sight takes each piece's span from the shooter's centre from the cells kept
    per outline (`_spans_at`, pair by pair): the same numbers as `_spans` over the whole
    table, and a second measure from the same base works none out again."""
    from geometry import los
    from geometry.outline_rows import slots_of

    index, units = random_scene(seed)
    for u in units[:6]:
        centre = los._sample_rows(np.array([u], dtype=object), los.DEFAULT_SAMPLES)[0][0]
        kept = los._kept_spans(index, slots_of(np.array([u], dtype=object))[0], centre)
        whole = los._spans(index.edges, centre[:1], centre[1:])
        for f in los._SPAN_FIELDS:
            np.testing.assert_array_equal(getattr(kept, f), getattr(whole, f))
    shooter, *targets = units

    def none_left(*args, **kwargs):
        raise AssertionError("a span was worked out again for a base measured before")

    line_of_sight(index, shooter, targets[0])
    _patch_spans_at(monkeypatch, none_left)
    for t in targets[1:]:
        line_of_sight(index, shooter, t)


def _patch_spans_at(monkeypatch, fn) -> None:
    """Put `fn` where the sight modules call `_spans_at` (the scene's kept spans, the
    threat view's candidates)."""
    from geometry.sight import scene, threat

    for module in (scene, threat):
        monkeypatch.setattr(module, "_spans_at", fn)
