"""A hostile organisation: groups chained thousands deep, or in a loop, are refused with one
message naming the member field and the groups — by the scenario loader and by the game-file
loader alike (the walk of the loop used recursion: a 3,000-deep chain raised RecursionError,
which the JSON path then called "JSON nested too deeply")."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.gamefile import GameFileError, load_game, new_game_file
from engine.model import Game
from engine.scenario import Group
from engine.scenario_io import (
    MAX_GROUP_DEPTH,
    ScenarioError,
    load_demo,
    loads_scenario,
    scenario_to_dict,
)


def chained(n: int, *, loop: bool = False, reverse: bool = False) -> dict:
    """The demo with groups g0 ∋ g1 ∋ … ∋ g(n-1) ∋ a unit (or ∋ g0 again: a loop)."""
    doc = scenario_to_dict(load_demo())
    unit = doc["units"][0]["id"]
    last = "g0" if loop else unit
    groups = [{"id": f"g{i}", "kind": f"k{i}", "members": [f"g{i + 1}" if i < n - 1 else last]}
              for i in range(n)]
    doc["groups"] = groups[::-1] if reverse else groups
    return doc


@pytest.mark.parametrize("reverse", [False, True])
def test_a_chain_3000_deep_is_refused_naming_the_field_and_groups(reverse):
    with pytest.raises(ScenarioError) as e:
        loads_scenario(json.dumps(chained(3000, reverse=reverse)), source="chain.json")
    text = str(e.value)
    assert "groups nested too deep" in text and f"more than {MAX_GROUP_DEPTH}" in text
    assert "nested too deeply" not in text and ".members[0]" in text


def test_the_deepest_chain_allowed_loads_and_one_more_is_refused():
    assert len(loads_scenario(json.dumps(chained(MAX_GROUP_DEPTH))).groups) == MAX_GROUP_DEPTH
    with pytest.raises(ScenarioError, match=r"groups\[31\]\.members\[0\]: groups nested too "
                                            r"deep: group 'g32' lies more than 32 groups "
                                            r"down the chain from 'g0'"):
        loads_scenario(json.dumps(chained(MAX_GROUP_DEPTH + 1)))


def test_a_loop_names_both_groups():
    with pytest.raises(ScenarioError, match=r"groups\[2\]\.members\[0\]: membership loop: "
                                            r"'g0' already contains 'g2'"):
        loads_scenario(json.dumps(chained(3, loop=True)))


def test_the_game_file_path_says_the_same(tmp_path):
    base = load_demo()
    unit = base.units[0].id
    groups = [Group(id=f"g{i}", kind=f"k{i}", members=[f"g{i + 1}" if i < 2999 else unit])
              for i in range(3000)]
    path = tmp_path / "chain.warboard"
    new_game_file(path, Game(dataclasses.replace(base, groups=groups)))
    before = path.read_bytes()
    with pytest.raises(GameFileError) as e:
        load_game(path)
    assert "groups nested too deep" in str(e.value) and "'g0'" in str(e.value)
    assert path.read_bytes() == before


def _edited(tmp_path, edit) -> str:
    """The refusal of the demo game with one edit made to its file outside Warboard."""
    import sqlite3

    path = tmp_path / "edited.warboard"
    new_game_file(path, Game(load_demo()))
    con = sqlite3.connect(path)
    edit(con)
    con.commit()
    con.close()
    with pytest.raises(GameFileError) as e:
        load_game(path)
    return str(e.value)


def _retag_terrain(con, old: str, new: str) -> None:
    (text,) = con.execute("SELECT json FROM terrain WHERE id=?", (old,)).fetchone()
    d = json.loads(text)
    d["id"] = new
    con.execute("UPDATE terrain SET id=?, json=? WHERE id=?", (new, json.dumps(d), old))


def _group(con, i: int, **changes) -> None:
    (text,) = con.execute("SELECT json FROM scenario WHERE key='groups'").fetchone()
    groups = json.loads(text)
    groups[i].update(changes)
    con.execute("UPDATE scenario SET json=? WHERE key='groups'", (json.dumps(groups),))


def test_a_duplicate_id_in_a_game_file_names_both_rows(tmp_path):
    """Both fields holding the id are named as the file has them (rows by table and id),
    not one of them by its index in the scenario (which no game-file row has)."""
    said = _edited(tmp_path, lambda c: _retag_terrain(c, "bakery", "us-1-3"))
    assert said.endswith("units row 'us-1-3': id: duplicate id 'us-1-3' (already used by "
                         "terrain row 'us-1-3')"), said
    said = _edited(tmp_path, lambda c: _group(c, 1, id="us-1-2"))
    assert said.endswith("scenario row 'groups': groups[1].id: duplicate id 'us-1-2' "
                         "(already used by units row 'us-1-2')"), said


def test_a_group_field_in_a_game_file_is_named_in_its_row(tmp_path):
    said = _edited(tmp_path, lambda c: _group(c, 0, members=["nobody"]))
    assert said.endswith("scenario row 'groups': groups[0].members[0]: no unit or group "
                         "with id 'nobody'"), said
