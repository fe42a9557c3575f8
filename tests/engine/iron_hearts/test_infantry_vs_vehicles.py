"""Infantry against vehicles on the demo table (01 §4.16, §4.15-3..5): anti-tank weapons
and grenades go through hit location, penetration and damage with their armour piercing;
small arms and melee cannot hurt a tank; single-shot weapons fire once a turn."""

from fractions import Fraction as F

import pytest

from engine.dice import ScriptedDice
from engine.facts import facts_for
from engine.model import AdjustState, Game, SetState, apply_change
from engine.rulesets.registry import get_ruleset
from engine.scenario_io import load_scenario
from resources import __file__ as _res
from tests.engine.refusals import refused

CROSSROADS = __import__("pathlib").Path(_res).parent / "scenarios" / "crossroads.json"
RS = get_ruleset("iron-hearts")


def game() -> Game:
    return Game.from_meta(load_scenario(CROSSROADS), {})


def ctx(g: Game, action: str, by: str, target: str | None, *, weapon=None, facts=None,
        **kw):
    f = facts_for(g.scenario, action, by, target, ruleset=RS, weapon=weapon,
                  overrides=facts or {})
    return RS.context(action, actor=g.unit(by), target=g.unit(target) if target else None,
                      weapon=weapon, facts=f, game=g, **kw)


def test_panzerschreck_at_a_sherman_goes_through_penetration_and_damage():
    g = game()
    c = ctx(g, "shoot", "schreck-gunner", "sherman-1", facts={"side_struck": "left"})
    # hit 2 ≤ Accuracy 5; location 4 = hull (side AV 5); penetration 4 + 8 = 12 > 5;
    # damage 5 → crew member wounded (4–5), the d5 over the able crew picks the loader
    res = c.resolve(ScriptedDice([2, 4, 4, 5, 3]))
    assert res.step("hit").results == ("hit",)
    loc, pen, dmg = res.step("location"), res.step("penetration"), res.step("damage")
    assert loc.results == ("hull",) and loc.outcome == "hull (left, AV 5)"
    assert pen.totals == (12,) and pen.results == ("penetrated",)
    assert [m.text for m in pen.modifiers] == ["+8 Panzerschreck armour piercing"]
    assert dmg.results == ("crew_wounded",)
    assert res.step("crew_wounded").results == ("loader",)
    assert AdjustState("sherman-1", "penetrations", 1, default=0) in res.change.effects
    assert res.summary == "hit hull, penetrated: crew member wounded"
    apply_change(g, res.change)
    assert g.unit("sherman-1").state["crew"]["loader"]["status"] == "wounded"


def test_panzerschreck_odds_at_a_sherman_are_exact():
    g = game()
    c = ctx(g, "shoot", "schreck-gunner", "sherman-1", facts={"side_struck": "front",
                                                               "distance_m": 40.0})
    odds = c.odds()
    assert odds.probability("miss") == F(1, 2)           # Accuracy 5
    # front AV: tracks 6, hull 8, turret 9, weak spot 6; d10 + 8 > AV always holds but
    # on the turret (location faces 7–9), where a 1 fails
    p_nopen = F(3, 10) * F(1, 10)                          # turret faces 7–9, a 1
    assert odds.probability("no penetration") == F(1, 2) * p_nopen
    assert sum(p for _, p in odds.outcomes) == 1


def test_two_hits_in_one_volley_read_the_first_penetration():
    g = game()
    c = ctx(g, "shoot", "schreck-gunner", "sherman-1", facts={"side_struck": "rear"},
            options={"volleys": 2})
    # two hits; hit 1: hull (rear AV 4), pen 5 + 8, damage 2 (the lowest row, shaken,
    # takes every lower total); hit 2: damage 2 + 1 earlier penetration = 3
    res = c.resolve(ScriptedDice([1, 1, 4, 5, 2, 4, 5, 2]))
    d1 = res.step("hit1-damage")
    assert d1.roll_bonus == 0 and d1.faces == (2,) and d1.results == ("shaken",)
    d2 = res.step("hit2-damage")
    assert d2.roll_bonus == 1 and d2.totals == (3,) and d2.results == ("shaken",)


def test_small_arms_cannot_hurt_a_tank_and_say_why():
    g = game()
    why = refused(ctx(g, "shoot", "us-1-1", "sherman-2", facts={"los": True}), "target")
    assert "no armour piercing" in why and "M1 Garand" in why


def test_panzerfaust_is_single_shot_once_a_turn_across_actions():
    g = game()
    # a unit fires its own weapons: this grenadier is handed a Panzerfaust for the test
    g.scenario.profiles = {**(g.scenario.profiles or {}), "grenadier": {
        **RS.profiles["grenadier"], "weapons": ["kar98k", "panzerfaust-60"]}}
    facts = {"los": True, "distance_m": 40.0, "side_struck": "front"}
    first = ctx(g, "shoot", "gren-1", "sherman-1", weapon="panzerfaust-60", facts=facts)
    res = first.resolve(ScriptedDice([9]))                 # a miss still fires it
    assert SetState("gren-1", "single_shot_fired", {"panzerfaust-60": g.turn}) \
        in res.change.effects
    apply_change(g, res.change)
    again = ctx(g, "shoot", "gren-1", "sherman-1", weapon="panzerfaust-60", facts=facts)
    assert "already fired this turn" in refused(again)
    g.turn += 1
    nxt = ctx(g, "shoot", "gren-1", "sherman-1", weapon="panzerfaust-60", facts=facts)
    assert nxt.resolve(ScriptedDice([9])).step("hit").results == ("miss",)


@pytest.mark.parametrize("action", ["melee", "assault"])
def test_melee_and_assault_against_a_tank_are_refused(action):
    g = game()
    c = ctx(g, action, "us-1-1", "sherman-2", facts={"los": True, "distance_m": 0.0})
    assert "vehicle" in refused(c, "target")


def test_melee_needs_base_contact_or_the_ap_to_close_in():
    g = game()
    far = ctx(g, "melee", "us-1-1", "gren-1", facts={"distance_m": 50.0})
    why = refused(far, "target")
    assert "not in base contact" in why and "closing_ap = 3 (50 m)" in why
    close = ctx(g, "melee", "us-1-1", "gren-1", facts={"distance_m": 12.0},
                options={"closing_ap": 1})
    assert close.odds().outcomes[0][0] != "refused"  # priced: no refusal raised
    contact = ctx(g, "melee", "us-1-1", "gren-1", facts={"distance_m": 0.5})
    assert contact.odds().outcomes[0][0] != "refused"


def test_the_demo_tables_rifleman_cannot_melee_a_grenadier_across_the_field():
    g = game()
    assert "m away" in refused(ctx(g, "melee", "us-1-1", "gren-1"), "target")


def test_command_range_is_within_the_commanders_own_side():
    g = game()
    assert "other side" in refused(ctx(g, "command_range", "us-1-nco", "gren-1"), "target")
    own = ctx(g, "command_range", "us-1-nco", "us-1-1").resolve(ScriptedDice([]))
    assert own.summary in ("voice", "whistle", "radio_or_nco")


def test_a_grenade_thrown_at_a_tank_goes_through_penetration():
    g = game()
    c = ctx(g, "grenade", "gren-1", "sherman-2", weapon="hand-grenade",
            facts={"distance_m": 20.0, "side_struck": "rear"})
    # on target (3 ≤ Accuracy); tracks (rear AV 3); penetration 2 + 2 = 4 > 3; damage 1
    res = c.resolve(ScriptedDice([3, 1, 2, 1]))
    assert res.step("penetration").totals == (4,)
    assert res.step("damage").results == ("shaken",)
    odds = c.odds()
    assert odds.outcomes[0][0] == "off target" and sum(p for _, p in odds.outcomes) == 1
