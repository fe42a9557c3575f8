"""Angles in degrees: 0 = +x, growing towards +y (clockwise on screen), kept in [0, 360)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy loads with the first vectorised call (a dice-only command needs none)
    import numpy as np


def norm360(deg: float) -> float:
    """An angle folded into [0, 360)."""
    a = math.fmod(deg, 360.0)
    if a < 0:
        a += 360.0
    return 0.0 if a >= 360.0 else a


def norm180(deg: float) -> float:
    """An angle folded into (-180, 180]: the signed form of a bearing."""
    a = norm360(deg)
    return a - 360.0 if a > 180.0 else a


def bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    """Direction from (x0, y0) to (x1, y1), in table degrees [0, 360)."""
    return norm360(math.degrees(math.atan2(y1 - y0, x1 - x0)))


def bearings(x0: float, y0: float, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Vectorised `bearing` from one point to many."""
    import numpy as np

    return np.mod(np.degrees(np.arctan2(np.asarray(ys) - y0, np.asarray(xs) - x0)), 360.0)


def unit_vector(deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return math.cos(r), math.sin(r)
