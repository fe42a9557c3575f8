"""Graphics items for terrain pieces and units, in table inches (1 scene unit = 1 inch).

Items are views of the model (napari style): each reads its TerrainPiece or Unit and draws
it; none holds a rule. Decorations (trees, contours, crop rows) are laid out in inches once,
when the item is built, so a repaint only strokes ready-made paths.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from app.i18n import current_language, loc, profile_name, side_text, tr

from . import style
from .badges import Badge, BadgeItem, badges_for
from .paths import geometry_path

if TYPE_CHECKING:
    import numpy as np

    from engine.scenario import Unit
    from geometry.terrain import TerrainPiece

#: Room around an item's outline for its cosmetic (pixel-wide) pens, in inches.
PEN_MARGIN_IN = 0.25


# --- decorations, laid out in inches --------------------------------------------------------

def _rng(key: str) -> np.random.Generator:
    """A generator seeded by the piece's id: the same wood looks the same every time."""
    import numpy as np
    return np.random.default_rng(zlib.crc32(key.encode()))


def circles_path(centres: np.ndarray, radii: np.ndarray) -> QPainterPath:
    path = QPainterPath()
    for (x, y), r in zip(centres, radii, strict=True):
        path.addEllipse(QPointF(x, y), r, r)
    return path


# --- terrain --------------------------------------------------------------------------------

class TerrainItem(QGraphicsItem):
    """One terrain piece drawn by kind: its area (walls and hedges: the line buffered to its
    thickness) filled and outlined, plus the kind's decoration."""

    def __init__(self, piece: TerrainPiece) -> None:
        super().__init__()
        self.piece = piece
        self.style = style.terrain_style(piece.kind)
        self.setZValue(self.style.z)
        self.retranslate()
        self._build()

    def retranslate(self) -> None:
        """Word the tooltip in the current language (again after a language switch:
        app.relocalize keeps the board)."""
        piece = self.piece
        self.setToolTip(tr("{name} — {kind}").format(name=piece.name or piece.id,
                                                    kind=tr(piece.kind)))

    def _build(self) -> None:
        from geometry import drawn
        piece, st = self.piece, self.style
        area, self._stroke_only = drawn.piece_area(piece)
        self.area = area
        self._path = geometry_path(area)
        self.dots = QPainterPath()  # filled decorations: trees, stones
        self.marks = QPainterPath()  # stroked decorations
        if self._stroke_only or area.is_empty:
            pass
        elif st.texture == "trees":
            rng = _rng(piece.id)
            centres = drawn.scattered_points(area, spacing=1.1, inset=0.45, rng=rng)
            self.dots = circles_path(centres, rng.uniform(0.35, 0.5, len(centres)))
        elif st.texture == "stones":
            rng = _rng(piece.id)
            centres = drawn.scattered_points(area, spacing=1.3, inset=0.2, rng=rng)
            self.dots = circles_path(centres, rng.uniform(0.08, 0.16, len(centres)))
        elif st.texture == "contours":
            self.marks = geometry_path(drawn.contour_rings(area))
        elif st.texture == "waves":
            self.marks = geometry_path(drawn.contour_rings(area, step=0.5, most=1))
        elif st.texture == "ridge":
            self.marks = geometry_path(drawn.roof_lines(area))
        elif st.texture == "rows":
            self.marks = geometry_path(drawn.parallel_lines(area, 0.5, drawn.long_axis_angle(area)))
        elif st.texture == "hatch":
            self.marks = geometry_path(drawn.parallel_lines(area, 0.5, 45.0))
        elif st.texture == "zigzag":
            self.marks = geometry_path(drawn.zigzag_lines(area, 0.6))
        self._bounds = self._path.boundingRect().adjusted(
            -PEN_MARGIN_IN, -PEN_MARGIN_IN, PEN_MARGIN_IN, PEN_MARGIN_IN)
        # The board draws the terrain with its background (BoardScene.drawBackground), which
        # the view caches as one picture: a repaint under an overlay that spans the board
        # (threat lines, arcs) blits it, and a zoom draws every piece straight into it
        # instead of drawing each into a pixmap of its own first, which a wheel step
        # paid for every piece. The item stays for what items give: its shape for picking,
        # its tooltip, its place in the scene.
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._path

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value):
        """Moved (a piece dragged whole) or shown/hidden: the background it is drawn in
        is redrawn where it was and where it is."""
        moved = (QGraphicsItem.GraphicsItemChange.ItemPositionChange,
                 QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
                 QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged)
        if change in moved:
            self.redraw_background()
        return super().itemChange(change, value)

    def redraw_background(self) -> None:
        """Have the scene's background (which this piece is drawn in) redrawn under it."""
        scene = self.scene()
        if scene is not None:
            scene.invalidate(self.sceneBoundingRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        """Not called (the item has no contents of its own): see `draw`."""
        self.draw(painter)

    def draw(self, painter: QPainter) -> None:
        """Draw the piece in its own coordinates (the scene's background calls it)."""
        st = self.style
        if self._stroke_only:
            painter.setPen(style.cosmetic_pen(st.fill, 3.0))
            painter.drawPath(self._path)
            return
        if st.edge_px > 0:
            painter.setPen(style.cosmetic_pen(st.edge, st.edge_px))
        else:
            painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(st.fill))
        painter.drawPath(self._path)
        mark = st.mark or st.edge
        if not self.dots.isEmpty():
            painter.setPen(style.cosmetic_pen(mark.darker(140), 1.0))
            painter.setBrush(QBrush(mark))
            painter.drawPath(self.dots)
        if not self.marks.isEmpty():
            painter.setPen(style.cosmetic_pen(mark, 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(self.marks)


# --- units ----------------------------------------------------------------------------------

_MARK_PEN = style.cosmetic_pen(style.TURRET, 1.0)
_MARK_BRUSH = QBrush(style.FACING_MARK)
_BARREL_PEN = style.cosmetic_pen(style.TURRET, 2.5)
_BARREL_PEN.setCapStyle(Qt.PenCapStyle.RoundCap)

#: Where a label may sit around its unit, in the order the board tries them.
LABEL_PLACES = ("below", "above", "right", "left")


class LabelItem(QGraphicsItem):
    """A unit's name, the same size on screen at any zoom, beside an anchor on its base.

    The label's own coordinates are pixels (it ignores the view's zoom); `place()` puts it
    below, above, right or left of the anchor (a point on its unit, `anchor`), `GAP_PX`
    clear of it.

    The label is not the unit item's child but an item of its own that follows it (the
    unit adds, moves and removes it): Qt's index looks at every item that ignores the
    zoom *and has a parent* on every paint, however small (a search in a list per label,
    even for a one-base move), and at none that has no parent.
    It stacks as a child did: at the units' z, added right after its unit.
    """

    PAD_PX = 2.0
    GAP_PX = 2.0
    MAX_WIDTH_PX = 150.0  # longer names are elided (when zoomed out); the tooltip keeps them
    #: From this zoom on (screen pixels per table inch) names are shown whole.
    WHOLE_AT_PX_PER_INCH = 24.0

    def __init__(self, text: str, owner: UnitItem | None = None) -> None:
        super().__init__()
        #: the unit the label names (None: a label on its own)
        self.owner = owner
        #: where the label hangs, in its unit's coordinates (inches from its centre)
        self.anchor = QPointF(0.0, 0.0)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(style.Z_UNIT)
        self._font = QFont()
        self._font.setPointSizeF(8.0)
        self._where = "below"
        self._whole = False
        #: how a long name is cut: at its end, unless two labels would read the same
        #: (app.board.labels.keep_distinct cuts those in the middle or at the start)
        self._elide = Qt.TextElideMode.ElideRight
        #: (where, anchor x, anchor y, shift x, shift y) of the last `place`, None before
        #: the first
        self.placed_at: tuple[str, float, float, float, float] | None = None
        #: pixels the label is slid from its place to stay on the table (labels.fit_inside)
        self.shift: tuple[float, float] = (0.0, 0.0)
        #: isVisible() as a plain attribute, kept by setVisible / show / hide: the board's
        #: layout reads it of thousands of labels a zoom
        self.shown_now = True
        self.set_text(text)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        self.shown_now = bool(visible)
        super().setVisible(visible)

    def show(self) -> None:
        self.setVisible(True)

    def hide(self) -> None:
        self.setVisible(False)

    def set_whole(self, whole: bool) -> bool:
        """Show the name whole (zoomed in) or elided to MAX_WIDTH_PX; True if it changed
        (the label's size changes: lay the labels out again)."""
        if whole == self._whole:
            return False
        self._whole = whole
        self.set_text(self._text)
        return True

    def set_elide(self, mode: Qt.TextElideMode) -> bool:
        """Cut a long name at its end, middle or start; True if the text shown changed
        (its size may have: lay the labels out again)."""
        if mode == self._elide:
            return False
        shown = self._shown
        self._elide = mode
        self.set_text(self._text)
        return self._shown != shown

    def elided(self, mode: Qt.TextElideMode) -> str:
        """The name as it would show cut with `mode` (whole when zoomed in or short)."""
        if self._whole:
            return self._text
        return QFontMetricsF(self._font).elidedText(self._text, mode, self.MAX_WIDTH_PX)

    @property
    def text(self) -> str:
        return self._text

    @property
    def shown(self) -> str:
        """The name as the label shows it (cut with "…" when zoomed out)."""
        return self._shown

    @property
    def where(self) -> str:
        return self._where

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        fm = QFontMetricsF(self._font)
        self._shown = text if self._whole else \
            fm.elidedText(text, self._elide, self.MAX_WIDTH_PX)
        p = self.PAD_PX
        self._size = (fm.horizontalAdvance(self._shown) + 2 * p, fm.height() + p)
        self._rect = self.rect_at(self._where).translated(*self.shift)
        self.update()

    @property
    def size_px(self) -> tuple[float, float]:
        """The label's width and height in pixels."""
        return self._size

    def rect_at(self, where: str) -> QRectF:
        """The label's rectangle in pixels from its anchor when placed `where`."""
        w, h = self._size
        g = self.GAP_PX
        if where == "below":
            return QRectF(-w / 2, g, w, h)
        if where == "above":
            return QRectF(-w / 2, -g - h, w, h)
        if where == "right":
            return QRectF(g, -h / 2, w, h)
        if where == "left":
            return QRectF(-g - w, -h / 2, w, h)
        raise ValueError(f"where: expected one of {LABEL_PLACES}, got {where!r}")

    def place(self, where: str, anchor: QPointF,
              shift: tuple[float, float] | None = None) -> None:
        """Sit `where` of `anchor` (a point in the unit's coordinates, inches), slid by
        `shift` pixels (to stay on the table; default: the shift it has)."""
        shift = self.shift if shift is None else shift
        rect = self.rect_at(where).translated(*shift)
        self.prepareGeometryChange()
        self._where, self._rect, self.shift = where, rect, shift
        self.anchor = QPointF(anchor)
        self.follow()
        self.placed_at = (where, anchor.x(), anchor.y(), *shift)
        self.update()
        if self.owner is not None:
            self.owner.place_badges()

    def follow(self) -> None:
        """Stand at the anchor on the unit where the unit is now."""
        origin = self.owner.pos() if self.owner is not None else QPointF(0.0, 0.0)
        self.setPos(origin + self.anchor)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.LABEL_BACK)
        painter.drawRoundedRect(self._rect, 3.0, 3.0)
        painter.setFont(self._font)
        painter.setPen(style.UNIT_TEXT)
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self._shown)


class UnitItem(QGraphicsItem):
    """A unit on its real base: the outline of `base_polygon` filled with the side colour,
    a facing triangle on the front edge, a gun line for a turret, and its name.

    The item sits at the unit's centre (pos = x, y) and is not rotated: its outline is the
    base polygon at the unit's facing, moved to the origin, so `mapToScene(shape())` is
    exactly the base on the table. Call `sync()` after the Unit changes.
    """

    def __init__(self, unit: Unit, colour) -> None:
        super().__init__()
        self.unit = unit
        self.colour = QColor(colour)
        self._fill = QBrush(self.colour)
        self._edge_pen = style.cosmetic_pen(style.edge_of(self.colour), 1.0)
        self.setZValue(style.Z_UNIT)
        # A pixmap per unit at the current zoom: a repaint under an overlay that spans the
        # board (threat lines, a reach area) blits 500 pixmaps instead of drawing 500 bases.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # the label follows the unit: moved, added to and taken from the scene with it
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
        self.label = LabelItem(unit.label, self)
        #: where the item is (its pos), kept as it moves: the label layout reads thousands
        self.xy: tuple[float, float] = (0.0, 0.0)
        #: Made on the first marker, so a board without markers carries no extra items.
        self.badges: BadgeItem | None = None
        #: the base corner the board's layout hung the badges at (None: the label's rule)
        self.badge_corner: str | None = None
        #: The ruleset's badges for a unit's state (the scene sets it: it knows the rules).
        self.declared_badges: Callable[[Unit], Sequence] | None = None
        self.sync()

    def sync(self) -> None:
        """Re-read the unit: position, facing, turret, base and name."""
        from geometry.angles import unit_vector
        from geometry.bases import base_polygon
        u = self.unit
        self.prepareGeometryChange()
        self.setPos(u.x, u.y)
        local = base_polygon(u.base, 0.0, 0.0, u.facing)
        self._base = geometry_path(local)
        half_d, half_w = u.base.depth_in / 2, u.base.width_in / 2
        fx, fy = unit_vector(u.facing)
        rx, ry = -fy, fx  # the unit's right
        s = min(half_d, half_w) * 0.55  # size of the facing mark
        tip, back = half_d * 0.96, half_d * 0.96 - s
        self._facing = QPolygonF([
            QPointF(fx * tip, fy * tip),
            QPointF(fx * back + rx * s * 0.7, fy * back + ry * s * 0.7),
            QPointF(fx * back - rx * s * 0.7, fy * back - ry * s * 0.7),
        ])
        self._turret_ring = 0.0
        self._barrel: tuple[QPointF, QPointF] | None = None
        extent = QRectF(self._base.boundingRect())
        if u.turret is not None:
            tx, ty = unit_vector(u.facing + u.turret)
            self._turret_ring = min(half_d, half_w) * 0.42
            length = half_d * 1.25
            self._barrel = (QPointF(tx * self._turret_ring, ty * self._turret_ring),
                            QPointF(tx * length, ty * length))
            extent = extent.united(QRectF(self._barrel[0], self._barrel[1]).normalized())
        m = PEN_MARGIN_IN
        self._bounds = extent.adjusted(-m, -m, m, m)
        # what the label layout reads of the base, worked out once per change rather than
        # asked of Qt for every unit at every zoom (BoardScene.layout_labels)
        b = self._base.boundingRect()
        self._box = (b.x(), b.y(), b.width(), b.height())
        self._anchors = {"below": (0.0, b.bottom()), "above": (0.0, b.top()),
                         "right": (b.right(), 0.0), "left": (b.left(), 0.0)}
        renamed = u.label != self.label.text
        self.label.set_text(u.label)
        scene = self.scene()
        if renamed and scene is not None and hasattr(scene, "names_changed"):
            scene.names_changed()  # its names fitted again: whole or cut, no two alike
        self.layout_row = (*self._box, *self.label.size_px)
        self.label.place(self.label.where, self.label_anchor(self.label.where))
        self.retranslate()
        self.update()

    def retranslate(self) -> None:
        """Word the badges in the current language (also after a language switch, which
        keeps the board: app.relocalize); the tooltip is worded when it is asked for
        (`toolTip`), not for every unit a table opens with or a move re-reads."""
        self._sync_badges()
        self._tip_language = None

    def _word_tooltip(self, badges: Sequence[Badge]) -> None:
        u = self.unit
        self._tip_language = current_language()
        self.setToolTip("\n".join([tr("{unit} — {profile} ({side})").format(
            unit=u.label, profile=profile_name(u.profile), side=side_text(u.side)),
                                   *(loc(b.tip) for b in badges)]))

    def toolTip(self) -> str:  # noqa: N802 (Qt's name)
        """The tooltip, worded first if it is not yet in the current language, or the
        unit changed since (`retranslate`): Qt asks for it through BoardScene.helpEvent."""
        if self._tip_language != current_language():
            self._word_tooltip(self.badges.badges if self.badges is not None else ())
        return super().toolTip()

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value):  # noqa: N802
        """Take the label along (LabelItem: it is an item of its own)."""
        kind = QGraphicsItem.GraphicsItemChange
        if change == kind.ItemPositionHasChanged:
            p = self.pos()
            self.xy = (p.x(), p.y())
            self.label.follow()
        elif change == kind.ItemSceneChange:
            old = self.scene()
            if old is not None and self.label.scene() is old:
                old.removeItem(self.label)
        elif change == kind.ItemSceneHasChanged:
            if value is not None and self.label.scene() is not value:
                value.addItem(self.label)
                self.label.follow()
        return super().itemChange(change, value)

    def _sync_badges(self) -> list[Badge]:
        declared = self.declared_badges(self.unit) if self.declared_badges else ()
        badges = badges_for(self.unit, declared)
        if badges and self.badges is None:
            self.badges = BadgeItem(self)
            scene = self.scene()
            if scene is not None and hasattr(scene, "badges_added"):
                scene.badges_added()  # the board's list of badged items is out of date
        if self.badges is not None:
            self.badges.set_badges(badges)
            self.place_badges()
        return badges

    def place_badges(self, corner: str | None = None) -> None:
        """Put the badges at `corner` of the base; by default the corner the board's
        layout chose (app.board.badge_places: off other units and labels) or, before any
        layout, the one the label leaves free."""
        if self.badges is None or not hasattr(self, "_base"):
            return
        if corner is not None:
            self.badge_corner = corner
        corner = self.badge_corner or {"above": "bottom-right", "right": "top-left"}.get(
            self.label.where, "top-right")
        if corner != self.badges.corner:
            self.badges.set_badges(self.badges.badges, corner)
        self.badges.setPos(self.corner_point(corner))

    def corner_point(self, corner: str) -> QPointF:
        """A corner (or a side's middle) of the base's bounding box, in the item's
        coordinates (inches)."""
        b = self._base.boundingRect()
        return {"top-right": b.topRight(), "bottom-right": b.bottomRight(),
                "top-left": b.topLeft(), "bottom-left": b.bottomLeft(),
                "right": QPointF(b.right(), b.center().y()),
                "left": QPointF(b.left(), b.center().y())}[corner]

    def badge_texts(self) -> list[str]:
        """The badges shown, left to right (none when hidden)."""
        if self.badges is None or not self.badges.isVisible():
            return []
        return self.badges.texts

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._base

    def base_box(self) -> tuple[float, float, float, float]:
        """Left, top, width and height of the base outline's bounding box in item
        coordinates (inches), as Qt holds the rectangle."""
        return self._box

    def label_anchor(self, where: str) -> QPointF:
        """The middle of the base's bounding box side that a label placed `where` sits on."""
        return QPointF(*self._anchors[where])

    #: (left, top, width, height) of `base_box` and the label's pixel (width, height): the
    #: label layout's row for this unit, set by `sync`
    layout_row: tuple[float, float, float, float, float, float]

    def label_anchor_xy(self, where: str) -> tuple[float, float]:
        """`label_anchor` as plain numbers (the label layout compares thousands of them)."""
        return self._anchors[where]

    def facing_mark(self) -> QPolygonF:
        """The triangle on the front edge, in item coordinates (inches from the centre)."""
        return QPolygonF(self._facing)

    def barrel(self) -> QLineF | None:
        """The gun line from the turret ring outwards (item coordinates), None without turret."""
        return None if self._barrel is None else QLineF(*self._barrel)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        # One-pixel cosmetic pens take Qt's fast path: 500 bases draw in a few milliseconds,
        # where a 1.5 px outline costs four times as much.
        painter.setPen(self._edge_pen)
        painter.setBrush(self._fill)
        painter.drawPath(self._base)
        painter.setPen(_MARK_PEN)
        painter.setBrush(_MARK_BRUSH)
        painter.drawPolygon(self._facing)
        if self._barrel is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0.0, 0.0), self._turret_ring, self._turret_ring)
            painter.setPen(_BARREL_PEN)
            painter.drawLine(*self._barrel)
