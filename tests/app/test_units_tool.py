"""The units tool driven with real mouse and key events: placing a profile on its real base,
duplicating (Ctrl+D), deleting (Del), setting side and name (bad input refused naming the
field) — each one undoable change."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.tools.units import DEFAULT_BASE, profile_catalogue
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from tests.app.helpers import at, click_board, show_window

TANK = BaseShape.rect(50, 100)


def scenario() -> Scenario:
    units = [Unit("sherman-1", "allies", "m4a1-sherman", 10, 24, TANK, 0, 0, name="Sherman 1"),
             Unit("gren-1", "axis", "grenadier", 50, 24, BaseShape.round(25), 180)]
    return Scenario("Units test", "iron-hearts", Table(72, 48, 10), units=units,
                    profiles={"npc-sniper": {"name": "Sniper (NPC)",
                                             "base": {"shape": "round", "diameter_mm": 32}}})


@pytest.fixture
def win(qtbot):
    return show_window(qtbot, scenario(), (1200, 760), fit=True)
def units_tool(win, qtbot):
    qtbot.keyClick(win.view, Qt.Key.Key_U)
    tool = win.tools.active
    assert tool.id == "units" and tool.panel.isVisible()
    return tool


def test_catalogue_real_bases_and_library_profiles():
    cat = {c.id: c for c in profile_catalogue(scenario(), library={
        "grenadier": {"name": "Grenadier"}, "us-rifleman": {"name": "US rifleman"},
        "panzer-iv": {"name": "Panzer IV", "vehicle_class": "medium tank", "turret": True}},
        samples={})}  # no shipped table to take bases from: the defaults
    assert cat["m4a1-sherman"].base == TANK and cat["m4a1-sherman"].base_from == "scenario"
    assert cat["grenadier"].name == "Grenadier" and cat["grenadier"].base_from == "scenario"
    assert cat["npc-sniper"].base == BaseShape.round(32)
    assert cat["us-rifleman"].base == DEFAULT_BASE
    assert cat["us-rifleman"].text == "US rifleman — 25 mm round (default base)"
    assert cat["m4a1-sherman"].text == "m4a1-sherman — 50×100 mm rect"
    assert cat["panzer-iv"].base == BaseShape.rect(50, 100) and cat["panzer-iv"].turret
    assert cat["panzer-iv"].text == "Panzer IV — 50×100 mm rect (default base)"


def test_library_profiles_take_their_base_from_the_shipped_tables():
    """Issue 16: a library profile placed on the base its units have in the ruleset's
    sample tables, not on a "(default base)"."""
    from app.tools.units import sample_bases
    from engine.scenario import Scenario, Table

    empty = Scenario("blank", "iron-hearts", Table(72, 48, 2.5))
    cat = {c.id: c for c in profile_catalogue(empty)}
    samples = sample_bases("iron-hearts")
    assert samples["m4a1-sherman"] == BaseShape.rect(50, 100)
    assert cat["us-rifleman"].base_from == "sample"
    assert "(default base)" not in cat["us-rifleman"].text
    assert cat["pz4-h"].base_from == "sample"   # the demo's tank duel


def test_place_a_profile_by_clicking_and_undo(win, qtbot):
    tool = units_tool(win, qtbot)
    tool.panel.choose_profile("m4a1-sherman")
    tool.panel.new_side.setCurrentText("allies")
    qtbot.mouseClick(tool.panel.place_button, Qt.MouseButton.LeftButton)  # place mode
    click_board(qtbot, win, 30, 40)
    unit = win.game.unit("m4a1-sherman-1")
    assert (unit.x, unit.y) == pytest.approx((30, 40), abs=1.5 / win.view.px_per_inch())
    assert unit.base == TANK and unit.side == "allies" and unit.profile == "m4a1-sherman"
    assert unit.turret == 0.0  # the library's card has a turret
    assert win.selected_unit_id == "m4a1-sherman-1"
    assert "m4a1-sherman-1" in win.scene.unit_items
    name = tool.panel.chosen_profile().name  # the library's name when it has one
    assert win.editor.undo_stack.undoText() == f"Place {name} m4a1-sherman-1"
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not win.game.on_table("m4a1-sherman-1")
    assert "m4a1-sherman-1" not in win.scene.unit_items


def test_library_profile_from_the_ruleset_is_offered(win, qtbot):
    tool = units_tool(win, qtbot)
    ids = [tool.panel.profiles.item(i).data(Qt.ItemDataRole.UserRole).id
           for i in range(tool.panel.profiles.count())]
    assert {"m4a1-sherman", "grenadier", "npc-sniper"} <= set(ids)
    tool.panel.choose_profile("npc-sniper")
    tool.panel.new_side.setCurrentText("axis")
    tool.set_placing(True)
    click_board(qtbot, win, 60, 10)
    assert win.game.unit("npc-sniper-1").base == BaseShape.round(32)


def test_click_a_unit_selects_it_and_fills_the_fields(win, qtbot):
    tool = units_tool(win, qtbot)
    click_board(qtbot, win, 10, 24)
    assert win.selected_unit_id == "sherman-1"
    assert tool.panel.unit_id.text() == "sherman-1"
    assert tool.panel.name.text() == "Sherman 1" and tool.panel.side.currentText() == "Allies"
    assert len(win.game.units) == 2  # selecting places nothing


def test_duplicate_with_ctrl_d_and_delete_with_del(win, qtbot):
    units_tool(win, qtbot)
    click_board(qtbot, win, 50, 24)
    qtbot.keyClick(win.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    copy = win.game.unit("grenadier-1")
    assert copy.side == "axis" and copy.base == BaseShape.round(25) and copy.facing == 180
    assert copy.x == pytest.approx(50 + 25 / 25.4 + 0.25, abs=1e-3) and copy.y == 24
    assert win.selected_unit_id == "grenadier-1"
    assert win.editor.undo_stack.undoText() == "Duplicate gren-1"
    qtbot.keyClick(win.view, Qt.Key.Key_Delete)
    assert not win.game.on_table("grenadier-1")
    assert win.editor.undo_stack.undoText() == "Delete grenadier-1"
    win.editor.undo_stack.undo()
    assert win.game.on_table("grenadier-1")
    win.editor.undo_stack.undo()
    assert [u.id for u in win.game.units] == ["sherman-1", "gren-1"]


def test_set_name_and_side_and_refuse_an_empty_side(win, qtbot):
    tool = units_tool(win, qtbot)
    click_board(qtbot, win, 50, 24)
    p = tool.panel
    p.name.clear()
    qtbot.keyClicks(p.name, "Kessler")
    p.side.setCurrentText("reds")
    qtbot.mouseClick(p.apply_button, Qt.MouseButton.LeftButton)
    unit = win.game.unit("gren-1")
    assert unit.name == "Kessler" and unit.side == "reds"
    assert win.editor.undo_stack.undoText() == "Set gren-1: name Kessler and side reds"
    assert win.scene.unit_items["gren-1"].label.text == "Kessler"
    p.side.setCurrentText("  ")
    qtbot.mouseClick(p.apply_button, Qt.MouseButton.LeftButton)
    assert p.message.text().startswith("side:") and win.game.unit("gren-1").side == "reds"
    p.side.setCurrentText("reds")
    p.name.setText("x" * 81)
    qtbot.mouseClick(p.apply_button, Qt.MouseButton.LeftButton)
    assert p.message.text().startswith("name:")
    win.editor.undo_stack.undo()
    unit = win.game.unit("gren-1")
    assert unit.name is None and unit.side == "axis"


def test_empty_side_for_new_units_is_refused(win, qtbot):
    tool = units_tool(win, qtbot)
    tool.panel.new_side.setCurrentText("")
    tool.set_placing(True)
    click_board(qtbot, win, 30, 10)
    assert tool.panel.message.text().startswith("side of new units:")
    assert len(win.game.units) == 2 and win.editor.undo_stack.count() == 0


def test_a_click_places_only_in_place_mode_once(win, qtbot):
    """Issue 16: with the Units tool any click on empty table placed a unit (a second
    Panzer IV by accident). Now only in place mode, and once unless Shift is held."""
    tool = units_tool(win, qtbot)
    before = len(win.game.units)
    assert not tool.placing
    click_board(qtbot, win, 30, 10)
    assert len(win.game.units) == before and win.editor.undo_stack.count() == 0
    qtbot.keyClick(win.view, Qt.Key.Key_P)
    assert tool.placing
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, at(win, 30, 10))
    assert tool.placing and len(win.game.units) == before + 1   # Shift: stays on
    click_board(qtbot, win, 34, 10)
    assert not tool.placing and len(win.game.units) == before + 2
    click_board(qtbot, win, 38, 10)
    assert len(win.game.units) == before + 2
    qtbot.keyClick(win.view, Qt.Key.Key_P)
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert not tool.placing


def test_picking_a_profile_in_the_list_turns_place_mode_on(win, qtbot):
    tool = units_tool(win, qtbot)
    lst = tool.panel.profiles
    rect = lst.visualItemRect(lst.item(0))
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tool.placing


@pytest.mark.parametrize(("edges", "side", "facing"), [
    ({"allies": "west", "axis": "east"}, "allies", 0.0),
    ({"allies": "west", "axis": "east"}, "axis", 180.0),
    ({"allies": "south"}, "allies", 270.0),
    ({"axis": "north"}, "allies", 270.0),
    ({}, "allies", 0.0),
])
def test_new_units_face_the_enemy_edge(qtbot, edges, side, facing):
    from engine.scenario import deployment_facing

    s = scenario()
    s.table.edges = dict(edges)
    assert deployment_facing(s.table, side) == facing
    w = show_window(qtbot, s, (1200, 760), fit=True)
    tool = units_tool(w, qtbot)
    tool.panel.choose_profile("grenadier")
    tool.panel.new_side.setCurrentText(side)
    tool.set_placing(True)
    click_board(qtbot, w, 30, 10)
    placed = w.game.unit(w.selected_unit_id)
    assert placed.facing == facing


def test_every_library_profile_of_every_ruleset_has_a_base():
    """Issue 16: no profile of any installed ruleset is placed on a "(default base)" — each
    has its own (PROPOSED where the rules give none, and shown so) or its sample tables'."""
    from engine.rulesets.registry import list_rulesets
    from engine.scenario import Table

    for ruleset in list_rulesets():
        empty = Scenario("blank", ruleset.id, Table(72, 48, 2.5))
        for choice in profile_catalogue(empty):
            assert choice.base_from != "default", (ruleset.id, choice.id)
            assert "(default base)" not in choice.text


def test_a_proposed_base_is_marked_in_the_catalogue():
    from engine.scenario import Table

    empty = Scenario("blank", "keno-platoon", Table(72, 48, 2.5))
    cat = {c.id: c for c in profile_catalogue(empty)}
    assert cat["keno-at-gun"].base == BaseShape.rect(50, 50)
    assert cat["keno-at-gun"].text.endswith("50×50 mm rect (PROPOSED base)")
    assert cat["keno-squad"].base_from == "sample" and not cat["keno-squad"].base_proposed
