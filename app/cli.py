"""The command line: the engine's answers without the window (design.md, "Command line").

Each subcommand is a pair of functions — one declaring its arguments, one doing the work —
registered in COMMANDS with `@command`. `run(argv)` parses and dispatches. Problems the user
can fix (a bad file, an unknown unit id, a malformed argument) print one line on stderr and
return exit status 2, as argparse does for its own errors; nothing here raises SystemExit.

To add a subcommand (resolve, odds, cards), write its two functions below and decorate the
second with `@command(name, help, add_arguments)`. Engine modules are imported inside the
functions that use them: app.main imports this module on every start, window or not.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from PySide6.QtCore import QT_TR_NOOP

from app.i18n import tr

if TYPE_CHECKING:
    from engine.measure import Measurement, TemplateResult
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


# --- measure -----------------------------------------------------------------------------


def _measure_arguments(p: argparse.ArgumentParser) -> None:
    from engine.measure import FACING_MODELS

    p.add_argument("file", metavar="FILE", help=tr("scenario .json"))
    p.add_argument("from_id", metavar="FROM", help=tr("id of the unit measuring (the shooter)"))
    p.add_argument("to_id", metavar="TO", help=tr("id of the unit measured to (the target)"))
    p.add_argument("--facing-model", choices=sorted(FACING_MODELS), default=None,
                   help=tr("how the target's faces are divided (default: the game's reading)"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("measure", QT_TR_NOOP("distance, LOS, cover, facing struck, arcs"), _measure_arguments)
def cmd_measure(args: argparse.Namespace) -> int:
    from engine.measure import MeasureError, facing_model, measure_pair
    from engine.readings import game_readings

    game = _load_game_file(Path(args.file)) if _is_game_path(Path(args.file)) else None
    scenario = game.scenario if game is not None else open_scenario(args.file)
    model = facing_model(args.facing_model) if args.facing_model else None
    try:  # the side by the game's reading, as the board and the Actions dock name it
        m = measure_pair(scenario, args.from_id, args.to_id, facing_model=model,
                         readings=game_readings(game))
    except MeasureError as e:
        raise CliError(_said(e)) from None
    _emit(m.to_dict(), measure_text(scenario, m), args.json, sys.stdout)
    return 0


def _label(scenario: Scenario, unit_id: str) -> str:
    u = scenario.unit(unit_id)
    return f"{u.name} ({u.id})" if u.name else u.id


def _piece_label(scenario: Scenario, piece_id: str) -> str:
    try:
        p = scenario.piece(piece_id)
    except KeyError:
        return piece_id
    return f"{p.name} ({p.id})" if p.name else p.id


def _distance(inches: float, metres: float) -> str:
    return tr("{inches}\"  ({metres} m)").format(inches=_fmt(inches), metres=_fmt(metres, 1))


def measure_text(scenario: Scenario, m: Measurement) -> str:
    """The readable block `warboard measure` prints without --json, in the command's
    language (the words the board's measure tool uses)."""
    from engine.measure import COVER_NAMES

    pieces = lambda ids: ", ".join(_piece_label(scenario, i) for i in ids)  # noqa: E731
    los = _loc(m.los)
    if m.los == "partial":
        los = tr("{los}, {visible} visible").format(los=los, visible=f"{m.visible_fraction:.0%}")
    if m.crossed:
        los = tr("{los}; crosses {pieces}").format(los=los, pieces=pieces(m.crossed))
    cover = f"{m.cover} ({tr(COVER_NAMES[m.cover])})"
    if m.cover_terrain:
        cover = tr("{cover} from {pieces}").format(cover=cover, pieces=pieces(m.cover_terrain))
    if m.in_arc is None:
        arc = tr("n/a (no turret)")
    else:
        arc = tr("yes") if m.in_arc else tr("no — the turret must turn")
    rows = [
        (tr("from", "measure: the shooter"), _label(scenario, m.from_id)),
        (tr("to", "measure: the target"), _label(scenario, m.to_id)),
        (tr("edge to edge"), _distance(m.edge_in, m.edge_m)),
        (tr("centre to centre"), _distance(m.centre_in, m.centre_m)),
        (tr("line of sight"), los),
        (tr("cover", "measure: the target's cover"), cover),
        (tr("side struck"), tr("{side} of {unit}").format(side=_loc(m.target_side),
                                                          unit=m.to_id)),
        (tr("in turret arc"), arc),
    ]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


# --- template ----------------------------------------------------------------------------


def _template_arguments(p: argparse.ArgumentParser) -> None:
    from geometry.templates import TEMPLATE_SHAPES

    p.add_argument("file", metavar="FILE", help=tr("scenario .json"))
    p.add_argument("shape", metavar="SHAPE", choices=TEMPLATE_SHAPES,
                   help=tr("one of {shapes}").format(shapes=", ".join(TEMPLATE_SHAPES)))
    p.add_argument("x", metavar="X", type=finite_float, help=tr("inches from the left edge"))
    p.add_argument("y", metavar="Y", type=finite_float, help=tr("inches from the top edge"))
    p.add_argument("--toward", nargs=2, metavar=("X", "Y"), type=finite_float,
                   help=tr("the point a flamer points at (its narrow end is at X Y)"))
    p.add_argument("--scatter", metavar="DIST@BEARING", type=scatter_spec,
                   help=tr("move the template DIST inches along BEARING degrees first"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("template", QT_TR_NOOP("units under a blast-3 / blast-5 / flamer template"),
         _template_arguments)
def cmd_template(args: argparse.Namespace) -> int:
    from engine.measure import MeasureError, template_query

    scenario = open_scenario(args.file)
    warn_off_table(scenario, args.x, args.y, "X Y")
    try:
        r = template_query(scenario, args.shape, args.x, args.y,
                           toward=tuple(args.toward) if args.toward else None,
                           scatter=args.scatter)
    except MeasureError as e:
        raise CliError(_said(e)) from None
    if r.centre != r.aim:
        warn_off_table(scenario, *r.centre, tr("--scatter: the template's centre"))
    _emit(r.to_dict(), template_text(scenario, r), args.json, sys.stdout)
    return 0


def template_text(scenario: Scenario, r: TemplateResult) -> str:
    """The readable block `warboard template` prints without --json."""
    lines = [tr("{shape} at ({x}, {y})").format(shape=r.shape, x=_fmt(r.aim[0]),
                                                y=_fmt(r.aim[1]))]
    if r.scatter is not None:
        d, b = r.scatter
        lines.append(tr("scattered {d}\" at {b}° to ({x}, {y})").format(
            d=f"{d:g}", b=f"{b:g}", x=_fmt(r.centre[0]), y=_fmt(r.centre[1])))
    if r.direction is not None:
        lines.append(tr("pointing {bearing}°").format(bearing=f"{r.direction:.0f}"))
    if not r.under:
        lines.append(tr("no units under the template"))
    for uid, frac in r.under:
        mark = "  " + tr("(under the hole)") if uid == r.hole else ""
        lines.append("  " + tr("{unit}: {share} covered").format(
            unit=_label(scenario, uid), share=f"{frac:.0%}") + mark)
    return "\n".join(lines)


# --- cards ------------------------------------------------------------------------------


def _cards_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=tr("scenario .json"))
    p.add_argument("--units", nargs="+", metavar="ID",
                   help=tr("one card per unit, with its name, markers and state (default: one "
                        "card per profile on the table)"))
    p.add_argument("--size", choices=("a4", "letter", "sleeve"), default="a4",
                   help=tr("paper: a4 or letter sheets, or sleeve-size pages (2.5\" × 3.5\")"))
    per = p.add_mutually_exclusive_group()
    per.add_argument("--per-page", type=int, metavar="N", help=tr("at most N cards per sheet"))
    per.add_argument("--one-per-page", action="store_true", help=tr("one card per page"))
    p.add_argument("--templates", action="store_true",
                   help=tr("add the 3\"/5\" blast and flamer templates and a 12\" ruler, "
                        "true scale"))
    p.add_argument("--no-tallies", action="store_true",
                   help=tr("leave out the boxes for wounds, suppression, ammunition"))
    p.add_argument("--library", metavar="PATH",
                   help=tr("unit library file (default: the user's library if it exists, "
                        "else the ruleset's shipped data)"))
    p.add_argument("--rule", action="append", type=key_value, default=[], metavar="K=V",
                   help=tr("a rules reading printed on the cards, e.g. sprint=45m; overrides "
                        "a game file's own readings (Game > Rules readings); repeat"))
    p.add_argument("-o", "--output", metavar="PDF", required=True, help=tr("the PDF to write"))


@command("cards", QT_TR_NOOP("printable unit cards (PDF)"), _cards_arguments)
def cmd_cards(args: argparse.Namespace) -> int:
    import os

    from engine.library import Library, LibraryError, default_path
    from engine.options import SchemaError

    if args.per_page is not None and args.per_page < 1:
        raise CliError(tr("--per-page: expected a whole number ≥ 1, got {n}").format(
            n=args.per_page))
    scenario = open_scenario(args.file)
    readings = _card_readings(args, scenario)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication([PROG])  # noqa: F841  (fonts need it)
    _install_language()
    from app.cards import cards_for_scenario
    from app.cards.layout import CardOptions
    from app.cards.printing import SheetOptions, write_pdf

    path = args.library or (default_path() if default_path().exists() else ":memory:")
    if args.library and not Path(args.library).exists():
        raise CliError(tr("--library: no such file {file}").format(file=args.library))
    try:
        with Library(path) as library:
            cards = cards_for_scenario(scenario, library, args.units, readings=readings)
    except (SchemaError, LibraryError) as e:
        raise CliError(_said(e)) from None
    options = SheetOptions(args.size, args.per_page, args.one_per_page,
                           templates=args.templates,
                           card=CardOptions(tallies=not args.no_tallies),
                           metres_per_inch=scenario.table.metres_per_inch)
    try:
        pages = write_pdf(args.output, cards, options, title=f"{scenario.name} — unit cards")
    except (OSError, ValueError) as e:
        raise CliError(f"{args.output}: {_said(e)}") from None
    print(tr("{file}: {cards}, {pages}").format(
        file=args.output,
        cards=(tr("{n} card") if len(cards) == 1 else tr("{n} cards")).format(n=len(cards)),
        pages=(tr("{n} page") if pages == 1 else tr("{n} pages")).format(n=pages)))
    return 0


def _card_readings(args: argparse.Namespace, scenario: Scenario) -> dict[str, Any]:
    """The readings the cards print: a game file's own, with --rule on top (validated
    against the scenario's ruleset; {} for a ruleset not installed and no --rule)."""
    from engine.options import SchemaError
    from engine.readings import readings_for
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    rules = _pairs(args.rule, "--rule")
    try:
        rs = get_ruleset(scenario.ruleset)
    except RulesetNotFound as e:
        if rules:
            raise CliError(f"--rule: {_said(e)}") from None
        return {}
    p = Path(args.file)
    game = _load_game_file(p) if _is_game_path(p) else None
    try:
        return readings_for(rs, game, rules)
    except SchemaError as e:
        raise CliError(f"--rule {_said(e)}") from None


# --- resolve / odds ----------------------------------------------------------------------


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


def _action_arguments(p: argparse.ArgumentParser) -> None:
    """What `resolve` and `odds` share: the action, its roles, options, rules and facts,
    and the answering action resolved with it (return fire)."""
    from geometry.templates import TEMPLATE_SHAPES

    p.add_argument("file", metavar="FILE", help=tr("scenario .json or .warboard game"))
    p.add_argument("action", metavar="ACTION",
                   help=tr("an action of the scenario's ruleset (its id, e.g. shoot)"))
    p.add_argument("--by", required=True, metavar="UNIT",
                   help=tr("the acting unit (a group id when the action's actor is a group)"))
    p.add_argument("--target", metavar="UNIT", help=tr("the target unit"))
    p.add_argument("--targets", type=unit_list, metavar="U1,U2",
                   help=tr("several targets (squad members); facts are measured to --target, "
                        "else to the first of these"))
    p.add_argument("--weapon", metavar="W", help=tr("weapon id (default: the action's own)"))
    p.add_argument("--point", nargs=2, type=finite_float, metavar=("X", "Y"),
                   help=tr("a point on the table, inches (a template's centre, a destination)"))
    p.add_argument("--template", choices=TEMPLATE_SHAPES,
                   help=tr("lay this template at --point (a flamer from the actor toward it) "
                        "to measure the units under it"))
    for name, what in (("role", tr("any role the action declares, by name: a unit id, ids "
                                "separated by commas, a group id, a point X,Y, a template "
                                "SHAPE@X,Y[>TX,TY] or a weapon id, as its kind needs")),
                       ("option", tr("an action option, e.g. volleys=3")),
                       ("rule", tr("a ruleset option (a reading), e.g. OPTION=VALUE;"
                                " overrides the game's own readings (Game > Rules readings)")),
                       ("fact", tr("a fact entered by hand, e.g. cover=2 or los=no, a per-member"
                                " fact as los_each=a1:yes,a2:no (the real table wins over "
                                "its mirror)"))):
        p.add_argument(f"--{name}", action="append", type=key_value, default=[],
                       metavar="K=V", help=tr("{what}; repeat for more").format(what=what))
    p.add_argument("--modifier", action="append", type=modifier_spec, default=[],
                   metavar="STEP:VALUE[:TO]:LABEL",
                   help=tr("a modifier agreed at the table for one declared step, e.g. "
                        "hit:-2:smoke or fire:+2:pool:veterans; TO is target (default), "
                        "roll, pool (dice in a pool) or die_step (d8 -> d6 is -1); repeat"))
    joint = p.add_argument_group(
        tr("return fire"), tr("resolve an answer together with ACTION, both against the table "
                              "as it is now (one prior state): the steps side by side, one "
                              "merged change, the joint odds"))
    joint.add_argument("--return-fire", metavar="UNIT",
                       help=tr("the unit that answers (it acts on --by)"))
    joint.add_argument("--return-action", metavar="ACTION",
                       help=tr("the answering action (default: ACTION)"))
    joint.add_argument("--return-weapon", metavar="W", help=tr("the answering unit's weapon"))
    joint.add_argument("--return-option", action="append", type=key_value, default=[],
                       metavar="K=V", help=tr("an option of the answering action; repeat"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


def _resolve_arguments(p: argparse.ArgumentParser) -> None:
    from engine.render import FORMATS

    _action_arguments(p)
    source = p.add_mutually_exclusive_group()
    source.add_argument("--dice", metavar="3,5,1,...",
                        help=tr("faces of physical dice, in the order the steps roll them"))
    source.add_argument("--seed", type=int, metavar="N",
                        help=tr("seed of the app's dice (printed when not given, to replay)"))
    p.add_argument("--format", choices=FORMATS, default="text",
                   help=tr("text, markdown or bbcode (forum posts); default text"))
    p.add_argument("--apply", action="store_true",
                   help=tr("apply the effects to FILE (a game file also logs the roll); the "
                        "action's declared cost is charged, or refused when not available"))
    p.add_argument("--override-cost", action="store_true",
                   help=tr("with --apply: apply even when the cost is not available (the real "
                        "table wins); the ledger marks it"))


def _pairs(items: list[tuple[str, str]], flag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in items:
        if k in out:
            raise CliError(tr("{flag} {key}: given twice").format(flag=flag, key=k))
        out[k] = v
    return out


@dataclass
class _Setup:
    """An action ready to resolve: the game it reads, where it came from, its context,
    and the answering context when --return-fire was given."""

    game: Any
    path: Path
    is_game_file: bool
    ctx: Any
    answer: Any = None


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


def _unit_of(game, unit_id: str, flag: str):
    from engine.model import ModelError

    try:
        return game.unit(unit_id)
    except ModelError:
        raise CliError(tr("{flag}: no unit with id {id!r}").format(flag=flag, id=unit_id)) \
            from None


def _point(text: str, flag: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise CliError(tr("{flag}: expected a point X,Y (inches), got {text!r}").format(
            flag=flag, text=text)) from None
    return (x, y)


def _role_value(game, role, text: str):
    """`--role NAME=TEXT` as the value its kind needs (CliError naming the role)."""
    from engine.protocol import TemplatePlacement

    flag = f"--role {role.name}"
    if role.kind in ("unit", "responder"):
        return _unit_of(game, text, flag)
    if role.kind == "units":
        return [_unit_of(game, t, flag) for t in unit_list(text)]
    if role.kind == "point":
        return _point(text, flag)
    if role.kind == "template":
        shape, sep, rest = text.partition("@")
        if not sep:
            raise CliError(tr("{flag}: expected SHAPE@X,Y[>TX,TY], got {text!r}").format(
                flag=flag, text=text))
        at, _, toward = rest.partition(">")
        x, y = _point(at, flag)
        return TemplatePlacement(shape.strip(), x, y,
                                 _point(toward, flag) if toward else None)
    return text   # a group id (looked up by the context) or a weapon id


def _setup(args: argparse.Namespace) -> _Setup:
    """The validated context of ACTION on FILE, with its facts measured on the table and
    the --fact values laid on top, the game's readings under the --rule values; every
    refusal names the argument at fault (an action --by cannot take at all, such as a
    vehicle action asked of a rifleman, is one). With --return-fire, the answering context too."""
    from engine.facts import facts_for, parse_fact
    from engine.measure import MeasureError
    from engine.options import SchemaError, validate_options
    from engine.protocol import MissingRole, TemplatePlacement, scenario_groups
    from engine.readings import readings_for
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    game, is_game_file = _open_game(args.file)
    scenario = game.scenario
    try:
        rs = get_ruleset(scenario.ruleset)
    except RulesetNotFound as e:
        raise CliError(f"{args.file}: {_said(e)}") from None
    try:
        action = rs.action(args.action)
    except KeyError as e:
        raise CliError(f"ACTION: {_loc(e.args[0], rs.id)}") from None
    groups = scenario_groups(scenario)
    actor_role = action.role("actor")
    group_actor = actor_role is not None and actor_role.kind == "group"
    if group_actor:
        if args.by not in groups:
            known = ", ".join(groups) or tr("none in this scenario")
            raise CliError(tr("--by: no group {group!r} (groups: {known})").format(
                group=args.by, known=known))
        if not groups[args.by].members:
            raise CliError(tr("--by: group {group!r} has no member on the table").format(
                group=args.by))
        actor = groups[args.by].members[0]
    else:
        actor = _unit_of(game, args.by, "--by")
    why = rs.why_not(action.id, actor, profiles=scenario.profiles)
    if why is not None:
        raise CliError(f"--by {actor.id} ({actor.profile}): {_loc(why, rs.id)}")
    target = _unit_of(game, args.target, "--target") if args.target else None
    targets = [_unit_of(game, t, "--targets") for t in args.targets or ()]
    options, rules = _pairs(args.option, "--option"), _pairs(args.rule, "--rule")
    roles = {}
    for name, text in _pairs(args.role, "--role").items():
        role = action.role(name)
        if role is None:
            known = ", ".join(r.name for r in action.roles)
            raise CliError(tr("--role {role}: {action} has no such role (roles: {known})").format(
                role=name, action=action.id, known=known))
        roles[name] = _role_value(game, role, text)
    try:
        validate_options(action.options, options, action.id)
    except SchemaError as e:
        raise CliError(f"--option {_said(e)}") from None
    try:
        readings = readings_for(rs, game, rules)
    except SchemaError as e:
        raise CliError(f"--rule {_said(e)}") from None
    given = _pairs(args.fact, "--fact")
    reads = tuple(action.fact_names)
    unknown = [k for k in given if k not in reads]
    if unknown:  # a typo would otherwise be stored and silently ignored
        raise CliError(tr("--fact {fact}: {action} reads no such fact (it reads: {reads})")
                       .format(fact=unknown[0], action=action.id,
                               reads=", ".join(reads) or tr("none")))
    try:
        overrides = {k: parse_fact(k, v, rs.fact_spec(k, action)) for k, v in given.items()}
        for k, v in overrides.items():
            rs.fact_spec(k, action).check(v)
        if args.weapon:
            rs.weapon(args.weapon)
    except SchemaError as e:
        flag = "--weapon" if str(e).startswith("weapon") else "--fact"
        raise CliError(f"{flag} {_said(e)}") from None
    if args.point:
        warn_off_table(scenario, *args.point, "--point")
    for name, value in roles.items():
        if isinstance(value, TemplatePlacement):
            warn_off_table(scenario, value.x, value.y, f"--role {name}")
        elif isinstance(value, tuple) and len(value) == 2 and \
                all(isinstance(v, float) for v in value):
            warn_off_table(scenario, *value, f"--role {name}")
    measured_to = target or (targets[0] if targets else None)
    template = next((v for v in roles.values() if isinstance(v, TemplatePlacement)),
                    args.template)
    try:
        facts = facts_for(scenario, action, args.by if group_actor else actor.id,
                          measured_to.id if measured_to else None,
                          point=tuple(args.point) if args.point else None,
                          template=template, overrides=overrides, ruleset=rs,
                          weapon=args.weapon, rules=readings,
                          targets=[t.id for t in targets], groups=groups)
        ctx = rs.context(action.id, actor=args.by if group_actor else actor, target=target,
                         targets=targets, weapon=args.weapon,
                         point=tuple(args.point) if args.point else None,
                         facts=facts, options=options, rules=readings, game=game,
                         roles=roles or None, groups=groups,
                         extra_modifiers=args.modifier)
    except MeasureError as e:
        raise CliError(f"--{_said(e)}" if str(e).startswith(("point", "target")) else _said(e)) \
            from None
    except MissingRole as e:  # the role's own flag, in words
        name = e.role.name
        flag = f"--{name}" if name in ("target", "targets", "weapon", "point") else \
            f"--role {name}=…"
        raise CliError(tr("{flag}: {action} needs the {role} ({kind}); give it with {option}")
                       .format(flag=flag, action=e.action.label, role=e.role.title.lower(),
                               kind=e.role.kind, option=flag.rstrip("=…"))) from None
    except SchemaError as e:
        flag = "--modifier " if ".modifiers:" in str(e) else ""
        raise CliError(f"{flag}{_said(e)}") from None
    return _Setup(game, Path(args.file), is_game_file, ctx, _answer(args, ctx))


#: the flags that fill a role by its name (the protocol's keywords), and the actor's
_ROLE_FLAGS = {"actor": "--by", "target": "--target", "targets": "--targets",
               "weapon": "--weapon", "point": "--point"}


def _refused(err, ctx) -> CliError:
    """A refusal of the rules (engine.protocol.ActionRefused) as the CLI says it: after
    the flag that sets the argument at fault, as the panel says "Not possible: …"."""
    from engine.protocol import argument_of, refusal_argument

    arg = argument_of(err, ctx.action)
    text = str(err.text)
    shown = _said(err, ctx.ruleset.id)
    if arg is None:
        head = "" if text.startswith(f"{ctx.action.id}:") else f"{ctx.action.id}: "
        return CliError(tr("not possible: {why}").format(why=f"{head}{shown}"))
    for prefix, flag in (("facts.", "--fact"), ("options.", "--option"),
                         ("rules.", "--rule")):
        if arg.startswith(prefix):
            where = f"{flag} {arg[len(prefix):]}"
            break
    else:
        where = "--by" if arg.startswith("state.") else \
            _ROLE_FLAGS.get(arg, f"--role {arg}")
    head = refusal_argument(text)
    if head in (arg, arg.split(".")[-1]):  # the head names the flag: said once, by the flag
        shown = shown[len(head) + 2:] if shown.startswith(f"{head}: ") else \
            shown.split(": ", 1)[-1]  # the head in the reader's words ("цель: …")
    tail = shown
    if tail.startswith(f"{arg}: "):
        tail = tail[len(arg) + 2:]
    return CliError(tr("{flag}: not possible: {why}").format(flag=where, why=tail))


def _answer(args: argparse.Namespace, ctx):
    """The --return-fire context (None without it); refusals name the flag."""
    from engine.joint import answer_context
    from engine.measure import MeasureError
    from engine.options import SchemaError

    if args.return_fire is None:
        for flag in ("return_action", "return_weapon"):
            if getattr(args, flag):
                raise CliError(tr("{flag}: needs --return-fire UNIT").format(
                    flag="--" + flag.replace("_", "-")))
        if args.return_option:
            raise CliError(tr("{flag}: needs --return-fire UNIT").format(flag="--return-option"))
        return None
    try:
        return answer_context(ctx, args.return_fire, action=args.return_action,
                              weapon=args.return_weapon,
                              options=_pairs(args.return_option, "--return-option"))
    except (SchemaError, MeasureError) as e:
        raise CliError(f"--return-fire {args.return_fire}: {_said(e)}") from None


def _apply(setup: _Setup, res, override: bool = False, seed: int | None = None,
           chosen: bool = False) -> tuple[str, Any]:
    """Charge the action's cost (engine.costs.charge: refused unless `override`; a joint
    resolution charges each action, engine.joint.charge_joint) and apply the effects to
    the file: a scenario JSON is rewritten atomically (units, markers and state; a
    scenario keeps no roll log), a game file saves the change and appends the log entries
    in one transaction. Returns (what was done, the charged resolution)."""
    import dataclasses

    from engine.costs import CostRefused, charge
    from engine.gamefile import GameFileError, save_game
    from engine.joint import JointResolution, charge_joint
    from engine.model import ModelError, apply_change
    from engine.scenario_io import save_scenario

    game = setup.game
    try:
        if isinstance(res, JointResolution):
            res = charge_joint([setup.ctx, setup.answer], res, override=override)
        else:
            res = charge(setup.ctx, res, override=override)
    except CostRefused as e:
        raise CliError(tr("--apply: {why} (--override-cost applies it anyway)")
                       .format(why=_said(e))) from None
    try:
        apply_change(game, res.change)
    except ModelError as e:
        raise CliError(f"--apply: {_said(e)}") from None
    if setup.is_game_file:
        entries = res.log_entries(game.turn) if hasattr(res, "log_entries") \
            else [res.log_entry(game.turn)]
        if seed is not None:  # the app's dice: the seed, and whether --seed chose it
            from engine.roll_log import applied_entry

            entries = [applied_entry(e, seed=seed, chosen=chosen) for e in entries]
        for entry in entries:
            game.append_log(entry)
        try:
            save_game(setup.path, game)
        except GameFileError as e:
            raise CliError(_said(e)) from None
        return tr("applied to {file} and logged").format(file=setup.path), res
    save_scenario(dataclasses.replace(game.scenario, units=game.all_units()), setup.path)
    return tr("applied to {file} (a scenario keeps no roll log)").format(file=setup.path), res


@command("resolve", QT_TR_NOOP("resolve an action: every step, die and modifier, and its "
                               "effects (with --return-fire, the answer too, both from the "
                               "table as it is)"),
         _resolve_arguments)
def cmd_resolve(args: argparse.Namespace) -> int:
    from engine.dice import DiceError, RandomDice, TypedDice
    from engine.joint import resolve_joint
    from engine.protocol import ActionRefused
    from engine.render import render, render_joint
    from engine.sealed import app_dice

    setup = _setup(args)
    try:
        dice = TypedDice(args.dice) if args.dice is not None else app_dice(setup.game,
                                                                           args.seed)
        if setup.answer is not None:
            res = resolve_joint([setup.ctx, setup.answer], dice)
        else:
            res = setup.ctx.resolve(dice)
    except DiceError as e:
        raise CliError(f"--dice: {_said(e)}" if args.dice is not None else _said(e)) from None
    except ActionRefused as e:
        raise _refused(e, setup.ctx) from None
    except ValueError as e:  # a missing fact, a bad value
        raise CliError(_said(e)) from None
    try:
        if isinstance(dice, TypedDice):
            dice.check_exhausted()
    except DiceError as e:
        raise CliError(tr("--dice: {why} (result: {result})")
                       .format(why=_said(e), result=_loc(res.summary, setup.ctx.ruleset.id))) \
            from None
    if args.override_cost and not args.apply:
        raise CliError(tr("--override-cost: only with --apply"))
    applied = None
    seed = dice.seed if isinstance(dice, RandomDice) else None
    if args.apply:
        applied, res = _apply(setup, res, args.override_cost, seed, args.seed is not None)
    joint = setup.answer is not None
    text = (render_joint(res, args.format, lang=language()) if joint
            else render(res, args.format, lang=language()))
    if args.json:
        if joint:
            data = {"joint": [e.to_dict() for e in res.log_entries(setup.game.turn)],
                    "effects": res.change.describe(), "notes": list(res.notes),
                    "summary": res.summary}
        else:
            data = res.log_entry(setup.game.turn).to_dict()
            data.update(label=res.action_label)
        data.update(seed=seed, applied=applied, text=text)
        _emit(data, "", True, sys.stdout)
        return 0
    if seed is not None:
        text += tr("Dice: app, seed {seed} (replay with --seed {seed})").format(seed=seed) + "\n"
    if applied:
        text += f"{applied[0].upper()}{applied[1:]}.\n"
    sys.stdout.write(text)
    return 0


@command("odds", QT_TR_NOOP("exact outcome distribution of an action (with --return-fire, "
                            "the joint distribution of the action and the answer)"),
         _action_arguments)
def cmd_odds(args: argparse.Namespace) -> int:
    from engine.joint import joint_odds
    from engine.protocol import ActionRefused

    setup = _setup(args)
    ctx = setup.ctx
    try:
        dist = joint_odds([ctx, setup.answer]) if setup.answer is not None else ctx.odds()
    except ActionRefused as e:
        raise _refused(e, ctx) from None
    except ValueError as e:
        raise CliError(_said(e)) from None
    data = {"action": ctx.action.id, "actor": ctx.actor_id,
            "target": ctx.target.id if ctx.target else None,
            "facts": ctx.facts.to_dict(), **odds_dict(dist)}
    title = f"{ctx.action.label} — {ctx.actor_label}" + \
        (f" → {ctx.target.label}" if ctx.target else "")
    if setup.answer is not None:
        a = setup.answer
        data["answer"] = {"action": a.action.id, "actor": a.actor_id,
                          "target": a.target.id if a.target else None,
                          "facts": a.facts.to_dict()}
        title += tr(", answered by {action} — {actor} (joint odds)").format(
            action=a.action.label, actor=a.actor_label)
    from engine.render import facts_line

    text = title + "\n" + odds_text(dist)
    line = facts_line(ctx.facts, lang=language(), ruleset=ctx.ruleset.id)
    if line:  # what the odds were worked out from, as `resolve` ends with it
        text += "\n" + line
    _emit(data, text, args.json, sys.stdout)
    return 0


def _plain(o: object) -> object:
    if isinstance(o, tuple | list):
        return [_plain(x) for x in o]
    if isinstance(o, bool | int | float | str) or o is None:
        return o
    return str(o)


def _at_least(dist) -> dict | None:
    try:
        return dist.at_least()
    except ValueError:  # outcomes that are not numbers have no "at least"
        return None


def odds_dict(dist) -> dict:
    """The JSON form: outcomes with float and exact probabilities, "at least" figures for
    numeric outcomes (else null), and the parts the same way."""
    cum = _at_least(dist)
    return {"label": dist.label,
            "outcomes": [{"outcome": _plain(o), "probability": float(p), "exact": str(p)}
                         for o, p in dist.outcomes],
            "at_least": None if cum is None else
            [{"n": k, "probability": float(p), "exact": str(p)} for k, p in cum.items()],
            "parts": {k: odds_dict(v) for k, v in dist.parts.items()}}


def _outcome_text(o: object) -> str:
    if isinstance(o, tuple):
        return " / ".join(_outcome_text(x) for x in o)
    return str(_plain(o))


def odds_text(dist, indent: str = "") -> str:
    """A table: outcome, probability (%, 2 decimals) and, for numbers, "at least N". A
    joint outcome (one entry per action) reads "1 / 0"."""
    cum = _at_least(dist)
    rows = [(_outcome_text(o), f"{float(p):.2%}", f"{float(cum[o]):.2%}" if cum else "")
            for o, p in dist.outcomes]
    head = (dist.label or "outcome", "probability", "at least" if cum else "")
    w0 = max(len(r[0]) for r in [head, *rows])
    w1 = max(len(r[1]) for r in [head, *rows])
    lines = [f"{indent}{a:<{w0}}  {b:>{w1}}  {c:>8}".rstrip() for a, b, c in [head, *rows]]
    for name, part in dist.parts.items():
        lines.append(f"{indent}{name}:")
        lines.append(odds_text(part, indent + "  ").rstrip("\n"))
    return "\n".join(lines) + "\n"


# --- picture (app/picture.py, app/picture_cli.py) ------------------------------------------


def _picture_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=tr("a .warboard game or a scenario .json"))
    p.add_argument("-o", "--output", metavar="OUT", required=True,
                   help=tr("the picture to write: OUT.png or OUT.svg"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--area", nargs=4, metavar=("X", "Y", "W", "H"), type=finite_float,
                       help=tr("the part of the table to draw, inches (default: all of it)"))
    where.add_argument("--around", nargs=2, metavar=("UNIT", "RADIUS"),
                       help=tr("the square RADIUS inches each way from UNIT"))
    p.add_argument("--width", type=int, default=1600, metavar="PX",
                   help=tr("picture width in pixels (default 1600)"))
    p.add_argument("--measure", nargs=2, metavar=("A", "B"),
                   help=tr("the measure tool from unit A to unit B (or to a point X,Y)"))
    p.add_argument("--template", nargs=3, metavar=("SHAPE", "X", "Y"),
                   help=tr("a blast-3 / blast-5 template aimed at X Y"))
    p.add_argument("--scatter", metavar="DIST@BEARING", type=scatter_spec,
                   help=tr("the template scattered DIST inches along BEARING degrees"))
    p.add_argument("--threat", metavar="UNIT", help=tr("the threat view of UNIT"))
    p.add_argument("--arcs", metavar="UNIT", help=tr("UNIT's sectors and turret arc"))
    p.add_argument("--reach", metavar="UNIT",
                   help=tr("the area UNIT can reach, as the board shows it while UNIT is dragged"))
    p.add_argument("--ap", type=int, metavar="N",
                   help=tr("with --reach: the area for N AP of movement (default: the drag's "
                        "allowance, one AP where the ruleset gives it)"))
    p.add_argument("--grid", action="store_true",
                   help=tr("coordinates along the edges and a line every 6\""))
    p.add_argument("--labels", choices=("all", "leaders", "none"), default="all",
                   help=tr("unit names shown (leaders: commanders and units on their own)"))


@command("picture", QT_TR_NOOP("a picture of the table for a forum post (PNG or SVG)"),
         _picture_arguments)
def cmd_picture(args: argparse.Namespace) -> int:
    from app.picture import PictureError
    from app.picture_cli import Overlays, make_picture

    if args.scatter is not None and args.template is None:
        raise CliError(tr("--scatter: needs --template SHAPE X Y"))
    template = None
    if args.template is not None:
        shape, x, y = args.template
        try:
            template = (shape, finite_float(x), finite_float(y))
        except argparse.ArgumentTypeError as e:
            raise CliError(f"--template: {_said(e)}") from None
    around = None
    if args.around is not None:
        try:
            around = (args.around[0], finite_float(args.around[1]))
        except argparse.ArgumentTypeError as e:
            raise CliError(tr("--around: RADIUS {why}").format(why=_said(e))) from None
    game, _ = _open_game(args.file)
    if template is not None:
        _warn_template_off_table(game.scenario, template[1], template[2], args.scatter)
    overlays = Overlays(measure=tuple(args.measure) if args.measure else None,
                        template=template, scatter=args.scatter, threat=args.threat,
                        arcs=args.arcs, reach=args.reach, reach_ap=args.ap)
    try:
        r = make_picture(game, args.output, area=tuple(args.area) if args.area else None,
                         around_unit=around, width_px=args.width, labels=args.labels,
                         grid=args.grid, overlays=overlays)
    except PictureError as e:
        raise CliError(_said(e)) from None
    a = r.area
    print(tr("{file}: {w} × {h} px, table ({x}, {y}) {tw}\" × {th}\"").format(
        file=args.output, w=r.size.width(), h=r.size.height(), x=f"{a.left():g}",
        y=f"{a.top():g}", tw=f"{a.width():g}", th=f"{a.height():g}"))
    return 0


def _warn_template_off_table(scenario: Scenario, x: float, y: float,
                             scatter: tuple[float, float] | None) -> None:
    """As `warboard template` does: the aim point, and the centre a scatter moves the
    template to, said on stderr when off the table (the picture is drawn all the same)."""
    from geometry.scatter import scatter_point

    warn_off_table(scenario, x, y, "--template X Y")
    if scatter is not None:
        cx, cy = scatter_point(x, y, *scatter)
        if (cx, cy) != (x, y):
            warn_off_table(scenario, cx, cy, tr("--scatter: the template's centre"))


# --- organisation (engine/organisation.py) ---------------------------------------------------


def _organisation_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=tr("a .warboard game or a scenario .json"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


@command("organisation", QT_TR_NOOP("the ruleset's check of the table's organisation (its "
                                    "groups): each remark with the rule it serves"),
         _organisation_arguments)
def cmd_organisation(args: argparse.Namespace) -> int:
    from engine import organisation

    game, _ = _open_game(args.file)
    notes = organisation.check(game)
    locked = organisation.locked(game)
    rid = game.scenario.ruleset
    data = {"ruleset": rid, "notes": [n.to_dict() for n in notes],
            "locked": None if locked is None else str(locked)}
    _emit(data, organisation_text(notes, locked, rid), args.json, sys.stdout)
    return 0


def organisation_text(notes, locked: Any, ruleset: str) -> str:
    """The organisation check as `warboard organisation` prints it, in the command's
    language: a line a remark ("⚠" before one that refuses an edit), then the lock."""
    lines = [("⚠ " if n.refuse else "• ") + _loc(n.said(), ruleset) for n in notes]
    if not notes:
        lines.append(tr("no remarks on the organisation"))
    if locked:
        lines.append(tr("locked: {reason}").format(reason=_loc(locked, ruleset)))
    return "\n".join(lines)


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
    if seed is None:
        raise CliError(tr("--seed: the game master has not revealed the seed in this file; "
                          "give it with --seed"))
    try:
        report = sealed.verify(game.log, sealing, seed)
    except sealed.SealedError as e:
        said = _said(e)   # "seed: …" / "зерно: …": the flag says which field
        if str(e).startswith("seed: "):
            said = said.split(": ", 1)[1]
        raise CliError(f"--seed: {said}") from None
    lang = args.lang or language()
    _emit({**report.to_dict(), "commitment": sealing.commitment,
           "game_id": sealing.game_id}, report.text(lang), args.json, sys.stdout)
    return 0 if report.ok else VERIFY_FAILED


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


# --- dispatch ----------------------------------------------------------------------------


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description=tr("Warboard on the command line."))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for cmd in COMMANDS.values():
        cmd.add_arguments(sub.add_parser(cmd.name, help=tr(cmd.help),
                                         description=tr(cmd.help)))
    return parser


@functools.cache
def _parser(lang: str) -> argparse.ArgumentParser:
    """The parser in `lang`, built once per process and language (building it is most of a
    short command's time; parsing does not change it)."""
    return build_parser()


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
    from PySide6.QtCore import QCoreApplication

    from app.i18n import current_language, install_standalone, language_from_env

    _language = lang or language_from_env() or "en"
    if QCoreApplication.instance() is not None:
        _install_language()
        return current_language()
    return _language if install_standalone(_language) else "en"


def _install_language() -> None:
    """Qt's translators for the command's language, once a Qt application exists (the
    commands that draw: cards, pictures)."""
    from app.i18n import current_language, install

    if current_language() != _language:
        install(_language)


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


@contextmanager
def _language_kept() -> Iterator[None]:
    """A command run inside a running application (a test, the self-test) leaves that
    application's interface language as it found it, and the command language too (a
    window drawn later by the same process, e.g. a picture, installs that one)."""
    global _language
    from PySide6.QtCore import QCoreApplication

    from app.i18n import current_language, install

    before = current_language() if QCoreApplication.instance() is not None else None
    command = _language
    try:
        yield
    finally:
        _language = command
        if before is not None and current_language() != before:
            install(before)


def _run(argv: list[str], lang: str | None) -> int:
    parser = _parser(set_language(lang))
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
