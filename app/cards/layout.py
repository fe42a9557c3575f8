"""Card layouts: which layout draws a card, and the Qt ink they draw with.

A ruleset declares its layouts on its `Ruleset` (`cards={profile kind: layout}`, see
engine.cards); `layout_for` finds them there, and `register_layout` adds one from outside
(a test, a plug-in). Every card is made of faces of one size, a poker card (2.5" × 3.5" =
180 × 252 pt), so a sheet is a regular grid, a sleeve holds one face, and a card with more
to say (a vehicle's) has two faces printed side by side to fold back to back. `draw_face`
gives a layout an `Ink` for the face's rectangle; the layout never knows about pages or
painters. Rulesets without a layout of their own get `PlainLayout` (fields as a list).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QT_TR_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from app.i18n import current_language, tr
from engine.cards import BAND as _BAND
from engine.cards import (
    FACE_H,
    FACE_W,
    CardData,
    CardLayout,
    CardOptions,
    Col,
    PlainLayout,
    Rect,
)
from engine.cards import FAINT as _FAINT
from engine.cards import HIT as _HIT
from engine.cards import INK as _INK
from engine.cards import PAPER as _PAPER
from engine.cards import RULE as _RULE
from engine.cards import SHADE as _SHADE
from engine.cards import TILE as _TILE

__all__ = ["FACE_W", "FACE_H", "CardData", "CardOptions", "CardLayout", "register_layout",
           "layout_for", "has_layout", "draw_face", "Ink", "PlainLayout", "MARK_TEXT", "Col"]

MARK_TEXT = {
    "d": QT_TR_NOOP("demo value, not from the rules"),
    "P": QT_TR_NOOP("PROPOSED default, not from the rules"),
}
INK = QColor(_INK)
RULE = QColor(_RULE)
SHADE = QColor(_SHADE)
FAINT = QColor(_FAINT)
HIT = QColor(_HIT)
TILE = QColor(_TILE)
PAPER = QColor(_PAPER)
BAND = QColor(_BAND)

SANS = ["DejaVu Sans Condensed", "DejaVu Sans", "Nimbus Sans Narrow", "Arial Narrow",
        "Liberation Sans Narrow", "Helvetica"]
SERIF = ["C059", "Century Schoolbook", "DejaVu Serif", "Georgia", "Times New Roman"]


_LAYOUTS: dict[tuple[str, str], CardLayout] = {}


def register_layout(ruleset: str, kind: str, layout: CardLayout) -> None:
    """Make `layout` draw the cards of `kind` profiles of `ruleset` (before the ruleset's
    own)."""
    _LAYOUTS[(ruleset, kind)] = layout


def _declared(ruleset: str, kind: str) -> CardLayout | None:
    from engine.rulesets.registry import RulesetNotFound, get_ruleset

    try:
        return get_ruleset(ruleset).cards.get(kind)
    except RulesetNotFound:
        return None


def has_layout(ruleset: str, kind: str) -> bool:
    return (ruleset, kind) in _LAYOUTS or _declared(ruleset, kind) is not None


def layout_for(ruleset: str, kind: str) -> CardLayout:
    """The registered layout, the ruleset's own, or the plain field list."""
    return _LAYOUTS.get((ruleset, kind)) or _declared(ruleset, kind) or PlainLayout()


def draw_face(painter: QPainter, rect: QRectF, card: CardData, face: int,
              options: CardOptions) -> None:
    """Face `face` of `card` into `rect` (points), by its layout."""
    ink = Ink(painter, rect, ruleset=card.ruleset)
    layout_for(card.ruleset, card.kind).draw_face(ink, card, face, options)


def _q(r: Rect | QRectF) -> QRectF:
    return r if isinstance(r, QRectF) else QRectF(r.x0, r.y0, r.w, r.h)


def _rect(r: QRectF) -> Rect:
    return Rect(r.x(), r.y(), r.width(), r.height())


# --------------------------------------------------------------------------- drawing kit


Cell = str | tuple[str, str]  # text, or (text, mark)


class Ink:
    """engine.cards.CardInk drawn with a QPainter in points for one face: fonts, text with
    marks, tables, boxes. `marks` collects the marks drawn, for the footnote; `say` puts a
    layout's words in the interface's language through `ruleset`'s glossary."""

    def __init__(self, painter: QPainter, rect: QRectF | Rect, pad: float = 7.0, *,
                 ruleset: str | None = None) -> None:
        self.p = painter
        self.qrect = _q(rect)
        self.rect = rect if isinstance(rect, Rect) else _rect(rect)
        self.ruleset = ruleset
        self.lang = current_language()
        self.pad = pad
        self.x0 = rect.left() + pad
        self.x1 = rect.right() - pad
        self.y = rect.top() + pad
        self.marks: set[str] = set()
        device = painter.device()
        #: Fonts are sized for the device's resolution; the painter is scaled to points, so
        #: a font of n points is asked for as n × 72 / dpi.
        self.fscale = 72.0 / device.logicalDpiY() if device is not None else 1.0

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def say(self, text: Any) -> str:
        """`text` (a term, a message, a record) in the card's language (engine.i18n),
        the glossaries' [cards] words first."""
        from engine.i18n import localized

        return localized(text, self.lang, self.ruleset, context="cards")

    # ---- fonts

    def font(self, size: float, *, bold: bool = False, italic: bool = False,
             serif: bool = False) -> QFont:
        """A font of `size` points on the page."""
        f = QFont()
        f.setFamilies(SERIF if serif else SANS)
        f.setPointSizeF(size * self.fscale)
        f.setBold(bold)
        f.setItalic(italic)
        f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        f.setKerning(True)
        return f

    def text_width(self, text: str, font: QFont) -> float:
        return QFontMetricsF(font, self.p.device()).horizontalAdvance(text)

    # ---- text

    def text(self, x: float, y: float, text: str, font: QFont, *,
             color: QColor | str = INK,
             mark: str = "", align: str = "l", width: float = 0.0) -> float:
        """Draw `text` with its baseline at y; returns the x after it (mark included)."""
        size = font.pointSizeF() / self.fscale
        mfont = self.font(size * 0.62, bold=True)
        tw = self.text_width(text, font)
        mw = self.text_width(mark, mfont) + 0.6 if mark else 0.0
        if align == "c":
            x = x + (width - tw - mw) / 2 + mw / 2
        elif align == "r":
            x = x + width - tw - mw
        self.p.setFont(font)
        self.p.setPen(QColor(color))
        self.p.drawText(QPointF(x, y), text)
        end = x + tw
        if mark:
            self.marks.add(mark)
            self.p.setFont(mfont)
            self.p.setPen(HIT if mark == "P" else FAINT)
            self.p.drawText(QPointF(end + 0.6, y - size * 0.38), mark)
            end += mw
        return end

    def fit(self, text: str, font: QFont, width: float) -> str:
        """`text` shortened with an ellipsis to fit `width`."""
        fm = QFontMetricsF(font, self.p.device())
        return fm.elidedText(text, Qt.TextElideMode.ElideRight, width)

    def wrap(self, text: str, font: QFont, width: float) -> list[str]:
        words, lines, cur = text.split(), [], ""
        for w in words:
            trial = f"{cur} {w}".strip()
            if cur and self.text_width(trial, font) > width:
                lines.append(cur)
                cur = w
            else:
                cur = trial
        if cur:
            lines.append(cur)
        return lines

    # ---- shapes

    def fill(self, r: Rect | QRectF, color: QColor | str) -> None:
        """Fill `r` with `color`."""
        self.p.fillRect(_q(r), QColor(color))

    def rule(self, x0: float, y0: float, x1: float, y1: float, *,
             color: QColor | str = RULE, width: float = 0.5, dotted: bool = False) -> None:
        """A straight line from (x0, y0) to (x1, y1)."""
        style = Qt.PenStyle.DotLine if dotted else Qt.PenStyle.SolidLine
        self.p.setPen(QPen(QColor(color), width, style))
        self.p.drawLine(QPointF(x0, y0), QPointF(x1, y1))

    # ---- blocks

    def band(self, title: str, subtitle: str = "", right: str = "", right_mark: str = "",
             height: float = 30.0) -> None:
        """The dark title band across the top of the face."""
        r = QRectF(self.rect.left(), self.rect.top(), self.rect.width(), height)
        self.p.fillRect(r, BAND)
        rf = self.font(7.5, bold=True)
        rw = self.text_width(right, rf) + 8 if right else 0
        size = 11.5
        tf = self.font(size, bold=True, serif=True)
        while size > 8.5 and self.text_width(title, tf) > self.width - rw:
            size -= 0.5
            tf = self.font(size, bold=True, serif=True)
        title = self.fit(title, tf, self.width - rw)
        self.text(self.x0, r.top() + 14.5, title, tf, color=QColor("white"))
        if right:
            self.text(self.x0, r.top() + 13.5, right, rf, color=QColor("#f3ead2"),
                      mark=right_mark, align="r", width=self.width)
        if subtitle:
            sf = self.font(7.0, italic=True)
            self.text(self.x0, r.top() + 25, self.fit(subtitle, sf, self.width), sf,
                      color=QColor("#e5dfcf"))
        self.y = r.bottom() + 5.5

    def notes(self) -> None:
        """Ruled lines for handwritten notes from here down to the footnote (none when
        less than two lines' room is left)."""
        bottom = self.rect.bottom() - 30
        if bottom - self.y < 22:
            return
        self.heading(tr("Notes"))
        self.p.setPen(QPen(RULE, 0.35, Qt.PenStyle.DotLine))
        y = self.y + 11
        while y < bottom:
            self.p.drawLine(QPointF(self.x0, y), QPointF(self.x1, y))
            y += 11

    def heading(self, title: str, mark: str = "", note: str = "") -> None:
        """A small-caps section heading with a rule under it."""
        hf = self.font(7.2, bold=True, serif=True)
        hf.setCapitalization(QFont.Capitalization.SmallCaps)
        hf.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 104)
        self.y += 10.5
        end = self.text(self.x0, self.y, title, hf, mark=mark)
        if note:
            nf = self.font(6.0, italic=True)
            self.text(end + 4, self.y, self.fit(note, nf, self.x1 - end - 4), nf, color=FAINT)
        self.y += 2.2
        self.p.setPen(QPen(RULE, 0.5))
        self.p.drawLine(QPointF(self.x0, self.y), QPointF(self.x1, self.y))
        self.y += 1.5

    def table(self, cols: Sequence[Col], rows: Sequence[Sequence[Cell]], *,
              size: float = 7.0, row_h: float = 9.2, header: bool = True,
              first_bold: bool = False, shade: bool = True, x: float | None = None,
              struck: Sequence[bool] = ()) -> None:
        """A table of cells; a cell is text or (text, mark). Alternate rows are shaded."""
        x = self.x0 if x is None else x
        body = self.font(size)
        bold = self.font(size, bold=True)
        if header:
            hf = self.font(size - 1.0, italic=True)
            self.y += row_h - 2.5
            cx = x
            for c in cols:
                self.text(cx + 1, self.y, c.header, hf, color=FAINT, mark=c.mark,
                          align=c.align, width=c.width - 2)
                cx += c.width
            self.y += 2.0
        total = sum(c.width for c in cols)
        for i, row in enumerate(rows):
            top = self.y
            if shade and i % 2 == 0:
                self.p.fillRect(QRectF(x, top, total, row_h), SHADE)
            base = top + row_h - (row_h - size * 0.72) / 2
            cx = x
            for j, (c, cell) in enumerate(zip(cols, row, strict=False)):
                text, mark = (cell, "") if isinstance(cell, str) else cell
                font = bold if (first_bold and j == 0) else body
                text = self.fit(text, font, c.width - 2 - (4 if mark else 0))
                self.text(cx + 1, base, text, font, mark=mark, align=c.align, width=c.width - 2)
                cx += c.width
            if i < len(struck) and struck[i]:
                self.p.setPen(QPen(HIT, 0.8))
                self.p.drawLine(QPointF(x + 1, top + row_h / 2), QPointF(x + total - 1,
                                                                         top + row_h / 2))
            self.y += row_h

    def label_column(self, *labels: str, minimum: float = 48.0) -> float:
        """The width a column of `boxes` rows needs so every box starts past the widest
        label (a translated label can be far longer than the English one)."""
        lf = self.font(6.6, bold=True)
        return max(minimum, 4.0 + max((self.text_width(t, lf) for t in labels), default=0.0))

    def boxes(self, label: str, n: int, filled: int = 0, *, size: float = 7.0,
              per_row: int = 12, gap: float = 1.6, label_w: float = 48.0) -> None:
        """A row of tick boxes after a label; the first `filled` are crossed out."""
        lf = self.font(6.6, bold=True)
        self.y += size + 3.0
        self.text(self.x0, self.y - 0.8, label, lf)
        x = self.x0 + label_w
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        for i in range(n):
            if i and i % per_row == 0:
                self.y += size + gap
                x = self.x0 + label_w
            self._tick_box(QRectF(x, self.y - size, size, size), i < filled)
            x += size + gap

    def check(self, x: float, label: str, on: bool, *, size: float = 7.0,
              label_size: float = 6.6, fill: QColor | str | None = None) -> float:
        """A tick box (crossed when `on`, filled with `fill`) and its label on the current
        line at x; returns the x after the label."""
        self.p.setBrush(Qt.BrushStyle.NoBrush if fill is None else QColor(fill))
        self._tick_box(QRectF(x, self.y - size, size, size), on)
        return self.text(x + size + 2, self.y - 0.6, label, self.font(label_size))

    def checks(self, items: Sequence[tuple[str, bool]], *, line: float = 9.0,
               gap: float = 6.0, indent: float = 0.0, size: float = 7.0,
               label_size: float = 6.6, fill: QColor | str | None = None) -> None:
        """Tick boxes with labels on a new line, flowed onto the next line (at `indent`)
        where one would run past the card's edge, as a translated label may."""
        self.y += line
        x = start = self.x0 + indent
        lf = self.font(label_size)
        for label, on in items:
            if x > start and x + size + 2 + self.text_width(label, lf) > self.x1:
                self.y += line
                x = start
            x = self.check(x, label, on, size=size, label_size=label_size, fill=fill) + gap

    def _tick_box(self, r: QRectF, crossed: bool) -> None:
        self.p.setPen(QPen(INK, 0.6))
        self.p.drawRect(r)
        if crossed:
            self.p.setPen(QPen(HIT, 1.0))
            self.p.drawLine(r.topLeft(), r.bottomRight())
            self.p.drawLine(r.topRight(), r.bottomLeft())

    def tiles(self, n: int, height: float, *, per_row: int = 0, gap: float = 3.0,
              pen: float = 0.9) -> list[Rect]:
        """`n` boxed value tiles across the face from here, `per_row` a row (all in one
        row by default); the rectangles to write each value and label in. The line moves
        below them."""
        per = per_row or n
        w = (self.width - gap * (per - 1)) / per
        top = self.y + 1
        rects = []
        for i in range(n):
            row, col = divmod(i, per)
            rects.append(self.tile(Rect(self.x0 + col * (w + gap), top + row * (height + gap),
                                          w, height), pen=pen))
        rows = (n + per - 1) // per
        self.y = top + rows * height + (rows - 1) * gap + 1
        return rects

    def tile(self, r: Rect, *, pen: float = 0.9) -> Rect:
        """One boxed value tile (a rounded box on a light fill); returns `r`."""
        self.p.setPen(QPen(BAND, pen))
        self.p.setBrush(TILE)
        self.p.drawRoundedRect(_q(r), 2.5, 2.5)
        return r

    def line(self, text: str, *, size: float = 7.0, mark: str = "", bold: bool = False,
             italic: bool = False, color: QColor | str = INK, label: str = "",
             label_w: float = 0.0) -> None:
        """One line of text (wrapped when long), with an optional bold label before it."""
        font = self.font(size, bold=bold, italic=italic)
        lines = self.wrap(text, font, self.width - label_w) or [""]
        for i, ln in enumerate(lines):
            self.y += size + 2.0
            if label and i == 0:
                self.text(self.x0, self.y, label, self.font(size, bold=True))
            last = i == len(lines) - 1
            self.text(self.x0 + label_w, self.y, ln, font, color=color,
                      mark=mark if last else "")

    def footnote(self, extra: str = "") -> None:
        """The marks used on this face, explained, at the bottom of the face."""
        lines, y = self.footnote_lines(extra)
        if not lines:
            return
        f = self.font(5.6, italic=True)
        self.p.setPen(QPen(RULE, 0.4))
        self.p.drawLine(QPointF(self.x0, y - 7.5), QPointF(self.x1, y - 7.5))
        for ln in lines:
            self.text(self.x0, y, ln, f, color=FAINT)
            y += 6.6

    def footnote_lines(self, extra: str = "") -> tuple[list[str], float]:
        """The footnote's lines and its first baseline (its rule is 7.5 pt above): the
        face's content must end above that rule."""
        parts = [f"{m} {tr(MARK_TEXT[m])}" for m in ("d", "P") if m in self.marks]
        if extra:
            parts.append(extra)
        if not parts:
            return [], self.rect.bottom() - self.pad
        text = "; ".join(parts) + (tr(" — replace with your group's values.") if self.marks
                                   else "")
        lines = self.wrap(text, self.font(5.6, italic=True), self.width)
        return lines, self.rect.bottom() - self.pad + 1.5 - (len(lines) - 1) * 6.6

    def frame(self) -> None:
        """The face's outline (also the cutting line)."""
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(QPen(INK, 0.75))
        self.p.drawRect(self.qrect)

    def fill_background(self) -> None:
        self.p.fillRect(self.qrect, QBrush(PAPER))
