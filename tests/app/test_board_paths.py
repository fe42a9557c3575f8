"""The board's painter paths (app.board.paths): the rings copied into Qt's memory at once
give the very points, in order, that a QPointF made per point gave."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QPolygonF
from shapely.geometry import LineString, MultiPolygon, Polygon

from app.board.paths import _ring_polygon, geometry_path
from geometry.drawn import drawn_parts

SHAPES = {
    "square with a hole": Polygon([(0, 0), (4, 0), (4, 3), (0, 3)],
                                  [[(1, 1), (2, 1), (2, 2), (1, 2)]]),
    "round base": LineString([(0, 0), (1, 0)]).buffer(0.9, quad_segs=24),
    "two pieces": MultiPolygon([Polygon([(0, 0), (1, 0), (1, 1)]),
                                Polygon([(5, 5), (7.25, 5.5), (6, 8.125)])]),
    "with z": Polygon([(0, 0, 1), (2, 0, 1), (2, 2, 1)]),
}


@pytest.mark.parametrize("name", SHAPES)
def test_a_ring_has_the_points_made_one_by_one(name):
    for pts, closed in drawn_parts(SHAPES[name]):
        if closed:
            one_by_one = QPolygonF([QPointF(float(p[0]), float(p[1])) for p in pts])
            assert _ring_polygon(pts) == one_by_one and len(one_by_one) == len(pts)


def test_the_paths_fill_the_shapes_and_leave_the_holes():
    path = geometry_path(SHAPES["square with a hole"])
    assert path.contains(QPointF(0.5, 0.5)) and not path.contains(QPointF(1.5, 1.5))
    assert path.boundingRect().getCoords() == (0.0, 0.0, 4.0, 3.0)
    assert _ring_polygon(SHAPES["with z"].exterior.coords[:0]).isEmpty()
