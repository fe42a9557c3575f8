"""Where a scattered blast template may land: the distance dice and the bearing grid.

The landing point is the aim point moved by a distance (from the distance die) along a
bearing. The distance die's faces are each equally likely; the bearing is taken over a fine
uniform grid (`n_bearings`, 180 by default: every 2°), which is how the app's own dice roll
it to within the grid. So every landing carries an exact weight, and the odds built on them
(geometry.template_odds, geometry.template_heatmap) are finite weighted sums — exact for
that grid, not sampled.

A flamer does not scatter (it is laid from the shooter's base), so it has no landings:
`diameter_of` refuses it and `geometry.templates.under_template` gives its one answer.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .templates import BLAST_3, BLAST_5

#: Default bearing grid: every 2°.
N_BEARINGS = 180
#: Diameters of the templates that scatter, by name.
BLAST_DIAMETERS: dict[str, float] = {"blast-3": BLAST_3, "blast-5": BLAST_5}


@dataclass(frozen=True, slots=True)
class DistanceScheme:
    """A distance die: the scatter distance (inches) each face gives, all faces equally
    likely. `label` says which rule, for the panel and the log."""

    label: str
    die_sides: int
    distances: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.distances) != self.die_sides or self.die_sides < 1:
            raise ValueError(f"distances: expected one distance per face "
                             f"({self.die_sides}), got {len(self.distances)}")
        if any(not math.isfinite(d) or d < 0 for d in self.distances):
            raise ValueError(f"distances: expected non-negative numbers, got {self.distances}")

    def distance_weights(self) -> list[tuple[float, Fraction]]:
        """Each distinct distance with its probability (faces giving the same distance,
        e.g. every d6 face at or under the accuracy, are merged)."""
        counts: dict[float, int] = {}
        for d in self.distances:
            counts[d] = counts.get(d, 0) + 1
        return [(d, Fraction(n, self.die_sides)) for d, n in sorted(counts.items())]

    def p_no_scatter(self) -> float:
        return sum(1 for d in self.distances if d == 0) / self.die_sides


def d20_steps(inches_per_step: float = 1.0) -> DistanceScheme:
    """The d20 face is the distance in steps; every shot scatters."""
    if isinstance(inches_per_step, bool) or not isinstance(inches_per_step, int | float) \
            or not math.isfinite(inches_per_step) or inches_per_step <= 0:
        raise ValueError(f"inches_per_step: expected a positive number, got {inches_per_step!r}")
    step = float(inches_per_step)
    return DistanceScheme(f"d20 × {step:g}\"", 20, tuple(f * step for f in range(1, 21)))


def d6_minus_accuracy(accuracy: int) -> DistanceScheme:
    """d6 − accuracy inches, no scatter at 0 or less."""
    if isinstance(accuracy, bool) or not isinstance(accuracy, int | np.integer):
        raise ValueError(f"accuracy: expected a whole number, got {accuracy!r}")
    acc = int(accuracy)
    return DistanceScheme(f"d6 − {acc}", 6, tuple(float(max(0, f - acc)) for f in range(1, 7)))


def check_aim(aim: Sequence[float]) -> tuple[float, float]:
    """The aim point as two floats; a bad one is refused naming `aim.x` / `aim.y`."""
    try:
        x, y = aim
    except (TypeError, ValueError):
        raise ValueError(f"aim: expected a point (x, y), got {aim!r}") from None
    for name, v in (("aim.x", x), ("aim.y", y)):
        if isinstance(v, bool) or not isinstance(v, int | float | np.floating) \
                or not math.isfinite(v):
            raise ValueError(f"{name}: expected a finite number, got {v!r}")
    return float(x), float(y)


def check_bearings(n_bearings: int) -> int:
    """The bearing grid's size; anything but a whole number ≥ 1 is refused."""
    if isinstance(n_bearings, bool) or not isinstance(n_bearings, int) or n_bearings < 1:
        raise ValueError(f"n_bearings: expected a whole number ≥ 1, got {n_bearings!r}")
    return n_bearings


def diameter_of(shape: str) -> float:
    """The diameter of a template that scatters; a flamer is refused (it does not scatter)."""
    if shape == "flamer":
        raise ValueError("shape: a flamer does not scatter; it has no landing odds "
                         "(use geometry.templates.under_template for where it lies)")
    try:
        return BLAST_DIAMETERS[shape]
    except KeyError:
        raise ValueError(f"shape: expected one of {', '.join(BLAST_DIAMETERS)}, "
                         f"got {shape!r}") from None


def bearing_grid(n_bearings: int = N_BEARINGS, offset: float = 0.0) -> np.ndarray:
    """The bearings the odds are taken over: offset + k · 360 / n degrees (a direction die
    whose face 1 points along `offset`)."""
    n = check_bearings(n_bearings)
    offset = check_offset(offset)
    grid = np.arange(n) * (360.0 / n)
    return grid if offset == 0 else (grid + offset) % 360.0


def check_offset(offset: object) -> float:
    """The bearing of the direction die's face 1 as a float; anything else is refused."""
    if isinstance(offset, bool) or not isinstance(offset, int | float) \
            or not math.isfinite(offset):
        raise ValueError(f"bearing_offset: expected a finite number, got {offset!r}")
    return float(offset)


@functools.lru_cache(maxsize=16)
def _unit_steps(n_bearings: int, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """cos and sin of each grid bearing, by math.cos/sin as scatter_point takes them (the
    same few grids every placement: kept, read-only)."""
    grid = bearing_grid(n_bearings, offset)
    cos = np.array([math.cos(math.radians(b)) for b in grid])
    sin = np.array([math.sin(math.radians(b)) for b in grid])
    cos.flags.writeable = sin.flags.writeable = False
    return cos, sin


@dataclass(frozen=True, eq=False, slots=True)
class LandingGrid:
    """A scheme's landings apart from the aim point (the same for every aim, so worked out
    once per scheme and grid: `landing_grid`): each landing's distance, bearing and weight,
    and its step from the aim, d·cos and d·sin (0 for no scatter), which `landings` adds to
    the aim as `scatter_point` does. Compared by identity: one object per scheme and grid."""

    distance: np.ndarray  # (m,)
    bearing: np.ndarray  # (m,)
    weights: np.ndarray  # (m,)
    step_x: np.ndarray  # (m,)
    step_y: np.ndarray  # (m,)


@dataclass(frozen=True, slots=True)
class Landings:
    """Every place the template's centre may land, with its probability (they sum to 1).

    `offsets` are the moves from the aim point, `centres` aim + offset — the same
    arithmetic as `scatter_point` followed by `Template.translated`, so a brute-force check
    lands on the same points bit for bit. `distance` and `bearing` say which landing is which;
    `grid` is what they are laid out from (the same object for every aim of a scheme).
    """

    aim: tuple[float, float]
    offsets: np.ndarray  # (m, 2)
    centres: np.ndarray  # (m, 2)
    weights: np.ndarray  # (m,)
    distance: np.ndarray  # (m,)
    bearing: np.ndarray  # (m,)
    grid: LandingGrid


@functools.lru_cache(maxsize=64)
def landing_grid(scheme: DistanceScheme, n_bearings: int = N_BEARINGS,
                 bearing_offset: float = 0.0) -> LandingGrid:
    """The (face × bearing) landings of `scheme` about any aim (read-only, kept: a table's
    scatters use a few schemes, each placement a new aim)."""
    grid = bearing_grid(n_bearings, bearing_offset)
    # math.cos/sin, as scatter_point uses, so the landed points match it exactly.
    cos, sin = _unit_steps(n_bearings, bearing_offset)
    sx, sy, ws, ds, bs = [], [], [], [], []
    for d, p in scheme.distance_weights():
        if d == 0:
            sx.append(np.zeros(1))
            sy.append(np.zeros(1))
            ws.append(np.array([float(p)]))
            ds.append(np.zeros(1))
            bs.append(np.zeros(1))
            continue
        sx.append(d * cos)
        sy.append(d * sin)
        ws.append(np.full(grid.size, float(p) / grid.size))
        ds.append(np.full(grid.size, d))
        bs.append(grid)
    out = LandingGrid(*(np.concatenate(a) for a in (ds, bs, ws, sx, sy)))
    for a in (out.distance, out.bearing, out.weights, out.step_x, out.step_y):
        a.flags.writeable = False
    return out


def landings(aim: Sequence[float], scheme: DistanceScheme,
             n_bearings: int = N_BEARINGS, bearing_offset: float = 0.0) -> Landings:
    """The (face × bearing) landings of a scatter from `aim`; a zero distance is one landing
    (every bearing leaves the template where it was)."""
    x, y = check_aim(aim)
    grid = landing_grid(scheme, check_bearings(n_bearings), check_offset(bearing_offset))
    # the landed point is aim + d·cos, and its offset that less the aim (scatter_point's
    # arithmetic), the centre aim + offset (Template.translated's)
    offsets = np.empty((grid.distance.size, 2))
    np.subtract(x + grid.step_x, x, out=offsets[:, 0])
    np.subtract(y + grid.step_y, y, out=offsets[:, 1])
    centres = np.empty_like(offsets)
    np.add(x, offsets[:, 0], out=centres[:, 0])
    np.add(y, offsets[:, 1], out=centres[:, 1])
    return Landings((x, y), offsets, centres, grid.weights, grid.distance, grid.bearing, grid)
