"""Cards on paper: sheets with cut marks, one card per page, or sleeve-size pages; PDF export,
printing and print preview through the same painting code.

Sheets (A4, Letter) are a grid of face cells (2.5" × 3.5"), 3 × 3 on both papers, centred
with at least 0.25" of margin. Cards are placed in order; a card of two faces takes two
cells of one row and gets a dashed fold line between them. Cut marks stand in the margin
at every cell edge: cut the rows apart first, then each card along its frame.
`--per-page N` caps the cards per sheet; `--one-per-page` centres each card on its page.
Sleeve size makes every face a page of its own, 2.5" × 3.5" (a card of two faces gives
two pages, front then back). Templates (templates_sheet.py) follow the cards, on A4 or
Letter (A4 when the cards are sleeve size).

All drawing is in points on a painter scaled from the device's resolution, so the same
code serves QPdfWriter (PDF), QPrinter (print) and QPrintPreviewDialog.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from app.i18n import tr

from .layout import FACE_H, FACE_W, CardData, CardOptions, draw_face, layout_for
from .templates_sheet import TEMPLATE_PAGES, draw_templates_page

__all__ = ["SIZES", "SheetOptions", "Placement", "Page", "plan_pages", "paint", "write_pdf",
           "page_size", "print_cards", "preview"]

SIZES = ("a4", "letter", "sleeve")
MIN_MARGIN = 18.0
MARK_LEN = 12.0
MARK_GAP = 3.0


def page_size(size: str) -> QPageSize:
    if size == "a4":
        return QPageSize(QPageSize.PageSizeId.A4)
    if size == "letter":
        return QPageSize(QPageSize.PageSizeId.Letter)
    if size == "sleeve":
        return QPageSize(QSizeF(FACE_W, FACE_H), QPageSize.Unit.Point, "Card sleeve 2.5 x 3.5 in",
                         QPageSize.SizeMatchPolicy.ExactMatch)
    raise ValueError(f"size: expected one of {', '.join(SIZES)}, got {size!r}")


@dataclass(frozen=True, slots=True)
class SheetOptions:
    size: str = "a4"
    per_page: int | None = None
    one_per_page: bool = False
    cut_marks: bool = True
    templates: bool = False
    card: CardOptions = field(default_factory=CardOptions)
    metres_per_inch: float | None = None

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise ValueError(f"size: expected one of {', '.join(SIZES)}, got {self.size!r}")
        if self.per_page is not None and (isinstance(self.per_page, bool)
                                          or not isinstance(self.per_page, int)
                                          or self.per_page < 1):
            raise ValueError(f"per_page: expected a whole number ≥ 1, got {self.per_page!r}")


@dataclass(frozen=True, slots=True)
class Placement:
    card: CardData
    face: int
    x: float
    y: float


@dataclass(slots=True)
class Page:
    """One page: its size name, placed faces (points from the page's top-left), the cells'
    grid for cut marks, the fold lines, or a templates page index."""

    size: str
    placements: list[Placement] = field(default_factory=list)
    grid: tuple[list[float], list[float]] | None = None
    folds: list[tuple[float, float]] = field(default_factory=list)
    template: int | None = None


def _page_points(size: str) -> QSizeF:
    return page_size(size).size(QPageSize.Unit.Point)


def _faces(card: CardData) -> int:
    return layout_for(card.ruleset, card.kind).faces


def plan_pages(cards: Sequence[CardData], options: SheetOptions) -> list[Page]:
    """Where every face goes, page by page (no drawing)."""
    pages: list[Page] = []
    if options.size == "sleeve":
        for c in cards:
            for f in range(_faces(c)):
                pages.append(Page("sleeve", [Placement(c, f, 0.0, 0.0)]))
    elif options.one_per_page:
        size = _page_points(options.size)
        for c in cards:
            n = _faces(c)
            x0 = (size.width() - n * FACE_W) / 2
            y0 = (size.height() - FACE_H) / 2
            xs = [x0 + i * FACE_W for i in range(n + 1)]
            page = Page(options.size, [Placement(c, f, x0 + f * FACE_W, y0) for f in range(n)],
                        (xs, [y0, y0 + FACE_H]))
            page.folds = [(x0 + FACE_W * i, y0) for i in range(1, n)]
            pages.append(page)
    else:
        pages = _sheets(cards, options)
    if options.templates:
        paper = "a4" if options.size == "sleeve" else options.size
        pages += [Page(paper, template=i) for i in range(TEMPLATE_PAGES)]
    return pages


def _sheets(cards: Sequence[CardData], options: SheetOptions) -> list[Page]:
    size = _page_points(options.size)
    cols = int((size.width() - 2 * MIN_MARGIN) // FACE_W)
    rows = int((size.height() - 2 * MIN_MARGIN) // FACE_H)
    x0 = (size.width() - cols * FACE_W) / 2
    y0 = (size.height() - rows * FACE_H) / 2
    grid = ([x0 + i * FACE_W for i in range(cols + 1)], [y0 + j * FACE_H for j in range(rows + 1)])
    pages: list[Page] = []
    page: Page | None = None
    used: list[int] = []          # cells used per row on the current page
    count = 0
    for c in cards:
        n = _faces(c)
        if n > cols:
            raise ValueError(f"{c.id}: a card of {n} faces does not fit across "
                             f"{options.size} ({cols} cells)")
        row = None
        if page is not None and (options.per_page is None or count < options.per_page):
            row = next((r for r in range(rows) if used[r] + n <= cols), None)
        if row is None:
            page = Page(options.size, grid=grid)
            pages.append(page)
            used = [0] * rows
            count = 0
            row = 0
        col = used[row]
        for f in range(n):
            page.placements.append(Placement(c, f, grid[0][col + f], grid[1][row]))
        page.folds += [(grid[0][col + i], grid[1][row]) for i in range(1, n)]
        used[row] += n
        count += 1
    return pages


# --------------------------------------------------------------------------- painting


def _set_page(device: QPagedPaintDevice, size: str) -> None:
    layout = QPageLayout(page_size(size), QPageLayout.Orientation.Portrait,
                         QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)
    device.setPageLayout(layout)


def paint(device: QPagedPaintDevice, pages: Sequence[Page], options: SheetOptions,
          painter: QPainter | None = None) -> None:
    """Paint `pages` on `device` (a QPdfWriter or QPrinter), one device page each."""
    if not pages:
        return
    _set_page(device, pages[0].size)
    own = painter is None
    p = painter if painter is not None else QPainter()
    if own and not p.begin(device):
        raise OSError("could not start painting (is the output file writable?)")
    try:
        for i, page in enumerate(pages):
            if i:
                if page.size != pages[i - 1].size:
                    _set_page(device, page.size)
                device.newPage()
            with _saved(p):
                scale = device.logicalDpiX() / 72.0
                p.scale(scale, scale)
                p.setRenderHint(QPainter.RenderHint.Antialiasing)
                p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
                _paint_page(p, page, options)
    finally:
        if own:
            p.end()


@contextmanager
def _saved(p: QPainter) -> Iterator[None]:
    """The painter's state saved and put back even when a face fails (a bad glossary): the
    painter then ends with no state left over (Qt warns of one)."""
    p.save()
    try:
        yield
    finally:
        p.restore()


def _paint_page(p: QPainter, page: Page, options: SheetOptions) -> None:
    size = _page_points(page.size)
    if page.template is not None:
        draw_templates_page(p, QRectF(0, 0, size.width(), size.height()), page.template,
                            options.metres_per_inch)
        return
    for pl in page.placements:
        with _saved(p):
            rect = QRectF(pl.x, pl.y, FACE_W, FACE_H)
            p.setClipRect(rect.adjusted(-1, -1, 1, 1))
            draw_face(p, rect, pl.card, pl.face, options.card)
    for x, y in page.folds:
        p.setPen(QPen(QColor("white"), 1.2))
        p.drawLine(QPointF(x, y + 0.6), QPointF(x, y + FACE_H - 0.6))
        pen = QPen(QColor("#6d675c"), 0.6, Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawLine(QPointF(x, y), QPointF(x, y + FACE_H))
    if options.cut_marks and page.grid is not None and page.placements:
        _cut_marks(p, page.grid)


def _cut_marks(p: QPainter, grid: tuple[list[float], list[float]]) -> None:
    xs, ys = grid
    p.setPen(QPen(QColor("black"), 0.4))
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    for x in xs:
        p.drawLine(QPointF(x, top - MARK_GAP), QPointF(x, top - MARK_GAP - MARK_LEN))
        p.drawLine(QPointF(x, bottom + MARK_GAP), QPointF(x, bottom + MARK_GAP + MARK_LEN))
    for y in ys:
        p.drawLine(QPointF(left - MARK_GAP, y), QPointF(left - MARK_GAP - MARK_LEN, y))
        p.drawLine(QPointF(right + MARK_GAP, y), QPointF(right + MARK_GAP + MARK_LEN, y))


def write_pdf(path: str | Path, cards: Sequence[CardData], options: SheetOptions,
              *, title: str = "Warboard unit cards") -> int:
    """Write the cards (and templates) to a PDF; returns the number of pages."""
    pages = plan_pages(cards, options)
    if not pages:
        raise ValueError("nothing to print: no cards and no templates")
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("Warboard")
    writer.setResolution(1200)
    paint(writer, pages, options)
    return len(pages)


def print_cards(printer, cards: Sequence[CardData], options: SheetOptions) -> int:
    """Paint on a QPrinter (set up by a print dialog); full page, our own margins."""
    from app.desktop import busy

    printer.setFullPage(True)
    with busy():   # a sheet of cards can take seconds
        pages = plan_pages(cards, options)
        paint(printer, pages, options)
    return len(pages)


def preview(parent, cards: Sequence[CardData], options: SheetOptions):
    """A QPrintPreviewDialog showing exactly what print_cards prints."""
    from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setFullPage(True)
    dialog = QPrintPreviewDialog(printer, parent)
    # the dialog only borrows the printer: keep it alive as long as the dialog (a printer
    # collected here left the dialog painting on freed memory — a crash on show)
    dialog.printer = printer
    dialog.setWindowTitle(tr("Print preview — unit cards"))
    dialog.paintRequested.connect(lambda pr: print_cards(pr, cards, options))
    return dialog
