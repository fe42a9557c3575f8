"""Shared pieces of the Boets actions: the refusal, the pass/fail odds, the Leadership
step, the panic retreat toward the own table edge, casualties with their tally."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from engine.board_ops import BoardOps
from engine.dice import DiceSource
from engine.i18n import Text, msg, verbatim
from engine.model import Effect, Game, RemoveUnit, SetGroupState
from engine.odds import OutcomeDistribution, p_test
from engine.options import Modifier
from engine.protocol import Action, ActionRefused, Context, Step, info_step, roll_test
from engine.scenario import Group, Scenario

from .data import rule_number
from .formations import profile_of, tally_effects
from .leadership import leadership_test

__all__ = ["BoetsAction", "ldr_step", "pass_fail", "retreat", "kill", "steps_in", "in_steps",
           "set_state", "table_step_refusal"]


class BoetsAction(Action):
    """A Boets action. One it cannot take as declared raises `ActionRefused` (the
    protocol's one refusal style) from resolve and odds alike, rolling nothing and changing
    nothing; `argument` names the role, reading or state at fault. Every action first
    refuses a table whose step length is not the ruleset's (`table_step_refusal`)."""

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        for name in ("resolve", "odds"):
            if name in cls.__dict__:
                setattr(cls, name, _checks_table(cls.__dict__[name]))

    @staticmethod
    def refuse(text: str, argument: str | None = None) -> NoReturn:
        raise ActionRefused(text, argument=argument)


def table_step_refusal(scenario: Scenario | None) -> Text | None:
    """Why a scenario's `table.inches_per_step` cannot be played, or None. The step is
    one length for every Boets game (ruleset.toml, PROPOSED §8-1): the board's drag
    allowance and command-distance badges are asked about a unit or a scenario, never a
    game's readings, so a per-table step would give the board and the rules two answers
    for one distance. A field equal to the ruleset's step changes nothing and passes."""
    extra = scenario.table.extra if scenario is not None else {}
    if "inches_per_step" not in extra:
        return None
    got, step = extra["inches_per_step"], steps_in()
    if isinstance(got, int | float) and not isinstance(got, bool) and got == step:
        return None
    return msg('table.inches_per_step: the step is {step:g}" in every Boets game '
               '(PROPOSED, §8-1), not {got}; remove the field from the scenario',
               step=step, got=verbatim(repr(got)))


def _checks_table(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def checked(self: BoetsAction, ctx: Context, *args: Any) -> Any:
        why = table_step_refusal(ctx.game.scenario if ctx.game is not None else None)
        if why is not None:
            raise ActionRefused(why)
        return method(self, ctx, *args)
    return checked


def ldr_step(dice: DiceSource, ldr: int, *, id: str, label: str, base_label: str,
             modifiers: Sequence[Modifier] = (), note: str = "") -> Step:
    """One Leadership test, d20 ≥ LDR (§4.3)."""
    return roll_test(dice, leadership_test(ldr, modifiers), id=id, label=label, base=ldr,
                     base_label=base_label, modifiers=modifiers, success="pass",
                     failure="fail", note=note)


def pass_fail(label: str, ldr: int) -> OutcomeDistribution:
    p = p_test(leadership_test(ldr))
    return OutcomeDistribution(label, (("pass", p), ("fail", 1 - p)))


def steps_in() -> float:
    return float(rule_number("inches_per_step"))


def in_steps(steps: float) -> Text:
    """A distance in steps and inches (§1: the step's length is a ruleset setting)."""
    return msg('{steps:.1f} steps ({inches:.1f}")', steps=steps, inches=steps * steps_in())


def kill(game: Game | None, ids: Sequence[str], reason: str) -> list[Effect]:
    """Remove fighters and keep their formations' loss tallies (§4.A-9)."""
    return tally_effects(game, ids) + [RemoveUnit(i, reason) for i in ids]


def retreat(ctx: Context, group: Group) -> tuple[Step, list[Effect]]:
    """§4.6-3: the formation retreats its Ск toward its side's own table edge, in
    formation, stopped by what it cannot cross; with `panic_off_table` = removed, the
    figures that leave the table are removed (PROPOSED, §4.A-10)."""
    game = ctx.game
    board: BoardOps = ctx.board
    units = game.group_units(group.id)
    speed = min(int(profile_of(game, u)["speed"]) for u in units)
    side = game.scenario.group_side(group.id) or units[0].side
    edge = board.side_edge(side)
    leave = ctx.rule("panic_off_table") == "removed"
    move = board.move_toward_edge(group.id, edge, speed * steps_in(), leave_table=leave)
    gone = set(move.off_table)
    effects: list[Effect] = [e for e in move.effects if e.unit not in gone]
    effects += [RemoveUnit(u, "retreated off the table in panic") for u in move.off_table]
    text = msg("{moved}; off the table (removed, PROPOSED): {units}", moved=move.note,
               units=", ".join(move.off_table)) if gone else move.note
    return (info_step("retreat", "Panic retreat", text,
                      note=msg("Ск {speed} steps toward the {edge} edge (§4.6-3)", speed=speed,
                               edge=edge)), effects)


def set_state(group: Group, **values) -> list[Effect]:
    return [SetGroupState(group.id, k, v) for k, v in values.items()]
