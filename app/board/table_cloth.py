"""The table cloth the board is drawn on: the off-table colour, the table, the picture laid
under the board (app/backdrop.py), the inch and foot grid and the table's edge. Drawn as the
scene's background (BoardScene.drawBackground), so the view caches it with the terrain."""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainter

from . import style

INCHES_PER_FOOT = 12


def draw_table(painter: QPainter, table: QRectF, rect: QRectF,
               backdrop: Callable[[QPainter, QRectF], None] | None = None) -> None:
    """The cloth under `rect`: off-table colour, then (when there is a table) the table,
    its picture, the grid (inches only when they are far enough apart) and the edge."""
    painter.fillRect(rect, style.OFF_TABLE)
    if table.isEmpty():
        return
    painter.fillRect(table, style.TABLE)
    if backdrop is not None:
        backdrop(painter, table)
    visible = table.intersected(rect)
    if not visible.isEmpty():
        px_per_inch = abs(painter.worldTransform().m11()) or 1.0
        if px_per_inch >= style.MIN_INCH_SPACING_PX:
            painter.setPen(style.cosmetic_pen(style.GRID_INCH, 1.0))
            painter.drawLines(grid_lines(table, visible, 1, skip_every=INCHES_PER_FOOT))
        painter.setPen(style.cosmetic_pen(style.GRID_FOOT, 1.5))
        painter.drawLines(grid_lines(table, visible, INCHES_PER_FOOT))
    painter.setPen(style.cosmetic_pen(style.TABLE_EDGE, 2.0))
    painter.drawRect(table)


def grid_lines(table: QRectF, visible: QRectF, step: int, skip_every: int = 0) -> list[QLineF]:
    """Grid lines every `step` inches from the table's corner that cross `visible`, spanning
    the table; lines on multiples of `skip_every` are left to a heavier pass."""
    lines = []
    first_x = max(step, math.ceil(visible.left() / step) * step)
    last_x = min(table.right() - 1e-9, visible.right())
    for k in range(int(first_x), int(math.floor(last_x)) + 1, step):
        if not (skip_every and k % skip_every == 0):
            lines.append(QLineF(k, visible.top(), k, visible.bottom()))
    first_y = max(step, math.ceil(visible.top() / step) * step)
    last_y = min(table.bottom() - 1e-9, visible.bottom())
    for k in range(int(first_y), int(math.floor(last_y)) + 1, step):
        if not (skip_every and k % skip_every == 0):
            lines.append(QLineF(visible.left(), k, visible.right(), k))
    return lines
