"""Groups on the board (pytest-qt, offscreen): an outline round each group's bases in its
side's colour with its name, following moves and undo; Shift+click on a member selects its
group, again the group above; a plain click clears it."""

from __future__ import annotations

import json

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from app.board.groups_layer import Z_GROUPS, GroupsLayer
from engine.edits import RemoveMember
from engine.model import Change, MoveUnit
from engine.scenario_io import loads_scenario
from tests.app.helpers import LEFT, NO_MODIFIER, at, click_board, show_window, zoom

ROUND = {"shape": "round", "diameter_mm": 25}
DOC = {
    "format": "warboard-scenario", "version": 2, "name": "Groups", "ruleset": "toy",
    "table": {"width_in": 48, "height_in": 36, "edges": {"allies": "south"}},
    "units": [
        {"id": "a1", "side": "allies", "profile": "p", "x": 10, "y": 10, "base": ROUND},
        {"id": "a2", "side": "allies", "profile": "p", "x": 12, "y": 10, "base": ROUND},
        {"id": "b1", "side": "allies", "profile": "p", "x": 10, "y": 14, "base": ROUND},
        {"id": "b2", "side": "allies", "profile": "p", "x": 12, "y": 14, "base": ROUND},
        {"id": "lt", "side": "allies", "profile": "p", "x": 16, "y": 12, "base": ROUND},
        {"id": "x1", "side": "axis", "profile": "p", "x": 36, "y": 20, "base": ROUND},
    ],
    "groups": [
        {"id": "sq-a", "kind": "squad", "name": "Able", "members": ["a1", "a2"]},
        {"id": "sq-b", "kind": "squad", "name": "Baker", "members": ["b1", "b2"]},
        {"id": "pl-1", "kind": "platoon", "name": "1st platoon", "members": ["sq-a", "sq-b"],
         "commander": "lt"},
        {"id": "bn", "kind": "hq", "off_table": True, "members": ["pl-1"]},
    ],
}


def window(qtbot):
    win = show_window(qtbot, loads_scenario(json.dumps(DOC)), (1000, 700))
    win.view.setFocus()
    zoom(win, 20, 14)
    return win


def layer_of(win) -> GroupsLayer:
    layers = [i for i in win.scene.items() if isinstance(i, GroupsLayer)]
    assert len(layers) == 1
    return layers[0]


def test_each_group_is_outlined_in_its_sides_colour_with_its_name(qtbot):
    win = window(qtbot)
    layer = layer_of(win)
    assert layer.zValue() == Z_GROUPS
    outlines = layer.outlines
    assert set(outlines) == {"sq-a", "sq-b", "pl-1"}  # the off-table HQ draws nothing
    allies = win.scene.palette.colour("allies")
    assert all(o.colour == allies for o in outlines.values())
    assert layer.label_item("sq-a").text() == "Able"
    # the outline holds its bases, not the others; the platoon's holds its squads and leader
    able = outlines["sq-a"].path
    assert able.contains(QPointF(10, 10)) and able.contains(QPointF(12, 10))
    assert not able.contains(QPointF(10, 14))
    platoon = outlines["pl-1"].path
    assert all(platoon.contains(QPointF(x, y)) for x, y in ((10, 10), (12, 14), (16, 12)))
    assert not platoon.contains(QPointF(36, 20))
    # and the board really paints it: a line along the top of Able's outline; the selected
    # group is tinted too, between its bases
    top = able.boundingRect().top()
    shown = render(win)
    layer.hide()
    hidden = render(win)
    layer.show()
    assert shown.pixelColor(at(win, 11, top)) != hidden.pixelColor(at(win, 11, top))
    assert shown.pixelColor(at(win, 11, 10.65)) == hidden.pixelColor(at(win, 11, 10.65))
    win.services.groups.select_group("sq-a")
    assert render(win).pixelColor(at(win, 11, 10.65)) != hidden.pixelColor(at(win, 11, 10.65))
    # outside every outline the table is as it was
    assert shown.pixelColor(at(win, 26, 20)) == hidden.pixelColor(at(win, 26, 20))


def render(win) -> QImage:
    img = QImage(win.view.viewport().size(), QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    painter = QPainter(img)
    win.view.render(painter)
    painter.end()
    return img


def test_outlines_follow_moves_membership_and_undo(qtbot):
    win = window(qtbot)
    baker = layer_of(win).outline_item("sq-b")
    win.editor.push(Change([MoveUnit("a2", 20, 10)], "move"))
    assert layer_of(win).outlines["sq-a"].path.contains(QPointF(19.5, 10))
    assert layer_of(win).outlines["pl-1"].path.contains(QPointF(19.5, 10))  # the group above
    assert layer_of(win).outline_item("sq-b") is baker  # untouched groups are not rebuilt
    win.editor.push(Change([RemoveMember("sq-a", "a2")], "leave"))
    assert not layer_of(win).outlines["sq-a"].path.contains(QPointF(20, 10))
    win.editor.undo_stack.undo()
    win.editor.undo_stack.undo()
    assert not layer_of(win).outlines["sq-a"].path.contains(QPointF(19.5, 10))
    assert layer_of(win).outlines["sq-a"].path.contains(QPointF(12, 10))


def test_shift_click_selects_the_group_then_the_one_above(qtbot):
    win = window(qtbot)
    seen = []
    win.services.groups.group_selected.connect(seen.append)
    vp = win.view.viewport()
    shift = Qt.KeyboardModifier.ShiftModifier
    qtbot.mouseClick(vp, LEFT, shift, at(win, 10, 14))
    assert win.selected_unit_id == "b1" and win.services.groups.selected_group_id == "sq-b"
    assert layer_of(win).selected == "sq-b"
    assert "Baker" in win.statusBar().currentMessage()
    qtbot.mouseClick(vp, LEFT, shift, at(win, 10, 14))
    assert win.services.groups.selected_group_id == "pl-1"
    qtbot.mouseClick(vp, LEFT, shift, at(win, 10, 14))
    assert win.services.groups.selected_group_id == "bn"  # the off-table HQ: selected, not drawn
    qtbot.mouseClick(vp, LEFT, shift, at(win, 10, 14))
    assert win.services.groups.selected_group_id is None
    qtbot.mouseClick(vp, LEFT, shift, at(win, 12, 10))
    assert win.services.groups.selected_group_id == "sq-a"
    # a plain click on another unit selects it alone
    qtbot.mouseClick(vp, LEFT, NO_MODIFIER, at(win, 36, 20))
    assert win.selected_unit_id == "x1" and win.services.groups.selected_group_id is None
    assert seen == ["sq-b", "pl-1", "bn", None, "sq-a", None]
    # a unit in no group selects no group
    qtbot.mouseClick(vp, LEFT, shift, at(win, 36, 20))
    assert win.services.groups.selected_group_id is None and win.selected_unit_id == "x1"
    click_board(qtbot, win, 40, 30)
    assert win.selected_unit_id is None


def test_a_new_game_rebuilds_the_outlines(qtbot):
    win = window(qtbot)
    doc = json.loads(json.dumps(DOC))
    doc["groups"] = [{"id": "solo", "kind": "squad", "members": ["x1"]}]
    win.set_scenario(loads_scenario(json.dumps(doc)))
    layer = layer_of(win)
    assert set(layer.outlines) == {"solo"}
    assert layer.label_item("solo").text() == "solo"
    assert layer.outlines["solo"].colour == win.scene.palette.colour("axis")



def test_the_status_bar_names_the_group_kind_in_russian(qtbot, monkeypatch):
    """The group's kind is a scenario key ("squad"): the status bar says it through the
    glossary, in the interface's language (app.i18n.loc)."""
    from app import i18n

    win = window(qtbot)
    qtbot.mouseClick(win.view.viewport(), LEFT, Qt.KeyboardModifier.ShiftModifier,
                     at(win, 10, 14))
    assert "Baker (squad)" in win.statusBar().currentMessage()
    monkeypatch.setattr(i18n, "_current", "ru")
    win.services.groups.select_group("sq-b")
    assert "Baker (отделение)" in win.statusBar().currentMessage()
