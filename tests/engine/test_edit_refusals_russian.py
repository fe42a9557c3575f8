"""Refused board edits in Russian (issue #16): the ModelError texts a player meets when the
app refuses an edit (engine/edits.py, engine/model.py) are msg() templates — English
unchanged, Russian with the field still named in code form (`edit_unit.changes.parent`)
and no English word left (the Russian walk's filter)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.edits import (
    GROUP_EDIT_FIELDS,
    TERRAIN_EDIT_FIELDS,
    UNIT_EDIT_FIELDS,
    AddGroup,
    AddMember,
    AddTerrain,
    AddUnit,
    EditGroup,
    EditTerrain,
    EditUnit,
    RemoveMember,
)
from engine.i18n import localized, said
from engine.model import AddMarker, AdjustState, Change, Game, ModelError, apply_change
from engine.scenario_io import load_scenario
from resources.loader import resource
from tests.engine.russian_walk import allowed_words, english

RID = "iron-hearts"


def open_game(rid: str) -> Game:
    """The sample table of Iron Hearts (the app's default game)."""
    return Game.from_meta(load_scenario(Path(str(resource("scenarios", "crossroads.json")))),
                          {})

# (the effect refused, the English message exactly, a Russian fragment, the field named)
CASES = [
    (AddUnit({"id": "us-1-1", "profile": "rifleman", "side": "allies", "x": 1, "y": 1}),
     "add_unit.unit.id: 'us-1-1' is already used by a unit", "уже занят: подразделение",
     "add_unit.unit.id"),
    (AddUnit({"id": " ", "profile": "rifleman"}),
     "add_unit.unit.id: expected a non-empty string, got ' '", "ожидалась непустая строка",
     "add_unit.unit.id"),
    (AddTerrain({"id": "bakery", "kind": "building"}),
     "add_terrain.piece.id: 'bakery' is already used by a terrain piece",
     "уже занят: элемент местности", "add_terrain.piece.id"),
    (AddGroup({"id": "us-1", "kind": "squad"}),
     "add_group.group.id: 'us-1' is already used by a group", "уже занят: группа",
     "add_group.group.id"),
    (EditUnit("us-1-1", {}), "edit_unit.changes: expected a table of fields to set",
     "ожидалась таблица изменяемых полей", "edit_unit.changes"),
    (EditUnit("us-1-1", {"colour": "red"}), "edit_unit.changes.colour: expected one of ",
     "ожидалось одно из", "edit_unit.changes.colour"),
    (EditUnit("us-1-1", {"side": ""}),
     "edit_unit.changes.side: expected a non-empty string, got ''",
     "ожидалась непустая строка", "edit_unit.changes.side"),
    (EditUnit("us-1-1", {"parent": "nobody"}),
     "edit_unit.changes.parent: expected the id of another unit, got 'nobody'",
     "другого подразделения", "edit_unit.changes.parent"),
    (EditUnit("us-lt", {"parent": "us-1-1"}),
     "edit_unit.changes.parent: 'us-1-1' is under 'us-lt': a command loop",
     "замкнутая цепь подчинения", "edit_unit.changes.parent"),
    (EditUnit("us-1-1", {"turret": "left"}),
     "edit_unit.changes.turret: expected a number or null, got 'left'",
     "ожидалось число или пустое значение", "edit_unit.changes.turret"),
    (EditUnit("ghost", {"side": "axis"}), "unit 'ghost': no such unit",
     "такого подразделения нет", "ghost"),
    (EditTerrain("nowhere", {"kind": "wood"}), "terrain 'nowhere': no such piece",
     "такого элемента нет", "nowhere"),
    (EditTerrain("bakery", {}), "edit_terrain.changes: expected a table of fields to set",
     "ожидалась таблица изменяемых полей", "edit_terrain.changes"),
    (EditTerrain("bakery", {"colour": "red"}),
     "edit_terrain.changes.colour: expected one of ", "ожидалось одно из",
     "edit_terrain.changes.colour"),
    (EditGroup("nogroup", {"name": "X"}), "group 'nogroup': no such group",
     "такой группы нет", "nogroup"),
    (EditGroup("us-1", {}), "edit_group.changes: expected a table of fields to set",
     "ожидалась таблица изменяемых полей", "edit_group.changes"),
    (EditGroup("us-1", {"colour": "red"}), "edit_group.changes.colour: expected one of ",
     "ожидалось одно из", "edit_group.changes.colour"),
    (AddMember("us-tanks", "sherman-1"),
     "add_member.member: 'sherman-1' is already in 'us-tanks'", "уже входит в",
     "add_member.member"),
    (RemoveMember("us-tanks", "us-1-1"),
     "remove_member.member: 'us-1-1' is not in 'us-tanks'", "не входит в",
     "remove_member.member"),
]


#: the fields an edit may set, named in code form in "expected one of …"
FIELDS = {*UNIT_EDIT_FIELDS, *TERRAIN_EDIT_FIELDS, *GROUP_EDIT_FIELDS}


def left_in_english(game, shown: list[str]) -> list[str]:
    """English words left, the quoted values (ids and what was typed: 'ghost', 'left')
    and the field names aside."""
    bare = [re.sub(r"'[^']*'", "", t) for t in shown]
    return english(bare, allowed_words(game.scenario, RID) | FIELDS | {"colour"})


def refusal(game, effect) -> ModelError:
    with pytest.raises(ModelError) as caught:
        apply_change(game, Change([effect], "edit"))
    return caught.value


@pytest.mark.parametrize(("effect", "english_text", "russian", "field"), CASES,
                         ids=[f"{c[0].kind}-{i}" for i, c in enumerate(CASES)])
def test_a_refused_edit_reads_russian_naming_the_field(effect, english_text, russian, field):
    game = open_game(RID)
    err = refusal(game, effect)
    assert str(err).startswith(english_text)            # English as it was
    shown = localized(said(err), "ru", RID)
    assert russian in shown and field in shown, shown
    assert left_in_english(game, [shown]) == [], shown


def test_the_effects_counters_and_the_table_refuse_in_russian():
    game = open_game(RID)
    uid = "us-1-1"
    game.unit(uid).markers["pinned"] = "many"
    game.unit(uid).state["ap_left"] = "two"
    refused = [refusal(game, AddMarker(uid, "pinned", 1)),
               refusal(game, AdjustState(uid, "ap_left", -1))]
    assert [str(e) for e in refused] == [
        "unit 'us-1-1'.markers.pinned: expected a count, got 'many'",
        "unit 'us-1-1'.state.ap_left: expected a number, got 'two'"]
    shown = [localized(said(e), "ru", RID) for e in refused]
    assert "ожидалось количество" in shown[0] and "ожидалось число" in shown[1], shown
    assert left_in_english(game, shown) == [], shown
