"""The command line's one argument layer: the registry of commands, the errors a user
can fix, the argument types every command shares, the parser and the language the
command writes in. Each command is a module of app.cli over this one."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from engine.scenario import Scenario

PROG = "warboard"
#: Exit status for anything the user got wrong (argparse's convention).
USAGE_ERROR = 2


class CliError(Exception):
    """A problem with the command's input; its message goes to stderr, exit status 2."""


def _said(err: BaseException, ruleset: str | None = None) -> str:
    """What `err` says in the command's language: a message made with engine.i18n.msg is
    rebuilt in it (through `ruleset`'s glossary), any other error's text kept as it is."""
    from engine.i18n import said

    return _loc(said(err), ruleset)


def _loc(obj: Any, ruleset: str | None = None) -> str:
    """A message (engine.i18n.msg) or a name in the command's language."""
    from engine.i18n import localized

    return localized(obj, language(), ruleset)


@dataclass(frozen=True, slots=True)
class Command:
    """One subcommand: its help line, its argument declarations and its handler."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    handle: Callable[[argparse.Namespace], int]


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, add_arguments: Callable[[argparse.ArgumentParser], None]):
    """Register the decorated function as the handler of subcommand `name`."""

    def register(handle: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = Command(name, help, add_arguments, handle)
        return handle

    return register


# --- shared pieces -----------------------------------------------------------------------


def _is_game_path(p: Path) -> bool:
    """A .warboard name or a SQLite header: read as a game file; anything else as JSON."""
    from engine.safe_json import sniff  # a FIFO must not hang the guess

    return sniff(p, 16) == b"SQLite format 3\x00" or p.suffix.lower() == ".warboard"


def _load_game_file(p: Path):
    """The Game saved in `p`; a refused game file says which kind of problem it has. A log
    altered outside Warboard is told on stderr, one line per finding (the command goes on:
    the game itself is readable)."""
    from engine.gamefile import GameFileError, open_game

    try:
        read = open_game(p)
    except GameFileError as e:
        raise CliError(_said(e)) from None
    from engine.readings import game_reading_problems

    for problem in [*read.log_problems, *map(_loc, game_reading_problems(read.game))]:
        print(tr("{prog}: warning: {file}: {problem}").format(prog=PROG, file=p, problem=problem),
              file=sys.stderr)
    if read.journal_set_aside is not None:
        print(tr("{prog}: warning: {file}: the journal of an unfinished save of another file "
                 "lay beside it; it was not applied and is kept as {aside}").format(
                     prog=PROG, file=p, aside=read.journal_set_aside.name), file=sys.stderr)
    return read.game


def open_scenario(path: str | Path) -> Scenario:
    """The table in FILE: a scenario JSON, or a .warboard game file (its units on the table
    now; a refused game file says which kind of problem it has)."""
    p = Path(path)
    if _is_game_path(p):
        return _load_game_file(p).scenario
    from engine.scenario_io import ScenarioError, load_scenario

    try:
        return load_scenario(p)
    except ScenarioError as e:
        raise CliError(_said(e)) from None


def finite_float(text: str) -> float:
    """argparse type: a finite number (no nan, no inf)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("expected a number, got {text!r}").format(text=text)) from None
    if not math.isfinite(v):
        raise argparse.ArgumentTypeError(
            tr("expected a finite number, got {text!r}").format(text=text))
    return v


def table_inches(text: str) -> float:
    """argparse type: a finite number of inches within reach of a table (the scenario's
    own bound): a point far off any table is a typing slip, and the shapes built there
    would overflow."""
    from engine.scenario_io import MAX_MAGNITUDE

    v = finite_float(text)
    if abs(v) > MAX_MAGNITUDE:
        raise argparse.ArgumentTypeError(
            tr("expected inches within ±{limit:g} (off any table), got {text!r}").format(
                limit=MAX_MAGNITUDE, text=text))
    return v


def scatter_spec(text: str) -> tuple[float, float]:
    """argparse type for DIST@BEARING: inches ≥ 0 and degrees (0 = +x, clockwise)."""
    dist, sep, bearing = text.partition("@")
    try:
        if not sep:
            raise ValueError
        d, b = float(dist), float(bearing)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("expected DIST@BEARING (inches@degrees, e.g. 3@90), got {text!r}").format(
                text=text)) from None
    if not (math.isfinite(d) and math.isfinite(b)):
        raise argparse.ArgumentTypeError(
            tr("expected finite numbers, got {text!r}").format(text=text))
    if d < 0:
        raise argparse.ArgumentTypeError(
            tr("distance must not be negative, got {text!r}").format(text=text))
    return d, b


def _emit(data: dict, text: str, as_json: bool, out: TextIO) -> None:
    if as_json:
        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        out.write(text if text.endswith("\n") else text + "\n")


def warn_off_table(scenario: Scenario, x: float, y: float, what: str) -> bool:
    """Say on stderr when (x, y) is off the table (the command still answers: a point just
    past the edge can be meant); True when it warned."""
    t = scenario.table
    if 0 <= x <= t.width_in and 0 <= y <= t.height_in:
        return False
    print(tr("{prog}: warning: {what} ({x}, {y}) is off the {w}\" × {h}\" table").format(
        prog=PROG, what=what, x=f"{x:g}", y=f"{y:g}", w=f"{t.width_in:g}",
        h=f"{t.height_in:g}"), file=sys.stderr)
    return True


# --- argparse's own words ----------------------------------------------------------------

#: The words argparse itself prints (its help layout and its refusals), which it takes
#: through gettext: `_argparse_text` gives them in the command's language instead. Marked
#: here so lupdate lists them in the .ts.
ARGPARSE_WORDS: tuple[str, ...] = (
    QT_TR_NOOP("usage: "), QT_TR_NOOP("positional arguments"), QT_TR_NOOP("options"),
    QT_TR_NOOP("show this help message and exit"),
    QT_TR_NOOP("show program's version number and exit"),
    QT_TR_NOOP("%(prog)s: error: %(message)s\n"),
    QT_TR_NOOP("argument %(argument_name)s: %(message)s"),
    QT_TR_NOOP("the following arguments are required: %s"),
    QT_TR_NOOP("one of the arguments %s is required"),
    QT_TR_NOOP("unrecognized arguments: %s"), QT_TR_NOOP("not allowed with argument %s"),
    QT_TR_NOOP("ignored explicit argument %r"), QT_TR_NOOP("expected one argument"),
    QT_TR_NOOP("expected at most one argument"), QT_TR_NOOP("expected at least one argument"),
    QT_TR_NOOP("expected %s argument"), QT_TR_NOOP("expected %s arguments"),
    QT_TR_NOOP("ambiguous option: %(option)s could match %(matches)s"),
    QT_TR_NOOP("unexpected option string: %s"),
    QT_TR_NOOP("invalid %(type)s value: %(value)r"),
    QT_TR_NOOP("invalid choice: %(value)r (choose from %(choices)s)"),
    QT_TR_NOOP("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _argparse_text(text: str) -> str:
    """argparse's gettext: its words in the command's language (English as they are)."""
    return text if _language == "en" else tr(text)


def _argparse_plural(singular: str, plural: str, n: int) -> str:
    """argparse's ngettext (the Russian forms are worded so that one fits every number)."""
    return _argparse_text(singular if n == 1 else plural)


argparse._ = _argparse_text  # type: ignore[attr-defined]
argparse.ngettext = _argparse_plural  # type: ignore[attr-defined]


def _fmt(v: float, digits: int = 2) -> str:
    return f"{v:.{digits}f}"


def key_value(text: str) -> tuple[str, str]:
    """argparse type for K=V (the value may be empty; the key may not)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(tr("expected K=V, got {text!r}").format(text=text))
    return key.strip(), value.strip()


def modifier_spec(text: str):
    """argparse type for STEP:VALUE[:TO]:LABEL → (step, Modifier)."""
    from engine.options import MODIFIER_TARGETS, Modifier

    parts = text.split(":", 3)
    if len(parts) == 4 and parts[2] in MODIFIER_TARGETS:
        step, value, to, label = parts
    elif len(parts) >= 3:
        step, value, label = parts[0], parts[1], ":".join(parts[2:])
        to = "target"
    else:
        raise argparse.ArgumentTypeError(f"expected STEP:VALUE[:TO]:LABEL, got {text!r}")
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            tr("{text!r}: the value must be a whole number, got {value!r}").format(
                text=text, value=value)) from None
    if not step.strip() or not label.strip():
        raise argparse.ArgumentTypeError(f"expected STEP:VALUE[:TO]:LABEL, got {text!r}")
    return step.strip(), Modifier(label.strip(), number, "entered by hand", to=to)


def unit_list(text: str) -> list[str]:
    """argparse type for U1,U2,...: unit ids."""
    ids = [t.strip() for t in text.split(",") if t.strip()]
    if not ids:
        raise argparse.ArgumentTypeError(
            tr("expected unit ids separated by commas, got {text!r}").format(text=text))
    return ids


def _pairs(items: list[tuple[str, str]], flag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in items:
        if k in out:
            raise CliError(tr("{flag} {key}: given twice").format(flag=flag, key=k))
        out[k] = v
    return out



#: What reads as a negative number, not an option: -5, -2.5, -.5, -1e3, -inf, -nan
#: (argparse's own pattern knows only the first three, so `-inf` became an unknown option).
NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*(e[-+]?\d+)?|\.\d+(e[-+]?\d+)?|inf(inity)?|nan)$",
                             re.IGNORECASE)


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors by exception instead of exiting the process, and reads
    every negative number as a value (so `template F blast-3 -inf 5` is refused by the
    number check, naming X, instead of being taken for an option)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_NUMBER

    def error(self, message: str):
        sys.stderr.write(self.format_usage())
        raise CliError(tr("{prog}: error: {message}").format(prog=self.prog, message=message))


#: The language the command line writes in ("en", "ru"): `--lang`, else LANG and its kin.
_language = "en"


def language() -> str:
    """The language of this command's output (set by `run` from --lang or the environment)."""
    return _language


def set_language(lang: str | None) -> str:
    """Set the command's language: `lang` (--lang), else LANG and its kin, else English;
    its words come through the running Qt application's translators, or without one
    through app.i18n's standalone translator (no application is started for that).
    Returns the language the words are in: English when `lang`'s translation is not
    built (the engine's texts still follow `lang`: they need no .qm)."""
    global _language
    from app.i18n import current_language, install_standalone, language_from_env, qt_application

    _language = lang or language_from_env() or "en"
    if qt_application():
        _install_language()
        return current_language()
    return _language if install_standalone(_language) else "en"


def _install_language() -> None:
    """Qt's translators for the command's language, once a Qt application exists (the
    commands that draw: cards, pictures)."""
    from app.i18n import current_language, install

    if current_language() != _language:
        install(_language)


@contextmanager
def _language_kept() -> Iterator[None]:
    """A command run inside a running application (a test, the self-test) leaves that
    application's interface language as it found it, and the command language too (a
    window drawn later by the same process, e.g. a picture, installs that one)."""
    global _language
    from app.i18n import current_language, install, qt_application

    before = current_language() if qt_application() else None
    command = _language
    try:
        yield
    finally:
        _language = command
        if before is not None and current_language() != before:
            install(before)


def _open_game(path: str | Path):
    """(Game, is a game file) for FILE: a .warboard game as saved, or a scenario JSON as
    a new game (units marked removed start off the table)."""
    p = Path(path)
    if _is_game_path(p):
        return _load_game_file(p), True
    from engine.model import Game
    from engine.scenario_io import ScenarioError, load_scenario

    try:
        return Game.from_meta(load_scenario(p), {}), False
    except ScenarioError as e:
        raise CliError(_said(e)) from None


def _label(scenario: Scenario, unit_id: str) -> str:
    u = scenario.unit(unit_id)
    return f"{u.name} ({u.id})" if u.name else u.id
