"""Tank rules as plain functions (crew T&E, substitution, aim keeping, speed, side struck)
and the tank actions inside the real Iron Hearts ruleset."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.ih_examples import DUEL, ctx_of, make_game, play
from engine.dice import ScriptedDice
from engine.i18n import localized
from engine.model import Change, MoveUnit, apply_change
from engine.protocol import Facts
from engine.rulesets.iron_hearts.tank_data import VEHICLES
from engine.rulesets.iron_hearts.tank_rules import (
    RuleRefused,
    aim_holds,
    crew_state,
    crew_te,
    failed_aim_bonus,
    missing_posts,
    move_allowance,
    round_te,
    run_length,
)
from engine.rulesets.registry import get_ruleset

SHERMAN = VEHICLES["m4a1-sherman"]


@pytest.mark.parametrize("x, toward, away, trunc", [
    (F(1, 2), 0, 1, 0), (F(-1, 2), 0, -1, 0), (F(3, 2), 1, 2, 1), (F(2, 5), 0, 0, 0),
    (F(3, 5), 1, 1, 0), (F(-7, 5), -1, -1, -1), (F(-8, 5), -2, -2, -1)])
def test_te_rounding(x, toward, away, trunc):
    assert round_te(x, "half_toward_zero") == toward
    assert round_te(x, "half_away_from_zero") == away
    assert round_te(x, "truncate") == trunc


def test_crew_te_aboard_or_card():
    crew = crew_state(SHERMAN, {})
    assert crew_te(SHERMAN, crew) == 0                    # (1 + 1 + 0 + 0 − 1) / 5 = 0.2
    crew = crew_state(SHERMAN, {"crew": {"co_driver": {"status": "killed"},
                                         "loader": {"status": "killed"}}})
    assert crew_te(SHERMAN, crew) == 1                    # (1 + 1 + 0) / 3 = 0.67 → 1
    assert crew_te(SHERMAN, crew, counts="card") == 0


def test_substitution_leaves_own_post_empty():
    crew = crew_state(SHERMAN, {"crew": {"gunner": {"status": "killed"},
                                         "loader": {"at": "gunner"}}})
    assert missing_posts(crew) == {"loader"}
    with pytest.raises(RuleRefused, match="state.crew: two crew members sit at the gunner"):
        crew_state(SHERMAN, {"crew": {"loader": {"at": "gunner"}}})
    with pytest.raises(RuleRefused, match=r"state.crew.gunner.status: expected one of ok"):
        crew_state(SHERMAN, {"crew": {"gunner": {"status": "dead"}}})


def test_aim_holds_given_facts():
    assert aim_holds(49.9, 0, 0, True)[0]
    assert aim_holds(50, 0, 0, True) == (False, "the target moved 50 m ≥ 50 m")
    assert aim_holds(10, 0, 2, True) == (False, "the target took cover (cover 0 → 2)")
    assert aim_holds(10, 2, 1, True)[0]                   # leaving cover keeps the aim
    assert not aim_holds(10, 0, 0, False)[0]


def test_aim_lost_when_target_moves_50_m_on_the_board():
    game = make_game()
    play(game, "tank_aim", [1], facts=DUEL)
    apply_change(game, Change([MoveUnit("pz4", 45, 15.0)], "pz4 moves"))   # 5" = 50 m
    with pytest.raises(RuleRefused, match="not aimed at pz4: the target moved 50 m ≥ 50 m"):
        ctx_of(game, "tank_fire", facts=DUEL).resolve(None)
    with pytest.raises(RuleRefused, match="left the turret's side"):
        ctx_of(game, "tank_fire",
               facts=Facts(distance_m=350.0, side_struck="left", in_arc=False,
                           extra={"target_moved_m": 0.0})).resolve(None)


@given(st.lists(st.sampled_from(["move", "fire", "aim", "reload"]), max_size=6))
@settings(max_examples=100, deadline=None)
def test_run_length_counts_trailing_moves(seq):
    k = run_length(seq)
    assert seq[len(seq) - k:] == ["move"] * k
    assert k == len(seq) or seq[len(seq) - k - 1] != "move"


def test_move_allowance_and_failed_aim_bonus():
    assert move_allowance([10, 30, 45], 0, 1) == (0, 10)
    assert move_allowance([10, 30, 45], 1, 1) == (10, 20)
    assert move_allowance([10, 30, 45], 1, 2) == (10, 35)
    with pytest.raises(RuleRefused, match="more than the 3 the speed table gives"):
        move_allowance([10, 30, 45], 2, 2)
    assert [failed_aim_bonus(n) for n in range(5)] == [0, 1, 2, 2, 2]
    assert [failed_aim_bonus(n, "cumulative") for n in range(5)] == [0, 1, 3, 5, 7]


@pytest.mark.parametrize("model, bearing, choice, side", [
    ("front180", 80.0, "auto", "front"), ("quadrants", 80.0, "auto", "right"),
    ("front180", 100.0, "auto", "right"), ("front180", -150.0, "auto", "rear"),
    ("attacker_choice", 80.0, "auto", "right"),         # front hull 8 vs side hull 4
    ("attacker_choice", 80.0, "front", "front"),
])
def test_side_struck_by_facing_model(model, bearing, choice, side):
    game = make_game()
    facts = Facts(distance_m=150.0, in_arc=True, cover=0, los=True,
                  extra={"shooter_bearing": bearing})
    play(game, "tank_aim", [1], facts=facts)
    res = play(game, "tank_fire", [1, 4, 1, 1], facts=facts, rules={"facing_model": model},
               options={"side_choice": choice})
    assert f"({side}," in res.step("location").outcome


def test_attacker_choice_refuses_a_closed_face():
    game = make_game()
    facts = Facts(distance_m=150.0, in_arc=True, cover=0, los=True,
                  extra={"shooter_bearing": 80.0})
    play(game, "tank_aim", [1], facts=facts)
    with pytest.raises(RuleRefused, match="'rear' is not open from a bearing of 80°"):
        ctx_of(game, "tank_fire", facts=facts, rules={"facing_model": "attacker_choice"},
               options={"side_choice": "rear"}).resolve(None)


def test_rotation_once_per_turn_and_costs():
    game = make_game()
    hull = play(game, "tank_rotate_hull", [], target=None)
    # the action's own effect first; the AP and ledger entry the turn contract charges after
    assert hull.change.effects[0] == MoveUnit("sherman", 10, 10, facing=180.0)
    assert game.unit("sherman").state["ap_left"] == 2
    with pytest.raises(RuleRefused, match="hull already turned one side this turn"):
        ctx_of(game, "tank_rotate_hull", target=None).resolve(None)
    play(game, "tank_rotate_turret", [], target=None, options={"direction": "left"})
    assert game.unit("sherman").turret == 270.0 and game.unit("sherman").state["ap_left"] == 2
    game.turn = 2                                         # a new turn: a fresh log
    play(game, "tank_rotate_turret", [], target=None)
    assert game.unit("sherman").turret == 0.0


def test_change_target_costs_ap_and_drops_the_aim():
    game = make_game()
    play(game, "tank_aim", [1], facts=DUEL)
    with pytest.raises(RuleRefused, match="aimed at pz4: change target first"):
        ctx_of(game, "tank_aim", target="gren", facts=DUEL).resolve(None)
    play(game, "tank_change_target", [], target="gren")
    st_ = game.unit("sherman").state
    assert st_["target"] == "gren" and "aim" not in st_ and st_["ap_left"] == 2


def test_paid_aim_only_vs_vehicles_and_coax_conditions():
    game = make_game()
    near = Facts(distance_m=150.0, in_arc=True, cover=1, los=True)
    a = ctx_of(game, "tank_aim", target="gren", facts=near,
               options={"paid": True, "coax_ranging": True}).resolve(ScriptedDice([5]))
    step = a.step("aim")
    assert [m.label for m in step.modifiers] == ["coax MG ranging", "cover 1"]
    assert step.target == 6 + 1 - 1 and "paid aim: +2 only vs vehicles" in step.note
    far = Facts(distance_m=350.0, in_arc=True, cover=0, los=True)
    with pytest.raises(RuleRefused, match=r"within the coax MG's range \(350 m > 300 m\)") \
            as refused:
        ctx_of(game, "tank_aim", facts=far, options={"coax_ranging": True}).resolve(None)
    # the refusal and the note read in Russian as well (issue #16)
    assert localized(refused.value.text, "ru", "iron-hearts").endswith(
        "для пристрелки цель должна быть в дальности спаренного пулемёта (350 м > 300 м)")
    assert "оплаченное наведение: +2 только против техники и зданий" in \
        localized(step.note, "ru", "iron-hearts")


def test_tank_actions_in_the_real_ruleset():
    rs = get_ruleset("iron-hearts")
    assert {"tank_aim", "tank_fire", "tank_move"} <= {a.id for a in rs.actions}
    game = make_game()
    u = game.unit
    aim = rs.context("tank_aim", actor=u("sherman"), target=u("pz4"), facts=DUEL, game=game)
    apply_change(game, aim.resolve(ScriptedDice([4])).change)
    fire = rs.context("tank_fire", actor=u("sherman"), target=u("pz4"),
                      weapon="m4a1-sherman.main_gun", facts=DUEL, game=game)
    res = fire.resolve(ScriptedDice([5, 4, 3, 6, 2]))
    assert res.summary == "hit hull, penetrated: crew member wounded"
    assert rs.option_values()["facing_model"] == "front180"
