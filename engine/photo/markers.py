"""The marker sheet: ArUco markers (OpenCV's DICT_4X4_50) laid at known points of the table,
so a photo of it can be measured.

Each marker is printed as a black square of MARKER_IN inches inside a white margin of
MARGIN_IN (the quiet zone detection needs on a dark mat), the piece cut along the margin.
The default layout: markers 0–3 at the table's corners (top-left, top-right, bottom-right,
bottom-left) with the piece's outer corner on the table's corner, markers 4–7 at the edges'
middles (top, right, bottom, left) with the piece's outer edge on the table's edge; every
marker upright (its top towards the table's top edge, y = 0). Other layouts — markers at
known points of one's own, OpenCV's printed grid and ChArUco boards, other dictionaries —
are data, read by engine.photo.layouts into the same MarkerLayout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.i18n import msg

__all__ = ["MARKER_IN", "MARGIN_IN", "DICTIONARY", "MarkerLayout", "default_layout",
           "LayoutError", "aruco_dictionary", "marker_image", "SheetPiece", "sheet_pieces"]

#: The printed marker's black square, inches (6 cells of 0.5": a phone photo of a 6' × 4'
#: table resolves a cell with 15–40 pixels).
MARKER_IN = 3.0
#: The white margin around it, inches.
MARGIN_IN = 0.35
#: OpenCV's predefined dictionary the markers come from (cv2.aruco.DICT_4X4_50).
DICTIONARY = "DICT_4X4_50"
#: Where each default marker stands: ("corner" | "edge", its id's place in words).
PLACES = (msg("top-left corner"), msg("top-right corner"), msg("bottom-right corner"),
          msg("bottom-left corner"), msg("top edge, middle"), msg("right edge, middle"),
          msg("bottom edge, middle"), msg("left edge, middle"))


class LayoutError(ValueError):
    """A marker layout that cannot be used; the message names the field."""


Quad = tuple[tuple[float, float], tuple[float, float], tuple[float, float],
             tuple[float, float]]
#: A dictionary: one of OpenCV's predefined ones by name ("DICT_6X6_250"), or one's own as
#: (marker bits per side, each marker's bits as a string of 0 and 1 row by row).
DictionarySpec = str | tuple[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class MarkerLayout:
    """Where each marker's black square lies on the table, inches: `markers` gives an
    upright square's top-left corner, `marker_in` on a side; `quads` (when a layout says
    so) a marker's four corners in ArUco's order, for markers turned or sized otherwise.
    `dictionary` is what the markers are printed from; `name` names a known board."""

    marker_in: float
    markers: dict[int, tuple[float, float]]
    dictionary: DictionarySpec = DICTIONARY
    quads: Mapping[int, Quad] = field(default_factory=dict)
    name: str = ""

    def corners(self, marker_id: int) -> list[tuple[float, float]]:
        """The marker's four corners on the table in ArUco's order (its top-left, then
        clockwise)."""
        if marker_id in self.quads:
            return list(self.quads[marker_id])
        x, y = self.markers[marker_id]
        s = self.marker_in
        return [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]

    @property
    def dictionary_name(self) -> str:
        """The dictionary in words for messages ("DICT_6X6_250", or one's own's size)."""
        if isinstance(self.dictionary, str):
            return self.dictionary
        bits, codes = self.dictionary
        return f"{len(codes)} × {bits}×{bits}"


def default_layout(table_w: float, table_h: float, *, edges: bool = True) -> MarkerLayout:
    """Markers at the corners (and the edges' middles) of a `table_w` × `table_h` table."""
    s, m = MARKER_IN, MARGIN_IN
    far_x, far_y = table_w - m - s, table_h - m - s
    spots = {0: (m, m), 1: (far_x, m), 2: (far_x, far_y), 3: (m, far_y)}
    if edges:
        spots |= {4: ((table_w - s) / 2, m), 5: (far_x, (table_h - s) / 2),
                  6: ((table_w - s) / 2, far_y), 7: (m, (table_h - s) / 2)}
    return MarkerLayout(s, spots)


def aruco_dictionary(spec: DictionarySpec):
    """OpenCV's dictionary for a layout's `dictionary` (cv2.aruco.Dictionary)."""
    import cv2
    import numpy as np

    if isinstance(spec, str):
        return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, spec))
    bits, codes = spec
    rows = [cv2.aruco.Dictionary.getByteListFromBits(
        np.array([c == "1" for c in code], np.uint8).reshape(bits, bits)) for code in codes]
    return cv2.aruco.Dictionary(np.concatenate(rows), bits, 0)


def marker_image(marker_id: int, pixels: int, dictionary: DictionarySpec = DICTIONARY):
    """The marker's black-and-white picture, `pixels` square (numpy uint8)."""
    import cv2

    return cv2.aruco.generateImageMarker(aruco_dictionary(dictionary), marker_id, pixels)


@dataclass(frozen=True, slots=True)
class SheetPiece:
    """One marker on the printed sheet: its page, where the cut piece's top-left corner
    is on the page (inches from the page's top-left), and where it goes on the table."""

    marker_id: int
    page: int
    x_in: float
    y_in: float
    place: str


def sheet_pieces(layout: MarkerLayout, page_w_in: float, page_h_in: float
                 ) -> list[SheetPiece]:
    """The layout's markers laid out on pages (as many per page as fit, 0.2" apart and at
    least 0.25" from the paper's edge: two by two on A4 and Letter)."""
    piece = layout.marker_in + 2 * MARGIN_IN
    gap, edge, top = 0.2, 0.25, 0.9  # between pieces, the paper's edge, a title line
    cols = max(1, int((page_w_in - 2 * edge + gap) // (piece + gap)))
    rows = max(1, int((page_h_in - top - edge + gap) // (piece + gap)))
    left = (page_w_in - cols * piece - (cols - 1) * gap) / 2
    out = []
    for i, marker_id in enumerate(sorted(layout.markers)):
        page, k = divmod(i, cols * rows)
        r, c = divmod(k, cols)
        place = PLACES[marker_id] if layout == default_layout_like(layout) and \
            marker_id < len(PLACES) else ""
        out.append(SheetPiece(marker_id, page, left + c * (piece + gap),
                              top + r * (piece + gap), place))
    return out


def default_layout_like(layout: MarkerLayout) -> MarkerLayout | None:
    """The default layout of the table this layout's corner markers span, if it is one."""
    if set(layout.markers) - set(range(8)) or 2 not in layout.markers:
        return None
    x, y = layout.markers[2]
    w, h = x + layout.marker_in + MARGIN_IN, y + layout.marker_in + MARGIN_IN
    d = default_layout(w, h, edges=len(layout.markers) > 4)
    return d if d.markers == layout.markers and d.marker_in == layout.marker_in else None
