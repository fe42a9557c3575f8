"""Pictures keep their overlays and marks off the units and their labels (issue 39): the
edge tag covered Sherman 2, and unit names were printed across the measure line."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF

from app.picture import PictureOptions, _prepared, picture_area, render_image
from app.picture_clear import overlay_boxes
from app.picture_cli import Overlays, board_window, draw_overlays
from engine.model import Game
from engine.scenario_io import load_demo

WIDTH = 1600


def window(qapp, overlays: Overlays):
    win = board_window(Game(load_demo()))
    draw_overlays(win, overlays)
    return win


def crossing(scene, s: float, boxes: np.ndarray) -> list[str]:
    """The units whose label, as laid out now, covers one of `boxes` (pixels at `s`)."""
    out = []
    for item in scene.unit_items.values():
        label = item.label
        if not label.isVisible():
            continue
        r = label.boundingRect().translated(label.scenePos() * s)
        hit = (boxes[:, 0] < r.right()) & (boxes[:, 2] > r.left()) & \
            (boxes[:, 1] < r.bottom()) & (boxes[:, 3] > r.top())
        if hit.any():
            out.append(item.unit.id)
    return out


@pytest.mark.parametrize("a, b", [("us-1-1", "gren-3"), ("sherman-3", "gren-5")])
def test_no_name_is_printed_across_the_measure_line(qapp, a, b):
    win = window(qapp, Overlays(measure=(a, b)))
    scene = win.scene
    s = WIDTH / picture_area(scene, None).width()
    boxes = overlay_boxes(scene, s)
    assert len(boxes) > 100  # the line, cut in short boxes, and its readout
    scene.layout_labels(s)  # the board's own layout crosses the line somewhere
    assert crossing(scene, s, boxes) != []
    with _prepared(scene, s, "all", vector=False, restore_px_per_inch=None):
        assert crossing(scene, s, boxes) == []


def test_the_edge_tags_keep_off_the_bases_and_names(qapp):
    win = window(qapp, Overlays(measure=("sherman-1", "pz4-1")))
    _image, r = render_image(win.scene, win.editor.game, PictureOptions(width_px=WIDTH))
    o = r.area.topLeft()
    bases = {}
    for u in win.editor.game.scenario.units:
        x0, y0, x1, y1 = u.polygon().bounds
        bases[u.id] = QRectF((x0 - o.x()) * r.px_per_inch, (y0 - o.y()) * r.px_per_inch,
                             (x1 - x0) * r.px_per_inch, (y1 - y0) * r.px_per_inch)
    tags = [m for m in r.marks if m.height() < 30 and m.width() < 300]  # the edge tags
    assert len(tags) == 4
    for tag in tags:
        assert not any(tag.intersects(b) for b in bases.values()), tag
        assert not any(tag.intersects(k) for k in r.keep_clear), tag
