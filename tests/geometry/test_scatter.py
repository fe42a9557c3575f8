"""Scatter: a point moved by distance and bearing, from d20 and d6-minus-accuracy dice."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geometry.scatter import (
    Scatter,
    check_face,
    clock_bearing,
    direction_die_bearing,
    scatter_d6_minus_accuracy,
    scatter_d20,
    scatter_point,
)


def test_scatter_point_on_the_table_axes():
    assert scatter_point(1, 2, 5, 0) == pytest.approx((6, 2))
    assert scatter_point(1, 2, 5, 90) == pytest.approx((1, 7))  # y grows down the table
    assert scatter_point(1, 2, 5, 180) == pytest.approx((-4, 2))
    assert scatter_point(1, 2, 5, 270) == pytest.approx((1, -3))
    assert scatter_point(0, 0, 5, math.degrees(math.atan2(4, 3))) == pytest.approx((3, 4))


def test_d20_face_is_the_distance_in_steps():
    s = scatter_d20(10, 10, 7, 90)
    assert s == Scatter(7.0, 90.0, pytest.approx(10.0), pytest.approx(17.0))
    s2 = scatter_d20(10, 10, 7, 450, inches_per_step=2.0)  # bearing folds to 90
    assert (s2.distance, s2.bearing) == (14.0, 90.0)
    assert (s2.x, s2.y) == pytest.approx((10, 24))
    assert scatter_d20(0, 0, 20, 0).x == pytest.approx(20)
    assert scatter_d20(0, 0, 1, 0).x == pytest.approx(1)  # no "hit" face: always moves


def test_d6_minus_accuracy_cw2_and_cw3():
    # CW-2: scatter d6 4, accuracy 3 - 1 = 2 -> 2"
    s = scatter_d6_minus_accuracy(20, 30, 4, 2, 180)
    assert s.distance == 2.0
    assert (s.x, s.y) == pytest.approx((18, 30))
    # CW-3: d6 1, accuracy 2 -> clamped to 0: the template stays on its aim point
    s = scatter_d6_minus_accuracy(20, 30, 1, 2, 123.0)
    assert (s.distance, s.x, s.y) == (0.0, 20, 30)
    assert scatter_d6_minus_accuracy(0, 0, 3, 3, 0).distance == 0.0
    assert scatter_d6_minus_accuracy(0, 0, 6, -1, 0).distance == 7.0  # a poor crew with -2


@pytest.mark.parametrize("face", [0, 21, -3, 2.5, "7", True, None])
def test_d20_face_out_of_range_names_the_die(face):
    with pytest.raises(ValueError, match=r"^d20: .*" + (str(face) if face != "7" else "'7'")):
        scatter_d20(0, 0, face, 0)


@pytest.mark.parametrize("face", [0, 7, 1.0, False])
def test_d6_face_out_of_range_names_the_die(face):
    with pytest.raises(ValueError, match=r"^d6: "):
        scatter_d6_minus_accuracy(0, 0, face, 2, 0)


def test_other_bad_inputs_name_the_field():
    with pytest.raises(ValueError, match="^accuracy:"):
        scatter_d6_minus_accuracy(0, 0, 3, 1.5, 0)
    with pytest.raises(ValueError, match="^bearing:"):
        scatter_d20(0, 0, 3, float("nan"))
    with pytest.raises(ValueError, match="^inches_per_step:"):
        scatter_d20(0, 0, 3, 0, inches_per_step=0)
    with pytest.raises(ValueError, match="^distance:"):
        scatter_point(0, 0, -1, 0)
    with pytest.raises(ValueError, match=r"^direction die \(d6\): face 7"):
        direction_die_bearing(7)
    with pytest.raises(ValueError, match="^faces:"):
        direction_die_bearing(1, faces=1)
    with pytest.raises(ValueError, match="^hour:"):
        clock_bearing(13)


def test_direction_die_bearings():
    # face 1 points up the table (bearing 270), faces run clockwise 60 degrees apart
    assert [direction_die_bearing(f) for f in range(1, 7)] == [270, 330, 30, 90, 150, 210]
    assert direction_die_bearing(3, faces=8) == 0.0
    assert direction_die_bearing(2, zero_bearing=0.0) == 60.0  # e.g. face 1 = line of fire
    assert check_face(20, 20) == 20


def test_clock_bearings():
    assert clock_bearing(12) == 270.0
    assert clock_bearing(3) == 0.0
    assert clock_bearing(6) == 90.0
    assert clock_bearing(1.5, zero_bearing=0) == 45.0


coords = st.floats(-100, 100, allow_nan=False)
bearings = st.floats(-720, 720, allow_nan=False)


@settings(max_examples=150, deadline=None)
@given(coords, coords, bearings)
def test_zero_scatter_leaves_the_point(x, y, b):
    assert scatter_point(x, y, 0, b) == (x, y)
    s = scatter_d6_minus_accuracy(x, y, 2, 5, b)
    assert (s.x, s.y) == (x, y)


@settings(max_examples=150, deadline=None)
@given(coords, coords, st.floats(0, 50, allow_nan=False), bearings)
def test_scatter_moves_exactly_the_distance_along_the_bearing(x, y, d, b):
    nx, ny = scatter_point(x, y, d, b)
    assert math.hypot(nx - x, ny - y) == pytest.approx(d, abs=1e-9)
    if d > 1e-6:
        got = math.degrees(math.atan2(ny - y, nx - x)) % 360
        off = abs((got - b % 360 + 180) % 360 - 180)
        assert off < 1e-6 or d < 1e-3
