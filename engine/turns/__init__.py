"""The turn and activation model: how a ruleset's turn runs, and the changes that run it.

A ruleset declares a small `TurnStructure` (its attribute `turn_structure`; rulesets that
declare none get `DEFAULT`): whole side turns (IGOUGO) or alternating unit activations,
optional phases, action points per unit or actions per activation, how initiative is
rolled, and which per-unit flags last "this turn". The operations in this package read the
game and return an unapplied `engine.model.Change`, so the app applies every turn step undoably and
a test can revert it exactly. Nothing here decides a rule of a particular ruleset beyond
what the structure declares.

Where the turn lives in the game (all plain JSON, saved with the game):
- `game.turn` — the round: every side acts once per turn (where a rules text calls one
  side's go a "turn", 03 §4.2, it is half of ours);
- `game.activation_order` — the sides in acting order this turn (initiative winner first;
  empty until initiative is rolled, when the structure rolls it);
- `game.active_side` — whose turn (sides) or whose activation slot (alternating); None when
  nobody is acting (initiative due, or every unit has activated);
- `game.phase` — the current phase, or None for structures without phases;
- `game.state["initiative"]` — the last roll: {"turn", "order", "rolls": {side: [faces]}};
- `game.state["activations"]` — this turn's slots, in order: {"side", "unit", "kind"} with
  kind "activation", "passed" (a commander's passed action, with "from" and "bypassed"),
  "pass" (a side let its slot go) or "side" (a side ended its whole turn);
- `game.state["activating"]` — the unit whose activation is running (alternating);
- `game.state["ledger"]`, `["due"]`, `["deferred"]`, `["ambush"]` — this turn's activation
  ledger (engine.ledger), the tests due (engine.triggers), the effects waiting for a
  boundary (engine.deferred), the side that ambushes this round;
- per unit: `state["ap_left"]` (a unit without it has the full allowance),
  `state["activated"]`, `state["actions_left"]`.

What the turn model cannot know is asked of the ruleset through `TurnHooks`, which its
structure carries (`TurnStructure.hooks`): `can_act(game, unit)` (why a unit may not act
— failed a morale test, out of the fight), `flags(game, unit)` (what hampers it, for the
Turn dock), `triggers` (the tests due at a boundary) and `comm_test` (the test a passed
action needs). Every turn step that crosses a boundary (end of a side's turn, start of a
phase, an activation …) applies the deferred effects waiting for it and records the tests
it makes due, in its own Change. docs/turn-contract.md is the guide.

The package is split by subject: `structure` (the declaration), `queries` (reading the turn
from a game), `boundaries` (the Change of a step that crosses boundaries), `initiative`,
`steps` (the turn steps) and `passing` (passed actions). Import from `engine.turns`: it is
the one public door, and its names do not depend on that split.
"""

from engine.turns.initiative import InitiativeRoll, roll_initiative
from engine.turns.passing import TurnRoll, chain_links, pass_action, pass_tested
from engine.turns.queries import (
    UnitStatus,
    actions_left,
    activating,
    activation_order,
    activations,
    ambush_side,
    ap_left,
    ap_spent,
    initiative_due,
    may_act,
    player_of,
    sides_order,
    to_activate,
    turn_complete,
    unit_status,
    whose_turn,
    why_cannot_act,
    why_not_now,
)
from engine.turns.steps import (
    activate,
    declare_ambush,
    end_turn,
    next_activation,
    next_phase,
    spend,
    start_turn,
    turn_entry,
)
from engine.turns.structure import (
    DEFAULT,
    INITIATIVE_WHEN,
    KINDS,
    MAX_INITIATIVE_ROUNDS,
    NO_HOOKS,
    TURN_KEYS,
    TURN_STATE,
    CommTest,
    Initiative,
    PassOutlook,
    TurnError,
    TurnHooks,
    TurnStructure,
    from_table,
    structure_of,
)

__all__ = [
    "TurnError", "Initiative", "TurnStructure", "DEFAULT", "KINDS", "INITIATIVE_WHEN",
    "structure_of", "from_table", "UnitStatus", "InitiativeRoll",
    "roll_initiative", "start_turn", "end_turn", "next_activation", "activate",
    "pass_action", "spend", "next_phase", "turn_entry",
    "sides_order", "activation_order", "whose_turn", "activations", "activating",
    "ap_left", "ap_spent", "actions_left", "to_activate", "turn_complete",
    "initiative_due", "unit_status", "TurnHooks", "CommTest", "PassOutlook", "TurnRoll",
    "pass_tested", "chain_links",
    "declare_ambush", "why_cannot_act", "why_not_now", "may_act", "player_of", "ambush_side",
    "MAX_INITIATIVE_ROUNDS", "TURN_KEYS", "TURN_STATE", "NO_HOOKS",
]
