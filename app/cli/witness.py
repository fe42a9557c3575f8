"""`warboard declare` and `warboard nonces`: a witnessed turn on the command line — the game
master's declared resolutions (the commitment to post is printed), then the players'
nonces; the turn's sealed rolls derive with them (engine.witness)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.i18n import QT_TR_NOOP, tr

from .base import CliError, _emit, _is_game_path, _load_game_file, _said, command


def _game_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="GAME", help=tr("a .warboard game sealed with sealed dice"))
    p.add_argument("--turn", type=int, default=None,
                   help=tr("the turn (default: the game's current turn)"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


def _open(args: argparse.Namespace):
    p = Path(args.file)
    if not _is_game_path(p):
        raise CliError(tr("{file}: expected a .warboard game file").format(file=p))
    game = _load_game_file(p)
    turn = game.turn if args.turn is None else args.turn
    if turn < 1:
        raise CliError(tr("--turn: expected a whole number ≥ 1, got {got}").format(got=turn))
    return p, game, turn


def _save(p: Path, game, block: dict) -> None:
    from engine.gamefile import GameFileError, save_game
    from engine.witness.scheme import STATE_KEY

    game.state[STATE_KEY] = block
    try:
        save_game(p, game)
    except GameFileError as e:
        raise CliError(_said(e)) from None


def _declare_arguments(p: argparse.ArgumentParser) -> None:
    _game_arguments(p)
    p.add_argument("declarations", metavar="LINE", nargs="+",
                   help=tr("each declared resolution, in the order it will be resolved"))


@command("declare", QT_TR_NOOP("commit to a turn's declared, ordered resolutions (post the "
                               "commitment before the players post their nonces)"),
         _declare_arguments)
def cmd_declare(args: argparse.Namespace) -> int:
    from engine.witness.record import declare
    from engine.witness.scheme import WitnessError

    p, game, turn = _open(args)
    try:
        block, commit = declare(game.state, turn, args.declarations, game.log)
    except (WitnessError, ValueError) as e:
        raise CliError(_said(e)) from None
    _save(p, game, block)
    _emit({"turn": turn, "declarations": len(args.declarations), "commitment": commit},
          tr("Turn {t}: {n} resolution(s) declared. Post this commitment, then ask the "
             "players for their nonces:\n{c}").format(t=turn, n=len(args.declarations),
                                                       c=commit),
          args.json, sys.stdout)
    return 0


def _nonces_arguments(p: argparse.ArgumentParser) -> None:
    _game_arguments(p)
    p.add_argument("nonces", metavar="PLAYER=NONCE", nargs="+",
                   help=tr("each player's posted nonce (any text), in the order posted"))


@command("nonces", QT_TR_NOOP("enter the players' nonces of a turn: its sealed rolls derive "
                              "with them"), _nonces_arguments)
def cmd_nonces(args: argparse.Namespace) -> int:
    from engine import sealed
    from engine.witness.record import enter_nonces, parse_nonce
    from engine.witness.scheme import WitnessError

    p, game, turn = _open(args)
    try:
        pairs = [parse_nonce(t, i) for i, t in enumerate(args.nonces, start=1)]
        first = sealed.next_roll_number(game.log)
        block, digest = enter_nonces(game.state, turn, pairs, game.log, first)
    except (WitnessError, ValueError) as e:
        raise CliError(_said(e)) from None
    _save(p, game, block)
    _emit({"turn": turn, "nonces": len(pairs), "digest": digest, "first_roll": first},
          tr("Turn {t}: {n} nonce(s) entered (digest {d}); sealed rolls from #{k} on "
             "derive with them.").format(t=turn, n=len(pairs), d=digest, k=first),
          args.json, sys.stdout)
    return 0
