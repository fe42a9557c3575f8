"""Where the sight lines end: sample points spread over each base (module docstring of
geometry.los, Sampling), kept per outline object (geometry.outline_rows)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Polygon

from ..outline_rows import Rows, slots_of
from .checks import _as_polygons, _check_samples

#: Sight lines per target base; 24 keeps a half-hidden base within ±0.1 of 0.5 while the
#: threat view (one unit against 200) stays inside its 10 ms budget.
DEFAULT_SAMPLES = 24



#: Fill of its oriented envelope above which a base is sampled as a rectangle, not an ellipse
#: (a rectangle fills 1, an ellipse pi/4 = 0.785).
_RECT_FILL = (1 + np.pi / 4) / 2



_GOLDEN_ANGLE = np.pi * (3 - np.sqrt(5))



def sample_points(
    polys: Sequence[Polygon] | np.ndarray, samples: int = DEFAULT_SAMPLES, name: str = "polys"
) -> tuple[np.ndarray, np.ndarray]:
    """Centres (n, 2) and sample points (n, samples, 2) spread over each base.

    The base's box along its own axes (`base_frames`) gives its centre and half-axes; a
    sunflower spiral on the unit disc (radius sqrt((i + 0.5) / n), angle i x golden angle) is
    mapped onto it: affinely for round and oval bases (an even spread over the ellipse, which
    is the base), and stretched from the disc to the square for rectangles so the corners are
    seen too. Every point lies strictly inside a convex base; the first is next to the centre.
    """
    centre, pts, _ = _samples(_as_polygons(polys, name), _check_samples(samples))
    return centre, pts



#: Sample points already worked out, a row per base outline object and sample count
#: (geometry.outline_rows: the outline's centre, points, bound and reach). Outlines come from
#: geometry.bases.base_polygon, which hands out the same object for the same placement, so
#: measuring a pair again (the pointer moving, the threat view, a re-aimed measure) reuses
#: them; a row goes when its outline is garbage-collected.
_SAMPLE_ROWS: dict[int, Rows] = {}



def _sample_rows(polys: np.ndarray, samples: int, slots: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`sample_points` with each base's bound (the corner of its box: every vertex is
    within it) and reach (its farthest sample from the centre), kept per outline (no
    outline: empty arrays, nothing kept)."""
    if len(polys) == 0:
        return _with_reach(*_compute_samples(polys, samples))
    rows = _SAMPLE_ROWS.get(samples) or _SAMPLE_ROWS.setdefault(
        samples, Rows(lambda ps, n=samples: _with_reach(*_compute_samples(ps, n))))
    if slots is None:
        slots = slots_of(polys)
    return rows.get(polys, slots)  # type: ignore[return-value]



def _with_reach(centre: np.ndarray, pts: np.ndarray, bound: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    return centre, pts, bound, np.sqrt(((pts - centre[:, None, :]) ** 2).sum(-1)).max(axis=1)



def _sampled(poly, samples: int) -> tuple | None:
    """The (centre, points, bound) kept for this outline, None if none is."""
    rows = _SAMPLE_ROWS.get(samples)
    row = rows.row(poly) if rows is not None else None
    return None if row is None else row[:3]



def _samples(polys: np.ndarray, samples: int, slots: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`sample_points`, and how far each base reaches from its centre at most (the corner of
    its box: every vertex is within it). Each row depends on its own base only, so rows are
    kept per outline and only the unseen outlines are computed."""
    return _sample_rows(polys, samples, slots)[:3]



def _compute_samples(polys: np.ndarray, samples: int
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    centre, half_a, half_b = base_frames(polys)
    len_a, len_b = np.hypot(*half_a.T), np.hypot(*half_b.T)
    rect = shapely.area(polys) / (4 * len_a * len_b) > _RECT_FILL
    i = np.arange(samples)
    r = np.sqrt((i + 0.5) / samples)
    th = i * _GOLDEN_ANGLE
    c, s = np.cos(th), np.sin(th)
    disc = np.stack([r * c, r * s], axis=-1)
    square = disc / np.maximum(np.abs(c), np.abs(s))[:, None]
    unit = np.where(rect[:, None, None], square[None], disc[None])  # (n, samples, 2)
    pts = (
        centre[:, None, :]
        + unit[..., 0:1] * half_a[:, None, :]
        + unit[..., 1:2] * half_b[:, None, :]
    )
    return centre, pts, np.hypot(len_a, len_b)



def base_frames(polys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centre (n, 2) and half-axis vectors (n, 2), (n, 2) of each base's box along its axes.

    The axes are the principal axes of the outline's vertices, or the first edge's direction
    when those are isotropic (a square, a circle) or the outline has four corners (a
    rectangle). For the bases of `base_polygon` this is their oriented envelope, in numpy at
    a fraction of shapely.oriented_envelope's cost.
    """
    xy, ring = shapely.get_coordinates(shapely.get_exterior_ring(polys), return_index=True)
    n = len(polys)
    last = np.concatenate((ring[1:] != ring[:-1], [True]))  # the closing repeat of each ring
    keep = ~last
    rk, xk = ring[keep], xy[keep]
    nv = np.bincount(rk, minlength=n)
    mx = np.bincount(rk, xk[:, 0], minlength=n) / nv
    my = np.bincount(rk, xk[:, 1], minlength=n) / nv
    dx, dy = xy[:, 0] - mx[ring], xy[:, 1] - my[ring]
    dxk, dyk = dx[keep], dy[keep]
    sxx = np.bincount(rk, dxk * dxk, minlength=n)
    syy = np.bincount(rk, dyk * dyk, minlength=n)
    sxy = np.bincount(rk, dxk * dyk, minlength=n)
    first = np.concatenate(([True], ring[1:] != ring[:-1])).nonzero()[0]
    edge = np.arctan2(xy[first + 1, 1] - xy[first, 1], xy[first + 1, 0] - xy[first, 0])
    pca = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    flat = np.hypot(sxx - syy, 2 * sxy) <= 1e-9 * (sxx + syy)
    ang = np.where(flat | (nv == 4), edge, pca)
    ux, uy = np.cos(ang), np.sin(ang)
    along = dx * ux[ring] + dy * uy[ring]
    across = -dx * uy[ring] + dy * ux[ring]
    a_lo = np.minimum.reduceat(along, first)
    a_hi = np.maximum.reduceat(along, first)
    b_lo = np.minimum.reduceat(across, first)
    b_hi = np.maximum.reduceat(across, first)
    ca, cb = (a_lo + a_hi) / 2, (b_lo + b_hi) / 2
    centre = np.stack([mx + ca * ux - cb * uy, my + ca * uy + cb * ux], axis=1)
    half_a = np.stack([ux, uy], axis=1) * ((a_hi - a_lo) / 2)[:, None]
    half_b = np.stack([-uy, ux], axis=1) * ((b_hi - b_lo) / 2)[:, None]
    return centre, half_a, half_b
