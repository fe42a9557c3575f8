"""Templates and a range ruler printed at true scale, to cut out.

Three portrait pages (A4 or Letter): the 5" and 3" blast templates with their centre hole
and a 1" check square; the flamer teardrop of geometry.templates (8" × 3", PROPOSED); and
a 12" ruler. The ruler is 12" long, which fits neither A4 (8.27") nor Letter (8.5") across,
so it is printed diagonally on its own page — one piece, nothing to glue, and a diagonal is
as true as a straight line (A4 portrait's printable diagonal is ~11.7" inside 0.25" margins;
the ruler band leans 55° and needs 7.3" × 10.1"). Print at 100 % ("actual size", not "fit to
page") and check the 1" square before cutting.

Everything is drawn in points (72 to the inch) on a painter already scaled to points.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from app.i18n import tr
from geometry.templates import (
    BLAST_3,
    BLAST_5,
    FLAMER_LENGTH_IN,
    FLAMER_NARROW_IN,
    FLAMER_WIDE_IN,
    HOLE_DIAMETER_IN,
    flamer,
)

from .layout import FAINT, INK, Ink

__all__ = ["PT_PER_IN", "TEMPLATE_PAGES", "draw_templates_page", "RULER_ANGLE_DEG",
           "RULER_LENGTH_IN"]

PT_PER_IN = 72.0
TEMPLATE_PAGES = 3
RULER_LENGTH_IN = 12.0
RULER_WIDTH_IN = 0.6
RULER_ANGLE_DEG = 55.0
FILL = QColor(250, 240, 214)


def draw_templates_page(painter: QPainter, page: QRectF, index: int,
                        metres_per_inch: float | None = None) -> None:
    """Draw templates page `index` (0..TEMPLATE_PAGES-1) on a page of `page` points."""
    margin = 0.5 * PT_PER_IN
    area = page.adjusted(margin, margin, -margin, -margin)
    ink = Ink(painter, area, pad=0)
    title = ink.font(11, bold=True, serif=True)
    small = ink.font(7.5, italic=True)
    if index == 0:
        ink.text(area.left(), area.top() + 10, tr("Blast templates — true scale"), title)
        ink.text(area.left(), area.top() + 22, tr("Print at 100 % (actual size). The square "
                 "must measure exactly 1 inch; cut along the outer line, punch the hole."),
                 small, color=FAINT)
        c5 = QPointF(area.center().x(), area.top() + 40 + BLAST_5 * PT_PER_IN / 2)
        _blast(ink, c5, BLAST_5, '5" blast')
        c3 = QPointF(area.left() + BLAST_3 * PT_PER_IN / 2 + 20,
                     c5.y() + BLAST_5 * PT_PER_IN / 2 + 30 + BLAST_3 * PT_PER_IN / 2)
        _blast(ink, c3, BLAST_3, '3" blast')
        _check_square(ink, QPointF(area.right() - 150, c3.y() - 36))
    elif index == 1:
        ink.text(area.left(), area.top() + 10, tr("Flamer template — true scale"), title)
        ink.text(area.left(), area.top() + 22, f'{FLAMER_LENGTH_IN:g}" long, '
                 f'{FLAMER_NARROW_IN:g}" at the narrow end, {FLAMER_WIDE_IN:g}" at the wide '
                 "end (PROPOSED, 03 §6.6). The narrow end touches the shooter's base.",
                 small, color=FAINT)
        _flamer(ink, QPointF(area.center().x(), area.top() + 48))
    else:
        ink.text(area.left(), area.top() + 10, tr('12" range ruler — true scale'), title)
        ink.text(area.left(), area.top() + 22, tr("Printed on the diagonal so that 12 inches "
                 "fit on one sheet. Cut along the outer line."), small, color=FAINT)
        _ruler(ink, area, metres_per_inch)


def _blast(ink: Ink, centre: QPointF, diameter_in: float, label: str) -> None:
    p = ink.p
    r = diameter_in * PT_PER_IN / 2
    p.setPen(QPen(INK, 0.5))
    p.setBrush(FILL)
    p.drawEllipse(centre, r, r)
    # crosshair and hole
    p.setPen(QPen(FAINT, 0.4, Qt.PenStyle.DashLine))
    p.drawLine(QPointF(centre.x() - r, centre.y()), QPointF(centre.x() + r, centre.y()))
    p.drawLine(QPointF(centre.x(), centre.y() - r), QPointF(centre.x(), centre.y() + r))
    h = HOLE_DIAMETER_IN * PT_PER_IN / 2
    p.setPen(QPen(INK, 0.5))
    p.setBrush(QColor("white"))
    p.drawEllipse(centre, h, h)
    f = ink.font(9, bold=True)
    ink.text(centre.x() - 60, centre.y() + r * 0.45, label, f, align="c", width=120)
    ink.text(centre.x() - 60, centre.y() + r * 0.45 + 10, f'{diameter_in:g}" across',
             ink.font(7, italic=True), color=FAINT, align="c", width=120)


def _check_square(ink: Ink, at: QPointF) -> None:
    s = PT_PER_IN
    ink.p.setPen(QPen(INK, 0.5))
    ink.p.setBrush(Qt.BrushStyle.NoBrush)
    ink.p.drawRect(QRectF(at.x(), at.y(), s, s))
    ink.text(at.x() + s + 6, at.y() + 14, tr("1 inch"), ink.font(8, bold=True))
    ink.text(at.x() + s + 6, at.y() + 25, tr("(25.4 mm)"), ink.font(7, italic=True), color=FAINT)


def _flamer(ink: Ink, tip: QPointF) -> None:
    """The teardrop pointing down the page, its narrow end at `tip`."""
    t = flamer((0.0, 0.0), (0.0, 10.0))        # narrow end at the origin, pointing +y
    coords = list(t.shape.exterior.coords)
    poly = QPolygonF([QPointF(tip.x() + x * PT_PER_IN, tip.y() + y * PT_PER_IN)
                      for x, y in coords])
    ink.p.setPen(QPen(INK, 0.5))
    ink.p.setBrush(FILL)
    ink.p.drawPolygon(poly)
    ink.p.setPen(QPen(FAINT, 0.4, Qt.PenStyle.DashLine))
    end = FLAMER_LENGTH_IN * PT_PER_IN
    ink.p.drawLine(tip, QPointF(tip.x(), tip.y() + end))
    f = ink.font(9, bold=True)
    ink.text(tip.x() - 60, tip.y() + end * 0.7, tr("Flamer"), f, align="c", width=120)
    ink.text(tip.x() - 60, tip.y() + end * 0.7 + 10, f'{FLAMER_LENGTH_IN:g}" long',
             ink.font(7, italic=True), color=FAINT, align="c", width=120)


def _ruler(ink: Ink, area: QRectF, metres_per_inch: float | None) -> None:
    p = ink.p
    length = RULER_LENGTH_IN * PT_PER_IN
    width = RULER_WIDTH_IN * PT_PER_IN
    a = math.radians(RULER_ANGLE_DEG)
    span_x = length * math.cos(a) + width * math.sin(a)
    span_y = length * math.sin(a) + width * math.cos(a)
    left = area.left() + (area.width() - span_x) / 2
    top = area.top() + 30 + (area.height() - 30 - span_y) / 2
    p.save()
    # origin at the ruler's 0 end on its upper edge, x along the ruler
    p.translate(left + width * math.sin(a), top)
    p.rotate(RULER_ANGLE_DEG)
    path = QPainterPath()
    path.addRect(QRectF(0, 0, length, width))
    p.setPen(QPen(INK, 0.5))
    p.setBrush(FILL)
    p.drawPath(path)
    num = ink.font(7.5, bold=True)
    for i in range(int(RULER_LENGTH_IN * 4) + 1):
        x = i * PT_PER_IN / 4
        tick = 14 if i % 4 == 0 else (9 if i % 2 == 0 else 5)
        p.setPen(QPen(INK, 0.6 if i % 4 == 0 else 0.4))
        p.drawLine(QPointF(x, 0), QPointF(x, tick))
        if i % 4 == 0 and 0 < i < RULER_LENGTH_IN * 4:
            ink.text(x - 10, 23, f"{i // 4}", num, align="c", width=20)
    ink.text(4, 23, tr("in"), ink.font(7, italic=True), color=FAINT)
    if metres_per_inch:
        mf = ink.font(6, italic=True)
        for i in range(2, int(RULER_LENGTH_IN) + 1, 2):
            ink.text(i * PT_PER_IN - 20, width - 4, f"{i * metres_per_inch:g} m", mf,
                     color=FAINT, align="c", width=40)
    p.restore()
