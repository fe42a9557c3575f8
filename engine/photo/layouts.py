"""Marker layouts as data: where each printed marker lies on the table, read from a JSON
description, so that the sheet Warboard prints, a sheet of one's own and the boards OpenCV
publishes (a grid of markers, a ChArUco chessboard) are measured by the same fitting code.

    {"name": "…", "dictionary": "DICT_6X6_250", "unit": "mm", "at": [x, y],
     and one of
     "markers": {"23": [x, y], "40": [[x, y], [x, y], [x, y], [x, y]], …}, "marker": 25
     "grid": {"columns": 5, "rows": 7, "marker": 28, "separation": 2.8, "first_id": 0}
     "charuco": {"columns": 5, "rows": 7, "square": 34, "marker": 17, "first_id": 0}}

Lengths are in `unit` ("in", the default, "mm" or "cm"); `at` is where the layout's origin
lies on the table. A marker is given by its upright black square's top-left corner (sides
`marker` long, or `marker_in` inches) or by its four corners in ArUco's order. The
dictionary is one of OpenCV's predefined ones by name (DICT_4X4_50, the sheet's, when not
said) or one's own: {"bits": 6, "markers": ["0110…", …]}. Grid and ChArUco boards are laid
out by OpenCV's own board classes, so a board printed from OpenCV's tools matches. Known
boards are such files in resources/photo/boards, named by their file's stem.
"""

from __future__ import annotations

import math
from importlib import resources
from pathlib import Path
from typing import Any

from engine.i18n import join, msg
from engine.photo.markers import (
    MARKER_IN,
    DictionarySpec,
    LayoutError,
    MarkerLayout,
    Quad,
    aruco_dictionary,
    default_layout,
)

__all__ = ["layout_from_json", "load_layout", "known_boards", "board_title", "SHEET",
           "UNITS", "MAX_LAYOUT_BYTES"]

#: Inches per unit a layout may be written in.
UNITS = {"in": 1.0, "mm": 1 / 25.4, "cm": 1 / 2.54}
#: The name of the printed sheet's own layout (corners and edge middles of the table).
SHEET = "sheet"
#: The largest layout file read.
MAX_LAYOUT_BYTES = 1 << 20
#: A marker's side, inches: from a fingertip-sized print to a floor tile.
SIDE_RANGE = (0.2, 24.0)
_BOARDS = "photo/boards"


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) \
        and abs(v) < 1e5


def _point(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_number(c) for c in v)


def _dictionary(d: Any) -> DictionarySpec:
    """The layout's dictionary (LayoutError naming the field)."""
    import cv2

    if d is None:
        return MarkerLayout(MARKER_IN, {}).dictionary
    if isinstance(d, str):
        if not d.startswith("DICT_") or not isinstance(getattr(cv2.aruco, d, None), int):
            raise LayoutError(msg("dictionary: {got} is not one of OpenCV's dictionaries "
                                  "(such as DICT_4X4_50 or DICT_6X6_250)", got=repr(d)))
        return d
    if not isinstance(d, dict):
        raise LayoutError(msg("dictionary: expected a name or an object of bits and "
                              "markers"))
    bits, codes = d.get("bits"), d.get("markers")
    if isinstance(bits, bool) or not isinstance(bits, int) or not 3 <= bits <= 8:
        raise LayoutError(msg("dictionary.bits: expected 3 to 8 bits a side, got {got}",
                              got=repr(bits)))
    if not isinstance(codes, list) or not 1 <= len(codes) <= 1000:
        raise LayoutError(msg("dictionary.markers: expected a list of 1 to 1000 markers"))
    for k, code in enumerate(codes):
        if not (isinstance(code, str) and len(code) == bits * bits
                and set(code) <= {"0", "1"}):
            raise LayoutError(msg("dictionary.markers.{k}: expected {n} digits 0 or 1",
                                  k=k, n=bits * bits))
    return bits, tuple(codes)


def _size(d: dict, key: str, scale: float, where: str) -> float:
    v = d.get(key)
    lo, hi = SIDE_RANGE
    if not _number(v) or not lo <= v * scale <= hi:
        raise LayoutError(msg("{field}: expected a length from {lo}\" to {hi}\" in the "
                              "layout's unit, got {got}", field=where, lo=lo, hi=hi,
                              got=repr(v)))
    return float(v)


def _count(d: dict, key: str, where: str, lo: int = 1, hi: int = 100) -> int:
    v = d.get(key, lo if key == "first_id" else None)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise LayoutError(msg("{field}: expected a whole number from {lo} to {hi}, got {got}",
                              field=where, lo=lo, hi=hi, got=repr(v)))
    return v


def _listed(d: dict, scale: float, n_codes: int) -> tuple[float, dict[int, Quad]]:
    """Markers one by one: the side (inches) and each marker's corners (layout units)."""
    spots = d.get("markers")
    if not isinstance(spots, dict) or not spots:
        raise LayoutError(msg("markers: expected an object of marker id → [x, y]"))
    if "marker_in" in d or "marker" not in d:
        size = d.get("marker_in", MARKER_IN)
        if not _number(size) or not 0.5 <= size <= 24:
            raise LayoutError(msg("marker_in: expected inches from 0.5 to 24, got {got}",
                                  got=repr(size)))
        side = size / scale
    else:
        side = _size(d, "marker", scale, "marker")
    quads: dict[int, Quad] = {}
    for key, xy in spots.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < n_codes):
            raise LayoutError(msg("markers: {key}: expected a marker id from 0 to {last}",
                                  key=repr(key), last=n_codes - 1))
        if _point(xy):
            x, y = xy
            quads[int(key)] = ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
        elif isinstance(xy, list) and len(xy) == 4 and all(_point(p) for p in xy):
            quads[int(key)] = tuple((float(p[0]), float(p[1])) for p in xy)
        else:
            raise LayoutError(msg("markers.{key}: expected [x, y] or its four corners "
                                  "[[x, y], …]", key=key))
    return side * scale, quads


def _board(kind: str, d: Any, scale: float, dictionary: DictionarySpec, n_codes: int
           ) -> tuple[float, dict[int, Quad]]:
    """A grid or ChArUco board laid out by OpenCV's board class (layout units)."""
    import cv2
    import numpy as np

    if not isinstance(d, dict):
        raise LayoutError(msg("{field}: expected an object", field=kind))
    cols = _count(d, "columns", f"{kind}.columns")
    rows = _count(d, "rows", f"{kind}.rows")
    first = _count(d, "first_id", f"{kind}.first_id", 0, n_codes - 1)
    marker = _size(d, "marker", scale, f"{kind}.marker")
    if kind == "grid":
        gap = d.get("separation")
        if not _number(gap) or not 0 <= gap <= 10 * marker:
            raise LayoutError(msg("grid.separation: expected a length from 0 to ten "
                                  "markers, got {got}", got=repr(gap)))
        n = cols * rows
    else:
        square = _size(d, "square", scale, "charuco.square")
        if not marker < square:
            raise LayoutError(msg("charuco.marker: a marker must be smaller than its "
                                  "square ({square})", square=square))
        n = cols * rows // 2
    if first + n > n_codes:
        raise LayoutError(msg("{field}: the board's {n} markers from id {first} are more "
                              "than the dictionary's {codes}", field=kind, n=n, first=first,
                              codes=n_codes))
    ids = np.arange(first, first + n, dtype=np.int32)
    cv_dict = aruco_dictionary(dictionary)
    board = cv2.aruco.GridBoard((cols, rows), marker, float(gap), cv_dict, ids) \
        if kind == "grid" else cv2.aruco.CharucoBoard((cols, rows), square, marker, cv_dict,
                                                      ids)
    quads = {int(i): tuple((float(p[0]), float(p[1])) for p in pts)
             for i, pts in zip(board.getIds().ravel(), board.getObjPoints(), strict=True)}
    return marker * scale, quads


def layout_from_json(d: Any) -> MarkerLayout:
    """A layout from its JSON form (LayoutError naming the field)."""
    if not isinstance(d, dict):
        raise LayoutError(msg("expected an object"))
    unit = d.get("unit", "in")
    if unit not in UNITS:
        raise LayoutError(msg("unit: expected in, mm or cm, got {got}", got=repr(unit)))
    scale = UNITS[unit]
    at = d.get("at", [0, 0])
    if not _point(at):
        raise LayoutError(msg("at: expected [x, y], where the layout's origin lies on the "
                              "table"))
    name = d.get("name", "")
    if not isinstance(name, str) or len(name) > 200:
        raise LayoutError(msg("name: expected a short text"))
    dictionary = _dictionary(d.get("dictionary"))
    n_codes = len(dictionary[1]) if isinstance(dictionary, tuple) else \
        int(aruco_dictionary(dictionary).bytesList.shape[0])
    kinds = [k for k in ("markers", "grid", "charuco") if k in d]
    if len(kinds) != 1:
        raise LayoutError(msg("expected one of markers, grid or charuco, got {got}",
                              got=join(", ", kinds) if kinds else msg("none")))
    if kinds[0] == "markers":
        side, quads = _listed(d, scale, n_codes)
    else:
        side, quads = _board(kinds[0], d[kinds[0]], scale, dictionary, n_codes)
    ox, oy = at
    table = {i: tuple(((x + ox) * scale, (y + oy) * scale) for x, y in q)
             for i, q in quads.items()}
    tops = {i: (min(p[0] for p in q), min(p[1] for p in q)) for i, q in table.items()}
    return MarkerLayout(side, tops, dictionary, table, name)


def known_boards() -> list[str]:
    """The names `load_layout` knows besides files: the sheet and the boards' files."""
    folder = resources.files("resources").joinpath(_BOARDS)
    names = [p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")]
    return [SHEET, *sorted(names)]


def _board_bytes(name: str) -> bytes:
    return resources.files("resources").joinpath(_BOARDS, f"{name}.json").read_bytes()


def board_title(name: str) -> Any:
    """What a known board is called, for the player: a message for the sheet, else the
    board's record — its `name` and any `name_<lang>` — for engine.i18n.localized."""
    import json

    if name == SHEET:
        return msg("The printed sheet: the table's corners and edge middles")
    d = json.loads(_board_bytes(name))
    return {k: v for k, v in d.items() if k == "name" or k.startswith("name_")}


def load_layout(spec: str | None, table_w: float, table_h: float) -> MarkerLayout:
    """The layout `spec` names: None or "sheet" (the printed sheet on this table), a
    known board's name, or a layout file's path (LayoutError naming why not)."""
    from engine import safe_json

    if spec in (None, SHEET):
        return default_layout(table_w, table_h)
    if spec in known_boards():
        data = _board_bytes(spec)
    elif spec.endswith(".json") or Path(spec).exists():
        try:
            data = safe_json.read_regular(spec, MAX_LAYOUT_BYTES)
        except FileNotFoundError:
            raise LayoutError(msg("no such file")) from None
        except OSError as e:
            raise LayoutError(msg("cannot be read ({why})", why=e.strerror or str(e))) \
                from None
        if len(data) > MAX_LAYOUT_BYTES:
            raise LayoutError(msg("more than 1 MB, not a marker layout"))
    else:
        raise LayoutError(msg("neither a layout file nor a known board ({names})",
                              names=join(", ", known_boards())))
    try:
        return layout_from_json(safe_json.loads(data))
    except safe_json.JSONInputError as e:
        raise LayoutError(e.args[0] if e.args else str(e)) from None
