"""Ids holding characters that do not show or that reorder text (a right-to-left override,
a zero-width space, a control character, a line separator) are refused, naming the field
and the character; names may hold anything printable (the CLI escapes what it prints)."""

from __future__ import annotations

import json

import pytest

from engine.scenario_io import ScenarioError, load_demo, loads_scenario, scenario_to_dict

HIDDEN = {"\u202e": "RIGHT-TO-LEFT OVERRIDE", "\u200b": "ZERO WIDTH SPACE",
          "\u2066": "LEFT-TO-RIGHT ISOLATE", "\x1b": "Cc", "\u2028": "LINE SEPARATOR",
          "\u00ad": "SOFT HYPHEN", "\ufeff": "ZERO WIDTH NO-BREAK SPACE"}


def _doc() -> dict:
    doc = scenario_to_dict(load_demo())
    doc["groups"] = [{"id": "hq", "kind": "platoon", "members": [doc["units"][0]["id"]]}]
    return doc


FIELDS = {  # field path → how to set it in the document
    "units[0].id": lambda d, v: d["units"][0].__setitem__("id", v),
    "units[1].side": lambda d, v: d["units"][1].__setitem__("side", v),
    "units[2].profile": lambda d, v: d["units"][2].__setitem__("profile", v),
    "units[3].parent": lambda d, v: d["units"][3].__setitem__("parent", v),
    "terrain[0].id": lambda d, v: d["terrain"][0].__setitem__("id", v),
    "groups[0].id": lambda d, v: d["groups"][0].__setitem__("id", v),
    "groups[0].members[0]": lambda d, v: d["groups"][0]["members"].__setitem__(0, v),
    "groups[0].commander": lambda d, v: d["groups"][0].__setitem__("commander", v),
}


@pytest.mark.parametrize("char", list(HIDDEN))
@pytest.mark.parametrize("field", list(FIELDS))
def test_a_hidden_character_in_an_id_is_refused_naming_the_field(field, char):
    doc = _doc()
    FIELDS[field](doc, "us" + char + "-1")
    with pytest.raises(ScenarioError) as e:
        loads_scenario(json.dumps(doc))
    text = str(e.value)
    assert text.startswith(f"{field}: holds an invisible or reordering character "
                           f"(U+{ord(char):04X} "), text
    assert HIDDEN[char] in text and "at position 3" in text


def test_names_may_hold_them_and_plain_ids_still_load():
    doc = _doc()
    doc["units"][0]["name"] = "Schütze \u202eA"
    s = loads_scenario(json.dumps(doc))
    assert s.units[0].name == "Schütze \u202eA"
