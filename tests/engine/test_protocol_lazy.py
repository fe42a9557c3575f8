"""engine.protocol.lazy: a ruleset's actions declared by id and imported when asked for,
hooks imported on their first call, fields built when first read."""

from __future__ import annotations

import pickle
import sys

import pytest

from engine.options import SchemaError
from engine.protocol.lazy import ActionList, Later, LazyAction, deferred
from engine.rulesets.registry import get_ruleset

KENO = "engine.rulesets.keno_platoon"


def test_an_action_list_answers_its_ids_and_loads_what_is_asked_for():
    rs = get_ruleset("keno-platoon")
    assert isinstance(rs.actions, ActionList)
    assert rs.action_ids[0] == "advance" and len(rs.actions) == len(rs.action_ids)
    advance = rs.action("advance")
    assert advance.id == "advance" and rs.action("advance") is advance
    assert f"{KENO}.movement_actions" in sys.modules
    assert [a.id for a in rs.actions] == list(rs.action_ids)
    assert rs.actions[0] is advance and rs.actions[-1].id == rs.action_ids[-1]
    assert tuple(rs.actions) == rs.actions  # compares with a tuple of the same actions


def test_an_unknown_action_names_the_known_ones():
    rs = get_ruleset("keno-platoon")
    with pytest.raises(KeyError, match="rally_morale"):
        rs.action("no_such_action")


def test_a_declaration_that_names_another_action_is_refused():
    wrong = ActionList(LazyAction("not_advance", ".movement_actions:Advance"), package=KENO)
    assert wrong.ids == ("not_advance",)
    with pytest.raises(SchemaError, match="not_advance.*advance"):
        wrong.get("not_advance")
    with pytest.raises(SchemaError, match="MODULE:ATTRIBUTE"):
        ActionList(LazyAction("x", "no_colon"), package=KENO).get("x")


def test_a_deferred_hook_answers_as_the_function_it_names_and_pickles():
    from pathlib import Path

    from engine.scenario_io import load_scenario

    root = Path(__file__).resolve().parents[2]
    unit = load_scenario(root / "resources/scenarios/keno-orchard.json").units[0]
    hook = deferred(".board:move_allowance_m", KENO)
    from engine.rulesets.keno_platoon import board

    assert hook(unit) == board.move_allowance_m(unit)
    again = pickle.loads(pickle.dumps(hook))
    assert again(unit) == board.move_allowance_m(unit)
    assert repr(again) == "deferred('.board:move_allowance_m')"


def test_a_later_field_is_built_once_when_first_read():
    rs = get_ruleset("keno-platoon")
    built = []

    def build():
        built.append(1)
        return "structure"

    import dataclasses

    other = dataclasses.replace(rs, turn_structure=Later(build))
    assert built == []
    assert other.turn_structure == "structure" and other.turn_structure == "structure"
    assert built == [1]
    assert rs.turn_structure.hooks.can_act is not None  # Keno's own, built when read
