"""A board picture's SVG made readable by every SVG renderer, not only Qt's.

Qt's QSvgGenerator writes each painter state as a `<g transform="matrix(…)">` and the
shapes inside it in the scene's units: the board's geometry in inches under a ×20-odd
scale, with `vector-effect="non-scaling-stroke"` for every one-pixel (cosmetic) pen. SVG
Tiny 1.2 has that attribute but librsvg, CairoSVG and ImageMagick ignore it and stroke the
lines 20 times too thick; and its font family "Sans Serif" is Qt's alias, no CSS family
(a browser falls back to a serif). So the picture is written through QSvgGenerator as
before (every label stays text) and then rewritten here:

- every shape's coordinates are mapped through its group's matrix into output pixels and
  the matrix dropped, so a stroke width means pixels without vector-effect (a pen that did
  scale has its width multiplied by the matrix's scale);
- a text keeps its matrix on the `<text>` itself when it is more than a shift (a text has
  no stroke to go wrong); a shift is added to its x and y;
- the font family is a list of real families ending in the generic `sans-serif`.

Only what QSvgGenerator writes is handled: absolute path commands (M, L, C, Z), polylines,
polygons, rects, circles, ellipses, images and texts inside transformed groups.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

__all__ = ["FONT_FAMILIES", "SVG_NS", "output_units"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
#: The fonts the board's text is drawn in, as CSS lists them: Qt's "Sans Serif" is
#: DejaVu Sans on most Linux desktops; the others are its metric twins elsewhere.
FONT_FAMILIES = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_MATRIX = re.compile(r"matrix\(([^)]*)\)")
_PATH_TOKEN = re.compile(r"[MLCZmlcz]|" + _NUMBER.pattern)

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _tag(name: str) -> str:
    return f"{{{SVG_NS}}}{name}"


def _fmt(v: float) -> str:
    """A coordinate with the precision a picture needs (1/1000 px), no trailing zeros."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _matrix(text: str | None) -> Matrix:
    found = _MATRIX.search(text or "")
    if found is None:
        return IDENTITY
    a, b, c, d, e, f = (float(v) for v in _NUMBER.findall(found.group(1)))
    return (a, b, c, d, e, f)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _scale(m: Matrix) -> float:
    """How much the matrix scales a length (the square root of its area factor)."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _is_shift(m: Matrix) -> bool:
    a, b, c, d, _, _ = m
    return a == 1.0 and d == 1.0 and b == 0.0 and c == 0.0


def _points(m: Matrix, text: str) -> str:
    nums = [float(v) for v in _NUMBER.findall(text)]
    pairs = (_apply(m, x, y) for x, y in zip(nums[::2], nums[1::2], strict=True))
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pairs)


def _path(m: Matrix, d: str) -> str:
    out: list[str] = []
    nums: list[float] = []

    def flush() -> None:
        for x, y in zip(nums[::2], nums[1::2], strict=True):
            px, py = _apply(m, x, y)
            out.append(f"{_fmt(px)},{_fmt(py)}")
        nums.clear()

    for token in _PATH_TOKEN.findall(d):
        if token in "MLCZ":
            flush()
            out.append(token)
        elif token in "mlcz":
            raise ValueError(f"svg path: relative command {token!r} not expected from Qt")
        else:
            nums.append(float(token))
    flush()
    return " ".join(out)


def _rect_as_path(m: Matrix, x: float, y: float, w: float, h: float) -> str:
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    moved = [_apply(m, px, py) for px, py in corners]
    return "M " + " L ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in moved) + " Z"


def _shape(el: ET.Element, m: Matrix) -> None:
    """Map one shape's geometry through `m` into output pixels (in place)."""
    tag = el.tag.rsplit("}", 1)[-1]
    g = el.get
    axis_aligned = m[1] == 0.0 and m[2] == 0.0
    if tag == "path":
        el.set("d", _path(m, g("d", "")))
    elif tag in ("polyline", "polygon"):
        el.set("points", _points(m, g("points", "")))
    elif tag == "line":
        x1, y1 = _apply(m, float(g("x1", 0)), float(g("y1", 0)))
        x2, y2 = _apply(m, float(g("x2", 0)), float(g("y2", 0)))
        el.set("x1", _fmt(x1)), el.set("y1", _fmt(y1))
        el.set("x2", _fmt(x2)), el.set("y2", _fmt(y2))
    elif tag in ("rect", "image") and axis_aligned:
        x, y = _apply(m, float(g("x", 0)), float(g("y", 0)))
        w, h = float(g("width", 0)) * m[0], float(g("height", 0)) * m[3]
        el.set("x", _fmt(min(x, x + w))), el.set("y", _fmt(min(y, y + h)))
        el.set("width", _fmt(abs(w))), el.set("height", _fmt(abs(h)))
        for r, k in (("rx", 0), ("ry", 3)):
            if g(r) is not None:
                el.set(r, _fmt(float(g(r)) * abs(m[k])))
    elif tag == "rect" and g("rx") is None and g("ry") is None:
        el.tag = _tag("path")
        d = _rect_as_path(m, float(g("x", 0)), float(g("y", 0)), float(g("width", 0)),
                          float(g("height", 0)))
        for k in ("x", "y", "width", "height"):
            el.attrib.pop(k, None)
        el.set("d", d)
    elif tag in ("circle", "ellipse") and axis_aligned:
        cx, cy = _apply(m, float(g("cx", 0)), float(g("cy", 0)))
        rx = float(g("r") or g("rx") or 0) * abs(m[0])
        ry = float(g("r") or g("ry") or 0) * abs(m[3])
        el.tag = _tag("ellipse")
        el.attrib.pop("r", None)
        for k, v in (("cx", cx), ("cy", cy), ("rx", rx), ("ry", ry)):
            el.set(k, _fmt(v))
    else:  # anything else keeps its matrix (a rotated ellipse or image): still right
        el.set("transform", _matrix_text(m))


def _matrix_text(m: Matrix) -> str:
    return "matrix(" + ",".join(f"{v:.6g}" for v in m) + ")"


def _text(el: ET.Element, m: Matrix) -> None:
    if _is_shift(m):
        for k, shift in (("x", m[4]), ("y", m[5])):
            values = _NUMBER.findall(el.get(k, "0"))
            el.set(k, " ".join(_fmt(float(v) + shift) for v in values))
    else:
        el.set("transform", _matrix_text(m))


def _stroke_width(group: ET.Element, el: ET.Element) -> float | None:
    """The width the element is stroked with, or None when it is not stroked."""
    stroke = el.get("stroke", group.get("stroke", "none"))
    if stroke == "none":
        return None
    return float(el.get("stroke-width", group.get("stroke-width", "1")))


def _group(group: ET.Element) -> None:
    m = _matrix(group.get("transform"))
    group.attrib.pop("transform", None)
    if group.get("font-family") is not None:
        group.set("font-family", FONT_FAMILIES)
    for el in list(group):
        tag = el.tag.rsplit("}", 1)[-1]
        if el.get("font-family") is not None:
            el.set("font-family", FONT_FAMILIES)
        if tag == "g":
            continue  # QSvgGenerator does not nest its state groups
        if tag == "text":
            _text(el, m)
            continue
        fixed = el.attrib.pop("vector-effect", "none") == "non-scaling-stroke"
        width = _stroke_width(group, el)
        if width is not None and not fixed and m != IDENTITY:
            el.set("stroke-width", _fmt(width * _scale(m)))  # a pen that scaled with it
        _shape(el, m)


def output_units(svg: bytes) -> bytes:
    """QSvgGenerator's SVG with every shape in output pixels, no vector-effect and a real
    font list (the module's docstring says why)."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(svg)
    for group in root.iter(_tag("g")):
        _group(group)
    for el in root.iter():
        if el.get("font-family") is not None:
            el.set("font-family", FONT_FAMILIES)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body).encode()
