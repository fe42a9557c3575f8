"""The area a unit sees within a reach (geometry.viewshed): open ground is the whole reach;
a building hides what lies behind it; woods hide past their depth; properties — the area
never leaves the reach, and another building never adds to it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from geometry.bases import BaseShape, base_polygon
from geometry.terrain import TerrainIndex, TerrainPiece
from geometry.viewshed import seen_within

INCH = BaseShape.round(25.4)
BASE = base_polygon(INCH, 20, 20, 0)


def area(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    return TerrainPiece(pid, kind, polygon=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def test_open_ground_is_the_whole_reach():
    seen = seen_within(TerrainIndex([]), BASE, 6.0)
    assert seen.equals(BASE.buffer(6.0))
    road = TerrainIndex([area("r", "road", 0, 18, 40, 22)])      # a road blocks nothing
    assert seen_within(road, BASE, 6.0).area == pytest.approx(BASE.buffer(6.0).area)


def test_a_building_hides_the_ground_behind_it():
    idx = TerrainIndex([area("house", "building", 23, 18, 24, 22)])
    seen = seen_within(idx, BASE, 6.0)
    assert not seen.contains(Point(26.0, 20.0))           # straight behind the house
    assert seen.contains(Point(23.5, 20.0))   # a unit inside the house sees out, is seen
    assert seen.contains(Point(24.0, 24.0))               # beside it, in the open
    assert seen.contains(Point(14.0, 20.0))               # the other way
    assert seen.area < BASE.buffer(6.0).area - 4.0


def test_woods_hide_past_their_depth():
    idx = TerrainIndex([area("wood", "woods", 22, 14, 30, 26)])    # default depth 2"
    seen = seen_within(idx, BASE, 6.0)
    assert seen.contains(Point(23.2, 20.0))               # 1.2" into the woods: seen
    assert not seen.contains(Point(25.5, 20.0))           # 3.5" in: hidden


@settings(max_examples=25, deadline=None)
@given(st.floats(12, 27), st.floats(12, 27), st.floats(0.5, 4), st.floats(0.5, 4))
def test_the_area_stays_in_the_reach_and_a_building_never_adds_to_it(x, y, w, h):
    reach = BASE.buffer(6.0)
    first = TerrainIndex([area("a", "building", 10, 10, 11.5, 12)])
    house = area("b", "building", x, y, x + w, y + h)
    if house.shape().intersects(BASE):
        return
    one = seen_within(first, BASE, 6.0)
    two = seen_within(TerrainIndex([first.pieces[0], house]), BASE, 6.0)
    assert one.difference(reach).area < 1e-9 and two.difference(reach).area < 1e-9
    assert two.difference(one).area < 1e-6
