"""A move, a turn, an undo and a redo lay out again only the labels they reach
(BoardScene.relayout_units) — and the board shows every label where a whole layout puts it."""

from __future__ import annotations

import numpy as np
import pytest

from bench.board_driver import big_table
from engine.model import Change, MoveUnit
from tests.app.helpers import show_window


def drawn(scene) -> list[tuple]:
    """Every label as drawn: shown or not, its place, anchor and slide, and where it is."""
    out = []
    for item in scene.unit_items.values():
        label = item.label
        shown = label.isVisible()
        out.append((item.unit.id, shown, label.placed_at if shown else None,
                    (round(label.x(), 9), round(label.y(), 9)) if shown else None))
    return out


def whole_layout(scene) -> list[tuple]:
    """The labels as a whole layout at the board's zoom puts them (on a copy of the
    scene's state: the scene is laid out, read, and the incremental state compared)."""
    scene.layout_labels(scene.label_scale())
    return drawn(scene)


@pytest.mark.parametrize("area", [None, (30.0, 20.0, 30.0)])
def test_moves_turns_undo_redo_relabel_as_a_whole_layout(qtbot, monkeypatch, area) -> None:
    win = show_window(qtbot, big_table(700, 20, seed=11), (1280, 820), fit=True)
    if area is not None:  # zoomed in: labels at the view's edges are fitted inside it
        win.view.show_area(*area)
    scene, editor = win.scene, win.editor
    whole = scene.layout_labels
    calls: list[float] = []
    monkeypatch.setattr(scene, "layout_labels", lambda s, *a: (calls.append(s),
                                                                whole(s, *a))[1])
    rng = np.random.default_rng(4)
    units = scene.scenario.units
    for step in range(8):
        u = units[int(rng.integers(len(units)))]
        x = float(np.clip(u.x + rng.normal(0, 4), 1, scene.scenario.table.width_in - 1))
        y = float(np.clip(u.y + rng.normal(0, 4), 1, scene.scenario.table.height_in - 1))
        facing = float(rng.uniform(0, 360)) if step % 2 else None  # every other one turned
        editor.push(Change(effects=(MoveUnit(u.id, x, y, facing),), label="move"))
        for act in (None, editor.undo_stack.undo, editor.undo_stack.redo):
            if act is not None:
                act()
            assert not calls, "a move laid every label out"
            now = drawn(scene)
            assert now == whole_layout(scene)
            calls.clear()
    assert any(i.label.isVisible() for i in scene.unit_items.values())
