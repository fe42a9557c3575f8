"""`warboard measure`: distance, LOS, cover, facing struck and arcs of a pair."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from app.i18n import QT_TR_NOOP, tr

if TYPE_CHECKING:
    from engine.measure import Measurement
    from engine.scenario import Scenario

from .base import (
    CliError,
    _emit,
    _fmt,
    _is_game_path,
    _label,
    _load_game_file,
    _loc,
    _said,
    command,
    open_scenario,
)

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
