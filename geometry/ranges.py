"""Range bands as data: each ruleset declares its own scheme; geometry only finds the band.

A scheme is an ascending list of bands, each holding the distances up to and including its
`max` (and above the previous band's `max`). A distance past the last band is out of range
(`band_for` returns None). A ruleset ships its schemes as data in its own files: a fixed
scheme (`from_dict`) or one scaled to a weapon's Range (`scaled`); geometry keeps no
ruleset's scheme.

`modifier` is the band's headline modifier as the ruleset's text gives it (e.g. a tank gun's
−(k−1)); which roll it applies to is the engine's business, and the `note` says it in words.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .units import m_to_in

RangeUnit = Literal["in", "m"]
#: Float slack at a band's edge (in the scheme's unit), so that 0.3" × 100 m/" lands in the
#: "≤ 30 m" band rather than being lost to 30.000000000000004.
BAND_EPS = 1e-9
UNITS: tuple[str, ...] = ("in", "m")


def _positive(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name}: expected a positive number, got {value!r}")
    if value <= 0:
        raise ValueError(f"{name}: expected a positive number, got {value!r}")
    return float(value)


@dataclass(frozen=True, slots=True)
class RangeBand:
    """One band: distances above the previous band's max, up to and including `max`."""

    name: str
    max: float
    label: str
    note: str = ""
    modifier: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name: expected a non-empty string, got {self.name!r}")
        _positive(self.max, "max")
        if isinstance(self.modifier, bool) or not isinstance(self.modifier, int):
            raise ValueError(f"modifier: expected a whole number, got {self.modifier!r}")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "max": self.max, "label": self.label}
        if self.note:
            d["note"] = self.note
        if self.modifier:
            d["modifier"] = self.modifier
        return d


@dataclass(frozen=True, slots=True)
class RangeScheme:
    """A ruleset's range bands for one weapon (or one kind of measurement)."""

    name: str
    unit: RangeUnit
    bands: tuple[RangeBand, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.bands, tuple):
            object.__setattr__(self, "bands", tuple(self.bands))
        for i, band in enumerate(self.bands):
            if not isinstance(band, RangeBand):
                raise ValueError(f"bands[{i}]: expected a RangeBand, got {band!r}")
        if self.unit not in UNITS:
            raise ValueError(f"unit: expected 'in' or 'm', got {self.unit!r}")
        if not self.bands:
            raise ValueError("bands: a range scheme needs at least one band")
        names = set()
        for i, (lo, hi) in enumerate(zip(self.bands, self.bands[1:], strict=False), start=1):
            if not hi.max > lo.max:
                raise ValueError(
                    f"bands[{i}].max: expected more than bands[{i - 1}].max ({lo.max}), "
                    f"got {hi.max}"
                )
        for i, band in enumerate(self.bands):
            if band.name in names:
                raise ValueError(f"bands[{i}].name: duplicate band name {band.name!r}")
            names.add(band.name)

    @property
    def max_range(self) -> float:
        """The farthest distance still in range (the last band's max)."""
        return self.bands[-1].max

    def index_for(self, distance: float) -> int | None:
        """0-based index of the band holding `distance`, or None when out of range."""
        if isinstance(distance, bool) or not isinstance(distance, int | float):
            raise ValueError(f"distance: expected a number, got {distance!r}")
        if not math.isfinite(distance) or distance < 0:
            raise ValueError(f"distance: expected a non-negative number, got {distance!r}")
        for i, band in enumerate(self.bands):
            if distance <= band.max + BAND_EPS:
                return i
        return None

    def band_for(self, distance: float) -> RangeBand | None:
        """The band holding `distance` (in the scheme's unit); None = out of range."""
        i = self.index_for(distance)
        return None if i is None else self.bands[i]

    def band_for_table(
        self, distance_in: float, metres_per_inch: float | None = None
    ) -> RangeBand | None:
        """The band for a table distance in inches, converted for a scheme kept in metres."""
        if self.unit == "in":
            return self.band_for(distance_in)
        if metres_per_inch is None:
            raise ValueError(f"metres_per_inch: scheme {self.name!r} is in metres; give the scale")
        return self.band_for(distance_in * _positive(metres_per_inch, "metres_per_inch"))

    def max_range_in(self, metres_per_inch: float | None = None) -> float:
        """The maximum range as a table distance in inches."""
        if self.unit == "in":
            return self.max_range
        if metres_per_inch is None:
            raise ValueError(f"metres_per_inch: scheme {self.name!r} is in metres; give the scale")
        return m_to_in(self.max_range, _positive(metres_per_inch, "metres_per_inch"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "unit": self.unit,
            "bands": [b.to_dict() for b in self.bands],
        }


def from_dict(d: Any) -> RangeScheme:
    """A scheme from ruleset data; a bad field raises ValueError naming it."""
    if not isinstance(d, dict):
        raise ValueError(f"range scheme: expected an object, got {type(d).__name__}")
    for key in ("name", "unit", "bands"):
        if key not in d:
            raise ValueError(f"{key}: missing")
    if not isinstance(d["bands"], list):
        raise ValueError("bands: expected a list")
    bands = []
    for i, b in enumerate(d["bands"]):
        if not isinstance(b, dict):
            raise ValueError(f"bands[{i}]: expected an object")
        for key in ("name", "max"):
            if key not in b:
                raise ValueError(f"bands[{i}].{key}: missing")
        try:
            bands.append(
                RangeBand(
                    name=b["name"],
                    max=b["max"],
                    label=_text(b.get("label", b["name"])),
                    note=_text(b.get("note", "")),
                    modifier=b.get("modifier", 0),
                )
            )
        except ValueError as e:
            raise ValueError(f"bands[{i}].{e}") from None
    name = d["name"]
    if not isinstance(name, str) or not name:
        raise ValueError(f"name: expected a non-empty string, got {name!r}")
    return RangeScheme(name=name, unit=d["unit"], bands=tuple(bands))


def to_dict(scheme: RangeScheme) -> dict[str, Any]:
    return scheme.to_dict()


# --- presets -------------------------------------------------------------------------------


def simple(range_: float, unit: RangeUnit = "in", name: str = "range") -> RangeScheme:
    """One band: in range up to `range_` (a grenade's 50 m, an MG's 8")."""
    r = _positive(range_, "range")
    return RangeScheme(name, unit, (RangeBand("in-range", r, f"≤ {r:g} {unit}"),))


def scaled(template: Mapping[str, Any], range_: float | None = None) -> RangeScheme:
    """A scheme from ruleset data whose bands are fixed distances (`max`) or multiples of
    a weapon's Range (`factor` × `range_`). `label` and `note` may name `{max:g}` (the
    band's distance) and `{range:g}`; a bad field raises ValueError naming it.

    {"name": "small-arms", "unit": "m", "bands": [
        {"name": "effective", "factor": 1, "label": "≤ {max:g} m (Range)"},
        {"name": "beyond-range", "factor": 2, "note": "hit only on a natural 1"}]}"""
    if not isinstance(template, Mapping):
        raise ValueError(f"range scheme: expected an object, got {type(template).__name__}")
    bands = template.get("bands")
    if not isinstance(bands, list | tuple):
        raise ValueError("bands: expected a list")
    r = None if range_ is None else _positive(range_, "range")
    out = []
    for i, b in enumerate(bands):
        if not isinstance(b, Mapping):
            raise ValueError(f"bands[{i}]: expected an object")
        if "factor" in b:
            if r is None:
                raise ValueError(f"bands[{i}].factor: the scheme needs a weapon's range")
            top = _positive(b["factor"], f"bands[{i}].factor") * r
        elif "max" in b:
            top = b["max"]
        else:
            raise ValueError(f"bands[{i}]: expected max or factor")
        words = {"max": top, "range": r if r is not None else 0.0}
        out.append({**{k: v for k, v in b.items() if k != "factor"}, "max": top,
                    "label": str(b.get("label", b.get("name", ""))).format(**words),
                    "note": str(b.get("note", "")).format(**words)})
    return from_dict({"name": template.get("name"), "unit": template.get("unit"),
                      "bands": out})


def _text(value) -> str:
    """A label or note as given: a string (a translatable message is a str) kept as it
    is, anything else made one."""
    return value if isinstance(value, str) else str(value)
