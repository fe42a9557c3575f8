"""Rosters: points totals from the library, validation, storage, from a scenario."""

from __future__ import annotations

import pytest

from engine.library import Library
from engine.options import SchemaError
from engine.roster import (
    Roster,
    check_roster,
    delete_roster,
    list_rosters,
    load_roster,
    roster_from_dict,
    roster_from_scenario,
    roster_totals,
    save_roster,
)
from engine.scenario_io import load_demo

IH = "iron-hearts"


@pytest.fixture
def lib(tmp_path):
    with Library(tmp_path / "library.sqlite") as lib:
        yield lib


def test_points_totals(lib):
    r = Roster("Duel", IH)
    r.add("allies", "vehicle", "m4a1-sherman", 2)
    r.add("allies", "character", "us-rifleman", 5)
    r.add("allies", "vehicle", "m4a1-sherman")          # merged: 3 Shermans
    r.add("axis", "vehicles", "pz4-h", 2)                  # kind by table name works too
    r.add("axis", "character", "grenadier", 6)
    t = roster_totals(r, lib)
    # Sherman 100 (demo), Panzer IV 110 (demo); characters have no cost in Iron Hearts
    assert t["allies"].points == 300 and t["allies"].uncosted == 5
    assert t["axis"].points == 220 and t["axis"].models == 8
    assert t["allies"].text() == "allies: 300 points + 5 uncosted models"
    assert [c.cost for c in t["axis"].lines] == [220, None]


def test_totals_follow_library_edits(lib):
    r = Roster("x", IH)
    r.add("allies", "vehicle", "m4a1-sherman", 2)
    card = dict(lib.get(IH, "vehicle", "m4a1-sherman").data, cost_points=85)
    lib.save(IH, "vehicle", "m4a1-sherman", card)
    assert roster_totals(r, lib)["allies"].points == 170


def test_lines_must_name_unit_records(lib):
    r = Roster("x", IH)
    r.add("axis", "character", "nobody")
    with pytest.raises(SchemaError, match=r"sides\.axis\[0\]\.id: no character 'nobody'"):
        check_roster(r, lib)
    r = Roster("x", IH)
    r.add("axis", "weapon", "mg42")
    with pytest.raises(SchemaError, match=r"sides\.axis\[0\]\.kind: a weapon is not a unit"):
        check_roster(r, lib)


def test_store_reload_list_delete(tmp_path):
    path = tmp_path / "lib.sqlite"
    r = Roster("Crossroads", IH)
    r.add("allies", "vehicle", "m4a1-sherman", 4)
    with Library(path) as lib:
        save_roster(lib, r)
    with Library(path) as lib:
        assert list_rosters(lib) == ["Crossroads"] and list_rosters(lib, "other") == []
        back = load_roster(lib, "Crossroads")
        assert back.to_dict() == r.to_dict()
        delete_roster(lib, "Crossroads")
        assert list_rosters(lib) == []


@pytest.mark.parametrize("change, message", [
    ({"format": "x"}, "format: expected 'warboard-roster'"),
    ({"sides": {"a": [{"kind": "vehicle", "id": "pz4-h", "count": 0}]}},
     r"sides\.a\[0\]\.count: expected a whole number 1–999, got 0"),
    ({"sides": {"a": [{"kind": "vehicle"}]}}, r"sides\.a\[0\]\.id: expected text"),
    ({"sides": []}, "sides: expected an object"),
])
def test_roster_json_errors(change, message):
    data = dict(Roster("x", IH).to_dict(), **change)
    with pytest.raises(SchemaError, match=message):
        roster_from_dict(data)


def test_roster_from_the_demo_scenario(lib):
    r = roster_from_scenario(load_demo(), lib)
    t = roster_totals(r, lib)
    # 4 Shermans ("m4a1-sherman" in the scenario finds the library's m4a1-sherman)
    assert t["allies"].points == 400
    assert t["allies"].uncosted == 13 and t["axis"].uncosted == 9
