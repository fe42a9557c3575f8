"""The Butterfly Effect's fire moved from Python to data (resources/rulesets/
butterfly-effect/fire.toml) plays exactly as before: on every case of butterfly_fire_cases
the odds are the same exact fractions (parts included) and every roll the same steps,
effects, summary and Russian words as the Python version recorded in
fixtures/butterfly_fire.json.gz (recorded at 59671b2, before the Python was deleted).
A refusal says the same words about the same argument; the Python raised its own
subclass of ActionRefused, the file raises ActionRefused itself."""

from __future__ import annotations

import pytest

from engine.house.action import DataAction
from engine.rulesets.butterfly_effect import RULESET as BE

from . import butterfly_fire_cases as cases

RECORDED = cases.recorded()
_KINDS = {"Refused": "ActionRefused"}


def _same_kind(record: dict) -> dict:
    """The record with a refusal's class named by the protocol's one refusal."""
    def fix(node):
        if isinstance(node, dict):
            return {k: (_KINDS.get(v, v) if k == "kind" else fix(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [fix(x) for x in node]
        return node
    return fix(record)


def test_fire_is_a_data_action():
    assert isinstance(BE.action("fire"), DataAction)


@pytest.mark.parametrize("part", range(4))
def test_every_case_plays_as_the_python_version_did(part):
    todo = RECORDED[part::4]
    assert todo
    for before in todo:
        now = cases.record_case(before["case"])
        assert _same_kind(now) == _same_kind(before), before["case"]
