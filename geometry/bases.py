"""Unit bases as sold (millimetres), placed on the table (inches) with a facing."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from .units import mm_to_in

if TYPE_CHECKING:  # numpy and shapely load when an outline is first built, not with the
    import numpy as np  # scenario: a command that only rolls dice never needs them
    from shapely.geometry import Polygon

BaseKind = Literal["round", "oval", "rect"]
#: Segments per quarter circle for round and oval bases: the chord error on a 60 mm base
#: is under 0.0003", far below the hundredth of an inch the app promises.
QUAD_SEGS = 24


@dataclass(frozen=True, slots=True)
class BaseShape:
    """A base's outline. `width_mm` runs across the unit, `depth_mm` along its facing."""

    shape: BaseKind
    width_mm: float
    depth_mm: float

    def __post_init__(self) -> None:
        if self.shape not in ("round", "oval", "rect"):
            raise ValueError(f"shape: expected round, oval or rect, got {self.shape!r}")
        for name in ("width_mm", "depth_mm"):
            v = getattr(self, name)
            if not isinstance(v, int | float) or not math.isfinite(v) or v <= 0:
                raise ValueError(f"{name}: expected a positive number, got {v!r}")
        if self.shape == "round" and self.width_mm != self.depth_mm:
            raise ValueError("round base: width_mm and depth_mm must be equal (the diameter)")

    @classmethod
    def round(cls, diameter_mm: float) -> BaseShape:
        return cls("round", diameter_mm, diameter_mm)

    @classmethod
    def oval(cls, width_mm: float, depth_mm: float) -> BaseShape:
        return cls("oval", width_mm, depth_mm)

    @classmethod
    def rect(cls, width_mm: float, depth_mm: float) -> BaseShape:
        return cls("rect", width_mm, depth_mm)

    @property
    def width_in(self) -> float:
        return mm_to_in(self.width_mm)

    @property
    def depth_in(self) -> float:
        return mm_to_in(self.depth_mm)

    @property
    def radius_in(self) -> float:
        """Half the larger dimension (a round base's radius); see `enclosing_radius_in`."""
        return max(self.width_in, self.depth_in) / 2


@lru_cache(maxsize=256)
def _outline(base: BaseShape) -> np.ndarray:
    """The base's outline about its own centre, depth along +x (closed ring, inches)."""
    import numpy as np

    half_d, half_w = base.depth_in / 2, base.width_in / 2
    if base.shape == "rect":
        ring = [(-half_d, -half_w), (half_d, -half_w), (half_d, half_w), (-half_d, half_w)]
        return np.array(ring + ring[:1], dtype=float)
    # Vertices on the true ellipse, as Point.buffer(quad_segs=QUAD_SEGS) would place them.
    t = np.linspace(0.0, 2 * math.pi, 4 * QUAD_SEGS, endpoint=False)
    ring = np.column_stack((half_d * np.cos(t), -half_w * np.sin(t)))
    return np.vstack((ring, ring[:1]))


def base_polygon(base: BaseShape, x: float, y: float, facing: float = 0.0) -> Polygon:
    """The base's outline on the table, centred at (x, y), depth along `facing` degrees.

    The same placement gives the same (immutable, prepared) outline object, so what
    geometry works out per outline — LOS sample points — is reused while units stand still.
    """
    return _placed(base, float(x), float(y), float(facing))


def clear_cache() -> None:
    """Forget the placed outlines (benchmarks start cold with it)."""
    _placed.cache_clear()


#: Placed outlines kept: more than every unit of the largest table the app is measured at
#: (5,000) plus their moved copies, so a pass over the whole table (a click's hit test, the
#: labels' layout) finds every outline still there instead of evicting each one just before
#: it is asked for again (an LRU smaller than the table misses on every call of such a pass).
#: An outline with its prepared index is about 3 KB.
PLACED_KEPT = 16_384


@lru_cache(maxsize=PLACED_KEPT)
def _placed(base: BaseShape, x: float, y: float, facing: float) -> Polygon:
    """Built with numpy from a cached outline: measuring a pair builds two of these, so it
    must cost microseconds, not the tenth of a millisecond that shapely.affinity takes."""
    import numpy as np
    import shapely

    r = math.radians(facing)
    c, s = math.cos(r), math.sin(r)
    local = _outline(base)
    coords = np.empty_like(local)
    coords[:, 0] = local[:, 0] * c - local[:, 1] * s + x
    coords[:, 1] = local[:, 0] * s + local[:, 1] * c + y
    placed = shapely.polygons(coords)
    shapely.prepare(placed)
    return placed


def enclosing_radius_in(base: BaseShape) -> float:
    """Radius of the smallest circle about the centre that holds the whole base, inches.

    Unlike `radius_in` (half the larger side), this reaches a rect base's corners, so it is
    the safe bound for "could these two bases be within d of each other" prefilters.
    """
    if base.shape == "rect":
        return math.hypot(base.width_in, base.depth_in) / 2
    return base.radius_in
