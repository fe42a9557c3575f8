"""Pictures of the board for a forum post: the scene as the board draws it, with whatever
overlays the tools have on it, rendered offscreen into a PNG (QImage) or an SVG
(QSvgGenerator, which keeps every text as text), then a scale bar in inches and metres, a
north mark, a legend of the sides, the game's turn and the tool's readout painted over it.

One renderer serves File ▸ Export picture… and `warboard picture`: both hand it a
BoardScene and a Game. Nothing here draws a unit or a terrain piece itself — the scene's own
items paint themselves through `QGraphicsScene.render`; the picture only chooses the area,
the scale and which unit labels show, and adds its marks in picture pixels.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QByteArray, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QImage, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from app.i18n import side_text, tr

from .board import BoardScene
from .board.scene import INCHES_PER_FOOT
from .picture_clear import board_rects, overlay_boxes

if TYPE_CHECKING:
    from engine.model import Game

__all__ = ["LABEL_MODES", "DEFAULT_WIDTH_PX", "MAX_PNG_BYTES", "PictureOptions", "Rendered",
           "PictureError", "area_problem", "around", "picture_area", "render_image", "render_svg",
           "save_picture", "png_bytes"]

LABEL_MODES = ("all", "leaders", "none")
#: Forum posts: wide enough to read a name, small enough to upload.
DEFAULT_WIDTH_PX = 1600
MAX_PNG_BYTES = 1_000_000
MIN_WIDTH_PX, MAX_WIDTH_PX = 200, 8000
#: The tallest picture drawn (a long thin area would ask for millions of rows).
MAX_HEIGHT_PX = MAX_WIDTH_PX
#: The narrowest area drawn, inches: below it the scale runs past what a painter can hold.
MIN_AREA_IN = 0.25
#: Nice lengths for the scale bar, inches.
SCALE_STEPS_IN = (1, 2, 3, 6, 12, 18, 24, 36, 48, 72, 96, 120)
BOX_BACK = QColor(255, 255, 255, 225)
BOX_EDGE = QColor("#6b7280")
INK = QColor("#111418")




class PictureError(ValueError):
    """A picture that cannot be made as asked (bad area, width, format)."""


@dataclass(frozen=True, slots=True)
class PictureOptions:
    """What a picture shows. `area` is (x, y, w, h) in table inches (None: the whole
    table); `readout` is the tool's text (the measure readout), painted in a box; `grid`
    adds coordinates along the edges and a heavier line every 6"; `decorations` False
    leaves only the board (for comparing with the board's own render)."""

    area: tuple[float, float, float, float] | None = None
    width_px: int = DEFAULT_WIDTH_PX
    labels: str = "all"
    grid: bool = False
    readout: str = ""
    decorations: bool = True

    def __post_init__(self) -> None:
        if self.labels not in LABEL_MODES:
            raise PictureError(tr("labels: expected one of {modes}, got {got!r}").format(
                modes=", ".join(LABEL_MODES), got=self.labels))
        if not MIN_WIDTH_PX <= self.width_px <= MAX_WIDTH_PX:
            raise PictureError(tr("width: expected {least}–{most} px, got {got}").format(
                least=MIN_WIDTH_PX, most=MAX_WIDTH_PX, got=self.width_px))
        if self.area is not None:
            why = area_problem(self.area, self.width_px)
            if why:
                raise PictureError(tr("area: {why}").format(why=why))


def area_problem(area: tuple[float, float, float, float], width_px: int) -> str | None:
    """Why `area` (X Y W H, inches) cannot be drawn `width_px` wide, or None. Coordinates
    beyond any table (the scenario's own bound) are refused here, before the painter
    meets an infinite scale or an image of a billion rows."""
    from engine.scenario_io import MAX_MAGNITUDE

    x, y, w, h = area
    got = " ".join(f"{v:g}" for v in area)
    if not all(math.isfinite(v) for v in area) or w <= 0 or h <= 0:
        return tr("expected X Y W H with W and H above 0, got {got}").format(got=got)
    if any(abs(v) > MAX_MAGNITUDE for v in area):
        return tr("expected X Y W H within ±{limit:g} inches (off any table), got "
                  "{got}").format(limit=MAX_MAGNITUDE, got=got)
    if min(w, h) < MIN_AREA_IN:
        return tr("expected W and H of at least {least:g} inches, got {got}").format(
            least=MIN_AREA_IN, got=got)
    tall = width_px * h / w
    if tall > MAX_HEIGHT_PX:
        return tr("W × H {w:g} × {h:g} draws a picture {px:.0f} px tall at {width} px wide, "
                  "above {most} px: choose a wider area").format(
                      w=w, h=h, px=tall, width=width_px, most=MAX_HEIGHT_PX)
    return None


@dataclass(slots=True)
class Rendered:
    """What was drawn: the picture's size, the table area it shows, its scale, and where
    the painted marks sit (picture pixels) — everything else is the board's own render."""

    size: QSize
    area: QRectF
    px_per_inch: float
    marks: list[QRectF] = field(default_factory=list)
    #: the bases, unit labels and badges as the picture drew them (picture pixels): the
    #: edge tags keep off them
    keep_clear: list[QRectF] = field(default_factory=list)


def around(game: Game, unit_id: str, radius_in: float) -> tuple[float, float, float, float]:
    """The square area `radius_in` inches each way from a unit's centre."""
    from engine.scenario_io import MAX_MAGNITUDE

    if not (math.isfinite(radius_in) and MIN_AREA_IN / 2 <= radius_in <= MAX_MAGNITUDE):
        raise PictureError(tr("radius: expected {least:g} to {most:g} inches, got "
                              "{got}").format(least=MIN_AREA_IN / 2, most=MAX_MAGNITUDE,
                                              got=f"{radius_in:g}"))
    u = next((u for u in game.scenario.units if u.id == unit_id), None)
    if u is None:
        raise PictureError(tr("{flag}: no unit with id {id!r} on the table").format(
            flag="unit", id=unit_id))
    return (u.x - radius_in, u.y - radius_in, 2 * radius_in, 2 * radius_in)


def picture_area(scene: BoardScene, area: tuple[float, float, float, float] | None) -> QRectF:
    """The table area to draw: as given, or the whole table with a thin margin so its edge
    shows."""
    if area is not None:
        return QRectF(*area)
    table = scene.table_rect()
    if table.isEmpty():
        raise PictureError(tr("picture: no table to draw"))
    pad = max(table.width(), table.height()) * 0.01
    return table.adjusted(-pad, -pad, pad, pad)


def _size(area: QRectF, width_px: int) -> QSize:
    return QSize(width_px, max(1, round(width_px * area.height() / area.width())))


# --- the board ---------------------------------------------------------------------------------


@contextmanager
def _prepared(scene: BoardScene, px_per_inch: float, labels: str, *, vector: bool,
              restore_px_per_inch: float | None) -> Iterator[None]:
    """The scene as the picture shows it, then as it was: labels laid out for the picture's
    scale off the tools' lines (app.picture_clear) and thinned to leaders or none, the
    selection outline hidden, and for a vector picture the per-view caches off (a cached
    item would be pasted into the SVG as a bitmap, its text lost)."""
    scene.layout_labels(px_per_inch, overlay_boxes(scene, px_per_inch))  # names off lines
    if labels != "all":
        leaders = {i.unit.parent for i in scene.unit_items.values() if i.unit.parent}
        for item in scene.unit_items.values():
            keep = labels == "leaders" and (item.unit.parent is None or item.unit.id in leaders)
            if not keep:
                item.label.setVisible(False)
    selection = scene.selection_item
    selected = selection is not None and selection.isVisible()
    if selected:
        selection.hide()
    cached: list[QGraphicsItem] = []
    if vector:
        device = QGraphicsItem.CacheMode.DeviceCoordinateCache
        cached = [item for item in scene.items() if item.cacheMode() == device]
        for item in cached:
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    try:
        yield
    finally:
        for item in cached:
            item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        if selected:
            selection.show()
        if restore_px_per_inch is not None:
            scene.layout_labels(restore_px_per_inch)


def _paint(painter: QPainter, scene: BoardScene, game: Game, opts: PictureOptions,
           *, vector: bool, restore_px_per_inch: float | None) -> Rendered:
    area = picture_area(scene, opts.area)
    size = _size(area, opts.width_px)
    scale = size.width() / area.width()
    painter.setRenderHints(QPainter.RenderHint.Antialiasing
                           | QPainter.RenderHint.TextAntialiasing
                           | QPainter.RenderHint.SmoothPixmapTransform)
    with _prepared(scene, scale, opts.labels, vector=vector,
                   restore_px_per_inch=restore_px_per_inch):
        scene.render(painter, QRectF(0, 0, size.width(), size.height()), area,
                     Qt.AspectRatioMode.IgnoreAspectRatio)
        drawn = board_rects(scene, area, scale)
    rendered = Rendered(size, area, scale, keep_clear=drawn)
    if opts.grid:
        _grid(painter, scene, rendered)
    if opts.decorations:
        _Marks(painter, scene, game, rendered).paint(opts.readout)
    return rendered


def render_image(scene: BoardScene, game: Game, opts: PictureOptions = PictureOptions(), *,
                 restore_px_per_inch: float | None = None) -> tuple[QImage, Rendered]:
    """The picture as an image (opaque RGB32). `restore_px_per_inch`: the board view's
    zoom, to lay its labels out again afterwards."""
    area = picture_area(scene, opts.area)
    size = _size(area, opts.width_px)
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(QColor("#3a3f46"))
    painter = QPainter(image)
    try:
        rendered = _paint(painter, scene, game, opts, vector=False,
                          restore_px_per_inch=restore_px_per_inch)
    finally:
        painter.end()
    return image, rendered


def render_svg(scene: BoardScene, game: Game, opts: PictureOptions = PictureOptions(), *,
               restore_px_per_inch: float | None = None,
               title: str = "") -> tuple[bytes, Rendered]:
    """The picture as SVG: shapes as paths in output pixels, every label, readout and mark
    as <text> (app.picture_svg: what any SVG renderer draws as Qt does)."""
    from PySide6.QtSvg import QSvgGenerator  # only SVG pictures need it

    area = picture_area(scene, opts.area)
    size = _size(area, opts.width_px)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QBuffer.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(size)
    gen.setViewBox(QRect(0, 0, size.width(), size.height()))
    gen.setResolution(96)
    gen.setTitle(title or game.scenario.name)
    gen.setDescription(tr("A picture of the table made by Warboard"))
    painter = QPainter(gen)
    try:
        rendered = _paint(painter, scene, game, opts, vector=True,
                          restore_px_per_inch=restore_px_per_inch)
    finally:
        painter.end()
    buf.close()
    from .picture_svg import output_units  # shapes in output pixels, a real font list

    return output_units(bytes(data)), rendered


def png_bytes(image: QImage, limit: int = MAX_PNG_BYTES) -> bytes:
    """The image as PNG, at most `limit` bytes: full colour if it fits, else reduced to a
    256-colour palette (a board has few colours, so it reads the same)."""
    def encode(img: QImage) -> bytes:
        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QBuffer.OpenModeFlag.WriteOnly)
        img.save(buf, "PNG", 0)  # quality 0: the strongest compression
        buf.close()
        return bytes(data)

    out = encode(image)
    if len(out) > limit:
        out = encode(image.convertToFormat(QImage.Format.Format_Indexed8,
                                           Qt.ImageConversionFlag.ThresholdDither))
    if len(out) > limit:
        raise PictureError(tr("picture: {size} bytes as PNG, above {limit}; ask for a "
                              "smaller --width or an area").format(size=len(out), limit=limit))
    return out


def save_picture(path: str | Path, scene: BoardScene, game: Game,
                 opts: PictureOptions = PictureOptions(), *,
                 restore_px_per_inch: float | None = None) -> Rendered:
    """Write the picture to `path`: .png or .svg, by its suffix."""
    p = Path(path)
    kind = p.suffix.lower()
    if kind == ".png":
        image, rendered = render_image(scene, game, opts,
                                       restore_px_per_inch=restore_px_per_inch)
        data = png_bytes(image)
    elif kind == ".svg":
        data, rendered = render_svg(scene, game, opts, restore_px_per_inch=restore_px_per_inch)
    else:
        raise PictureError(tr("output: expected a .png or .svg file name, got {got!r}").format(
            got=p.name))
    try:
        p.write_bytes(data)
    except OSError as e:
        raise PictureError(tr("{file}: cannot write ({why})").format(
            file=p, why=e.strerror or e)) from None
    return rendered


# --- what the picture adds ---------------------------------------------------------------------


def _grid(painter: QPainter, scene: BoardScene, r: Rendered) -> None:
    """Coordinates for a post ("move to 30, 18"): a line every 6" and its inches along the
    picture's top and left edges."""
    table = scene.table_rect()
    step = 6 if r.px_per_inch * 6 >= 40 else INCHES_PER_FOOT
    font = _font(max(10.0, r.size.width() / 150))
    painter.save()
    painter.setFont(font)
    fm = QFontMetricsF(font)
    pen = QPen(QColor(40, 44, 50, 120), 1.0, Qt.PenStyle.DashLine)
    xs = range(math.ceil(max(r.area.left(), table.left()) / step) * step,
               int(min(r.area.right(), table.right())) + 1, step)
    ys = range(math.ceil(max(r.area.top(), table.top()) / step) * step,
               int(min(r.area.bottom(), table.bottom())) + 1, step)
    top = (max(r.area.top(), table.top()) - r.area.top()) * r.px_per_inch
    bottom = (min(r.area.bottom(), table.bottom()) - r.area.top()) * r.px_per_inch
    left = (max(r.area.left(), table.left()) - r.area.left()) * r.px_per_inch
    right = (min(r.area.right(), table.right()) - r.area.left()) * r.px_per_inch
    for x in xs:
        px = (x - r.area.left()) * r.px_per_inch
        painter.setPen(pen)
        painter.drawLine(QPointF(px, top), QPointF(px, bottom))
        _tag(painter, fm, f'{x}"', QPointF(px + 3, top + 2), r)
    for y in ys:
        py = (y - r.area.top()) * r.px_per_inch
        painter.setPen(pen)
        painter.drawLine(QPointF(left, py), QPointF(right, py))
        _tag(painter, fm, f'{y}"', QPointF(left + 3, py + 2), r)
    painter.restore()


def _tag(painter: QPainter, fm: QFontMetricsF, text: str, at: QPointF, r: Rendered) -> None:
    box = QRectF(at, fm.size(0, text)).adjusted(-2, 0, 2, 0)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 170))
    painter.drawRect(box)
    painter.setPen(INK)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    r.marks.append(box)


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(8, round(px)))
    font.setBold(bold)
    return font


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


class _Marks:
    """The marks painted over the board, in picture pixels: the game and turn (top left),
    the north mark and the readout (top right), the scale bar (bottom left) and the legend
    of sides (bottom right). Each drawn box is recorded in `rendered.marks`."""

    def __init__(self, painter: QPainter, scene: BoardScene, game: Game, r: Rendered) -> None:
        self.p, self.scene, self.game, self.r = painter, scene, game, r
        self.unit = max(11.0, r.size.width() / 115)  # text size, px
        self.pad = self.unit * 0.6
        self.font = _font(self.unit)
        self.bold = _font(self.unit, bold=True)

    def paint(self, readout: str) -> None:
        self.p.save()
        try:
            self.title()
            below = self.north()
            if readout.strip():
                self.readout(readout, below)
            self.scale_bar()
            self.legend()
            self.edges()
        finally:
            self.p.restore()

    # --- pieces -------------------------------------------------------------------------------

    def _box(self, rect: QRectF) -> None:
        self.p.setPen(QPen(BOX_EDGE, 1.0))
        self.p.setBrush(BOX_BACK)
        self.p.drawRoundedRect(rect, 4, 4)
        self.r.marks.append(rect)

    def _lines(self, lines: list[tuple[str, QFont]], x: float, y: float,
               right_align: bool = False) -> QRectF:
        """A box of text lines with its top-left (or top-right) corner at (x, y)."""
        sizes = [QFontMetricsF(f).size(0, t) for t, f in lines]
        w = max(s.width() for s in sizes) + 2 * self.pad
        h = sum(s.height() for s in sizes) + 2 * self.pad
        rect = QRectF(x - w if right_align else x, y, w, h)
        self._box(rect)
        ty = rect.top() + self.pad
        self.p.setPen(INK)
        for (text, font), s in zip(lines, sizes, strict=True):
            self.p.setFont(font)
            self.p.drawText(QRectF(rect.left() + self.pad, ty, s.width(), s.height()),
                            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, text)
            ty += s.height()
        return rect

    def title(self) -> None:
        g = self.game
        turn = tr("Turn {turn}").format(turn=g.turn)
        if g.active_side:
            side = side_text(g.active_side, g.scenario.ruleset)
            turn += " · " + tr("{side} to act").format(side=side)
        if g.phase:
            turn += " · " + g.phase
        self._lines([(g.scenario.name, self.bold), (turn, self.font)], self.pad, self.pad)

    def north(self) -> float:
        """An arrow up the picture marked N (the table's top edge is north); returns the y
        under it."""
        size = self.unit * 3.2
        rect = QRectF(self.r.size.width() - self.pad - size, self.pad, size, size * 1.25)
        self._box(rect)
        cx, top, bottom = rect.center().x(), rect.top() + self.unit * 1.5, rect.bottom() - 4
        half = size * 0.22
        self.p.setPen(Qt.PenStyle.NoPen)
        self.p.setBrush(INK)
        self.p.drawPolygon(QPolygonF([QPointF(cx, top), QPointF(cx + half, bottom),
                                      QPointF(cx, bottom - half), QPointF(cx - half, bottom)]))
        self.p.setPen(INK)
        self.p.setFont(self.bold)
        self.p.drawText(QRectF(rect.left(), rect.top() + 2, size, self.unit * 1.4),
                        Qt.AlignmentFlag.AlignCenter, tr("N"))
        return rect.bottom() + self.pad

    def edges(self) -> None:
        """A tag on each table edge the picture shows — "north edge", and the side that
        deploys there when the scenario names it — so a part of the table is placed."""
        table, r = self.scene.table_rect(), self.r
        if table.isEmpty():
            return
        deploy = self.game.scenario.table.edges
        by_edge = {e: side for side, e in deploy.items()} if isinstance(deploy, dict) else {}

        def px(x: float, y: float) -> QPointF:
            return QPointF((x - r.area.left()) * r.px_per_inch,
                           (y - r.area.top()) * r.px_per_inch)

        x0, x1 = max(table.left(), r.area.left()), min(table.right(), r.area.right())
        y0, y1 = max(table.top(), r.area.top()), min(table.bottom(), r.area.bottom())
        if x0 >= x1 or y0 >= y1:
            return
        names = {"north": tr("north"), "south": tr("south"), "west": tr("west"),
                 "east": tr("east")}
        spots = {"north": (px((x0 + x1) / 2, table.top()), table.top() >= r.area.top()),
                 "south": (px((x0 + x1) / 2, table.bottom()),
                           table.bottom() <= r.area.bottom()),
                 "west": (px(table.left(), (y0 + y1) / 2), table.left() >= r.area.left()),
                 "east": (px(table.right(), (y0 + y1) / 2),
                          table.right() <= r.area.right())}
        font = _font(self.unit * 0.85)
        fm = QFontMetricsF(font)
        self.p.setFont(font)
        span = {"north": (x1 - x0) * r.px_per_inch, "south": (x1 - x0) * r.px_per_inch,
                "west": (y1 - y0) * r.px_per_inch, "east": (y1 - y0) * r.px_per_inch}
        for edge, (at, shown) in spots.items():
            if not shown:
                continue
            text = tr("{edge} edge").format(edge=names[edge])
            if edge in by_edge:
                text += " · " + by_edge[edge]
            size = fm.size(0, text)
            rect = self._edge_tag(edge, at, size.width() + self.pad, size.height() + 2,
                                  span[edge])
            if rect is None:
                continue  # a corner box is there already
            self.p.setPen(Qt.PenStyle.NoPen)
            self.p.setBrush(QColor(43, 47, 51, 200))
            self.p.drawRoundedRect(rect, 3, 3)
            self.p.setPen(QColor("white"))
            self.p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            r.marks.append(rect)

    #: Where along its edge a tag may sit, from the middle out (shares of the edge shown).
    ALONG = (0.0, -0.12, 0.12, -0.24, 0.24, -0.36, 0.36)

    def _edge_tag(self, edge: str, at: QPointF, w: float, h: float,
                  span: float) -> QRectF | None:
        """The tag's box on `edge`: the middle, or the nearest place along the edge that
        covers no base, label, badge or corner box; when none does, the middle unless a
        corner box is there (None: no tag)."""
        inset = 4.0
        places = []
        for along in self.ALONG:
            d = along * span
            if edge == "north":
                places.append(QRectF(at.x() + d - w / 2, at.y() + inset, w, h))
            elif edge == "south":
                places.append(QRectF(at.x() + d - w / 2, at.y() - inset - h, w, h))
            elif edge == "west":
                places.append(QRectF(at.x() + inset, at.y() + d - h / 2, w, h))
            else:
                places.append(QRectF(at.x() - inset - w, at.y() + d - h / 2, w, h))
        free = [p for p in places if not any(p.intersects(m) for m in self.r.marks)]
        clear = [p for p in free if not any(p.intersects(b) for b in self.r.keep_clear)]
        if clear:
            return clear[0]
        return places[0] if places[0] in free else None

    def readout(self, text: str, y: float) -> None:
        lines = [(line, self.font) for line in text.splitlines() if line.strip()]
        lines[0] = (lines[0][0], self.bold)
        self._lines(lines, self.r.size.width() - self.pad, y, right_align=True)

    def scale_bar(self) -> None:
        r = self.r
        mpi = self.game.scenario.table.metres_per_inch
        fits = [s for s in SCALE_STEPS_IN if s * r.px_per_inch <= r.size.width() * 0.28]
        length = fits[-1] if fits else 1
        bar_px = length * r.px_per_inch
        parts = 6 if length % 6 == 0 and bar_px / 6 >= 8 else (
            length if length <= 6 and bar_px / max(length, 1) >= 8 else 2)
        text = tr('{inches}" = {metres} m').format(inches=length, metres=_fmt(length * mpi))
        fm = QFontMetricsF(self.font)
        th = fm.height()
        bar_h = self.unit * 0.55
        w = max(bar_px, fm.horizontalAdvance(text)) + 2 * self.pad
        h = th + bar_h + 2 * self.pad + th
        rect = QRectF(self.pad, r.size.height() - self.pad - h, w, h)
        self._box(rect)
        x0, y0 = rect.left() + self.pad, rect.top() + self.pad + th
        seg = bar_px / parts
        for k in range(parts):
            self.p.setPen(QPen(INK, 1.0))
            self.p.setBrush(INK if k % 2 == 0 else QColor("white"))
            self.p.drawRect(QRectF(x0 + k * seg, y0, seg, bar_h))
        self.p.setPen(INK)
        self.p.setFont(self.font)
        self.p.drawText(QRectF(x0, rect.top() + self.pad * 0.5, w, th),
                        Qt.AlignmentFlag.AlignLeft, "0")
        self.p.drawText(QRectF(x0, rect.top() + self.pad * 0.5, bar_px, th),
                        Qt.AlignmentFlag.AlignRight, f'{length}"')
        self.p.drawText(QRectF(x0, y0 + bar_h + 2, w, th), Qt.AlignmentFlag.AlignLeft, text)

    def legend(self) -> None:
        """Each side: its colour, its name, the units it has on the table and, where the
        scenario names it, its table edge."""
        scenario = self.game.scenario
        sides: dict[str, int] = {}
        for u in scenario.units:
            sides[u.side] = sides.get(u.side, 0) + 1
        if not sides:
            return
        edges = scenario.table.edges
        rows = []
        for side, n in sides.items():
            text = tr("{side} — {n} on the table").format(side=side, n=n)
            edge = edges.get(side) if isinstance(edges, dict) else None
            if edge:
                text += " · " + tr("{edge} edge").format(edge=edge)
            rows.append((side, text))
        fm = QFontMetricsF(self.font)
        sw = self.unit
        w = max(fm.horizontalAdvance(t) for _, t in rows) + sw + 3 * self.pad
        h = len(rows) * fm.height() * 1.2 + 2 * self.pad
        rect = QRectF(self.r.size.width() - self.pad - w, self.r.size.height() - self.pad - h,
                      w, h)
        self._box(rect)
        y = rect.top() + self.pad
        self.p.setFont(self.font)
        for side, text in rows:
            row_h = fm.height() * 1.2
            swatch = QRectF(rect.left() + self.pad, y + (row_h - sw) / 2, sw, sw)
            colour = self.scene.palette.colour(side)
            self.p.setPen(QPen(colour.darker(190), 1.0))
            self.p.setBrush(QBrush(colour))
            self.p.drawEllipse(swatch)
            self.p.setPen(INK)
            self.p.drawText(QRectF(swatch.right() + self.pad, y, w, row_h),
                            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
            y += row_h
