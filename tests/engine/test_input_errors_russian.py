"""The rarer faults of a scenario, a library and JSON text told in Russian (issue #16): a
table of broken inputs — a bad polygon, a bad base, group members and ids, a choice
outside its list, a number beyond its limit, a lone surrogate, a huge integer, each kind
of JSON syntax error, a bad library record or id — each refused with the field named in
English (as it always was) and, through localized(said(err), "ru"), in Russian with no
English word left but the file's own: its field names, ids and values, which the message
quotes as written."""

from __future__ import annotations

import copy
import json
import sqlite3

import pytest

from engine.i18n import localized, said
from engine.library import Library, LibraryError, kind_of
from engine.library_schema import get_spec
from engine.options import SchemaError
from engine.rulesets.registry import list_rulesets
from engine.scenario import EDGES
from engine.scenario_io import BASE_SHAPES, MOVEMENTS, ScenarioError, loads_scenario
from geometry.terrain import KINDS
from tests.russian_words import LATIN

from .msg_scan import ROOT, raised_strings
from .russian_walk import ALLOW, english

IH = "iron-hearts"
#: Latin words a Russian message keeps: the formats it names and JSON's own literals
FORMATS = {"JSON", "UTF", "SQLite", "true", "false", "null"}
#: the modules whose errors a player meets when a scenario, a library or JSON is read
MODULES = ("scenario_io", "scenario_fields", "scenario_parse", "scenario_groups", "scenario_write",
           "scenario", "safe_json", "library", "library_schema")


def told(err: BaseException, field: str, *allowed: str) -> tuple[str, str]:
    """The error in English and in Russian, both naming `field`; the Russian has no
    English word but `field`'s, the formats' and `allowed` (the input's own words)."""
    en, ru = str(err), localized(said(err), "ru")
    if field:
        assert f"{field}: " in en, en
        assert f"{field}: " in ru, ru
    assert ru != en and any("а" <= c <= "я" for c in ru.lower()), ru
    words = ALLOW | FORMATS | set(LATIN.findall(field))
    for text in allowed:   # as written and as quoted ('line': the filter reads "line'")
        words |= set(LATIN.findall(text)) | set(LATIN.findall(f"'{text}'"))
    assert english([ru], words) == [], ru
    return en, ru


# --------------------------------------------------------------------------- scenarios


def base() -> dict:
    """A small valid scenario; ids chosen so that none is a Latin word."""
    unit = {"side": "allies", "profile": "p1", "y": 10, "base": {"shape": "round",
                                                                  "diameter_mm": 25}}
    return {
        "format": "warboard-scenario", "version": 2, "name": "Т", "ruleset": IH,
        "table": {"width_in": 72, "height_in": 48, "edges": {"allies": "south"}},
        "terrain": [{"id": "h1", "kind": "building",
                     "polygon": [[20, 10], [26, 10], [26, 15], [20, 15]]},
                    {"id": "w1", "kind": "wall", "line": [[30, 30], [40, 30]]}],
        "units": [dict(unit, id="a1", x=10), dict(unit, id="a2", x=12),
                  dict(unit, id="a3", x=14)],
        "groups": [{"id": "sq1", "kind": "squad", "members": ["a1", "a2"], "commander": "a1"},
                   {"id": "pl1", "kind": "platoon", "members": ["sq1"]}],
    }


def changed(**paths) -> dict:
    """`base()` with values set at dotted paths ("terrain.0.kind"); None deletes."""
    doc = base()
    for path, value in paths.items():
        *head, last = path.split("__")
        node = doc
        for key in head:
            node = node[int(key)] if isinstance(node, list) else node[key]
        key = int(last) if isinstance(node, list) else last
        if value is None:
            del node[key]
        else:
            node[key] = copy.deepcopy(value)
    return doc


def with_group(group: dict) -> dict:
    doc = base()
    doc["groups"].append(group)
    return doc


SCENARIOS = [
    pytest.param(changed(terrain__0__polygon=[[0, 0], [2, 2], [2, 0], [0, 2]]),
                 "terrain[0].polygon", "самопересечение", (), id="polygon-self-intersection"),
    pytest.param(changed(terrain__0__polygon=[[0, 0], [1, 0], [1, 1], [0, 1], [1, 0.5]]),
                 "terrain[0].polygon", "касается сам себя", (), id="polygon-ring"),
    pytest.param(changed(terrain__0__polygon=[[0, 0], [0, 0], [0, 0]]),
                 "terrain[0].polygon", "слишком мало", (), id="polygon-one-point"),
    pytest.param(changed(terrain__0__polygon=[[0, 0], [1, 1]]),
                 "terrain[0].polygon", "не меньше 3 точек", (), id="polygon-two-points"),
    pytest.param(changed(terrain__0__polygon=[[0, 0], [1, 1], [2]]),
                 "terrain[0].polygon[2]", "ожидалась точка", (), id="polygon-bad-point"),
    pytest.param(changed(terrain__1__polygon=[[0, 0], [1, 0], [1, 1]]),
                 "terrain[1].polygon", "стена рисуется ключом 'line'", ("line", "polygon"),
                 id="wall-as-polygon"),
    pytest.param(changed(terrain__1__line=None), "terrain[1].line", "вида «стена»", (),
                 id="wall-without-line"),
    pytest.param(changed(terrain__0__kind="zz"), "terrain[0].kind",
                 "неизвестный вид местности", tuple(KINDS), id="terrain-kind"),
    pytest.param(changed(terrain__0__movement="zz"), "terrain[0].movement",
                 "неизвестная проходимость", MOVEMENTS, id="movement"),
    pytest.param(changed(terrain__0__cover=7), "terrain[0].cover", "от 0 до 4", (),
                 id="cover-limit"),
    pytest.param(changed(terrain__0__los_depth_in=-1), "terrain[0].los_depth_in",
                 "не меньше 0", (), id="depth-minimum"),
    pytest.param(changed(units__0__base={"shape": "round", "diameter_mm": 25, "width_mm": 3}),
                 "units[0].base.width_mm", "у круглой подставки", (), id="round-base"),
    pytest.param(changed(units__0__base={"shape": "rect", "diameter_mm": 25}),
                 "units[0].base.diameter_mm", "у прямоугольной подставки", (), id="rect-base"),
    pytest.param(changed(units__0__base={"shape": "oval", "diameter_mm": 25}),
                 "units[0].base.diameter_mm", "у овальной подставки", (), id="oval-base"),
    pytest.param(changed(units__0__base={"shape": "hex", "diameter_mm": 25}),
                 "units[0].base.shape", "неизвестная форма подставки", ("hex",) + BASE_SHAPES,
                 id="base-shape"),
    pytest.param(changed(units__0__x=10**9), "units[0].x", "из 10 цифр", (),
                 id="number-digits"),
    pytest.param(changed(units__0__x=1e300), "units[0].x", "в пределах ±1e+06", (),
                 id="number-limit"),
    pytest.param(changed(table__edges={"allies": "up"}), "table.edges.allies",
                 "неизвестный край стола", ("up",) + EDGES, id="edge"),
    pytest.param(changed(groups__0__members=["a1", "x9"]), "groups[0].members[1]",
                 "нет отряда или группы", (), id="unknown-member"),
    pytest.param(changed(groups__0__members=["a1", "a1"]), "groups[0].members[1]",
                 "указан дважды", (), id="member-twice"),
    pytest.param(changed(groups__0__members=["sq1"]), "groups[0].members[0]",
                 "сама в себя", (), id="group-in-itself"),
    pytest.param(with_group({"id": "sq2", "kind": "squad", "members": ["a1"]}),
                 "groups[2].members[0]", "отряд 'a1' уже входит в группу 'sq1' (отделение",
                 (), id="unit-in-two-squads"),
    pytest.param(with_group({"id": "pl2", "kind": "platoon", "members": ["sq1"]}),
                 "groups[2].members[0]", "группа 'sq1' уже входит в группу 'pl1' (взвод",
                 (), id="group-in-two-platoons"),
    pytest.param(changed(groups__0__commander="x9"), "groups[0].commander",
                 "нет отряда с идентификатором 'x9'", (), id="commander-unknown"),
    pytest.param(changed(groups__0__commander="pl1"), "groups[0].commander",
                 "это группа, а не отряд", (), id="commander-a-group"),
    pytest.param(changed(groups__0__deputy="a1"), "groups[0].deputy", "уже командир", (),
                 id="deputy-is-commander"),
    pytest.param(changed(groups__0__members=["a1", "pl1"]), "groups[1].members[0]",
                 "замкнутый круг состава", (), id="membership-loop"),
    pytest.param(changed(units__1__id="h1"), "units[1].id",
                 "идентификатор 'h1' повторяется (уже занят: terrain[0])", ("terrain",),
                 id="duplicate-id"),
    pytest.param(changed(units__0__parent="x9"), "units[0].parent", "нет отряда", (),
                 id="parent-unknown"),
    pytest.param(changed(units__0__parent="a2", units__1__parent="a1"), "units[0].parent",
                 "замкнутый круг подчинения", (), id="parent-loop"),
]


@pytest.mark.parametrize("doc, field, words, allowed", SCENARIOS)
def test_a_broken_scenario_is_told_in_russian(doc, field, words, allowed):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(json.dumps(doc), source="s.json")
    en, ru = told(info.value, field, *allowed)
    assert en.startswith(f"s.json: {field}: ") and ru.startswith(f"s.json: {field}: ")
    assert words in ru


@pytest.mark.parametrize("text, field, english_words, russian_words", [
    pytest.param('{"name": "\\ud800"}', "name", "text holding a lone surrogate (U+D800)",
                 "одиночным суррогатным символом (U+D800)", id="lone-surrogate"),
    pytest.param('{"units": [{"x": 1' + "0" * 50 + "}]}", "units[0].x",
                 "a whole number of 51 digits (at most 40)",
                 "целое число из 51 цифры (не больше 40)", id="huge-integer"),
    pytest.param('{"units": [{"y": NaN}]}', "units[0].y", "NaN is not a JSON number",
                 "NaN — не число JSON", id="nan"),
    pytest.param('{"a": 1, "a": 2}', "", "duplicate key 'a' in one JSON object",
                 "ключ 'a' повторён", id="duplicate-key"),
    pytest.param('{"units": [{"x": 1, "x": 2}]}', "units[0]",
                 "duplicate key 'x' in one JSON object", "ключ 'x' повторён в одном объекте",
                 id="duplicate-key-in-a-unit"),
])
def test_json_refused_by_its_limits_is_told_in_russian(text, field, english_words,
                                                       russian_words):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text)
    en, ru = told(info.value, field, "NaN")
    assert english_words in en and russian_words in ru


#: a text of each kind the json module refuses, with its reason and where it stops
SYNTAX = [
    ("", "Expecting value", 1, 1, "ожидалось значение"),
    ("{", "Expecting property name enclosed in double quotes", 1, 2, "имя ключа"),
    ('{"a" 1}', "Expecting ':' delimiter", 1, 6, "разделитель ':'"),
    ('{"a": 1\n "b": 2}', "Expecting ',' delimiter", 2, 2, "разделитель ','"),
    ("[1,]", "Expecting value", 1, 4, "ожидалось значение"),
    ("{} {}", "Extra data", 1, 4, "лишние данные"),
    ('{"a": "abc', "Unterminated string starting at", 1, 7, "не закрыты кавычки"),
    ('{"a": "a\x01"}', "Invalid control character at", 1, 9, "управляющий символ"),
    ('{"a": "\\x"}', "Invalid \\escape", 1, 8, "после «\\»"),
    ('{"a": "\\u12"}', "Invalid \\uXXXX escape", 1, 9, "после «\\u»"),
    ("\ufeff{}", "Unexpected UTF-8 BOM (decode using utf-8-sig)", 1, 1, "метка порядка байтов"),
]


@pytest.mark.parametrize("text, reason, line, column, words", SYNTAX,
                         ids=[s[1] for s in SYNTAX])
def test_each_json_syntax_error_is_told_in_russian(text, reason, line, column, words):
    with pytest.raises(ScenarioError) as info:
        loads_scenario(text, source="s.json")
    en, ru = told(info.value, "")
    assert en == f"s.json: not valid JSON: {reason} (line {line}, column {column})"
    assert ru.startswith("s.json: неверный JSON: ") and words in ru
    assert ru.endswith(f" (строка {line}, столбец {column})")


# --------------------------------------------------------------------------- the library


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    with Library(tmp_path_factory.mktemp("lib") / "library.sqlite") as lib:
        yield lib


def refused(call) -> SchemaError:
    with pytest.raises(SchemaError) as info:
        call()
    return info.value


def rifleman(lib, **change) -> dict:
    return dict(lib.get(IH, "character", "us-rifleman").data, **change)


def rulesets() -> tuple[str, ...]:
    return tuple(rs.id for rs in list_rulesets())


LIBRARY = [
    pytest.param(lambda lib: lib.save(IH, "character", "us-rifleman", rifleman(lib, accuracy="x")),
                 "profiles.us-rifleman.accuracy", "ожидалось: целое число 0–10; получено 'x'",
                 (), id="number-outside-limits"),
    pytest.param(lambda lib: lib.save(IH, "character", "us-rifleman", rifleman(lib, guts=11)),
                 "profiles.us-rifleman.guts", "целое число 0–10; получено 11", (),
                 id="number-beyond-limit"),
    pytest.param(lambda lib: lib.save(IH, "character", "us-nco",
                                      dict(lib.get(IH, "character", "us-nco").data,
                                           rank="general")),
                 "profiles.us-nco.rank", "ожидалось одно из: private | nco | officer",
                 ("private officer general",), id="choice-outside-list"),
    pytest.param(lambda lib: lib.save(IH, "character", "us-rifleman", rifleman(lib, colour=1)),
                 "profiles.us-rifleman.colour", "неизвестное поле (известные:",
                 tuple(get_spec(IH).kind("character").schema), id="unknown-field"),
    pytest.param(lambda lib: lib.save(IH, "character", "us-rifleman",
                                      rifleman(lib, weapons=["thompson", "raygun"])),
                 "profiles.us-rifleman.weapons[1]", "нет записи 'raygun' (оружие)",
                 ("raygun",), id="unknown-reference"),
    pytest.param(lambda lib: lib.save(IH, "character", "Bad Id", rifleman(lib),
                                      faction="us-army"),
                 "profiles['Bad Id'].id", "ожидался идентификатор из строчных латинских букв",
                 (), id="bad-id"),
    pytest.param(lambda lib: lib.save(IH, "character", "gren-2", rifleman(lib)),
                 "profiles.gren-2.faction", "обязательно для новой записи", (),
                 id="faction-required"),
    pytest.param(lambda lib: lib.save(IH, "character", "gren-2", rifleman(lib), faction="zz"),
                 "faction", "нет фракции 'zz' в правилах iron-hearts (сначала добавьте её)",
                 ("zz",), id="faction-unknown"),
    pytest.param(lambda lib: lib.duplicate(IH, "character", "us-rifleman", "us-nco"),
                 "profiles.us-nco", "идентификатор занят (выберите другой)", (),
                 id="id-taken"),
    pytest.param(lambda lib: lib.get(IH, "character", "zz9"), "profiles.zz9",
                 "в библиотеке правил iron-hearts нет такой записи (character)",
                 ("character",), id="no-such-record"),
    pytest.param(lambda lib: lib.delete(IH, "weapon", "thompson"), "weapons.thompson",
                 "запись ещё используется: profiles.", (), id="still-used"),
    pytest.param(lambda lib: lib.delete_faction(IH, "us-army"), "factions.us-army",
                 "во фракции ещё", (), id="faction-not-empty"),
    pytest.param(lambda lib: lib.save_faction(IH, "f1", " "), "factions.f1.name",
                 "ожидалось: текст; получено ' '", (), id="faction-name"),
    pytest.param(lambda lib: lib.spec("zz"), "ruleset", "в библиотеке нет правил 'zz'",
                 ("zz",) + rulesets(), id="ruleset-unknown"),
    pytest.param(lambda lib: lib.spec(IH).kind("zz"), "kind",
                 "в правилах iron-hearts нет вида записей 'zz'",
                 ("zz",) + tuple(k.id for k in get_spec(IH).kinds), id="kind-unknown"),
    pytest.param(lambda lib: kind_of(get_spec(IH), {"name": "Blob"}, "profiles.b1"),
                 "profiles.b1", "не профиль правил iron-hearts (как character: ",
                 ("Blob",) + tuple(k.id for k in get_spec(IH).kinds)
                 + tuple(f for k in get_spec(IH).kinds for f in k.schema),
                 id="not-a-profile"),
]


@pytest.mark.parametrize("call, field, words, allowed", LIBRARY)
def test_a_refused_library_record_or_id_is_told_in_russian(lib, call, field, words, allowed):
    en, ru = told(refused(lambda: call(lib)), field, IH, *allowed)
    assert words in ru, ru


def faction(**change) -> dict:
    doc = {"format": "warboard-faction", "version": 1, "ruleset": IH,
           "faction": {"id": "f1", "name": "Ф"}, "profiles": {}}
    doc.update(change)
    return {k: v for k, v in doc.items() if v is not None}


FACTION_FILES = [
    pytest.param(json.dumps(faction(ruleset=5)), "ruleset", "ожидался идентификатор правил",
                 (), id="ruleset-not-an-id"),
    pytest.param(json.dumps(faction(faction="f1")), "faction", 'ожидалось {"id": …, "name": …}',
                 ("name",), id="faction-not-an-object"),
    pytest.param(json.dumps(faction(faction={"id": "f1", "name": ""})), "faction.name",
                 "ожидалось: текст", (), id="faction-without-name"),
    pytest.param(json.dumps(faction(extra=1)), "extra", "неизвестный ключ (известные:",
                 ("format version ruleset faction requires",
                  *(k.table for k in get_spec(IH).kinds)), id="unknown-key"),
    pytest.param(json.dumps(faction(requires="x")), "requires",
                 "ожидался объект с таблицами", (), id="requires-not-an-object"),
    pytest.param(json.dumps(faction(requires={"zz": {}})), "requires.zz",
                 "неизвестная таблица", (), id="requires-unknown-table"),
    pytest.param(json.dumps(faction(profiles=[])), "profiles",
                 "ожидался объект с записями", (), id="records-not-an-object"),
    pytest.param(json.dumps(faction(format="x")), "format",
                 "ожидалось 'warboard-faction', получено 'x'", ("warboard", "faction"),
                 id="wrong-format"),
    pytest.param('{"format": "warboard-faction", "version": 1,', "",
                 "файл фракции: неверный JSON в строке 1: ожидалось имя ключа", (),
                 id="bad-json"),
    pytest.param('{"format": "warboard-faction", "version": 1' + "0" * 45 + "}", "version",
                 "файл фракции: version: целое число из 46 цифр", (), id="huge-integer"),
    pytest.param('{"format": "warboard-faction", "ruleset": "\\udc00"}', "ruleset",
                 "файл фракции: ruleset: текст с одиночным суррогатным символом (U+DC00)",
                 (), id="lone-surrogate"),
]


@pytest.mark.parametrize("text, field, words, allowed", FACTION_FILES)
def test_a_broken_faction_file_is_told_in_russian(lib, text, field, words, allowed):
    en, ru = told(refused(lambda: lib.import_faction(text)), field, *allowed)
    assert words in ru, ru


def test_an_import_conflict_and_a_missing_faction_file_in_russian(lib, tmp_path):
    data = json.loads(lib.export_faction_json(IH, "wehrmacht"))
    data["profiles"]["grenadier"]["accuracy"] = 9
    err = refused(lambda: lib.import_faction(data))
    assert isinstance(err, LibraryError)
    en, ru = told(err, "profiles.grenadier")
    assert "the library already has a different record" in en
    assert "уже есть другая запись с этим идентификатором" in ru
    en, ru = told(refused(lambda: lib.import_faction_file(tmp_path / "none.json")), "")
    assert (en, ru) == ("faction file: No such file or directory",
                        "файл фракции: нет такого файла или папки")


def test_a_library_file_with_a_bad_schema_version_in_russian(tmp_path):
    path = tmp_path / "library.sqlite"
    # a library in every other way (a look-alike database is refused before its meta is read)
    Library(path, seed=False).close()
    con = sqlite3.connect(path)
    with con:
        con.execute("UPDATE meta SET value = 'one' WHERE key = 'schema_version'")
    con.close()
    err = refused(lambda: Library(path, seed=False))
    en, ru = told(err, f"{path}: meta.schema_version", "one")
    assert en == f"{path}: meta.schema_version: expected a whole number, got 'one'"
    assert ru == f"{path}: meta.schema_version: ожидалось целое число, получено 'one'"


# --------------------------------------------------------------------------- the source


@pytest.mark.parametrize("module", MODULES)
def test_no_error_of_these_modules_is_a_plain_string(module):
    """Every error raised while a scenario, a library or JSON is read is a msg() template
    (or carries one), so the scan of test_engine_texts_russian sees it and asks for its
    Russian; a raise of a plain or formatted string would be shown in English."""
    found = raised_strings(ROOT / "engine" / f"{module}.py")
    assert found == [], "\n".join(f"{f}:{line}: {t}" for f, line, t in found)


def shipped() -> list[str]:
    from engine.scenario_io import shipped_scenarios

    return [f for f, _title in shipped_scenarios()]


@pytest.mark.parametrize("file", shipped())
def test_a_member_twice_in_each_sample_scenario_names_its_group_kind_in_russian(file):
    """The group kinds of every shipped table read in Russian in a membership error,
    which is shown before any ruleset is known (the generic glossary)."""
    from resources.loader import read_text

    doc = json.loads(read_text("scenarios", file))
    kinds = set()
    for i, group in enumerate(doc.get("groups", [])):
        unit = next((m for m in group["members"] if m in {u["id"] for u in doc["units"]}),
                    None)
        if unit is None:
            continue
        broken = copy.deepcopy(doc)
        broken["groups"].append({"id": "zz-new", "kind": group["kind"], "members": [unit]})
        with pytest.raises(ScenarioError) as info:
            loads_scenario(json.dumps(broken))
        field = f"groups[{len(doc['groups'])}].members[0]"
        ids = [u["id"] for u in doc["units"]] + [g["id"] for g in doc["groups"]]
        en, ru = told(info.value, field, "zz-new", *ids)
        assert f"is already in {group['kind']} " in en
        assert f"({localized(group['kind'], 'ru')}, groups[{i}])" in ru
        kinds.add(group["kind"])
    assert kinds, f"{file}: no group with a unit among its members"
