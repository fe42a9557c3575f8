"""Scenario format v2: validation messages (groups included), exact round trip, the v1
upgrade, files, and the demo table."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from engine.i18n import localized
from engine.scenario import Scenario, Table, Unit
from engine.scenario_io import (
    MAX_FILE_BYTES,
    ScenarioError,
    dumps_scenario,
    load_demo,
    load_scenario,
    loads_scenario,
    parse_scenario,
    save_scenario,
    scenario_to_dict,
)
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece
from resources.loader import resource
from tests.russian_words import LATIN


def minimal() -> dict:
    return {
        "format": "warboard-scenario",
        "version": 2,
        "name": "Test",
        "ruleset": "iron-hearts",
        "table": {"width_in": 72, "height_in": 48, "metres_per_inch": 2.5},
        "terrain": [
            {"id": "house", "kind": "building",
             "polygon": [[20, 10], [26, 10], [26, 15], [20, 15]]},
            {"id": "wall", "kind": "wall", "line": [[30, 30], [40, 30]]},
        ],
        "units": [
            {"id": "tank", "side": "allies", "profile": "m4a1-sherman", "x": 10, "y": 24,
             "facing": 0, "turret": 0, "base": {"shape": "rect", "width_mm": 50, "depth_mm": 100}},
            {"id": "nco", "side": "axis", "profile": "grenadier-nco", "x": 50, "y": 24,
             "facing": 180, "base": {"shape": "round", "diameter_mm": 25}},
            {"id": "gren", "side": "axis", "profile": "grenadier", "x": 52, "y": 26,
             "base": {"shape": "oval", "width_mm": 25, "depth_mm": 40}, "parent": "nco"},
        ],
    }


def error_of(data) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data)
    return info.value


# --- parsing into the model --------------------------------------------------------------


def test_parse_builds_the_model():
    s = parse_scenario(minimal())
    assert (s.name, s.ruleset) == ("Test", "iron-hearts")
    assert (s.table.width_in, s.table.height_in, s.table.metres_per_inch) == (72, 48, 2.5)
    assert s.piece("house").polygon == [(20, 10), (26, 10), (26, 15), (20, 15)]
    assert s.piece("wall").line == [(30, 30), (40, 30)]
    tank = s.unit("tank")
    assert tank.base == BaseShape.rect(50, 100)
    assert (tank.x, tank.y, tank.facing, tank.turret) == (10, 24, 0, 0)
    assert s.unit("nco").base == BaseShape.round(25)
    assert s.unit("nco").turret is None
    assert s.unit("gren").base == BaseShape.oval(25, 40)
    assert s.unit("gren").facing == 0  # defaulted
    assert s.unit("gren").parent == "nco"


def test_parse_does_not_alias_the_input():
    data = minimal()
    data["units"][0]["markers"] = {"suppression": 1}
    s = parse_scenario(data)
    s.unit("tank").markers["suppression"] = 3
    assert data["units"][0]["markers"] == {"suppression": 1}


# --- validation: every error names its field ---------------------------------------------


def with_unit(i: int, **changes) -> dict:
    data = minimal()
    data["units"][i].update(changes)
    return data


def with_piece(i: int, **changes) -> dict:
    data = minimal()
    data["terrain"][i].update(changes)
    return data


def without(path: list, key: str) -> dict:
    data = minimal()
    node = data
    for step in path:
        node = node[step]
    del node[key]
    return data


@pytest.mark.parametrize(
    ("data", "field", "text"),
    [
        (with_unit(2, facing="north"), "units[2].facing", 'expected a number, got "north"'),
        (with_unit(0, x=True), "units[0].x", "expected a number, got true"),
        (with_unit(1, y=float("nan")), "units[1].y", "expected a finite number"),
        (with_unit(0, turret=float("inf")), "units[0].turret", "expected a finite number"),
        (without(["units", 1], "x"), "units[1].x", "required key is missing"),
        (without(["units", 0], "base"), "units[0].base", "required key is missing"),
        (with_unit(0, id=""), "units[0].id", "expected a non-empty string"),
        (with_unit(1, side=3), "units[1].side", "expected a non-empty string, got 3"),
        (with_unit(0, markers=[1]), "units[0].markers", "expected an object, got [1]"),
        (with_unit(1, base={"shape": "hex", "diameter_mm": 25}), "units[1].base.shape",
         "unknown shape \"hex\" (expected one of round, oval, rect)"),
        (with_unit(1, base={"shape": "round", "diameter_mm": -25}), "units[1].base.diameter_mm",
         "expected a positive number, got -25"),
        (with_unit(1, base={"shape": "round", "width_mm": 25}), "units[1].base.width_mm",
         "a round base takes diameter_mm"),
        (with_unit(0, base={"shape": "rect", "width_mm": 50}), "units[0].base.depth_mm",
         "required key is missing"),
        (with_unit(2, parent="nobody"), "units[2].parent", "no unit with id 'nobody'"),
        (with_unit(1, parent="gren"), "units[1].parent", "command loop through"),
        (with_unit(2, id="nco"), "units[2].id", "duplicate id 'nco' (already used by units[1])"),
        (with_unit(0, id="house"), "units[0].id",
         "duplicate id 'house' (already used by terrain[0])"),
        (with_piece(0, kind="lava"), "terrain[0].kind",
         'unknown kind "lava" (expected one of building, woods, hill, wall, hedge'),
        (with_piece(0, polygon=[[0, 0], [1, 1]]), "terrain[0].polygon",
         "expected at least 3 points, got 2"),
        (with_piece(0, polygon=[[0, 0], [2, 2], [2, 0], [0, 2]]), "terrain[0].polygon",
         "not a valid polygon (Self-intersection"),
        (with_piece(0, polygon=[[0, 0], [1, 1], [2, 2]]), "terrain[0].polygon",
         "not a valid polygon"),
        (with_piece(0, polygon=[[0, 0], [1, 0], [1, "a"]]), "terrain[0].polygon[2][1]",
         'expected a number, got "a"'),
        (with_piece(0, polygon=[[0, 0], [1, 0], [1]]), "terrain[0].polygon[2]",
         "expected a point [x, y], got [1]"),
        (with_piece(1, line=[[0, 0]]), "terrain[1].line", "expected at least 2 points, got 1"),
        (with_piece(1, polygon=[[0, 0], [1, 0], [1, 1]]), "terrain[1].polygon",
         "a wall is drawn with 'line', not 'polygon'"),
        (without(["terrain", 0], "polygon"), "terrain[0].polygon", "required key is missing"),
        (with_piece(0, cover=5), "terrain[0].cover", "expected a whole number from 0 to 4"),
        (with_piece(0, blocks_los="yes"), "terrain[0].blocks_los", "expected true or false"),
        (with_piece(0, movement="slow"), "terrain[0].movement", 'unknown movement "slow"'),
        (with_piece(1, thickness_in=0), "terrain[1].thickness_in", "expected a positive number"),
        ({**minimal(), "format": "something-else"}, "format",
         'expected "warboard-scenario" (a Warboard scenario), got "something-else"'),
        ({**minimal(), "version": 3}, "version", "3 is newer than this program reads (2)"),
        ({**minimal(), "version": "1"}, "version", 'expected a whole number, got "1"'),
        ({**minimal(), "version": 0}, "version", "0 is not a version of this format"),
        ({**minimal(), "table": {"width_in": 72}}, "table.height_in", "required key is missing"),
        ({**minimal(), "table": {"width_in": 0, "height_in": 4}}, "table.width_in",
         "expected a positive number, got 0"),
        ({**minimal(), "units": {}}, "units", "expected a list, got {}"),
        ({**minimal(), "profiles": []}, "profiles", "expected an object, got []"),
        (without([], "name"), "name", "required key is missing"),
    ],
)
def test_errors_name_the_field(data, field, text):
    err = error_of(data)
    assert err.field == field
    assert str(err).startswith(f"{field}: ")
    assert text in str(err)
    assert isinstance(err, ValueError)


def test_missing_format_says_so():
    err = error_of(without([], "format"))
    assert err.field == "format"
    assert str(err) == 'format: expected "warboard-scenario" (a Warboard scenario), it is missing'


def test_top_level_must_be_an_object():
    err = error_of([1, 2])
    assert err.field == ""
    assert "expected a scenario object at the top level, got [1, 2]" in str(err)


# --- exact round trip --------------------------------------------------------------------


def test_round_trip_keeps_unknown_keys_and_key_order():
    data = {
        "version": 2,
        "format": "warboard-scenario",
        "x-author": {"name": "GM", "tags": ["forum", 3]},
        "ruleset": "iron-hearts",
        "name": "Odd order",
        "table": {"height_in": 48, "felt": "green", "width_in": 72},
        "units": [
            {"base": {"magnet": True, "diameter_mm": 25, "shape": "round"}, "y": 3.25,
             "x": 1, "profile": "p", "side": "a", "id": "u1", "turret": None, "markers": {},
             "name": None, "facing": 0, "colour": "#ff0000"},
        ],
        "terrain": [
            {"kind": "woods", "id": "w", "polygon": [[0, 0], [4, 0], [4, 4]], "cover": None,
             "density": 0.5, "los_depth_in": 2},
        ],
        "profiles": {"p": {"accuracy": 6}},
    }
    original = copy.deepcopy(data)
    s = parse_scenario(data)
    out = scenario_to_dict(s)
    assert out == original
    assert json.dumps(out) == json.dumps(original)  # same key order, same number types
    assert s.unit("u1").extra == {"colour": "#ff0000"}
    assert s.piece("w").extra == {"density": 0.5}
    assert s.table.extra == {"felt": "green"}
    assert s.extra == {"x-author": {"name": "GM", "tags": ["forum", 3]}}


def test_deepcopy_keeps_the_round_trip():
    data = minimal()
    data["units"][0] = dict(reversed(list(data["units"][0].items())))
    s = copy.deepcopy(parse_scenario(data))
    assert json.dumps(scenario_to_dict(s)) == json.dumps(data)


def test_edits_are_written():
    s = parse_scenario(minimal())
    tank = s.unit("tank")
    tank.x, tank.turret, tank.name = 11.5, 90, "Anvil"
    tank.base = BaseShape.rect(60, 110)
    s.unit("gren").markers["suppression"] = 2
    out = scenario_to_dict(s)
    u0 = out["units"][0]
    assert (u0["x"], u0["turret"], u0["name"]) == (11.5, 90, "Anvil")
    assert u0["base"] == {"shape": "rect", "width_mm": 60, "depth_mm": 110}
    assert out["units"][2]["markers"] == {"suppression": 2}
    assert parse_scenario(out).unit("tank").base == BaseShape.rect(60, 110)


def test_a_model_built_in_code_writes_canonical_keys():
    s = Scenario("New", "iron-hearts", Table(48, 48, 2.5),
                 [TerrainPiece("h", "hill", polygon=[(0, 0), (5, 0), (5, 5)])],
                 [Unit("a", "allies", "p", 1, 2, BaseShape.round(25), facing=90)])
    out = scenario_to_dict(s)
    assert list(out) == ["format", "version", "name", "ruleset", "table", "terrain", "units"]
    assert out["units"][0] == {"id": "a", "side": "allies", "profile": "p", "x": 1, "y": 2,
                               "facing": 90, "base": {"shape": "round", "diameter_mm": 25}}
    assert out["terrain"][0] == {"id": "h", "kind": "hill", "polygon": [[0, 0], [5, 0], [5, 5]]}
    assert scenario_to_dict(parse_scenario(out)) == out


# Hypothesis: random scenarios with random unknown keys and random key orders.

KEYS = st.text(alphabet="abcdefghij_", min_size=1, max_size=6).map(lambda k: "x_" + k)
JSON_LEAF = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8))
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6)
COORD = st.one_of(st.integers(-100, 100), st.floats(-100, 100, allow_nan=False))


@st.composite
def shuffled(draw, d: dict) -> dict:
    extra = draw(st.dictionaries(KEYS, JSON_VALUE, max_size=2))
    items = list(d.items()) + list(extra.items())
    return dict(draw(st.permutations(items)))


@st.composite
def unit_docs(draw, i: int) -> dict:
    d = {"id": f"u{i}", "side": draw(st.sampled_from(["allies", "axis"])), "profile": "p",
         "x": draw(COORD), "y": draw(COORD)}
    d["base"] = draw(st.one_of(
        st.builds(lambda v: {"shape": "round", "diameter_mm": v}, st.integers(10, 60)),
        st.builds(lambda s, w, h: {"shape": s, "width_mm": w, "depth_mm": h},
                  st.sampled_from(["rect", "oval"]), st.integers(10, 120),
                  st.floats(10, 120, allow_nan=False))))
    d["base"] = draw(shuffled(d["base"]))
    for key, value in (("facing", COORD), ("turret", st.one_of(st.none(), COORD)),
                       ("name", st.one_of(st.none(), st.text(min_size=1, max_size=8).filter(
                           str.strip))),
                       ("markers", st.dictionaries(st.text(max_size=4), JSON_LEAF, max_size=2)),
                       ("state", st.dictionaries(st.text(max_size=4), JSON_LEAF, max_size=2))):
        if draw(st.booleans()):
            d[key] = draw(value)
    return draw(shuffled(d))


@st.composite
def scenario_docs(draw) -> dict:
    n = draw(st.integers(0, 4))
    units = [draw(unit_docs(i)) for i in range(n)]
    for i in range(1, n):
        if draw(st.booleans()):
            units[i]["parent"] = f"u{draw(st.integers(0, i - 1))}"
    w, h = draw(st.integers(1, 20)), draw(st.floats(1, 20, allow_nan=False))
    terrain = [draw(shuffled({"id": "t0", "kind": "woods",
                              "polygon": [[0, 0], [w, 0], [w, h], [0, h]]})),
               draw(shuffled({"id": "t1", "kind": "hedge", "line": [[0, 0], [w, h]]}))]
    table = {"width_in": draw(st.integers(1, 96)), "height_in": 48}
    if draw(st.booleans()):
        table["metres_per_inch"] = draw(st.floats(0.1, 20, allow_nan=False))
    if draw(st.booleans()):
        table["edges"] = draw(st.dictionaries(st.sampled_from(["allies", "axis", "unr"]),
                                              st.sampled_from(["north", "south", "east",
                                                               "west"]), max_size=3))
    top = {"format": "warboard-scenario", "version": 2, "name": "S", "ruleset": "r",
           "table": draw(shuffled(table)), "units": units}
    if draw(st.booleans()):
        top["terrain"] = terrain
    groups = draw(group_docs([u["id"] for u in units]))
    if groups or draw(st.booleans()):
        top["groups"] = groups
    return draw(shuffled(top))


@st.composite
def group_docs(draw, unit_ids: list[str]) -> list[dict]:
    """Valid groups over the units: each kind partitions some units; a later group may hold
    earlier ones (so there is no loop); commander and deputy are distinct units."""
    groups: list[dict] = []
    used: dict[str, set[str]] = {}
    for i in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["squad", "platoon", "hq"]))
        taken = used.setdefault(kind, set())
        free = [u for u in unit_ids if u not in taken]
        free += [g["id"] for g in groups if g["id"] not in taken]
        members = draw(st.lists(st.sampled_from(free), unique=True, max_size=3)) if free else []
        used[kind].update(members)
        g = {"id": f"g{i}", "kind": kind, "members": members}
        for key, value in (("name", st.text(min_size=1, max_size=6).filter(str.strip)),
                           ("side", st.sampled_from(["allies", "axis"])),
                           ("off_table", st.booleans()),
                           ("markers", st.dictionaries(st.text(max_size=4), JSON_LEAF,
                                                       max_size=2)),
                           ("state", st.dictionaries(st.text(max_size=4), JSON_VALUE,
                                                     max_size=2))):
            if draw(st.booleans()):
                g[key] = draw(value)
        if unit_ids and draw(st.booleans()):
            leaders = draw(st.lists(st.sampled_from(unit_ids), unique=True, min_size=1,
                                    max_size=2))
            g["commander"] = leaders[0]
            if len(leaders) > 1:
                g["deputy"] = leaders[1]
        groups.append(draw(shuffled(g)))
    return groups


@settings(max_examples=60, deadline=None)
@given(scenario_docs())
def test_parse_then_dump_is_the_identity(doc):
    """A scenario of 0-4 units (every optional key present or not, keys in any order, any
    JSON in markers and state) and 0-3 groups is written back exactly. 60 examples a run
    draw each optional key both ways many times over; each local run draws new ones
    (failures are kept in .hypothesis/), CI a fixed set."""
    original = copy.deepcopy(doc)
    out = scenario_to_dict(parse_scenario(doc))
    assert json.dumps(out) == json.dumps(original)
    assert doc == original  # the input was not touched


# --- files -------------------------------------------------------------------------------


def test_save_then_load_is_exact_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "s.json"
    s = parse_scenario(minimal())
    save_scenario(s, path)
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == minimal()
    again = load_scenario(path)
    assert scenario_to_dict(again) == minimal()
    save_scenario(again, path)
    assert path.read_text(encoding="utf-8") == text
    assert os.listdir(tmp_path) == ["s.json"]


def test_save_replaces_atomically_and_keeps_the_old_file_on_failure(tmp_path):
    path = tmp_path / "s.json"
    save_scenario(parse_scenario(minimal()), path)
    before = path.read_bytes()
    broken = parse_scenario(minimal())
    broken.unit("tank").x = float("nan")  # cannot be written as JSON
    with pytest.raises(ValueError):
        save_scenario(broken, path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["s.json"]


def test_saved_text_is_diff_friendly():
    text = dumps_scenario(parse_scenario(minimal()))
    lines = text.splitlines()
    assert max(map(len, lines)) <= 100
    assert '      "base": {"shape": "rect", "width_mm": 50, "depth_mm": 100}' in lines
    assert text.endswith("}\n")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "not valid JSON: Expecting property name enclosed in double quotes "
                       "(line 1, column 2)"),
        (b"\xff\xfe{}", "not UTF-8 text"),
        (b'{"format": "warboard-scenario", "format": "x"}', "duplicate key 'format'"),
        (b"[" * 100000 + b"]" * 100000, "nested too deeply"),
    ],
)
def test_bad_files_are_refused_with_their_name(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)


def test_field_errors_from_a_file_carry_file_and_field(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(with_unit(2, facing="north")))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.field == "units[2].facing"
    assert str(info.value) == f'{path}: units[2].facing: expected a number, got "north"'


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "nope.json")
    with pytest.raises(ScenarioError, match="is a folder"):
        load_scenario(tmp_path)


def test_oversized_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: no 20 MB written
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert "scenario files may be at most 20 MB" in str(info.value)


def test_oversized_text_is_refused():
    with pytest.raises(ScenarioError, match="over the 20 MB limit"):
        loads_scenario(" " * (MAX_FILE_BYTES + 1))


def test_utf8_bom_is_accepted():
    s = loads_scenario(b"\xef\xbb\xbf" + json.dumps(minimal()).encode())
    assert s.name == "Test"


# --- the demo table ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def demo() -> Scenario:
    return load_demo()


def test_demo_file_is_in_saved_form(demo):
    from resources.loader import read_text

    assert dumps_scenario(demo) == read_text("scenarios", "crossroads.json")


def test_demo_is_the_iron_hearts_crossroads(demo):
    assert demo.ruleset == "iron-hearts"
    assert (demo.table.width_in, demo.table.height_in) == (72, 48)
    assert demo.table.metres_per_inch == 2.5
    kinds = {p.kind for p in demo.terrain}
    assert {"building", "woods", "hill", "wall", "hedge", "road"} <= kinds
    profiles = [u.profile for u in demo.units]
    assert 3 <= profiles.count("m4a1-sherman") <= 5
    for p in ("us-rifleman", "us-nco", "grenadier", "grenadier-nco", "panzerschreck-gunner"):
        assert p in profiles
    assert profiles.count("pz4-h") == 1    # the tank duel (issue 16)
    for u in demo.units:
        assert u.name, u.id
        if u.profile in ("m4a1-sherman", "pz4-h"):
            assert u.base == BaseShape.rect(50, 100) and u.turret == 0
        else:
            assert u.base == BaseShape.round(25) and u.turret is None


def test_demo_ids_are_unique_and_parents_resolve(demo):
    ids = [u.id for u in demo.units] + [p.id for p in demo.terrain]
    assert len(ids) == len(set(ids))
    unit_ids = {u.id for u in demo.units}
    riflemen = [u for u in demo.units if u.profile in ("us-rifleman", "grenadier")]
    assert riflemen and all(u.parent in unit_ids for u in riflemen)


def test_demo_units_stand_on_the_table_and_outside_buildings(demo):
    table = box(0, 0, demo.table.width_in, demo.table.height_in)
    buildings = [Polygon(p.polygon) for p in demo.terrain if p.kind == "building"]
    walls = [p.shape() for p in demo.terrain if p.kind in ("wall", "hedge", "water")]
    polys = [(u, u.polygon()) for u in demo.units]
    for u, poly in polys:
        assert table.contains(poly), u.id
        assert not any(poly.intersects(b) for b in buildings), u.id
        assert not any(poly.intersects(w) for w in walls), u.id
    for i, (u, a) in enumerate(polys):  # no two bases overlap
        for v, b in polys[i + 1:]:
            assert not a.intersects(b), (u.id, v.id)


def test_a_failed_replace_removes_the_temporary_file(tmp_path):
    target = tmp_path / "taken"
    target.mkdir()
    (target / "x").write_text("occupied")
    with pytest.raises(OSError):
        save_scenario(parse_scenario(minimal()), target)
    assert sorted(os.listdir(tmp_path)) == ["taken"]


# --- version 2: groups, edges, and the upgrade from version 1 -----------------------------


def v2_doc() -> dict:
    doc = minimal()
    doc["table"]["edges"] = {"allies": "south", "axis": "north"}
    doc["units"].append({"id": "gren-2", "side": "axis", "profile": "grenadier", "x": 52,
                         "y": 26, "base": {"shape": "round", "diameter_mm": 25}})
    doc["groups"] = [
        {"id": "sq-1", "kind": "squad", "name": "1st squad", "members": ["gren", "gren-2"],
         "commander": "gren", "state": {"losses": 1}, "markers": {"pinned": 1}},
        {"id": "coy", "kind": "company", "side": "axis", "members": ["sq-1"],
         "commander": "gren-2", "x-colour": "grey"},
        {"id": "bn-hq", "kind": "hq", "off_table": True, "members": ["coy"]},
    ]
    return doc


def test_version_1_is_read_and_written_as_version_2():
    doc = minimal()
    doc["version"] = 1
    out = scenario_to_dict(parse_scenario(copy.deepcopy(doc)))
    assert out["version"] == 2
    assert {**out, "version": 1} == doc and list(out) == list(doc)  # nothing else changes
    assert "groups" not in out and "edges" not in out["table"]


def test_groups_and_edges_are_read():
    s = parse_scenario(v2_doc())
    assert s.table.edges == {"allies": "south", "axis": "north"}
    sq = s.group("sq-1")
    assert (sq.kind, sq.label, sq.commander, sq.state, sq.markers) == (
        "squad", "1st squad", "gren", {"losses": 1}, {"pinned": 1})
    assert s.group("bn-hq").off_table and not sq.off_table
    assert s.group("coy").extra == {"x-colour": "grey"}
    assert s.members("bn-hq") == ["gren", "gren-2"]
    assert s.members("bn-hq", recursive=False) == ["coy"]
    assert s.members("coy", leaders=True) == ["gren", "gren-2"]
    assert [g.id for g in s.top_groups_of("gren")] == ["sq-1", "coy", "bn-hq"]
    assert s.group_side("sq-1") == "axis" and s.group_side("coy") == "axis"
    assert json.dumps(scenario_to_dict(s)) == json.dumps(v2_doc())
    with pytest.raises(KeyError, match="no group with id 'nope'"):
        s.group("nope")


def _groups_error(mutate) -> ScenarioError:
    doc = v2_doc()
    mutate(doc)
    return error_of(doc)


@pytest.mark.parametrize(
    "mutate, field, text",
    [
        (lambda d: d["groups"][0]["members"].append("ghost"), "groups[0].members[2]",
         "no unit or group with id 'ghost'"),
        (lambda d: d["groups"][0]["members"].append("gren"), "groups[0].members[2]",
         "'gren' is listed twice"),
        (lambda d: d["groups"].append({"id": "sq-2", "kind": "squad", "members": ["gren-2"]}),
         "groups[3].members[0]", "unit 'gren-2' is already in squad 'sq-1' (groups[0])"),
        (lambda d: d["groups"][0]["members"].append("bn-hq"), "groups[1].members[0]",
         "membership loop: 'sq-1' already contains 'coy'"),
        (lambda d: d["groups"][0]["members"].append("sq-1"), "groups[0].members[2]",
         "cannot contain itself"),
        (lambda d: d["groups"][1].update(commander="sq-1"), "groups[1].commander",
         "no unit with id 'sq-1' (a group, not a unit)"),
        (lambda d: d["groups"][1].update(deputy="nobody"), "groups[1].deputy",
         "no unit with id 'nobody'"),
        (lambda d: d["groups"][0].update(deputy="gren"), "groups[0].deputy",
         "'gren' is already the commander"),
        (lambda d: d["groups"][0].update(id="tank"), "groups[0].id", "duplicate id 'tank'"),
        (lambda d: d["groups"][0].pop("members"), "groups[0].members",
         "required key is missing"),
        (lambda d: d["groups"][0].update(kind=""), "groups[0].kind",
         "expected a non-empty string"),
        (lambda d: d["groups"][2].update(off_table="yes"), "groups[2].off_table",
         "expected true or false"),
        (lambda d: d["table"]["edges"].update(axis="up"), "table.edges.axis",
         "unknown edge \"up\" (expected one of north, south, east, west)"),
        (lambda d: d.update(groups={}), "groups", "expected a list"),
    ],
)
def test_group_errors_name_the_field(mutate, field, text):
    err = _groups_error(mutate)
    assert err.field == field
    assert text in err.message


def test_a_groups_russian_name_is_read_and_written_back():
    doc = v2_doc()
    doc["groups"][0]["name_ru"] = "1-е отделение"
    s = parse_scenario(copy.deepcopy(doc))
    sq = s.group("sq-1")
    assert (sq.name, sq.name_ru, sq.label) == ("1st squad", "1-е отделение", "1st squad")
    assert localized(sq, "ru") == "1-е отделение" and localized(sq, "en") == "1st squad"
    assert s.group("coy").name_ru is None and "name_ru" not in s.group("coy").extra
    out = scenario_to_dict(s)
    assert out == doc and list(out["groups"][0]) == list(doc["groups"][0])
    assert "name_ru" not in out["groups"][1]    # absent stays absent


def test_a_groups_russian_name_must_be_text():
    doc = v2_doc()
    doc["groups"][0]["name_ru"] = 7
    with pytest.raises(ScenarioError, match=r"groups\[0\]\.name_ru"):
        parse_scenario(doc)


@pytest.mark.parametrize("file", sorted(p.name for p in Path(str(resource("scenarios")))
                                        .glob("*.json")))
def test_every_shipped_group_has_a_russian_name(file):
    doc = json.loads(Path(str(resource("scenarios", file))).read_text(encoding="utf-8"))
    s = parse_scenario(copy.deepcopy(doc))
    assert s.groups and all(g.name_ru and g.name_ru != g.name for g in s.groups), file
    assert all(not LATIN.findall(g.name_ru.replace("УНР", "")) for g in s.groups), file
    assert scenario_to_dict(s) == doc
