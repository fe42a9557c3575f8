"""A ruleset's turn as data: the `TurnStructure` it declares and the `TurnHooks` it adds.

Kept apart from the turn steps so a ruleset can declare (or read from its table with
`from_table`) its turn without pulling in the code that runs one, and so every check of a
bad declaration sits next to the field it checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from engine import triggers
from engine.dice import D10, DiceError, DiceSource, Die, die
from engine.model import (
    Game,
)
from engine.protocol import Step
from engine.scenario import Unit
from engine.triggers import Trigger

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
