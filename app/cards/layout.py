"""Card layouts: a registry keyed by (ruleset id, profile kind), and the drawing kit they share.

Every card is made of faces of one size, a poker card (2.5" × 3.5" = 180 × 252 pt), so a
sheet is a regular grid, a sleeve holds one face, and a card with more to say (a
vehicle's) has two faces printed side by side to fold back to back. A layout says
how many faces it has and draws face `i` into a rectangle in points; it never knows about
pages. Rulesets without a layout of their own get `PlainLayout` (fields as a list).

Numbers that are not from the rules carry a small mark drawn as a superscript — "d" for a
demo value, "P" for a PROPOSED default — and each face ends with a footnote saying what
the marks present on it mean, so a group knows what it may replace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from PySide6.QtCore import QT_TR_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from app.i18n import loc, tr

__all__ = ["FACE_W", "FACE_H", "CardData", "CardOptions", "CardLayout", "register_layout",
           "layout_for", "has_layout", "Ink", "PlainLayout", "MARK_TEXT", "Col"]

#: A card face: poker size, 2.5" × 3.5", in points.
FACE_W = 180.0
FACE_H = 252.0

MARK_TEXT = {
    "d": QT_TR_NOOP("demo value, not from the rules"),
    "P": QT_TR_NOOP("PROPOSED default, not from the rules"),
}
INK = QColor("#1c1a17")
RULE = QColor("#8a8478")
SHADE = QColor("#ece8df")
BAND = QColor("#3b4a3f")
FAINT = QColor("#6d675c")
HIT = QColor("#9c2b22")
TILE = QColor("#f4f0e6")
PAPER = QColor("#fffdf8")

SANS = ["DejaVu Sans Condensed", "DejaVu Sans", "Nimbus Sans Narrow", "Arial Narrow",
        "Liberation Sans Narrow", "Helvetica"]
SERIF = ["C059", "Century Schoolbook", "DejaVu Serif", "Georgia", "Times New Roman"]


@dataclass(frozen=True, slots=True)
class CardOptions:
    """`tallies`: print boxes to tick wounds, suppression, ammunition; `state`: fill them
    (and show crew losses, damaged systems) from the unit's markers and state."""

    tallies: bool = True
    state: bool = True


@dataclass(frozen=True, slots=True)
class CardData:
    """What a card shows: a library or scenario record, and optionally a unit on the table
    (its name, markers and state). `related` holds records the card reads besides its own
    (a character's weapons by id); `metres_per_inch` converts distances."""

    ruleset: str
    kind: str
    id: str
    record: Mapping[str, Any]
    related: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    unit_name: str | None = None
    markers: Mapping[str, Any] = field(default_factory=dict)
    state: Mapping[str, Any] = field(default_factory=dict)
    metres_per_inch: float | None = None
    #: the game's rules readings (ruleset option id → value; engine.readings), so a card
    #: prints what this game plays (an empty mapping: the ruleset's defaults)
    readings: Mapping[str, Any] = field(default_factory=dict)
    #: a group's card (kind "group:<group kind>"): the scenario's Group, and the cards'
    #: data of its unit members in order (their records, names, markers and state)
    group: Any = None
    members: tuple[CardData, ...] = ()
    #: the unit on the table the card is for (None: a library record, or a group)
    unit_id: str | None = None
    #: a group's card: its commander's card data (a unit, a member of it or not)
    leader: CardData | None = None
    #: a group's card: every unit under it still on the table, nested groups flattened
    #: (a platoon's fighters through its squads); `record["fighters"]` lists them all,
    #: those gone included, and `record["subgroups"]` its member groups
    units: tuple[CardData, ...] = ()

    @property
    def title(self) -> str:
        return loc(self.record) if self.record.get("name") else str(self.id)

    @property
    def has_unit(self) -> bool:
        return self.unit_name is not None


class CardLayout(Protocol):
    faces: int

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None: ...


_LAYOUTS: dict[tuple[str, str], CardLayout] = {}


def register_layout(ruleset: str, kind: str, layout: CardLayout) -> None:
    """Make `layout` draw the cards of `kind` profiles of `ruleset`."""
    _LAYOUTS[(ruleset, kind)] = layout


def has_layout(ruleset: str, kind: str) -> bool:
    _load_builtin()
    return (ruleset, kind) in _LAYOUTS


def layout_for(ruleset: str, kind: str) -> CardLayout:
    """The registered layout, or the plain field list."""
    _load_builtin()
    return _LAYOUTS.get((ruleset, kind), PlainLayout())


_discovered = False


def _load_builtin() -> None:
    """Register the layouts of every module of app.cards.rulesets (once)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import importlib
    import pkgutil

    from . import rulesets as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        for (ruleset, kind), layout in getattr(module, "LAYOUTS", {}).items():
            _LAYOUTS.setdefault((ruleset, kind), layout)


# --------------------------------------------------------------------------- drawing kit


@dataclass(frozen=True, slots=True)
class Col:
    """A table column: width in points, alignment, header text and its mark."""

    width: float
    header: str = ""
    align: str = "c"
    mark: str = ""


Cell = str | tuple[str, str]  # text, or (text, mark)


class Ink:
    """Drawing helpers in points for one face: fonts, text with marks, tables, boxes.
    `marks` collects the marks drawn, for the footnote."""

    def __init__(self, painter: QPainter, rect: QRectF, pad: float = 7.0) -> None:
        self.p = painter
        self.rect = rect
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

    def text(self, x: float, y: float, text: str, font: QFont, *, color: QColor = INK,
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
        self.p.setPen(color)
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
              label_size: float = 6.6, fill: QColor | None = None) -> float:
        """A tick box (crossed when `on`, filled with `fill`) and its label on the current
        line at x; returns the x after the label."""
        self.p.setBrush(Qt.BrushStyle.NoBrush if fill is None else fill)
        self._tick_box(QRectF(x, self.y - size, size, size), on)
        return self.text(x + size + 2, self.y - 0.6, label, self.font(label_size))

    def _tick_box(self, r: QRectF, crossed: bool) -> None:
        self.p.setPen(QPen(INK, 0.6))
        self.p.drawRect(r)
        if crossed:
            self.p.setPen(QPen(HIT, 1.0))
            self.p.drawLine(r.topLeft(), r.bottomRight())
            self.p.drawLine(r.topRight(), r.bottomLeft())

    def tiles(self, n: int, height: float, *, per_row: int = 0, gap: float = 3.0,
              pen: float = 0.9) -> list[QRectF]:
        """`n` boxed value tiles across the face from here, `per_row` a row (all in one
        row by default); the rectangles to write each value and label in. The line moves
        below them."""
        per = per_row or n
        w = (self.width - gap * (per - 1)) / per
        top = self.y + 1
        rects = []
        for i in range(n):
            row, col = divmod(i, per)
            rects.append(self.tile(QRectF(self.x0 + col * (w + gap), top + row * (height + gap),
                                          w, height), pen=pen))
        rows = (n + per - 1) // per
        self.y = top + rows * height + (rows - 1) * gap + 1
        return rects

    def tile(self, r: QRectF, *, pen: float = 0.9) -> QRectF:
        """One boxed value tile (a rounded box on a light fill); returns `r`."""
        self.p.setPen(QPen(BAND, pen))
        self.p.setBrush(TILE)
        self.p.drawRoundedRect(r, 2.5, 2.5)
        return r

    def line(self, text: str, *, size: float = 7.0, mark: str = "", bold: bool = False,
             italic: bool = False, color: QColor = INK, label: str = "",
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
        parts = [f"{m} {tr(MARK_TEXT[m])}" for m in ("d", "P") if m in self.marks]
        if extra:
            parts.append(extra)
        if not parts:
            return
        f = self.font(5.6, italic=True)
        text = "; ".join(parts) + (tr(" — replace with your group's values.") if self.marks
                                   else "")
        lines = self.wrap(text, f, self.width)
        y = self.rect.bottom() - self.pad + 1.5 - (len(lines) - 1) * 6.6
        self.p.setPen(QPen(RULE, 0.4))
        self.p.drawLine(QPointF(self.x0, y - 7.5), QPointF(self.x1, y - 7.5))
        for ln in lines:
            self.text(self.x0, y, ln, f, color=FAINT)
            y += 6.6

    def frame(self) -> None:
        """The face's outline (also the cutting line)."""
        self.p.setBrush(Qt.BrushStyle.NoBrush)
        self.p.setPen(QPen(INK, 0.75))
        self.p.drawRect(self.rect)

    def fill_background(self) -> None:
        self.p.fillRect(self.rect, QBrush(PAPER))


def signed(v: Any) -> str:
    """+2 / 0 / −1 with a true minus sign, as a rulebook prints modifiers."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return str(v)
    n = int(v) if float(v).is_integer() else v
    return f"+{n}" if n > 0 else (f"−{abs(n)}" if n < 0 else "0")


def num(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "—" if v is None else str(v)


# --------------------------------------------------------------------------- fallback


class PlainLayout:
    """Any record as a list of its fields: the card a ruleset gets before it has a layout."""

    faces = 1

    def draw_face(self, painter: QPainter, rect: QRectF, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink = Ink(painter, rect)
        ink.fill_background()
        ink.band(card.unit_name or card.title, f"{card.ruleset} · {card.kind} · {card.id}")
        demo = bool(card.record.get("demo"))
        seed = set(card.record.get("from_seed") or ())
        proposed = set(card.record.get("proposed") or ())
        for key, value in card.record.items():
            if key in ("name", "demo", "from_seed", "proposed", "note"):
                continue
            if isinstance(value, Mapping):
                value = ", ".join(f"{k} {v}" for k, v in value.items())
            elif isinstance(value, list | tuple):
                value = ", ".join(str(v) for v in value)
            mark = "P" if key in proposed else ("d" if demo and key not in seed
                                                and isinstance(value, int | float) else "")
            ink.line(num(value), label=key.replace("_", " "), label_w=62, mark=mark)
            if ink.y > rect.bottom() - 30:
                break
        ink.footnote()
        ink.frame()
