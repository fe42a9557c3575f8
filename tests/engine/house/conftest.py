"""A house ruleset folder for the tests: the one docs/house-rules.md builds, found through
$WARBOARD_RULESETS, the registry read afresh before and after."""

from __future__ import annotations

import pytest

from engine.rulesets import registry

from . import guide


@pytest.fixture
def house_folder(tmp_path, monkeypatch):
    """The guide's ruleset in a temporary folder the program finds; its scenario beside."""
    folder = guide.build(tmp_path / "rulesets")
    monkeypatch.setenv("WARBOARD_RULESETS", str(tmp_path / "rulesets"))
    registry.reload_house()
    yield folder
    monkeypatch.delenv("WARBOARD_RULESETS")
    registry.reload_house()
