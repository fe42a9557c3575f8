"""Iron Hearts range schemes as data (ranges.toml through geometry.ranges.scaled): small
arms ≤ R / ≤ 2R (§4.4-3), snap fire ≤ ½ R (§4.7-5), tank guns five bands of R (§4.15)."""

from engine.rulesets.iron_hearts import ranges


def names(scheme, distances):
    return [None if (b := scheme.band_for(d)) is None else b.name for d in distances]


def test_small_arms():
    s = ranges.small_arms(100)
    assert s.unit == "m" and s.max_range == 200
    assert names(s, [0, 99.9, 100, 100.1, 200, 200.1]) == [
        "effective", "effective", "effective", "beyond-range", "beyond-range", None]
    assert "natural 1" in s.band_for(150).note
    assert s.bands[1].label == "≤ 200 m (2 × Range)"


def test_snap_fire_is_the_scaled_range():
    s = ranges.snap_fire(50)          # a Range of 100 m × snap_fire.range_factor 0.5
    assert s.band_for(50).name == "snap" and s.band_for(50.1) is None


def test_tank_gun_five_steps_with_penalties():
    s = ranges.tank_gun(400)
    assert [s.band_for(d).modifier for d in (1, 400, 401, 800, 1201, 2000)] == \
        [0, 0, -1, -1, -3, -4]
    assert s.band_for(2000.5) is None and s.max_range == 2000
    assert s.index_for(1199) == 2
