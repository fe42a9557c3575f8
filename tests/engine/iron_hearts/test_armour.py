"""A hit on a vehicle (01 §4.15-3..5) through armour.py: the natural-10 maximum-damage
reading (seed L191) and its option, shared by the main gun and the infantry's AT weapons."""

from fractions import Fraction as F

from bench.ih_examples import DUEL, ctx_of, make_game, play
from engine.dice import ScriptedDice
from engine.rulesets.iron_hearts.armour import location_for
from engine.rulesets.iron_hearts.tank_data import VEHICLE_DAMAGE


def _aimed_game():
    game = make_game()
    play(game, "tank_aim", [4], facts=DUEL)
    return game


def test_natural_ten_is_the_locations_maximum_whatever_the_modifiers():
    game = _aimed_game()
    game.unit("pz4").state["penetrations"] = 3       # +3 to damage: must not matter
    res = ctx_of(game, "tank_fire", facts=DUEL).resolve(ScriptedDice([2, 4, 10]))
    dmg = res.step("damage")
    assert res.step("location").results == ("hull",)
    assert dmg.rolls == () and dmg.totals == () and dmg.modifiers == ()
    assert dmg.results == ("ammo_explosion",)         # the hull's PROPOSED max_damage
    assert "whatever the modifiers" in dmg.note


def test_penetration_ten_read_as_10():
    """Today's reading before issue 9: the damage d10 counts as 10, modifiers added."""
    game = _aimed_game()
    game.unit("pz4").state["penetrations"] = 1
    res = ctx_of(game, "tank_fire", facts=DUEL, rules={"penetration_ten": "read_as_10"}
                 ).resolve(ScriptedDice([2, 9, 10]))
    dmg = res.step("damage")
    # d10 read as 10, + 1 previous penetration − 1 screens = 10
    assert dmg.rolls == () and dmg.totals == (10,) and dmg.results == ("knocked_out",)


def test_location_without_max_damage_takes_the_tables_worst():
    entry = dict(location_for(5), max_damage="")
    game = _aimed_game()
    plan = ctx_of(game, "tank_fire", facts=DUEL)
    hit = plan.action._plan(plan).armour
    assert hit.maximum(entry) == VEHICLE_DAMAGE["results"][0]["id"] == "ammo_explosion"


def test_odds_put_the_natural_ten_on_the_locations_maximum():
    game = _aimed_game()
    odds = ctx_of(game, "tank_fire", facts=DUEL).odds()
    old = ctx_of(game, "tank_fire", facts=DUEL, rules={"penetration_ten": "read_as_10"}).odds()
    # hit 7/10; a penetrating 10 on the hull (faces 3–6 of the location d10, 4/10) is an
    # ammunition explosion under the default; under read_as_10 10 − 1 screens = 9 is
    # "crew killed + system", never an explosion (no previous penetration)
    assert old.probability("ammo_explosion") == 0
    assert odds.probability("ammo_explosion") == F(7, 10) * F(4, 10) * F(1, 10) + \
        F(7, 10) * F(1, 10) * F(1, 10)                  # hull and weak spot
    assert sum(p for _, p in odds.outcomes) == 1


def test_poor_visibility_is_eased_by_advanced_optics():
    """§3.3: advanced optics reduce the fire penalty for weather and time of day (the
    Sherman has them, the Panzer IV of the demo data does not)."""
    game = _aimed_game()
    plain = ctx_of(game, "tank_fire", facts=DUEL).resolve(ScriptedDice([5, 4, 3, 6, 2]))
    night = ctx_of(game, "tank_fire", facts=DUEL, options={"visibility": "night"}
                   ).resolve(ScriptedDice([5, 4, 3, 6, 2]))
    labels = [(m.label, m.value) for m in night.step("fire").modifiers]
    assert ("night", -2) in labels and ("advanced optics", 1) in labels
    assert night.step("fire").target == plain.step("fire").target - 1
    pz = ctx_of(game, "tank_aim", actor="pz4", target="sherman", facts=DUEL,
                options={"visibility": "poor"}).resolve(ScriptedDice([1]))
    assert [(m.label, m.value) for m in pz.step("aim").modifiers][-1] == ("poor", -1)
