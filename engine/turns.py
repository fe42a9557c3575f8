"""The turn and activation model: how a ruleset's turn runs, and the changes that run it.

A ruleset declares a small `TurnStructure` (its attribute `turn_structure`; rulesets that
declare none get `DEFAULT`): whole side turns (IGOUGO) or alternating unit activations,
optional phases, action points per unit or actions per activation, how initiative is
rolled, and which per-unit flags last "this turn". The operations here read the game and
return an unapplied `engine.model.Change`, so the app applies every turn step undoably and
a test can revert it exactly. Nothing here decides a rule of a particular ruleset beyond
what the structure declares.

Where the turn lives in the game (all plain JSON, saved with the game):
- `game.turn` — the round: every side acts once per turn (a Boets "turn" of one side is
  half of ours);
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
- per unit: `state["ap_left"]` (a unit without it has the full allowance, as the Iron
  Hearts actions assume), `state["activated"]`, `state["actions_left"]`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.dice import D10, DiceError, DiceSource, Die, RollRecord, die
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
)
from engine.protocol import Step, info_step, roll_step

__all__ = [
    "TurnError", "Initiative", "TurnStructure", "DEFAULT", "KINDS", "INITIATIVE_WHEN",
    "structure_of", "from_table", "UnitStatus", "InitiativeRoll",
    "roll_initiative", "start_turn", "end_turn", "next_activation", "activate",
    "pass_action", "spend", "next_phase", "turn_entry",
    "sides_order", "activation_order", "whose_turn", "activations", "activating",
    "ap_left", "ap_spent", "actions_left", "to_activate", "turn_complete",
    "initiative_due", "unit_status",
]

KINDS = ("sides", "alternating")
INITIATIVE_WHEN = ("each_turn", "once")
#: Per-unit state keys every structure clears at the start of a turn (its own are added).
TURN_KEYS = ("ap_spent", "activated", "actions_left")
#: Safety cap on initiative re-rolls of a tie (a script or a typo would loop otherwise).
MAX_INITIATIVE_ROUNDS = 50


class TurnError(ValueError):
    """A turn step the structure does not allow now; the message says why and what to do."""


# --------------------------------------------------------------------------- declaration


@dataclass(frozen=True, slots=True)
class Initiative:
    """Who goes first: every side rolls `die`, higher goes first, ties are re-rolled among
    the tied sides. `when`: "each_turn" (Keno, Iron Hearts PROPOSED) or "once" per game
    (Boets: "who moves first")."""

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
class TurnStructure:
    """A ruleset's turn, as data.

    - `kind`: "sides" — each side acts with all its units, then hands over (IGOUGO);
      "alternating" — sides take turns activating one unit each; a side with nobody left
      to activate is skipped, so the other activates all its remaining units.
    - `phases`: the phases of a side's turn in order (Boets: manoeuvre, fire); () = none.
    - `ap_per_unit`: action points per unit per turn (Iron Hearts: 3), reset each turn.
    - `actions_per_activation`: actions in one activation (Keno: 2).
    - `initiative`: how the order of sides is rolled; None = the sides' listed order.
    - `passes_allowed`: a commander may pass an action to a unit under him, giving it a
      whole activation (Keno §4.4); only with alternating activations.
    - `clear_each_turn`: per-unit state keys that last "this turn" (Iron Hearts:
      cannot_act, the detection and grenade marks), removed when a turn starts.
    - `proposed`: the field names whose values are ours, not the rules text's.
    """

    kind: Literal["sides", "alternating"] = "sides"
    phases: tuple[str, ...] = ()
    ap_per_unit: int | None = None
    actions_per_activation: int | None = None
    initiative: Initiative | None = None
    passes_allowed: bool = False
    clear_each_turn: tuple[str, ...] = ()
    proposed: tuple[str, ...] = ()
    doc: str = ""

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
        for name in ("ap_per_unit", "actions_per_activation"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
                raise TurnError(f"turn.{name}: expected a whole number ≥ 1 or none, got {v!r}")
        if self.initiative is not None and not isinstance(self.initiative, Initiative):
            raise TurnError(f"turn.initiative: expected an Initiative, got {self.initiative!r}")
        if not isinstance(self.passes_allowed, bool):
            raise TurnError(f"turn.passes_allowed: expected true or false, "
                            f"got {self.passes_allowed!r}")
        if self.passes_allowed and (self.kind != "alternating"
                                    or self.actions_per_activation is None):
            raise TurnError("turn.passes_allowed: passing actions needs alternating "
                            "activations with actions_per_activation")
        for i, k in enumerate(self.clear_each_turn):
            if not isinstance(k, str) or not k:
                raise TurnError(f"turn.clear_each_turn[{i}]: expected a state key, got {k!r}")

    def is_proposed(self, name: str) -> bool:
        return name in self.proposed

    def describe(self) -> dict:
        """JSON-able declaration (the app, `--json`)."""
        ini = self.initiative
        return {"kind": self.kind, "phases": list(self.phases), "ap_per_unit": self.ap_per_unit,
                "actions_per_activation": self.actions_per_activation,
                "initiative": None if ini is None else
                {"die": ini.die.name, "when": ini.when, "proposed": ini.proposed,
                 "reason": ini.reason},
                "passes_allowed": self.passes_allowed,
                "clear_each_turn": list(self.clear_each_turn), "proposed": list(self.proposed)}


#: For rulesets that declare no turn: sides in their listed order, no AP, no initiative.
DEFAULT = TurnStructure(doc="no turn structure declared: sides act in their listed order")


def structure_of(ruleset: Any) -> TurnStructure:
    """The ruleset's `turn_structure`, or DEFAULT when it declares none (or is None)."""
    s = getattr(ruleset, "turn_structure", None) if ruleset is not None else None
    return s if isinstance(s, TurnStructure) else DEFAULT


_TABLE_KEYS = ("kind", "phases", "ap_per_unit", "ap_per_turn", "actions_per_activation",
               "initiative_die", "initiative_when", "passes_allowed", "clear_each_turn",
               "proposed")


def from_table(table: Mapping[str, Any], where: str = "turn",
               proposed: Sequence[str] = ()) -> TurnStructure:
    """A TurnStructure from a data table (a ruleset.toml [turn] section): keys `kind`,
    `phases`, `ap_per_unit` (or `ap_per_turn`), `actions_per_activation`,
    `initiative_die` ("d10"; absent = no initiative roll), `initiative_when`,
    `passes_allowed`, `clear_each_turn`. `proposed` names the keys whose values are ours.
    Bad values raise TurnError naming `where`.key."""
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
    try:
        return TurnStructure(kind=table.get("kind", "sides"), phases=tuple(table.get("phases", ())),
                             ap_per_unit=ap,
                             actions_per_activation=table.get("actions_per_activation"),
                             initiative=ini, passes_allowed=table.get("passes_allowed", False),
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
        raise TurnError(f"unit {unit_id!r}: not on the table ({u.state.get('removed')})")
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
    """Actions left in the unit's running (or passed) activation; None without one."""
    if structure.actions_per_activation is None:
        return None
    v = game.unit(unit_id).state.get("actions_left")
    return None if v is None else int(v)


def _can_activate(u) -> bool:
    return not u.state.get("activated") and not u.state.get("cannot_act") \
        and not u.state.get("casualty")


def to_activate(game: Game, side: str) -> list[str]:
    """Units of `side` on the table that have not activated this turn and may act."""
    return [u.id for u in game.units_of(side) if _can_activate(u)]


def turn_complete(game: Game, structure: TurnStructure) -> bool:
    """Nothing is left to hand over to, so the turn may end: the last side in order is
    acting (sides) / no unit is left to activate and none is activating (alternating)."""
    if structure.kind == "alternating":
        return activating(game) is None and not any(to_activate(game, s)
                                                    for s in sides_order(game))
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
    """One unit's turn figures for a panel: AP, actions, activated, and the flags that stop
    or hamper it (cannot act, suppressed, pinned, casualty)."""

    id: str
    label: str
    side: str
    ap_left: int | None
    ap_spent: int | None
    actions_left: int | None
    activated: bool
    activating: bool
    flags: tuple[str, ...] = ()

    @property
    def can_act(self) -> bool:
        return not any(f in ("cannot act",) or f.startswith("casualty") for f in self.flags)


def unit_status(game: Game, unit_id: str, structure: TurnStructure) -> UnitStatus:
    u = game.unit(unit_id)
    flags: list[str] = []
    if u.state.get("cannot_act"):
        flags.append("cannot act")
    sup = u.markers.get("suppression", 0)
    if sup:
        flags.append(f"suppressed {sup}" if isinstance(sup, int) and sup is not True
                     else "suppressed")
    if u.markers.get("pinned"):
        flags.append("pinned")
    if u.state.get("casualty"):
        flags.append(f"casualty ({u.state['casualty']})")
    return UnitStatus(u.id, u.label, u.side, ap_left(game, u.id, structure),
                      ap_spent(game, u.id, structure), actions_left(game, u.id, structure),
                      bool(u.state.get("activated")), activating(game) == u.id, tuple(flags))


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


def _rank(group: list[str], d: Die, dice: DiceSource, rnd: int, steps: list[Step],
          rolls: dict[str, list[int]]) -> list[str]:
    """`group` ordered by one die each, higher first; tied sides roll again among
    themselves (recursively)."""
    if rnd > MAX_INITIATIVE_ROUNDS:
        raise TurnError(f"initiative: still tied after {MAX_INITIATIVE_ROUNDS} rolls")
    faces: dict[str, int] = {}
    for side in group:
        label = f"Initiative: {side}" + (f" (re-roll {rnd - 1})" if rnd > 1 else "")
        step = roll_step(dice, d, id="initiative", label=label)
        faces[side] = step.totals[0]
        rolls[side].append(faces[side])
        steps.append(step.with_outcome(f"{side} {faces[side]}"))
    out: list[str] = []
    for value in sorted(set(faces.values()), reverse=True):
        tied = [s for s in group if faces[s] == value]
        if len(tied) > 1:
            steps.append(info_step("tie", "Tie", f"{' and '.join(tied)} tied on {value}: "
                                                 "re-roll"))
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
    order = _rank(list(game.sides), ini.die, dice, 1, steps, rolls)
    how = "higher goes first, ties re-rolled" + (" (PROPOSED)" if ini.proposed else "")
    summary = f"{order[0]} first: " + ", ".join(order)
    steps.append(info_step("order", "Order", ", then ".join(order), note=how))
    effects: list[Effect] = [
        SetGame("activation_order", order), SetGame("active_side", order[0]),
        SetGameState("initiative", {"turn": game.turn, "order": order, "rolls": rolls}),
    ]
    if structure.phases and game.phase is None:
        effects.append(SetGame("phase", structure.phases[0]))
    return InitiativeRoll(steps, order, rolls, Change(effects, f"Initiative: {summary}"),
                          summary, game.turn)


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
    return out


def _game_reset(game: Game, structure: TurnStructure, order: list[str]) -> list[Effect]:
    first = structure.phases[0] if structure.phases else None
    out: list[Effect] = [SetGame("active_side", order[0] if order else None),
                         SetGame("phase", first)]
    for key in ("activations", "activating"):
        if key in game.state:
            out.append(SetGameState(key, None))
    return out


def start_turn(game: Game, structure: TurnStructure) -> Change:
    """Start the current turn afresh: every unit's AP back to the full allowance, the
    turn's flags cleared, the first side (and phase) acting, no activations yet."""
    order = [] if initiative_due(game, structure) else sides_order(game)
    effects = _turn_reset(game, structure) + _game_reset(game, structure, order)
    return Change(effects, f"Start of turn {game.turn}")


def end_turn(game: Game, structure: TurnStructure) -> Change:
    """End this turn and start the next: the turn number +1 and the start-of-turn resets.
    When initiative is rolled each turn the order is cleared until it is rolled again."""
    nxt = game.turn + 1
    effects: list[Effect] = [SetGame("turn", nxt)]
    ini = structure.initiative
    if ini is not None and ini.when == "each_turn" and len(game.sides) > 1:
        order: list[str] = []
        if game.activation_order:
            effects.append(SetGame("activation_order", []))
    else:
        order = sides_order(game)
    effects += _turn_reset(game, structure) + _game_reset(game, structure, order)
    tail = ": roll initiative" if not order else f": {order[0]} acts"
    return Change(effects, f"End of turn {game.turn}; turn {nxt} begins{tail}")


def _need_active(game: Game, structure: TurnStructure) -> str:
    side = game.active_side
    if side is None:
        if initiative_due(game, structure):
            raise TurnError("nobody is acting yet: roll initiative first")
        if structure.kind == "alternating" and turn_complete(game, structure):
            raise TurnError("every unit has activated: end the turn")
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
            then = "end the turn" if structure.kind == "sides" and \
                sides_order(game)[-1] == side else "hand over to the next side"
            raise TurnError(f"{game.phase} is the last phase: {then}")
        nxt = structure.phases[i + 1]
    return Change([SetGame("phase", nxt)], f"{side}: {nxt} phase")


def next_activation(game: Game, structure: TurnStructure) -> Change:
    """Hand over. Sides: the active side's turn ends and the next side in order acts (from
    its first phase). Alternating: the running activation ends (or, if the side activated
    nobody, it lets its slot go) and the next side that still has units to activate acts."""
    side = _need_active(game, structure)
    first = structure.phases[0] if structure.phases else None
    if structure.kind == "sides":
        order = sides_order(game)
        i = order.index(side) if side in order else len(order)
        if i + 1 >= len(order):
            raise TurnError(f"{side} is the last side this turn: end the turn")
        nxt = order[i + 1]
        return Change([_append(game, {"side": side, "unit": None, "kind": "side"}),
                       SetGame("active_side", nxt), SetGame("phase", first)],
                      f"{side} ends its turn; {nxt} acts")
    effects: list[Effect] = []
    unit = activating(game)
    if unit is None:
        effects.append(_append(game, {"side": side, "unit": None, "kind": "pass"}))
        done = f"{side} lets its activation go"
    else:
        effects.append(SetGameState("activating", None))
        if game.on_table(unit) and "actions_left" in game.unit(unit).state:
            effects.append(SetState(unit, "actions_left", None))
        done = f"{game.unit(unit).label} ends its activation"
    # the side that just acted counts as done for this slot: look past it
    nxt = _next_side_after(game, side, unit)
    effects += [SetGame("active_side", nxt), SetGame("phase", first if nxt else game.phase)]
    then = f"{nxt} activates" if nxt else "every unit has activated: end the turn"
    return Change(effects, f"{done}; {then}")


def _next_side_after(game: Game, side: str, finishing: str | None) -> str | None:
    """The next side (after `side`, cyclically, `side` itself last) with a unit left to
    activate, counting `finishing` as done."""
    order = sides_order(game)
    i = order.index(side) if side in order else -1
    for k in range(1, len(order) + 1):
        s = order[(i + k) % len(order)]
        if [u for u in to_activate(game, s) if u != finishing]:
            return s
    return None


def activate(game: Game, structure: TurnStructure, unit_id: str) -> Change:
    """The active side activates one of its units (alternating): it is marked activated
    and gets the activation's actions."""
    if structure.kind != "alternating":
        raise TurnError("activate: this ruleset's sides act with all their units in turn")
    side = _need_active(game, structure)
    u = _unit(game, unit_id)
    running = activating(game)
    if running is not None:
        raise TurnError(f"{game.unit(running).label} is still activating: hand over "
                        "(next activation) first")
    if u.side != side:
        raise TurnError(f"{u.label} is {u.side}'s: {side} is activating")
    if u.state.get("activated"):
        raise TurnError(f"{u.label} has already activated this turn (only a passed action "
                        "activates it again)")
    if u.state.get("cannot_act") or u.state.get("casualty"):
        raise TurnError(f"{u.label} cannot act this turn")
    effects: list[Effect] = [SetState(u.id, "activated", True),
                             SetGameState("activating", u.id),
                             _append(game, {"side": side, "unit": u.id, "kind": "activation"})]
    if structure.actions_per_activation is not None:
        effects.append(SetState(u.id, "actions_left", structure.actions_per_activation))
    return Change(effects, f"{side}: {u.label} activates")


def _chain_links(game: Game, commander: str, unit_id: str) -> int | None:
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


def pass_action(game: Game, structure: TurnStructure, commander_id: str, unit_id: str,
                *, succeeded: bool = True) -> Change:
    """A commander spends one action to give a unit under him a whole activation (Keno
    §4.4). The unit keeps its own activation (PROPOSED §4.A-2). The ruleset rolls the
    communication test; `succeeded=False` records a failed one: the action is lost."""
    if not structure.passes_allowed:
        raise TurnError("pass an action: this ruleset has no passed actions")
    side = _need_active(game, structure)
    c = _unit(game, commander_id)
    u = _unit(game, unit_id)
    links = _chain_links(game, c.id, u.id)
    if links is None:
        raise TurnError(f"{u.label} is not under {c.label}'s command")
    if (actions_left(game, c.id, structure) or 0) < 1:
        raise TurnError(f"{c.label} has no action left to pass (activate it first)")
    if u.state.get("cannot_act") or u.state.get("casualty"):
        raise TurnError(f"{u.label} cannot act this turn")
    effects: list[Effect] = [AdjustState(c.id, "actions_left", -1, minimum=0)]
    record = {"side": side, "unit": u.id, "kind": "passed", "from": c.id,
              "bypassed": links - 1}
    if succeeded:
        effects.append(SetState(u.id, "actions_left", structure.actions_per_activation))
        text = f"{c.label} passes an action: {u.label} activates"
    else:
        record["kind"] = "pass failed"
        text = f"{c.label}'s passed action to {u.label} is lost (communication failed)"
    effects.append(_append(game, record))
    return Change(effects, text)


def spend(game: Game, structure: TurnStructure, unit_id: str, n: int = 1) -> Change:
    """Mark `n` AP (or, without AP, `n` actions of the running activation) as spent on
    something the app did not resolve ("other actions", a physical-table move)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise TurnError(f"spend.n: expected a whole number ≥ 1, got {n!r}")
    u = _unit(game, unit_id)
    if structure.ap_per_unit is not None:
        left = ap_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(f"{u.label} has {left} AP left this turn; this needs {n}")
        return Change([AdjustState(u.id, "ap_left", -n, minimum=0,
                                   default=structure.ap_per_unit)],
                      f"{u.label}: {n} AP spent ({left - n} left)")
    if structure.actions_per_activation is not None:
        left = actions_left(game, u.id, structure) or 0
        if n > left:
            raise TurnError(f"{u.label} has {left} action(s) left; this needs {n}")
        return Change([AdjustState(u.id, "actions_left", -n, minimum=0)],
                      f"{u.label}: {n} action(s) spent ({left - n} left)")
    raise TurnError("spend: this ruleset counts neither AP nor actions")


def turn_entry(turn: int, action: str, change: Change, actor: str | None = None) -> LogEntry:
    """The log line of a turn step (end of turn, hand-over, activation …): its label and
    what it set."""
    return LogEntry(turn, actor, action, None, (), change.label,
                    {"turn_step": action, "sets": change.describe()})


__all__ += ["MAX_INITIATIVE_ROUNDS", "TURN_KEYS"]
