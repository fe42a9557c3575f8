"""How the board looks: colours, pens and stacking order per terrain kind and per side,
and the badges the rulesets declare for markers and state.

Presentation only — nothing here decides a rule. Colours were chosen to stay apart on screen
and on a grey-scale print: light table, mid-tone area terrain, dark buildings, saturated sides.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPen

if TYPE_CHECKING:
    from engine.protocol.vocabulary import BadgeLook, Vocabulary

# --- the table ------------------------------------------------------------------------------

OFF_TABLE = QColor("#3a3f46")
TABLE = QColor("#e4e6d3")
TABLE_EDGE = QColor("#2b2f33")
GRID_INCH = QColor("#cfd3bb")
GRID_FOOT = QColor("#9ea58a")
#: Inch lines closer than this many pixels would grey the table out, so they are left out.
MIN_INCH_SPACING_PX = 5.0


def cosmetic_pen(colour: QColor | str, width_px: float = 1.0,
                 style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen measured in screen pixels, so lines stay thin at any zoom."""
    pen = QPen(QColor(colour), width_px, style)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


# --- terrain --------------------------------------------------------------------------------

#: Stacking order. The road lies under everything, then ground cover, then things that stand
#: up from the table (woods, buildings), then the line obstacles, then units on top.
Z_ROAD = 0.0
Z_HILL = 1.0
Z_GROUND = 2.0  # water, rough, crops
Z_WORKS = 3.0  # trench, fortification
Z_WOODS = 4.0
Z_BUILDING = 5.0
Z_LINE = 6.0  # wall, hedge
Z_UNIT = 10.0
Z_OVERLAY = 20.0  # later tools draw above units


@dataclass(frozen=True, slots=True)
class TerrainStyle:
    """The look of one terrain kind. `texture` names a decoration the item draws in inches."""

    fill: QColor
    edge: QColor
    z: float
    edge_px: float = 1.0
    texture: str | None = None  # "trees", "contours", "ridge", "rows", "stones", "hatch", ...
    mark: QColor | None = None  # colour of the texture marks


def _style(fill: str, edge: str, z: float, edge_px: float = 1.0, texture: str | None = None,
           mark: str | None = None, alpha: int = 255) -> TerrainStyle:
    f = QColor(fill)
    f.setAlpha(alpha)
    return TerrainStyle(f, QColor(edge), z, edge_px, texture, QColor(mark) if mark else None)


TERRAIN_STYLES: dict[str, TerrainStyle] = {
    # No outline: crossing roads merge into one junction.
    "road": _style("#d6bd92", "#b39668", Z_ROAD, edge_px=0.0),
    # A hill is the ground itself: translucent so a road over it still shows.
    "hill": _style("#c9b27e", "#8f7745", Z_HILL, 1.2, "contours", "#9c8452", alpha=170),
    "water": _style("#86b7dd", "#3d78a8", Z_GROUND, 1.5, "waves", "#5f98c6"),
    "rough": _style("#c4bc96", "#8b8462", Z_GROUND, 1.0, "stones", "#7d7556"),
    "crops": _style("#e6d582", "#a99844", Z_GROUND, 1.0, "rows", "#b9a54a"),
    "trench": _style("#8e6e4b", "#4f3a25", Z_WORKS, 2.0, "zigzag", "#3e2d1c"),
    "fortification": _style("#a3a39c", "#4b4b47", Z_WORKS, 2.5, "hatch", "#6c6c66"),
    "woods": _style("#98b677", "#4d7434", Z_WOODS, 1.2, "trees", "#4f7f37"),
    "building": _style("#5e4c43", "#241c18", Z_BUILDING, 1.5, "ridge", "#8a7468"),
    "wall": _style("#8f8f8a", "#3f3f3c", Z_LINE, 1.0),
    "hedge": _style("#4f7f37", "#2b4a1d", Z_LINE, 1.0),
    "railway": _style("#8a8178", "#3b3632", Z_ROAD, 1.0, "hatch", "#3b3632"),
}
#: A kind the board does not know yet still shows, as a neutral outlined area.
UNKNOWN_TERRAIN = _style("#c8c8c8", "#555555", Z_GROUND, 1.0, alpha=180)


def terrain_style(kind: str) -> TerrainStyle:
    return TERRAIN_STYLES.get(kind, UNKNOWN_TERRAIN)


# --- sides ----------------------------------------------------------------------------------

#: Colours handed, in order, to sides no ruleset names (Tableau 10, minus the red and blue
#: the rulesets' own sides take).
SIDE_PALETTE: tuple[str, ...] = (
    "#59a14f", "#f28e2b", "#b07aa1", "#76b7b2", "#edc948", "#9c755f", "#ff9da7", "#4e79a7",
)
UNIT_TEXT = QColor("#111418")
LABEL_BACK = QColor(255, 255, 255, 200)
FACING_MARK = QColor("#ffffff")
TURRET = QColor("#15181c")


class SidePalette:
    """Colours per side: fixed for the sides the rulesets name, then handed out in order.

    Handing out in order of first appearance keeps two unknown sides of one scenario apart,
    which hashing names could not promise.
    """

    def __init__(self) -> None:
        self._given: dict[str, QColor] = {}

    def colour(self, side: str) -> QColor:
        key = side.strip().lower()
        if key in KNOWN_SIDES:
            return QColor(KNOWN_SIDES[key])
        if key not in self._given:
            used = {c.name() for c in self._given.values()}
            free = [c for c in SIDE_PALETTE if c not in used]
            pick = free[0] if free else SIDE_PALETTE[zlib.crc32(key.encode()) % len(SIDE_PALETTE)]
            self._given[key] = QColor(pick)
        return QColor(self._given[key])


def edge_of(fill: QColor) -> QColor:
    """A darker outline of the same hue, so a base reads against any terrain."""
    return fill.darker(190)


# --- marker badges --------------------------------------------------------------------------


class Declared(Mapping[str, Any]):
    """What the rulesets declare for the board (engine.protocol.vocabulary): the badges of
    markers or unit state keys (text, colour, counted …, in row order) or the sides'
    colours, over every discovered ruleset; read when first asked, so importing this
    module loads no ruleset. The board keeps no list of its own: a key no ruleset declares
    gets a plain badge, a side no ruleset names a palette colour."""

    def __init__(self, which: str) -> None:
        self._which = which
        self._seen: tuple[Vocabulary, ...] = ()
        self._made: Mapping[str, Any] = {}

    def _table(self) -> Mapping[str, Any]:
        """The table, made again only when the registered rulesets change (a board
        refresh asks per unit)."""
        from engine.protocol import vocabulary
        from engine.rulesets.registry import list_rulesets

        now = tuple(rs.vocabulary for rs in list_rulesets())
        if len(now) != len(self._seen) or any(
                a is not b for a, b in zip(now, self._seen, strict=True)):
            made = {"markers": vocabulary.marker_badges, "unit_state": vocabulary.state_badges,
                    "sides": vocabulary.side_colours}[self._which]
            self._seen, self._made = now, made(now)
        return self._made

    def __getitem__(self, key: str) -> Any:
        return self._table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


#: Badges beside a unit's base for its markers: marker → BadgeLook (text, colour, shows its
#: count). A counted marker reads "S2"; a flag (1 or true) shows its text alone.
MARKER_BADGES: Mapping[str, BadgeLook] = Declared("markers")
#: Per-unit state shown as badges (wounds taken, hit points left …): key → BadgeLook.
STATE_BADGES: Mapping[str, BadgeLook] = Declared("unit_state")
#: Sides the rulesets name (their `Vocabulary.sides`): side → "#rrggbb" (SidePalette).
KNOWN_SIDES: Mapping[str, str] = Declared("sides")
UNKNOWN_BADGE = "#4a4f57"
#: Colours of the badges a ruleset declares for a unit's state (engine.board_rules.TONES).
TONE_BADGES: dict[str, str] = {"damage": "#b5491f", "loss": "#8c1d18", "out": "#26282b",
                               "info": "#3d6a8c", "warning": "#c77d00"}
BADGE_TEXT = QColor("#ffffff")
BADGE_EDGE = QColor(0, 0, 0, 140)
