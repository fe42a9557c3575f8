"""Keno's quality-die tests moved from Python to data (resources/rulesets/keno-platoon/
tests.toml) play exactly as before: on every case of keno_cases the odds are the same
exact fractions and every roll the same steps, effects, summary and Russian words as the
Python version recorded in fixtures/keno_tests.json.gz (recorded at bb161aa, before the
Python was deleted)."""

from __future__ import annotations

import pytest

from engine.house.action import DataAction
from engine.rulesets.keno_platoon import RULESET as KP

from . import keno_cases

RECORDED = keno_cases.recorded()


def test_the_tests_are_data_actions():
    for action_id in keno_cases.ACTIONS:
        assert isinstance(KP.action(action_id), DataAction)


@pytest.mark.parametrize("action", keno_cases.ACTIONS)
def test_every_case_plays_as_the_python_version_did(action):
    now = {repr(c["case"]): c for c in keno_cases.record(action)}
    before = [c for c in RECORDED if c["case"][0] == action]
    assert len(before) == len(now) > 0
    for case in before:
        assert now[repr(case["case"])] == case, case["case"]
