"""`warboard verify`: every sealed roll of a game checked against its seed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP

from app.i18n import tr

if TYPE_CHECKING:
    pass

from .base import (
    CliError,
    _emit,
    _is_game_path,
    _load_game_file,
    _said,
    command,
    language,
)

# --- verify (engine/sealed.py) ---------------------------------------------------------------

#: Exit status of `warboard verify` when the rolls do not check out (2 stays the user's error).
VERIFY_FAILED = 1


def _verify_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="GAME", help=tr("a .warboard game played with sealed dice"))
    p.add_argument("--seed", metavar="S",
                   help=tr("the revealed seed (64 hex digits; default: the one the game holds "
                        "once the game master revealed it)"))
    p.add_argument("--lang", choices=("en", "ru"), default=None,
                   help=tr("language of the report (default: from LANG, else English)"))
    p.add_argument("--commitment", metavar="C",
                   help=tr("the sealed-dice commitment the players were given (64 hex digits)"))
    p.add_argument("--posts", metavar="FILE",
                   help=tr("the thread's posts saved as text: the file is checked against "
                           "every post's place in the chain"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("verify", QT_TR_NOOP("check every sealed roll of a game against the revealed seed"),
         _verify_arguments)
def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0 when every roll matches and the commitment holds, 1 when not."""

    from engine import sealed

    p = Path(args.file)
    if not _is_game_path(p):
        raise CliError(tr("{file}: expected a .warboard game file (a scenario has no rolls)")
                       .format(file=p))
    game = _load_game_file(p)
    try:
        sealing = sealed.sealing_of(game.state)
    except sealed.SealedError as e:
        raise CliError(_said(e)) from None
    if sealing is None:
        raise CliError(f"{p}: {sealed.MESSAGES['not_sealed']}")
    seed = args.seed if args.seed is not None else sealing.revealed
    witness = _witness(game, sealing)
    if args.posts is not None or args.commitment is not None:
        return _against_thread(args, p, game, sealing, witness)
    if seed is None:
        raise CliError(tr("--seed: the game master has not revealed the seed in this file; "
                          "give it with --seed"))
    try:
        report = sealed.verify(game.log, sealing, seed, witness)
    except sealed.SealedError as e:
        said = _said(e)   # "seed: …" / "зерно: …": the flag says which field
        if str(e).startswith("seed: "):
            said = said.split(": ", 1)[1]
        raise CliError(f"--seed: {said}") from None
    lang = args.lang or language()
    _emit({**report.to_dict(), "commitment": sealing.commitment,
           "game_id": sealing.game_id}, report.text(lang), args.json, sys.stdout)
    return 0 if report.ok else VERIFY_FAILED


def _witness(game, sealing) -> dict:
    """The game's witnessed turns; a damaged record is the user's file problem."""
    from engine.witness.scheme import WitnessError, witnesses_of

    try:
        return witnesses_of(game.state, sealing.game_id)
    except WitnessError as e:
        raise CliError(_said(e)) from None


def _read_posts(name: str) -> list:
    """The chain lines of the saved thread `name`."""
    from engine.witness.chain_line import parse_thread

    try:
        return parse_thread(Path(name).read_text(encoding="utf-8", errors="replace"))
    except OSError as e:
        raise CliError(tr("--posts: {file}: cannot be read ({why})").format(
            file=name, why=e.strerror or e)) from None


def _against_thread(args: argparse.Namespace, p: Path, game, sealing, witness) -> int:
    """The strict check (engine.verify_game) against the commitment the players were given
    and the last posted head and roll, then every post of the saved thread against the
    file (engine.witness.posts). Exit 1 on any problem of either."""
    from engine import sealed
    from engine.verify_game import verify_game
    from engine.witness.posts import check_posts

    posted = _read_posts(args.posts) if args.posts is not None else []
    rolls = [x.rolls[1] for x in posted if x.rolls]
    try:
        strict = verify_game(p, expected_head=posted[-1].head if posted else None,
                             expected_last_roll=max(rolls) if rolls else None,
                             commitment=args.commitment, seed=args.seed)
    except sealed.SealedError as e:
        said = _said(e)
        raise CliError(f"--seed: {said.split(': ', 1)[1] if ': ' in said else said}") from None
    lang = args.lang or language()
    data, said, ok = strict.to_dict(lang), strict.text(lang), strict.ok
    if args.posts is not None:
        posts = check_posts(posted, game.log, game_id=sealing.game_id, seal=sealing.commitment,
                            witness=witness, heads=strict.heads or None)
        if strict.kinds & {"tail_cut", "posted_head"}:  # the cut tail told once
            posts.problems = [q for q in posts.problems if q.kind != "tail"]
        data["posts"] = posts.to_dict()
        said += "\n" + posts.text(lang)
        ok = ok and posts.ok
    data["ok"] = ok
    _emit(data, said, args.json, sys.stdout)
    return 0 if ok else VERIFY_FAILED
