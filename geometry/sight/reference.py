"""The reference oracle: the visible fraction worked out plainly with shapely, piece by
piece, against which the fast path is tested and the benchmark compares."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..terrain import TerrainIndex
from .checks import _EPS, _overlap
from .sampling import DEFAULT_SAMPLES, sample_points


def reference_visible_fraction(
    index: TerrainIndex,
    shooter: Polygon,
    target: Polygon,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> float:
    """The same visible fraction computed plainly with shapely, piece by piece.

    Slow on purpose (no index, no culling): the oracle the fast path is tested against and
    the "naive per-pair loop" the benchmark compares with.
    """
    centres, pts = sample_points([shooter, target], samples)
    starts = np.broadcast_to(centres[0], pts[1].shape)
    lines = shapely.linestrings(np.stack([starts, pts[1]], axis=1))
    blocked = np.zeros(len(lines), dtype=bool)
    depth = np.zeros(len(lines))
    solids = [(index.shapes[j], None) for j in index.los_pieces[index.los_solid]]
    solids += [(b, None) for b in blockers]
    woods = [
        (index.shapes[j], d)
        for j, d in zip(index.los_pieces, index.los_depth, strict=True)
        if np.isfinite(d)
    ]
    for g, d in solids + woods:
        s_on = _overlap(shooter, g)
        t_on = _overlap(target, g)
        if d is None:
            if not (s_on or t_on):
                blocked |= shapely.intersects(lines, g)
            continue
        inside = shapely.length(shapely.intersection(lines, g))
        for base, on in ((shooter, s_on), (target, t_on)):
            if on:
                inside = inside - shapely.length(
                    shapely.intersection(lines, shapely.intersection(g, base))
                )
        depth += np.maximum(inside, 0.0) / d
    blocked |= depth > 1 + _EPS
    return float(1.0 - blocked.mean())
