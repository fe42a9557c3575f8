"""KP-1 … KP-9 (rules file §7) as golden tests with scripted dice, each step asserted, on
the engine's turn (alternating activations, passed actions, costs charged) and board."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import ledger
from engine.costs import CostRefused, charge, refusal
from engine.dice import D6, D8, ScriptedDice
from engine.rulesets.keno_platoon import movement, organisation
from engine.rulesets.keno_platoon.command import CommFacts, plan_comm, roll_comm
from engine.scenario import Group
from engine.turns import (
    TurnError,
    activate,
    activations,
    next_activation,
    pass_action,
    pass_tested,
    roll_initiative,
    turn_complete,
    why_cannot_act,
)

from .helpers import T, act, ctx_of, game_of, push, sample_game, unit


def FOE():
    return unit("foe", 70, 46, side="steel", profile="steel-tank")


def start(game, faces):
    push(game, roll_initiative(game, T, ScriptedDice(list(faces))).change)


# --------------------------------------------------------------------------- KP-1


def test_kp1_the_platoon_commander_commands_his_platoon_and_the_at_group_not_the_spotters():
    g = sample_game()
    assert g.scenario.group("mortars").off_table
    assert g.scenario.group("plt1").commander == "p1"
    under = sorted(u.id for u in g.scenario.units if u.parent == "p1")
    assert under == ["k1", "k2", "mg", "s1", "s2"]
    g.sides = ["keno", "steel"]
    start(g, [6, 1])
    push(g, activate(g, T, "p1"))
    for uid in under:                       # each is a unit he may pass an action to
        pass_action(g, T, "p1", uid)
    with pytest.raises(TurnError, match="Spotter team is not under .*1st platoon "
                                        "commander's command"):
        pass_action(g, T, "p1", "sp")
    # the spotters act only on their own activation (KP-1 expected)
    assert g.unit("sp").parent is None


# --------------------------------------------------------------------------- KP-2


def test_kp2_alternating_activations_the_side_with_units_left_activates_the_rest():
    tanks = [unit(f"T{i}", 10 * i, 5, side="steel", profile="steel-tank") for i in range(1, 5)]
    guns = [unit(f"G{i}", 10 * i, 40, profile="keno-at-gun") for i in (1, 2)]
    g = game_of([*tanks, *guns], sides=["steel", "keno"])
    start(g, [5, 2])                                      # steel wins the initiative
    assert g.active_side == "steel"
    order = ["T1", "G1", "T2", "G2", "T3", "T4"]
    for uid in order:
        assert g.active_side == g.unit(uid).side
        push(g, activate(g, T, uid))
        push(g, next_activation(g, T))
    assert [a["unit"] for a in activations(g)] == order
    assert turn_complete(g, T)


# --------------------------------------------------------------------------- KP-3


def _squad_acts(g, uid, x):
    act(g, "advance", uid, point=(x, 20.0))
    act(g, "fire_weapon", uid, weapon="rifles")


def test_kp3_passing_actions_down_the_chain_three_activations_per_squad():
    """C → P1 → A, B; C → P2 → D, E; all beyond 6" with radios: every pass a comm test,
    d10 vs level 1 (rolled 10: through)."""
    radio = {"comms": "radio", "quality": "d10", "level": 1}
    us = [unit("C", 36, 2, profile="keno-company-commander", **radio),
          unit("P1", 10, 12, profile="keno-platoon-commander", parent="C", **radio),
          unit("P2", 60, 12, profile="keno-platoon-commander", parent="C", **radio),
          unit("A", 2, 30, parent="P1", **radio), unit("B", 20, 30, parent="P1", **radio),
          unit("D", 50, 30, parent="P2", **radio), unit("E", 68, 30, parent="P2", **radio)]
    g = game_of([*us, FOE()], sides=["keno", "steel"])
    start(g, [6, 1])
    tests = []

    def passes(cdr, sub):
        roll = pass_tested(g, T, cdr, sub, ScriptedDice([10]))
        assert roll.steps[0].label == "Communication test (d10 > 1)"
        tests.append(roll.steps[0].results)
        push(g, roll.change)

    # steps 1–2: A fires (and advances), B moves and takes a position — own activations
    for uid, x in (("A", 3), ("B", 21)):
        push(g, activate(g, T, uid))
        _squad_acts(g, uid, x)
        push(g, next_activation(g, T))
        if g.active_side == "steel":              # the opponent's one activation between
            push(g, activate(g, T, "foe"))
            push(g, next_activation(g, T))
    # step 3: P1's two actions: a whole activation each for A and B
    push(g, activate(g, T, "P1"))
    for uid, x in (("A", 4), ("B", 22)):
        passes("P1", uid)
        _squad_acts(g, uid, x)
    push(g, next_activation(g, T))
    # steps 4–6: platoon 2 the same
    for uid, x in (("D", 51), ("E", 67)):
        push(g, activate(g, T, uid))
        _squad_acts(g, uid, x)
        push(g, next_activation(g, T))
    push(g, activate(g, T, "P2"))
    for uid, x in (("D", 52), ("E", 66)):
        passes("P2", uid)
        _squad_acts(g, uid, x)
    push(g, next_activation(g, T))
    # step 7: C passes to P1 (re-activated) and P2, who each pass to both squads
    push(g, activate(g, T, "C"))
    for plt, squads in (("P1", (("A", 5), ("B", 23))), ("P2", (("D", 53), ("E", 65)))):
        passes("C", plt)
        for uid, x in squads:
            passes(plt, uid)
            _squad_acts(g, uid, x)
    squad_entries = [e for e in ledger.entries(g) if e["unit"] in "ABDE"]
    per_squad = {s: sum(1 for a in activations(g) if a["unit"] == s
                        and a["kind"] in ("activation", "passed")) for s in "ABDE"}
    assert per_squad == {s: 3 for s in "ABDE"}        # "moved and fired THREE times"
    assert len(squad_entries) == 24                   # total squad actions
    assert len(tests) == 10 and all(t == ("through",) for t in tests)
    assert turn_complete(g, T) or g.active_side == "keno"


# --------------------------------------------------------------------------- KP-4


def test_kp4_comm_test_d8_against_the_worse_level_3():
    f = CommFacts(D8, level_from=2, level_to=3, distance_in=20, los=True, means_from=True,
                  means_to=True)
    plan = plan_comm(f)
    assert (plan.kind, plan.level, plan.test.die, plan.test.target) == ("test", 3, D8, 3)
    for face, result in ((3, "lost"), (4, "through"), (8, "through")):
        step = roll_comm(plan, ScriptedDice([face]))
        assert step.label == "Communication test (d8 > 3)"
        assert step.results == (result,)


def test_kp4_on_the_board_a_failed_test_loses_the_commanders_action():
    hq = unit("hq", 10, 5, profile="keno-company-commander", quality="d8", level=2,
              at_phone=True)
    pl = unit("pl", 40, 30, profile="keno-platoon-commander", parent="hq", level=3,
              comms="phone", at_phone=True)
    g = game_of([hq, pl, FOE()], sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "hq"))
    roll = pass_tested(g, T, "hq", "pl", ScriptedDice([3]))
    assert roll.steps[0].results == ("lost",)
    push(g, roll.change)
    assert g.unit("hq").state["actions_left"] == 1 and "actions_left" not in g.unit("pl").state
    assert activations(g)[-1]["kind"] == "pass failed"
    roll = pass_tested(g, T, "hq", "pl", ScriptedDice([4]))
    push(g, roll.change)
    assert roll.steps[0].results == ("through",) and g.unit("pl").state["actions_left"] == 2


def test_kp4_without_radio_or_phones_beyond_6in_the_pass_is_impossible_and_free_within():
    g = sample_game()                          # p1 (no radio) and k1 more than 6" apart
    g.sides = ["keno", "steel"]
    start(g, [6, 1])
    push(g, activate(g, T, "p1"))
    with pytest.raises(TurnError, match=r"no radio or phone at both ends .* \(§4\.4-4\)"):
        pass_tested(g, T, "p1", "k1", ScriptedDice([8]))
    roll = pass_tested(g, T, "p1", "s1", ScriptedDice([]))   # 2" away in the open
    assert roll.steps[0].outcome == "passed (no test needed)"


# --------------------------------------------------------------------------- KP-5


def test_kp5_bypassing_the_tank_platoon_commander_steps_d8_to_d6():
    g = sample_game()
    g.sides = ["steel", "keno"]
    start(g, [6, 1])
    push(g, activate(g, T, "tc"))
    roll = pass_tested(g, T, "tc", "t1", ScriptedDice([3]))
    [step] = roll.steps
    assert step.label == "Communication test (d6 > 2)"
    assert step.rolls[0].die == D6.name and step.results == ("through",)
    push(g, roll.change)
    assert activations(g)[-1]["bypassed"] == 1


# --------------------------------------------------------------------------- KP-6


def _kp6():
    g = game_of([unit("sq", 10, 10), unit("foe", 40, 40, side="steel",
                                          profile="steel-tank")], sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "sq"))
    return g


def test_kp6_combat_move_2d6_rolls_7_and_reaches_the_trench_then_fires():
    g = _kp6()
    normal = ctx_of(g, "advance", "sq", point=(17.0, 10.0))
    assert normal.odds().probability("short") == 1        # 6" cannot reach 7"
    ctx = ctx_of(g, "advance", "sq", point=(17.0, 10.0), options={"mode": "combat"})
    assert ctx.odds().probability("reached") == Fraction(21, 36)
    res = act(g, "advance", "sq", [3, 4], point=(17.0, 10.0), options={"mode": "combat"})
    roll, move = res.steps
    assert roll.label == "Combat move (2d6)" and roll.totals == (7,)
    assert roll.outcome == '7" — destination reached'
    assert (g.unit("sq").x, g.unit("sq").y) == pytest.approx((17.0, 10.0))
    act(g, "fire_weapon", "sq", weapon="rifles", target="foe")
    assert g.unit("sq").state["actions_left"] == 0


def test_kp6_counterfactual_a_short_roll_moves_the_full_total_and_a_second_move_costs_the_fire():
    g = _kp6()
    res = act(g, "advance", "sq", [2, 3], point=(17.0, 10.0), options={"mode": "combat"})
    assert res.steps[0].outcome == '5" — 2.0" short'
    assert g.unit("sq").x == pytest.approx(15.0)
    act(g, "advance", "sq", point=(17.0, 10.0))
    assert g.unit("sq").x == pytest.approx(17.0)
    ctx = ctx_of(g, "fire_weapon", "sq", weapon="rifles")
    assert refusal(ctx) == "sq has 0 actions left: Fire a weapon costs 1"


# --------------------------------------------------------------------------- KP-7


def test_kp7_merging_two_battered_squads():
    a = unit("a", 10, 10, figures=2, quality="d10", level=3, morale="broken")
    b = unit("b", 11, 10, figures=3, quality="d6", level=2, morale="steady")
    g = game_of([a, b, unit("f", 50, 40, side="steel", profile="steel-tank")],
                [Group("plt", "platoon", ["a", "b"], side="keno")], sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "a"))
    res = act(g, "merge_groups", "a", other="b")
    assert res.steps[0].outcome == "5 figures, d6, level 2, Shaken"
    st = g.unit("a").state
    assert (st["figures"], st["quality"], st["level"], st["morale"]) == (5, "d6", 2, "shaken")
    assert not g.on_table("b") and g.unit("a").state["actions_left"] == 1


def test_kp7_rounding_and_equal_size_options():
    P = organisation.Part
    assert organisation.mean_morale("steady", "shaken") == "steady"
    assert organisation.mean_morale("steady", "shaken", "worse") == "shaken"
    eq = organisation.merge(P(3, D6, 2, "steady"), P(3, D8, 3, "steady"))
    assert eq.quality == D8                                # §4.A-9 better
    assert organisation.merge(P(3, D6, 2, "steady"), P(3, D8, 3, "steady"),
                              equal_die="actor").quality == D6


def test_kp7_squads_not_next_to_each_other_are_refused():
    g = game_of([unit("a", 10, 10), unit("b", 30, 10)], sides=["keno"])
    with pytest.raises(ValueError, match="must be next to each other"):
        ctx_of(g, "merge_groups", "a", other="b").resolve(ScriptedDice([]))


# --------------------------------------------------------------------------- KP-8


@pytest.mark.parametrize("face,level", [(6, 1), (5, 2), (4, 2), (3, 3), (1, 3)])
def test_kp8_detached_group_commander_level(face, level):
    assert organisation.detach_level(2, face) == level


@pytest.mark.parametrize("parent,android,face,level", [(1, False, 6, 1), (3, False, 2, 3),
                                                       (2, True, 6, 2)])
def test_kp8_clamps(parent, android, face, level):
    assert organisation.detach_level(parent, face, android) == level


def test_kp8_detaching_on_the_board_costs_an_action_and_the_parent_passes_to_it():
    sq = unit("sq", 10, 10, figures=8, quality="d8", level=2, morale="steady")
    g = game_of([sq, unit("f", 50, 40, side="steel", profile="steel-tank")],
                [Group("plt", "platoon", ["sq"], side="keno")], sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "sq"))
    res = act(g, "detach_group", "sq", [6], options={"figures": 2, "group_id": "mg"})
    assert res.steps[0].outcome == "level 1 (parent 2)"
    new = g.unit("mg")
    assert (new.parent, new.state["quality"], new.state["morale"], new.state["level"],
            new.state["figures"]) == ("sq", "d8", "steady", 1, 2)
    assert g.unit("sq").state["figures"] == 6 and "mg" in g.scenario.group("plt").members
    assert g.unit("sq").state["actions_left"] == 1
    roll = pass_tested(g, T, "sq", "mg", ScriptedDice([]))       # 1.5" away: in contact
    push(g, roll.change)
    assert g.unit("mg").state["actions_left"] == 2
    act(g, "fire_weapon", "mg", weapon="mg")                     # acts on the passed action
    push(g, next_activation(g, T))
    push(g, activate(g, T, "f"))
    push(g, next_activation(g, T))
    # never in a slot of its own (§4.4-7): the turn is complete without it
    assert why_cannot_act(g, T, "mg") == \
        "a detached group acts only through sq's passed actions (§4.4-7)"
    assert turn_complete(g, T)


# --------------------------------------------------------------------------- KP-9


def test_kp9_encumbrance_limit():
    assert movement.can_carry(5, 5)
    assert movement.normal_move(movement.state_class("infantry", encumbered=True)) == 4.0
    assert not movement.can_carry(5, 6)
    g = game_of([unit("sq", 10, 10, encumbered=True, able_carriers=5, carried=6)],
                sides=["keno"])
    with pytest.raises(ValueError, match="no movement at all"):
        ctx_of(g, "advance", "sq", point=(20.0, 10.0)).resolve(ScriptedDice([]))
    g.unit("sq").state["carried"] = 5
    res = ctx_of(g, "advance", "sq", point=(20.0, 10.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome == '4" (encumbered normal infantry)'


# --------------------------------------------------------------------------- §4.3 costs


def test_activation_restrictions_refused_with_override():
    g = game_of([unit("sq", 10, 10, morale="shaken"),
                 unit("f", 12, 10, side="steel", profile="steel-tank")],
                sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "sq"))
    act(g, "fire_weapon", "sq", weapon="rifles", target="f")
    ctx = ctx_of(g, "fire_weapon", "sq", weapon="rifles", target="f")
    assert "already fired Rifles and SMGs this activation" in refusal(ctx)
    with pytest.raises(CostRefused):
        charge(ctx, ctx.resolve(ScriptedDice([])))
    act(g, "fire_weapon", "sq", weapon="squad_launcher", target="f")  # another weapon: legal
    melee = ctx_of(g, "enter_melee", "sq", target="f")
    assert "Enter melee takes the whole activation" in refusal(melee)
    res = act(g, "enter_melee", "sq", [5], target="f", override=True)  # shaken: d6
    assert "cost overridden" in res.change.label


def test_melee_takes_both_actions_and_reorganise_and_morale_once_per_activation():
    g = game_of([unit("sq", 10, 10, morale="broken", quality="d10", level=1),
                 unit("f", 12, 10, side="steel", profile="steel-tank")],
                sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "sq"))
    act(g, "rally_morale", "sq", [10])                 # d10 > 1 + 2: one step better
    assert g.unit("sq").state["morale"] == "shaken"
    assert "once per activation" in refusal(ctx_of(g, "rally_morale", "sq"))
    act(g, "reorganise", "sq")
    assert g.unit("sq").state["actions_left"] == 0
    push(g, next_activation(g, T))
    push(g, activate(g, T, "f"))
    res = act(g, "enter_melee", "f", [5], target="sq")
    assert res.steps[0].label == "Reaction test (PROPOSED)"
    assert g.unit("f").state["actions_left"] == 0


# --------------------------------------------------------------------------- §4.10 limits


def test_aircraft_keep_moving_march_order_forbids_fire_and_manhandling():
    g = game_of([unit("air", 10, 10, side="steel", profile="steel-tank",
                      move_class="aircraft"),
                 unit("gun", 40, 40, profile="keno-at-gun", march_order=True),
                 unit("sq", 30, 30, march_order=True)], sides=["keno", "steel"])
    with pytest.raises(ValueError, match=r"at least 24\" per action; the destination is "
                                         r"10\.0\" away"):
        ctx_of(g, "advance", "air", point=(20.0, 10.0)).resolve(ScriptedDice([]))
    res = ctx_of(g, "advance", "air", point=(40.0, 10.0)).resolve(ScriptedDice([]))
    assert res.steps[0].outcome == '24" (aircraft (near the ground))'
    with pytest.raises(ValueError, match="aircraft .*has no combat move"):
        ctx_of(g, "advance", "air", point=(40.0, 10.0),
               options={"mode": "combat"}).resolve(ScriptedDice([1, 1]))
    with pytest.raises(ValueError, match="cannot manhandle guns in march order"):
        ctx_of(g, "advance", "gun", point=(40.0, 44.0)).resolve(ScriptedDice([]))
    with pytest.raises(ValueError, match="no firing in march order"):
        ctx_of(g, "fire_weapon", "sq", weapon="rifles").resolve(ScriptedDice([]))


# --------------------------------------------------------------------------- the chain


def test_contact_report_for_a_selected_commander_measured_on_the_board():
    """p1 sees s1, s2 and the MG team within 6" (no test); the Khara teams are beyond 6"
    without radios (no pass possible); tc reaches tp by radio (d8 > 2) and the tanks
    through one bypassed link (d6 > 2)."""
    from engine.rulesets.keno_platoon.command import contact_report, under_command

    g = sample_game()
    assert under_command(g, "tc") == [("tp", 1), ("t1", 2), ("t2", 2), ("t3", 2)]
    rep = {c.unit: c for c in contact_report(g, "p1")}
    assert {u: rep[u].kind for u in rep} == {"s1": "contact", "s2": "contact",
                                             "mg": "contact", "k1": "impossible",
                                             "k2": "impossible"}
    assert all(rep[u].distance_in <= 6 and rep[u].los for u in ("s1", "s2", "mg"))
    assert rep["k1"].p_through == 0 and "§4.4-4" in rep["k1"].why
    near = {c.unit: c.kind for c in contact_report(g, "tc")}
    assert near == {"tp": "contact", "t1": "test", "t2": "contact", "t3": "contact"}
    g.unit("tc").x, g.unit("tc").y = 66.0, 3.0                          # hangs back
    tanks = {c.unit: c.p_through for c in contact_report(g, "tc")}
    assert tanks == {"tp": Fraction(6, 8), "t1": Fraction(4, 6), "t2": Fraction(4, 6),
                     "t3": Fraction(4, 6)}


# --------------------------------------------------------------------------- §4.9


def test_a_single_officer_near_a_squad_counts_as_part_of_it_when_shot_at():
    from engine.rulesets.keno_platoon.officers import attached_squad

    g = sample_game()
    assert attached_squad(g, "p1") == "s1"             # the commander is in the 1st squad
    assert attached_squad(g, "s1") is None             # a squad is not a single figure
    g.unit("p1").x, g.unit("p1").y = 60.0, 44.0
    assert attached_squad(g, "p1") is None             # alone in the open
    g.unit("p1").x, g.unit("p1").y = 20.0, 36.0
    g.sides = ["steel", "keno"]
    start(g, [6, 1])
    push(g, activate(g, T, "t2"))
    res = act(g, "fire_weapon", "t2", weapon="tank_mg", target="p1")
    assert "counts as part of s1 when shot at" in res.steps[0].note
    g.unit("t3").state["sniper"] = True                 # a sniper may pick him out
    push(g, next_activation(g, T))
    push(g, activate(g, T, "p1"))
    push(g, next_activation(g, T))
    push(g, activate(g, T, "t3"))
    res = act(g, "fire_weapon", "t3", weapon="tank_mg", target="p1")
    assert "counts as part" not in res.steps[0].note


def test_kp7_merge_action_both_needs_an_action_of_the_other_squad():
    a = unit("a", 10, 10, figures=2, name="1st squad")
    b = unit("b", 11, 10, figures=3)
    g = game_of([a, b, unit("f", 50, 40, side="steel", profile="steel-tank")],
                sides=["keno", "steel"])
    start(g, [6, 1])
    push(g, activate(g, T, "a"))
    with pytest.raises(ValueError, match="b has no action left to spend on the merge"):
        ctx_of(g, "merge_groups", "a", other="b",
               rules={"merge_action": "both"}).resolve(ScriptedDice([]))
    res = act(g, "merge_groups", "a", other="b")       # either squad's action (default)
    assert g.unit("a").state["figures"] == 5
    removal = [e for e in res.change.effects if e.kind == "remove"]
    assert [e.reason for e in removal] == ["merged into 1st squad"]  # by name, not id


def test_kp6_full_reading_moves_the_whole_total_past_the_destination():
    """§4.A-14 alternative: the unit must move the full rolled distance."""
    g = _kp6()
    act(g, "advance", "sq", [5, 6], point=(17.0, 10.0), options={"mode": "combat"},
        rules={"combat_move": "full"})
    assert g.unit("sq").x == pytest.approx(21.0)
    g2 = _kp6()
    act(g2, "advance", "sq", [5, 6], point=(17.0, 10.0), options={"mode": "combat"})
    assert g2.unit("sq").x == pytest.approx(17.0)                  # declared: stops there
