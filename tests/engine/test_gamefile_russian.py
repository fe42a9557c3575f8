"""A game file's bad row, a damaged file and a save that finds another game in the file, told
in the player's language (issue #16): each error is a msg() text, so
localized(said(err), "ru") reads it in Russian, no English word left but the names the file
itself writes (the table, the row, the field, the values quoted from it), while str(err)
stays the English it was (tests/engine/test_gamefile.py asserts those). A roster file's
errors (engine/roster.py) the same way, at the end."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from engine.autosave import Autosaver
from engine.dice import SOURCE_KINDS
from engine.gamefile import GameFileError, load_game, new_game_file, save_game
from engine.i18n import localized, said
from engine.log_kinds import LOG_KINDS
from engine.model import Change, LogEntry, MoveUnit, apply_change
from tests.engine.russian_walk import ALLOW, english
from tests.engine.test_gamefile import demo_game, sql
from tests.russian_words import LATIN

#: words a Russian message keeps: formats and JSON's own literal
KEPT = ALLOW | {"JSON", "SQLite", "null"}


def russian(call) -> tuple[str, str, GameFileError]:
    with pytest.raises(GameFileError) as info:
        call()
    return str(info.value), localized(said(info.value), "ru"), info.value


def no_english(text: str, *names: str) -> None:
    """`text` has no English word but `names` (what the file writes) and KEPT."""
    allowed = set(KEPT)
    for n in names:
        words = LATIN.findall(n)
        allowed.update(words, (f"{w}'" for w in words))     # as quoted: 'terrain'
    assert english([text], allowed) == [], text


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "game.warboard"
    game = demo_game()
    new_game_file(path, game)
    return path, game


def unit_json(path, uid: str) -> dict:
    conn = sqlite3.connect(path)
    text = conn.execute("SELECT json FROM units WHERE id = ?", (uid,)).fetchone()[0]
    conn.close()
    return json.loads(text)


def test_a_unit_row_with_a_wrong_field(saved):
    path, game = saved
    uid = game.units[2].id
    unit = {**unit_json(path, uid), "facing": "north"}
    sql(path, "UPDATE units SET json = ? WHERE id = ?", (json.dumps(unit), uid))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith(f"units row '{uid}': facing: expected a number, got \"north\"")
    assert ru.endswith(f"units, строка '{uid}': facing: ожидалось число, получено \"north\"")
    no_english(ru, str(path), uid, "units facing north")


def test_a_unit_row_whose_json_names_another_unit_or_is_no_object(saved):
    path, game = saved
    uid = game.units[0].id
    sql(path, "UPDATE units SET json = ? WHERE id = ?",
        (json.dumps({**unit_json(path, uid), "id": "someone"}), uid))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith(f"units row '{uid}': id: the row's JSON says 'someone'")
    assert ru.endswith(f"units, строка '{uid}': id: а в JSON строки записано 'someone'")
    no_english(ru, str(path), uid, "units id someone")
    sql(path, "UPDATE units SET json = '[1, 2]' WHERE id = ?", (uid,))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith(f"units row '{uid}': json: expected an object")
    assert ru.endswith(f"units, строка '{uid}': json: ожидался объект")
    no_english(ru, str(path), uid, "units json")
    sql(path, "UPDATE units SET json = X'00' WHERE id = ?", (uid,))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith(f"units row '{uid}': json: expected JSON text, got b'\\x00'")
    assert ru.endswith(f"units, строка '{uid}': json: ожидался текст JSON, получено b'\\x00'")
    no_english(ru, str(path), uid, "units json")


def test_a_unit_row_that_is_not_json(saved):
    """The head and the field in Russian; the reason after it is Python's JSON parser's
    own (its words are the scenario reader's business, engine/safe_json.py)."""
    path, game = saved
    uid = game.units[0].id
    sql(path, "UPDATE units SET json = '{\"id\": \"x\"' WHERE id = ?", (uid,))
    en, ru, _ = russian(lambda: load_game(path))
    assert f"units row '{uid}': json: not valid JSON (" in en
    assert f"units, строка '{uid}': json: неверный JSON (" in ru


def test_bad_log_rows_name_the_entry_and_the_field(saved):
    path, _ = saved
    kinds = " ".join(LOG_KINDS + SOURCE_KINDS)
    sql(path, "UPDATE log SET dice = ? WHERE seq = 2",
        (json.dumps([{"label": "hit", "die": "d10", "faces": [3], "source": "luck"}]),))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("log row 2: dice[0]: roll record.source: expected one of "
                       f"{SOURCE_KINDS}, got 'luck'")
    assert ru.endswith("log, строка 2: dice[0]: запись броска, source: ожидалось одно из: "
                       f"{SOURCE_KINDS}, получено 'luck'")
    no_english(ru, str(path), kinds, "log dice source luck")
    sql(path, "UPDATE log SET dice = ? WHERE seq = 2",
        (json.dumps([{"label": "hit", "die": "d10", "source": "app"}]),))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("log row 2: dice[0]: roll record: missing 'faces'")
    assert ru.endswith("log, строка 2: dice[0]: запись броска: нет ключа 'faces'")
    no_english(ru, str(path), "log dice faces")
    sql(path, "UPDATE log SET dice = '{}' WHERE seq = 2")
    en, ru, _ = russian(lambda: load_game(path))
    assert ru.endswith("log, строка 2: dice: ожидался список бросков")
    no_english(ru, str(path), "log dice")
    sql(path, "UPDATE log SET dice = '[]', kind = 'gossip' WHERE seq = 2")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith(f"log row 2: kind: expected one of {', '.join(LOG_KINDS)}, "
                       "got 'gossip'")
    assert ru.endswith(f"log, строка 2: kind: ожидалось одно из: {', '.join(LOG_KINDS)}, "
                       "получено 'gossip'")
    no_english(ru, str(path), kinds, "log kind gossip")
    sql(path, "UPDATE log SET kind = 'roll'")
    for column, value, english_end, russian_end in [   # (a blob: TEXT affinity keeps it)
            ("turn", 0, "turn: expected a whole number ≥ 1, got 0",
             "turn: ожидалось целое число ≥ 1, получено 0"),
            ("actor", b"\x07", "actor: expected text or null, got b'\\x07'",
             "actor: ожидался текст или null, получено b'\\x07'"),
            ("action", b"\x07", "action: expected text, got b'\\x07'",
             "action: ожидался текст, получено b'\\x07'"),
            ("details", "[]", "details: expected an object", "details: ожидался объект"),
            ("prev", b"\x07", "prev: expected a hash (text) or null, got b'\\x07'",
             "prev: ожидался хеш (текст) или null, получено b'\\x07'")]:
        conn = sqlite3.connect(path)
        before = conn.execute(f"SELECT {column} FROM log WHERE seq = 2").fetchone()[0]
        conn.close()
        sql(path, f"UPDATE log SET {column} = ? WHERE seq = 2", (value,))
        en, ru, _ = russian(lambda: load_game(path))
        assert en.endswith(f"log row 2: {english_end}"), en
        assert ru.endswith(f"log, строка 2: {russian_end}"), ru
        no_english(ru, str(path), f"log {column}")
        sql(path, f"UPDATE log SET {column} = ? WHERE seq = 2", (before,))


def test_a_gap_in_the_log_and_a_missing_table(saved):
    path, _ = saved
    sql(path, "DELETE FROM log WHERE seq = 2")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("log row 3: seq: expected 2 (the log has a gap)")
    assert ru.endswith("log, строка 3: seq: ожидалось 2 (в журнале пропуск)")
    no_english(ru, str(path), "log seq")
    sql(path, "DROP TABLE terrain")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("table 'terrain' is missing")
    assert ru.endswith("нет таблицы 'terrain'")
    no_english(ru, str(path), "terrain")


def test_bad_game_and_meta_rows(saved):
    path, _ = saved
    sql(path, "UPDATE game SET json = '0' WHERE key = 'turn'")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("game row 'turn': json: expected a whole number ≥ 1, got 0")
    assert ru.endswith("game, строка 'turn': json: ожидалось целое число ≥ 1, получено 0")
    no_english(ru, str(path), "game turn json")
    sql(path, "UPDATE game SET json = '3' WHERE key = 'turn'")
    sql(path, "UPDATE game SET json = '5' WHERE key = 'phase'")
    en, ru, _ = russian(lambda: load_game(path))
    assert ru.endswith("game, строка 'phase': json: ожидался текст или null, получено 5")
    no_english(ru, str(path), "game phase json")
    sql(path, "UPDATE game SET json = 'null' WHERE key = 'phase'")
    sql(path, "UPDATE game SET json = '\"x\"' WHERE key = 'sides'")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("game row 'sides': json: expected a list of ids, got 'x'")
    assert ru.endswith("game, строка 'sides': json: ожидался список идентификаторов, "
                       "получено 'x'")
    no_english(ru, str(path), "game sides json")
    sql(path, "UPDATE game SET json = '[]' WHERE key = 'sides'")
    sql(path, "UPDATE meta SET value = 'one' WHERE key = 'schema_version'")
    en, ru, _ = russian(lambda: load_game(path))
    assert en.endswith("meta row 'schema_version': value: expected a whole number, got 'one'")
    assert ru.endswith("meta, строка 'schema_version': value: ожидалось целое число, "
                       "получено 'one'")
    no_english(ru, str(path), "meta schema_version value one")
    sql(path, "UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    en, ru, _ = russian(lambda: load_game(path))
    assert ru.endswith("meta, строка 'schema_version': value: схемы 0 не существует")


def test_a_damaged_file_in_russian(saved):
    """A file cut short: SQLite's own reason in Russian too. A page overwritten with junk:
    the head in Russian, SQLite's integrity report after it quoted as it is."""
    path, _ = saved
    data = bytes(path.read_bytes())
    path.write_bytes(data[: len(data) // 2])
    en, ru, _ = russian(lambda: load_game(path))
    size, total = len(data) // 2, len(data)
    assert en == f"{path}: damaged: the file is cut short ({size} bytes of {total}): SQLite " \
        "says database disk image is malformed"
    assert ru == f"{path}: повреждён: файл обрезан ({size} байт из {total}): SQLite " \
        "сообщает: образ базы данных искажён"
    no_english(ru, str(path))
    junk = bytearray(data)
    page = int.from_bytes(junk[16:18], "big")
    junk[page * 2: page * 3] = random.Random(5).randbytes(page)
    path.write_bytes(bytes(junk))
    en, ru, _ = russian(lambda: load_game(path))
    assert en.startswith(f"{path}: damaged: SQLite says ")
    assert ru.startswith(f"{path}: повреждён: SQLite сообщает: ")


def test_a_save_into_a_file_holding_another_game(saved):
    path, game = saved
    other = demo_game()
    apply_change(other, Change([MoveUnit(other.units[0].id, 1, 1)]))
    other._log.clear()
    other.append_log(LogEntry(1, "x", "rally"))
    en, ru, err = russian(lambda: save_game(path, other))
    assert err.kind == "conflict"
    assert en.endswith("the file's log has 4 entries, the game only 1: it holds another game")
    assert ru.endswith("в журнале файла 4 записи, а в партии только 1: в файле другая партия")
    no_english(ru, str(path))
    for _ in range(3):
        other.append_log(LogEntry(1, "x", "rally"))
    en, ru, _ = russian(lambda: save_game(path, other))
    assert ru.endswith("запись 4 журнала файла не совпадает с записью партии: в файле "
                       "другая партия")
    no_english(ru, str(path))


def test_an_autosave_that_finds_the_file_changed_under_it(saved):
    """Another window (or program) rewrote the file: the autosave of a change to one unit
    finds the other units' rows gone, and says so in Russian; the log it continues is
    longer than the one the file now holds."""
    path, game = saved
    game = load_game(path)
    saver = Autosaver(path)
    saver.synced(game)
    sql(path, "DELETE FROM units WHERE id = ?", (game.units[1].id,))
    apply_change(game, Change([MoveUnit(game.units[0].id, 3, 3)]))
    saver.submit(game)
    with pytest.raises(GameFileError) as info:
        saver.flush(timeout=10)
    ru = localized(said(info.value), "ru")
    assert str(info.value).endswith(f"units row '{game.units[1].id}': neither in the file "
                                    "nor in the autosave (a change it was not told of)")
    assert ru.endswith(f"units, строка '{game.units[1].id}': нет ни в файле, ни в "
                       "автосохранении (изменение, о котором ему не сообщили)")
    no_english(ru, str(path), game.units[1].id, "units")
    with pytest.raises(GameFileError):
        saver.close()
    shorter = demo_game()
    shorter._log.clear()
    saver = Autosaver(path)
    saver.synced(game)
    with pytest.raises(ValueError) as info:
        saver.submit(shorter)
    assert localized(said(info.value), "ru") == (
        "автосохранение: в журнале партии 0 записей — меньше, чем уже сохранено (4; другая "
        "партия?)")
    saver.close()


@pytest.mark.parametrize(("change", "english", "russian", "names"), [
    ({"format": "x"}, "format: expected 'warboard-roster', got 'x'",
     "format: ожидалось 'warboard-roster', получено 'x'", "format warboard-roster"),
    ({"version": 9}, "version: expected 1, got 9", "version: ожидалось 1, получено 9",
     "version"),
    ({"sides": {"a": [{"kind": "vehicle", "id": "pz4-h", "count": 0}]}},
     "sides.a[0].count: expected a whole number 1–999, got 0",
     "sides.a[0].count: ожидалось целое число 1–999, получено 0", ""),
    ({"sides": {"a": [{"kind": "vehicle"}]}}, "sides.a[0].id: expected text, got None",
     "sides.a[0].id: ожидался текст, получено None", "None"),
    ({"sides": []}, "sides: expected an object of sides",
     "sides: ожидался объект со сторонами", "sides"),
    ({"sides": {"a": 5}}, "sides.a: expected a list of lines",
     "sides.a: ожидался список строк", ""),
])
def test_a_roster_that_cannot_be_read_in_russian(change, english, russian, names):
    """A roster file (engine/roster.py) refused naming the field, in either language."""
    from engine.options import SchemaError
    from engine.roster import Roster, roster_from_dict

    with pytest.raises(SchemaError) as info:
        roster_from_dict(dict(Roster("x", "iron-hearts").to_dict(), **change))
    assert str(info.value) == english
    ru = localized(said(info.value), "ru")
    assert ru == russian
    no_english(ru, names)


def test_roster_lines_naming_no_unit_record_in_russian(tmp_path):
    from engine.library import Library
    from engine.options import SchemaError
    from engine.roster import Roster, check_roster

    with Library(tmp_path / "library.sqlite") as lib:
        r = Roster("x", "iron-hearts")
        r.add("axis", "character", "nobody")
        with pytest.raises(SchemaError) as info:
            check_roster(r, lib)
        assert localized(said(info.value), "ru") == \
            "sides.axis[0].id: в библиотеке iron-hearts нет записи character 'nobody'"
        r = Roster("x", "iron-hearts")
        r.add("axis", "weapon", "mg42")
        with pytest.raises(SchemaError) as info:
            check_roster(r, lib)
        ru = localized(said(info.value), "ru")
        assert ru == "sides.axis[0].kind: weapon — не отряд"
        no_english(ru, "weapon")
