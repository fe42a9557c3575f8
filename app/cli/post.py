"""`warboard post`: one turn of a game as a forum post (engine.turn_post), the same post
Log ▸ Copy turn as … previews: BBCode, Markdown or text, in the output's language, its
headings bold (every forum), [size=150] (phpBB, Discourse) or [size=5] (sizes 1–7)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.i18n import QT_TR_NOOP, tr

from .base import CliError, _is_game_path, _load_game_file, command, language

#: engine.turn_post's formats and heading styles (spelt here: the engine is imported only
#: when the command runs)
FORMATS = ("bbcode", "markdown", "text")
HEADINGS = ("bold", "percent", "scale")


def _post_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="GAME", help=tr("a .warboard game"))
    p.add_argument("--turn", type=int, metavar="N",
                   help=tr("the turn to post (default: the game's current turn)"))
    p.add_argument("--format", choices=FORMATS, default="bbcode",
                   help=tr("bbcode, markdown or text; default bbcode"))
    p.add_argument("--headings", choices=HEADINGS, default="bold",
                   help=tr("bold (shows on every forum, the default), percent ([size=150]: "
                           "phpBB, Discourse) or scale ([size=5]: forums whose sizes run "
                           "1–7)"))


@command("post", QT_TR_NOOP("one turn of a game as a forum post"), _post_arguments)
def cmd_post(args: argparse.Namespace) -> int:
    """Print the post; a turn the game has not reached is refused by name."""
    from engine.turn_post import turn_post

    p = Path(args.file)
    if not _is_game_path(p):
        raise CliError(tr("{file}: expected a .warboard game file (a scenario has no turns "
                          "played)").format(file=p))
    game = _load_game_file(p)
    last = max([game.turn, *(e.turn for e in game.log)])
    if args.turn is not None and not 1 <= args.turn <= last:
        raise CliError(tr("--turn: expected a turn from 1 to {last}, got {turn}")
                       .format(last=last, turn=args.turn))
    sys.stdout.write(turn_post(game, args.turn, args.format, language(),
                               headings=args.headings))
    return 0
