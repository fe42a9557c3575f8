"""Issue 16: the board's other texts leave the unit labels readable — a group's name is not
hidden behind a unit's name (it takes another place round its outline), nor is a Keno
commander's contact zone's name or a mark's tag drawn over one; at every zoom, after a move.
Checked on the real view (pytest-qt, offscreen): where each text is drawn in the viewport."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF

from app.board.labels import first_free
from app.board.texts import AROUND, BoardText, raised
from engine.model import Change, MoveUnit
from engine.scenario_io import load_scenario, loads_scenario
from tests.app.helpers import show_window, zoom
from tests.app.test_panels_support import open_window, select_unit
from tests.engine.keno_platoon.helpers import SAMPLE

ROUND = {"shape": "round", "diameter_mm": 25}


def unit(uid: str, x: float, y: float, name: str, side: str = "allies") -> dict:
    return {"id": uid, "side": side, "profile": "p", "x": x, "y": y, "base": ROUND,
            "name": name}


#: a squad whose outline's top-left corner is where a neighbour's long name hangs, and a
#: platoon round it, whose name stacks a row above the squad's
DOC = {
    "format": "warboard-scenario", "version": 2, "name": "Crowded names", "ruleset": "toy",
    "table": {"width_in": 48, "height_in": 36},
    "units": [unit("a1", 10, 10, "Able one"), unit("a2", 12, 10, "Able two"),
              unit("b1", 10, 13, "Baker one"), unit("b2", 12, 13, "Baker two"),
              unit("obs", 10.2, 7.9, "Forward observation post", "axis"),
              unit("x1", 30, 20, "Far away", "axis")],
    "groups": [{"id": "sq-a", "kind": "squad", "name": "Able squad", "members": ["a1", "a2"]},
               {"id": "sq-b", "kind": "squad", "name": "Baker squad",
                "members": ["b1", "b2"]},
               {"id": "pl", "kind": "platoon", "name": "1st platoon",
                "members": ["sq-a", "sq-b"]}],
}


def drawn(win, item) -> QRectF:
    """Where an item that ignores the zoom is drawn in the board's viewport (pixels)."""
    return item.deviceTransform(win.view.viewportTransform()).mapRect(item.boundingRect())


def overlap(a: QRectF, b: QRectF) -> bool:
    """A strict overlap (touching edges do not count), a pixel of rounding allowed."""
    i = a.intersected(b)
    return i.width() > 1.0 and i.height() > 1.0


def unit_labels(win) -> list[tuple[str, QRectF]]:
    return [(uid, drawn(win, item.label)) for uid, item in win.scene.unit_items.items()
            if item.label.isVisible()]


def covered(win, items, strict: bool = False) -> list:
    """(text, unit) pairs where one of `items` overlaps a unit's shown label — unless,
    not `strict`, it is drawn under the label (where a crowded board leaves a zone's text
    no free place). A group's name is always under the labels: checked `strict`."""
    names = unit_labels(win)
    return [(t.text(), uid) for t in items for uid, r in names
            if overlap(drawn(win, t), r)
            and (strict or not drawn_under(t, win.scene.unit_item(uid)))]


def drawn_under(text, unit_item) -> bool:
    """Whether `text` is painted beneath the unit's label (z, as Qt stacks top-levels; a
    child of a layer by its layer's z)."""
    z = text.zValue() if text.parentItem() is None else text.parentItem().zValue()
    return z < unit_item.label.zValue()


@pytest.fixture
def groups_win(qtbot):
    win = show_window(qtbot, loads_scenario(json.dumps(DOC)), (1000, 700))
    win.view.setFocus()
    zoom(win, 14, 11, 30.0)
    return win


def test_a_group_name_takes_a_place_clear_of_the_unit_labels(groups_win) -> None:
    win = groups_win
    layer = win.services.groups.layer
    texts = {t.item.text(): t for t in layer.board_texts()}
    assert set(texts) == {"Able squad", "Baker squad", "1st platoon"}
    obs = win.scene.unit_item("obs").label
    assert obs.isVisible()
    # above Able's top-left corner is where the observers' name hangs: not taken
    able = texts["Able squad"]
    assert able.places == raised(AROUND, 0) and able.places[0] == (0, 0, 0, -1)
    assert able.took not in (0, -1), able.took
    assert covered(win, [t.item for t in texts.values()], strict=True) == []
    # and the names do not cover each other
    rects = [drawn(win, t.item) for t in texts.values()]
    assert not any(overlap(a, b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("px_per_inch", [18.0, 30.0, 60.0])
def test_group_names_stay_clear_at_every_zoom_and_after_a_move(groups_win, px_per_inch):
    win = groups_win
    zoom(win, 14, 11, px_per_inch)
    items = [t.item for t in win.services.groups.layer.board_texts()]
    assert covered(win, items, strict=True) == []
    # the observers walk down beside Baker's outline: the names are placed again
    win.editor.push(Change([MoveUnit("obs", 9.0, 15.0)], label="move"))
    items = [t.item for t in win.services.groups.layer.board_texts()]
    assert covered(win, items, strict=True) == []


def keno_win(qtbot):
    scenario = load_scenario(SAMPLE)
    for uid in ("p1", "s2"):                    # both ends at field phones (test_keno_turn)
        scenario.unit(uid).state.update({"comms": "phone", "at_phone": True})
    p1 = scenario.unit("p1")
    p1.x, p1.y = 18.5, 32.5
    return open_window(qtbot, scenario, (24, 34))


def zone_texts(win) -> list:
    return [t.item for t in win.services.zones.texts]


def test_the_contact_zones_name_and_tags_leave_the_unit_labels_readable(qtbot) -> None:
    win = keno_win(qtbot)
    select_unit(qtbot, win, "p1")
    assert win.services.zones.zones, "no contact zone drawn"
    items = zone_texts(win)
    shown = {t.text() for t in items}
    assert any("contact" in s for s in shown) and len(items) > 1   # the name and the tags
    assert covered(win, items) == []
    # clear of the group names too (the texts placed before them)
    names = [drawn(win, t.item) for t in win.services.groups.layer.board_texts()] \
        if win.services.groups.layer is not None else []
    assert not any(overlap(drawn(win, t), n) for t in items for n in names)
    # zoomed out and in, the texts are placed again with the labels; zoomed out, a tag with
    # no free place goes under the names it would cover, over them again once zoomed in
    for px in (12.0, 40.0):
        zoom(win, 24, 34, px)
        assert covered(win, zone_texts(win)) == [], px
    assert all(t.took >= 0 and t.item.zValue() > win.scene.unit_item("p1").label.zValue()
               for t in win.services.zones.texts)


def test_first_free_takes_the_first_place_clear_of_blocks_and_earlier_texts() -> None:
    # two texts, three places each (10×10 px), one block over the first place of both
    a = [[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]]
    b = [[0, 0, 10, 10], [20, 0, 30, 10], [60, 0, 70, 10]]
    cands = np.array([a, b], dtype=float)
    blocks = np.array([[2, 2, 8, 8]], dtype=float)
    assert first_free(cands, blocks).tolist() == [1, 2]   # b's second place is a's now
    assert first_free(cands, np.zeros((0, 4))).tolist() == [0, 1]
    # touching edges do not collide; a text with every place blocked gets -1
    assert first_free(cands[:1], np.array([[10, 0, 20, 10]], dtype=float)).tolist() == [0]
    assert first_free(cands[:1], np.array([[-5, -5, 55, 15]], dtype=float)).tolist() == [-1]


def test_a_board_text_at_a_place_sits_where_the_place_says(qapp) -> None:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from app.board.texts import candidates

    item = QGraphicsSimpleTextItem("Name")
    w, h = item.boundingRect().width(), item.boundingRect().height()
    t = BoardText(item, QRectF(1, 2, 4, 3), ((0, 0, 0, -1), (1, 1, -1, 0), (1, 0.5, 0, -0.5)))
    c = candidates([t], 10.0)[0]
    assert c[0].tolist() == pytest.approx([10, 20 - h, 10 + w, 20])        # above top-left
    assert c[1].tolist() == pytest.approx([50 - w, 50, 50, 50 + h])        # below bottom-right
    assert c[2].tolist() == pytest.approx([50, 35 - h / 2, 50 + w, 35 + h / 2])  # right-middle
    assert raised(((0, 0, 0, -1), (0, 1, 0, 0), (1, 0.5, 0, -0.5)), 2) == \
        ((0, 0, 0, -3), (0, 1, 0, 2), (1, 0.5, 0, -0.5))


rect = st.tuples(st.integers(0, 60), st.integers(0, 60), st.integers(1, 20),
                 st.integers(1, 20)).map(lambda r: [r[0], r[1], r[0] + r[2], r[1] + r[3]])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(rect, min_size=3, max_size=3), min_size=1, max_size=6),
       st.lists(rect, max_size=8))
def test_first_free_places_overlap_nothing_and_both_ways_agree(cands, blocks) -> None:
    """Every place taken overlaps no block and no other text's place taken; a text left
    without (-1) has every place blocked or covering one taken before; the all-pairs
    numpy way and the trees' way choose alike."""
    import geometry.labels as labels  # the placement itself

    c = np.array(cands, dtype=float)
    b = np.array(blocks, dtype=float).reshape(-1, 4)
    picks = first_free(c, b)
    was = labels.BRUTE_PAIRS
    labels.BRUTE_PAIRS = 0
    try:
        assert first_free(c, b).tolist() == picks.tolist()
    finally:
        labels.BRUTE_PAIRS = was

    def hit(r, rs) -> bool:
        return any(r[0] < o[2] and r[2] > o[0] and r[1] < o[3] and r[3] > o[1] for o in rs)

    taken = []
    for t, p in enumerate(picks.tolist()):
        if p < 0:
            assert all(hit(r, b) or hit(r, taken) for r in c[t])
            continue
        assert not hit(c[t, p], b) and not hit(c[t, p], taken)
        assert all(hit(r, b) or hit(r, taken) for r in c[t, :p])  # the first free one
        taken.append(c[t, p])


def test_a_group_name_the_views_edge_would_cut_takes_a_place_inside_it(qtbot,
                                                                        groups_win) -> None:
    """Panned so that Able's outline runs past the view's left edge: its name leaves the
    corner the edge cuts for one inside the view (once the pan rests)."""
    win = groups_win
    view = win.view
    able = win.services.groups.layer.outlines["sq-a"].path.boundingRect()
    half = view.viewport().width() / 2 / 30.0
    view.show_area(able.left() + 0.3 + half, 11, 30.0)   # the left edge 0.3" into the outline
    qtbot.waitUntil(lambda: not view._edges.isActive(), timeout=3000)
    text = next(t for t in win.services.groups.layer.board_texts() if t.item.text() == "Able squad")
    box = QRectF(view.viewport().rect()).adjusted(-0.5, -0.5, 0.5, 0.5)
    assert box.contains(drawn(win, text.item)), drawn(win, text.item)
    assert text.took != 0                                  # not its top-left corner
    assert covered(win, [text.item], strict=True) == []
    # panned back (the whole outline in view): the first free place again
    view.show_area(14, 11, 30.0)
    assert box.contains(drawn(win, text.item))


def test_another_table_opened_under_a_zone_places_only_its_own_texts(qtbot) -> None:
    from engine.model import Game
    from engine.scenario_io import load_demo

    win = keno_win(qtbot)
    select_unit(qtbot, win, "p1")
    assert win.services.zones.board_texts()
    win.set_game(Game(load_demo()))
    assert win.services.zones.board_texts() == []
    names = win.services.groups.board_texts()
    assert names and all(t.item.scene() is win.scene for t in names)
    win.view.show_area(24, 24, 20.0)                      # laid out again: no dead texts
    assert covered(win, [t.item for t in names], strict=True) == []
