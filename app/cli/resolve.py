"""`warboard resolve`: an action resolved through the referee (engine.play): every step,
die and modifier; a roll of the app's dice on a game file is logged, applied or not."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    pass

from .action_args import _refused, _resolve_arguments, _Setup, _setup
from .base import (
    CliError,
    _emit,
    _loc,
    _said,
    command,
    language,
)


def _save(setup: _Setup) -> None:
    """Write a game file back (its log grew, or the change was applied)."""
    from engine.gamefile import GameFileError, save_game

    try:
        save_game(setup.path, setup.game)
    except GameFileError as e:
        raise CliError(_said(e)) from None


def _apply(setup: _Setup, rolled, override: bool = False) -> tuple[str, Any]:
    """Apply the roll through the referee (the cost charged, refused unless `override`;
    one Change; a game file logs it) and write FILE: a scenario JSON is rewritten
    atomically (units, markers and state; a scenario keeps no roll log), a game file is
    saved with its log. Returns (what was done, the charged resolution)."""
    import dataclasses

    from engine.costs import CostRefused
    from engine.model import ModelError
    from engine.scenario_io import save_scenario

    try:
        applied = setup.referee.apply(setup.plan, rolled, override=override)
    except CostRefused as e:
        if setup.is_game_file and rolled.positions:   # the roll stays logged
            _save(setup)
        raise CliError(tr("--apply: {why} (--override-cost applies it anyway)")
                       .format(why=_said(e))) from None
    except ModelError as e:
        raise CliError(f"--apply: {_said(e)}") from None
    if setup.is_game_file:
        _save(setup)
        return tr("applied to {file} and logged").format(file=setup.path), applied.resolution
    game = setup.game
    save_scenario(dataclasses.replace(game.scenario, units=game.all_units()), setup.path)
    return (tr("applied to {file} (a scenario keeps no roll log)").format(file=setup.path),
            applied.resolution)


def _roll(args: argparse.Namespace, setup: _Setup):
    """Roll through the referee with --dice or the app's dice (--seed); a roll of the
    app's dice on a game file is logged (and saved) at once, applied or not."""
    from engine.dice import DiceError
    from engine.play import AppDice, TypedFaces
    from engine.protocol import ActionRefused

    dice = TypedFaces(args.dice) if args.dice is not None else \
        AppDice(args.seed, args.seed is not None)
    try:
        rolled = setup.referee.roll(setup.plan, dice)
    except DiceError as e:
        raise CliError(f"--dice: {_said(e)}" if args.dice is not None else _said(e)) from None
    except ActionRefused as e:
        raise _refused(e, setup.ctx) from None
    except ValueError as e:  # a missing fact, a bad value
        raise CliError(_said(e)) from None
    if rolled.positions and not args.apply:
        _save(setup)
    if rolled.leftover is not None:
        raise CliError(tr("--dice: {why} (result: {result})")
                       .format(why=_said(rolled.leftover),
                               result=_loc(rolled.resolution.summary, setup.ctx.ruleset.id)))
    return rolled


@command("resolve", QT_TR_NOOP("resolve an action: every step, die and modifier, and its "
                               "effects (with --return-fire, the answer too, both from the "
                               "table as it is)"),
         _resolve_arguments)
def cmd_resolve(args: argparse.Namespace) -> int:
    from engine.render import render, render_joint

    if args.override_cost and not args.apply:
        raise CliError(tr("--override-cost: only with --apply"))
    setup = _setup(args)
    rolled = _roll(args, setup)
    res, applied = rolled.resolution, None
    if args.apply:
        applied, res = _apply(setup, rolled, args.override_cost)
    joint = setup.answer is not None
    text = (render_joint(res, args.format, lang=language()) if joint
            else render(res, args.format, lang=language()))
    if args.json:
        _emit(_resolve_json(setup, res, rolled, applied, text), "", True, sys.stdout)
        return 0
    if rolled.seed is not None:
        text += tr("Dice: app, seed {seed} (replay with --seed {seed})").format(
            seed=rolled.seed) + "\n"
    if applied:
        text += f"{applied[0].upper()}{applied[1:]}.\n"
    elif rolled.positions:
        text += tr("Logged in {file} as rolled, not applied.").format(file=setup.path) + "\n"
    sys.stdout.write(text)
    return 0


def _resolve_json(setup: _Setup, res, rolled, applied, text: str) -> dict:
    from engine.play import log_lines

    lines = log_lines(res, setup.game.turn)
    if setup.answer is not None:
        data = {"joint": [e.to_dict() for e in lines], "effects": res.change.describe(),
                "notes": list(res.notes), "summary": res.summary}
    else:
        data = lines[0].to_dict()
        data.update(label=res.action_label)
    data.update(seed=rolled.seed, applied=applied, text=text,
                logged=list(rolled.positions) or None)
    return data
