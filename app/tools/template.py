"""The template tool: lay a blast-3, blast-5 or flamer template, see where a blast may land,
scatter it with the app's dice or typed physical dice, and read who is under it.

Every number comes from below: the landing odds and heat map from
`geometry.template_odds` (exact over the distance die's faces × a 2° bearing grid), the
units under the template from `engine.measure.template_query` (the figures
`warboard template` prints), the dice from `engine.dice` (checked faces, recorded source).
Scattering is a call of the engine's board service (`engine.board_ops.BoardOps.scatter`),
the same one an action's resolution uses. The app rolls the direction on the same
180-bearing grid the odds are taken over, so the odds shown are exactly those of the
app's roll.

Placing and scattering are not board edits (nothing goes on the undo stack) but each one
is written to the game's log (kind "template") with its dice and their source.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainterPath,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
)

from app import ui_thread
from app.board.paths import geometry_path
from app.board.style import Z_OVERLAY, Z_UNIT, cosmetic_pen
from app.i18n import loc, tr
from engine.i18n import Text, msg, said

from .base import PanelTool, Repainted
from .template_heat import HEAT_RAMP, Worked, heat_image, worked_out  # noqa: F401
from .template_panel import SCHEMES, SHAPES, TemplatePanel, keep_lines, percent  # noqa: F401

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

if TYPE_CHECKING:
    from engine.dice import Die, RollRecord
    from engine.measure import TemplateResult
    from engine.play import DiceSpec
    from geometry.template_odds import DistanceScheme, Heatmap, TemplateOdds

if TYPE_CHECKING:
    from engine.board_ops import ScatterRule

#: The app's direction die: one face per bearing of the odds' grid (2° apart), as
#: engine.board_ops.APP_DIRECTION_DIE (imported when scattering: it pulls in the rules
#: protocol, which the first paint leaves for later).


@functools.cache
def bearing_die() -> Die:
    """The app's direction die described above, made on first use (engine.dice comes in
    after the window is up)."""
    from engine.dice import Die
    from geometry.template_odds import N_BEARINGS

    return Die(N_BEARINGS)


TEMPLATE_EDGE = QColor("#b3261e")
AIM_EDGE = QColor("#4a4f57")
ARROW = QColor("#15181c")
def __getattr__(name: str) -> object:
    """`HEAT_RGB` (the heat map's ramp as a numpy array) from app/tools/template_heat.py."""
    if name == "HEAT_RGB":
        from . import template_heat

        return template_heat.HEAT_RGB
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class TemplateTool(PanelTool):
    id = "template"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, window) -> None:
        super().__init__(window, TemplatePanel(window))
        self.panel.when_built(self._wire_panel)
        self.aim: tuple[float, float] | None = None
        self.origin_id: str | None = None  # the flamer's shooter
        self.odds: TemplateOdds | None = None
        self.heat: Heatmap | None = None
        self.result: TemplateResult | None = None
        self._press_at: QPointF | None = None
        self._ghost: QGraphicsItem | None = None
        self._placed: list[QGraphicsItem] = []
        self._workers: ThreadPoolExecutor | None = None
        #: (future, show, game, painted) of odds a worker is working out (`place`)
        self._pending: tuple | None = None
        ui_thread.prepare()

    def _wire_panel(self) -> None:
        p = self.panel
        p.scatter_button.clicked.connect(self.scatter)
        p.clear_button.clicked.connect(self.clear)
        for w in (p.shape, p.scheme):
            w.currentIndexChanged.connect(self._settings_changed)
        p.step.valueChanged.connect(self._settings_changed)
        p.accuracy.valueChanged.connect(self._settings_changed)

    # --- life cycle -------------------------------------------------------------------------

    @property
    def shape(self) -> str:
        return self.panel.shape.currentData()

    def set_shape(self, shape: str) -> None:
        if shape not in SHAPES:
            raise ValueError(tr("shape: expected one of {shapes}, got {got!r}").format(
                shapes=", ".join(SHAPES), got=shape))
        self.panel.shape.setCurrentIndex(self.panel.shape.findData(shape))

    def activate(self) -> None:
        super().activate()
        self.panel.show_message(self._instructions())

    def reset(self) -> None:
        self.settle_odds()
        super().reset()
        self._ghost = None
        self._placed = []
        self.aim = self.origin_id = None
        self.odds = self.heat = self.result = None
        self._press_at = None
        if self.panel.built:  # else built empty
            self.panel.fill(self.panel.odds, [])
            self.panel.fill(self.panel.result, [])

    def clear(self) -> None:
        """Take the template off the board."""
        self.reset()
        self.panel.show_message(self._instructions())

    def _instructions(self) -> str:
        if self.shape == "flamer":
            return tr("Click the unit that fires, then the point it aims at (or drag from the "
                      "unit). A flamer does not scatter.")
        return tr("Click where the template is aimed; then Scatter (or S).")

    def _settings_changed(self) -> None:
        self.panel._sync_enabled()
        if self.shape == "flamer" or (self.aim is not None and self.origin_id is not None):
            self.clear()
            return
        if self.aim is not None:
            self.place(*self.aim, log=False)

    # --- events -----------------------------------------------------------------------------

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton or self.window.game is None:
            return False
        if self.shape == "flamer":
            return self._flamer_press(ev, pos)
        self.place(pos.x(), pos.y())
        return True

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self.window.game is None:
            return False
        if self.shape == "flamer":
            if self.origin_id is not None and self.aim is None:
                self._show_ghost(pos)
            return False
        if self.result is None or self.aim is None:
            self._show_ghost(pos)
        return False

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton or self._press_at is None:
            return False
        start, self._press_at = self._press_at, None
        dragged = math.hypot(pos.x() - start.x(), pos.y() - start.y()) > 0.25
        if self.shape == "flamer" and self.origin_id is not None and self.aim is None \
                and dragged:
            self.place_flamer(self.origin_id, (pos.x(), pos.y()))
        return True

    def key(self, ev: QKeyEvent) -> bool:
        if ev.key() == Qt.Key.Key_S and not ev.modifiers() and self.aim is not None:
            self.scatter()
            return True
        if ev.key() == Qt.Key.Key_Escape and (self.aim is not None or self.origin_id):
            self.clear()
            return True
        return False

    def leave(self) -> None:
        super().leave()
        self._drop_ghost()

    # --- blasts -----------------------------------------------------------------------------

    def place(self, x: float, y: float, *, log: bool = True) -> TemplateResult:
        """Aim a blast at (x, y): the odds and heat map of where it may land, and who is
        under it before any scatter."""
        from concurrent.futures import ThreadPoolExecutor

        from engine.measure import template_query
        self.settle_odds()
        scenario = self.editor.game.scenario
        self.clear_overlay()
        self._ghost = None
        self.aim = (x, y)
        self.result = None
        units = scenario.units
        scheme = self.panel.scheme_obj()
        shape, t = self.shape, scenario.table
        polys, ids = [u.polygon() for u in units], [u.id for u in units]
        names = {u.id: u.label for u in units}

        # the worker waits for this click's repaint (the template and who is under it);
        # settling the odds before it (`settle_odds`) lets it start at once
        painted = Repainted(self.view)

        def work() -> Worked:
            painted.wait()
            return worked_out(shape, (x, y), scheme, polys, ids, names,
                              (0.0, 0.0, t.width_in, t.height_in))

        here = template_query(scenario, self.shape, x, y)
        self._draw_template(self.shape, (x, y), None, aimed=True)
        self.hide_hint()  # the ghost's count: the panel lists who is under it now
        self._fill_result(here, tr("Under it if it does not scatter"))
        self.panel.show_message(tr('{shape} aimed at ({x}", {y}"). Scatter with the app\'s '
                                   "dice or type the dice in.").format(
                                       shape=loc(self.shape), x=f"{x:.2f}", y=f"{y:.2f}"))

        def show(found: Worked) -> None:
            self._show_odds(found, here, names, scheme, shape, (x, y), log)

        # on every table the odds and heat map arrive from a worker (even a small table's
        # take longer than a frame); the template and who is under it are down already
        if self._workers is None:
            self._workers = ThreadPoolExecutor(max_workers=1, thread_name_prefix="odds")
        self.panel.odds_title.setText(tr("Before the roll — working out the odds …"))
        self.panel.fill(self.panel.odds, [])
        self._pending = (self._workers.submit(work), show, self.editor.game, painted)
        self._pending[0].add_done_callback(
            lambda _f: ui_thread.deliver(self, self.settle_odds))
        return here

    @property
    def odds_pending(self) -> bool:
        """Whether the last placement's odds and heat map are still on their worker (a
        test waits for them as a user does)."""
        return self._pending is not None

    def settle_odds(self) -> None:
        """Show (and log) the odds a worker is working out, waiting for them if need be:
        when they come, before anything else is done with the template (so the log keeps
        its order), and for a caller that reads them at once (a picture drawn with the
        heat map). Odds for a game since replaced are dropped."""
        pending, self._pending = self._pending, None
        if pending is None:
            return
        future, show, game, painted = pending
        painted.set()  # no repaint to wait for: the odds are wanted now
        if game is self.editor.game:
            show(future.result())

    def _show_odds(self, found: Worked, here: TemplateResult, names: dict[str, str],
                   scheme: DistanceScheme, shape: str, at: tuple[float, float],
                   log: bool) -> None:
        """The landing odds and heat map of a placement: drawn, listed and logged."""
        self.odds, self.heat = found.odds, found.heat
        self._draw_heat(self.heat, found.image)
        self.panel.fill(self.panel.odds, found.rows)
        peak = percent(float(self.heat.values.max(initial=0.0)))
        self.panel.odds_title.setText(
            tr("Before the roll — chance of ending under it ({scheme}, no scatter {p}; "
               "darkest heat: {peak} that a point is covered)").format(
                scheme=loc(scheme.label), p=percent(scheme.p_no_scatter()), peak=peak))
        if log:
            x, y = at
            self._log(here, summary=msg("{shape} placed at ({x:.2f}, {y:.2f}){under}",
                                        shape=shape, x=x, y=y, under=_under_text(here, names)),
                      extra={"odds": found.logged})

    def scatter(self) -> TemplateResult | None:
        """Roll (or read) the scatter dice through the referee (engine.play.scatter: the
        landing logged), move the template, and list who is under it. Bad typed dice are
        refused with the message naming the die; nothing moves."""
        from engine.dice import DiceError
        from engine.measure import MeasureError
        from engine.play import Referee, scatter
        if self.aim is None or self.shape == "flamer":
            self.panel.show_message(tr("A flamer does not scatter.") if self.shape == "flamer"
                                    else tr("Place the template first."), error=True)
            return None
        self.settle_odds()
        try:
            rule, dice, typed_bearing = self._dice()
            rolled = scatter(Referee(self.editor), self.shape, self.aim, rule, dice,
                             bearing=typed_bearing, scheme=self.panel.scheme_obj().label)
        except (DiceError, ValueError, MeasureError) as err:
            self.panel.show_message(loc(said(err)), error=True)
            return None
        if rolled.seed is not None:
            self.panel.seed.setPlaceholderText(tr("last: {0}").format(rolled.seed))
        landed = rolled.landed
        result, distance, bearing = landed.template, landed.distance, landed.bearing
        self.result = result
        self._redraw_after_scatter(result)
        self._fill_result(result, tr('Scattered {d}" at {b}° — under it').format(
            d=f"{distance:g}", b=f"{bearing:g}"))
        self.panel.show_message(tr('Scatter {d}" at bearing {b}° ({source}).').format(
            d=f"{distance:g}", b=f"{bearing:g}", source=loc(rolled.source)))
        return result

    def show_scatter(self, distance: float, bearing: float) -> TemplateResult:
        """Show the placed blast moved `distance` inches along `bearing` without rolling
        or logging (a picture of a scatter already rolled: `warboard picture --scatter`)."""
        from engine.measure import template_query
        if self.aim is None or self.shape == "flamer":
            raise ValueError(tr("scatter: place a blast template first"))
        result = template_query(self.editor.game.scenario, self.shape, *self.aim,
                                scatter=(distance, bearing))
        self.result = result
        self._redraw_after_scatter(result)
        return result

    def _dice(self) -> tuple[ScatterRule, DiceSpec, float | None]:
        """The scatter rule, the dice (engine.play) and a typed bearing (None: roll the
        direction die), from the panel. The dice are rolled by the engine's board
        service, as a scatter inside an action is."""
        from engine.board_ops import ScatterRule
        from engine.dice import D6, TypedDice, draw
        from engine.play import AppDice, TypedFaces
        from geometry.scatter import DIE_ZERO_BEARING

        p = self.panel
        scheme = p.scheme_obj()
        if p.app_dice.isChecked():
            text = p.seed.text().strip()
            if text and not text.isdigit():
                raise ValueError(tr("seed: expected a whole number ≥ 0, got {got!r}").format(
                    got=text))
            return ScatterRule(scheme, bearing_die()), AppDice(int(text) if text else None,
                                                               bool(text)), None
        distance = p.distance_face.text().strip() or "?"
        text = p.direction.text().strip()
        if p.direction_kind.currentData() == "die":
            rule = ScatterRule(scheme, D6, DIE_ZERO_BEARING)
            return rule, TypedFaces((distance, text or "?")), None
        rule = ScatterRule(scheme, bearing_die())
        draw(TypedDice([distance]), rule.distance_die, 1, label="scatter distance")  # first
        bearing = _typed_bearing(text)
        return rule, TypedFaces((distance,)), bearing

    # --- flamer -----------------------------------------------------------------------------

    def _flamer_press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self.origin_id is None or self.aim is not None:
            item = self.view.unit_at(ev.position().toPoint())
            if item is None:
                self.panel.show_message(tr("Click the unit that fires the flamer."),
                                        error=True)
                return True
            self.clear()
            self.origin_id = item.unit.id
            self._press_at = QPointF(pos)
            self.panel.show_message(tr("{unit} fires: click (or release) where it aims.")
                                    .format(unit=item.unit.label))
            return True
        self.place_flamer(self.origin_id, (pos.x(), pos.y()))
        return True

    def place_flamer(self, origin_id: str, toward: tuple[float, float]) -> TemplateResult | None:
        """Lay the flamer from `origin_id`'s base toward a point: who is under it."""
        from engine.measure import MeasureError, template_query
        from geometry.templates import make_template
        game = self.editor.game
        shooter = game.unit(origin_id)
        try:
            laid = make_template("flamer", shooter.x, shooter.y, toward,
                                 origin=shooter.polygon())
            tip = laid.origin
            result = template_query(game.scenario, "flamer", tip[0], tip[1], toward=toward,
                                    shooter=origin_id)
        except (ValueError, MeasureError) as err:
            self.panel.show_message(loc(said(err)), error=True)
            return None
        self.clear_overlay()
        self._ghost = None
        self.origin_id, self.aim, self.result = origin_id, toward, result
        self._draw_template("flamer", tip, toward, aimed=False)
        names = {u.id: u.label for u in game.scenario.units}
        self._fill_result(result, tr("Flamer from {unit} — under it").format(
            unit=shooter.label))
        self.panel.fill(self.panel.odds, [])
        self.panel.show_message(tr("A flamer does not scatter."))
        self._log(result, actor=origin_id,
                  summary=msg("flamer from {shooter} toward ({x:.2f}, {y:.2f}){under}",
                              shooter=shooter.label, x=toward[0], y=toward[1],
                              under=_under_text(result, names)))
        return result

    # --- drawing ----------------------------------------------------------------------------

    def _show_ghost(self, pos: QPointF) -> None:
        from engine.measure import template_query
        from geometry.templates import make_template
        self._drop_ghost()
        game = self.editor.game
        try:
            if self.shape == "flamer":
                shooter = game.unit(self.origin_id)
                t = make_template("flamer", shooter.x, shooter.y, (pos.x(), pos.y()),
                                  origin=shooter.polygon())
            else:
                t = make_template(self.shape, pos.x(), pos.y())
        except ValueError:
            return
        item = QGraphicsPathItem(geometry_path(t.shape))
        item.setPen(cosmetic_pen(AIM_EDGE, 1.0, Qt.PenStyle.DashLine))
        self._ghost = self.add_overlay(item, Z_OVERLAY + 2)
        if self.shape != "flamer":
            hit = template_query(game.scenario, self.shape, pos.x(), pos.y())
            self.hint(tr("{shape}: {n} under").format(shape=loc(self.shape), n=len(hit.under))
                      if hit.under else loc(self.shape))

    def _drop_ghost(self) -> None:
        if self._ghost is not None and self._ghost.scene() is not None:
            self._ghost.scene().removeItem(self._ghost)
            if self._ghost in self._overlay:
                self._overlay.remove(self._ghost)
        self._ghost = None

    def _draw_heat(self, heat: Heatmap, image: QImage | None = None) -> None:
        """The heat map as one pixmap under the units (`image`: heat_image(heat), made
        beforehand, e.g. on the worker that worked the odds out)."""
        if heat.values.size == 0:
            return
        item = QGraphicsPixmapItem(QPixmap.fromImage(image if image is not None
                                                     else heat_image(heat)))
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        item.setScale(heat.cell)
        item.setPos(heat.x0, heat.y0)
        self.add_overlay(item, Z_UNIT - 0.8)  # over the terrain, under the units

    def _draw_template(self, shape: str, at: tuple[float, float],
                       toward: tuple[float, float] | None, *, aimed: bool) -> None:
        from geometry.templates import HOLE_DIAMETER_IN, make_template
        if shape == "flamer":
            t = make_template("flamer", at[0], at[1], toward)
        else:
            t = make_template(shape, at[0], at[1])
        item = QGraphicsPathItem(geometry_path(t.shape))
        if aimed:
            item.setPen(cosmetic_pen(AIM_EDGE, 1.5, Qt.PenStyle.DashLine))
        else:
            item.setPen(cosmetic_pen(TEMPLATE_EDGE, 2.0))
            fill = QColor(TEMPLATE_EDGE)
            fill.setAlpha(45)
            item.setBrush(QBrush(fill))
        self.add_overlay(item, Z_OVERLAY)
        if t.hole is not None:
            r = HOLE_DIAMETER_IN / 2
            hole = QGraphicsEllipseItem(QRectF(t.centre[0] - r, t.centre[1] - r, 2 * r, 2 * r))
            hole.setPen(cosmetic_pen(AIM_EDGE if aimed else TEMPLATE_EDGE, 1.5))
            self.add_overlay(hole, Z_OVERLAY + 1)

    def _redraw_after_scatter(self, result: TemplateResult) -> None:
        self.clear_overlay()
        self._ghost = None
        self.hide_hint()  # the count beside the pointer was the aim's: the panel lists now
        self._draw_template(self.shape, result.aim, None, aimed=True)
        self._draw_template(self.shape, result.centre, None, aimed=False)
        distance, bearing = result.scatter or (0.0, 0.0)
        if distance > 0:
            self._draw_arrow(result.aim, result.centre, f'{distance:g}" @ {bearing:g}°')
        else:
            self._draw_label(result.centre, tr("no scatter"))

    def _draw_arrow(self, a: tuple[float, float], b: tuple[float, float], text: str) -> None:
        pen = cosmetic_pen(ARROW, 2.0)
        self.add_overlay(QGraphicsLineItem(QLineF(*a, *b)), Z_OVERLAY + 3).setPen(pen)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        size = 0.45
        pts = [QPointF(*b)] + [QPointF(b[0] - size * math.cos(ang + s * 0.4),
                                       b[1] - size * math.sin(ang + s * 0.4)) for s in (1, -1)]
        head = QGraphicsPolygonItem(pts)
        head.setPen(QPen(Qt.PenStyle.NoPen))
        head.setBrush(QBrush(ARROW))
        self.add_overlay(head, Z_OVERLAY + 3)
        self._draw_label(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), text)

    def _draw_label(self, at: tuple[float, float], text: str) -> None:
        label = QGraphicsSimpleTextItem(text)
        label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        label.setBrush(QBrush(ARROW))
        label.setPos(*at)
        back = QGraphicsPathItem()
        r = label.boundingRect().adjusted(-3, -1, 3, 1)
        path = QPainterPath()
        path.addRoundedRect(r, 3, 3)
        back.setPath(path)
        back.setBrush(QBrush(QColor(255, 255, 255, 220)))
        back.setPen(QPen(Qt.PenStyle.NoPen))
        back.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        back.setPos(*at)
        self.add_overlay(back, Z_OVERLAY + 4)
        self.add_overlay(label, Z_OVERLAY + 5)

    # --- read-outs and log --------------------------------------------------------------------

    def _fill_result(self, result: TemplateResult, title: str) -> None:
        names = {u.id: u.label for u in self.editor.game.scenario.units}
        rows = [(names.get(i, i), percent(f), tr("hole") if i == result.hole else "")
                for i, f in result.under]
        self.panel.result_title.setText(title if rows else tr("{0}: nobody").format(title))
        self.panel.fill(self.panel.result, rows)

    def _log(self, result: TemplateResult, *, summary: Text, dice: tuple[RollRecord, ...] = (),
             actor: str | None = None, extra: dict | None = None) -> None:
        from engine.play.scatter import template_entry

        self.editor.log(template_entry(self.editor.game, result, summary=summary, dice=dice,
                                       actor=actor, extra=extra))


def _under_text(result: TemplateResult, names: dict[str, str]) -> Text:
    """Who is under the template, for the log line (engine.play.scatter.under_text)."""
    from engine.play.scatter import under_text

    return under_text(result, names)


def _typed_bearing(text: str) -> float:
    """A bearing typed in degrees, checked: a number from 0 up to (not including) 360."""
    try:
        value = float(text)
    except ValueError:
        raise ValueError(tr("direction: expected a bearing in degrees (0–360), got "
                            "{got!r}").format(got=text)) from None
    if not math.isfinite(value) or not 0 <= value < 360:
        raise ValueError(tr("direction: a bearing is 0 up to 360 degrees, got {got}").format(
            got=text))
    return value
