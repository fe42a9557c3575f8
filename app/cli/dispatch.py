"""Parsing and dispatching one command line."""

from __future__ import annotations

import argparse
import functools
import sys
from typing import TYPE_CHECKING

from app.i18n import tr

if TYPE_CHECKING:
    pass

from .base import (
    COMMANDS,
    PROG,
    USAGE_ERROR,
    CliError,
    _language_kept,
    _Parser,
    set_language,
)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every subcommand, or with `only` that one alone (what
    a command line naming it parses the same way, without building — and importing for —
    the others; the top usage names no subcommand, so its messages read the same)."""
    parser = _Parser(prog=PROG, description=tr("Warboard on the command line."))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for cmd in COMMANDS.values():
        if only is None or cmd.name == only:
            cmd.add_arguments(sub.add_parser(cmd.name, help=tr(cmd.help),
                                             description=tr(cmd.help)))
    return parser


@functools.cache
def _parser(lang: str, only: str | None = None) -> argparse.ArgumentParser:
    """The parser in `lang`, built once per process, language and subcommand (building it
    is most of a short command's time; parsing does not change it)."""
    return build_parser(only)


def run(argv: list[str]) -> int:
    """Run one subcommand; returns the exit status (0 ok, 2 for the user's errors).
    `--lang en|ru` anywhere on the line (else LANG / LC_ALL / LC_MESSAGES) chooses the
    language of what it prints."""
    from app.i18n import lang_from_args

    try:
        lang, argv = lang_from_args(argv)
    except ValueError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return USAGE_ERROR
    from app.terminal_text import terminal_safe_streams  # names from files: no escapes

    with _language_kept(), terminal_safe_streams():
        return _run(argv, lang)


def _run(argv: list[str], lang: str | None) -> int:
    only = argv[0] if argv and argv[0] in COMMANDS else None
    parser = _parser(set_language(lang), only)
    try:
        args = parser.parse_args(argv)
        return COMMANDS[args.command].handle(args)
    except CliError as e:
        text = str(e)
        if not text.startswith(PROG):
            text = tr("{prog}: error: {message}").format(
                prog=f"{PROG} {argv[0] if argv else ''}", message=text)
        print(text, file=sys.stderr)
        return USAGE_ERROR
    except SystemExit as e:  # --help and --version exit through argparse
        return e.code if isinstance(e.code, int) else USAGE_ERROR
