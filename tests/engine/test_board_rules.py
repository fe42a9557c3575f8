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


def test_more_ap_of_movement(demo):
    """N AP: a character N times 15 m; a vehicle its cumulative speed table (01 §4.12-1),
    refused beyond the table's last step."""
    from engine.rulesets.iron_hearts.board import vehicle_card

    rifleman, sherman = demo.unit("us-1-1"), demo.unit("sherman-1")
    assert move_allowance_m(demo, rifleman, 3) == (45.0, "Iron Hearts: 3 AP")
    speeds = vehicle_card(sherman)["speed_m_by_ap"]
    metres, source = move_allowance_m(demo, sherman, 2)
    assert metres == float(speeds[1]) and "2 AP" in source
    with pytest.raises(ValueError, match="at most"):
        move_allowance_m(demo, sherman, len(speeds) + 1)
    with pytest.raises(ValueError, match="AP: expected 1 or more"):
        move_allowance_m(demo, rifleman, 0)


def test_more_ap_without_the_hook_is_that_many_times_one_ap(demo, monkeypatch):
    """A ruleset with only the one-AP hook (Civil War's stand move): N times its figure."""
    import engine.board_rules as board_rules
    from engine.protocol import BoardHints
    from engine.rulesets.registry import get_ruleset

    one = BoardHints(move_allowance_m=get_ruleset(demo.ruleset).board.move_allowance_m)
    monkeypatch.setattr(board_rules, "_hints", lambda scenario: one)
    assert move_allowance_m(demo, demo.unit("us-1-1"), 2) == (30.0, "2 × Iron Hearts: 1 AP")
