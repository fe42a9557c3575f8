"""`warboard picture`: a picture of the table for a forum post."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from engine.scenario import Scenario

from .base import (
    CliError,
    _install_language,
    _open_game,
    _said,
    command,
    finite_float,
    scatter_spec,
    warn_off_table,
)

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
    from app.picture_cli import Overlays, application, make_picture

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
    application()
    _install_language()  # the command's language (--lang, LANG) for the drawn texts
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
