"""Rolling initiative: the order of sides, ties re-rolled among the tied.

Kept with its own record (`InitiativeRoll`) because it is the one turn step that rolls
dice for every side and must log each die, re-rolls included.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.dice import DiceSource, Die, RollRecord
from engine.i18n import join, msg, side_record
from engine.model import (
    Change,
    Effect,
    Game,
    LogEntry,
    SetGame,
    SetGameState,
)
from engine.protocol import Step, info_step, roll_step
from engine.triggers import Crossing
from engine.turns.boundaries import crossing_change, listed
from engine.turns.structure import MAX_INITIATIVE_ROUNDS, TurnError, TurnStructure


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
          steps: list[Step], rolls: dict[str, list[int]],
          named: Callable[[str], Any] = str) -> list[str]:
    """`group` ordered by one die each (`d`, or `d(side)`: each side's own), higher first;
    tied sides roll again among themselves (recursively)."""
    if rnd > MAX_INITIATIVE_ROUNDS:
        raise TurnError(f"initiative: still tied after {MAX_INITIATIVE_ROUNDS} rolls")
    faces: dict[str, int] = {}
    for side in group:
        # the side's id rides along (side_id) for readers of the log: the post's lines
        label = msg("Initiative: {side} (re-roll {n})", side=named(side), n=rnd - 1,
                    side_id=side) \
            if rnd > 1 else msg("Initiative: {side}", side=named(side), side_id=side)
        step = roll_step(dice, d(side) if callable(d) else d, id="initiative", label=label)
        faces[side] = step.totals[0]
        rolls[side].append(faces[side])
        steps.append(step.with_outcome(msg("{side} {face}", side=named(side),
                                           face=faces[side])))
    out: list[str] = []
    for value in sorted(set(faces.values()), reverse=True):
        tied = [s for s in group if faces[s] == value]
        if len(tied) > 1:
            steps.append(info_step("tie", "Tie", msg("{sides} tied on {value}: re-roll",
                                                     sides=listed(tied, "and"), value=value)))
            out += _rank(tied, d, dice, rnd + 1, steps, rolls, named)
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
    def named(side: str) -> Any:   # a side by its name in each language, not its id
        return side_record(side, game.scenario.ruleset)

    order = _rank(list(game.sides), die_of, dice, 1, steps, rolls, named)
    names = [named(s) for s in order]
    how = msg("higher goes first, ties re-rolled (PROPOSED)") if ini.proposed else \
        msg("higher goes first, ties re-rolled")
    summary = msg("{side} first: {order}", side=names[0], order=join(", ", names))
    steps.append(info_step("order", "Order", listed(names, ", then"), note=how))
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
    change = crossing_change(game, structure, msg("Initiative: {summary}", summary=summary),
                             effects, [], crossings)
    return InitiativeRoll(steps, order, rolls, change, summary, game.turn)
