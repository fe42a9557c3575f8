"""The turn and activation model: how a ruleset's turn runs, and the changes that run it.

A ruleset declares a small `TurnStructure` (its attribute `turn_structure`; rulesets that
declare none get `DEFAULT`): whole side turns (IGOUGO) or alternating unit activations,
optional phases, action points per unit or actions per activation, how initiative is
rolled, and which per-unit flags last "this turn". The operations here read the game and
return an unapplied `engine.model.Change`, so the app applies every turn step undoably and
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
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from engine import deferred, ledger, triggers
from engine.dice import D10, DiceError, DiceSource, Die, RollRecord, die
from engine.i18n import join, msg
from engine.model import (
    AdjustState,
    Change,
    Effect,
    Game,
    LogEntry,
    ModelError,
    SetGame,
    SetGameState,
    SetState,
    apply_change,
    revert_change,
)
from engine.protocol import Step, info_step, roll_step
from engine.scenario import Unit
from engine.triggers import Crossing, Trigger

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
]

KINDS = ("sides", "alternating", "rounds")
INITIATIVE_WHEN = ("each_turn", "once")
#: Per-unit state keys every structure clears at the start of a turn (its own are added).
TURN_KEYS = ("ap_spent", "activated", "actions_left")
#: Turn-wide game state keys cleared when a turn starts (the battle ledger stays).
TURN_STATE = ("activations", "activating", "ambush")
#: Safety cap on initiative re-rolls of a tie (a script or a typo would loop otherwise).
MAX_INITIATIVE_ROUNDS = 50


class TurnError(ValueError):
    """A turn step the structure does not allow now; the message says why and what to do."""


# --------------------------------------------------------------------------- declaration


@dataclass(frozen=True, slots=True)
class Initiative:
    """Who goes first: every side rolls `die`, higher goes first, ties are re-rolled among
    the tied sides. `when`: "each_turn" (05 §4.2-1; 01 §8-1 PROPOSED) or "once" per
    game (03 §4.2-1: "who moves first")."""

    die: Die = D10
    when: Literal["each_turn", "once"] = "each_turn"
    proposed: bool = False
    reason: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.die, Die):
            raise TurnError(f"initiative.die: expected a die such as 'd10', got {self.die!r}")
        if self.when not in INITIATIVE_WHEN:
            raise TurnError(f"initiative.when: expected one of {' | '.join(INITIATIVE_WHEN)},"
                            f" got {self.when!r}")


@dataclass(frozen=True, slots=True)
class CommTest:
    """The communication test a passed action needed: its steps and whether it passed."""

    steps: tuple[Step, ...]
    passed: bool
    summary: str = ""


@dataclass(frozen=True, slots=True)
class PassOutlook:
    """What a passed action from a commander to a unit would meet, as the ruleset tells it
    before any die is rolled: `kind` "free" (no test needed), "test" (`p_through` is the
    exact chance it gets through) or "impossible"; `text` says so in words ("in sight
    within 6\": no test", "d8 > 3: 5/8")."""

    kind: Literal["free", "test", "impossible"]
    text: str
    p_through: Fraction | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("free", "test", "impossible"):
            raise TurnError(f"pass outlook: kind expected free | test | impossible, "
                            f"got {self.kind!r}")


@dataclass(frozen=True, slots=True)
class TurnHooks:
    """What a ruleset answers for the turn model (none of it is the model's to know).

    - `can_act(game, unit)`: None when the unit may act, else why not ("failed its
      start-of-turn Guts test"); None (no hook) = every unit on the table may act;
    - `flags(game, unit)`: what hampers it, in words, for the Turn dock ("shaken", "2 markers");
    - `triggers`: the tests due at the boundaries of the turn (engine.triggers.Trigger);
    - `comm_test(game, commander, unit, bypassed, dice)`: the test a passed action needs
      (None returned = none needed, e.g. in sight within 6"); `bypassed` = links skipped;
    - `initiative_die(game, side)`: the die this side rolls for initiative when it is not
      the structure's (05 §4.A-1: the best quality die among its units); None = the
      structure's die;
    - `pass_outlook(game, commander, unit, bypassed)`: what a pass would meet, before any
      die is rolled (PassOutlook: no test, a test with its exact odds, or impossible and
      why), for the Turn dock's command tree; None = nothing to say;
    - `ambush_rounds(game)`: how many rounds a declared ambush lasts (04 §4.A-15, read from
      the game's readings); None = one round.
    """

    can_act: Callable[[Game, Unit], str | None] | None = None
    flags: Callable[[Game, Unit], Sequence[str]] | None = None
    triggers: tuple[Trigger, ...] = ()
    comm_test: Callable[[Game, Unit, Unit, int, DiceSource], CommTest | None] | None = None
    initiative_die: Callable[[Game, str], Die | None] | None = None
    pass_outlook: Callable[[Game, Unit, Unit, int], PassOutlook | None] | None = None
    ambush_rounds: Callable[[Game], int] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "triggers", triggers.check_triggers(self.triggers))
        for name in ("can_act", "flags", "comm_test", "initiative_die", "pass_outlook",
                     "ambush_rounds"):
            v = getattr(self, name)
            if v is not None and not callable(v):
                raise TurnError(f"turn.hooks.{name}: expected a function, got {v!r}")


NO_HOOKS = TurnHooks()


@dataclass(frozen=True, slots=True)
class TurnStructure:
    """A ruleset's turn, as data (its `hooks` are the code the ruleset adds).

    - `kind`: "sides" — each side acts with all its units, then hands over (IGOUGO);
      "alternating" — sides take turns activating one unit each; a side with nobody left
      to activate is skipped, so the other activates all its remaining units;
      "rounds" — a combat round: every unit has `actions_per_turn` active actions and
      units act in any order, except that a side declared as ambushing acts first
      with all its units (`ambush`).
    - `phases`: the phases of a side's turn in order (03 §4.2-4: manoeuvre, fire); () = none.
    - `ap_per_unit`: action points per unit per turn (01 §4.2-1: 3), reset each turn.
    - `actions_per_activation`: actions in one activation (05 §4.3-1: 2).
    - `actions_per_turn`: active actions per unit per round (04 §4.2-1: 1).
    - `initiative`: how the order of sides is rolled; None = the sides' listed order.
    - `passes_allowed`: a commander may pass an action to a unit under him, giving it a
      whole activation (05 §4.4); only with alternating activations.
    - `allies`: several players share a side and act in any order, interleaving (03
      §4.2-3); the Turn dock shows each unit's player (the unit's "player" key).
    - `ambush`: a side may be declared to ambush this round and act first (rounds only).
    - `clear_each_turn`: per-unit state keys that last "this turn" (a failed
      morale test, a once-a-turn detection roll), removed when a turn starts.
    - `proposed`: the field names whose values are ours, not the rules text's.
    """

    kind: Literal["sides", "alternating", "rounds"] = "sides"
    phases: tuple[str, ...] = ()
    ap_per_unit: int | None = None
    actions_per_activation: int | None = None
    initiative: Initiative | None = None
    passes_allowed: bool = False
    clear_each_turn: tuple[str, ...] = ()
    proposed: tuple[str, ...] = ()
    doc: str = ""
    actions_per_turn: int | None = None
    allies: bool = False
    ambush: bool = False
    hooks: TurnHooks = field(default=NO_HOOKS, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise TurnError(f"turn.kind: expected one of {' | '.join(KINDS)}, got {self.kind!r}")
        object.__setattr__(self, "phases", tuple(self.phases))
        object.__setattr__(self, "clear_each_turn", tuple(self.clear_each_turn))
        object.__setattr__(self, "proposed", tuple(self.proposed))
        for i, p in enumerate(self.phases):
            if not isinstance(p, str) or not p.strip():
                raise TurnError(f"turn.phases[{i}]: expected a phase name, got {p!r}")
        if len(set(self.phases)) != len(self.phases):
            raise TurnError(f"turn.phases: a phase is listed twice: {list(self.phases)}")
        for name in ("ap_per_unit", "actions_per_activation", "actions_per_turn"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise TurnError(f"turn.{name}: expected a whole number ≥ 1 or none, got {v!r}")
        if self.initiative is not None and not isinstance(self.initiative, Initiative):
            raise TurnError(f"turn.initiative: expected an Initiative, got {self.initiative!r}")
        for name in ("passes_allowed", "allies", "ambush"):
            if not isinstance(getattr(self, name), bool):
                raise TurnError(f"turn.{name}: expected true or false, "
                                f"got {getattr(self, name)!r}")
        if self.passes_allowed and (self.kind != "alternating"
                                    or self.actions_per_activation is None):
            raise TurnError("turn.passes_allowed: passing actions needs alternating "
                            "activations with actions_per_activation")
        if self.kind == "rounds" and self.actions_per_turn is None:
            raise TurnError("turn.actions_per_turn: a combat round needs the actions each "
                            "unit has in it (e.g. 1)")
        if self.actions_per_turn is not None and self.kind != "rounds":
            raise TurnError("turn.actions_per_turn: only for kind = rounds (side turns "
                            "count AP, activations count actions_per_activation)")
        if self.ambush and self.kind != "rounds":
            raise TurnError("turn.ambush: an ambush side going first needs kind = rounds")
        if self.kind == "alternating" and self.phases:
            raise TurnError("turn.phases: phases belong to a side's turn (kind = sides)")
        for i, k in enumerate(self.clear_each_turn):
            if not isinstance(k, str) or not k:
                raise TurnError(f"turn.clear_each_turn[{i}]: expected a state key, got {k!r}")
        if not isinstance(self.hooks, TurnHooks):
            raise TurnError(f"turn.hooks: expected engine.turns.TurnHooks, got {self.hooks!r}")

    def is_proposed(self, name: str) -> bool:
        return name in self.proposed

    def with_hooks(self, hooks: TurnHooks) -> TurnStructure:
        """This structure with the ruleset's hooks attached."""
        import dataclasses

        return dataclasses.replace(self, hooks=hooks)

    def describe(self) -> dict:
        """JSON-able declaration (the app, `--json`)."""
        ini = self.initiative
        h = self.hooks
        return {"kind": self.kind, "phases": list(self.phases), "ap_per_unit": self.ap_per_unit,
                "actions_per_activation": self.actions_per_activation,
                "actions_per_turn": self.actions_per_turn,
                "initiative": None if ini is None else
                {"die": ini.die.name, "when": ini.when, "proposed": ini.proposed,
                 "reason": ini.reason},
                "passes_allowed": self.passes_allowed, "allies": self.allies,
                "ambush": self.ambush,
                "clear_each_turn": list(self.clear_each_turn), "proposed": list(self.proposed),
                "triggers": [{"at": t.at, "test": t.test, "label": t.label,
                              "proposed": t.proposed} for t in h.triggers],
                "can_act": h.can_act is not None, "comm_test": h.comm_test is not None}


#: For rulesets that declare no turn: sides in their listed order, no AP, no initiative.
DEFAULT = TurnStructure(doc="no turn structure declared: sides act in their listed order")


def structure_of(ruleset: Any) -> TurnStructure:
    """The ruleset's `turn_structure`, or DEFAULT when it declares none (or is None)."""
    s = getattr(ruleset, "turn_structure", None) if ruleset is not None else None
    return s if isinstance(s, TurnStructure) else DEFAULT


_TABLE_KEYS = ("kind", "phases", "ap_per_unit", "ap_per_turn", "actions_per_activation",
               "actions_per_turn", "initiative_die", "initiative_when", "passes_allowed",
               "allies", "ambush", "clear_each_turn", "proposed")


def from_table(table: Mapping[str, Any], where: str = "turn",
               proposed: Sequence[str] = ()) -> TurnStructure:
    """A TurnStructure from a data table (a ruleset.toml [turn] section): keys `kind`,
    `phases`, `ap_per_unit` (or `ap_per_turn`), `actions_per_activation`,
    `actions_per_turn`, `initiative_die` ("d10"; absent = no initiative roll),
    `initiative_when`, `passes_allowed`, `allies`, `ambush`, `clear_each_turn`.
    `proposed` names the keys whose values are ours. Bad values raise TurnError naming
    `where`.key (a list item by its index: "turn.phases[1]")."""
    if not isinstance(table, Mapping):
        raise TurnError(f"{where}: expected a table, got {table!r}")
    unknown = [k for k in table if k not in _TABLE_KEYS]
    if unknown:
        raise TurnError(f"{where}.{unknown[0]}: unknown key (known: {', '.join(_TABLE_KEYS)})")
    proposed = tuple(proposed) + tuple(table.get("proposed", ()))
    ini = None
    if table.get("initiative_die") is not None:
        try:
            d = die(table["initiative_die"])
        except DiceError:
            raise TurnError(f"{where}.initiative_die: expected a die such as 'd10', "
                            f"got {table['initiative_die']!r}") from None
        when = table.get("initiative_when", "each_turn")
        if when not in INITIATIVE_WHEN:
            raise TurnError(f"{where}.initiative_when: expected one of "
                            f"{' | '.join(INITIATIVE_WHEN)}, got {when!r}")
        ini = Initiative(d, when, proposed=bool({"initiative_die", "initiative_when"}
                                                & set(proposed)))
    ap = table.get("ap_per_unit", table.get("ap_per_turn"))
    if "ap_per_turn" in proposed:
        proposed += ("ap_per_unit",)
    for key in ("phases", "clear_each_turn", "proposed"):
        v = table.get(key, ())
        if isinstance(v, str) or not isinstance(v, Sequence):
            raise TurnError(f"{where}.{key}: expected a list, got {v!r}")
    try:
        return TurnStructure(kind=table.get("kind", "sides"), phases=tuple(table.get("phases", ())),
                             ap_per_unit=ap,
                             actions_per_activation=table.get("actions_per_activation"),
                             actions_per_turn=table.get("actions_per_turn"),
                             initiative=ini, passes_allowed=table.get("passes_allowed", False),
                             allies=table.get("allies", False), ambush=table.get("ambush", False),
                             clear_each_turn=tuple(table.get("clear_each_turn", ())),
                             proposed=proposed)
    except TurnError as e:
        raise TurnError(str(e).replace("turn.", f"{where}.", 1)) from None


# --------------------------------------------------------------------------- queries


def sides_order(game: Game) -> list[str]:
    """The sides in acting order this turn: the initiative order, else the listed sides."""
    return list(game.activation_order) or list(game.sides)


def activation_order(game: Game) -> list[str]:
    """The order of sides this turn as rolled (empty until initiative is rolled)."""
    return list(game.activation_order)


def whose_turn(game: Game) -> str | None:
    """The side acting now (its turn, or its activation slot), None if nobody is."""
    return game.active_side


def activations(game: Game) -> list[dict]:
    """This turn's activation slots so far, in order (copies)."""
    return copy.deepcopy(list(game.state.get("activations") or []))


def activating(game: Game) -> str | None:
    """The unit whose activation is running (alternating structures)."""
    return game.state.get("activating")


def _unit(game: Game, unit_id: str):
    try:
        u = game.unit(unit_id)
    except ModelError as e:
        raise TurnError(str(e)) from None
    if not game.on_table(unit_id):
        raise TurnError(msg("unit '{unit}': not on the table ({reason})", unit=unit_id,
                            reason=str(u.state.get("removed"))))
    return u


def ap_left(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    """Action points the unit has left this turn (None when the structure has no AP)."""
    if structure.ap_per_unit is None:
        return None
    v = game.unit(unit_id).state.get("ap_left", structure.ap_per_unit)
    return int(v)


def ap_spent(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    left = ap_left(game, unit_id, structure)
    return None if left is None else max(0, structure.ap_per_unit - left)  # type: ignore[operator]


def actions_left(game: Game, unit_id: str, structure: TurnStructure) -> int | None:
    """Actions left in the unit's running (or passed) activation, or in this round;
    None without one."""
    if structure.kind == "rounds":
        return int(game.unit(unit_id).state.get("actions_left", structure.actions_per_turn))
    if structure.actions_per_activation is None:
        return None
    v = game.unit(unit_id).state.get("actions_left")
    return None if v is None else int(v)


def player_of(unit: Unit) -> str | None:
    """The player who moves the unit when allies share a side (the unit's "player" key
    in the scenario, or in its state)."""
    p = unit.extra.get("player") if isinstance(unit.extra, Mapping) else None
    p = p if p is not None else unit.state.get("player")
    return None if p is None else str(p)


def why_cannot_act(game: Game, structure: TurnStructure, unit_id: str) -> str | None:
    """Why the unit may not act this turn by the ruleset (`TurnHooks.can_act`), or None."""
    try:
        u = game.unit(unit_id)
    except ModelError as e:
        return str(e)
    if not game.on_table(unit_id):
        return msg("not on the table ({reason})", reason=str(u.state.get("removed")))
    hook = structure.hooks.can_act
    return hook(game, u) if hook is not None else None


def ambush_side(game: Game) -> str | None:
    """The side ambushing this round (it acts first), None when none is."""
    amb = game.state.get("ambush")
    if isinstance(amb, Mapping) and isinstance(amb.get("turn"), int) and \
            amb["turn"] <= game.turn <= amb.get("until", amb["turn"]):
        return amb.get("side")
    return None


def why_not_now(game: Game, structure: TurnStructure, unit_id: str) -> str | None:
    """Why it is not the unit's moment to act by the turn's order, or None: another side's
    turn, another unit activating, the ambushing side first."""
    u = game.unit(unit_id)
    side = game.active_side
    if structure.kind == "rounds":
        amb = ambush_side(game)
        if amb is not None and side == amb and u.side != amb:
            return msg("{side} ambushes: it spends all its active actions first, then the "
                       "others act", side=amb)
        return None
    if side is None:
        if initiative_due(game, structure):
            return msg("nobody is acting yet: roll initiative first")
        return msg("nobody is acting: start or end the turn")
    if u.side != side and structure.kind == "sides":
        return msg("it is {side}'s turn", side=side)
    if structure.kind == "alternating":
        running = activating(game)
        if running != u.id and game.unit(u.id).state.get("actions_left") is None:
            now = msg("{unit} is activating", unit=game.unit(running).label) if running \
                else msg("{side} is to activate a unit", side=side)
            return msg("{unit} is not activating ({now})", unit=u.label, now=now)
    return None


def _can_activate(game: Game, structure: TurnStructure, u: Unit) -> bool:
    return not u.state.get("activated") and why_cannot_act(game, structure, u.id) is None


def to_activate(game: Game, side: str, structure: TurnStructure | None = None) -> list[str]:
    """Units of `side` on the table that have not activated this turn and may act (by the
    ruleset's `can_act`)."""
    s = structure or DEFAULT
    return [u.id for u in game.units_of(side) if _can_activate(game, s, u)]


def may_act(game: Game, structure: TurnStructure) -> list[str]:
    """The units that may still act now, for the Turn dock: of the acting side (or every
    side in a round), allowed by the ruleset, with AP or actions left; in a phased turn
    without AP, those not yet recorded in this phase."""
    s = structure
    out = []
    if s.kind == "alternating":
        running = activating(game)
        if running is not None:
            return [running] if (actions_left(game, running, s) or 0) > 0 or \
                s.actions_per_activation is None else []
        side = game.active_side
        return to_activate(game, side, s) if side else []
    side = game.active_side
    if s.kind == "sides" and side is None:
        return []
    acted = set(ledger.acted(game, "phase")) if s.phases else set()
    for u in game.units:
        if side is not None and u.side != side:
            continue
        if why_cannot_act(game, s, u.id) is not None:
            continue
        if s.ap_per_unit is not None and (ap_left(game, u.id, s) or 0) <= 0:
            continue
        if s.kind == "rounds" and (actions_left(game, u.id, s) or 0) <= 0:
            continue
        if s.phases and s.ap_per_unit is None and u.id in acted:
            continue
        out.append(u.id)
    return out


def turn_complete(game: Game, structure: TurnStructure) -> bool:
    """Nothing is left to hand over to, so the turn may end: the last side in order is
    acting (sides) / no unit is left to activate and none is activating (alternating) /
    nobody has an action left (rounds)."""
    if structure.kind == "alternating":
        return activating(game) is None and not any(to_activate(game, s, structure)
                                                    for s in sides_order(game))
    if structure.kind == "rounds":
        return game.active_side is None and not may_act(game, structure)
    order = sides_order(game)
    return bool(order) and game.active_side == order[-1]


def initiative_due(game: Game, structure: TurnStructure) -> bool:
    """Whether initiative should be rolled now: each turn until rolled this turn, or once
    per game until rolled."""
    ini = structure.initiative
    if ini is None or len(game.sides) < 2:
        return False
    last = game.state.get("initiative")
    if ini.when == "once":
        return last is None
    return not (isinstance(last, dict) and last.get("turn") == game.turn)


@dataclass(frozen=True, slots=True)
class UnitStatus:
    """One unit's turn figures for a panel: AP, actions, activated, its player, what the
    ruleset says hampers it (`flags`) and why it may not act (`blocked`, None if it may)."""

    id: str
    label: str
    side: str
    ap_left: int | None
    ap_spent: int | None
    actions_left: int | None
    activated: bool
    activating: bool
    flags: tuple[str, ...] = ()
    blocked: str | None = None
    player: str | None = None
    due: tuple[str, ...] = ()

    @property
    def can_act(self) -> bool:
        return self.blocked is None


def unit_status(game: Game, unit_id: str, structure: TurnStructure) -> UnitStatus:
    u = game.unit(unit_id)
    hook = structure.hooks.flags
    flags = tuple(hook(game, u)) if hook is not None else ()
    return UnitStatus(u.id, u.label, u.side, ap_left(game, u.id, structure),
                      ap_spent(game, u.id, structure), actions_left(game, u.id, structure),
                      bool(u.state.get("activated")), activating(game) == u.id, flags,
                      why_cannot_act(game, structure, u.id), player_of(u),
                      tuple(d["test"] for d in triggers.due_for(game, u.id)))


# --------------------------------------------------------------------------- initiative


@dataclass(slots=True)
class InitiativeRoll:
    """An initiative roll: the steps as players see them (every die, re-rolls included),
    the resulting order and the unapplied Change that sets it."""

    steps: list[Step]
    order: list[str]
    rolls: dict[str, list[int]]
    change: Change
    summary: str
    turn: int

    @property
    def dice(self) -> tuple[RollRecord, ...]:
        return tuple(r for s in self.steps for r in s.rolls)

    def log_entry(self) -> LogEntry:
        """The log line: every die with its source, and the steps."""
        return LogEntry(self.turn, None, "initiative", None, self.dice, self.summary,
                        {"kind": "roll", "initiative": {"order": list(self.order),
                                                        "rolls": copy.deepcopy(self.rolls)},
                         "steps": [s.to_dict() for s in self.steps]})


def _rank(group: list[str], d: Die | Callable[[str], Die], dice: DiceSource, rnd: int,
          steps: list[Step], rolls: dict[str, list[int]]) -> list[str]:
    """`group` ordered by one die each (`d`, or `d(side)`: each side's own), higher first;
    tied sides roll again among themselves (recursively)."""
    if rnd > MAX_INITIATIVE_ROUNDS:
        raise TurnError(f"initiative: still tied after {MAX_INITIATIVE_ROUNDS} rolls")
    faces: dict[str, int] = {}
    for side in group:
        label = msg("Initiative: {side} (re-roll {n})", side=side, n=rnd - 1) if rnd > 1 \
            else msg("Initiative: {side}", side=side)
        step = roll_step(dice, d(side) if callable(d) else d, id="initiative", label=label)
        faces[side] = step.totals[0]
        rolls[side].append(faces[side])
        steps.append(step.with_outcome(msg("{side} {face}", side=side, face=faces[side])))
    out: list[str] = []
    for value in sorted(set(faces.values()), reverse=True):
        tied = [s for s in group if faces[s] == value]
        if len(tied) > 1:
            steps.append(info_step("tie", "Tie", msg("{sides} tied on {value}: re-roll",
                                                     sides=_listed(tied, "and"), value=value)))
            out += _rank(tied, d, dice, rnd + 1, steps, rolls)
        else:
            out += tied
    return out


def roll_initiative(game: Game, structure: TurnStructure, dice: DiceSource) -> InitiativeRoll:
    """Every side rolls the initiative die; higher goes first, ties re-rolled. The change
    sets the order, the active side (and the first phase), and records the roll."""
    ini = structure.initiative
    if ini is None:
        raise TurnError("initiative: this ruleset rolls none (sides act in their listed "
                        "order)")
    if len(game.sides) < 2:
        raise TurnError(f"initiative: needs two sides or more, the game has "
                        f"{len(game.sides)}")
    last = game.state.get("initiative")
    if ini.when == "once" and last is not None:
        raise TurnError(f"initiative: rolled once per game, already rolled on turn "
                        f"{last.get('turn')} (undo it to roll again)")
    if ini.when == "each_turn" and isinstance(last, dict) and last.get("turn") == game.turn:
        raise TurnError(f"initiative: already rolled this turn ({game.turn}); undo it to "
                        "roll again")
    steps: list[Step] = []
    rolls: dict[str, list[int]] = {s: [] for s in game.sides}
    own = structure.hooks.initiative_die
    die_of = ini.die if own is None else (lambda side: own(game, side) or ini.die)
    order = _rank(list(game.sides), die_of, dice, 1, steps, rolls)
    how = msg("higher goes first, ties re-rolled (PROPOSED)") if ini.proposed else \
        msg("higher goes first, ties re-rolled")
    summary = msg("{side} first: {order}", side=order[0], order=join(", ", order))
    steps.append(info_step("order", "Order", _listed(order, ", then"), note=how))
    first = order[0] if structure.kind != "rounds" else None
    effects: list[Effect] = [
        SetGame("activation_order", order), SetGame("active_side", first),
        SetGameState("initiative", {"turn": game.turn, "order": order, "rolls": rolls}),
    ]
    crossings: list[Crossing] = []
    if structure.kind == "sides":
        crossings.append(Crossing("side_start", side=order[0]))
    if structure.phases and game.phase is None:
        effects.append(SetGame("phase", structure.phases[0]))
        crossings.append(Crossing("phase_start", side=first, phase=structure.phases[0]))
    change = _crossing(game, structure, msg("Initiative: {summary}", summary=summary),
                       effects, [], crossings)
    return InitiativeRoll(steps, order, rolls, change, summary, game.turn)


# --------------------------------------------------------------------------- boundaries


def _trial(game: Game, effects: Sequence[Effect], fn: Callable[[Game], Any]) -> Any:
    """`fn(game)` as the game would be after `effects` (applied, read, reverted)."""
    if not effects:
        return fn(game)
    change = Change(list(effects))
    apply_change(game, change)
    try:
        return fn(game)
    finally:
        revert_change(game, change)


def _listed(names: Sequence[str], word: str) -> Any:
    """"allies and axis", "axis, then allies" — a message whose joining word is
    translated (`word` "and" or ", then")."""
    if len(names) <= 1:
        return names[0] if names else ""
    rest = _listed(names[1:], word)
    if word == "and":
        return msg("{first} and {rest}", first=names[0], rest=rest)
    return msg("{first}, then {rest}", first=names[0], rest=rest)


def _crossing(game: Game, structure: TurnStructure, label: str, base: Sequence[Effect],
              ends: Sequence[Crossing], starts: Sequence[Crossing], *,
              fresh: bool = False) -> Change:
    """The Change of a turn step that crosses `ends` then `starts`: the deferred effects
    waiting for those boundaries first, then the step's own `base` effects, then the due
    tests (those lapsing dropped; end triggers read after the deferred effects, start
    triggers after the whole step). `fresh` = the turn starts afresh (nothing stays due)."""
    trig = structure.hooks.triggers
    crossings = [*ends, *starts]
    waiting = deferred.pending(game)
    late, _left, notes = deferred.due_now(game, crossings) if waiting else ([], waiting, [])
    effects: list[Effect] = [*late, *base]
    now = triggers.due(game)
    if trig or now:
        kept = [] if fresh or any(c.at == "turn_end" for c in ends) else \
            triggers.after_crossings(now, ends)
        raised: list[dict] = []
        if trig and ends:
            raised += _trial(game, late, lambda g: [d for c in ends
                                                    for d in triggers.fire(g, trig, c)])
        if trig and starts:
            raised += _trial(game, [*late, *base],
                             lambda g: [d for c in starts for d in triggers.fire(g, trig, c)])
        effects += triggers.set_due(game, kept + raised)
        if raised:
            label = msg("{label}; {n} {n|test|tests|tests} due", label=label, n=len(raised))
    n = len(late) - 1        # the last is the Release of their entries
    if n > 0:
        label = msg("{label}; {n} deferred {n|effect|effects|effects} applied", label=label,
                    n=n)
    if notes:
        label = msg("{label} ({notes})", label=label, notes=join("; ", notes))
    return Change(effects, label)


# --------------------------------------------------------------------------- turn steps


def _turn_reset(game: Game, structure: TurnStructure) -> list[Effect]:
    """Per-unit resets of a new turn: full AP, and the turn's flags cleared."""
    out: list[Effect] = []
    keys = (*TURN_KEYS, *structure.clear_each_turn)
    for u in game.units:
        if structure.ap_per_unit is not None \
                and u.state.get("ap_left") != structure.ap_per_unit:
            out.append(SetState(u.id, "ap_left", structure.ap_per_unit))
        out += [SetState(u.id, k, None) for k in keys if k in u.state]
    return out + ledger.clear_effects(game)


def _first_side(structure: TurnStructure, order: list[str]) -> str | None:
    if structure.kind == "rounds":
        return None
    return order[0] if order else None


def _game_reset(game: Game, structure: TurnStructure, order: list[str],
                turn: int) -> list[Effect]:
    """The turn-wide state of a turn `turn` starting: cleared, except an ambush declared
    for several rounds that runs on into it (its side acts first again)."""
    first = structure.phases[0] if structure.phases else None
    running = _ambush_running_into(game, turn)
    out: list[Effect] = [SetGame("active_side", running or _first_side(structure, order)),
                         SetGame("phase", first)]
    for key in TURN_STATE:
        if key in game.state and not (key == "ambush" and running):
            out.append(SetGameState(key, None))
    return out


def _ambush_running_into(game: Game, turn: int) -> str | None:
    """The side whose ambush, declared in an earlier round, still runs in round `turn`."""
    amb = game.state.get("ambush")
    if not isinstance(amb, Mapping) or not isinstance(amb.get("turn"), int):
        return None
    until = amb.get("until", amb["turn"])
    return amb.get("side") if amb["turn"] < turn <= until else None


def _start_crossings(structure: TurnStructure, order: list[str]) -> list[Crossing]:
    """The boundaries a new turn crosses: its start, and the first side's (and phase's)
    when the order is known."""
    out = [Crossing("turn_start")]
    first = _first_side(structure, order)
    if structure.kind == "sides" and first is not None:
        out.append(Crossing("side_start", side=first))
        if structure.phases:
            out.append(Crossing("phase_start", side=first, phase=structure.phases[0]))
    return out


def _end_crossings(game: Game, structure: TurnStructure) -> list[Crossing]:
    """The boundaries ending the running turn: the activation, phase, side, then turn."""
    out: list[Crossing] = []
    unit = activating(game)
    if unit is not None:
        out.append(Crossing("activation_end", side=game.active_side, unit=unit))
    if game.phase is not None:
        out.append(Crossing("phase_end", side=game.active_side, phase=game.phase))
    if game.active_side is not None and (structure.kind == "sides"
                                         or ambush_side(game) is not None):
        out.append(Crossing("side_end", side=game.active_side))
    out.append(Crossing("turn_end"))
    return out


def start_turn(game: Game, structure: TurnStructure) -> Change:
    """Start the current turn afresh: every unit's AP back to the full allowance, the
    turn's flags and ledger cleared, the first side (and phase) acting, no activations
    yet; the start-of-turn tests fall due."""
    order = [] if initiative_due(game, structure) else sides_order(game)
    effects = _turn_reset(game, structure) + _game_reset(game, structure, order, game.turn)
    return _crossing(game, structure, msg("Start of turn {turn}", turn=game.turn), effects, [],
                     _start_crossings(structure, order), fresh=True)


def end_turn(game: Game, structure: TurnStructure) -> Change:
    """End this turn and start the next: the effects deferred to the end of the turn, the
    turn number +1 and the start-of-turn resets. When initiative is rolled each turn the
    order is cleared until it is rolled again."""
    nxt = game.turn + 1
    effects: list[Effect] = [SetGame("turn", nxt)]
    ini = structure.initiative
    if ini is not None and ini.when == "each_turn" and len(game.sides) > 1:
        order: list[str] = []
        if game.activation_order:
            effects.append(SetGame("activation_order", []))
    else:
        order = sides_order(game)
    effects += _turn_reset(game, structure) + _game_reset(game, structure, order, nxt)
    first = _ambush_running_into(game, nxt) or _first_side(structure, order)
    if not order:
        said = msg("End of turn {turn}; turn {next} begins: roll initiative", turn=game.turn,
                   next=nxt)
    elif first:
        said = msg("End of turn {turn}; turn {next} begins: {side} acts", turn=game.turn,
                   next=nxt, side=first)
    else:
        said = msg("End of turn {turn}; turn {next} begins: every side acts", turn=game.turn,
                   next=nxt)
    return _crossing(game, structure, said,
                     effects, _end_crossings(game, structure),
                     _start_crossings(structure, order))


def _need_active(game: Game, structure: TurnStructure) -> str:
    side = game.active_side
    if side is None:
        if initiative_due(game, structure):
            raise TurnError("nobody is acting yet: roll initiative first")
        if structure.kind == "alternating" and turn_complete(game, structure):
            raise TurnError("every unit has activated: end the turn")
        if structure.kind == "rounds":
            raise TurnError("every side acts in any order this round: end the round when "
                            "all have acted")
        raise TurnError("nobody is acting: start or end the turn")
    return side


def _append(game: Game, record: dict) -> SetGameState:
    return SetGameState("activations", [*activations(game), record])


def next_phase(game: Game, structure: TurnStructure) -> Change:
    """The active side moves on to its next phase."""
    if not structure.phases:
        raise TurnError("phases: this ruleset's turn has none")
    side = _need_active(game, structure)
    if game.phase is None:
        nxt = structure.phases[0]
    else:
        if game.phase not in structure.phases:
            raise TurnError(f"phase: {game.phase!r} is not one of "
                            f"{', '.join(structure.phases)}")
        i = structure.phases.index(game.phase)
        if i + 1 >= len(structure.phases):
            then = msg("end the turn") if structure.kind == "sides" and \
                sides_order(game)[-1] == side else msg("hand over to the next side")
            raise TurnError(msg("{phase} is the last phase: {then}", phase=game.phase,
                                then=then))
        nxt = structure.phases[i + 1]
    ends = [Crossing("phase_end", side=side, phase=game.phase)] if game.phase else []
    return _crossing(game, structure, msg("{side}: {phase} phase", side=side, phase=nxt),
                     [SetGame("phase", nxt)], ends,
                     [Crossing("phase_start", side=side, phase=nxt)])


def next_activation(game: Game, structure: TurnStructure) -> Change:
    """Hand over. Sides: the active side's turn ends and the next side in order acts (from
    its first phase). Alternating: the running activation ends (or, if the side activated
    nobody, it lets its slot go) and the next side that still has units to activate acts.
    Rounds: the ambushing side has spent its actions; every side acts from now on."""
    side = _need_active(game, structure)
    first = structure.phases[0] if structure.phases else None
    if structure.kind == "rounds":
        return _crossing(game, structure, msg("{side} has sprung its ambush; every side acts",
                                              side=side),
                         [_append(game, {"side": side, "unit": None, "kind": "ambush"}),
                          SetGame("active_side", None)],
                         [Crossing("side_end", side=side)], [])
    if structure.kind == "sides":
        order = sides_order(game)
        i = order.index(side) if side in order else len(order)
        if i + 1 >= len(order):
            raise TurnError(msg("{side} is the last side this turn: end the turn", side=side))
        nxt = order[i + 1]
        ends = ([Crossing("phase_end", side=side, phase=game.phase)] if game.phase else []) \
            + [Crossing("side_end", side=side)]
        starts = [Crossing("side_start", side=nxt)] + \
            ([Crossing("phase_start", side=nxt, phase=first)] if first else [])
        return _crossing(game, structure, msg("{side} ends its turn; {next} acts", side=side,
                                              next=nxt),
                         [_append(game, {"side": side, "unit": None, "kind": "side"}),
                          SetGame("active_side", nxt), SetGame("phase", first)], ends, starts)
    effects: list[Effect] = []
    unit = activating(game)
    ends: list[Crossing] = []
    if unit is None:
        effects.append(_append(game, {"side": side, "unit": None, "kind": "pass"}))
        done = msg("{side} lets its activation go", side=side)
    else:
        effects.append(SetGameState("activating", None))
        if game.on_table(unit) and "actions_left" in game.unit(unit).state:
            effects.append(SetState(unit, "actions_left", None))
        done = msg("{unit} ends its activation", unit=game.unit(unit).label)
        ends.append(Crossing("activation_end", side=side, unit=unit))
    # the side that just acted counts as done for this slot: look past it
    nxt = _next_side_after(game, structure, side, unit)
    effects += [SetGame("active_side", nxt), SetGame("phase", first if nxt else game.phase)]
    then = msg("{side} activates", side=nxt) if nxt else \
        msg("every unit has activated: end the turn")
    return _crossing(game, structure, msg("{done}; {then}", done=done, then=then), effects,
                     ends, [])


def _next_side_after(game: Game, structure: TurnStructure, side: str,
                     finishing: str | None) -> str | None:
    """The next side (after `side`, cyclically, `side` itself last) with a unit left to
    activate, counting `finishing` as done."""
    order = sides_order(game)
    i = order.index(side) if side in order else -1
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if [u for u in to_activate(game, s, structure) if u != finishing]:
            return s
    return None


def activate(game: Game, structure: TurnStructure, unit_id: str) -> Change:
    """The active side activates one of its units (alternating): it is marked activated
    and gets the activation's actions; the start-of-activation tests fall due."""
    if structure.kind != "alternating":
        raise TurnError("activate: this ruleset's sides act with all their units in turn"
                        if structure.kind == "sides" else
                        "activate: in a combat round every unit simply takes its action")
    side = _need_active(game, structure)
    u = _unit(game, unit_id)
    running = activating(game)
    if running is not None:
        raise TurnError(msg("{unit} is still activating: hand over (next activation) first",
                            unit=game.unit(running).label))
    if u.side != side:
        raise TurnError(msg("{unit} is {owner}'s: {side} is activating", unit=u.label,
                            owner=u.side, side=side))
    if u.state.get("activated"):
        raise TurnError(msg("{unit} has already activated this turn (only a passed action "
                            "activates it again)", unit=u.label))
    why = why_cannot_act(game, structure, u.id)
    if why:
        raise TurnError(msg("{unit} cannot act this turn: {why}", unit=u.label, why=why))
    effects: list[Effect] = [SetState(u.id, "activated", True),
                             SetGameState("activating", u.id),
                             _append(game, {"side": side, "unit": u.id, "kind": "activation"})]
    if structure.actions_per_activation is not None:
        effects.append(SetState(u.id, "actions_left", structure.actions_per_activation))
    return _crossing(game, structure, msg("{side}: {unit} activates", side=side,
                                          unit=u.label), effects, [],
                     [Crossing("activation_start", side=side, unit=u.id)])


def chain_links(game: Game, commander: str, unit_id: str) -> int | None:
    """How many command links lie between a commander and a unit under him (1 = direct),
    None if the unit is not under him."""
    links, cur = 0, game.unit(unit_id).parent
    seen: set[str] = set()
    while cur is not None and cur not in seen:
        links += 1
        if cur == commander:
            return links
        seen.add(cur)
        try:
            cur = game.unit(cur).parent
        except ModelError:
            return None
    return None


def _pass_check(game: Game, structure: TurnStructure, commander_id: str,
                unit_id: str) -> tuple[str, Unit, Unit, int]:
    if not structure.passes_allowed:
        raise TurnError("pass an action: this ruleset has no passed actions")
    side = _need_active(game, structure)
    c = _unit(game, commander_id)
    u = _unit(game, unit_id)
    links = chain_links(game, c.id, u.id)
    if links is None:
        raise TurnError(msg("{unit} is not under {commander}'s command", unit=u.label,
                            commander=c.label))
    if (actions_left(game, c.id, structure) or 0) < 1:
        raise TurnError(msg("{commander} has no action left to pass (activate it first)",
                            commander=c.label))
    why = why_cannot_act(game, structure, u.id)
    if why:
        raise TurnError(msg("{unit} cannot act this turn: {why}", unit=u.label, why=why))
    return side, c, u, links


def pass_action(game: Game, structure: TurnStructure, commander_id: str, unit_id: str,
                *, succeeded: bool = True) -> Change:
    """A commander spends one action to give a unit under him a whole activation (05
    §4.4). The unit keeps its own activation (PROPOSED §4.A-2). `succeeded=False` records
    a failed communication test: the action is lost. `pass_tested` rolls the ruleset's
    test and calls this with its result."""
    side, c, u, links = _pass_check(game, structure, commander_id, unit_id)
    effects: list[Effect] = [AdjustState(c.id, "actions_left", -1, minimum=0),
                             ledger.RecordAction(ledger.entry(c.id, "pass_action",
                                                              side=c.side, actions=1))]
    record = {"side": side, "unit": u.id, "kind": "passed", "from": c.id,
              "bypassed": links - 1}
    starts: list[Crossing] = []
    if succeeded:
        effects.append(SetState(u.id, "actions_left", structure.actions_per_activation))
        text = msg("{commander} passes an action: {unit} activates", commander=c.label,
                   unit=u.label)
        starts.append(Crossing("activation_start", side=side, unit=u.id))
    else:
        record["kind"] = "pass failed"
        text = msg("{commander}'s passed action to {unit} is lost (communication failed)",
                   commander=c.label, unit=u.label)
    effects.append(_append(game, record))
    return _crossing(game, structure, text, effects, [], starts)


@dataclass(slots=True)
class TurnRoll:
    """A turn step that rolled dice (a passed action's communication test): the steps,
    the unapplied Change, and its log line."""

    action: str
    actor: str | None
    target: str | None
    steps: list[Step]
    change: Change
    summary: str
    turn: int

    @property
    def dice(self) -> tuple[RollRecord, ...]:
        return tuple(r for s in self.steps for r in s.rolls)

    def log_entry(self) -> LogEntry:
        return LogEntry(self.turn, self.actor, self.action, self.target, self.dice,
                        self.summary, {"turn_step": self.action, "kind": "roll",
                                       "steps": [s.to_dict() for s in self.steps],
                                       "sets": self.change.describe()})


def pass_tested(game: Game, structure: TurnStructure, commander_id: str, unit_id: str,
                dice: DiceSource) -> TurnRoll:
    """Pass an action with the ruleset's communication test (`TurnHooks.comm_test`): the
    test is rolled with `dice`; on a failure the commander's action is lost (05 §4.4-3).
    Without a declared test, or when the ruleset says none is needed, the pass succeeds."""
    _side, c, u, links = _pass_check(game, structure, commander_id, unit_id)
    hook = structure.hooks.comm_test
    result = hook(game, c, u, links - 1, dice) if hook is not None else None
    if result is None:
        why = msg("no test needed") if hook is not None else \
            msg("this ruleset declares no test")
        steps = [info_step("comm_test", "Communication test", msg("passed ({why})", why=why))]
        passed = True
    else:
        steps, passed = list(result.steps), result.passed
    change = pass_action(game, structure, c.id, u.id, succeeded=passed)
    return TurnRoll("pass_action", c.id, u.id, steps, change, change.label, game.turn)


def declare_ambush(game: Game, structure: TurnStructure, side: str) -> Change:
    """`side` opens fire from hiding (04 §4.7): this round it spends all its
    active actions first; the others act once it has (next activation)."""
    if not structure.ambush:
        raise TurnError("ambush: this ruleset's turn has no ambush side going first")
    if side not in game.sides:
        raise TurnError(f"ambush: {side!r} is not a side of this game "
                        f"({', '.join(game.sides)})")
    if ambush_side(game) is not None:
        raise TurnError(msg("ambush: {side} already ambushes this round",
                            side=ambush_side(game)))
    if ledger.current(game):
        raise TurnError(msg("ambush: declared before anyone acts in the round (undo the "
                            "actions first)"))
    rounds = structure.hooks.ambush_rounds(game) if structure.hooks.ambush_rounds else 1
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise TurnError(f"ambush: the ruleset's ambush length must be a whole number of "
                        f"rounds ≥ 1, got {rounds!r}")
    how_long = msg("this round") if rounds == 1 else msg("for {n} rounds", n=rounds)
    return _crossing(game, structure, msg("{side} ambushes: it acts first {how_long}",
                                          side=side, how_long=how_long),
                     [SetGameState("ambush", {"turn": game.turn, "side": side,
                                              "until": game.turn + rounds - 1}),
                      SetGame("active_side", side)], [], [Crossing("side_start", side=side)])


def spend(game: Game, structure: TurnStructure, unit_id: str, n: int = 1) -> Change:
    """Mark `n` AP (or, without AP, `n` actions of the running activation or round) as
    spent on something the app did not resolve ("other actions", a physical-table move);
    it is recorded in the ledger as "spend"."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise TurnError(f"spend.n: expected a whole number ≥ 1, got {n!r}")
    u = _unit(game, unit_id)
    if structure.ap_per_unit is not None:
        left = ap_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(msg("{unit} has {left} AP left this turn; this needs {n}",
                                unit=u.label, left=left, n=n))
        return Change([AdjustState(u.id, "ap_left", -n, minimum=0,
                                   default=structure.ap_per_unit),
                       ledger.RecordAction(ledger.entry(u.id, "spend", side=u.side, ap=n))],
                      msg("{unit}: {n} AP spent ({left} left)", unit=u.label, n=n,
                          left=left - n))
    if structure.actions_per_activation is not None or structure.kind == "rounds":
        left = actions_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(msg("{unit} has {left} action(s) left; this needs {n}",
                                unit=u.label, left=left, n=n))
        return Change([AdjustState(u.id, "actions_left", -n, minimum=0, default=left),
                       ledger.RecordAction(ledger.entry(u.id, "spend", side=u.side,
                                                        actions=n))],
                      msg("{unit}: {n} action(s) spent ({left} left)", unit=u.label, n=n,
                          left=left - n))
    raise TurnError("spend: this ruleset counts neither AP nor actions")


def turn_entry(turn: int, action: str, change: Change, actor: str | None = None) -> LogEntry:
    """The log line of a turn step (end of turn, hand-over, activation …): its label and
    what it set."""
    return LogEntry(turn, actor, action, None, (), change.label,
                    {"turn_step": action, "sets": change.describe()})


__all__ += ["MAX_INITIATIVE_ROUNDS", "TURN_KEYS", "TURN_STATE", "NO_HOOKS"]
