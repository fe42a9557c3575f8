"""The marker sheet as a PDF at true size: each ArUco marker of the layout (engine.photo.markers)
on its white piece with a grey cut line, four to an A4 or Letter page, the marker's number and
place printed in the piece's margin. Painted in points on a painter scaled from the device's
resolution, as the cards are (app/cards/printing.py), so 1" on the page is 1" on paper when
printed at 100 %."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from app.i18n import loc, tr

__all__ = ["write_marker_sheet", "PAGE_SIZES"]

POINTS = 72.0
PAGE_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}


def _page_inches(size: str) -> tuple[float, float]:
    s = QPageSize(PAGE_SIZES[size]).size(QPageSize.Unit.Inch)
    return s.width(), s.height()


def write_marker_sheet(path: str | Path, layout, size: str = "a4") -> int:
    """Write the layout's markers to a PDF; returns the number of pages (OSError if the
    file cannot be written)."""
    from engine.photo.markers import MARGIN_IN, marker_image, sheet_pieces

    w_in, h_in = _page_inches(size)
    pieces = sheet_pieces(layout, w_in, h_in)
    writer = QPdfWriter(str(path))
    writer.setTitle(tr("Warboard marker sheet"))
    writer.setCreator("Warboard")
    writer.setResolution(1200)
    writer.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[size]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point))
    p = QPainter()
    if not p.begin(writer):
        raise OSError(tr("could not start painting (is the output file writable?)"))
    try:
        pages = max(piece.page for piece in pieces) + 1
        for page in range(pages):
            if page:
                writer.newPage()
            p.save()
            scale = writer.logicalDpiX() / POINTS
            p.scale(scale, scale)
            _title(p, w_in, page, pages)
            for piece in (x for x in pieces if x.page == page):
                _piece(p, piece, layout.marker_in, MARGIN_IN,
                       marker_image(piece.marker_id, 6 * 10))
            p.restore()
    finally:
        p.end()
    return pages


def _title(p: QPainter, w_in: float, page: int, pages: int) -> None:
    p.setPen(QColor("#333333"))
    p.setFont(QFont("Sans", 8))
    text = tr("Warboard marker sheet {page}/{pages}. Print at 100 % (no fitting to the page), "
              "cut along the grey lines, lay each piece with its writing at the bottom: corner "
              "pieces on the table's corners, edge pieces on the middle of each edge.").format(
        page=page + 1, pages=pages)
    p.drawText(QRectF(0.25 * POINTS, 0.2 * POINTS, (w_in - 0.5) * POINTS, 0.6 * POINTS),
               Qt.TextFlag.TextWordWrap, text)


def _piece(p: QPainter, piece, marker_in: float, margin_in: float, bits) -> None:
    side = (marker_in + 2 * margin_in) * POINTS
    x, y = piece.x_in * POINTS, piece.y_in * POINTS
    p.fillRect(QRectF(x, y, side, side), QColor("white"))
    pen = QPen(QColor("#9a9a9a"), 0.5, Qt.PenStyle.DashLine)
    p.setPen(pen)
    p.drawRect(QRectF(x, y, side, side))
    h, w = bits.shape
    img = QImage(bits.tobytes(), w, h, w, QImage.Format.Format_Grayscale8).copy()
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    m = margin_in * POINTS
    p.drawImage(QRectF(x + m, y + m, marker_in * POINTS, marker_in * POINTS), img)
    p.setPen(QColor("#808080"))
    p.setFont(QFont("Sans", 6))
    label = f"{piece.marker_id}" + (f" · {loc(piece.place)}" if piece.place else "")
    p.drawText(QRectF(x, y + side - m * 0.75, side, m * 0.6),
               Qt.AlignmentFlag.AlignCenter, label)
