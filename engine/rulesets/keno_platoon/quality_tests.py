"""The quality-die tests, written as data (resources/rulesets/keno-platoon/tests.toml).
Tests the seed names but does not give are the rules file's PROPOSED readings, labelled
PROPOSED in their steps."""

from __future__ import annotations

from engine.house.pack import ruleset_pack

from . import data
from .options import OPTIONS

__all__ = ["TESTS"]

TESTS = {a.id: a for a in ruleset_pack(data.RULESET_ID, "tests.toml", data=data.rules(),
                                       rule_ids={o.id for o in OPTIONS}).actions}
