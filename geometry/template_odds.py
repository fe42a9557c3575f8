"""The exact odds of a scattered blast template: per unit, P(under it) and P(under the hole).

Before the roll a player wants to know what a scatter risks: for each unit, the chance that
the template ends up over its base, and the chance that its base is under the hole. Every
probability is a finite weighted sum over the (face × bearing) landings of
geometry.scatter_landings, of the pairs geometry.landing_cover finds covered — exact for
the bearing grid, not sampled, and summed exactly (whole shares, one rounding:
`template_odds`).

The landings and the heat map for drawing (geometry.template_heatmap) have modules of their
own; their names are re-exported here, the one door the Template tool and the engine's
board operations take to a scatter's odds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from .landing_cover import covered_pairs
from .scatter_landings import (
    BLAST_DIAMETERS,
    N_BEARINGS,
    DistanceScheme,
    LandingGrid,
    Landings,
    bearing_grid,
    check_bearings,
    d6_minus_accuracy,
    d20_steps,
    diameter_of,
    landings,
)
from .template_heatmap import Heatmap, coverage_raster

__all__ = [
    "BLAST_DIAMETERS", "N_BEARINGS", "DistanceScheme", "LandingGrid", "Landings", "bearing_grid",
    "d6_minus_accuracy", "d20_steps", "diameter_of", "landings", "Heatmap", "coverage_raster",
    "TemplateOdds", "LandingHits", "landing_hits", "template_odds",
]


@dataclass(frozen=True, slots=True)
class TemplateOdds:
    """Per unit (in the order given): the chance of ending up under the template and under
    the hole. `landings` are the points it was worked out over."""

    shape: str
    ids: tuple[str, ...]
    under: np.ndarray
    hole: np.ndarray
    landings: Landings

    def ranked(self, minimum: float = 0.0) -> list[tuple[str, float, float]]:
        """(id, P(under), P(hole)) for units above `minimum`, most likely first."""
        rows = [(i, float(u), float(h)) for i, u, h in zip(self.ids, self.under, self.hole,
                                                           strict=True) if u > minimum]
        rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
        return rows

    def of(self, unit_id: str) -> tuple[float, float]:
        k = self.ids.index(unit_id)
        return float(self.under[k]), float(self.hole[k])


def _check_polys(polys: Sequence[BaseGeometry] | np.ndarray, ids: Sequence[str]) -> np.ndarray:
    arr = np.asarray(polys, dtype=object).reshape(-1)
    if len(ids) != arr.size:
        raise ValueError(f"ids: expected {arr.size} ids for {arr.size} shapes, got {len(ids)}")
    ok = shapely.is_geometry(arr)
    if not np.all(ok):
        i = int(np.flatnonzero(~ok)[0])
        raise ValueError(f"polys[{i}]: expected a shapely geometry, got {arr[i]!r}")
    return arr


@dataclass(frozen=True, slots=True)
class LandingHits:
    """Per landing, who is under the template: `under[k, j]` is whether base k is under it
    at landing j, `hole[j]` the index of the base under the hole there (-1 for none). For
    chaining a rule's odds over where the template lands (engine.board_ops)."""

    ids: tuple[str, ...]
    under: np.ndarray  # (n, m) bool
    hole: np.ndarray  # (m,) int
    landings: Landings


def landing_hits(
    shape: str,
    aim: Sequence[float],
    scheme: DistanceScheme,
    polys: Sequence[BaseGeometry] | np.ndarray,
    ids: Sequence[str],
    n_bearings: int = N_BEARINGS,
    bearing_offset: float = 0.0,
) -> LandingHits:
    """Who is under a scattered blast-3 / blast-5 at each of its landings (the rules of
    `template_odds`, which sums these with the landings' weights)."""
    diameter_of(shape)
    arr = _check_polys(polys, ids)
    land = landings(aim, scheme, n_bearings, bearing_offset)
    pairs = covered_pairs(shape, land, arr, ids)
    under = np.zeros((arr.size, land.weights.size), dtype=bool)
    under[pairs.k, pairs.j] = True
    return LandingHits(tuple(ids), under, pairs.hole, land)


def template_odds(
    shape: str,
    aim: Sequence[float],
    scheme: DistanceScheme,
    polys: Sequence[BaseGeometry] | np.ndarray,
    ids: Sequence[str],
    n_bearings: int = N_BEARINGS,
    bearing_offset: float = 0.0,
) -> TemplateOdds:
    """For each base, P(under the template) and P(under the hole) once a blast-3 / blast-5
    aimed at `aim` has scattered by `scheme` over `n_bearings` uniform bearings.

    Each chance is summed exactly: the covering landings' weights as whole shares of one
    denominator (`_landing_shares`), added as integers over the covering pairs and divided
    once — the exact probability rounded once to a float, whatever order the pairs come in
    (not a dense base × landing matrix product, whose float sums hang on the BLAS kernel's
    order: a shown "0.2%" could be "0.3%")."""
    diameter_of(shape)
    arr = _check_polys(polys, ids)
    land = landings(aim, scheme, n_bearings, bearing_offset)
    pairs = covered_pairs(shape, land, arr, ids)
    share, whole = _landing_shares(scheme, check_bearings(n_bearings))
    under = np.bincount(pairs.k, weights=share[pairs.j], minlength=arr.size) / whole
    has = pairs.hole >= 0
    hole = np.bincount(pairs.hole[has], weights=share[has], minlength=arr.size) / whole
    return TemplateOdds(shape, tuple(ids), under, hole, land)


def _landing_shares(scheme: DistanceScheme, n_bearings: int) -> tuple[np.ndarray, int]:
    """Each landing's weight (as `landings` lays them out) as a whole number of shares of
    `whole` = die sides × bearings: a scattering face's landing is 1/(sides · n) per face
    giving that distance, the one landing of no scatter n of those per face. Sums of these
    are exact in floats (far below 2⁵³)."""
    parts = []
    for d, p in scheme.distance_weights():
        faces = int(p * scheme.die_sides)
        parts.append(np.array([faces * n_bearings]) if d == 0 else np.full(n_bearings, faces))
    return np.concatenate(parts).astype(float), scheme.die_sides * n_bearings
