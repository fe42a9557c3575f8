"""Base outlines: sizes from millimetres, placement, facing, and the errors for bad sizes."""

import math

import pytest

from geometry.bases import BaseShape, base_polygon, enclosing_radius_in

R25 = 25 / 25.4 / 2  # radius of a 25 mm round base, inches (0.492126")


def test_sizes_in_inches():
    b = BaseShape.rect(50, 100)
    assert b.width_in == pytest.approx(1.968504, abs=1e-6)
    assert b.depth_in == pytest.approx(3.937008, abs=1e-6)
    assert b.radius_in == pytest.approx(1.968504, abs=1e-6)
    assert BaseShape.round(25).radius_in == pytest.approx(R25, abs=1e-9)


def test_round_base_placed_at_its_centre():
    p = base_polygon(BaseShape.round(25), 10, 20, 0)
    minx, miny, maxx, maxy = p.bounds
    assert (minx, maxx) == pytest.approx((10 - R25, 10 + R25), abs=1e-6)
    assert (miny, maxy) == pytest.approx((20 - R25, 20 + R25), abs=1e-6)
    # vertices lie on the circle, so the area is a hair under pi r^2
    assert p.area == pytest.approx(math.pi * R25**2, rel=1e-3)
    assert p.area < math.pi * R25**2


def test_rect_depth_runs_along_facing():
    # 50 x 100 mm facing 90 (towards +y): depth 3.937" along y, width 1.969" along x
    p = base_polygon(BaseShape.rect(50, 100), 0, 0, 90)
    minx, miny, maxx, maxy = p.bounds
    assert (maxx - minx) == pytest.approx(50 / 25.4, abs=1e-9)
    assert (maxy - miny) == pytest.approx(100 / 25.4, abs=1e-9)
    q = base_polygon(BaseShape.rect(50, 100), 0, 0, 0)
    minx, miny, maxx, maxy = q.bounds
    assert (maxx - minx) == pytest.approx(100 / 25.4, abs=1e-9)


def test_rect_at_45_degrees_reaches_half_its_diagonal():
    # a 25.4 mm (1") square turned 45 degrees spans sqrt(2) in x and y
    p = base_polygon(BaseShape.rect(25.4, 25.4), 0, 0, 45)
    minx, _, maxx, _ = p.bounds
    assert maxx - minx == pytest.approx(math.sqrt(2), abs=1e-9)
    assert p.area == pytest.approx(1.0, abs=1e-9)


def test_oval_axes_follow_facing():
    p = base_polygon(BaseShape.oval(60, 35), 0, 0, 0)  # depth 35 mm along x
    minx, miny, maxx, maxy = p.bounds
    assert maxx - minx == pytest.approx(35 / 25.4, abs=1e-6)
    assert maxy - miny == pytest.approx(60 / 25.4, abs=1e-6)
    assert p.area == pytest.approx(math.pi * (30 / 25.4) * (17.5 / 25.4), rel=1e-3)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("hex", 25, 25), "shape"),
        (("rect", 0, 25), "width_mm"),
        (("rect", 25, -1), "depth_mm"),
        (("rect", 25, float("nan")), "depth_mm"),
        (("round", 25, 30), "round base"),
    ],
)
def test_bad_base_is_refused_naming_the_field(args, field):
    with pytest.raises(ValueError, match=field):
        BaseShape(*args)


def test_enclosing_radius_reaches_rect_corners():
    rect = BaseShape.rect(50, 100)
    assert enclosing_radius_in(rect) == pytest.approx(math.hypot(50, 100) / 2 / 25.4)  # 2.2008"
    assert enclosing_radius_in(BaseShape.round(25)) == pytest.approx(R25)
    assert enclosing_radius_in(BaseShape.oval(60, 35)) == pytest.approx(30 / 25.4)
    p = base_polygon(rect, 0, 0, 30)
    far = max(math.hypot(x, y) for x, y in p.exterior.coords)
    assert far == pytest.approx(enclosing_radius_in(rect), abs=1e-9)


def test_the_same_placement_gives_the_same_outline_object():
    """Outlines are immutable and cached per placement, so per-outline work is reused."""
    from geometry.bases import clear_cache

    base = BaseShape.rect(50, 100)
    a = base_polygon(base, 10, 12, 30)
    assert base_polygon(base, 10.0, 12.0, 30.0) is a
    assert base_polygon(base, 10, 12, 31) is not a
    clear_cache()
    b = base_polygon(base, 10, 12, 30)
    assert b is not a and b.equals_exact(a, 0.0)
