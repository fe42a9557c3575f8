"""Printed unit cards, the part without Qt: what a card shows (`CardData`), the drawing kit a
layout writes with (`CardInk`), and how a ruleset brings its layouts (`Ruleset.cards`).

A ruleset's card layouts live in its own package (engine/rulesets/<id>/cards.py) and are
declared on its `Ruleset` as `cards={profile kind: layout}`; a group's card is declared
under "group:<group kind>". A layout says how many faces it has and draws face `i` with
the `CardInk` it is given — text, tables, tick boxes, tiles, rules and fills, in points —
so it never touches a painter: the app (app/cards) gives it an ink that draws with Qt,
measures text with Qt's font metrics, and places the faces on pages.

Colours are "#rrggbb" strings (the kit's named ones below); fonts are what `ink.font()`
returns, to be handed back to the ink unopened. Texts are drawn as given: a layout puts
its words through `ink.say()` (the ruleset's glossary in the card's language, its [cards]
table first) and builds texts with numbers as `engine.i18n.msg` messages.

Numbers that are not from the rules carry a small mark drawn as a superscript — "d" for a
demo value, "P" for a PROPOSED default — and each face ends with a footnote saying what
the marks present on it mean, so a group knows what it may replace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["FACE_W", "FACE_H", "CardData", "CardOptions", "CardLayout", "CardInk", "Rect", "Point",
           "Col", "Cell", "Font", "INK", "RULE", "SHADE", "BAND", "FAINT", "HIT", "TILE",
           "PAPER", "WHITE", "group_kind", "signed", "num", "mark_of", "proposed_mark",
           "card_title", "PlainLayout"]

#: A card face: poker size, 2.5" × 3.5", in points.
FACE_W = 180.0
FACE_H = 252.0

INK = "#1c1a17"
RULE = "#8a8478"
SHADE = "#ece8df"
BAND = "#3b4a3f"
FAINT = "#6d675c"
HIT = "#9c2b22"
TILE = "#f4f0e6"
PAPER = "#fffdf8"
WHITE = "#ffffff"

#: a font as the ink made it (`CardInk.font`): opaque to a layout
Font = Any


@dataclass(frozen=True, slots=True)
class Point:
    """A point in points on the page."""

    px: float
    py: float

    def x(self) -> float:
        return self.px

    def y(self) -> float:
        return self.py


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle in points on the page (x, y the top-left corner)."""

    x0: float
    y0: float
    w: float
    h: float

    def x(self) -> float:
        return self.x0

    def y(self) -> float:
        return self.y0

    def left(self) -> float:
        return self.x0

    def top(self) -> float:
        return self.y0

    def right(self) -> float:
        return self.x0 + self.w

    def bottom(self) -> float:
        return self.y0 + self.h

    def width(self) -> float:
        return self.w

    def height(self) -> float:
        return self.h

    def center(self) -> Point:
        return Point(self.x0 + self.w / 2, self.y0 + self.h / 2)

    def adjusted(self, dx0: float, dy0: float, dx1: float, dy1: float) -> Rect:
        return Rect(self.x0 + dx0, self.y0 + dy0, self.w - dx0 + dx1, self.h - dy0 + dy1)


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
        """The record's English name, else its id (a layout prints `ink.say(record)`)."""
        from engine.i18n import localized

        return localized(self.record, "en", self.ruleset) if self.record.get("name") \
            else str(self.id)

    @property
    def has_unit(self) -> bool:
        return self.unit_name is not None


def group_kind(kind: str) -> str:
    """The card kind of a group of `kind` (a ruleset declares "group:company" etc.)."""
    return f"group:{kind}"


@dataclass(frozen=True, slots=True)
class Col:
    """A table column: width in points, alignment, header text and its mark."""

    width: float
    header: str = ""
    align: str = "c"
    mark: str = ""


Cell = str | tuple[str, str]  # text, or (text, mark)


class CardInk(Protocol):
    """The drawing kit of one face, in points. `x0`/`x1` are the text margins, `y` the
    current line (each block draws below it and moves it down); `marks` collects the marks
    drawn, for the footnote; `lang` is the card's language."""

    rect: Rect
    pad: float
    x0: float
    x1: float
    y: float
    marks: set[str]
    lang: str

    @property
    def width(self) -> float: ...

    # ---- words and fonts
    def say(self, text: Any) -> str:
        """`text` (a term, a `msg`, a record with its names) in the card's language,
        through the card's ruleset's glossary."""
        ...

    def font(self, size: float, *, bold: bool = False, italic: bool = False,
             serif: bool = False) -> Font: ...

    def text_width(self, text: str, font: Font) -> float: ...

    def fit(self, text: str, font: Font, width: float) -> str:
        """`text` shortened with an ellipsis to fit `width`."""
        ...

    def wrap(self, text: str, font: Font, width: float) -> list[str]: ...

    # ---- drawing
    def text(self, x: float, y: float, text: str, font: Font, *, color: str = INK,
             mark: str = "", align: str = "l", width: float = 0.0) -> float:
        """Draw `text` with its baseline at y; returns the x after it (mark included)."""
        ...

    def fill(self, r: Rect, color: str) -> None:
        """Fill `r` with `color` (a shaded band behind a row)."""
        ...

    def rule(self, x0: float, y0: float, x1: float, y1: float, *, color: str = RULE,
             width: float = 0.5, dotted: bool = False) -> None:
        """A straight line from (x0, y0) to (x1, y1)."""
        ...

    # ---- blocks
    def band(self, title: str, subtitle: str = "", right: str = "", right_mark: str = "",
             height: float = 30.0) -> None:
        """The dark title band across the top of the face."""
        ...

    def heading(self, title: str, mark: str = "", note: str = "") -> None:
        """A small-caps section heading with a rule under it."""
        ...

    def table(self, cols: Sequence[Col], rows: Sequence[Sequence[Cell]], *,
              size: float = 7.0, row_h: float = 9.2, header: bool = True,
              first_bold: bool = False, shade: bool = True, x: float | None = None,
              struck: Sequence[bool] = ()) -> None:
        """A table of cells; a cell is text or (text, mark). Alternate rows are shaded."""
        ...

    def label_column(self, *labels: str, minimum: float = 48.0) -> float:
        """The `label_w` that starts every row's boxes past the widest of `labels`."""
        ...

    def boxes(self, label: str, n: int, filled: int = 0, *, size: float = 7.0,
              per_row: int = 12, gap: float = 1.6, label_w: float = 48.0) -> None:
        """A row of tick boxes after a label; the first `filled` are crossed out."""
        ...

    def check(self, x: float, label: str, on: bool, *, size: float = 7.0,
              label_size: float = 6.6, fill: str | None = None) -> float:
        """A tick box (crossed when `on`, filled with `fill`) and its label on the current
        line at x; returns the x after the label."""
        ...

    def checks(self, items: Sequence[tuple[str, bool]], *, line: float = 9.0,
               gap: float = 6.0, indent: float = 0.0, size: float = 7.0,
               label_size: float = 6.6, fill: str | None = None) -> None:
        """(label, on) tick boxes on a new line `line` down, flowed onto further lines at
        `indent` where one would run past the card's edge."""
        ...

    def tiles(self, n: int, height: float, *, per_row: int = 0, gap: float = 3.0,
              pen: float = 0.9) -> list[Rect]:
        """`n` boxed value tiles across the face from here; the rectangles to write each
        value and label in. The line moves below them."""
        ...

    def tile(self, r: Rect, *, pen: float = 0.9) -> Rect:
        """One boxed value tile (a rounded box on a light fill); returns `r`."""
        ...

    def line(self, text: str, *, size: float = 7.0, mark: str = "", bold: bool = False,
             italic: bool = False, color: str = INK, label: str = "",
             label_w: float = 0.0) -> None:
        """One line of text (wrapped when long), with an optional bold label before it."""
        ...

    def notes(self) -> None:
        """Ruled lines for handwritten notes down to the footnote."""
        ...

    def footnote(self, extra: str = "") -> None:
        """The marks used on this face, explained, at the bottom of the face."""
        ...

    def frame(self) -> None:
        """The face's outline (also the cutting line)."""
        ...

    def fill_background(self) -> None: ...


class CardLayout(Protocol):
    """A card of `faces` faces; `draw_face` draws face `face` (0 …) of `card`."""

    faces: int

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None: ...


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


def proposed_mark(rec: Mapping[str, Any], key: str) -> str:
    """"P" for a field the record lists as proposed, "" otherwise (no demo marks)."""
    return "P" if key in (rec.get("proposed") or ()) else ""


def card_title(ink: CardInk, card: CardData) -> str:
    """The record's name in the card's language, else the card's id."""
    return ink.say(card.record) if card.record.get("name") else str(card.id)


def mark_of(rec: Mapping[str, Any], key: str) -> str:
    """"P" for a field the record lists as proposed, "d" for a demo record's field that is
    not from the seed, "" otherwise."""
    if key in (rec.get("proposed") or ()):
        return "P"
    if rec.get("demo") and key not in (rec.get("from_seed") or ()):
        return "d"
    return ""


class PlainLayout:
    """Any record as a list of its fields: the card a ruleset gets before it has a layout."""

    faces = 1

    def draw_face(self, ink: CardInk, card: CardData, face: int,
                  options: CardOptions) -> None:
        ink.fill_background()
        ink.band(card.unit_name or card_title(ink, card),
                 f"{card.ruleset} · {card.kind} · {card.id}")
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
            if ink.y > ink.rect.bottom() - 30:
                break
        ink.footnote()
        ink.frame()
