"""The unit library: seeding, validation, persistence, upgrades, faction files."""

from __future__ import annotations

import json
import sqlite3

import pytest

from engine.library import Library, LibraryError, kind_of
from engine.library_schema import Kind, LibrarySpec, Seed, SeedEntry, get_spec
from engine.options import Field, SchemaError

IH = "iron-hearts"


@pytest.fixture
def lib(tmp_path):
    with Library(tmp_path / "library.sqlite") as lib:
        yield lib


def rows(path, sql):
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


# ------------------------------------------------------------------ seeding


def test_first_open_seeds_the_shipped_records(lib):
    ids = {(e.kind, e.id) for e in lib.entries(IH)}
    assert ("character", "us-rifleman") in ids
    assert ("vehicle", "m4a1-sherman") in ids
    assert ("weapon", "mg42") in ids
    assert len([i for i in ids if i[0] == "vehicle"]) == 2
    assert {f.id for f in lib.factions(IH)} == {"us-army", "wehrmacht", "common"}
    sherman = lib.get(IH, "vehicle", "m4a1-sherman")
    assert sherman.origin == "seed" and sherman.faction == "us-army"
    assert sherman.data["speed_m_by_ap"] == [10, 30, 45]
    # the card's crew keeps its order (a card lists the posts in order)
    assert list(sherman.data["crew"]) == ["commander", "gunner", "loader", "driver",
                                          "co_driver"]


def test_reopening_does_not_reseed(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path).close()
    with Library(path) as again:
        r = again.last_seed
        assert (r.added, r.replaced, r.removed) == ([], [], [])


def test_filters_and_search(lib):
    us = lib.entries(IH, "character", faction="us-army")
    assert [e.id for e in us] == ["us-lieutenant", "us-rifleman", "us-nco"]  # by name
    assert [e.id for e in lib.entries(IH, "weapons", search="PANZERFAUST")] == [
        "panzerfaust-100", "panzerfaust-30", "panzerfaust-60"]
    # "_" and "%" are literal in a search
    assert [e.id for e in lib.entries(IH, search="m4a1-")] == ["m4a1-sherman"]
    assert lib.entries(IH, search="%") == [] and lib.entries(IH, search="_") == []


def test_find_accepts_dash_or_underscore(lib):
    assert lib.find(IH, "m4a1_sherman").id == "m4a1-sherman"
    assert lib.find(IH, "grenadier").kind == "character"
    assert lib.find(IH, "mg42") is None  # a weapon is not a unit's profile
    assert lib.find(IH, "mg42", unit_only=False).kind == "weapon"


# ------------------------------------------------------------------ validation and writes


def test_bad_value_is_refused_and_nothing_is_written(lib):
    before = rows(lib.path, "SELECT data, origin FROM entries WHERE id = 'us-rifleman'")
    data = dict(lib.get(IH, "character", "us-rifleman").data, accuracy="x", guts=9)
    with pytest.raises(SchemaError, match=r"^profiles\.us-rifleman\.accuracy: expected a "
                                          r"whole number 0–10, got 'x'$"):
        lib.save(IH, "character", "us-rifleman", data)
    assert rows(lib.path, "SELECT data, origin FROM entries WHERE id = 'us-rifleman'") == before


@pytest.mark.parametrize("kind, rid, change, message", [
    ("character", "us-nco", {"weapons": ["thompson", "raygun"]},
     r"profiles\.us-nco\.weapons\[1\]: no weapon 'raygun' in the iron-hearts library"),
    ("character", "us-nco", {"rank": "general"},
     r"profiles\.us-nco\.rank: expected one of private \| nco \| officer, got 'general'"),
    ("vehicle", "m4a1-sherman", {"speed_m_by_ap": [10, 30]},
     r"vehicles\.m4a1-sherman\.speed_m_by_ap: expected 3 speeds"),
    ("vehicle", "m4a1-sherman", {"cost_points": -5},
     r"vehicles\.m4a1-sherman\.cost_points: expected a whole number ≥ 0, got -5"),
    ("weapon", "mg42", {"rate_of_fire": 0},
     r"weapons\.mg42\.rate_of_fire: expected a whole number 1–100, got 0"),
    ("weapon", "mg42", {"colour": "grey"}, r"weapons\.mg42\.colour: unknown field"),
])
def test_each_kind_names_the_bad_field(lib, kind, rid, change, message):
    data = dict(lib.get(IH, kind, rid).data, **change)
    with pytest.raises(SchemaError, match=message):
        lib.save(IH, kind, rid, data)
    assert lib.get(IH, kind, rid).origin == "seed"


def test_bad_id_and_unknown_faction(lib):
    data = lib.get(IH, "character", "grenadier").data
    with pytest.raises(SchemaError, match=r"profiles\['Bad Id'\]\.id: expected an id"):
        lib.save(IH, "character", "Bad Id", data, faction="wehrmacht")
    with pytest.raises(SchemaError, match="faction: no faction 'ss'"):
        lib.save(IH, "character", "gren-2", data, faction="ss")
    with pytest.raises(SchemaError, match=r"profiles\.gren-2\.faction: required"):
        lib.save(IH, "character", "gren-2", data)
    assert lib.find(IH, "gren-2") is None


def test_edits_survive_a_restart(tmp_path):
    path = tmp_path / "lib.sqlite"
    with Library(path) as lib:
        data = dict(lib.get(IH, "character", "grenadier").data, accuracy=7)
        lib.save(IH, "character", "grenadier", data)
        lib.duplicate(IH, "character", "grenadier", "veteran-grenadier", name="Veteran")
        lib.save_faction(IH, "fallschirmjager", "Fallschirmjäger")
    with Library(path) as lib:
        g = lib.get(IH, "character", "grenadier")
        assert (g.data["accuracy"], g.origin) == (7, "edited")
        v = lib.get(IH, "character", "veteran-grenadier")
        assert (v.name, v.origin, v.faction, v.data["accuracy"]) == ("Veteran", "user",
                                                                     "wehrmacht", 7)
        assert lib.faction(IH, "fallschirmjager").name == "Fallschirmjäger"


def test_saving_unchanged_seed_record_keeps_it_seed(lib):
    e = lib.get(IH, "weapon", "kar98k")
    assert lib.save(IH, "weapon", "kar98k", e.data).origin == "seed"


def test_duplicate_refuses_taken_id(lib):
    with pytest.raises(LibraryError, match=r"profiles\.grenadier-nco: the id is taken"):
        lib.duplicate(IH, "character", "grenadier", "grenadier-nco")


def test_delete_refused_while_referenced_then_allowed(lib):
    with pytest.raises(LibraryError, match=r"weapons\.thompson: still used by "
                                           r"profiles\.us-lieutenant\.weapons, "
                                           r"profiles\.us-nco\.weapons"):
        lib.delete(IH, "weapon", "thompson")
    lib.delete(IH, "weapon", "panzerfaust-30")
    assert lib.find(IH, "panzerfaust-30", unit_only=False) is None


# ------------------------------------------------------------------ upgrades


SCHEMA = {"name": Field("str"), "attack": Field("int", minimum=1, maximum=10),
          "cost": Field("int", minimum=0)}


def toy_spec(records: dict[str, dict]) -> LibrarySpec:
    kinds = (Kind("trooper", "troopers", "Troopers", SCHEMA, cost_field="cost"),)
    return LibrarySpec("toy", "Toy", kinds, lambda: Seed(
        {"red": "Red army"},
        tuple(SeedEntry("trooper", rid, "red", rec) for rid, rec in records.items())))


V1 = {"a": {"name": "A", "attack": 3, "cost": 10},
      "b": {"name": "B", "attack": 4, "cost": 12},
      "c": {"name": "C", "attack": 5, "cost": 15},
      "d": {"name": "D", "attack": 6, "cost": 18}}


def test_upgrade_replaces_untouched_seed_rows_and_keeps_users(tmp_path):
    path = tmp_path / "lib.sqlite"
    with Library(path, specs=[toy_spec(V1)]) as lib:
        lib.save("toy", "trooper", "b", {"name": "B mine", "attack": 9, "cost": 12})  # edit
        lib.save("toy", "trooper", "mine", {"name": "Mine", "attack": 2, "cost": 5},
                 faction="red")                                                   # own
        lib.delete("toy", "trooper", "d")                                         # deleted
    v2 = {"a": {"name": "A2", "attack": 4, "cost": 11},       # changed
          "b": {"name": "B2", "attack": 5, "cost": 13},       # changed, but user edited it
          "d": {"name": "D2", "attack": 7, "cost": 20},       # user deleted it
          "e": {"name": "E", "attack": 1, "cost": 3},         # new
          "mine": {"name": "Seed mine", "attack": 1, "cost": 1}}  # collides with user's id
    with Library(path, specs=[toy_spec(v2)]) as lib:
        r = lib.last_seed
        assert sorted(r.replaced) == ["toy:a"]
        assert sorted(r.added) == ["toy:e"]
        assert sorted(r.removed) == ["toy:c"]
        assert sorted(r.kept) == ["toy:b", "toy:mine"]
        got = {e.id: (e.name, e.data["attack"], e.origin) for e in lib.entries("toy")}
        assert got == {"a": ("A2", 4, "seed"), "b": ("B mine", 9, "edited"),
                       "e": ("E", 1, "seed"), "mine": ("Mine", 2, "user")}


def test_a_bad_seed_is_refused_before_anything_is_written(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path, specs=[toy_spec(V1)]).close()
    before = rows(path, "SELECT id, data FROM entries ORDER BY id")
    bad = dict(V1, a={"name": "A", "attack": 99, "cost": 1})
    with pytest.raises(SchemaError, match=r"toy seed: troopers\.a\.attack"):
        Library(path, specs=[toy_spec(bad)])
    assert rows(path, "SELECT id, data FROM entries ORDER BY id") == before


def test_newer_library_schema_is_refused(tmp_path):
    path = tmp_path / "lib.sqlite"
    Library(path, specs=[toy_spec(V1)]).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    with pytest.raises(LibraryError, match="library schema 99 is newer"):
        Library(path, specs=[toy_spec(V1)])


# ------------------------------------------------------------------ faction files


def test_faction_export_import_round_trip(tmp_path):
    with Library(tmp_path / "one.sqlite") as one:
        one.save_faction(IH, "rangers", "2nd Rangers")
        one.save(IH, "weapon", "bazooka", {"name": "M1 Bazooka", "kind": "anti_tank",
                                           "range_m": 120, "rate_of_fire": 1, "damage": 8,
                                           "armour_piercing": 7}, faction="rangers")
        one.save(IH, "character", "ranger", {"name": "Ranger", "accuracy": 6, "melee": 6,
                                             "guts": 8, "hp": 1,
                                             "weapons": ["bazooka", "m1-garand"]},
                 faction="rangers")
        text = one.export_faction_json(IH, "rangers")
        exported = {e.id: e.data for e in one.entries(IH, faction="rangers")}
    data = json.loads(text)
    assert data["format"] == "warboard-faction" and data["faction"]["name"] == "2nd Rangers"
    assert set(data["profiles"]) == {"ranger"} and set(data["weapons"]) == {"bazooka"}
    assert set(data["requires"]["weapons"]) == {"m1-garand"}   # from another faction
    # into an empty library (no seed at all): the required weapon comes along
    with Library(tmp_path / "two.sqlite", specs=[get_spec(IH)], seed=False) as two:
        report = two.import_faction(text)
        assert sorted(report.added) == ["profiles.ranger", "weapons.bazooka",
                                        "weapons.m1-garand"]
        got = {e.id: e.data for e in two.entries(IH, faction="rangers")}
        # a required record the library lacks joins the imported faction
        assert got == {**exported, "m1-garand": data["requires"]["weapons"]["m1-garand"]}
        assert two.get(IH, "character", "ranger").origin == "user"
        # importing the same file again changes nothing
        again = two.import_faction(text)
        assert again.added == [] and again.replaced == []


def test_import_conflict_is_refused_whole(tmp_path, lib):
    text = lib.export_faction_json(IH, "wehrmacht")
    data = json.loads(text)
    data["profiles"]["grenadier"]["accuracy"] = 9
    data["profiles"]["new-guy"] = dict(data["profiles"]["grenadier"], name="New")
    before = rows(lib.path, "SELECT id, data FROM entries ORDER BY id")
    with pytest.raises(LibraryError, match=r"profiles\.grenadier: the library already has"):
        lib.import_faction(data)
    assert rows(lib.path, "SELECT id, data FROM entries ORDER BY id") == before
    report = lib.import_faction(data, replace=True)
    assert report.replaced == ["profiles.grenadier"] and report.added == ["profiles.new-guy"]
    assert lib.get(IH, "character", "grenadier").data["accuracy"] == 9


def test_import_bad_record_names_field_and_writes_nothing(lib):
    data = json.loads(lib.export_faction_json(IH, "us-army"))
    data["faction"] = {"id": "us-copy", "name": "Copy"}
    data["profiles"] = {"x-1": dict(data["profiles"]["us-rifleman"], guts=11)}
    with pytest.raises(SchemaError, match=r"profiles\.x-1\.guts: expected a whole number "
                                          r"0–10, got 11"):
        lib.import_faction(data)
    assert lib.find(IH, "x-1") is None
    assert "us-copy" not in {f.id for f in lib.factions(IH)}


@pytest.mark.parametrize("text, message", [
    ("[1]", "expected a JSON object"),
    ("{", "bad JSON at line 1"),
    ('{"format": "warboard-scenario", "version": 1}', "format: expected 'warboard-faction'"),
    ('{"format": "warboard-faction", "version": 2}', "version: expected 1, got 2"),
])
def test_import_malformed_files(lib, text, message):
    with pytest.raises(SchemaError, match=message):
        lib.import_faction(text)


def test_kind_of_a_scenario_profile(lib):
    spec = get_spec(IH)
    k, rec = kind_of(spec, lib.get(IH, "vehicle", "pz4-h").data, "profiles.tank")
    assert k.id == "vehicle" and rec["cost_points"] == 110
    with pytest.raises(SchemaError, match="profiles.blob: not a profile of iron-hearts"):
        kind_of(spec, {"name": "Blob"}, "profiles.blob")


def test_a_file_that_is_not_a_library_is_refused(tmp_path):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"these are not the tables you are looking for" * 100)
    with pytest.raises(LibraryError, match="not a usable library file"):
        Library(path)
    assert path.read_bytes().startswith(b"these are not")
