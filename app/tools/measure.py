"""Measure (M) and ruler (L): distances, line of sight, cover, side struck, arcs and bands.

Measure: click unit A then unit B, or drag from A to B. The board shows the line between
them coloured by line of sight (clear / partial / blocked), A's weapon range bands along it,
the closest points of the two bases, and beside the pointer every figure of the game's
measurement service (`engine.measure`) — the same numbers `warboard measure FILE A B`
prints, the side struck by the game's reading. From A to an empty point it gives the
distance to that point; a drag on empty table is a ruler.
Each completed measurement goes to the game's log (action "measure", details = the
measurement's JSON form; rulers as action "ruler").

Ruler: a free line between any two points, click-click or drag, units or not.
Esc drops a half-made measurement; a new press starts the next one.
"""

from __future__ import annotations

import math
from enum import Enum, auto
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TR_NOOP, QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem

from app.i18n import loc, tr

from .base import Tool, inches_and_metres, line_item, translucent

if TYPE_CHECKING:
    from engine.measure import Measurement, MeasureService
    from engine.scenario import Scenario, Unit
    from geometry.ranges import RangeScheme

LOS_COLOURS = {"clear": "#1f9d55", "partial": "#e08a00", "blocked": "#d0342c"}
BAND_COLOURS = ("#2f80ed", "#9b51e0", "#e056a0", "#f2994a", "#b8a000", "#6b7280")
RULER_COLOUR = "#111418"
#: A press and release closer than this (pixels) is a click, not a drag.
CLICK_PX = 4.0


def click_a_unit() -> str:
    """The measure tool's last line while measuring to a point (the picture leaves it out)."""
    return tr("click a unit to measure to it")


def _both(inches: float, metres: float) -> str:
    """A measured distance in the units shown (Settings), the metres as measured."""
    return inches_and_metres(inches, metres / inches if inches else 0.0)


#: The cover levels' names (engine.measure.COVER_NAMES), marked so lupdate lists them.
COVER_WORDS = (QT_TR_NOOP("none"), QT_TR_NOOP("light"), QT_TR_NOOP("medium"),
               QT_TR_NOOP("heavy"), QT_TR_NOOP("fortification"))


def cover_name(level: int) -> str:
    """A cover level's name in the interface's language."""
    from engine.measure import COVER_NAMES

    return tr(COVER_NAMES[level])


def pair_text(m: Measurement, a: Unit, b: Unit, band: str | None) -> str:
    """What the measure tool shows beside the pointer for A → B (metres as measured)."""
    lines = [
        f"{a.label} → {b.label}",
        tr("edge {edge}   centre {centre}").format(edge=_both(m.edge_in, m.edge_m),
                                                  centre=_both(m.centre_in, m.centre_m)),
        tr("LOS {los}: {visible} visible").format(los=loc(m.los),
                                                  visible=f"{m.visible_fraction:.0%}"),
    ]
    cover = tr("cover {level} ({name})").format(level=m.cover, name=cover_name(m.cover))
    if m.cover_terrain:
        cover += ": " + ", ".join(m.cover_terrain)
    lines.append(cover)
    # "the turret arc of X", not "X's": a name may end in a quote ("Sherman 3 'Cyclone'")
    arc = (tr("{unit} has no turret") if m.in_arc is None
           else tr("in the turret arc of {unit}") if m.in_arc
           else tr("outside the turret arc of {unit}")).format(unit=a.label)
    lines.append(tr("strikes the {side} of {unit} · {arc}").format(
        side=loc(m.target_side), unit=b.label, arc=arc))
    if band:
        lines.append(band)
    return "\n".join(lines)


def end_mark(at: QPointF) -> QGraphicsEllipseItem:
    """A ruler's end: a dot of fixed screen size."""
    item = QGraphicsEllipseItem(-3.5, -3.5, 7.0, 7.0)
    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
    item.setBrush(QBrush(QColor(RULER_COLOUR)))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    item.setPos(at)
    return item



def band_words(band) -> str:
    """A distance band as a player reads it: "long (≤ 500 m)"; a band named by a key
    ("band-1") by its label alone ("band 1: ≤ 200 m")."""
    import re

    name, label = loc(band.name), loc(band.label) if band.label else ""
    if not label:
        return name
    return label if re.search(r"[-_\d]", str(band.name)) else f"{name} ({label})"

class State(Enum):
    IDLE = auto()
    UNIT_DRAG = auto()  # pressed on A, button down
    UNIT_WAIT = auto()  # A chosen, waiting for the click on B
    RULER_DRAG = auto()
    RULER_WAIT = auto()
    DONE = auto()  # a result stays drawn until the next press or Esc


class MeasureTool(Tool):
    id = "measure"
    cursor = Qt.CursorShape.CrossCursor
    uses_units = True
    #: a drag only changes the line, bands and ticks drawn over the board
    holds_board = True

    def __init__(self, window) -> None:
        super().__init__(window)
        self.state = State.IDLE
        self.a: str | None = None
        self.start = QPointF()
        self.press_view = QPointF()
        self._scheme_key: tuple[str, str, str] | None = None
        self._scheme: tuple[str, RangeScheme] | None = None
        self.result: Measurement | None = None  # the last A → B measurement shown
        self.ruler_in: float | None = None  # the last ruler's length
        self.band: str | None = None

    # --- events -----------------------------------------------------------------------------

    def _unit_under(self, ev: QMouseEvent) -> Unit | None:
        if not self.uses_units:
            return None
        item = self.view.unit_at(ev.position().toPoint())
        return None if item is None else item.unit

    def press(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        u = self._unit_under(ev)
        self.press_view = ev.position()
        if self.state == State.UNIT_WAIT:
            if u is not None and u.id != self.a:
                self.finish_pair(self.a, u.id)
            elif u is not None:
                self.state = State.UNIT_DRAG
            else:
                self.finish_point(self.a, pos)
            return True
        if self.state == State.RULER_WAIT:
            self.finish_ruler(self.start, pos)
            return True
        self.clear_overlay()
        self.result = None
        if u is not None:
            self.a, self.state = u.id, State.UNIT_DRAG
            self.preview(pos, None)
        else:
            self.start, self.state = QPointF(pos), State.RULER_DRAG
            self.draw_ruler(self.start, pos)
        return True

    def move(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if self.state in (State.UNIT_DRAG, State.UNIT_WAIT):
            u = self._unit_under(ev)
            self.preview(pos, u if u is not None and u.id != self.a else None)
            return True
        if self.state in (State.RULER_DRAG, State.RULER_WAIT):
            self.draw_ruler(self.start, pos)
            return True
        return False

    def release(self, ev: QMouseEvent, pos: QPointF) -> bool:
        if ev.button() != Qt.MouseButton.LeftButton:
            return False
        dragged = (ev.position() - self.press_view).manhattanLength() > CLICK_PX
        if self.state == State.UNIT_DRAG:
            u = self._unit_under(ev)
            if u is not None and u.id != self.a:
                self.finish_pair(self.a, u.id)
            elif dragged and u is None:
                self.finish_point(self.a, pos)
            else:
                self.state = State.UNIT_WAIT
            return True
        if self.state == State.RULER_DRAG:
            if dragged:
                self.finish_ruler(self.start, pos)
            else:
                self.state = State.RULER_WAIT
            return True
        return self.state != State.IDLE

    def key(self, ev: QKeyEvent) -> bool:
        if ev.key() == Qt.Key.Key_Escape and self.state != State.IDLE:
            self.reset()
            return True
        return False

    def reset(self) -> None:
        self.state = State.IDLE
        self.a = None
        super().reset()

    # --- figures ----------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self.editor.game.scenario

    @property
    def service(self) -> MeasureService:
        """The game's measurement service (engine.measure): the figures every door shows."""
        from engine.measure import service_for
        return service_for(self.scenario)

    def readings(self) -> dict:
        """The game's readings (engine.readings): the side struck follows them."""
        from engine.readings import game_readings
        return game_readings(self.editor.game)

    def measure(self, a: str, b: str) -> Measurement:
        """The service's measurement of A firing at B, by the game's readings."""
        return self.service.pair(a, b, readings=self.readings())

    def band_text(self, a: Unit, distance_in: float) -> tuple[str | None, RangeScheme | None]:
        from engine.board_rules import weapon_scheme
        key = (a.id, a.profile, self.scenario.ruleset)
        if key != self._scheme_key:  # once per unit A, not on every pointer move
            self._scheme_key, self._scheme = key, weapon_scheme(self.scenario, a)
        found = self._scheme
        if found is None:
            return None, None
        name, scheme = found
        band = scheme.band_for_table(distance_in, self.scenario.table.metres_per_inch)
        where = tr("out of range") if band is None else band_words(band)
        return tr("{weapon}: {band} at the edge distance").format(weapon=loc(name), band=where), \
            scheme

    # --- finishing ----------------------------------------------------------------------------

    def finish_pair(self, a: str, b: str) -> None:
        from engine.i18n import msg
        from engine.model import LogEntry
        self.preview_pair(a, b)
        m = self.result
        self.state = State.DONE
        if m is None:
            return
        game = self.editor.game
        ua, ub = game.unit(a), game.unit(b)
        self.editor.log(LogEntry(
            game.turn, a, "measure", b,
            summary=msg('{a} → {b}: edge {edge:.2f}", LOS {los} ({visible:.0%}), cover '
                        "{cover}, {side}", a=ua.label, b=ub.label, edge=m.edge_in, los=m.los,
                        visible=m.visible_fraction, cover=m.cover, side=m.target_side),
            details=m.to_dict()))

    def finish_point(self, a: str, pos: QPointF) -> None:
        from engine.i18n import msg
        from engine.model import LogEntry
        edge, centre = self.preview(pos, None)
        self.state = State.DONE
        game = self.editor.game
        mpi = self.scenario.table.metres_per_inch
        self.editor.log(LogEntry(
            game.turn, a, "measure", None,
            summary=msg('{a} → point: edge {edge:.2f}"', a=game.unit(a).label, edge=edge),
            details={"from": a, "to_point": [round(pos.x(), 3), round(pos.y(), 3)],
                     "edge_in": round(edge, 3), "centre_in": round(centre, 3),
                     "edge_m": round(edge * mpi, 3), "centre_m": round(centre * mpi, 3)}))

    def finish_ruler(self, p: QPointF, q: QPointF) -> None:
        from engine.i18n import msg
        from engine.model import LogEntry
        length = self.draw_ruler(p, q)
        self.state = State.DONE
        mpi = self.scenario.table.metres_per_inch
        self.editor.log(LogEntry(
            self.editor.game.turn, None, "ruler", None,
            summary=msg('ruler {length:.2f}"', length=length),
            details={"from": [round(p.x(), 3), round(p.y(), 3)],
                     "to": [round(q.x(), 3), round(q.y(), 3)],
                     "distance_in": round(length, 3), "distance_m": round(length * mpi, 3)}))

    # --- drawing ----------------------------------------------------------------------------

    def preview(self, pos: QPointF, b: Unit | None) -> tuple[float, float]:
        """Draw A to the pointer (or to unit B); returns (edge, centre) to the point."""
        if b is not None:
            self.preview_pair(self.a, b.id)
            return self.result.edge_in, self.result.centre_in
        self.clear_overlay()
        self.result = None
        a = self.editor.game.unit(self.a)
        to = self.service.to_point(a.id, pos.x(), pos.y())
        edge, centre = to.edge_in, to.centre_in
        band, scheme = self.band_text(a, edge)
        self.draw_bands(a, pos, scheme)
        self.add_overlay(line_item(QPointF(a.x, a.y), pos, RULER_COLOUR, 1.5))
        mpi = self.scenario.table.metres_per_inch
        lines = [tr("{unit} → point").format(unit=a.label),
                 tr("edge {edge}   centre {centre}").format(
                     edge=inches_and_metres(edge, mpi), centre=inches_and_metres(centre, mpi))]
        if band:
            lines.append(band)
        lines.append(click_a_unit())
        self.hint("\n".join(lines))
        return edge, centre

    def preview_pair(self, a_id: str, b_id: str) -> None:
        from engine.measure import MeasureError
        self.clear_overlay()
        try:
            m = self.measure(a_id, b_id)
        except MeasureError as e:
            from engine.i18n import said

            self.result = None
            self.hint(loc(said(e)))
            return
        self.result = m
        game = self.editor.game
        a, b = game.unit(a_id), game.unit(b_id)
        band, scheme = self.band_text(a, m.edge_in)
        self.draw_bands(a, QPointF(b.x, b.y), scheme)
        self.add_overlay(line_item(QPointF(a.x, a.y), QPointF(b.x, b.y),
                                   LOS_COLOURS[m.los], 3.0))
        gap = self.service.gap_line(a_id, b_id)
        if gap is not None:
            (x0, y0), (x1, y1) = gap
            self.add_overlay(line_item(QPointF(x0, y0), QPointF(x1, y1), RULER_COLOUR, 1.5,
                                       Qt.PenStyle.DashLine))
        self.hint(pair_text(m, a, b, band))

    def draw_bands(self, a: Unit, to: QPointF, scheme: RangeScheme | None) -> None:
        """A's range bands as wide translucent strokes along the line, from A's edge
        (the service lays them out)."""
        for seg in self.service.band_segments(a.id, to.x(), to.y(), scheme):
            start, end = QPointF(*seg.start), QPointF(*seg.end)
            if seg.index is None:  # beyond the last band: out of range
                self.add_overlay(line_item(start, to, translucent("#6b7280", 90), 9.0,
                                           Qt.PenStyle.DotLine))
                continue
            colour = translucent(BAND_COLOURS[seg.index % len(BAND_COLOURS)], 120)
            self.add_overlay(line_item(start, end, colour, 9.0))  # under the line added next

    def draw_ruler(self, p: QPointF, q: QPointF) -> float:
        self.clear_overlay()
        self.result = None
        length = math.hypot(q.x() - p.x(), q.y() - p.y())
        self.ruler_in = length
        self.add_overlay(line_item(p, q, RULER_COLOUR, 2.0))
        if length > 0:  # a tick every inch, longer every 6", like a tape measure
            ux, uy = (q.x() - p.x()) / length, (q.y() - p.y()) / length
            for k in range(1, int(length) + 1):
                half = 0.35 if k % 6 == 0 else 0.15
                c = QPointF(p.x() + ux * k, p.y() + uy * k)
                n = QPointF(-uy * half, ux * half)
                self.add_overlay(line_item(c - n, c + n, RULER_COLOUR, 1.0))
        for end in (p, q):
            self.add_overlay(end_mark(end))
        mpi = self.scenario.table.metres_per_inch
        self.hint(tr("ruler {length}").format(length=inches_and_metres(length, mpi)))
        return length


class RulerTool(MeasureTool):
    id = "ruler"
    uses_units = False
