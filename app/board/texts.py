"""The board's other texts — a group's name, a zone's name and tags — placed beside the unit
labels, never over them.

Such a text ignores the zoom (its size is in pixels) and hangs by a rectangle on the table
(the group's outline, the zone's area, the ring round a marked unit). It has a few places
round that rectangle, in the order it prefers them; after every label layout (and when the
texts change) each takes the first place that covers no unit label, no base and no text
placed before it (labels.first_free), or, when every place covers something, the one that
covers the least — and a text drawn over the units then goes under their labels.

A place is four numbers (fx, fy, ox, oy): the text's top-left corner at the rectangle's
left + fx × its width + ox × the text's width, and top + fy × its height + oy × the text's
height. So (0, 0, 0, -1) is above the rectangle's top-left corner, (1, 0, -1, -1) above its
top-right one, (0, 1, 0, 0) below its bottom-left one, (1, 0, 0, -1) beside its top-right
corner, outside.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QTransform
from PySide6.QtWidgets import QGraphicsItem

from . import labels

if TYPE_CHECKING:
    import numpy as np

Place = tuple[float, float, float, float]

#: Round an outline or an area: above its top-left corner, above its top-right, below its
#: bottom-left, below its bottom-right, above and below its middle, beside its left and
#: right sides (outside, at the top, then the middle), then a row farther out.
AROUND: tuple[Place, ...] = ((0, 0, 0, -1), (1, 0, -1, -1), (0, 1, 0, 0), (1, 1, -1, 0),
                             (0.5, 0, -0.5, -1), (0.5, 1, -0.5, 0), (0, 0, -1, 0),
                             (1, 0, 0, 0), (0, 0.5, -1, -0.5), (1, 0.5, 0, -0.5),
                             (0, 0, 0, -2), (1, 0, -1, -2), (0, 1, 0, 1), (1, 1, -1, 1))
#: Beside a small thing (a ring round a unit): off its four corners, off its sides, above
#: and below it, then a row farther out.
BESIDE: tuple[Place, ...] = ((1, 0, 0, -1), (0, 0, -1, -1), (1, 1, 0, 0), (0, 1, -1, 0),
                             (1, 0.5, 0, -0.5), (0, 0.5, -1, -0.5), (0.5, 0, -0.5, -1),
                             (0.5, 1, -0.5, 0), (1, 0, 0, -2), (0, 0, -1, -2), (1, 1, 0, 1),
                             (0, 1, -1, 1))


def raised(places: Sequence[Place], rows: float) -> tuple[Place, ...]:
    """`places` with the ones above the rectangle `rows` text rows higher and those below
    it `rows` rows lower (a nested group's name clear of its inner group's)."""
    return tuple((fx, fy, ox, oy - rows if fy < 0.5 else oy + rows if fy > 0.5 else oy)
                 for fx, fy, ox, oy in places)


@dataclass(slots=True)
class BoardText:
    """One text item placed round `anchor` (table inches) at one of `places`."""

    item: QGraphicsItem
    anchor: QRectF
    places: tuple[Place, ...] = AROUND
    #: for a text drawn over the units (a zone's): its z where it covers nothing, and the
    #: z under the unit labels it takes where every place covers something (so the names
    #: it would cover stay readable); None: its z is left alone (already under them)
    z: tuple[float, float] | None = None
    #: which of `places` it took at the last layout (-1: none free: the least covering)
    took: int = 0
    #: the text's pixel size (its item's text does not change: a new text is a new item)
    size: tuple[float, float] = field(init=False)
    #: the place it hangs at now (show_at), None before the first
    shown_at: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        r = self.item.boundingRect()
        self.size = (r.width(), r.height())


def candidates(texts: Sequence[BoardText], s: float) -> np.ndarray:
    """(m, k, 4) pixel rectangles of every text's places at `s` px per inch (a text with
    fewer places than the most repeats its last)."""
    import numpy as np
    k = max(len(t.places) for t in texts)
    spec = np.array([_padded(t.places, k) for t in texts], dtype=float)  # (m, k, 4)
    box = np.array([(t.anchor.left(), t.anchor.top(), t.anchor.width(), t.anchor.height())
                    for t in texts], dtype=float) * s          # (m, 4)
    size = np.array([t.size for t in texts], dtype=float)     # (m, 2)
    fx, fy, ox, oy = np.moveaxis(spec, 2, 0)
    x = box[:, None, 0] + fx * box[:, None, 2] + ox * size[:, None, 0]
    y = box[:, None, 1] + fy * box[:, None, 3] + oy * size[:, None, 1]
    return np.stack([x, y, x + size[:, None, 0], y + size[:, None, 1]], axis=2)


@functools.lru_cache(maxsize=64)
def _padded(places: tuple[Place, ...], k: int) -> tuple[Place, ...]:
    return (*places, *[places[-1]] * (k - len(places)))


def place(texts: Sequence[BoardText], blocks: np.ndarray, s: float,
          view: tuple[float, float, float, float] | None = None) -> np.ndarray:
    """Put every text at its first free place (labels.first_free against `blocks`, pixels
    at `s` px per inch) — of those inside `view` (left, top, right, bottom pixels: what
    the board's view shows), for a text with any place there; the (m, 4) rectangles they
    took."""
    import numpy as np
    if not texts:
        return np.zeros((0, 4))
    cands = candidates(texts, s)
    allowed = None
    if view is not None:
        left, top, right, bottom = view
        allowed = (cands[..., 0] >= left) & (cands[..., 1] >= top) & \
            (cands[..., 2] <= right) & (cands[..., 3] <= bottom)
        allowed[~allowed.any(axis=1)] = True  # nowhere in view: every place
    picks = labels.first_free(cands, blocks, allowed)
    taken = np.empty((len(texts), 4))
    for i, (t, p) in enumerate(zip(texts, picks.tolist(), strict=True)):
        t.took = p
        k = p if p >= 0 else least_covering(cands[i], blocks,
                                            None if allowed is None else allowed[i])
        taken[i] = cands[i, k]
        if t.z is not None:
            z = t.z[0] if p >= 0 else t.z[1]
            if t.item.zValue() != z:
                t.item.setZValue(z)
        if t.shown_at != k:
            show_at(t, k)
    return taken


def show_at(t: BoardText, k: int) -> None:
    """Hang the text at its place `k`: its position the place's point on the rectangle
    (inches), its transform the place's offset in text widths and heights (pixels) — both
    the same at every zoom, so a zoom moves (and repaints) only the texts whose place
    changes."""
    fx, fy, ox, oy = t.places[min(k, len(t.places) - 1)]
    a, (w, h) = t.anchor, t.size
    t.item.setPos(QPointF(a.left() + fx * a.width(), a.top() + fy * a.height()))
    t.item.setTransform(QTransform.fromTranslate(ox * w, oy * h))
    t.shown_at = k


def least_covering(places: np.ndarray, blocks: np.ndarray,
                   allowed: np.ndarray | None = None) -> int:
    """Of a text's places (k, 4) — those `allowed` — the one that covers the least area of
    `blocks` (the first such): where a text goes when every place of it covers something."""
    import numpy as np
    if not len(blocks):
        return 0 if allowed is None else int(np.argmax(allowed))
    w = np.minimum(places[:, None, 2], blocks[None, :, 2]) - \
        np.maximum(places[:, None, 0], blocks[None, :, 0])
    h = np.minimum(places[:, None, 3], blocks[None, :, 3]) - \
        np.maximum(places[:, None, 1], blocks[None, :, 1])
    area = (np.clip(w, 0, None) * np.clip(h, 0, None)).sum(axis=1)
    if allowed is not None:
        area = np.where(allowed, area, np.inf)
    return int(np.argmin(area))
