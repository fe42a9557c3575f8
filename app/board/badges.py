"""A unit's marker badges: what each of its markers and state values reads as a small
pill beside its base (`badges_for`), and the row of pills drawn the same size at any zoom
(`BadgeItem`). Where the row hangs is the board's (app.board.badge_places).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.i18n import loc, tr

from . import style

if TYPE_CHECKING:
    from engine.scenario import Unit

__all__ = ["Badge", "BadgeItem", "badges_for"]


@dataclass(frozen=True, slots=True)
class Badge:
    """One marker shown beside a base: its text, colour and a tooltip line."""

    key: str
    text: str
    colour: str
    tip: str


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _badge_tip(key: str, value: object) -> str:
    """"suppression: 2" — the state key in words, through the game's glossary."""
    from engine.wording import words

    if value is True:  # a flag: its word says it all ("prone", not "prone: True")
        return loc(words(key))
    shown = tr("no") if value is False else loc(value) if isinstance(value, str) else value
    return f"{loc(words(key))}: {shown}"


def badges_for(unit: Unit, declared: Sequence = ()) -> list[Badge]:
    """The badges a unit shows: its markers (those the rulesets declare a badge for first,
    in row order — style.MARKER_BADGES), then its state keys with a declared badge
    (style.STATE_BADGES: wounds taken, hit points left …), then what its ruleset `declared`
    for its state (engine.board_rules.UnitBadge: vehicle damage…), which replace a state
    badge of the same key. A marker at 0, false or null has none."""
    out: list[Badge] = []
    markers = unit.markers
    if markers:
        table = style.MARKER_BADGES
        known = [k for k in table if k in markers]
        others = sorted(k for k in markers if k not in table)
        for key in (*known, *others):
            value = markers[key]
            if value is None or value is False or value == 0:
                continue
            look = table.get(key)
            text = key[:3].upper() if look is None else loc(look)
            if _is_count(value) and (look is not None and look.counted or value > 1):
                text = f"{text}{value}"  # "S1", "PIN" / "PIN2", "COM"
            colour = style.UNKNOWN_BADGE if look is None else look.colour
            out.append(Badge(key, text, colour, _badge_tip(key, value)))
    replaced = {b.key for b in declared}  # the ruleset's own badge for that key wins
    for key, look in (style.STATE_BADGES.items() if unit.state else ()):
        value = unit.state.get(key)
        if key in replaced:
            continue
        if value is None or isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if value <= 0 and not look.shows_zero:
            continue
        out.append(Badge(key, f"{loc(look)}{value:g}", look.colour,
                         _badge_tip(key, f"{value:g}")))
    for b in declared:
        colour = style.TONE_BADGES.get(b.tone, style.UNKNOWN_BADGE)
        out.append(Badge(b.key, loc(b.text), colour, loc(b.tip)))  # text and tip: messages
    return out


class BadgeItem(QGraphicsItem):
    """A row of small pills (the unit's markers and state: counts, flags, hit points) beside
    a corner of the base, the same size on screen at any zoom. Hidden when there are none.

    The corner is the one the unit's label leaves free: top-right, unless the label sits
    above the base (then bottom-right) or to its right (then top-left)."""

    PAD_PX = 2.5
    GAP_PX = 2.0
    OFFSET_PX = 2.0

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(1.0)  # over the unit's own label
        self._font = QFont()
        self._font.setPointSizeF(7.0)
        self._font.setBold(True)
        self._badges: list[Badge] = []
        self.corner = "top-right"
        self._rects: list[QRectF] = []
        self._rect = QRectF()
        self.setVisible(False)

    @property
    def badges(self) -> list[Badge]:
        return list(self._badges)

    @property
    def texts(self) -> list[str]:
        return [b.text for b in self._badges]

    #: Which way the row grows from its anchor corner, by corner: (x sign, y sign).
    #: The middle of a side ("right", "left") centres the row on it (y sign 0).
    CORNERS = {"top-right": (1, -1), "bottom-right": (1, 1), "top-left": (-1, -1),
               "bottom-left": (-1, 1), "right": (1, 0), "left": (-1, 0)}

    def set_badges(self, badges: list[Badge], corner: str = "top-right") -> None:
        self.prepareGeometryChange()
        self._badges = list(badges)
        self.corner = corner
        sx, sy = self.CORNERS[corner]
        fm = QFontMetricsF(self._font)
        h = fm.height() + 1.0
        x = self.OFFSET_PX
        self._rects = []
        for b in self._badges:
            w = max(fm.horizontalAdvance(b.text) + 2 * self.PAD_PX, h)
            left = x if sx > 0 else -x - w
            top = -h - self.OFFSET_PX if sy < 0 else self.OFFSET_PX if sy > 0 else -h / 2
            self._rects.append(QRectF(left, top, w, h))
            x += w + self.GAP_PX
        self._rect = QRectF()
        for r in self._rects:
            self._rect = self._rect.united(r)
        self._rect = self._rect.adjusted(-1, -1, 1, 1)
        self.setToolTip("\n".join(loc(b.tip) for b in self._badges))
        self.setVisible(bool(self._badges))
        self.update()

    def rect_at(self, corner: str) -> tuple[float, float, float, float]:
        """Left, top, right and bottom (pixels from the anchor corner) of the row were it
        hung at `corner` (the board's badge places compare these)."""
        sx, sy = self.CORNERS[corner]
        if not self._rects:
            return (0.0, 0.0, 0.0, 0.0)
        w = max(r.right() for r in self._rects) - min(r.left() for r in self._rects)
        h = self._rects[0].height()
        left = self.OFFSET_PX if sx > 0 else -self.OFFSET_PX - w
        top = -h - self.OFFSET_PX if sy < 0 else self.OFFSET_PX if sy > 0 else -h / 2
        return (left, top, left + w, top + h)

    def pill_rects(self) -> list[QRectF]:
        """Each badge's rectangle in pixels from the anchor (the base's top-right corner)."""
        return [QRectF(r) for r in self._rects]

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setFont(self._font)
        edge = style.cosmetic_pen(style.BADGE_EDGE, 1.0)
        for b, r in zip(self._badges, self._rects, strict=True):
            painter.setPen(edge)
            painter.setBrush(QColor(b.colour))
            painter.drawRoundedRect(r, r.height() / 2, r.height() / 2)
            painter.setPen(style.BADGE_TEXT)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, b.text)
