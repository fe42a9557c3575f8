"""`warboard picture`: the board of a game file or scenario drawn into a PNG or SVG without a
display, with the overlays asked for on the command line.

The board is the program's own: a main window is built offscreen (QT_QPA_PLATFORM=offscreen
is set when no platform is chosen), the game put on it, and the tools asked to draw — the
measure tool's line and bands, the template tool's template and scatter arrow, the threat
view, the arcs overlay, the select tool's reach area — exactly as a player's clicks (or
drag) would have them; then app.picture renders the scene. Nothing is logged and no file
but the picture is written.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from PySide6.QtCore import QPointF

from app.i18n import loc, tr
from engine.i18n import said
from engine.model import Game

from .picture import PictureError, PictureOptions, Rendered, area_problem, around, save_picture


@dataclass(frozen=True, slots=True)
class Overlays:
    """What the tools draw before the picture is taken (None / empty: nothing)."""

    measure: tuple[str, str] | None = None  # unit A, then unit B or "X,Y"
    template: tuple[str, float, float] | None = None  # shape, x, y
    scatter: tuple[float, float] | None = None  # distance in inches, bearing in degrees
    toward: tuple[float, float] | None = None  # a flamer's aim point
    threat: str | None = None
    arcs: str | None = None
    reach: str | None = None  # the select tool's reach area of this unit …
    reach_ap: int | None = None  # … for this many AP (None: the drag's allowance)


def application():
    """The running QApplication, or a new one on the offscreen platform (no display)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QApplication(["warboard"])
    return app


def board_window(game: Game):
    """A main window (not shown) with `game` on its board and every tool installed."""
    from .window import MainWindow

    application()
    window = MainWindow()
    window.resize(1280, 820)
    window.set_game(game)
    return window


def _unit(game: Game, unit_id: str, flag: str) -> None:
    if not any(u.id == unit_id for u in game.scenario.units):
        raise PictureError(tr("{flag}: no unit with id {id!r} on the table").format(
            flag=flag, id=unit_id))


def _on_a_table(flag: str, *values: float) -> None:
    """Refuse numbers no table holds (NaN, infinities, beyond the scenario's own bound),
    naming the option, before a tool turns them into an infinite distance."""
    from engine.scenario_io import MAX_MAGNITUDE

    if not all(math.isfinite(v) and abs(v) <= MAX_MAGNITUDE for v in values):
        raise PictureError(tr("{flag}: expected inches within ±{limit:g} (off any table), "
                              "got {got}").format(flag=flag, limit=MAX_MAGNITUDE,
                                                  got=", ".join(f"{v:g}" for v in values)))


def _point(text: str) -> QPointF | None:
    """"X,Y" as a table point, or None when `text` is not one (a unit id)."""
    x, sep, y = text.partition(",")
    if not sep:
        return None
    try:
        px, py = float(x), float(y)
    except ValueError:
        return None
    _on_a_table("--measure B", px, py)
    return QPointF(px, py)


def draw_overlays(window, ov: Overlays) -> str:
    """Have the tools draw `ov` on the window's board; returns the readout to print in the
    picture (the measure tool's text beside the pointer, the template's units under it)."""
    game = window.editor.game
    readout: list[str] = []
    if ov.arcs is not None:
        _unit(game, ov.arcs, "--arcs")
        window.select_unit(ov.arcs)  # its outline is left out of the picture
        window.modules["app.tools.arcs"].action.setChecked(True)
    if ov.reach_ap is not None and ov.reach is None:
        raise PictureError(tr("--ap: needs --reach UNIT"))
    if ov.reach is not None:
        readout.append(_reach(window, ov.reach, ov.reach_ap))
    if ov.threat is not None:
        _unit(game, ov.threat, "--threat")
        tool = window.tools.tools["threat"]
        tool.show_unit(ov.threat)
        readout.append(tool.text(game.unit(ov.threat)))
    if ov.template is not None:
        readout.append(_template(window, ov))
    if ov.measure is not None:
        readout.append(_measure(window, *ov.measure))
    return "\n\n".join(t for t in readout if t)


def _reach(window, unit_id: str, ap: int | None) -> str:
    """The select tool draws the unit's reach area as a drag of it would; the readout names
    the allowance."""
    from .tools.base import inches_and_metres

    game = window.editor.game
    _unit(game, unit_id, "--reach")
    if ap is not None and ap < 1:
        raise PictureError(tr("--ap: expected 1 or more, got {got}").format(got=ap))
    try:
        allow = window.tools.tools["select"].show_reach(unit_id, ap)
    except ValueError as e:
        raise PictureError(f"--ap: {loc(said(e))}") from None
    mpi = game.scenario.table.metres_per_inch
    label = game.unit(unit_id).label
    return "\n".join([tr("{unit}: reach {allowance}").format(
        unit=label, allowance=inches_and_metres(allow.inches, mpi)),
        tr("allowance: {source}").format(source=loc(allow.source))])


def _measure(window, a: str, b: str) -> str:
    game = window.editor.game
    _unit(game, a, "--measure")
    tool = window.tools.tools["measure"]
    tool.a = a
    point = _point(b)
    if point is not None:
        tool.preview(point, None)
        text = window.pointer_hint.text()
        from .tools.measure import click_a_unit

        return "\n".join(line for line in text.splitlines() if line != click_a_unit())
    _unit(game, b, "--measure")
    if a == b:
        raise PictureError(tr("--measure: A and B are the same unit"))
    tool.preview_pair(a, b)
    if tool.result is None:
        raise PictureError(f"--measure: {window.pointer_hint.text()}")
    return window.pointer_hint.text()


def _template(window, ov: Overlays) -> str:
    from engine.measure import MeasureError
    from engine.scenario_io import MAX_MAGNITUDE

    shape, x, y = ov.template
    _on_a_table("--template X Y", x, y)
    if ov.scatter is not None:
        _on_a_table("--scatter DIST", ov.scatter[0])
        if not abs(ov.scatter[1]) <= MAX_MAGNITUDE:
            raise PictureError(tr("--scatter BEARING: expected degrees within ±{limit:g}, "
                                  "got {got:g}").format(limit=MAX_MAGNITUDE, got=ov.scatter[1]))
    tool = window.tools.tools["template"]
    try:
        tool.set_shape(shape)
    except ValueError as e:
        raise PictureError(f"--template: {loc(said(e))}") from None
    game = window.editor.game
    names = {u.id: u.label for u in game.scenario.units}
    try:
        if shape == "flamer":
            raise PictureError(tr("--template: a flamer is laid from a unit; use "
                                  "`warboard template` for its figures"))
        tool.place(x, y, log=False)
        tool.settle_odds()  # the heat map drawn before the picture is taken
        result = tool.show_scatter(*ov.scatter) if ov.scatter is not None else tool.result
    except MeasureError as e:
        raise PictureError(f"--template: {loc(said(e))}") from None
    except PictureError:
        raise
    except ValueError as e:                          # the tool's own refusal (scatter)
        raise PictureError(f"--scatter: {loc(said(e))}") from None
    if result is None:
        from engine.measure import template_query
        result = template_query(game.scenario, shape, x, y)
    head = f"{shape}"
    if ov.scatter is not None:
        d, b = ov.scatter
        head += " " + tr('scattered {d}" at {b}°').format(d=f"{d:g}", b=f"{b:g}")
    under = [f"{names.get(i, i)} {f:.0%}" + (" (" + tr("hole") + ")" if i == result.hole
                                             else "") for i, f in result.under]
    return "\n".join([head, *under] if under else [head, tr("nobody under it")])


def make_picture(game: Game, out: str, *, area=None, around_unit: tuple[str, float] | None
                 = None, width_px: int, labels: str, grid: bool, overlays: Overlays) -> Rendered:
    """The picture of `game` in `out` (.png / .svg), the overlays drawn first."""
    if around_unit is not None:
        area = around(game, *around_unit)
        why = area_problem(area, width_px)
        if why:
            raise PictureError(tr("--around: {why}").format(why=why))
    elif area is not None:
        why = area_problem(area, width_px)
        if why:
            raise PictureError(tr("--area: {why}").format(why=why))
    opts = PictureOptions(area=area, width_px=width_px, labels=labels, grid=grid)
    window = board_window(game)
    try:
        readout = draw_overlays(window, overlays)
        opts = PictureOptions(area=opts.area, width_px=opts.width_px, labels=opts.labels,
                              grid=opts.grid, readout=readout)
        return save_picture(out, window.scene, window.editor.game, opts)
    finally:
        window.deleteLater()
