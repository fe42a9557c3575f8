"""A bad scenario or game file, told in the player's language (issue #16): the errors a
player meets when opening one are msg() texts after the file and the field, so
engine.i18n.localized(said(err), "ru") reads them in Russian while str(err) stays the
English it always was."""

from __future__ import annotations

import pytest

from engine.gamefile import GameFileError, open_game
from engine.i18n import localized, said
from engine.scenario_io import ScenarioError, load_scenario, loads_scenario


def both(call) -> tuple[str, str]:
    with pytest.raises((ScenarioError, GameFileError)) as info:
        call()
    return str(info.value), localized(said(info.value), "ru")


def test_a_scenario_that_is_not_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    en, ru = both(lambda: load_scenario(path))
    assert en == f"{path}: not valid JSON: Expecting property name enclosed in double " \
        "quotes (line 1, column 2)"
    assert ru.startswith(f"{path}: неверный JSON: ") and ru.endswith("(строка 1, столбец 2)")


def test_a_missing_scenario_and_a_wrong_field(tmp_path):
    en, ru = both(lambda: load_scenario(tmp_path / "none.json"))
    assert (en, ru) == (f"{tmp_path / 'none.json'}: no such file",
                        f"{tmp_path / 'none.json'}: нет такого файла")
    en, ru = both(lambda: loads_scenario('{"format": "x"}', source="a.json"))
    assert en == 'a.json: format: expected "warboard-scenario" (a Warboard scenario), got "x"'
    assert ru == 'a.json: format: ожидалось "warboard-scenario" (сценарий Warboard), ' \
        'получено "x"'
    bad = '{"format": "warboard-scenario", "version": 1, "name": "A", "ruleset": "r", ' \
        '"table": {"width": 72}}'
    en, ru = both(lambda: loads_scenario(bad))
    assert (en, ru) == ("table.width_in: required key is missing",
                        "table.width_in: нет обязательного ключа")
    en, ru = both(lambda: loads_scenario('{"format": "warboard-scenario", "version": 1, '
                                         '"name": 5}'))
    assert ru == "name: ожидалась непустая строка, получено 5"


def test_a_game_file_that_is_not_one(tmp_path):
    path = tmp_path / "g.warboard"
    path.write_bytes(b"hello" * 40)
    en, ru = both(lambda: open_game(path))
    assert en == f"{path}: not a Warboard game file (not a SQLite database)"
    assert ru == f"{path}: не файл партии Warboard (не база SQLite)"
    en, ru = both(lambda: open_game(tmp_path))
    assert ru == f"{tmp_path}: это папка, а не файл партии"


def test_a_library_or_faction_file_that_cannot_be_used(tmp_path):
    from engine.library import Library, LibraryError
    from engine.options import SchemaError

    folder = tmp_path / "lib.sqlite"
    folder.mkdir()
    with pytest.raises(LibraryError) as info:
        Library(folder)
    assert str(info.value) == f"{folder}: is a folder, not a library file"
    assert localized(said(info.value), "ru") == f"{folder}: это папка, а не файл библиотеки"
    with Library(tmp_path / "ok.sqlite", seed=False) as lib:
        with pytest.raises(SchemaError) as info:
            lib.import_faction('{"format": "warboard-faction", "version": 1, "x": ')
    assert str(info.value).startswith("faction file: bad JSON at line 1: ")
    assert localized(said(info.value), "ru").startswith(
        "файл фракции: неверный JSON в строке 1: ")
