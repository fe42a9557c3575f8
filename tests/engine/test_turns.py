"""engine.turns: the Iron Hearts turn (initiative, AP reset and spending, end of turn), a
Keno-like alternating structure with passed actions and a Boets-like phased one, declared
here; every turn step reverts exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.costs import charge
from engine.dice import D8, D20, DiceError, ScriptedDice
from engine.model import Game, apply_change, revert_change
from engine.rulesets.registry import get_ruleset
from engine.scenario import Scenario, Table, Unit
from engine.turns import (
    DEFAULT,
    Initiative,
    TurnError,
    TurnStructure,
    activate,
    activation_order,
    activations,
    ap_left,
    ap_spent,
    end_turn,
    from_table,
    initiative_due,
    next_activation,
    next_phase,
    pass_action,
    roll_initiative,
    sides_order,
    spend,
    start_turn,
    structure_of,
    to_activate,
    turn_complete,
    unit_status,
    whose_turn,
)
from geometry.bases import BaseShape

IH = get_ruleset("iron-hearts")
IH_TURN = structure_of(IH)

KENO = TurnStructure(kind="alternating", actions_per_activation=2,
                     initiative=Initiative(D8), passes_allowed=True)
BOETS = TurnStructure(kind="sides", phases=("manoeuvre", "fire"),
                      initiative=Initiative(D20, "once"))


def frozen(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


def push(game: Game, change):
    """Apply a change, check that it reverts exactly, and apply it again."""
    before = frozen(game)
    apply_change(game, change)
    after = frozen(game)
    revert_change(game, change)
    assert frozen(game) == before
    apply_change(game, change)
    assert frozen(game) == after
    return change


def unit(uid: str, side: str, profile: str = "us-rifleman", parent: str | None = None,
         **state) -> Unit:
    return Unit(uid, side, profile, 5, 5, BaseShape.round(25), parent=parent, state=state)


def ih_game() -> Game:
    units = [unit("rifle-1", "allies"), unit("rifle-2", "allies", ap_left=0),
             unit("gren-1", "axis", "grenadier", cannot_act=True, detect_turn=1),
             unit("gren-2", "axis", "grenadier", grenade_turn=1)]
    return Game(Scenario("t", "iron-hearts", Table(), units=units))


def keno_game() -> Game:
    units = [unit("pl", "keno"), unit("s1", "keno", parent="pl"),
             unit("mg", "keno", parent="s1"), unit("k1", "steel"), unit("k2", "steel")]
    return Game(Scenario("t", "keno-platoon", Table(), units=units))


# --------------------------------------------------------------------------- declaration


def test_iron_hearts_declares_its_turn():
    assert IH_TURN.kind == "sides" and IH_TURN.ap_per_unit == 3 and IH_TURN.phases == ()
    assert IH_TURN.initiative.die.name == "d10" and IH_TURN.initiative.when == "each_turn"
    assert IH_TURN.initiative.proposed and IH_TURN.is_proposed("initiative_die")
    assert not IH_TURN.is_proposed("ap_per_unit")          # 3 AP is the seed's (§4.2-1)
    assert set(IH_TURN.clear_each_turn) == {"cannot_act", "detect_turn", "grenade_turn"}


def test_default_for_rulesets_without_a_turn():
    assert structure_of(object()) is DEFAULT and structure_of(None) is DEFAULT
    assert DEFAULT.kind == "sides" and DEFAULT.initiative is None and DEFAULT.ap_per_unit is None


@pytest.mark.parametrize("table, message", [
    ({"kind": "igougo"}, "turn.kind: expected one of sides | alternating"),
    ({"ap_per_unit": 0}, "turn.ap_per_unit: expected a whole number ≥ 1"),
    ({"initiative_die": "d0x"}, "turn.initiative_die: expected a die"),
    ({"initiative_die": "d6", "initiative_when": "sometimes"}, "turn.initiative_when"),
    ({"phases": ["fire", "fire"]}, "turn.phases: a phase is listed twice"),
    ({"passes_allowed": True}, "turn.passes_allowed: passing actions needs alternating"),
    ({"speed": 3}, "turn.speed: unknown key"),
])
def test_bad_tables_name_the_field(table, message):
    with pytest.raises(TurnError, match=message.replace("|", r"\|")):
        from_table(table)


def test_from_table_reads_a_keno_like_table():
    s = from_table({"kind": "alternating", "actions_per_activation": 2,
                    "initiative_die": "d8", "passes_allowed": True},
                   proposed=["initiative_die"])
    assert s.kind == "alternating" and s.actions_per_activation == 2 and s.passes_allowed
    assert s.initiative.die.name == "d8" and s.initiative.when == "each_turn"
    assert s.initiative.proposed


# --------------------------------------------------------------------------- Iron Hearts


def test_initiative_tie_is_rerolled():
    g = ih_game()
    assert initiative_due(g, IH_TURN) and whose_turn(g) is None
    roll = roll_initiative(g, IH_TURN, ScriptedDice([6, 6, 2, 9]))
    assert roll.order == ["axis", "allies"]
    assert roll.rolls == {"allies": [6, 2], "axis": [6, 9]}
    labels = [s.label for s in roll.steps]
    assert labels == ["Initiative: Allies", "Initiative: Axis", "Tie",
                      "Initiative: Allies (re-roll 1)", "Initiative: Axis (re-roll 1)",
                      "Order"]
    assert [r.faces for r in roll.dice] == [(6,), (6,), (2,), (9,)]
    assert {r.source for r in roll.dice} == {"script"}
    push(g, roll.change)
    assert activation_order(g) == ["axis", "allies"] and whose_turn(g) == "axis"
    assert g.state["initiative"] == {"turn": 1, "order": ["axis", "allies"],
                                     "rolls": {"allies": [6, 2], "axis": [6, 9]}}
    entry = roll.log_entry()
    assert entry.action == "initiative" and entry.details["kind"] == "roll"
    assert entry.summary == "Axis first: Axis, Allies" and len(entry.dice) == 4
    assert not initiative_due(g, IH_TURN)
    with pytest.raises(TurnError, match="already rolled this turn"):
        roll_initiative(g, IH_TURN, ScriptedDice([1, 2]))


def test_initiative_die_faces_are_checked():
    with pytest.raises(DiceError, match="step 'Initiative: Allies' needs a d10: 11"):
        roll_initiative(ih_game(), IH_TURN, ScriptedDice([11, 3]))


def test_three_sides_only_the_tied_ones_reroll():
    g = ih_game()
    g.sides = ["allies", "axis", "partisans"]
    roll = roll_initiative(g, IH_TURN, ScriptedDice([4, 7, 4, 1, 3]))
    # axis 7 first; allies and partisans tied on 4 re-roll: 1 vs 3
    assert roll.order == ["axis", "partisans", "allies"]


def test_ap_spent_by_actions_then_reset_at_the_start_of_the_turn():
    g = ih_game()
    push(g, roll_initiative(g, IH_TURN, ScriptedDice([8, 3])).change)
    assert ap_left(g, "rifle-1", IH_TURN) == 3 and ap_spent(g, "rifle-1", IH_TURN) == 0
    ctx = IH.context("move", actor=g.unit("rifle-1"), options={"ap": 2}, game=g)
    # a real action spends 2 AP, charged by the turn contract (issue 9 point 4)
    push(g, charge(ctx, ctx.resolve(ScriptedDice([]))).change)
    assert ap_left(g, "rifle-1", IH_TURN) == 1 and ap_spent(g, "rifle-1", IH_TURN) == 2
    push(g, spend(g, IH_TURN, "rifle-1"))
    assert ap_left(g, "rifle-1", IH_TURN) == 0
    with pytest.raises(TurnError, match="has 0 AP left this turn; this needs 1"):
        spend(g, IH_TURN, "rifle-1")
    assert unit_status(g, "gren-1", IH_TURN).flags == ("cannot act",)

    change = push(g, start_turn(g, IH_TURN))
    assert change.label == "Start of turn 1"
    assert [ap_left(g, u.id, IH_TURN) for u in g.units] == [3, 3, 3, 3]
    assert "cannot_act" not in g.unit("gren-1").state
    assert "detect_turn" not in g.unit("gren-1").state
    assert "grenade_turn" not in g.unit("gren-2").state
    assert whose_turn(g) == "allies"                      # initiative of this turn kept


def test_sides_hand_over_and_end_of_turn_advances():
    g = ih_game()
    push(g, roll_initiative(g, IH_TURN, ScriptedDice([8, 3])).change)
    assert whose_turn(g) == "allies" and not turn_complete(g, IH_TURN)
    with pytest.raises(TurnError, match="phases: this ruleset's turn has none"):
        next_phase(g, IH_TURN)
    with pytest.raises(TurnError, match="activate: this ruleset's sides act"):
        activate(g, IH_TURN, "rifle-1")
    push(g, next_activation(g, IH_TURN))
    assert whose_turn(g) == "axis" and turn_complete(g, IH_TURN)
    assert activations(g) == [{"side": "allies", "unit": None, "kind": "side"}]
    with pytest.raises(TurnError, match="Axis is the last side this turn: end the turn"):
        next_activation(g, IH_TURN)
    push(g, spend(g, IH_TURN, "gren-2", 2))
    change = push(g, end_turn(g, IH_TURN))
    assert change.label == "End of turn 1; turn 2 begins: roll initiative"
    assert g.turn == 2 and whose_turn(g) is None and activation_order(g) == []
    assert activations(g) == [] and ap_left(g, "gren-2", IH_TURN) == 3
    assert initiative_due(g, IH_TURN)
    with pytest.raises(TurnError, match="roll initiative first"):
        next_activation(g, IH_TURN)
    push(g, roll_initiative(g, IH_TURN, ScriptedDice([2, 5])).change)
    assert whose_turn(g) == "axis" and g.state["initiative"]["turn"] == 2


# --------------------------------------------------------------------------- Keno-like


def test_alternating_activations_with_a_passed_action():
    g = keno_game()
    push(g, roll_initiative(g, KENO, ScriptedDice([7, 2])).change)   # keno 7, steel 2
    assert whose_turn(g) == "keno"
    with pytest.raises(TurnError, match="k1 is steel's: keno is activating"):
        activate(g, KENO, "k1")
    push(g, activate(g, KENO, "pl"))
    assert unit_status(g, "pl", KENO).actions_left == 2
    assert unit_status(g, "pl", KENO).activating
    with pytest.raises(TurnError, match="pl is still activating"):
        activate(g, KENO, "s1")
    # the platoon commander passes an action to the MG team, bypassing the squad leader
    push(g, pass_action(g, KENO, "pl", "mg"))
    assert g.unit("pl").state["actions_left"] == 1 and g.unit("mg").state["actions_left"] == 2
    assert activations(g)[-1] == {"side": "keno", "unit": "mg", "kind": "passed",
                                  "from": "pl", "bypassed": 1}
    assert not g.unit("mg").state.get("activated")         # keeps its own activation
    push(g, pass_action(g, KENO, "pl", "s1", succeeded=False))
    assert g.unit("pl").state["actions_left"] == 0 and "actions_left" not in g.unit("s1").state
    assert activations(g)[-1]["kind"] == "pass failed"
    with pytest.raises(TurnError, match="pl has no action left to pass"):
        pass_action(g, KENO, "pl", "s1")
    with pytest.raises(TurnError, match="pl is not under s1's command"):
        pass_action(g, KENO, "s1", "pl")

    push(g, next_activation(g, KENO))
    assert whose_turn(g) == "steel" and "actions_left" not in g.unit("pl").state
    push(g, next_activation(g, KENO))                      # steel lets its slot go
    assert activations(g)[-1] == {"side": "steel", "unit": None, "kind": "pass"}
    assert whose_turn(g) == "keno"
    push(g, activate(g, KENO, "s1"))
    push(g, spend(g, KENO, "s1"))
    assert unit_status(g, "s1", KENO).actions_left == 1
    push(g, next_activation(g, KENO))
    push(g, activate(g, KENO, "k1"))
    push(g, next_activation(g, KENO))
    push(g, activate(g, KENO, "mg"))                        # its own activation
    push(g, next_activation(g, KENO))
    # keno has nobody left: steel activates all its remaining units
    assert to_activate(g, "keno") == [] and whose_turn(g) == "steel"
    push(g, activate(g, KENO, "k2"))
    push(g, next_activation(g, KENO))
    assert whose_turn(g) is None and turn_complete(g, KENO)
    with pytest.raises(TurnError, match="every unit has activated: end the turn"):
        activate(g, KENO, "k2")
    assert [(a["side"], a["unit"], a["kind"]) for a in activations(g)] == [
        ("keno", "pl", "activation"), ("keno", "mg", "passed"), ("keno", "s1", "pass failed"),
        ("steel", None, "pass"), ("keno", "s1", "activation"), ("steel", "k1", "activation"),
        ("keno", "mg", "activation"), ("steel", "k2", "activation")]
    push(g, end_turn(g, KENO))
    assert g.turn == 2 and activations(g) == [] and to_activate(g, "keno") == ["pl", "s1", "mg"]
    assert not any("activated" in u.state for u in g.units)


def test_passes_only_where_declared():
    g = keno_game()
    plain = TurnStructure(kind="alternating", actions_per_activation=2)
    push(g, start_turn(g, plain))
    push(g, activate(g, plain, "pl"))
    with pytest.raises(TurnError, match="this ruleset has no passed actions"):
        pass_action(g, plain, "pl", "s1")


# --------------------------------------------------------------------------- Boets-like


def test_phases_within_side_turns_and_initiative_once_per_game():
    g = ih_game()
    push(g, roll_initiative(g, BOETS, ScriptedDice([20, 14])).change)
    assert whose_turn(g) == "allies" and g.phase == "manoeuvre"
    push(g, next_phase(g, BOETS))
    assert g.phase == "fire"
    with pytest.raises(TurnError, match="fire is the last phase: hand over"):
        next_phase(g, BOETS)
    push(g, next_activation(g, BOETS))
    assert whose_turn(g) == "axis" and g.phase == "manoeuvre"
    push(g, next_phase(g, BOETS))
    with pytest.raises(TurnError, match="fire is the last phase: end the turn"):
        next_phase(g, BOETS)
    change = push(g, end_turn(g, BOETS))
    assert change.label == "End of turn 1; turn 2 begins: Allies acts"
    assert g.turn == 2 and whose_turn(g) == "allies" and g.phase == "manoeuvre"
    assert not initiative_due(g, BOETS) and sides_order(g) == ["allies", "axis"]
    with pytest.raises(TurnError, match="rolled once per game, already rolled on turn 1"):
        roll_initiative(g, BOETS, ScriptedDice([1, 2]))


def test_no_initiative_structure_uses_the_listed_sides():
    g = ih_game()
    with pytest.raises(TurnError, match="this ruleset rolls none"):
        roll_initiative(g, DEFAULT, ScriptedDice([1, 2]))
    push(g, start_turn(g, DEFAULT))
    assert whose_turn(g) == "allies" and ap_left(g, "rifle-1", DEFAULT) is None
    with pytest.raises(TurnError, match="counts neither AP nor actions"):
        spend(g, DEFAULT, "rifle-1")


# --------------------------------------------------------------------------- exact revert


STRUCTURES = {"ih": IH_TURN, "keno": KENO, "boets": BOETS}


def step_of(g: Game, s: TurnStructure, op: str, k: int, face: int):
    """One turn step by name; k picks a unit, face the first initiative die."""
    uid = [u.id for u in g.units][k % len(g.units)]
    if op == "ini":
        return roll_initiative(g, s, ScriptedDice([face, face % 8 + 1])).change
    if op == "act":
        return activate(g, s, uid)
    if op == "pass":
        return pass_action(g, s, g.units[0].id, uid)
    if op == "spend":
        return spend(g, s, uid)
    return {"start": start_turn, "end": end_turn, "next": next_activation,
            "phase": next_phase}[op](g, s)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(STRUCTURES)),
       ops=st.lists(st.tuples(st.sampled_from(["ini", "start", "end", "next", "phase", "act",
                                               "pass", "spend"]),
                              st.integers(0, 4), st.integers(1, 8)), max_size=12))
def test_any_sequence_of_steps_reverts_exactly(name, ops):
    """Whatever legal steps are taken, undoing them all in reverse restores the game."""
    s = STRUCTURES[name]
    g = keno_game() if name == "keno" else ih_game()
    start = frozen(g)
    applied = []
    for op, k, face in ops:
        try:
            change = step_of(g, s, op, k, face)
        except (TurnError, DiceError):
            continue
        applied.append(push(g, change))
    for change in reversed(applied):
        revert_change(g, change)
    assert frozen(g) == start
