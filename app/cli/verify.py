"""`warboard verify`: a sealed game file checked strictly (engine.verify_game) — the same
report File ▸ Verify dice… shows."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QT_TR_NOOP

from app.i18n import tr

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
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("verify", QT_TR_NOOP("check a sealed game: its hash chain, every sealed roll against "
                              "the revealed seed, and the game state; exit 1 on any problem"),
         _verify_arguments)
def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0 when the file holds (engine.verify_game), 1 on any problem, each named."""

    from engine import sealed
    from engine.verify_game import verify_game

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
    if seed is None:
        raise CliError(tr("--seed: the game master has not revealed the seed in this file; "
                          "give it with --seed"))
    try:
        report = verify_game(p, seed=seed)
    except sealed.SealedError as e:
        said = _said(e)   # "seed: …" / "зерно: …": the flag says which field
        if str(e).startswith("seed: "):
            said = said.split(": ", 1)[1]
        raise CliError(f"--seed: {said}") from None
    lang = args.lang or language()
    _emit(report.to_dict(lang), report.text(lang), args.json, sys.stdout)
    return 0 if report.ok else VERIFY_FAILED
