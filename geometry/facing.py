"""Which face of a target a shot strikes, and whether a target is inside a weapon's arc.

The side struck follows design.md: the bearing from the target's centre to the shooter's
centre, measured clockwise from the target's facing (+ = right), signed in (−180, 180].
The front is the `front_width` sector centred on the facing, the rear the `rear_width`
sector centred behind it, and the two sides share what is left. On a boundary the more
protected face wins: front over side, side over rear (01 §4.A-22, §6.4). A shooter standing
exactly on the target's centre strikes the front.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .angles import bearing, bearings, norm180, norm360

if TYPE_CHECKING:  # numpy loads with the first vectorised call: the facing models need none
    import numpy as np

Side = Literal["front", "right", "rear", "left"]
SIDES: tuple[Side, ...] = ("front", "right", "rear", "left")
#: Angular slack at sector boundaries, so a shooter placed exactly on a boundary is not
#: pushed to the less protected face by the last bit of atan2.
ANGLE_EPS = 1e-9
#: A turret's default arc (01 §4.13: 180° centred on the turret direction).
TURRET_ARC_DEG = 180.0


def _finite(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name}: expected a finite number, got {value!r}")
    return float(value)


@dataclass(frozen=True, slots=True)
class FacingModel:
    """Sector widths in degrees: front centred ahead, rear centred behind, sides between."""

    front_width: float = 180.0
    rear_width: float = 90.0

    def __post_init__(self) -> None:
        f = _finite(self.front_width, "front_width")
        r = _finite(self.rear_width, "rear_width")
        if not 0 < f < 360:
            raise ValueError(f"front_width: expected more than 0 and less than 360, got {f}")
        if not 0 < r < 360 - f:
            raise ValueError(
                f"rear_width: expected more than 0 and less than 360 − front_width "
                f"({360 - f:g}), got {r}"
            )

    @property
    def side_width(self) -> float:
        """Width of each of the left and right sectors."""
        return (360.0 - self.front_width - self.rear_width) / 2

    def sector_widths(self) -> dict[Side, float]:
        """Each face's sector width; they sum to 360."""
        s = self.side_width
        return {"front": self.front_width, "right": s, "rear": self.rear_width, "left": s}


#: Front 180°, rear 90°, sides 45° each (design.md's tank arcs).
FRONT180 = FacingModel(180.0, 90.0)
#: Four equal quarters.
QUADRANTS = FacingModel(90.0, 90.0)


def side_of_bearing(rel_bearing: float, model: FacingModel = FRONT180) -> Side:
    """The face seen from `rel_bearing` degrees off the facing (+ = right)."""
    theta = norm180(_finite(rel_bearing, "rel_bearing"))
    a = abs(theta)
    if a <= model.front_width / 2 + ANGLE_EPS:
        return "front"
    if a > 180.0 - model.rear_width / 2 + ANGLE_EPS:
        return "rear"
    return "right" if theta > 0 else "left"


def sides_of_bearings(rel_bearings: np.ndarray, model: FacingModel = FRONT180) -> np.ndarray:
    """Vectorised `side_of_bearing`: an array of face names."""
    import numpy as np

    theta = np.asarray(rel_bearings, dtype=float)
    if not np.all(np.isfinite(theta)):
        i = int(np.flatnonzero(~np.isfinite(theta.ravel()))[0])
        raise ValueError(f"rel_bearings[{i}]: expected a finite number")
    theta = np.mod(theta, 360.0)
    theta = np.where(theta > 180.0, theta - 360.0, theta)
    a = np.abs(theta)
    out = np.where(theta > 0, "right", "left").astype("<U5")
    out[a > 180.0 - model.rear_width / 2 + ANGLE_EPS] = "rear"
    out[a <= model.front_width / 2 + ANGLE_EPS] = "front"
    return out


def side_struck(
    target_x: float,
    target_y: float,
    target_facing: float,
    shooter_x: float,
    shooter_y: float,
    model: FacingModel = FRONT180,
) -> Side:
    """The face of the TARGET that fire from the shooter strikes."""
    facing = _finite(target_facing, "target_facing")
    absolute = bearing(target_x, target_y, shooter_x, shooter_y)
    return side_of_bearing(norm180(absolute - facing), model)


def sides_struck(
    target_x: float,
    target_y: float,
    target_facing: float,
    shooter_xs: np.ndarray,
    shooter_ys: np.ndarray,
    model: FacingModel = FRONT180,
) -> np.ndarray:
    """`side_struck` for many shooters at one target, in one numpy pass."""
    facing = _finite(target_facing, "target_facing")
    absolute = bearings(target_x, target_y, shooter_xs, shooter_ys)
    return sides_of_bearings(absolute - facing, model)


def arc_direction(facing: float, turret: float | None = None) -> float:
    """A weapon's direction on the table: the hull facing plus the turret's offset."""
    f = _finite(facing, "facing")
    t = 0.0 if turret is None else _finite(turret, "turret")
    return norm360(f + t)


def _check_width(width: float) -> float:
    w = _finite(width, "width")
    if not 0 < w <= 360:
        raise ValueError(f"width: expected more than 0 and at most 360, got {w}")
    return w


def in_arc(
    x: float, y: float, direction: float, width: float, target_x: float, target_y: float
) -> bool:
    """True when the target's centre lies in the arc `width` wide centred on `direction`
    from (x, y). Edges count as inside; a target on the apex is inside."""
    w = _check_width(width)
    d = _finite(direction, "direction")
    if target_x == x and target_y == y:
        return True
    off = abs(norm180(bearing(x, y, target_x, target_y) - d))
    return off <= w / 2 + ANGLE_EPS


def in_arcs(
    x: float,
    y: float,
    direction: float,
    width: float,
    target_xs: np.ndarray,
    target_ys: np.ndarray,
) -> np.ndarray:
    """Vectorised `in_arc` over many targets: a boolean array."""
    import numpy as np

    w = _check_width(width)
    d = _finite(direction, "direction")
    xs = np.asarray(target_xs, dtype=float)
    ys = np.asarray(target_ys, dtype=float)
    off = np.mod(bearings(x, y, xs, ys) - d, 360.0)
    off = np.minimum(off, 360.0 - off)
    return (off <= w / 2 + ANGLE_EPS) | ((xs == x) & (ys == y))
