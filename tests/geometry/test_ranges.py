"""Range bands: the rulesets' presets at and around their edges, and schemes as data."""

import json

import pytest

from geometry.ranges import (
    RangeBand,
    RangeScheme,
    butterfly_effect,
    civil_war,
    from_dict,
    iron_hearts,
    simple,
    snap_fire,
    tank_gun,
    to_dict,
)


def names(scheme, distances):
    return [None if (b := scheme.band_for(d)) is None else b.name for d in distances]


def test_iron_hearts_small_arms():
    s = iron_hearts(100)  # Range 100 m
    assert s.unit == "m"
    assert names(s, [0, 99.9, 100, 100.1, 200, 200.1]) == [
        "effective",
        "effective",
        "effective",
        "beyond-range",
        "beyond-range",
        None,
    ]
    assert s.max_range == 200
    assert "natural 1" in s.band_for(150).note


def test_snap_fire_is_half_range():
    s = snap_fire(100)
    assert s.band_for(50).name == "snap"
    assert s.band_for(50.1) is None


def test_tank_gun_five_steps_with_penalties():
    s = tank_gun(400)
    # band k covers ((k-1)R, kR]; penalty -(k-1); past 5R no aimed fire
    assert [s.band_for(d).modifier for d in (1, 400, 401, 800, 1201, 2000)] == [
        0,
        0,
        -1,
        -1,
        -3,
        -4,
    ]
    assert s.band_for(2000.5) is None
    assert s.max_range == 2000
    assert s.index_for(1199) == 2
    assert len(tank_gun(400, steps=3).bands) == 3


def test_civil_war_thirds_are_exclusive():
    s = civil_war(24)  # 8" and 16"
    assert names(s, [0, 8, 8.01, 16, 16.01, 24, 24.01]) == [
        "short",
        "short",
        "long",
        "long",
        "extreme",
        "extreme",
        None,
    ]
    assert s.band_for(20).modifier == -2
    mg = civil_war(30, machine_gun=True)  # an MG cannot fire at extreme range (> 2/3)
    assert mg.band_for(20).name == "long"
    assert mg.band_for(20.01) is None


def test_butterfly_effect_bands():
    s = butterfly_effect()
    assert names(s, [0, 2, 2.5, 30, 30.5, 100, 101, 500, 501, 3000, 3000.1]) == [
        "close",
        "close",
        "short",
        "short",
        "medium",
        "medium",
        "long",
        "long",
        "extreme",
        "extreme",
        None,
    ]
    assert "PROPOSED" in s.band_for(1).note
    assert butterfly_effect(close_m=5).band_for(4).name == "close"
    with pytest.raises(ValueError, match="close_m"):
        butterfly_effect(close_m=30)


def test_table_distance_is_converted_for_metre_schemes():
    s = butterfly_effect()
    # 0.3" at 100 m per inch is 30 m even though 0.3 * 100 is 30.000000000000004
    assert s.band_for_table(0.3, metres_per_inch=100).name == "short"
    assert s.band_for_table(11, metres_per_inch=10).name == "long"
    assert s.max_range_in(10) == 300
    with pytest.raises(ValueError, match="metres_per_inch"):
        s.band_for_table(3)
    assert civil_war(24).band_for_table(9).name == "long"
    assert simple(8).band_for_table(8).name == "in-range"


def test_round_trip_through_json():
    for scheme in (iron_hearts(50), tank_gun(300), civil_war(24), butterfly_effect(), simple(6)):
        again = from_dict(json.loads(json.dumps(to_dict(scheme))))
        assert again == scheme


def test_scheme_from_ruleset_data():
    s = from_dict(
        {
            "name": "grenade",
            "unit": "m",
            "bands": [{"name": "hand", "max": 50}, {"name": "rifle", "max": 150, "modifier": -1}],
        }
    )
    assert s.band_for(120) == RangeBand("rifle", 150, "rifle", "", -1)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"unit": "m", "bands": []}, "^name: missing"),
        ({"name": "x", "unit": "yd", "bands": [{"name": "a", "max": 1}]}, "^unit:"),
        ({"name": "x", "unit": "m", "bands": []}, "^bands:"),
        ({"name": "x", "unit": "m", "bands": [{"name": "a"}]}, r"^bands\[0\]\.max: missing"),
        ({"name": "x", "unit": "m", "bands": [{"name": "a", "max": -3}]}, r"^bands\[0\]\.max"),
        (
            {"name": "x", "unit": "m", "bands": [{"name": "a", "max": 5}, {"name": "b", "max": 5}]},
            r"^bands\[1\]\.max: expected more than",
        ),
        (
            {"name": "x", "unit": "m", "bands": [{"name": "a", "max": 5}, {"name": "a", "max": 6}]},
            r"^bands\[1\]\.name: duplicate",
        ),
        ({"name": "x", "unit": "m", "bands": [{"name": "a", "max": "far"}]}, r"^bands\[0\]\.max"),
        ([1, 2], "expected an object"),
    ],
)
def test_bad_scheme_data_names_the_field(data, field):
    with pytest.raises(ValueError, match=field):
        from_dict(data)


@pytest.mark.parametrize("d", [-0.1, float("nan"), float("inf"), "10", None])
def test_bad_distance_is_refused(d):
    with pytest.raises(ValueError, match="^distance:"):
        iron_hearts(100).band_for(d)


def test_bad_preset_arguments():
    with pytest.raises(ValueError, match="range_m"):
        iron_hearts(0)
    with pytest.raises(ValueError, match="steps"):
        tank_gun(100, steps=0)
    with pytest.raises(ValueError, match="range_in"):
        civil_war(-24)
    with pytest.raises(ValueError, match="unit"):
        RangeScheme("x", "ft", (RangeBand("a", 1, "a"),))
