"""engine.facts: an action's facts measured on the demo table, overrides laid on top."""

from __future__ import annotations

import copy
import dataclasses

import pytest

from engine.facts import facts_for, parse_fact
from engine.measure import MeasureError, measure_pair, template_query
from engine.options import SchemaError
from engine.protocol import Action, FactMissing, FactSpec
from engine.rulesets.iron_hearts import RULESET as IH
from engine.scenario_io import load_demo
from geometry.facing import QUADRANTS


@pytest.fixture(scope="module")
def demo():
    return load_demo()


def test_shoot_gets_exactly_its_facts_measured_edge_to_edge(demo):
    f = facts_for(demo, "shoot", "gren-3", "us-1-1")
    m = measure_pair(demo, "gren-3", "us-1-1")
    # side_struck: an anti-tank weapon's hit on a vehicle reads the side it strikes
    # member_cover: the cover of each man of the target's squad (issue 9, per-member cover)
    assert IH.action("shoot").fact_names == ("distance_m", "cover", "member_cover",
                                             "range_band", "los", "side_struck")
    assert f.get("member_cover")["us-1-1"] == m.cover
    assert f.distance_m == pytest.approx(m.edge_in * 2.5)        # the demo's 2.5 m per inch
    assert f.distance_m == m.edge_m and f.cover == m.cover
    assert f.los is (m.los != "blocked")
    # not declared by shoot: left empty
    assert f.side_struck == m.target_side
    assert (f.distance_in, f.visible_fraction, f.in_arc) == (None,) * 3
    assert f.overridden == frozenset()
    # the Kar98k (Range 100 m) at ~52 m: the effective zone
    assert 0 < f.distance_m <= 100 and f.range_band == "effective"


def test_tank_fire_gets_side_arc_and_gun_band(demo):
    f = facts_for(demo, "tank_fire", "sherman-1", "gren-3")
    m = measure_pair(demo, "sherman-1", "gren-3")
    assert (f.side_struck, f.in_arc, f.cover) == (m.target_side, m.in_arc, m.cover)
    assert f.in_arc is True and f.side_struck == "front"
    # 75 mm Range 200 m: 76.7 m is band 1
    assert f.distance_m == pytest.approx(76.7336, abs=1e-3) and f.range_band == 1


def test_centre_to_centre_when_the_ruleset_measures_so(demo):
    centre = dataclasses.replace(IH, measure="centre")
    f = facts_for(demo, "tank_fire", "sherman-1", "gren-3", ruleset=centre)
    m = measure_pair(demo, "sherman-1", "gren-3")
    assert f.distance_m == m.centre_m and f.distance_m == pytest.approx(m.centre_in * 2.5)
    assert f.distance_m > facts_for(demo, "tank_fire", "sherman-1", "gren-3").distance_m


def test_facing_model_follows_the_rule_or_the_argument(demo):
    # sherman-3 stands 61° left of sherman-1's facing: front (front180), left (quadrants)
    assert facts_for(demo, "tank_fire", "sherman-3", "sherman-1").side_struck == "front"
    assert facts_for(demo, "tank_fire", "sherman-3", "sherman-1",
                     rules={"facing_model": "quadrants"}).side_struck == "left"
    assert facts_for(demo, "tank_fire", "sherman-3", "sherman-1",
                     facing_model=QUADRANTS).side_struck == "left"


def test_overrides_win_and_are_marked(demo):
    f = facts_for(demo, "shoot", "gren-3", "us-1-1", overrides={"cover": 0, "los": True})
    assert f.cover == 0 and f.overridden == frozenset({"cover", "los"})
    assert f.distance_m == measure_pair(demo, "gren-3", "us-1-1").edge_m   # still measured


def test_a_distance_by_hand_carries_the_other_unit_and_the_band(demo):
    # 900 m at 2.5 m per inch is 360"; 900 / 200 m = 4.5 Ranges → band 5
    f = facts_for(demo, "tank_fire", "sherman-1", "gren-3", overrides={"distance_m": 900.0})
    assert (f.distance_m, f.distance_in, f.range_band) == (900.0, 360.0, 5)
    assert {"distance_m", "distance_in"} <= f.overridden and "range_band" not in f.overridden
    # Kar98k Range 100 m: 150 m is beyond Range (natural 1 only), 250 m is out
    for metres, zone in ((100.0, "effective"), (150.0, "beyond-range"), (250.0, "out")):
        g = facts_for(demo, "shoot", "gren-3", "us-1-1", overrides={"distance_m": metres})
        assert g.range_band == zone
    # the weapon chosen sets the scheme: the MG-42's Range is 150 m (a unit fires its own
    # weapons, so this grenadier is handed one)
    armed = copy.deepcopy(demo)
    armed.profiles = {**(armed.profiles or {}), "grenadier": {
        **IH.profiles["grenadier"], "weapons": ["kar98k", "mg42"]}}
    g = facts_for(armed, "shoot", "gren-3", "us-1-1", weapon="mg42",
                  overrides={"distance_m": 150.0})
    assert g.range_band == "effective"
    # a band entered by hand is kept
    h = facts_for(demo, "tank_fire", "sherman-1", "gren-3", overrides={"range_band": 3})
    assert h.range_band == 3 and "range_band" in h.overridden


def test_template_facts_from_a_blast_laid_at_a_point(demo):
    # blast-3 (radius 1.5") on Morales at (21.5, 9): Dawson and O'Neill stand 1.5" away
    # on 25 mm bases (radius 0.49"), so their bases reach under it; Morales is under the hole
    f = facts_for(demo, "grenade", "gren-3", "us-1-2", template="blast-3", point=(21.5, 9.0))
    assert set(f.under_template) == {"us-1-1", "us-1-2", "us-1-3"}
    assert f.under_template_centre == "us-1-2"
    laid = template_query(demo, "blast-3", 21.5, 9.0)
    assert f.under_template == tuple(u for u, _ in laid.under)
    assert facts_for(demo, "grenade", "gren-3", "us-1-2", template=laid).under_template == \
        f.under_template
    with pytest.raises(MeasureError, match="point: a blast-3 template needs the point"):
        facts_for(demo, "grenade", "gren-3", template="blast-3")


def test_without_a_target_the_pair_facts_stay_empty(demo):
    f = facts_for(demo, "shoot", "gren-3")
    assert (f.distance_m, f.cover, f.los, f.range_band) == (None,) * 4
    ctx = IH.context("command_range", actor=demo.unit("us-lt"),
                     target=demo.unit("us-1-nco"), facts=f)
    with pytest.raises(FactMissing, match=r"distance \(m\): not measured"):
        ctx.resolve(None)


def test_bad_ids_and_values_name_the_field(demo):
    with pytest.raises(MeasureError, match="target: no unit with id 'nobody'"):
        facts_for(demo, "shoot", "gren-3", "nobody")
    with pytest.raises(MeasureError, match="actor: no unit with id 'ghost'"):
        facts_for(demo, "shoot", "ghost", "us-1-1")
    with pytest.raises(SchemaError, match=r"facts.cover: expected a whole number 0–4, got 7"):
        facts_for(demo, "shoot", "gren-3", "us-1-1", overrides={"cover": 7})
    with pytest.raises(KeyError, match="no action 'fly'"):
        facts_for(demo, "fly", "gren-3", "us-1-1")


def test_parse_fact_types_the_text():
    assert parse_fact("cover", "2") == 2
    assert parse_fact("los", "no") is False and parse_fact("in_arc", "yes") is True
    assert parse_fact("distance_m", "60") == 60.0
    assert parse_fact("under_template", "vova, tolik") == ("vova", "tolik")
    assert parse_fact("range_band", "2") == 2 and parse_fact("range_band", "out") == "out"
    assert parse_fact("shooter_bearing", "-45") == -45       # ruleset-specific: JSON
    assert parse_fact("target_moved_m", "x") == "x"
    with pytest.raises(SchemaError, match="facts.los: expected true or false, got 'maybe'"):
        parse_fact("los", "maybe")
    with pytest.raises(SchemaError, match="facts.distance_m: expected a number, got 'far'"):
        parse_fact("distance_m", "far")


# ------------------------------------------------------- each-unit facts in one pass


_CALLS: list[tuple[str, tuple[str, ...]]] = []


def _name_lengths(p, units):
    """All the units at once (as a vectorised measure would), recording each call."""
    _CALLS.append((p.actor.id, tuple(u.id for u in units)))
    return [len(u.id) for u in units]


def _his_squad(p):
    return [p.target, *(u for u in p.scenario.units
                        if u.parent == p.target.parent and u.id != p.target.id)]


class _EachProbe(Action):
    """A toy action reading one target fact measured for all its units at once."""

    id = "each_probe"
    label = "Each probe"
    facts = (FactSpec("name_len", "name length", "count", "target",
                      measure_many=_name_lengths, units=_his_squad),)

    def resolve(self, ctx, dice):  # facts only
        raise NotImplementedError

    def odds(self, ctx):
        raise NotImplementedError


def test_measure_many_measures_all_units_in_one_call_and_units_names_them(demo):
    act = _EachProbe()
    _CALLS.clear()
    f = facts_for(demo, act, "gren-3", "us-1-1", ruleset=IH)
    assert f.get("name_len") == {"us-1-1": 6, "us-1-2": 6, "us-1-3": 6, "us-1-4": 6,
                                 "us-1-5": 6}
    assert _CALLS == [("gren-3", ("us-1-1", "us-1-2", "us-1-3", "us-1-4", "us-1-5"))]
    # a several-units role given: those units, in one call again
    _CALLS.clear()
    f = facts_for(demo, act, "gren-3", "us-1-1", ruleset=IH, targets=["us-2-1", "us-lt"])
    assert f.get("name_len") == {"us-2-1": 6, "us-lt": 5} and len(_CALLS) == 1
    assert act.fact_specs()[0].measured and act.fact_specs()[0].describe()["measured"]
    # no target: nothing to measure to
    assert facts_for(demo, act, "gren-3", None, ruleset=IH).get("name_len") is None


def test_an_each_unit_override_replaces_only_the_units_typed(demo):
    f = facts_for(demo, _EachProbe(), "gren-3", "us-1-1", ruleset=IH,
                  overrides={"name_len": {"us-1-3": 0}})
    assert f.get("name_len") == {"us-1-1": 6, "us-1-2": 6, "us-1-3": 0, "us-1-4": 6,
                                 "us-1-5": 6}
    assert "name_len" in f.overridden
