"""Range bands as data: fixed schemes (from_dict) and schemes scaled to a weapon's Range
(scaled), at and around their edges. The schemes here are examples in the shape other
rulesets' texts give (02 §6.2 thirds of a range, 04 §4.1 fixed bands) — geometry keeps no
ruleset's scheme; Iron Hearts' own are tested with its data (tests/engine/iron_hearts)."""

import json

import pytest

from geometry.ranges import RangeBand, RangeScheme, from_dict, scaled, simple, to_dict

#: Thirds of a weapon's range (02 §6.2): short ≤ ⅓, long > ⅓, extreme > ⅔ ("more than" is
#: exclusive, so exactly ⅓ is still short); a machine gun stops at ⅔.
THIRDS = {"name": "thirds", "unit": "in", "bands": [
    {"name": "short", "factor": 1 / 3, "label": '≤ {max:.4g}" (⅓ range)', "note": "no modifier"},
    {"name": "long", "factor": 2 / 3, "label": '≤ {max:.4g}" (> ⅓ range)', "modifier": -1},
    {"name": "extreme", "factor": 1, "label": '≤ {max:.4g}" (> ⅔ range)', "modifier": -2}]}
THIRDS_MG = {**THIRDS, "name": "thirds-mg", "bands": THIRDS["bands"][:2]}


def civil_war(range_in, *, machine_gun=False):
    return scaled(THIRDS_MG if machine_gun else THIRDS, range_in)


def butterfly_effect(close_m=2.0):
    """Fixed bands in metres (04 §4.1), the close band's edge a parameter."""
    return from_dict({"name": "fixed-bands", "unit": "m", "bands": [
        {"name": "close", "max": close_m, "note": f"PROPOSED contact = within {close_m:g} m"},
        {"name": "short", "max": 30.0}, {"name": "medium", "max": 100.0},
        {"name": "long", "max": 500.0}, {"name": "extreme", "max": 3000.0}]})


SMALL = {"name": "r-2r", "unit": "m", "bands": [
    {"name": "effective", "factor": 1, "label": "≤ {max:g} m"},
    {"name": "beyond-range", "factor": 2, "note": "natural 1 only up to {max:g} m"}]}


def names(scheme, distances):
    return [None if (b := scheme.band_for(d)) is None else b.name for d in distances]


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
    with pytest.raises(ValueError, match=r"bands\[1\]\.max: expected more than"):
        butterfly_effect(close_m=30)


def test_scaled_bands_follow_the_range_and_format_their_labels():
    s = scaled(SMALL, 100)
    assert [b.max for b in s.bands] == [100, 200]
    assert s.band_for(150).note == "natural 1 only up to 200 m"
    assert s.bands[0].label == "≤ 100 m"
    assert scaled({"name": "x", "unit": "m", "bands": [{"name": "a", "max": 5}]}).max_range == 5


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
    for scheme in (scaled(SMALL, 50), civil_war(24), butterfly_effect(), simple(6)):
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
        scaled(SMALL, 100).band_for(d)


def test_bad_scaled_arguments_name_the_field():
    with pytest.raises(ValueError, match="^range:"):
        scaled(SMALL, 0)
    with pytest.raises(ValueError, match=r"^bands\[0\]\.factor: the scheme needs"):
        scaled(SMALL)
    with pytest.raises(ValueError, match=r"^bands\[0\]\.factor"):
        scaled({"name": "x", "unit": "m", "bands": [{"name": "a", "factor": -1}]}, 10)
    with pytest.raises(ValueError, match=r"^bands\[0\]: expected max or factor"):
        scaled({"name": "x", "unit": "m", "bands": [{"name": "a"}]}, 10)
    with pytest.raises(ValueError, match="unit"):
        RangeScheme("x", "ft", (RangeBand("a", 1, "a"),))
