"""Issue 16: a unit's name near the table's edge is drawn whole — slid along the edge or
flipped to the other side of its base — not clipped by the edge of the table or of the
board's viewport. Checked at 1280×800 with the table fitted, as a player first sees it."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF

from app.board.labels import fit_inside
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from tests.app.helpers import show_window

LONG = "2nd Red company, platoon 4 (the far one)"
#: a unit hard against each edge and in each corner (x, y in inches on a 72×48 table)
EDGES = {"left": (0.6, 24), "right": (71.4, 24), "top": (36, 0.6), "bottom": (36, 47.4),
         "top-left": (0.6, 0.6), "top-right": (71.4, 0.6), "bottom-left": (0.6, 47.4),
         "bottom-right": (71.4, 47.4)}


def edge_table(x: float, y: float) -> Scenario:
    units = [Unit("edge", "reds", "stand", x, y, BaseShape.rect(25, 20), 0, name=LONG),
             Unit("middle", "whites", "stand", 36, 24, BaseShape.round(25), 180, name="Mid")]
    return Scenario("Edges", "iron-hearts", Table(72, 48, 10), units=units)


def viewport_rect(win, item) -> QRectF:
    """Where `item` is drawn in the board's viewport, in pixels."""
    return item.deviceTransform(win.view.viewportTransform()).mapRect(item.boundingRect())


@pytest.mark.parametrize("edge", list(EDGES))
def test_a_name_at_the_table_edge_is_drawn_whole_inside_the_table(qtbot, edge) -> None:
    win = show_window(qtbot, edge_table(*EDGES[edge]), (1280, 800), fit=True)
    win.view.flush_labels()
    label = win.scene.unit_item("edge").label
    assert label.isVisible() and label.text == LONG
    drawn = viewport_rect(win, label)
    table = win.view.mapFromScene(win.scene.table_rect()).boundingRect()
    visible = QRectF(win.view.viewport().rect())
    assert QRectF(table).adjusted(-1, -1, 1, 1).contains(drawn), (edge, drawn, table)
    assert visible.contains(drawn), (edge, drawn, visible)
    # the label is in the table's scene rect too (mapped back from the viewport)
    scene_rect = win.view.mapToScene(drawn.toRect()).boundingRect()
    assert win.scene.table_rect().adjusted(-0.1, -0.1, 0.1, 0.1).contains(scene_rect)


def test_a_label_below_a_base_on_the_bottom_edge_flips_above(qtbot) -> None:
    win = show_window(qtbot, edge_table(36, 47.4), (1280, 800), fit=True)
    win.view.flush_labels()
    assert win.scene.unit_item("edge").label.where == "above"


def test_a_label_in_the_middle_is_not_moved(qtbot) -> None:
    win = show_window(qtbot, edge_table(20, 24), (1280, 800), fit=True)
    win.view.flush_labels()
    label = win.scene.unit_item("edge").label
    assert label.where == "below" and label.shift == (0.0, 0.0)


def test_fit_inside_slides_then_flips() -> None:
    # one label, 4 places (below, above, right, left), each 100×10 px, on a 200×100 table
    below, above = [-40, 95, 60, 105], [-40, -15, 60, -5]
    right, left = [150, 40, 250, 50], [-110, 40, -10, 50]
    cands = np.array([[below, above, right, left]], dtype=float)
    cands[0, 1] = [-40, 5, 60, 15]                         # above fits once slid
    moved, inside = fit_inside(cands, (0, 0, 200, 100))
    assert moved[0, 0].tolist() == [0, 95, 100, 105]     # slid right, still off the bottom
    assert inside[0].tolist() == [False, True, False, False]
    assert moved[0, 1].tolist() == [0, 5, 100, 15]


def test_fit_inside_keeps_every_place_of_a_unit_off_the_table() -> None:
    cands = np.array([[[300, 150, 350, 160]] * 4], dtype=float)  # past a corner
    _, inside = fit_inside(cands, (0, 0, 200, 100))
    assert inside.all()
