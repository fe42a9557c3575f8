"""The board asks the scenario's ruleset through its declared BoardHints; a ruleset without
hints (or an unknown one) leaves the board to its own fallbacks."""

import pytest

from engine.board_rules import is_vehicle, move_allowance_m, weapon_scheme
from engine.scenario_io import load_demo


@pytest.fixture
def demo():
    return load_demo()


def test_iron_hearts_answers_for_a_rifleman_and_a_sherman(demo):
    rifleman, sherman = demo.unit("us-1-1"), demo.unit("sherman-1")
    assert move_allowance_m(demo, rifleman) == (15.0, "Iron Hearts: 1 AP")
    metres, source = move_allowance_m(demo, sherman)
    assert metres == 10.0 and "1 AP" in source
    assert is_vehicle(demo, sherman) and not is_vehicle(demo, rifleman)
    name, scheme = weapon_scheme(demo, sherman)
    assert len(scheme.bands) == 5  # a tank gun: five steps of its range
    name, scheme = weapon_scheme(demo, rifleman)
    assert [b.name for b in scheme.bands] == ["effective", "beyond-range"]


def test_an_unknown_ruleset_gives_no_answers(demo):
    demo.ruleset = "no-such-ruleset"
    rifleman, sherman = demo.unit("us-1-1"), demo.unit("sherman-1")
    assert move_allowance_m(demo, rifleman) is None
    assert weapon_scheme(demo, rifleman) is None
    assert is_vehicle(demo, sherman)  # a turret says so whatever the ruleset
    assert not is_vehicle(demo, rifleman)
