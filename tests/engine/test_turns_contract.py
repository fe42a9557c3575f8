"""The turn contract with toy rulesets (tests/engine/turn_toys.py): declared costs charged
in the action's own Change (refused, overridden, undone), the activation ledger, triggers
making tests due, deferred effects applied at their boundary, and each of the four turn
structures (side turns with AP, alternating activations with passed actions and a
communication test, manoeuvre-then-fire phases with allies, combat rounds with an ambush
side first) walked through a full turn. Every step is applied, reverted and re-applied."""

from __future__ import annotations

import json

import pytest

from engine import deferred, ledger, triggers
from engine.costs import Cost, CostRefused, charge, describe_cost, from_table, refusal
from engine.dice import D10, ScriptedDice
from engine.model import Change, Game, RemoveUnit, apply_change, revert_change
from engine.protocol import Facts
from engine.turns import (
    TurnError,
    activate,
    declare_ambush,
    end_turn,
    may_act,
    next_activation,
    next_phase,
    pass_tested,
    roll_initiative,
    start_turn,
    structure_of,
    turn_complete,
    unit_status,
)
from engine.turns import from_table as turn_from_table
from tests.engine import turn_toys as toys


def frozen(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


def push(game: Game, change):
    before = frozen(game)
    apply_change(game, change)
    after = frozen(game)
    revert_change(game, change)
    assert frozen(game) == before
    apply_change(game, change)
    assert frozen(game) == after
    return change


def act(game: Game, rs, action: str, actor: str, faces=(), *, override: bool = False,
        **roles):
    """Resolve with scripted dice, charge the cost and apply: the Resolution."""
    ctx = rs.context(action, actor=game.unit(actor), game=game,
                     **{k: game.unit(v) if k == "target" else v for k, v in roles.items()})
    res = charge(ctx, ctx.resolve(ScriptedDice(list(faces))), override=override)
    push(game, res.change)
    return res


def ctx_of(game: Game, rs, action: str, actor: str, **roles):
    return rs.context(action, actor=game.unit(actor), game=game,
                      **{k: game.unit(v) if k == "target" else v for k, v in roles.items()})


# --------------------------------------------------------------------------- side turns, AP


def sides_game() -> Game:
    return toys.game(toys.SIDES, [toys.unit("fischer", "axis", name="Pvt. Fischer"),
                                  toys.unit("braun", "axis"),
                                  toys.unit("smith", "allies", x=30),
                                  toys.unit("jones", "allies", x=32)])


S = structure_of(toys.SIDES)


def test_a_declared_cost_is_charged_in_the_same_change_and_undo_refunds_it():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    ctx = ctx_of(g, toys.SIDES, "shoot", "fischer", target="smith", weapon=None)
    res = charge(ctx, ctx.resolve(ScriptedDice([2])))          # a miss still costs 1 AP
    before = frozen(g)
    apply_change(g, res.change)
    assert g.unit("fischer").state["ap_left"] == 1
    [entry] = ledger.entries(g, "fischer")
    assert (entry["action"], entry["ap"], entry["side"], entry["override"]) == \
        ("shoot", 1, "axis", False)
    assert ledger.acted(g) == ["fischer"]
    revert_change(g, res.change)                                  # undo refunds it
    assert frozen(g) == before and g.unit("fischer").state["ap_left"] == 2
    assert ledger.entries(g) == []


def test_refused_when_the_cost_is_not_there_and_applied_over_it_with_override():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    act(g, toys.SIDES, "shoot", "fischer", [1], target="smith")
    act(g, toys.SIDES, "shoot", "fischer", [1], target="smith")
    ctx = ctx_of(g, toys.SIDES, "shoot", "fischer", target="smith")
    assert refusal(ctx) == "Pvt. Fischer has 0 AP left: Shoot costs 1 AP"
    with pytest.raises(CostRefused, match="^Pvt. Fischer has 0 AP left: Shoot costs 1 AP$"):
        charge(ctx, ctx.resolve(ScriptedDice([1])))
    res = act(g, toys.SIDES, "shoot", "fischer", [1], override=True, target="smith")
    assert "(cost overridden: Pvt. Fischer has 0 AP left" in res.change.label
    assert g.unit("fischer").state["ap_left"] == 0             # clamped, not negative
    assert [e["override"] for e in ledger.entries(g, "fischer")] == [False, False, True]
    # the other side's soldier waits for his side's turn
    ctx = ctx_of(g, toys.SIDES, "grenade", "smith")
    assert refusal(ctx) == "smith cannot act now: it is axis's turn"


def test_once_per_turn_and_once_per_battle():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    act(g, toys.SIDES, "grenade", "braun")
    assert refusal(ctx_of(g, toys.SIDES, "grenade", "braun")) == \
        "braun already used grenade this turn (Grenade: once per turn)"
    act(g, toys.SIDES, "medal", "braun")
    assert g.state["ledger_battle"] == {"braun": {"medal": 1}}
    push(g, next_activation(g, S))
    push(g, end_turn(g, S))                                     # turn 2: the ledger is new
    assert ledger.entries(g) == [] and g.turn == 2
    assert refusal(ctx_of(g, toys.SIDES, "grenade", "braun")) is None
    assert refusal(ctx_of(g, toys.SIDES, "medal", "braun")) == \
        "braun already used medal this battle (Heroic deed: once per battle)"
    assert describe_cost(toys.Medal.cost) == "once per battle"
    assert describe_cost(Cost(ap=1, once_per="turn", proposed=True)) == \
        "1 AP, once per turn (PROPOSED)"


def test_the_rulesets_can_act_refuses_and_flags():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    g.unit("braun").state["stunned"] = True
    assert refusal(ctx_of(g, toys.SIDES, "grenade", "braun")) == \
        "braun cannot act: stunned this turn"
    st = unit_status(g, "braun", S)
    assert st.blocked == "stunned this turn" and not st.can_act
    assert may_act(g, S) == ["fischer"]
    push(g, next_activation(g, S))
    push(g, end_turn(g, S))                        # "stunned" lasts this turn only
    assert unit_status(g, "braun", S).can_act


def test_a_start_of_turn_trigger_makes_a_test_due_and_taking_it_clears_it():
    g = sides_game()
    g.sides = ["axis", "allies"]
    g.unit("smith").markers["shaken"] = 1
    push(g, start_turn(g, S))
    assert triggers.due(g) == []                  # axis starts: nobody of axis is shaken
    change = push(g, next_activation(g, S))       # allies' turn starts
    assert change.label == "axis ends its turn; allies acts; 1 test due"
    [d] = triggers.due(g)
    assert (d["test"], d["unit"], d["at"], d["until"]) == \
        ("rally_test", "smith", "side_start", "side_end")
    assert unit_status(g, "smith", S).due == ("rally_test",)
    res = act(g, toys.SIDES, "rally_test", "smith", [5])     # a test: no cost, recorded
    assert res.summary == "rallied" and triggers.due(g) == []
    assert "shaken" not in g.unit("smith").markers
    revert_change(g, res.change)
    assert [x["unit"] for x in triggers.due(g)] == ["smith"]
    apply_change(g, res.change)
    # not taken: it lapses when the side's turn ends
    g2 = sides_game()
    g2.sides = ["axis", "allies"]
    g2.unit("fischer").markers["shaken"] = 1
    push(g2, start_turn(g2, S))
    assert [x["unit"] for x in triggers.due(g2)] == ["fischer"]
    push(g2, next_activation(g2, S))
    assert triggers.due(g2) == []


def test_a_deferred_death_is_applied_at_the_end_of_the_turn():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    res = act(g, toys.SIDES, "shoot", "fischer", [6], target="smith")
    assert g.on_table("smith") and len(deferred.pending(g)) == 1   # he still fires
    assert "deferred to turn end: smith dies at the end of the turn" in res.change.describe()
    push(g, next_activation(g, S))
    act(g, toys.SIDES, "shoot", "smith", [6], target="braun")     # the doomed man shoots
    assert g.on_table("smith") and len(deferred.pending(g)) == 2
    before = frozen(g)
    change = end_turn(g, S)
    assert change.label.endswith("; 2 deferred effects applied")
    apply_change(g, change)
    assert not g.on_table("smith") and not g.on_table("braun")
    assert g.unit("smith").state["removed"] == "killed" and deferred.pending(g) == []
    revert_change(g, change)                                      # undoable with the turn
    assert frozen(g) == before


def test_a_deferred_effect_that_can_no_longer_apply_is_skipped_and_said():
    g = sides_game()
    g.sides = ["axis", "allies"]
    push(g, start_turn(g, S))
    act(g, toys.SIDES, "shoot", "fischer", [6], target="smith")
    push(g, Change([RemoveUnit("smith", "gone")], "smith leaves the table"))
    change = push(g, end_turn(g, S))
    assert "smith dies at the end of the turn: skipped (unit 'smith': not on the table)" \
        in change.label
    assert g.unit("smith").state["removed"] == "gone"


# --------------------------------------------------------------------------- alternating


A = structure_of(toys.ALTERNATING)


def alt_game() -> Game:
    return toys.game(toys.ALTERNATING, [
        toys.unit("coy", "keno", level=2), toys.unit("pl", "keno", parent="coy", level=3),
        toys.unit("sq", "keno", parent="pl"), toys.unit("t1", "steel", x=40),
        toys.unit("t2", "steel", x=44)])


def test_alternating_activations_with_a_communication_test_through_a_full_turn():
    g = alt_game()
    push(g, roll_initiative(g, A, ScriptedDice([7, 2])).change)        # keno first
    fire = ctx_of(g, toys.ALTERNATING, "fire", "pl", target="t1")
    assert refusal(fire) == "pl cannot act now: pl is not activating (keno is to " \
                            "activate a unit)"
    push(g, activate(g, A, "coy"))
    act(g, toys.ALTERNATING, "fire", "coy", [1], target="t1", weapon=None)
    # the company commander passes his second action: a d8 > the worse level (3)
    roll = pass_tested(g, A, "coy", "pl", ScriptedDice([3]))
    assert [s.label for s in roll.steps] == ["Communication test (d8 > 3)"]
    assert roll.steps[0].results == ("lost",)
    push(g, roll.change)
    assert g.unit("coy").state["actions_left"] == 0 and "actions_left" not in \
        g.unit("pl").state
    assert g.state["activations"][-1]["kind"] == "pass failed"
    assert roll.log_entry().dice[0].faces == (3,)
    push(g, next_activation(g, A))
    push(g, activate(g, A, "t1"))
    act(g, toys.ALTERNATING, "melee", "t1")                 # takes the whole activation
    assert g.unit("t1").state["actions_left"] == 0
    push(g, next_activation(g, A))
    push(g, activate(g, A, "pl"))
    # pl passes to sq: bypassing nobody, d8 > max(3, 1) = 3: a 4 gets through
    roll = pass_tested(g, A, "pl", "sq", ScriptedDice([4]))
    push(g, roll.change)
    assert g.unit("sq").state["actions_left"] == 2
    act(g, toys.ALTERNATING, "fire", "sq", [1], target="t2", weapon="rifles")
    assert [e["weapon"] for e in ledger.entries(g, "sq", "activation")] == ["rifles"]
    # pl's last action: fire, then nothing left
    act(g, toys.ALTERNATING, "fire", "pl", [1], target="t1")
    assert refusal(ctx_of(g, toys.ALTERNATING, "melee", "pl")) == \
        "pl has 0 of 2 actions left: Enter melee takes the whole activation"
    push(g, next_activation(g, A))
    push(g, activate(g, A, "t2"))
    push(g, next_activation(g, A))
    push(g, activate(g, A, "sq"))                           # keeps its own activation
    push(g, next_activation(g, A))
    assert turn_complete(g, A)
    push(g, end_turn(g, A))
    assert g.turn == 2 and ledger.entries(g) == []


def test_same_weapon_not_twice_per_activation_and_a_bypassed_link_steps_the_die_down():
    g = alt_game()
    g.unit("sq").state["in_sight"] = True
    push(g, roll_initiative(g, A, ScriptedDice([7, 2])).change)
    push(g, activate(g, A, "pl"))
    act(g, toys.ALTERNATING, "fire", "pl", [1], target="t1", weapon="rifles")
    ctx = ctx_of(g, toys.ALTERNATING, "fire", "pl", target="t1", weapon="rifles")
    assert refusal(ctx) == "pl already fired Rifles this activation (not the same " \
                           "weapon twice per activation)"
    assert refusal(ctx_of(g, toys.ALTERNATING, "fire", "pl", target="t1",
                          weapon="launcher")) is None
    # in sight within 6": no test needed
    roll = pass_tested(g, A, "pl", "sq", ScriptedDice([]))
    assert roll.steps[0].outcome == "passed (no test needed)"
    push(g, next_activation(g, A))
    push(g, activate(g, A, "t1"))
    push(g, next_activation(g, A))
    push(g, activate(g, A, "coy"))
    g.unit("sq").state.pop("in_sight")
    roll = pass_tested(g, A, "coy", "sq", ScriptedDice([6]))   # bypasses pl: d6
    assert roll.steps[0].label == "Communication test (d6 > 2)"
    assert roll.steps[0].results == ("through",)


# --------------------------------------------------------------------------- phases


P = structure_of(toys.PHASES)


def phase_game() -> Game:
    return toys.game(toys.PHASES, [
        toys.unit("u1", "polaris", player="P1"), toys.unit("u2", "polaris", player="P2"),
        toys.unit("x1", "raiders", x=40)])


def test_manoeuvre_then_fire_with_allies_interleaving_through_a_full_turn():
    g = phase_game()
    push(g, roll_initiative(g, P, ScriptedDice([17, 4])).change)
    assert (g.active_side, g.phase) == ("polaris", "manoeuvre")
    assert [unit_status(g, u, P).player for u in ("u1", "u2")] == ["P1", "P2"]
    act(g, toys.PHASES, "move", "u1")                           # P1 moves unit 1
    act(g, toys.PHASES, "move", "u2")                           # P2 moves unit 2
    assert refusal(ctx_of(g, toys.PHASES, "shoot", "u1", target="x1")) == \
        "Shoot belongs to the fire phase; it is the manoeuvre phase"
    assert may_act(g, P) == []
    push(g, next_phase(g, P))
    assert may_act(g, P) == ["u1", "u2"]
    act(g, toys.PHASES, "shoot", "u1", [1], target="x1")        # P1 fires unit 1
    act(g, toys.PHASES, "assault", "u2")                        # P2 skips fire, assaults
    assert refusal(ctx_of(g, toys.PHASES, "assault", "u1")) == \
        "u1 already used act this phase (Assault: once per phase)"
    assert [e["unit"] for e in ledger.entries(g, scope="phase")] == ["u1", "u2"]
    push(g, next_activation(g, P))
    assert (g.active_side, g.phase) == ("raiders", "manoeuvre")
    act(g, toys.PHASES, "move", "x1")
    push(g, next_phase(g, P))
    act(g, toys.PHASES, "shoot", "x1", [2], target="u1")
    with pytest.raises(TurnError, match="fire is the last phase: end the turn"):
        next_phase(g, P)
    push(g, end_turn(g, P))
    assert (g.turn, g.active_side, g.phase) == (2, "polaris", "manoeuvre")


# --------------------------------------------------------------------------- rounds


R = structure_of(toys.ROUNDS)


def round_game() -> Game:
    return toys.game(toys.ROUNDS, [toys.unit("jiy", "operatives", name="Jiy"),
                                   toys.unit("mate", "operatives"),
                                   toys.unit("manny", "raiders", x=40, name="Manny")])


def test_a_combat_round_with_an_ambush_side_first_then_simultaneous_deaths():
    g = round_game()
    push(g, start_turn(g, R))
    assert g.active_side is None and may_act(g, R) == ["jiy", "mate", "manny"]
    push(g, declare_ambush(g, R, "operatives"))
    assert refusal(ctx_of(g, toys.ROUNDS, "shoot", "manny", target="jiy")) == \
        "Manny cannot act now: operatives ambushes: it spends all its active actions " \
        "first, then the others act"
    act(g, toys.ROUNDS, "shoot", "mate", [1], target="manny")
    act(g, toys.ROUNDS, "shoot", "jiy", [6], target="manny")      # Manny is hit …
    assert g.on_table("manny")                                      # … dies after his turn
    assert refusal(ctx_of(g, toys.ROUNDS, "shoot", "jiy", target="manny")) == \
        "Jiy has 0 actions left: Shoot costs 1"
    with pytest.raises(TurnError, match="operatives already ambushes"):
        declare_ambush(g, R, "raiders")
    push(g, next_activation(g, R))
    assert g.active_side is None and may_act(g, R) == ["manny"]
    res = act(g, toys.ROUNDS, "shoot", "manny", [6], target="jiy")  # Manny still fires
    assert not g.on_table("manny")                   # his own turn ended: he dies now
    assert g.on_table("jiy")                         # Jiy has acted: dies at round end
    assert "manny: removed (killed)" in res.change.describe()
    assert turn_complete(g, R)
    change = push(g, end_turn(g, R))
    assert not g.on_table("jiy") and change.label.endswith("1 deferred effect applied")
    assert g.active_side is None and "ambush" not in g.state      # one round only


def test_rounds_without_an_ambush_let_everyone_act_in_any_order():
    g = round_game()
    push(g, start_turn(g, R))
    act(g, toys.ROUNDS, "shoot", "manny", [1], target="jiy")
    with pytest.raises(TurnError, match="declared before anyone acts"):
        declare_ambush(g, R, "operatives")
    with pytest.raises(TurnError, match="every side acts in any order this round"):
        next_activation(g, R)
    act(g, toys.ROUNDS, "shoot", "jiy", [1], target="manny")
    act(g, toys.ROUNDS, "shoot", "mate", [1], target="manny")
    assert turn_complete(g, R) and may_act(g, R) == []


# --------------------------------------------------------------------------- data


@pytest.mark.parametrize("table, message", [
    ({"kind": "rounds"}, "toy: turn.actions_per_turn: a combat round needs"),
    ({"kind": "sides", "ambush": True}, "toy: turn.ambush: an ambush side going first"),
    ({"phases": "manoeuvre"}, "toy: turn.phases: expected a list"),
    ({"phases": ["manoeuvre", ""]}, r"toy: turn.phases\[1\]: expected a phase name"),
    ({"kind": "sides", "actions_per_turn": 1}, "toy: turn.actions_per_turn: only for"),
    ({"allies": "yes"}, "toy: turn.allies: expected true or false"),
])
def test_turn_tables_are_validated_with_field_paths(table, message):
    with pytest.raises(TurnError, match=message):
        turn_from_table(table, "toy: turn")


def test_the_four_structures_load_from_data():
    kinds = {k: turn_from_table(t, k) for k, t in toys.TURN_TABLES.items()}
    assert kinds["sides"].ap_per_unit == 2
    assert kinds["alternating"].passes_allowed and kinds["alternating"].initiative
    assert kinds["phases"].phases == ("manoeuvre", "fire") and kinds["phases"].allies
    assert kinds["rounds"].kind == "rounds" and kinds["rounds"].ambush
    assert kinds["rounds"].describe()["actions_per_turn"] == 1


@pytest.mark.parametrize("table, message", [
    ({"ap": -1}, "unit.cost.ap: expected a whole number ≥ 0"),
    ({"once_per": "week"}, "unit.cost.once_per: expected one of"),
    ({"weapon_once_per": "turn"}, "unit.cost.weapon_once_per: needs uses_weapon"),
    ({"phases": "fire"}, "unit.cost.phases: expected a list"),
    ({"gold": 3}, "unit.cost.gold: unknown key"),
])
def test_costs_from_data_name_the_field(table, message):
    with pytest.raises(CostRefused, match=message):
        from_table(table, "unit.cost")
    assert from_table({"ap": 1, "once_per": "turn", "uses_weapon": True}, "c") == \
        Cost(ap=1, once_per="turn", uses_weapon=True)


def test_an_iron_hearts_action_declares_its_ap_and_the_contract_charges_it():
    """Changed in issue 9 point 4: Iron Hearts' infantry actions used to declare no cost
    and spend their AP in their own effects; AP is now charged by the turn contract (the
    action's Cost), once, and recorded in the ledger."""
    from engine.rulesets.registry import get_ruleset
    from engine.scenario import Scenario, Table, Unit
    from geometry.bases import BaseShape

    ih = get_ruleset("iron-hearts")
    g = Game(Scenario("t", "iron-hearts", Table(), units=[
        Unit("rifle", "allies", "us-rifleman", 5, 5, BaseShape.round(25))]))
    g.active_side = "allies"
    ctx = ih.context("move", actor=g.unit("rifle"), options={"ap": 2}, game=g)
    res = ctx.resolve(ScriptedDice([]))
    assert res.change.effects == []                            # no AP inside the action
    charged = charge(ctx, res)
    push(g, charged.change)
    [e] = ledger.entries(g, "rifle")
    assert (e["action"], e["ap"], e["ap_on"]) == ("move", 2, ["move", "move"])
    assert g.unit("rifle").state["ap_left"] == 1               # charged once, by the action


# --------------------------------------------------------------------------- exact revert

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

TOY_GAMES = {"sides": (toys.SIDES, sides_game), "alternating": (toys.ALTERNATING, alt_game),
             "phases": (toys.PHASES, phase_game), "rounds": (toys.ROUNDS, round_game)}


def toy_step(g: Game, rs, op: str, k: int, face: int):
    s = structure_of(rs)
    ids = [u.id for u in g.units]
    if not ids:
        raise TurnError("no units")
    uid, other = ids[k % len(ids)], ids[(k + 1) % len(ids)]
    if op == "ini":
        return roll_initiative(g, s, ScriptedDice([face, face % 6 + 1])).change
    if op == "act":
        return activate(g, s, uid)
    if op == "pass":
        return pass_tested(g, s, ids[0], uid, ScriptedDice([face])).change
    if op == "ambush":
        return declare_ambush(g, s, g.unit(uid).side)
    if op == "action":
        action = rs.actions[k % len(rs.actions)]
        roles = {"target": g.unit(other)} if action.role("target") else {}
        ctx = rs.context(action.id, actor=g.unit(uid), game=g, **roles)
        return charge(ctx, ctx.resolve(ScriptedDice([face])), override=face > 4).change
    return {"start": start_turn, "end": end_turn, "next": next_activation,
            "phase": next_phase}[op](g, s)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(TOY_GAMES)),
       ops=st.lists(st.tuples(st.sampled_from(["ini", "start", "end", "next", "phase", "act",
                                               "pass", "ambush", "action", "action"]),
                              st.integers(0, 4), st.integers(1, 6)), max_size=14))
def test_any_sequence_of_steps_and_charged_actions_reverts_exactly(name, ops):
    """Turn steps, charged (and overridden) actions, deferred deaths and due tests: undoing
    them all in reverse restores the game exactly."""
    rs, make = TOY_GAMES[name]
    g = make()
    start = frozen(g)
    applied = []
    for op, k, face in ops:
        try:
            change = toy_step(g, rs, op, k, face)
        except (TurnError, CostRefused, ValueError):
            continue
        applied.append(push(g, change))
    for change in reversed(applied):
        revert_change(g, change)
    assert frozen(g) == start


def test_iron_hearts_suppression_tests_fall_due_when_the_side_starts_its_turn():
    """01 §4.5-3 through the Iron Hearts hooks: a suppressed character is due his Guts
    tests when his side's turn starts (a suppressed vehicle is not: the test is for
    characters), he cannot act after failing one, and taking it clears it from the list."""
    from engine.rulesets.registry import get_ruleset
    from engine.scenario import Scenario, Table, Unit
    from geometry.bases import BaseShape

    ih = get_ruleset("iron-hearts")
    s = structure_of(ih)
    units = [Unit("vova", "us", "us-rifleman", 5, 5, BaseShape.round(25),
                  markers={"suppression": 1}),
             Unit("tank", "us", "m4a1-sherman", 9, 5, BaseShape.rect(50, 100), turret=0.0,
                  markers={"suppression": 1}),
             Unit("hans", "axis", "grenadier", 30, 5, BaseShape.round(25))]
    g = Game(Scenario("t", "iron-hearts", Table(), units=units))
    change = push(g, roll_initiative(g, s, ScriptedDice([3, 9])).change)   # axis first
    assert triggers.due(g) == [] and "test" not in change.label
    push(g, next_activation(g, s))                                          # us starts
    assert [(d["unit"], d["test"]) for d in triggers.due(g)] == [("vova", "suppression_test")]
    ctx = ih.context("suppression_test", actor=g.unit("vova"), game=g)
    res = charge(ctx, ctx.resolve(ScriptedDice([10])))                     # fails
    push(g, res.change)
    assert triggers.due(g) == [] and unit_status(g, "vova", s).blocked.startswith(
        "failed a start-of-turn Guts test")
    assert unit_status(g, "vova", s).flags == ("cannot act", "suppressed 1")


@pytest.mark.parametrize("at, effects, message", [
    ("noon", [RemoveUnit("x").to_dict()], "defer.at: expected one of turn_start"),
    ("turn_end", [], "defer.effects: expected a list"),
    ("turn_end", ["remove x"], r"defer.effects\[0\]: expected an effect's dict form"),
    ("turn_end", [{"kind": "explode"}], r"defer.effects\[0\]: effect.kind: expected one of"),
])
def test_bad_deferred_effects_are_refused_when_scheduled(at, effects, message):
    from engine.model import ModelError

    with pytest.raises(ModelError, match=message):
        deferred.Defer(at, effects)


def test_a_side_may_roll_its_own_initiative_die():
    """TurnHooks.initiative_die (05 §4.A-1: each side its best quality die): keno rolls a
    d10, steel the structure's d8; a 9 is a d10's face only."""
    from engine.turns import TurnHooks

    own = A.with_hooks(TurnHooks(initiative_die=lambda g, side: D10 if side == "keno"
                                 else None))
    g = alt_game()
    roll = roll_initiative(g, own, ScriptedDice([9, 8]))
    assert [s.rolls[0].die for s in roll.steps[:2]] == ["d10", "d8"]
    assert roll.order == ["keno", "steel"]
    with pytest.raises(Exception, match="d8"):
        roll_initiative(g, A, ScriptedDice([9, 8]))          # the structure's d8 for both


def test_an_iron_hearts_action_with_too_few_ap_is_refused_and_applied_with_the_override():
    """Issue 9 point 4: a Shoot of 2 volleys with 1 AP left is refused naming the AP; the
    override charges what is left (never below 0) and says so in the ledger and label."""
    from engine.rulesets.registry import get_ruleset
    from engine.scenario import Scenario, Table, Unit
    from geometry.bases import BaseShape

    ih = get_ruleset("iron-hearts")
    g = Game(Scenario("t", "iron-hearts", Table(), units=[
        Unit("rifle", "allies", "us-rifleman", 5, 5, BaseShape.round(25), name="Pvt. Kane"),
        Unit("gren", "axis", "grenadier", 25, 5, BaseShape.round(25))]))
    g.active_side = "allies"
    g.unit("rifle").state["ap_left"] = 1
    ctx = ih.context("shoot", actor=g.unit("rifle"), target=g.unit("gren"),
                     options={"volleys": 2}, facts=Facts(distance_m=20.0, cover=0), game=g)
    res = ctx.resolve(ScriptedDice([9] * 20))
    with pytest.raises(CostRefused, match="Pvt. Kane has 1 AP left: Shoot costs 2 AP"):
        charge(ctx, res)
    forced = charge(ctx, res, override=True)
    assert "cost overridden: Pvt. Kane has 1 AP left" in forced.change.label
    push(g, forced.change)
    assert g.unit("rifle").state["ap_left"] == 0
    [e] = ledger.entries(g, "rifle")
    assert (e["action"], e["ap"], e["override"]) == ("shoot", 2, True)
