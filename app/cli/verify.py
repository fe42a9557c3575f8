"""`warboard verify`: a sealed game file checked strictly (engine.verify_game) — the same
report File ▸ Verify dice… shows — and, with `--posts`, against every post of the saved
thread (engine.witness.posts: each post's head, the previous post's head, the roll numbers,
the turn's declarations and nonces)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.i18n import QT_TR_NOOP, tr

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
    p.add_argument("--commitment", metavar="C",
                   help=tr("the sealed-dice commitment the players were given (64 hex digits)"))
    p.add_argument("--posts", metavar="FILE",
                   help=tr("the thread's posts saved as text: the file is checked against "
                           "every post's place in the chain"))
    p.add_argument("--lang", choices=("en", "ru"), default=None,
                   help=tr("language of the report (default: from LANG, else English)"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("verify", QT_TR_NOOP("check a sealed game: its hash chain, every sealed roll against "
                              "the revealed seed, and the game state; exit 1 on any problem"),
         _verify_arguments)
def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0 when the file holds (engine.verify_game) and agrees with the thread (--posts),
    1 on any problem, each named. Without the seed, only against what the players saw
    (--commitment / --posts): the chain and the posts are checked, the rolls are not."""

    from engine import sealed
    from engine.verify_game import verify_game

    p = Path(args.file)
    if not _is_game_path(p):
        raise CliError(tr("{file}: expected a .warboard game file (a scenario has no rolls)")
                       .format(file=p))
    try:
        game = _load_game_file(p)
    except CliError:
        if not _tampered(p, args):
            raise
        return VERIFY_FAILED
    try:
        sealing = sealed.sealing_of(game.state)
    except sealed.SealedError as e:
        raise CliError(_said(e)) from None
    if sealing is None:
        raise CliError(f"{p}: {sealed.MESSAGES['not_sealed']}")
    seed = args.seed if args.seed is not None else sealing.revealed
    against = args.posts is not None or args.commitment is not None
    if seed is None and not against:
        raise CliError(tr("--seed: the game master has not revealed the seed in this file; "
                          "give it with --seed"))
    damaged: list[int] = []
    posted = _read_posts(args.posts, damaged) if args.posts is not None else []
    rolls = [x.rolls[1] for x in posted if x.rolls]
    try:
        report = verify_game(p, seed=seed, commitment=args.commitment,
                             expected_head=posted[-1].head if posted else None,
                             expected_last_roll=max(rolls) if rolls else None)
    except sealed.SealedError as e:
        said = _said(e)   # "seed: …" / "зерно: …": the flag says which field
        if str(e).startswith("seed: "):
            said = said.split(": ", 1)[1]
        raise CliError(f"--seed: {said}") from None
    lang = args.lang or language()
    data, said, ok = report.to_dict(lang), report.text(lang), report.ok
    if args.posts is not None:
        posts = _posts(posted, damaged, game, sealing, report)
        data["posts"] = posts.to_dict()
        said += "\n" + posts.text(lang)
        data["ok"] = ok = ok and posts.ok
    _emit(data, said, args.json, sys.stdout)
    return 0 if ok else VERIFY_FAILED


def _tampered(p: Path, args: argparse.Namespace) -> bool:
    """A game file of ours that no longer opens because a row was edited (a line removed
    and the numbers not closed up, a field of the wrong kind) is a failed check, named by
    verify_game and exit 1 — not the user's error. False for any other refusal."""
    from engine.gamefile import GameFileError, open_game
    from engine.verify_game import verify_game

    try:
        open_game(p)
    except GameFileError as e:
        if e.kind != "invalid":
            return False
    else:
        return False
    report = verify_game(p, commitment=args.commitment)
    lang = args.lang or language()
    _emit(report.to_dict(lang), report.text(lang), args.json, sys.stdout)
    return True


def _read_posts(name: str, damaged: list[int]) -> list:
    """The chain lines of the saved thread `name` (the places of those that cannot be read
    put in `damaged`)."""
    from engine.witness.chain_line import parse_thread

    try:
        return parse_thread(Path(name).read_text(encoding="utf-8", errors="replace"),
                            damaged)
    except OSError as e:
        raise CliError(tr("--posts: {file}: cannot be read ({why})").format(
            file=name, why=e.strerror or e)) from None


def _posts(posted: list, damaged: list[int], game, sealing, report):
    """Every post of the thread against the file (the heads as verify_game read them from
    the stored rows); a cut tail verify_game told already is not told twice."""
    from engine.witness.posts import check_posts
    from engine.witness.scheme import WitnessError, witnesses_of

    try:
        witness = witnesses_of(game.state, sealing.game_id)
    except WitnessError:
        witness = {}  # verify_game names the damaged record
    posts = check_posts(posted, game.log, game_id=sealing.game_id, seal=sealing.commitment,
                        witness=witness, heads=report.heads or None, damaged=damaged)
    if report.kinds & {"tail_cut", "posted_head"}:
        posts.problems = [q for q in posts.problems if q.kind != "tail"]
    return posts
