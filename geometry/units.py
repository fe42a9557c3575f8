"""Units of the table: inches are the model's unit; millimetres for bases, metres for rules."""

from __future__ import annotations

MM_PER_INCH = 25.4


def mm_to_in(mm: float) -> float:
    """Base sizes are sold in millimetres; the table is measured in inches."""
    return mm / MM_PER_INCH


def in_to_m(inches: float, metres_per_inch: float) -> float:
    """Ground distance in metres for a table distance, at the scenario's ground scale."""
    return inches * metres_per_inch


def m_to_in(metres: float, metres_per_inch: float) -> float:
    """Table distance in inches for a ground distance in metres."""
    if metres_per_inch <= 0:
        raise ValueError(f"metres_per_inch must be positive, got {metres_per_inch}")
    return metres / metres_per_inch
