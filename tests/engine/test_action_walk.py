"""Every action × actor × target × weapon (own or not) of every sample scenario through
resolve and odds (tests/engine/action_walk.py): refusals only, no traceback and no
Python's own text (issue 38: 116 KeyError: 'damage' of a weapon the unit did not carry)."""

from __future__ import annotations

import pytest

from engine.scenario_io import load_scenario
from resources.loader import list_names, resource

from .action_walk import walk

SAMPLES = list_names("scenarios", suffix=".json")


@pytest.mark.parametrize("name", SAMPLES)
def test_the_walk_of_a_sample_scenario_finds_only_refusals(name):
    calls, found = walk(load_scenario(resource("scenarios", name)))
    assert calls > 0
    assert found == [], f"{len(found)} of {calls}: {found[:5]}"
