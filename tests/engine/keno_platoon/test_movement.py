"""Movement (§4.10) on the board, point by point: a vehicle's pivot is a move costing one
action (the turret free); towing 8", a horse team 6", a tank towing a tank 4", a crew
manhandling its gun 4"; rail vehicles only along intact rails, at most 24"; march order
entered for an action, its road speed (PROPOSED §8-9) only while the whole move keeps to
a road; undo restores each."""

from __future__ import annotations

import pytest

from engine.costs import refusal
from engine.dice import ScriptedDice
from engine.rulesets.keno_platoon import RULESET
from engine.turns import activate, roll_initiative
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece

from .helpers import T, act, ctx_of, game_of, push, unit

ROAD = TerrainPiece("road", "road", polygon=[(0, 8), (72, 8), (72, 12), (0, 12)])
RAILS = TerrainPiece("rails", "railway", line=[(0, 30), (72, 30)])
BROKEN = TerrainPiece("gap", "railway", line=[(40, 40), (72, 40)], extra={"intact": False})


def _running(g, uid: str) -> None:
    push(g, roll_initiative(g, T, ScriptedDice([6, 1])).change)
    if g.active_side != g.unit(uid).side:
        g.active_side = g.unit(uid).side
    push(g, activate(g, T, uid))


def test_a_pivot_is_a_move_of_one_action_and_the_turret_turns_free():
    g = game_of([unit("t", 30, 20, side="steel", profile="steel-tank")],
                sides=["steel", "keno"])
    g.unit("t").turret = 40.0
    _running(g, "t")
    res = act(g, "pivot", "t", options={"facing": 90.0})
    assert res.steps[0].outcome == "0° → 90°"
    assert (g.unit("t").facing, g.unit("t").turret) == (90.0, 40.0)
    assert g.unit("t").state["actions_left"] == 1
    assert RULESET.why_not("pivot", unit("sq")) == "Turn on the spot applies to vehicles only"


@pytest.mark.parametrize(("tow", "inches"), [("towing", 8.0), ("overloaded_light", 6.0),
                                             ("overloaded_heavy", 4.0), ("manhandled", 4.0)])
def test_towing_and_manhandling_moves(tow, inches):
    g = game_of([unit("v", 10, 20, side="steel", profile="steel-tank", tow_state=tow)],
                sides=["steel"])
    res = ctx_of(g, "advance", "v", point=(40.0, 20.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome.startswith(f'{inches:g}"')
    push(g, res.change)
    assert g.unit("v").x == pytest.approx(10 + inches)


def _train(x: float, y: float, **state):
    u = unit("tr", x, y, side="steel", profile="steel-tank", move_class="rail_vehicle",
             **state)
    u.base = BaseShape.rect(30, 60)
    return u


def test_rail_vehicles_keep_to_intact_rails_at_most_24_inches():
    g = game_of([_train(10, 30)], terrain=[RAILS, BROKEN], sides=["steel"])
    res = ctx_of(g, "advance", "tr", point=(50.0, 30.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome == '24" (railway vehicle)'
    push(g, res.change)
    assert g.unit("tr").x == pytest.approx(34.0)            # at most 24" per action
    with pytest.raises(ValueError, match=r"only along intact rails; this move leaves them "
                                         r"at \(33\.9, 30\.6\)"):  # rails 1 in. wide
        ctx_of(g, "advance", "tr", point=(30.0, 45.0)).resolve(ScriptedDice([]))
    g2 = game_of([_train(42, 40)], terrain=[RAILS, BROKEN], sides=["steel"])
    with pytest.raises(ValueError, match="only along intact rails"):   # the broken line
        ctx_of(g2, "advance", "tr", point=(60.0, 40.0)).resolve(ScriptedDice([]))


def test_march_order_costs_an_action_and_doubles_the_move_on_the_road_only():
    g = game_of([unit("sq", 10, 10, in_cover=True), unit("f", 60, 40, side="steel",
                                                         profile="steel-tank")],
                terrain=[ROAD], sides=["keno", "steel"])
    _running(g, "sq")
    res = act(g, "march_order", "sq")
    assert "PROPOSED" in res.steps[0].label
    st = g.unit("sq").state
    assert st["march_order"] is True and "in_cover" not in st and st["actions_left"] == 1
    res = act(g, "advance", "sq", point=(40.0, 10.0))
    assert res.steps[0].outcome == '12" in march order on the road (2 × 6", PROPOSED §8-9)'
    assert g.unit("sq").x == pytest.approx(22.0)
    assert g.unit("sq").state["actions_left"] == 0
    assert "action" in refusal(ctx_of(g, "march_order", "sq"))   # none left to leave it
    # off the road: the normal move
    off = ctx_of(g, "advance", "sq", point=(22.0, 30.0)).resolve(ScriptedDice([]))
    assert off.steps[0].outcome.startswith('6" (normal infantry) — march order off the road')
    odds = ctx_of(g, "advance", "sq", point=(34.0, 10.0)).odds()
    assert odds.probability("reached") == 1                  # 12" on the road reaches 12"


def test_carrying_wounded_encumbers_a_squad_by_the_carriers_rule():
    """§4.10-3, KP-9: carrying anything makes infantry encumbered (4"), light infantry 6";
    more items than able carriers: no movement at all."""
    g = game_of([unit("sq", 10, 10, able_carriers=5, carried=2),
                 unit("lt", 10, 20, move_class="light_infantry", carried=1)],
                sides=["keno"])
    res = ctx_of(g, "advance", "sq", point=(30.0, 10.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome == '4" (encumbered normal infantry)'
    res = ctx_of(g, "advance", "lt", point=(30.0, 20.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome == '6" (encumbered light infantry)'
    combat = ctx_of(g, "advance", "sq", point=(30.0, 10.0), options={"mode": "combat"})
    assert "Combat move (2d4)" in combat.resolve(ScriptedDice([1, 2])).steps[0].label
    g.unit("sq").state["carried"] = 6
    with pytest.raises(ValueError, match="6 items carried by 5 able fighters: no movement"):
        ctx_of(g, "advance", "sq", point=(30.0, 10.0)).resolve(ScriptedDice([]))
