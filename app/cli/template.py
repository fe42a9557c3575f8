"""`warboard template`: the units under a template laid on the table."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from engine.measure import TemplateResult
    from engine.scenario import Scenario

from .base import (
    CliError,
    _emit,
    _fmt,
    _label,
    _said,
    command,
    open_scenario,
    scatter_spec,
    table_inches,
    warn_off_table,
)

# --- template ----------------------------------------------------------------------------


def _template_arguments(p: argparse.ArgumentParser) -> None:
    from geometry.template_shapes import TEMPLATE_SHAPES

    p.add_argument("file", metavar="FILE", help=tr("scenario .json"))
    p.add_argument("shape", metavar="SHAPE", choices=TEMPLATE_SHAPES,
                   help=tr("one of {shapes}").format(shapes=", ".join(TEMPLATE_SHAPES)))
    p.add_argument("x", metavar="X", type=table_inches, help=tr("inches from the left edge"))
    p.add_argument("y", metavar="Y", type=table_inches, help=tr("inches from the top edge"))
    p.add_argument("--toward", nargs=2, metavar=("X", "Y"), type=table_inches,
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
