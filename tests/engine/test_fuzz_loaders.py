"""No traceback for any input: hypothesis drives hostile inputs into every loader —
scenario JSON, game-file rows, library files and faction files, rosters, typed dice —
and each must either load or be refused with the loader's own error naming the field,
leave the input file byte for byte as it was, and never write a file that is not its own.

The hostile values are the classes issue #10 found (integers too large for a float, 1e308,
NaN and Infinity, lone surrogates, JSON nested thousands deep, duplicate keys, a
non-numeric schema version) and more (wrong types everywhere, empty and huge strings,
negative and zero sizes, random bytes, truncated text), laid at random paths of a valid
document. Each test prints its figures: inputs tried, clean refusals, tracebacks (always
0: a traceback fails the test), files changed (always 0).
"""

from __future__ import annotations

import copy
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dice import D6, D10, DiceError, TypedDice, parse_faces
from engine.gamefile import GameFileError, load_game, new_game_file
from engine.library import Library, LibraryError
from engine.model import Game, LogEntry
from engine.options import SchemaError
from engine.roster import roster_from_dict
from engine.scenario_io import ScenarioError, load_demo, load_scenario, scenario_to_dict

EXAMPLES = 120
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

DEEP = "[" * 5000 + "]" * 5000
HOSTILE_JSON = [  # JSON text of hostile values
    "1" + "0" * 400, "-1" + "0" * 400, "1e308", "-1e308", "1e999", "NaN", "Infinity",
    "-Infinity", '"\\ud800"', '"a\\udfffb"', DEEP, '{"a": 1, "a": 2}', "null", "true",
    "[]", "{}", '""', '"x"', "0", "-0", "-5", "2.5e-320", '"' + "x" * 5000 + '"',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]'
    ']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    '{"id": "\\ud83d"}', '[1, 2, "three"]', '{"shape": "hexagon"}',
]


class Tally:
    """inputs tried / clean refusals / accepted; tracebacks and changed files fail."""

    def __init__(self, name: str) -> None:
        self.name, self.tried, self.refused, self.accepted = name, 0, 0, 0

    def refusal(self, err: Exception, *, names_field: bool = True) -> None:
        text = str(err)
        assert text.strip(), f"{self.name}: an empty refusal"
        if names_field:
            assert ":" in text, f"{self.name}: the refusal names no field: {text!r}"
        self.refused += 1

    def report(self) -> str:
        return (f"fuzz {self.name}: {self.tried} inputs, {self.refused} clean refusals, "
                f"{self.accepted} accepted, 0 tracebacks, 0 files changed")


def mutate(doc: Any, draw, depth: int = 0) -> Any:
    """`doc` with one value somewhere in it replaced by a hostile one (or a key dropped,
    or a wrong type), chosen by hypothesis."""
    if depth > 6 or not isinstance(doc, dict | list) or not doc or draw(st.integers(0, 4)) == 0:
        choice = draw(st.integers(0, 3))
        if choice == 0:
            return ("RAW", draw(st.sampled_from(HOSTILE_JSON)))
        if choice == 1:
            return draw(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                                  st.text(max_size=8), st.lists(st.integers(), max_size=3)))
        if choice == 2:
            return draw(st.sampled_from([-1, 0, 10**6 + 1, 1e300, "", " ", "north", [], {}]))
        return ("RAW", draw(st.sampled_from(HOSTILE_JSON[:10])))
    doc = copy.copy(doc)
    if isinstance(doc, dict):
        key = draw(st.sampled_from(sorted(doc)))
        if draw(st.integers(0, 5)) == 0:
            del doc[key]
            return doc
        doc[key] = mutate(doc[key], draw, depth + 1)
    else:
        i = draw(st.integers(0, len(doc) - 1))
        doc[i] = mutate(doc[i], draw, depth + 1)
    return doc


def to_text(doc: Any) -> str:
    """JSON text of a mutated document; ("RAW", text) places the text as is."""
    if isinstance(doc, tuple) and doc and doc[0] == "RAW":
        return doc[1]
    if isinstance(doc, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {to_text(v)}" for k, v in doc.items()) + "}"
    if isinstance(doc, list):
        return "[" + ", ".join(to_text(v) for v in doc) + "]"
    return json.dumps(doc)


DEMO_DOC = scenario_to_dict(load_demo())


@st.composite
def hostile_scenarios(draw) -> str:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.binary(max_size=200)).decode("latin-1")
    if kind == 1:
        text = json.dumps(DEMO_DOC)
        return text[: draw(st.integers(0, len(text) - 1))]
    return to_text(mutate(DEMO_DOC, draw))


SCENARIO_TALLY = Tally("scenario JSON")


@FUZZ
@given(text=hostile_scenarios())
def test_scenario_loader_refuses_cleanly_and_leaves_the_file(tmp_path, text):
    path = tmp_path / "s.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    before = path.read_bytes()
    SCENARIO_TALLY.tried += 1
    try:
        load_scenario(path)
        SCENARIO_TALLY.accepted += 1
    except ScenarioError as e:
        SCENARIO_TALLY.refusal(e)
    assert path.read_bytes() == before
    if SCENARIO_TALLY.tried == EXAMPLES:
        print(SCENARIO_TALLY.report())


# --------------------------------------------------------------------------- game files


@pytest.fixture(scope="module")
def game_template(tmp_path_factory) -> bytes:
    game = Game(load_demo())
    game.append_log(LogEntry(1, game.units[0].id, "roll", None, summary="one",
                             details={"steps": []}))
    path = tmp_path_factory.mktemp("fuzz") / "t.warboard"
    new_game_file(path, game)
    return path.read_bytes()


ROW_TARGETS = [
    ("units", "json"), ("terrain", "json"), ("scenario", "json"), ("game", "json"),
    ("log", "dice"), ("log", "details"), ("log", "turn"), ("log", "kind"), ("log", "prev"),
    ("meta", "value"), ("units", "id"), ("log", "seq"),
]


@st.composite
def row_edits(draw):
    table, column = draw(st.sampled_from(ROW_TARGETS))
    value = draw(st.one_of(st.sampled_from(HOSTILE_JSON), st.text(max_size=20),
                           st.integers(min_value=-2**63, max_value=2**63 - 1), st.none(),
                           st.floats(allow_nan=False)))
    return table, column, value


GAME_TALLY = Tally("game-file rows")


@FUZZ
@given(edit=row_edits())
def test_game_file_loader_refuses_bad_rows_cleanly(tmp_path, game_template, edit):
    table, column, value = edit
    path = tmp_path / "g.warboard"
    path.write_bytes(game_template)
    conn = sqlite3.connect(path)
    try:
        with conn:
            key = f"rowid = (SELECT min(rowid) FROM [{table}])"
            if table == "meta":
                key = "key = 'schema_version'"
            conn.execute(f"UPDATE [{table}] SET [{column}] = ? WHERE {key}", (value,))
    except sqlite3.IntegrityError:
        pass   # a NOT NULL / primary key the database itself refuses: nothing written
    conn.close()
    before = path.read_bytes()
    GAME_TALLY.tried += 1
    try:
        load_game(path)
        GAME_TALLY.accepted += 1
    except GameFileError as e:
        GAME_TALLY.refusal(e)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.warboard"]
    if GAME_TALLY.tried == EXAMPLES:
        print(GAME_TALLY.report())


RAW_TALLY = Tally("game-file bytes")


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 10**6), flip=st.integers(0, 10**6), byte=st.integers(0, 255))
def test_a_damaged_game_file_is_refused_and_left_alone(tmp_path, game_template, cut, flip,
                                                       byte):
    data = bytearray(game_template)
    data[flip % len(data)] = byte
    data = data[: max(1, cut % (len(data) + 1))]
    path = tmp_path / "d.warboard"
    path.write_bytes(bytes(data))
    RAW_TALLY.tried += 1
    try:
        load_game(path)
        RAW_TALLY.accepted += 1
    except GameFileError as e:
        RAW_TALLY.refusal(e)
    assert path.read_bytes() == bytes(data)
    if RAW_TALLY.tried == 40:
        print(RAW_TALLY.report())


# --------------------------------------------------------------------------- library


@pytest.fixture(scope="module")
def library_template(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("lib") / "library.sqlite"
    with Library(path):
        pass
    return path


FACTION = {"format": "warboard-faction", "version": 1, "ruleset": "iron-hearts",
           "faction": {"id": "fuzz", "name": "Fuzz"},
           "vehicles": {"fuzz-tank": {"name": "Fuzz tank"}}}
FACTION_TALLY = Tally("faction files")


@st.composite
def hostile_factions(draw) -> str:
    if draw(st.integers(0, 6)) == 0:
        return draw(st.sampled_from(HOSTILE_JSON))
    return to_text(mutate(FACTION, draw))


@FUZZ
@given(text=hostile_factions())
def test_faction_import_refuses_cleanly(tmp_path, library_template, text):
    lib_path = tmp_path / "library.sqlite"
    shutil.copy(library_template, lib_path)
    source = tmp_path / "f.json"
    source.write_bytes(text.encode("utf-8", "surrogatepass"))
    before = source.read_bytes()
    FACTION_TALLY.tried += 1
    with Library(lib_path, seed=False) as lib:
        entries_before = len(lib.entries("iron-hearts"))
        try:
            lib.import_faction_file(source)
            FACTION_TALLY.accepted += 1
        except (SchemaError, LibraryError) as e:
            FACTION_TALLY.refusal(e)
            assert len(lib.entries("iron-hearts")) == entries_before   # all or nothing
    assert source.read_bytes() == before
    if FACTION_TALLY.tried == EXAMPLES:
        print(FACTION_TALLY.report())


def test_a_faction_file_over_the_limit_is_refused_before_it_is_read(tmp_path,
                                                                     library_template,
                                                                     monkeypatch):
    import builtins

    from engine import library as library_module

    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(library_module.MAX_IMPORT_BYTES + 1)
    opened = []
    real_open = builtins.open
    monkeypatch.setattr(builtins, "open", lambda p, *a, **k: opened.append(str(p)) or
                        real_open(p, *a, **k))
    with Library(library_template, seed=False) as lib, \
            pytest.raises(SchemaError, match="over the"):
        lib.import_faction_file(big)
    assert str(big) not in opened


LIBRARY_TALLY = Tally("library files")


def foreign_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
    conn.execute("INSERT INTO notes (text) VALUES ('mine')")
    conn.commit()
    conn.close()


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(["foreign", "bytes", "version", "meta-only", "app-id"]),
       junk=st.binary(min_size=1, max_size=300),
       version=st.sampled_from(["x", "", "1.5", "-1", "1e3", "٣", "99" * 30]))
def test_a_library_never_writes_another_programs_file(tmp_path, case, junk, version):
    path = tmp_path / "other.sqlite"
    path.unlink(missing_ok=True)
    if case == "foreign":
        foreign_db(path)
    elif case == "bytes":
        path.write_bytes(junk)
    elif case in ("version", "meta-only"):
        with Library(path, seed=False):
            pass
        conn = sqlite3.connect(path)
        with conn:
            if case == "version":
                conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                             (version,))
            else:
                conn.execute("DROP TABLE entries")
        conn.close()
    else:
        foreign_db(path)
        conn = sqlite3.connect(path)
        conn.execute("DROP TABLE notes")
        conn.execute("PRAGMA application_id = 1234")
        conn.commit()
        conn.close()
    before = path.read_bytes()
    LIBRARY_TALLY.tried += 1
    try:
        with Library(path, seed=False):
            LIBRARY_TALLY.accepted += 1
            assert case in ("bytes",) and not before.startswith(b"SQLite format 3")
    except LibraryError as e:
        LIBRARY_TALLY.refusal(e)
        assert path.read_bytes() == before
    if LIBRARY_TALLY.tried == 30:
        print(LIBRARY_TALLY.report())


# --------------------------------------------------------------------------- rosters, dice


ROSTER = {"format": "warboard-roster", "version": 1, "name": "R", "ruleset": "iron-hearts",
          "sides": {"allies": [{"kind": "vehicle", "id": "m4a1-sherman", "count": 2}]}}
ROSTER_TALLY = Tally("rosters")


@FUZZ
@given(data=st.data())
def test_roster_loader_refuses_cleanly(data):
    text = to_text(mutate(ROSTER, data.draw))
    ROSTER_TALLY.tried += 1
    try:
        roster_from_dict(text)
        ROSTER_TALLY.accepted += 1
    except SchemaError as e:
        ROSTER_TALLY.refusal(e)
    if ROSTER_TALLY.tried == EXAMPLES:
        print(ROSTER_TALLY.report())


DICE_TALLY = Tally("typed dice")


@FUZZ
@given(text=st.one_of(st.text(max_size=30),
                      st.lists(st.sampled_from(["3", "-5", "1" + "0" * 400, "1e308", "nan",
                                                "\ud800", "٣", "0x10", " ", ",", "10", "11"]),
                               max_size=6).map(" ".join)))
def test_typed_dice_refuse_cleanly(text):
    DICE_TALLY.tried += 1
    try:
        dice = TypedDice(text)
        dice.roll(D10, 2, label="Fire")
        dice.roll(D6, 1, label="Save")
        parse_faces(text)
        DICE_TALLY.accepted += 1
    except DiceError as e:
        DICE_TALLY.refusal(e, names_field=False)
        assert e.reason in ("face", "missing", "unused", "parse") or str(e)
    if DICE_TALLY.tried == EXAMPLES:
        print(DICE_TALLY.report())
