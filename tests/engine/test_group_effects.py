"""Group effects: state and markers (play), forming, editing and disbanding groups and their
membership (board edits) — each undone exactly, each read back from its dict form; game
files carry groups in the same save as units."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.edits import AddGroup, AddMember, DeleteGroup, DeleteUnit, EditGroup, RemoveMember
from engine.gamefile import load_game, save_game
from engine.model import (
    AddGroupMarker,
    Change,
    Game,
    ModelError,
    MoveUnit,
    SetGroupState,
    apply_change,
    effect_from_dict,
    revert_change,
)
from engine.scenario_io import dumps_scenario, loads_scenario
from tests.engine.helpers import check_revert_and_redo

ROUND = {"shape": "round", "diameter_mm": 25}
SCENARIO = {
    "format": "warboard-scenario", "version": 2, "name": "Groups", "ruleset": "toy",
    "table": {"width_in": 48, "height_in": 48, "edges": {"red": "north"}},
    "units": [{"id": f"r{i}", "side": "red", "profile": "rifle", "x": 5 + 2 * i, "y": 5,
               "base": ROUND} for i in range(4)] + [
        {"id": "cpt", "side": "red", "profile": "officer", "x": 10, "y": 9, "base": ROUND}],
    "groups": [
        {"id": "sq-a", "kind": "squad", "members": ["r0", "r1"], "commander": "r0",
         "name": "Able", "x-note": "kept"},
        {"id": "sq-b", "kind": "squad", "members": ["r2", "r3"]},
        {"id": "pl", "kind": "platoon", "members": ["sq-a", "sq-b"], "commander": "cpt",
         "state": {"morale": "steady"}},
    ],
}


def make_game() -> Game:
    return Game(loads_scenario(json.dumps(SCENARIO)))


def whole(game: Game) -> str:
    return dumps_scenario(game.scenario) + json.dumps(game.snapshot(), sort_keys=True)


def test_group_state_and_markers_apply_and_undo():
    g = make_game()
    before = whole(g)
    ch = Change([SetGroupState("pl", "morale", "shaken"), AddGroupMarker("sq-a", "terror", 2),
                 AddGroupMarker("sq-a", "terror", 5, maximum=3),
                 SetGroupState("sq-b", "losses", 1)])
    apply_change(g, ch)
    assert g.group("pl").state == {"morale": "shaken"}
    assert g.group("sq-a").markers == {"terror": 3}
    assert g.group("sq-b").state == {"losses": 1}
    assert ch.describe()[0] == "pl: morale = shaken"
    revert_change(g, ch)
    assert whole(g) == before


def test_group_effects_refuse_unknown_groups_and_non_counts():
    g = make_game()
    with pytest.raises(ModelError, match="group 'nope': no such group"):
        apply_change(g, Change([SetGroupState("nope", "morale", "x")]))
    apply_change(g, Change([SetGroupState("sq-a", "morale", "x")]))
    g.group("sq-a").markers["flag"] = "red"
    with pytest.raises(ModelError, match=r"group 'sq-a'.markers.flag: expected a count"):
        apply_change(g, Change([AddGroupMarker("sq-a", "flag", 1)]))


def test_forming_editing_and_disbanding_groups():
    g = make_game()
    before = whole(g)
    ch = Change([RemoveMember("sq-a", "r1"),
                 AddGroup({"id": "hq", "kind": "hq", "off_table": True, "members": ["pl"]}),
                 EditGroup("sq-b", {"name": "Baker", "commander": "r3", "deputy": "r2"}),
                 AddMember("sq-b", "r1", index=0)])
    apply_change(g, ch)
    s = g.scenario
    assert s.group("sq-a").members == ["r0"] and s.group("sq-b").members == ["r1", "r2", "r3"]
    assert s.group("hq").off_table and s.members("hq") == ["r0", "r1", "r2", "r3"]
    assert s.group("sq-b").label == "Baker"
    revert_change(g, ch)
    assert whole(g) == before
    ch2 = Change([DeleteGroup("sq-a")])
    apply_change(g, ch2)
    assert s.group("pl").members == ["sq-b"] and [x.id for x in s.groups] == ["sq-b", "pl"]
    revert_change(g, ch2)
    assert whole(g) == before


@pytest.mark.parametrize("effect, message", [
    (AddMember("sq-b", "r0"), "unit 'r0' is already in squad 'sq-a'"),
    (AddMember("sq-a", "pl"), "membership loop"),
    (AddMember("sq-a", "ghost"), "no unit or group with id 'ghost'"),
    (AddMember("sq-a", "r0"), "'r0' is already in 'sq-a'"),
    (RemoveMember("sq-a", "r3"), "'r3' is not in 'sq-a'"),
    (EditGroup("sq-a", {"commander": "sq-b"}), "a group, not a unit"),
    (EditGroup("sq-a", {"colour": "red"}), "edit_group.changes.colour: expected one of"),
    (EditGroup("sq-a", {"members": "r0"}), "members: expected a list"),
    (AddGroup({"id": "r0", "kind": "squad", "members": []}), "already used by a unit"),
    (AddGroup({"id": "x", "kind": "squad", "members": ["r1"]}), "already in squad 'sq-a'"),
])
def test_bad_group_edits_are_refused_naming_the_field(effect, message):
    g = make_game()
    before = whole(g)
    with pytest.raises(ModelError, match=message.replace("(", r"\(")):
        apply_change(g, Change([effect]))
    assert whole(g) == before


def test_deleting_a_unit_takes_it_out_of_its_groups():
    g = make_game()
    before = whole(g)
    ch = Change([DeleteUnit("r0"), DeleteUnit("cpt")])
    apply_change(g, ch)
    assert g.group("sq-a").members == ["r1"] and g.group("sq-a").commander is None
    assert g.group("pl").commander is None
    revert_change(g, ch)
    assert whole(g) == before


def test_group_effects_read_back_from_their_dicts():
    for e in (SetGroupState("pl", "morale", "x"), AddGroupMarker("pl", "terror", 1, 0, 3),
              AddGroup({"id": "n", "kind": "hq", "members": []}, 1), DeleteGroup("pl"),
              EditGroup("pl", {"name": "P"}), AddMember("pl", "r0", 0),
              RemoveMember("pl", "sq-a")):
        assert effect_from_dict(json.loads(json.dumps(e.to_dict()))) == e


def test_group_units_are_the_members_on_the_table():
    from engine.model import RemoveUnit

    g = make_game()
    assert [u.id for u in g.group_units("pl")] == ["r0", "r1", "r2", "r3"]
    assert [u.id for u in g.group_units("pl", leaders=True)][-1] == "cpt"
    apply_change(g, Change([RemoveUnit("r1")]))
    assert [u.id for u in g.group_units("sq-a")] == ["r0"]
    with pytest.raises(ModelError, match="group 'x': no such group"):
        g.group_units("x")


EFFECTS = st.sampled_from([
    SetGroupState("pl", "morale", "broken"), SetGroupState("pl", "morale", None),
    AddGroupMarker("sq-b", "terror", 1), AddGroupMarker("sq-b", "terror", -1),
    RemoveMember("sq-a", "r1"), AddMember("sq-b", "r1"), AddMember("sq-a", "r1"),
    EditGroup("sq-a", {"name": None}), EditGroup("sq-a", {"deputy": "r1"}),
    EditGroup("pl", {"off_table": True}), DeleteGroup("sq-b"), DeleteUnit("r2"),
    AddGroup({"id": "hq", "kind": "hq", "members": ["pl"]}), MoveUnit("r0", 1, 1),
])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(EFFECTS, min_size=1, max_size=3), max_size=5))
def test_any_sequence_of_group_changes_reverts_exactly(batches):
    check_revert_and_redo(make_game, whole, batches)


def test_game_files_carry_groups_in_the_same_save_as_units(tmp_path):
    path = tmp_path / "g.warboard"
    g = make_game()
    save_game(path, g)
    apply_change(g, Change([SetGroupState("pl", "morale", "shaken"), MoveUnit("r0", 20, 20),
                            RemoveMember("sq-a", "r1")]))
    save_game(path, g)
    back = load_game(path)
    assert dumps_scenario(back.scenario) == dumps_scenario(g.scenario)
    assert back.scenario.group("pl").state == {"morale": "shaken"}
    assert back.scenario.table.edges == {"red": "north"}


def test_groups_added_to_a_file_without_units_keep_the_saved_key_order(tmp_path):
    from engine.edits import AddUnit

    doc = {"format": "warboard-scenario", "version": 2, "name": "x", "ruleset": "r",
           "table": {"width_in": 10, "height_in": 10}, "profiles": {"p": {}}}
    g = Game(loads_scenario(json.dumps(doc)))
    apply_change(g, Change([AddUnit({"id": "u", "side": "a", "profile": "p", "x": 1, "y": 1,
                                     "base": ROUND}),
                            AddGroup({"id": "g", "kind": "hq", "members": ["u"]})]))
    save_game(tmp_path / "g.warboard", g)
    assert dumps_scenario(load_game(tmp_path / "g.warboard").scenario) == \
        dumps_scenario(g.scenario)
