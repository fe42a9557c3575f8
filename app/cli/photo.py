"""`warboard photo GAME PHOTO`: a photo of the real table measured from its markers and laid
under the game's board at true scale (saved in the game file), the fit told in inches; with
`--suggest`, the bases and terrain it shows, listed for the player — never applied."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from app.i18n import QT_TR_NOOP, tr

from .base import CliError, _emit, _is_game_path, _load_game_file, _loc, _said, command

SUGGESTIONS = ("units", "terrain")


def _suggest_list(text: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in text.split(",") if p.strip())
    bad = [p for p in parts if p not in SUGGESTIONS]
    if bad or not parts:
        raise argparse.ArgumentTypeError(tr("expected units, terrain or both, got {got}").format(
            got=repr(text)))
    return parts


def _photo_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="GAME", help=tr("game file (.warboard)"))
    p.add_argument("photo", metavar="PHOTO", help=tr("photo of the table (PNG or JPEG)"))
    p.add_argument("--markers", metavar="SHEET", default=None,
                   help=tr("where the markers lie: a layout's JSON file or a known board's "
                           "name (default: sheet, the printed sheet's corners and edge "
                           "middles; see docs/photo.md)"))
    p.add_argument("--suggest", type=_suggest_list, default=(), metavar="units,terrain",
                   help=tr("also list the bases and terrain the photo shows (not applied)"))
    p.add_argument("--json", action="store_true", help=tr("print JSON instead of text"))


def _layout(spec: str | None, table):
    from engine.photo.layouts import load_layout
    from engine.photo.markers import LayoutError

    try:
        return load_layout(spec, table.width_in, table.height_in)
    except LayoutError as e:
        raise CliError(f"{spec}: {_said(e)}") from None


@command("photo", QT_TR_NOOP("lay a photo of the real table under the board, to scale"),
         _photo_arguments)
def cmd_photo(args: argparse.Namespace) -> int:
    from engine.gamefile import GameFileError, save_game
    from engine.photo.calibrate import CalibrationRefused
    from engine.photo.header import ImageRefused, read_image_file
    from engine.photo.layouts import SHEET
    from engine.photo.photo_import import import_photo

    game_path = Path(args.game)
    if not _is_game_path(game_path):
        raise CliError(tr("{file}: not a game file (.warboard): the picture is kept in the "
                          "game file").format(file=args.game))
    game = _load_game_file(game_path)
    table = game.scenario.table
    layout = _layout(args.markers, table)
    try:
        data = read_image_file(args.photo)
        result = import_photo(data, table.width_in, table.height_in, layout)
    except (ImageRefused, CalibrationRefused) as e:
        raise CliError(f"{args.photo}: {_said(e)}") from None
    from engine.backdrop import SetBackdrop
    from engine.model import Change, apply_change

    apply_change(game, Change([SetBackdrop(result.backdrop)], tr("Table photo")))
    try:
        save_game(game_path, game)
    except GameFileError as e:
        raise CliError(_said(e)) from None
    out = {"photo": str(args.photo), "layout": args.markers or SHEET,
           "calibration": result.calibration.summary(),
           "residual_in": {str(k): round(v, 4)
                           for k, v in result.calibration.residual_in.items()}}
    lines = [tr("{file}: {n} markers, fitted within {rms}\" RMS (worst {worst}\"), laid "
                "under the board of {game}").format(
        file=args.photo, n=len(result.calibration.markers),
        rms=f"{result.calibration.rms_in:.3f}", worst=f"{result.calibration.max_in:.3f}",
        game=args.game)]
    if args.suggest:
        found = _suggestions(result, game, layout, args.suggest)
        out["suggestions"] = found
        lines += _suggestion_lines(found)
    _emit(out, "\n".join(lines), args.json, sys.stdout)
    return 0


def _suggestions(result, game, layout, what) -> dict:
    from engine.photo.suggest import suggest

    s = suggest(result.rectified, result.ppi, game.scenario, layout)
    out: dict = {}
    if "units" in what:
        out["units"] = [{"unit": b.unit, "side": b.side, "x": b.x, "y": b.y,
                         "facing": b.facing, "base": list(b.base),
                         "moves_in": b.distance_in} for b in s.bases]
    if "terrain" in what:
        out["terrain"] = [{"kind": t.kind, "polygon": [list(p) for p in t.polygon],
                           "area_in2": round(t.area_in2, 1)} for t in s.terrain]
    return out


def _suggestion_lines(found: dict) -> list[str]:
    lines = []
    for b in found.get("units", []):
        if b["unit"] is None:
            lines.append(tr("a base at ({x}, {y}): no unit of its side and size").format(
                x=f"{b['x']:.2f}", y=f"{b['y']:.2f}"))
        else:
            lines.append(tr("{unit}: its base is at ({x}, {y}), {moves}\" from the board's "
                            "place").format(unit=b["unit"], x=f"{b['x']:.2f}",
                                            y=f"{b['y']:.2f}", moves=f"{b['moves_in']:.2f}"))
    for t in found.get("terrain", []):
        lines.append(tr("new terrain ({kind}, {area} sq in): {points}").format(
            kind=_loc(t["kind"]), area=f"{t['area_in2']:.0f}",
            points=" ".join(f"{x:g},{y:g}" for x, y in t["polygon"])))
    return lines
