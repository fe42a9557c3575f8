"""Where a unit's marker badges hang: at the corner of its own base that leaves every
label readable and reads as its own.

A badge row sits off one corner of its base (BadgeItem.CORNERS). Before any layout it takes
the corner its label leaves free; after each label layout (BoardScene.place_texts) every
unit with badges takes the first of its places — the label's corner first, then
top-right, the right side's middle, bottom-right, and the same on the left — whose row
covers no base and no unit
label, stays on the table (and in the view), and comes no closer than `OWN_PX` to another
unit's base than to its own: a row hanging in the gap between two bases read as the other
unit's ("S1 HP 0" under the next man's label). A row with no such place takes, of the
places that still read as its own, the one that covers the least (zoomed far out, bases a
few pixels apart, that may be the end of its own label). The rows taken are blocks the
group names and zone tags then keep clear of.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from .items import UnitItem

CORNERS = ("top-right", "right", "bottom-right", "top-left", "left", "bottom-left")
#: How close (pixels) a badge row may come to another unit's base: nearer, it reads as that
#: unit's. The row hangs 2 px off its own base's corner.
OWN_PX = 6.0


def _label_corner(item: UnitItem) -> str:
    return {"above": "bottom-right", "right": "top-left"}.get(item.label.where, "top-right")


def candidates(items: list[UnitItem], s: float) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """(m, 6, 4) pixel rectangles of each item's badge row at each of its places (the
    label's corner first), and those places' names in that order."""
    import numpy as np
    out = np.empty((len(items), len(CORNERS), 4))
    orders = []
    for i, item in enumerate(items):
        first = _label_corner(item)
        order = (first, *(c for c in CORNERS if c != first))
        orders.append(order)
        x, y = item.x(), item.y()
        for k, corner in enumerate(order):
            p = item.corner_point(corner)
            left, top, right, bottom = item.badges.rect_at(corner)
            ax, ay = (x + p.x()) * s, (y + p.y()) * s
            out[i, k] = (ax + left, ay + top, ax + right, ay + bottom)
    return out, orders


def near_others(cands: np.ndarray, owners: list[int], bases: np.ndarray,
                margin: float = OWN_PX) -> np.ndarray:
    """(m, k) whether each candidate comes within `margin` pixels of a base other than its
    owner's (`owners[i]`: the index of candidate i's unit among `bases`)."""
    import numpy as np
    m, k = cands.shape[:2]
    if not len(bases):
        return np.zeros((m, k), dtype=bool)
    grown = cands.reshape(m * k, 4) + (-margin, -margin, margin, margin)
    hit = (grown[:, None, 0] < bases[None, :, 2]) & (grown[:, None, 2] > bases[None, :, 0]) \
        & (grown[:, None, 1] < bases[None, :, 3]) & (grown[:, None, 3] > bases[None, :, 1])
    own = np.repeat(np.asarray(owners, dtype=np.intp), k)
    hit[np.arange(m * k), own] = False
    return hit.any(axis=1).reshape(m, k)


def place(items: list[UnitItem], owners: list[int], bases: np.ndarray, blocks: np.ndarray,
          s: float, bounds: tuple[float, float, float, float] | None) -> np.ndarray:
    """Hang every item's badges at its best corner (the module's rule); the (m, 4) pixel
    rectangles the rows took. `owners[i]`: item i's index among `bases` (every base on the
    board, pixels at `s`); `blocks`: the bases and labels to keep clear of; `bounds`: the
    table in the view (pixels), or None."""
    import numpy as np

    from geometry.labels import first_free

    from .texts import least_covering

    if not items:
        return np.zeros((0, 4))
    cands, orders = candidates(items, s)
    allowed = ~near_others(cands, owners, bases)
    if bounds is not None:
        left, top, right, bottom = bounds
        allowed &= (cands[..., 0] >= left) & (cands[..., 1] >= top) & \
            (cands[..., 2] <= right) & (cands[..., 3] <= bottom)
    allowed[~allowed.any(axis=1)] = True  # none its own: the least covering of all
    picks = first_free(cands, blocks, allowed)
    taken = np.empty((len(items), 4))
    for i, (item, p) in enumerate(zip(items, picks.tolist(), strict=True)):
        k = p if p >= 0 else least_covering(cands[i], blocks, allowed[i])
        item.place_badges(orders[i][k])
        taken[i] = cands[i, k]
    return taken
