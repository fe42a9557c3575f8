"""Side struck (the target's face the shot hits) and weapon arcs."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.facing import (
    FRONT180,
    QUADRANTS,
    FacingModel,
    arc_direction,
    in_arc,
    in_arcs,
    side_of_bearing,
    side_struck,
    sides_of_bearings,
    sides_struck,
)


def at(bearing_deg, dist=10.0, x0=0.0, y0=0.0):
    r = math.radians(bearing_deg)
    return x0 + dist * math.cos(r), y0 + dist * math.sin(r)


@pytest.mark.parametrize(
    ("shooter", "side"),
    [
        ((10, 0), "front"),  # dead ahead
        ((0, 10), "front"),  # bearing +90 exactly: front beats side
        ((0, -10), "front"),  # bearing -90 exactly
        ((-10, 10), "right"),  # bearing +135 exactly: side beats rear
        ((-10, -10), "left"),  # bearing -135
        ((-10, 0), "rear"),
        ((-10, 9.5), "rear"),  # bearing 136.47
        ((-10, -9.5), "rear"),
        ((-1, 10), "right"),  # bearing 95.7
        ((-1, -10), "left"),
    ],
)
def test_front180_sides_target_facing_east(shooter, side):
    # target at the origin facing 0 (+x); y grows down, so +y is the target's right
    assert side_struck(0, 0, 0, *shooter) == side


def test_bearing_is_measured_from_the_target_facing():
    # target facing 90 (down the screen): a shooter below it is in front; +x is 90 degrees
    # anticlockwise of its facing, so its left
    assert side_struck(0, 0, 90, 0, 10) == "front"
    assert side_struck(0, 0, 90, 10, 0.001) == "front"  # relative -89.99
    assert side_struck(0, 0, 90, 10, -0.001) == "left"  # relative -90.01: past the front edge
    assert side_struck(0, 0, 90, -10, -0.001) == "right"  # relative +90.01
    assert side_struck(0, 0, 90, 0, -10) == "rear"
    assert side_struck(5, 5, 180, 15, 5) == "rear"


def test_boundaries_survive_rounding():
    # shooters placed on the boundaries with cos/sin at an awkward facing
    for facing in (30.0, 217.3, 359.9):
        assert side_struck(1, 2, facing, *at(facing + 90, x0=1, y0=2)) == "front"
        assert side_struck(1, 2, facing, *at(facing - 90, x0=1, y0=2)) == "front"
        assert side_struck(1, 2, facing, *at(facing + 135, x0=1, y0=2)) == "right"
        assert side_struck(1, 2, facing, *at(facing - 135, x0=1, y0=2)) == "left"


@pytest.mark.parametrize(
    ("rel", "side"),
    [
        (0, "front"),
        (45, "front"),
        (46, "right"),
        (-45, "front"),
        (-46, "left"),
        (135, "right"),
        (136, "rear"),
        (-135, "left"),
        (180, "rear"),
        (-180, "rear"),
    ],
)
def test_quadrants(rel, side):
    assert side_of_bearing(rel, QUADRANTS) == side


def test_bearings_fold_into_the_signed_range():
    assert side_of_bearing(270) == "front"  # = -90
    assert side_of_bearing(300) == "front"
    assert side_of_bearing(-200) == "rear"  # = +160, past the 135 edge
    assert side_of_bearing(-200, FacingModel(180, 30)) == "right"  # rear only past 165
    assert side_of_bearing(200) == "rear"  # = -160
    assert side_of_bearing(-250) == "right"  # = +110


def test_vectorised_matches_scalar():
    xs = np.array([10, 0, -10, -10, -1, 3, 0])
    ys = np.array([0, 10, 10, 0, -10, 4, 0])
    got = sides_struck(0, 0, 0, xs, ys)
    assert list(got) == [side_struck(0, 0, 0, x, y) for x, y in zip(xs, ys, strict=True)]
    assert list(got) == ["front", "front", "right", "rear", "left", "front", "front"]
    assert list(sides_of_bearings(np.array([46.0, 136.0]), QUADRANTS)) == ["right", "rear"]


def test_model_validation_and_sector_widths():
    assert FRONT180.sector_widths() == {"front": 180, "right": 45, "rear": 90, "left": 45}
    assert QUADRANTS.side_width == 90
    with pytest.raises(ValueError, match="front_width"):
        FacingModel(360, 10)
    with pytest.raises(ValueError, match="front_width"):
        FacingModel(0, 10)
    with pytest.raises(ValueError, match="rear_width"):
        FacingModel(200, 160)
    with pytest.raises(ValueError, match="rear_width"):
        FacingModel(90, float("nan"))
    with pytest.raises(ValueError, match="rel_bearing"):
        side_of_bearing(float("inf"))
    with pytest.raises(ValueError, match="target_facing"):
        side_struck(0, 0, None, 1, 1)


def models():
    return st.floats(1.0, 358.0).flatmap(lambda f: st.tuples(st.just(f), st.floats(0.5, 359.5 - f)))


@settings(max_examples=150, deadline=None)
@given(models())
def test_sectors_cover_the_circle_exactly_once(widths):
    front, rear = widths
    model = FacingModel(front, rear)
    sizes = model.sector_widths()
    assert sum(sizes.values()) == pytest.approx(360.0)
    assert min(sizes.values()) > 0

    step = 0.05
    theta = np.arange(-180.0 + step / 2, 180.0, step)  # never on a boundary
    got = sides_of_bearings(theta, model)
    # independent membership of each (open) sector
    a = np.abs(theta)
    member = {
        "front": a < front / 2,
        "rear": a > 180 - rear / 2,
        "right": (theta > front / 2) & (theta < 180 - rear / 2),
        "left": (theta < -front / 2) & (theta > -(180 - rear / 2)),
    }
    counts = sum(m.astype(int) for m in member.values())
    boundary = np.zeros(theta.shape, dtype=bool)
    for edge in (front / 2, 180 - rear / 2):
        boundary |= np.abs(a - edge) < 1e-9
    assert np.all(counts[~boundary] == 1)  # each bearing in exactly one sector
    for side, m in member.items():
        assert np.all(got[m & ~boundary] == side)  # on an edge, the tie rule decides
        # the measured sector size matches the model within one sample step each end
        assert np.count_nonzero(got == side) * step == pytest.approx(sizes[side], abs=2 * step)


@settings(max_examples=100, deadline=None)
@given(models())
def test_boundaries_go_to_the_more_protected_face(widths):
    front, rear = widths
    model = FacingModel(front, rear)
    assert side_of_bearing(front / 2, model) == "front"
    assert side_of_bearing(-front / 2, model) == "front"
    assert side_of_bearing(180 - rear / 2, model) == "right"
    assert side_of_bearing(-(180 - rear / 2), model) == "left"


def test_arc_direction_adds_turret():
    assert arc_direction(90, 0) == 90
    assert arc_direction(270, 180) == 90
    assert arc_direction(350, 20) == 10
    assert arc_direction(45) == 45


def test_in_arc_turret_180_edges_inclusive():
    d = arc_direction(0, 90)  # hull east, turret to its right: arc centred on +y
    assert in_arc(0, 0, d, 180, 0, 10)
    assert in_arc(0, 0, d, 180, 10, 0)  # exactly on the edge
    assert in_arc(0, 0, d, 180, -10, 0)  # the other edge
    assert not in_arc(0, 0, d, 180, 0, -10)
    assert not in_arc(0, 0, d, 180, 10, -0.01)
    assert in_arc(0, 0, d, 180, 0, 0)  # on the apex


def test_in_arc_narrow_and_full():
    assert in_arc(5, 5, 0, 90, 15, 15)  # bearing 45, on the edge of a 90 arc
    assert not in_arc(5, 5, 0, 90, 15, 15.1)
    assert in_arc(5, 5, 0, 360, -5, 5)
    with pytest.raises(ValueError, match="width"):
        in_arc(0, 0, 0, 0, 1, 1)
    with pytest.raises(ValueError, match="width"):
        in_arc(0, 0, 0, 361, 1, 1)


def test_in_arcs_matches_scalar():
    xs = np.array([0, 10, -10, 0, 10, 0])
    ys = np.array([10, 0, 0, -10, -0.01, 0])
    got = in_arcs(0, 0, 90, 180, xs, ys)
    assert got.tolist() == [in_arc(0, 0, 90, 180, x, y) for x, y in zip(xs, ys, strict=True)]
    assert got.tolist() == [True, True, True, False, False, True]
