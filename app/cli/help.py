"""`warboard help`: the list of commands, or one command's arguments."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    pass

from .base import (
    COMMANDS,
    PROG,
    CliError,
    _Parser,
    command,
)

# --- help --------------------------------------------------------------------------------


def _help_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("topic", metavar="COMMAND", nargs="?",
                   help=tr("the command to explain (default: the list of commands)"))


def overview() -> str:
    """What `warboard --help` and `warboard help` print: how to open the window, then every
    command with its line (from COMMANDS, so a new command is listed without editing this)."""
    width = max(len(name) for name in COMMANDS)
    pad = " " * len(tr("usage: "))
    rows = [(f"{PROG} [FILE]", tr("open the window on FILE (a scenario .json or a .warboard "
                                  "game;")),
            ("", tr("no FILE: the last game, the demo table on first run)")),
            (f"{PROG} COMMAND [ARGS]", tr("answer on the command line")),
            (f"{PROG} --self-test", tr("open the demo offscreen, measure, resolve, print a "
                                       "card; exit 0 if all work"))]
    lines = [f"{tr('usage: ') if k == 0 else pad}{use:<27}{what}".rstrip()
             for k, (use, what) in enumerate(rows)]
    lines += ["", tr("commands:")]
    lines += [f"  {name:<{width}}  {tr(cmd.help).split(' (')[0]}"
              for name, cmd in COMMANDS.items()]
    lines += ["", tr("`{prog} help COMMAND` (or `{prog} COMMAND --help`) explains one "
                     "command.").format(prog=PROG),
              tr("Problems go to stderr with exit status 2.")]
    return "\n".join(lines) + "\n"


@command("help", QT_TR_NOOP("this list, or one command's arguments: help [COMMAND]"),
         _help_arguments)
def cmd_help(args: argparse.Namespace) -> int:
    if args.topic is None:
        sys.stdout.write(overview())
        return 0
    if args.topic not in COMMANDS:
        raise CliError(tr("COMMAND: no command {name!r}; one of {names}").format(
            name=args.topic, names=", ".join(COMMANDS)))
    cmd = COMMANDS[args.topic]
    sub = _Parser(prog=f"{PROG} {cmd.name}", description=tr(cmd.help))
    cmd.add_arguments(sub)
    sys.stdout.write(sub.format_help())
    return 0
