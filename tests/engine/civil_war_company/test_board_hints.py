"""What the Civil War ruleset shows on the board (BoardHints): the ammunition of MGs and
batteries as badges (§4.10), the template where a battery's last shot landed (§4.7), and
fire at vehicles («техника»): only MGs at short range damage them (§4.8-4, §8-9)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import board_rules
from engine.board_rules import BoardShape
from engine.dice import ScriptedDice
from engine.model import apply_change
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company import board

from ..refusals import refused
from .helpers import MG_BASE, company, game_of, unit


def badges(u):
    return [(b.text, b.tone) for b in board.state_badges(u)]


def test_ammunition_badges():
    assert badges(unit("mg", "red-army-mg", ammo=8)) == [("AM8", "info")]
    assert badges(unit("mg", "red-army-mg", ammo=0)) == [("AM0", "out")]
    # normal supply with no ammo given: the full 8
    assert badges(unit("gun", "white-light-battery", under_fire=True)) == [("AM8", "info")]
    # poor supply not rolled yet
    assert badges(unit("t", "makhno-tachanka", under_fire=True)) == [("AM?", "info")]
    tip = board.state_badges(unit("t", "makhno-tachanka", ammo=5, ammo_rolled=8))[0].tip
    assert "5 of 8 shots left" in tip
    # a company has no ammunition (its markers are the board's own badges)
    assert badges(unit("u", "unr-infantry", moved=True)) == []


def test_the_ruleset_declares_its_badges_and_shapes():
    g = game_of(unit("mg", "red-army-mg", ammo=3))
    assert [b.text for b in board_rules.state_badges(g.scenario, g.unit("mg"))] == ["AM3"]
    assert CW.board.state_shapes is board.state_shapes


def shot_game():
    reds = company("red", "red-army-regulars", [40, 43, 46, 49], 9.0, side="reds")
    gun = unit("gun", "white-light-battery", 46, 30, side="whites", facing=270,
               base=MG_BASE)
    return game_of(reds, gun)


def test_the_landed_template_is_drawn_after_a_shot():
    """A 3" aimed shot (good crew: accuracy 3, −1 for 21" (per 18") = 2): scatter die 5 →
    3" at the direction die's bearing; the battery's state keeps where it landed, and the
    board draws the template there, its hole, and the arrow from the aim point."""
    game = shot_game()
    ctx = CW.context("artillery_fire", actor=game.unit("gun"), point=(46.0, 9.0), game=game)
    res = ctx.resolve(ScriptedDice([5, 46, 6, 6, 6, 6, 6, 6]))
    apply_change(game, res.change)
    shot = game.unit("gun").state["last_shot"]
    dist, bearing = shot["scatter"]
    assert dist == 3.0
    cx, cy = shot["centre"]
    assert math.hypot(cx - 46.0, cy - 9.0) == pytest.approx(3.0)
    shapes = board_rules.state_shapes(game.scenario, game.unit("gun"))
    kinds = [(s.key, s.kind, s.tone) for s in shapes]
    assert kinds == [("gun.last_shot", "circle", "hit"),
                     ("gun.last_shot.hole", "circle", "hit"),
                     ("gun.last_shot.scatter", "line", "aim")]
    template, hole, arrow = shapes
    assert template.points == ((cx, cy),) and template.radius_in == 1.5
    assert hole.radius_in < 0.5
    assert arrow.points == ((46.0, 9.0), (cx, cy)) and arrow.arrow
    assert '3" aimed template' in template.tip and "scattered 3\"" in template.tip


def test_an_area_shot_that_did_not_scatter_draws_only_its_template():
    u = unit("gun", "white-light-battery", ammo=7, last_shot={
        "shape": "blast-5", "aim": [10, 10], "centre": [10, 10], "scatter": [0, 0]})
    (only,) = board.state_shapes(u)
    assert only.radius_in == 2.5 and "no scatter" in only.tip


def test_a_damaged_last_shot_draws_nothing():
    assert board.state_shapes(unit("gun", "white-light-battery", last_shot={"aim": 3})) == []
    assert board.state_shapes(unit("gun", "white-light-battery", ammo=2)) == []


def test_board_shapes_are_checked():
    with pytest.raises(ValueError, match="kind"):
        BoardShape("x", "star", ((0, 0),))
    with pytest.raises(ValueError, match="needs at least 2 points"):
        BoardShape("x", "line", ((0, 0),))
    with pytest.raises(ValueError, match="radius_in"):
        BoardShape("x", "circle", ((0, 0),))
    with pytest.raises(ValueError, match="tone"):
        BoardShape("x", "circle", ((0, 0),), 1.0, tone="red")


# --------------------------------------------------------------------------- vehicles


def vehicle_game(car_y: float):
    unr = company("unr", "unr-infantry", [14, 17, 20], 36.0, side="unr", facing=270)
    mg = unit("mg", "red-army-mg", 17, 34, side="unr", facing=270, base=MG_BASE)
    car = unit("car", "red-armoured-car", 17, car_y, side="reds", base=MG_BASE)
    return game_of(unr, mg, car)


def test_rifle_fire_at_a_vehicle_is_refused():
    game = vehicle_game(28.0)
    # ActionRefused naming the target (#9: it was a "refused" step with no effects)
    assert "rifle fire has no effect on vehicles" in refused(
        CW.context("fire", actor=game.unit("unr-2"), target=game.unit("car"), game=game),
        "target")


def test_an_mg_beyond_short_range_cannot_damage_a_vehicle():
    """The Maxim's range is 30" (PROPOSED): short range is ≤ 10"; the car is 12" off."""
    game = vehicle_game(34 - 12 - 30 / 25.4)
    assert "only at short range (≤ ⅓ of its range, 10\"" in refused(
        CW.context("fire", actor=game.unit("mg"), target=game.unit("car"), game=game),
        "target")                                      # ActionRefused (#9), not a step
    # with 'short range' read as ≤ 8" (§4.A-12) it is refused too
    assert '≤ 8"' in refused(CW.context("fire", actor=game.unit("mg"),
                                        target=game.unit("car"), game=game,
                                        rules={"short_range": "8in"}), "target")


def test_an_mg_at_short_range_fires_at_a_vehicle_with_armour():
    """6" away: short range, and ≤ 8" (+1 hit, +1 result); the car's cover roll takes
    'target armoured −1' (§8-9): a 6 would save it, the 1 does not."""
    game = vehicle_game(34 - 6 - 30 / 25.4)
    ctx = CW.context("fire", actor=game.unit("mg"), target=game.unit("car"), game=game)
    assert ctx.odds().outcomes[0][0] == 0          # priced, not refused
    res = ctx.resolve(ScriptedDice([1, 6, 6, 6, 1, 1]))
    cover = res.step("cover")
    assert [m.label for m in cover.modifiers] == ["target armoured"]
    assert cover.modifiers[0].proposed and "§8-9" in cover.modifiers[0].reason
    assert cover.results == ("destroyed",)
    apply_change(game, res.change)
    assert not game.on_table("car")


def test_artillery_at_a_vehicle_takes_the_armour_modifier():
    game = vehicle_game(20.0)
    gun = unit("gun", "white-light-battery", 17, 44, side="unr", facing=270, base=MG_BASE)
    game.scenario.units.append(gun)
    game = game_of(*game.scenario.units)
    ctx = CW.context("artillery_fire", actor=game.unit("gun"), point=(17.0, 20.0),
                     game=game)
    res = ctx.resolve(ScriptedDice([1, 6]))
    cover = res.step("cover.car")
    assert "target armoured" in [m.label for m in cover.modifiers]


def test_the_rolled_ammunition_is_kept_for_the_card_and_the_badge():
    """Poor supply: d6 + d3 for a tachanka (§4.10) — 4 + 2 = 6 shots; a shot fired leaves
    5 of the 6."""
    game = game_of(unit("t", "makhno-tachanka", 30, 10, side="reds", base=MG_BASE),
                   company("unr", "unr-infantry", [28, 31], 18.0, side="unr", facing=270))
    roll = CW.context("roll_ammunition", actor=game.unit("t"), game=game)
    apply_change(game, roll.resolve(ScriptedDice([4, 2])).change)
    assert game.unit("t").state == {"ammo": 6, "ammo_rolled": 6}
    fire = CW.context("fire", actor=game.unit("t"), target=game.unit("unr-1"), game=game)
    apply_change(game, fire.resolve(ScriptedDice([6, 6, 6, 6])).change)
    assert "5 of 6 shots left" in board.state_badges(game.unit("t"))[0].tip


@settings(max_examples=60, deadline=None)
@given(ax=st.floats(0, 72), ay=st.floats(0, 48), dist=st.integers(0, 6),
       bearing=st.floats(0, 359.9), area=st.booleans())
def test_the_drawn_template_is_where_the_shot_landed(ax, ay, dist, bearing, area):
    """Whatever the shot, the template is drawn centred where it landed, at its size, the
    hole only on the 3" one, the arrow only when it scattered, running aim → landing."""
    cx = ax + dist * math.cos(math.radians(bearing))
    cy = ay + dist * math.sin(math.radians(bearing))
    u = unit("gun", "white-light-battery", last_shot={
        "shape": "blast-5" if area else "blast-3", "aim": [ax, ay], "centre": [cx, cy],
        "scatter": [float(dist), bearing]})
    shapes = {s.key.rpartition(".")[2]: s for s in board.state_shapes(u)}
    template = shapes["last_shot"]
    assert template.points == ((cx, cy),) and template.radius_in == (2.5 if area else 1.5)
    assert ("hole" in shapes) is (not area)
    assert ("scatter" in shapes) is (dist > 0)
    if dist:
        assert shapes["scatter"].points == ((ax, ay), (cx, cy))
