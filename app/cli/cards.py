"""`warboard cards`: printable unit cards."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from engine.scenario import Scenario

from .base import (
    PROG,
    CliError,
    _install_language,
    _is_game_path,
    _load_game_file,
    _pairs,
    _said,
    command,
    key_value,
    open_scenario,
)

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
