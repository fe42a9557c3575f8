"""Passed actions: a commander gives a unit under him a whole activation.

Apart from the other steps because a pass may roll the ruleset's communication test and
then carries its dice (`TurnRoll`) to the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import ledger
from engine.dice import DiceSource, RollRecord
from engine.i18n import msg
from engine.model import (
    AdjustState,
    Change,
    Effect,
    Game,
    LogEntry,
    ModelError,
    SetState,
)
from engine.protocol import Step, info_step
from engine.scenario import Unit
from engine.triggers import Crossing
from engine.turns.boundaries import crossing_change, record_slot
from engine.turns.queries import actions_left, need_active, unit_on_table, why_cannot_act
from engine.turns.structure import TurnError, TurnStructure


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
    side = need_active(game, structure)
    c = unit_on_table(game, commander_id)
    u = unit_on_table(game, unit_id)
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
    effects.append(record_slot(game, record))
    return crossing_change(game, structure, text, effects, [], starts)


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
