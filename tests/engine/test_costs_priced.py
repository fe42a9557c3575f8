"""Costs the resolution prices (engine.costs.charged_cost, `Resolution.cost`), with the toy
ruleset "toy-priced" (tests/engine/turn_toys.py): a charge whose AP are spent only when
its check passes, and a vehicle whose Drive writes what each AP went on and the
once-per-turn use it marks into the generic ledger — checked, refused, overridden and
undone like a declared cost."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import ledger
from engine.costs import Cost, CostRefused, charge, charged_cost, cost_of, describe_cost, from_table
from engine.dice import ScriptedDice
from engine.model import Game, apply_change, revert_change
from engine.protocol import ActionRefused
from engine.turns import start_turn, structure_of
from tests.engine import turn_toys as toys

RS = toys.PRICED


def new_game() -> Game:
    g = toys.game(RS, [toys.unit("ivan", "red", name="Pvt. Ivan"),
                       toys.unit("jeep", "red", name="Jeep"), toys.unit("hans", "blue")])
    g.sides = ["red", "blue"]
    apply_change(g, start_turn(g, structure_of(RS)))
    return g


def ctx_of(g: Game, action: str, actor: str, **options):
    return RS.context(action, actor=g.unit(actor), game=g, options=options)


def test_the_declared_cost_says_the_outcome_prices_it():
    g = new_game()
    ctx = ctx_of(g, "charge", "ivan")
    assert describe_cost(cost_of(ctx)) == "2 AP, only if the nerve check passes"


@pytest.mark.parametrize("face, paid, marker", [(5, 2, 1), (2, 0, None)])
def test_the_ap_charged_follow_the_check(face, paid, marker):
    g = new_game()
    ctx = ctx_of(g, "charge", "ivan")
    res = ctx.resolve(ScriptedDice([face]))
    assert res.step("nerve").faces == (face,)
    assert charged_cost(ctx, res).ap == paid
    charged = charge(ctx, res)
    apply_change(g, charged.change)
    assert g.unit("ivan").state["ap_left"] == 3 - paid
    assert g.unit("ivan").markers.get("charged") == marker
    [entry] = ledger.entries(g, "ivan")
    assert (entry["action"], entry["ap"], entry["override"]) == ("charge", paid, False)
    revert_change(g, charged.change)                           # undo refunds it
    assert g.unit("ivan").state["ap_left"] == 3 and ledger.entries(g) == []


def test_a_priced_cost_not_available_is_refused_and_applied_with_the_override():
    g = new_game()
    g.unit("ivan").state["ap_left"] = 1
    ctx = ctx_of(g, "charge", "ivan")
    passed = ctx.resolve(ScriptedDice([6]))
    with pytest.raises(CostRefused, match="^Pvt. Ivan has 1 AP left: Charge costs 2 AP$"):
        charge(ctx, passed)
    failed = ctx.resolve(ScriptedDice([1]))        # a failed check costs nothing: applies
    apply_change(g, charge(ctx, failed).change)
    assert g.unit("ivan").state["ap_left"] == 1
    over = charge(ctx, passed, override=True)
    assert "(cost overridden: Pvt. Ivan has 1 AP left" in over.change.label
    apply_change(g, over.change)
    assert g.unit("ivan").state["ap_left"] == 0                # clamped, never below 0
    assert [e["override"] for e in ledger.entries(g, "ivan")] == [False, True]
    # the other side still waits for its turn, whatever the price
    hans = RS.context("charge", actor=g.unit("hans"), game=g)
    with pytest.raises(CostRefused, match="hans cannot act now: it is red's turn"):
        charge(hans, hans.resolve(ScriptedDice([1])))


def test_a_vehicle_is_charged_its_ap_sequence_and_marks_in_the_same_ledger():
    g = new_game()
    for ap, smoke in ((2, True), (1, False)):
        ctx = ctx_of(g, "drive", "jeep", ap=ap, smoke=smoke)
        apply_change(g, charge(ctx, ctx.resolve(ScriptedDice([]))).change)
    apply_change(g, charge(ctx_of(g, "grenade", "ivan"),
                           ctx_of(g, "grenade", "ivan").resolve(ScriptedDice([]))).change)
    assert ledger.ap_sequence(g, "jeep") == ["drive", "drive", "drive"]
    assert ledger.ap_sequence(g, "ivan") == ["grenade"]        # default: the action's id
    assert ledger.marks(g, "jeep") == {"smoke": True}
    assert g.unit("jeep").state["ap_left"] == 0
    with pytest.raises(ActionRefused, match="smoke: already used this turn"):
        ctx_of(g, "drive", "jeep", smoke=True).resolve(ScriptedDice([]))
    ctx = ctx_of(g, "drive", "jeep")
    with pytest.raises(CostRefused, match="Jeep has 0 AP left: Drive costs 1 AP"):
        charge(ctx, ctx.resolve(ScriptedDice([])))


@pytest.mark.parametrize("kw, message", [
    ({"ap": 2, "ap_on": ("move",)}, r"cost.ap_on: 1 entries for 2 AP \(one per AP\)"),
    ({"ap": 1, "ap_on": "move"}, "cost.ap_on: expected a list"),
    ({"ap": 1, "ap_on": ("",)}, r"cost.ap_on\[0\]: expected a name"),
    ({"marks": {1: "x"}}, "cost.marks: expected names as keys"),
    ({"marks": 3}, "cost.marks: expected a table of names"),
    ({"outcome": 3}, "cost.outcome: expected words"),
])
def test_bad_ledger_fields_name_the_field(kw, message):
    with pytest.raises(CostRefused, match=message):
        Cost(**kw)


def test_ledger_fields_from_data():
    c = from_table({"ap": 2, "ap_on": ["move", "fire"], "marks": {"te": "aim"},
                    "outcome": "only if it hits"}, "toy.cost")
    assert c.ap_on == ("move", "fire") and c.marks == (("te", "aim"),)
    assert c.to_dict()["marks"] == {"te": "aim"}
    with pytest.raises(CostRefused, match="toy.cost.marks: expected a table"):
        from_table({"marks": ["te"]}, "toy.cost")


def test_a_resolution_cost_of_the_wrong_type_is_named():
    import dataclasses

    g = new_game()
    ctx = ctx_of(g, "charge", "ivan")
    res = dataclasses.replace(ctx.resolve(ScriptedDice([5])), cost={"ap": 2})
    with pytest.raises(CostRefused, match="charge: resolution.cost: expected an engine"):
        charge(ctx, res)


@given(st.lists(st.tuples(st.integers(1, 3), st.booleans(), st.integers(1, 6)), max_size=6))
def test_any_sequence_of_priced_actions_reverts_exactly(ops):
    import json

    g = new_game()
    start = json.dumps(g.snapshot(), sort_keys=True)
    done = []
    for ap, drive, face in ops:
        ctx = ctx_of(g, "drive", "jeep", ap=ap) if drive else ctx_of(g, "charge", "ivan")
        res = charge(ctx, ctx.resolve(ScriptedDice([face])), override=True)
        apply_change(g, res.change)
        done.append(res.change)
    assert all(int(u.state.get("ap_left", 3)) >= 0 for u in g.all_units())
    for ch in reversed(done):
        revert_change(g, ch)
    assert json.dumps(g.snapshot(), sort_keys=True) == start
