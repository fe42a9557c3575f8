"""The heat map of a scattered blast: the chance each point of the table ends up under it.

For drawing, not for deciding: on a raster of cells, with the template taken as its
circle, worked out exactly over the bearing grid without visiting every landing
(`coverage_raster`), so it can be redrawn as the aim point moves.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .scatter_landings import N_BEARINGS, DistanceScheme, check_aim, check_bearings, diameter_of


@dataclass(frozen=True, slots=True)
class Heatmap:
    """P(covered) per raster cell: `values[row, col]` is the cell whose centre is
    (x0 + (col + ½)·cell, y0 + (row + ½)·cell), in inches."""

    x0: float
    y0: float
    cell: float
    values: np.ndarray

    @property
    def width_in(self) -> float:
        return self.values.shape[1] * self.cell

    @property
    def height_in(self) -> float:
        return self.values.shape[0] * self.cell

    def at(self, x: float, y: float) -> float:
        """The value of the cell holding (x, y); 0 off the raster."""
        col = int(math.floor((x - self.x0) / self.cell))
        row = int(math.floor((y - self.y0) / self.cell))
        if 0 <= row < self.values.shape[0] and 0 <= col < self.values.shape[1]:
            return float(self.values[row, col])
        return 0.0


def coverage_raster(shape: str, aim: Sequence[float], scheme: DistanceScheme,
                    n_bearings: int = N_BEARINGS, cell: float = 0.2,
                    clip: tuple[float, float, float, float] | None = None) -> Heatmap:
    """The chance that each cell centre ends up under the template (its circle), on a raster
    covering every place it may land, optionally clipped to (minx, miny, maxx, maxy).

    Exact over the bearing grid without visiting every landing: a point at distance ρ from
    the aim is under a landing at distance d and bearing θ when θ is within
    arccos((ρ² + d² − r²) / 2ρd) of the point's own bearing, so each distance only needs a
    count of grid bearings in an arc.
    """
    radius = diameter_of(shape) / 2
    x, y = check_aim(aim)
    if isinstance(cell, bool) or not isinstance(cell, int | float) or not cell > 0:
        raise ValueError(f"cell: expected a positive number, got {cell!r}")
    n = check_bearings(n_bearings)
    pairs = scheme.distance_weights()
    reach = max(d for d, _ in pairs) + radius
    lo_x, lo_y, hi_x, hi_y = x - reach, y - reach, x + reach, y + reach
    if clip is not None:
        lo_x, lo_y = max(lo_x, clip[0]), max(lo_y, clip[1])
        hi_x, hi_y = min(hi_x, clip[2]), min(hi_y, clip[3])
    cols = max(0, math.ceil((hi_x - lo_x) / cell))
    rows = max(0, math.ceil((hi_y - lo_y) / cell))
    if cols == 0 or rows == 0:
        return Heatmap(lo_x, lo_y, cell, np.zeros((0, 0)))
    px = lo_x + (np.arange(cols) + 0.5) * cell - x
    py = lo_y + (np.arange(rows) + 0.5) * cell - y
    dx, dy = px[None, :], py[:, None]  # broadcast: the grid's values, no meshgrid copies
    rho = np.hypot(dx, dy).ravel()
    phi = np.degrees(np.arctan2(dy, dx)).ravel()
    # A landing at distance d > 0 covers only points with |ρ − d| < r (elsewhere c ≥ 1:
    # no bearing reaches them), so each distance works on its ring of cells alone: the
    # cells sorted into bands of ρ one cell wide (an integer sort), a ring is the slice of
    # the bands it meets. The margin keeps every cell the formula might count; the few
    # cells of those bands outside the ring add the formula's exact 0.
    band = np.floor(rho / cell)
    small = band.size == 0 or band.max() < np.iinfo(np.int16).max  # int16: a radix sort
    band = band.astype(np.int16 if small else np.int64)
    order = np.argsort(band, kind="stable")
    band, rho, phi = band[order], rho[order], phi[order]  # a ring is a slice of these
    top = int(band[-1]) + 1 if band.size else 0  # past every band: the queries' bound
    margin = 1e-9 * (1.0 + reach)
    acc = np.zeros_like(rho)
    for d, p in pairs:
        if d == 0:
            acc += float(p) * (rho < radius)
            continue
        first = min(max(math.floor((d - radius - margin) / cell), -1), top)
        last = min(max(math.floor((d + radius + margin) / cell), -1), top)
        lo, hi = np.searchsorted(band, first, "left"), np.searchsorted(band, last, "right")
        acc[lo:hi] += float(p) * _arc_count(rho[lo:hi], phi[lo:hi], d, radius, n) / n
    out = np.empty_like(acc)
    out[order] = acc
    return Heatmap(lo_x, lo_y, cell, np.clip(out.reshape(rows, cols), 0.0, 1.0))


def _arc_count(rho: np.ndarray, phi: np.ndarray, d: float, radius: float,
               n: int) -> np.ndarray:
    """How many of the n grid bearings put a landing at distance d over each point (ρ, φ
    about the aim): those within arccos((ρ² + d² − r²) / 2ρd) of φ. Worked in place (the
    same operations in the same order as the plain expression, so the same floats)."""
    step = 360.0 / n
    c = rho * rho
    c += d * d
    c -= radius * radius
    den = 2 * rho
    den *= d
    with np.errstate(divide="ignore", invalid="ignore"):
        c /= den
    full, none = c <= -1.0, (c >= 1.0) | np.isnan(c)
    half = np.clip(c, -1.0, 1.0, out=den)
    np.arccos(half, out=half)
    np.degrees(half, out=half)
    # grid bearings k·step strictly inside (phi − half, phi + half)
    count = np.add(phi, half, out=c)
    count /= step
    np.ceil(count, out=count)
    low = np.subtract(phi, half, out=half)
    low /= step
    np.floor(low, out=low)
    count -= low
    count -= 1
    np.clip(count, 0, n, out=count)
    count[full] = n
    count[none] = 0
    return count
