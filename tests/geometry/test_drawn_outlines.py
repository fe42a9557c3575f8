"""The drawn shapes read the quick way (geometry.drawn): a base's outline turned with array
arithmetic, one unit or a whole table at once, has the very points of the placed polygon;
a plain polygon or line read in one call gives the rings and lines the part-by-part walk
gives."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import (
    GeometryCollection,
    LinearRing,
    LineString,
    MultiLineString,
    MultiPolygon,
    Point,
    Polygon,
    box,
)

from geometry.bases import BaseShape, base_polygon
from geometry.drawn import base_outline, base_outlines, drawn_parts

BASES = [BaseShape.round(25), BaseShape.rect(50, 100), BaseShape.oval(60, 35),
         BaseShape.round(60)]
FACINGS = [0.0, 33.3, 90.0, 180.0, 271.5, -10.0, 359.999, 725.0]


def _walked(geom) -> list[tuple[np.ndarray, bool]]:
    """Every part's rings and lines read one geometry object at a time."""
    out = []
    for part in shapely.get_parts(geom):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            out += [(np.asarray(r.coords)[:, :2], True) for r in (part.exterior, *part.interiors)]
        elif part.geom_type in ("LineString", "LinearRing"):
            out.append((np.asarray(part.coords)[:, :2], False))
        elif part.geom_type.startswith("Multi") or part.geom_type == "GeometryCollection":
            out += _walked(part)
    return out


@pytest.mark.parametrize("base", BASES, ids=lambda b: f"{b.shape}{b.width_mm}x{b.depth_mm}")
def test_a_turned_outline_is_the_placed_polygon(base):
    for facing in FACINGS:
        (placed, closed), = drawn_parts(base_polygon(base, 0.0, 0.0, facing))
        assert closed and np.array_equal(base_outline(base, facing), placed)


def test_a_table_turned_at_once_is_each_unit_turned_alone():
    rng = np.random.default_rng(3)
    shapes = [BASES[i] for i in rng.integers(0, len(BASES), 300)]
    facings = rng.uniform(-360.0, 720.0, 300).tolist()
    together = base_outlines(shapes, facings)
    assert len(together) == 300
    for shape, facing, ring in zip(shapes, facings, together, strict=True):
        assert np.array_equal(ring, base_outline(shape, facing))
    assert base_outlines([], []) == []


SHAPES = {
    "square": box(0, 0, 2, 3),
    "with a hole": Point(0, 0).buffer(3).difference(Point(0, 0).buffer(1)),
    "line": LineString([(0, 0), (1, 1), (3, 0)]),
    "ring": LinearRing([(0, 0), (1, 0), (1, 1)]),
    "two squares": MultiPolygon([box(0, 0, 1, 1), box(2, 2, 3, 3)]),
    "two lines": MultiLineString([[(0, 0), (1, 1)], [(2, 2), (3, 3), (4, 4)]]),
    "a mixed bag": GeometryCollection([box(0, 0, 1, 1), LineString([(0, 0), (2, 2)]),
                                       Point(1, 1), Polygon(),
                                       GeometryCollection([LinearRing([(0, 0), (1, 0), (1, 1)])])]),
    "with z": Polygon([(0, 0, 1), (2, 0, 1), (2, 2, 1)]),
    "empty polygon": Polygon(),
    "empty line": LineString(),
    "a point": Point(1, 2),
}


@pytest.mark.parametrize("name", SHAPES)
def test_a_shape_read_at_once_has_the_parts_walked_one_by_one(name):
    got, walked = drawn_parts(SHAPES[name]), _walked(SHAPES[name])
    assert [closed for _, closed in got] == [closed for _, closed in walked]
    for (pts, _), (expected, _) in zip(got, walked, strict=True):
        assert np.array_equal(np.asarray(pts)[:, :2], expected)
