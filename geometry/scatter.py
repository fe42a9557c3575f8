"""Scatter: moving an aim point by a distance along a bearing, from the rulesets' dice.

Two schemes are provided: a d20, whose face is the distance in steps, with a direction
read off the die (typed in as a bearing); and a d6 minus the crew's accuracy in inches, no
scatter when that is 0 or less, with a direction die. When the app
rolls, the direction is a uniform bearing; a physical direction die typed in gives its face,
turned into a bearing by `direction_die_bearing`.

Bearings are table degrees: 0 = +x, growing towards +y (clockwise on screen).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral

from .angles import norm360

#: Face 1 of a typed-in direction die (and 12 o'clock) points up the table as drawn
#: (towards −y), faces then run clockwise. A ruleset may pass another zero bearing,
#: e.g. the line of fire.
DIE_ZERO_BEARING = 270.0


@dataclass(frozen=True, slots=True)
class Scatter:
    """A scatter's result: how far and which way it moved, and where the point landed."""

    distance: float
    bearing: float
    x: float
    y: float


def _finite(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name}: expected a finite number, got {value!r}")
    return float(value)


def check_face(value: object, faces: int, die: str | None = None) -> int:
    """A typed-in die face, checked: a whole number in 1..faces, else ValueError naming it."""
    name = die or f"d{faces}"
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{name}: expected a whole number 1..{faces}, got {value!r}")
    if not 1 <= int(value) <= faces:
        raise ValueError(f"{name}: face {int(value)} is not on the die (1..{faces})")
    return int(value)


def scatter_point(x: float, y: float, distance: float, bearing: float) -> tuple[float, float]:
    """(x, y) moved `distance` inches along `bearing` degrees."""
    x, y = _finite(x, "x"), _finite(y, "y")
    d = _finite(distance, "distance")
    if d < 0:
        raise ValueError(f"distance: expected a non-negative number, got {distance!r}")
    b = math.radians(_finite(bearing, "bearing"))
    if d == 0:
        return x, y
    return x + d * math.cos(b), y + d * math.sin(b)


def scatter(x: float, y: float, distance: float, bearing: float) -> Scatter:
    """`scatter_point` with its record."""
    nx, ny = scatter_point(x, y, distance, bearing)
    return Scatter(float(distance), norm360(float(bearing)), nx, ny)


def scatter_d20(
    x: float, y: float, face: int, bearing: float, inches_per_step: float = 1.0
) -> Scatter:
    """d20 scatter: the face is the distance in steps (every shot scatters)."""
    f = check_face(face, 20)
    step = _finite(inches_per_step, "inches_per_step")
    if step <= 0:
        raise ValueError(f"inches_per_step: expected a positive number, got {inches_per_step!r}")
    return scatter(x, y, f * step, bearing)


def scatter_d6_minus_accuracy(
    x: float, y: float, d6: int, accuracy: int, bearing: float
) -> Scatter:
    """d6 scatter: max(0, d6 − accuracy) inches along the direction die's bearing;
    0 or less leaves the template on its aim point (PROPOSED, 02 §4.A-6)."""
    f = check_face(d6, 6)
    if isinstance(accuracy, bool) or not isinstance(accuracy, Integral):
        raise ValueError(f"accuracy: expected a whole number, got {accuracy!r}")
    return scatter(x, y, float(max(0, f - int(accuracy))), bearing)


def direction_die_bearing(
    face: int, faces: int = 6, zero_bearing: float = DIE_ZERO_BEARING
) -> float:
    """The bearing a typed-in direction die points: `faces` arrows evenly spaced, face 1
    along `zero_bearing`, the next faces clockwise (a d6 gives 60° steps, 02 §8.7)."""
    if isinstance(faces, bool) or not isinstance(faces, Integral) or faces < 2:
        raise ValueError(f"faces: expected a whole number ≥ 2, got {faces!r}")
    f = check_face(face, int(faces), f"direction die (d{faces})")
    return norm360(_finite(zero_bearing, "zero_bearing") + (f - 1) * 360.0 / int(faces))


def clock_bearing(hour: float, zero_bearing: float = DIE_ZERO_BEARING) -> float:
    """A clock direction typed in (12 = `zero_bearing`, 3 = a quarter turn clockwise)."""
    h = _finite(hour, "hour")
    if not 0 < h <= 12:
        raise ValueError(f"hour: expected more than 0 and at most 12, got {hour!r}")
    return norm360(_finite(zero_bearing, "zero_bearing") + (h % 12) * 30.0)
