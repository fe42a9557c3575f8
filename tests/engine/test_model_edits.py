"""Board edits as effects: adding, deleting and editing units and terrain, each undone
exactly — the whole scenario file reads the same after a revert."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.edits import AddTerrain, AddUnit, DeleteUnit, EditTerrain, EditUnit, RemoveTerrain
from engine.model import (
    Change,
    Game,
    ModelError,
    MoveUnit,
    RemoveUnit,
    SetMarker,
    apply_change,
    effect_from_dict,
    revert_change,
)
from engine.scenario_io import dumps_scenario, loads_scenario
from tests.engine.helpers import check_revert_and_redo

SCENARIO = {
    "format": "warboard-scenario", "version": 1, "name": "Edits", "ruleset": "toy",
    "table": {"width_in": 48, "height_in": 48},
    "terrain": [
        {"id": "wood", "kind": "woods", "polygon": [[0, 0], [4, 0], [4, 4], [0, 4]],
         "note": "kept"},
        {"id": "wall", "kind": "wall", "line": [[10, 10], [20, 10]], "cover": 3},
    ],
    "units": [
        {"id": "a", "side": "red", "profile": "rifle", "x": 1, "y": 2,
         "base": {"shape": "round", "diameter_mm": 25}, "extra_key": [1, 2]},
        {"id": "b", "name": "Bravo", "side": "blue", "profile": "tank", "x": 10.5, "y": 4,
         "facing": 90, "turret": 0, "base": {"depth_mm": 100, "shape": "rect", "width_mm": 50}},
    ],
}
NEW_UNIT = {"id": "c", "side": "blue", "profile": "rifle", "x": 30, "y": 30,
            "base": {"shape": "oval", "width_mm": 60, "depth_mm": 35}}
NEW_PIECE = {"id": "house", "kind": "building", "polygon": [[20, 20], [26, 20], [26, 25],
                                                             [20, 25]]}


def make_game() -> Game:
    return Game(loads_scenario(json.dumps(SCENARIO)))


def whole(game: Game) -> str:
    """Everything: the scenario file as it would be saved, plus the game's snapshot."""
    return dumps_scenario(game.scenario) + json.dumps(game.snapshot(), sort_keys=True)


def test_add_unit_then_undo():
    g = make_game()
    before = whole(g)
    ch = Change([AddUnit(NEW_UNIT, index=1)], label="Place c")
    apply_change(g, ch)
    assert [u.id for u in g.units] == ["a", "c", "b"]
    c = g.unit("c")
    assert (c.x, c.y, c.base.shape, c.base.width_mm, c.base.depth_mm) == (30, 30, "oval", 60, 35)
    revert_change(g, ch)
    assert whole(g) == before
    apply_change(g, ch)  # redo after undo gives the same unit back
    assert g.unit("c").base.depth_mm == 35


def test_add_unit_refuses_a_used_id_and_bad_data():
    g = make_game()
    with pytest.raises(ModelError, match="add_unit.unit.id: 'a' is already used by a unit"):
        apply_change(g, Change([AddUnit({**NEW_UNIT, "id": "a"})]))
    with pytest.raises(ModelError, match="already used by a terrain piece"):
        apply_change(g, Change([AddUnit({**NEW_UNIT, "id": "wood"})]))
    with pytest.raises(ModelError, match=r"add_unit.unit.x: expected a number"):
        apply_change(g, Change([AddUnit({**NEW_UNIT, "x": "far"})]))
    with pytest.raises(ModelError, match=r"add_unit.unit.id: expected a non-empty string"):
        apply_change(g, Change([AddUnit({"side": "red"})]))


def test_delete_unit_restores_at_its_old_place():
    g = make_game()
    before = whole(g)
    ch = Change([DeleteUnit("a")])
    apply_change(g, ch)
    assert [u.id for u in g.units] == ["b"] and g.removed == []
    revert_change(g, ch)
    assert [u.id for u in g.units] == ["a", "b"]
    assert whole(g) == before  # unknown keys ("extra_key") and key order survive


def test_deleting_a_commander_frees_its_units_and_undo_restores_the_link():
    g = make_game()
    apply_change(g, Change([EditUnit("b", {"parent": "a"})]))
    before = whole(g)
    ch = Change([DeleteUnit("a")])
    apply_change(g, ch)
    assert g.unit("b").parent is None
    loads_scenario(dumps_scenario(g.scenario))  # still a loadable scenario
    revert_change(g, ch)
    assert whole(g) == before and g.unit("b").parent == "a"
    with pytest.raises(ModelError, match=r"changes.parent: 'b' is under 'a': a command loop"):
        apply_change(g, Change([EditUnit("a", {"parent": "b"})]))


def test_edit_unit_fields_and_base():
    g = make_game()
    before = whole(g)
    b = g.unit("b")
    ch = Change([EditUnit("b", {"name": None, "side": "red", "profile": "rifle",
                                "base": {"shape": "round", "diameter_mm": 32},
                                "turret": None, "parent": "a"})])
    apply_change(g, ch)
    assert g.unit("b") is b  # edited in place: the board's item keeps its unit
    assert (b.name, b.side, b.profile, b.turret, b.parent) == (None, "red", "rifle", None, "a")
    assert (b.base.shape, b.base.width_mm) == ("round", 32)
    revert_change(g, ch)
    assert whole(g) == before
    assert (b.base.shape, b.base.width_mm, b.base.depth_mm) == ("rect", 50, 100)
    # the base comes back with its original key order in the file
    assert '"base": {"depth_mm": 100, "shape": "rect", "width_mm": 50}' in dumps_scenario(
        g.scenario)


@pytest.mark.parametrize("field, set_it, clear_it", [
    ("parent", EditUnit("a", {"parent": "b"}), EditUnit("a", {"parent": None})),
    ("name", EditUnit("a", {"name": "Able"}), EditUnit("a", {"name": None})),
    ("facing", MoveUnit("a", 1, 2, 90), MoveUnit("a", 1, 2, 0)),
    ("markers", SetMarker("a", "pinned", True), SetMarker("a", "pinned", None)),
])
def test_a_restored_unit_keeps_its_source_key_order(field, set_it, clear_it):
    """Deleting a unit and undoing it gives back the unit as it was read: a field its file
    left out, set since (so written) and cleared after the undo, is left out again —
    no `"parent": null`, `"facing": 0` or `"markers": {}` — exactly as on the unit that
    was never deleted."""
    def g_cleared(delete_and_undo: bool) -> Game:
        g = make_game()
        apply_change(g, Change([set_it]))
        if delete_and_undo:
            ch = Change([DeleteUnit("a")])
            apply_change(g, ch)
            revert_change(g, ch)
        apply_change(g, Change([clear_it]))
        return g

    assert field not in json.loads(dumps_scenario(g_cleared(False).scenario))["units"][0]
    assert whole(g_cleared(True)) == whole(g_cleared(False))


def test_a_whole_record_write_refuses_a_bad_key_order():
    g = make_game()
    before = whole(g)
    record = [0, SCENARIO["units"][0], "x"]  # the key order must be a list of names
    bad = Change([DeleteUnit("a")], before=[[[["units", "a"], True, record]]])
    with pytest.raises(ModelError, match=r"units 'a': expected the key order as a list"):
        revert_change(g, bad)
    assert whole(g) == before


@pytest.mark.parametrize("changes, message", [
    ({"x": 3}, r"edit_unit.changes.x: expected one of name, side"),
    ({"side": ""}, r"edit_unit.changes.side: expected a non-empty string"),
    ({"parent": "b"}, r"edit_unit.changes.parent: expected the id of another unit"),
    ({"parent": "ghost"}, r"edit_unit.changes.parent: expected the id of another unit"),
    ({"turret": "left"}, r"edit_unit.changes.turret: expected a number or null"),
    ({"base": {"shape": "hex"}}, r"edit_unit.changes.base.shape: unknown shape"),
    ({"base": {"shape": "round", "diameter_mm": -1}}, r"diameter_mm: expected a positive"),
    ({}, r"edit_unit.changes: expected a table"),
])
def test_edit_unit_refuses_bad_values(changes, message):
    g = make_game()
    before = whole(g)
    with pytest.raises(ModelError, match=message):
        apply_change(g, Change([EditUnit("b", changes)]))
    assert whole(g) == before


def test_terrain_add_edit_remove_and_undo():
    g = make_game()
    before = whole(g)
    add = Change([AddTerrain(NEW_PIECE, index=0)])
    apply_change(g, add)
    assert [p.id for p in g.scenario.terrain] == ["house", "wood", "wall"]
    assert g.scenario.piece("house").eff_cover() == 3
    edit = Change([EditTerrain("wall", {"kind": "hedge", "cover": None,
                                        "line": [[10, 10], [20, 12], [30, 12]]})])
    apply_change(g, edit)
    wall = g.scenario.piece("wall")
    assert (wall.kind, wall.cover, wall.line) == ("hedge", None, [(10, 10), (20, 12), (30, 12)])
    assert [p.id for p in g.scenario.terrain] == ["house", "wood", "wall"]  # kept its place
    remove = Change([RemoveTerrain("wood")])
    apply_change(g, remove)
    assert [p.id for p in g.scenario.terrain] == ["house", "wall"]
    for ch in (remove, edit, add):
        revert_change(g, ch)
    assert whole(g) == before
    assert g.scenario.piece("wood").extra["note"] == "kept"


def test_terrain_edits_must_leave_a_valid_piece():
    g = make_game()
    before = whole(g)
    with pytest.raises(ModelError, match=r"terrain 'wall'.polygon: a wall is drawn with 'line'"):
        apply_change(g, Change([EditTerrain("wall", {"polygon": [[0, 0], [1, 0], [1, 1]]})]))
    with pytest.raises(ModelError, match=r"terrain 'wood'.line: a woods is drawn with"):
        apply_change(g, Change([EditTerrain("wood", {"kind": "woods",
                                                     "line": [[0, 0], [1, 1]]})]))
    with pytest.raises(ModelError, match=r"terrain 'wood'.polygon: not a valid polygon"):
        apply_change(g, Change([EditTerrain("wood", {"polygon": [[0, 0], [4, 4], [4, 0],
                                                                 [0, 4]]})]))
    with pytest.raises(ModelError, match=r"terrain 'wood'.cover: expected a whole number"):
        apply_change(g, Change([EditTerrain("wood", {"cover": 7})]))
    with pytest.raises(ModelError, match=r"edit_terrain.changes.colour: expected one of"):
        apply_change(g, Change([EditTerrain("wood", {"colour": "red"})]))
    with pytest.raises(ModelError, match=r"terrain 'pond': no such piece"):
        apply_change(g, Change([RemoveTerrain("pond")]))
    with pytest.raises(ModelError, match=r"add_terrain.piece.kind: unknown kind"):
        apply_change(g, Change([AddTerrain({**NEW_PIECE, "kind": "lava"})]))
    assert whole(g) == before


def test_edit_changes_round_trip_through_json():
    g = make_game()
    ch = Change([AddUnit(NEW_UNIT), EditUnit("c", {"name": "Charlie"}),
                 AddTerrain(NEW_PIECE), EditTerrain("house", {"cover": 2})], label="setup")
    apply_change(g, ch)
    after = whole(g)
    back = Change.from_dict(json.loads(json.dumps(ch.to_dict())))
    assert back.effects == ch.effects
    revert_change(g, back)
    assert not g.on_table("c") and [p.id for p in g.scenario.terrain] == ["wood", "wall"]
    apply_change(g, back)
    assert whole(g) == after
    assert effect_from_dict({"kind": "delete_unit", "unit": "a"}) == DeleteUnit("a")


# --------------------------------------------------------------------------- property

unit_ids = st.sampled_from(["a", "b", "c"])
piece_ids = st.sampled_from(["wood", "wall", "house"])
points = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)).map(list),
                  min_size=2, max_size=5)
bases = st.sampled_from([{"shape": "round", "diameter_mm": 25},
                         {"shape": "rect", "width_mm": 50, "depth_mm": 100},
                         {"shape": "hex"}])
unit_changes = st.fixed_dictionaries({}, optional={
    "name": st.sampled_from([None, "Able", ""]),
    "side": st.sampled_from(["red", "blue"]),
    "profile": st.sampled_from(["rifle", "tank"]),
    "parent": st.sampled_from([None, "a", "b", "zz"]),
    "base": bases,
    "turret": st.sampled_from([None, 0, 45.5]),
})
piece_changes = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["woods", "building", "hedge", "wall"]),
    "cover": st.sampled_from([None, 0, 2, 4]),
    "name": st.sampled_from([None, "Copse"]),
    "polygon": st.one_of(st.none(), points),
    "line": st.one_of(st.none(), points),
    "movement": st.sampled_from([None, "difficult", "impassable"]),
})
effects = st.one_of(
    st.builds(AddUnit, st.just(NEW_UNIT), st.sampled_from([None, 0, 1, 9])),
    st.builds(DeleteUnit, unit_ids),
    st.builds(EditUnit, unit_ids, unit_changes),
    st.builds(AddTerrain, st.just(NEW_PIECE), st.sampled_from([None, 0, 5])),
    st.builds(RemoveTerrain, piece_ids),
    st.builds(EditTerrain, piece_ids, piece_changes),
    st.builds(MoveUnit, unit_ids, st.floats(0, 48), st.floats(0, 48),
              st.one_of(st.none(), st.floats(-360, 360))),
    st.builds(RemoveUnit, unit_ids),
    st.builds(SetMarker, unit_ids, st.just("pinned"), st.sampled_from([None, True, 2])),
)


@settings(max_examples=150, deadline=None)
# found by the dev profile: the refused change restores "a" from its file form, which
# writes the "parent" it was given though its source never did
@example(batches=[[EditUnit("a", {"parent": "b"})],
                  [DeleteUnit("a"), EditUnit("zz", {"name": "x"})],
                  [DeleteUnit("b")]])
@given(st.lists(st.lists(effects, min_size=1, max_size=3), max_size=6))
def test_any_sequence_of_edits_reverts_and_redoes_exactly(batches):
    check_revert_and_redo(make_game, whole, batches)
