"""What a measurement gives: the figures of one pair, the units under a template, the names
they are printed with. Values are exact in the dataclasses; `to_dict` rounds them for JSON
(ROUND_DIGITS decimals)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from geometry.facing import FRONT180, QUADRANTS, FacingModel

#: Decimals in JSON output: a thousandth of an inch is far below what a tape measure reads.
ROUND_DIGITS = 3
#: Facing models by the names the command line, saved settings and readings use.
FACING_MODELS: dict[str, FacingModel] = {"front180": FRONT180, "quadrants": QUADRANTS}
#: Generic cover levels (design.md), for text output.
COVER_NAMES = ("none", "light", "medium", "heavy", "fortification")


class MeasureError(ValueError):
    """A measurement that cannot be made; the message names the argument at fault."""


def facing_for(ruleset: Any, readings: Mapping[str, Any] | None) -> FacingModel:
    """The facing model a ruleset reads from these readings (its `BoardHints.facing_model`
    over its defaults with `readings` on top); front180 when it names none this module
    knows (attacker_choice is the player's pick, made when the shot is resolved)."""
    hook = ruleset.board.facing_model if ruleset is not None else None
    if hook is None:
        return FRONT180
    name = hook({**ruleset.option_values(), **(readings or {})})
    return FACING_MODELS.get(name, FRONT180) if isinstance(name, str) else FRONT180


@dataclass(frozen=True, slots=True)
class Measurement:
    """Everything about FROM shooting at TO. Distances in inches and metres."""

    from_id: str
    to_id: str
    centre_in: float
    edge_in: float
    centre_m: float
    edge_m: float
    los: str  # "clear" | "partial" | "blocked"
    visible_fraction: float
    cover: int  # generic level 0-4
    cover_terrain: tuple[str, ...]
    crossed: tuple[str, ...]  # terrain ids the line of sight crosses
    target_side: str  # side of TO struck by FROM's fire
    in_arc: bool | None  # TO inside FROM's turret arc; None when FROM has no turret

    def to_dict(self, digits: int = ROUND_DIGITS) -> dict:
        """The JSON form (`--json`): keys as documented for the command line."""
        return {
            "from": self.from_id,
            "to": self.to_id,
            "centre_in": round(self.centre_in, digits),
            "centre_m": round(self.centre_m, digits),
            "edge_in": round(self.edge_in, digits),
            "edge_m": round(self.edge_m, digits),
            "los": self.los,
            "visible_fraction": round(self.visible_fraction, digits),
            "cover": self.cover,
            "cover_terrain": list(self.cover_terrain),
            "crossed": list(self.crossed),
            "target_side": self.target_side,
            "in_arc": self.in_arc,
        }


@dataclass(frozen=True, slots=True)
class PointMeasurement:
    """From a unit to a point on the table: edge and centre distances, inches and metres."""

    from_id: str
    x: float
    y: float
    edge_in: float
    centre_in: float
    edge_m: float
    centre_m: float


@dataclass(frozen=True, slots=True)
class BandSegment:
    """A stretch of a range band along a measured line, as the board strokes it: band
    `index` of the scheme (None beyond the last band: out of range), from `start` to `end`."""

    index: int | None
    start: tuple[float, float]
    end: tuple[float, float]


@dataclass(frozen=True, slots=True)
class TemplateResult:
    """The units under a template laid (and perhaps scattered) on a scenario."""

    shape: str
    aim: tuple[float, float]  # where it was placed
    centre: tuple[float, float]  # where it landed (after scatter)
    under: tuple[tuple[str, float], ...]  # (unit id, covered fraction), most covered first
    hole: str | None
    scatter: tuple[float, float] | None = None  # (distance, bearing) applied
    direction: float | None = None  # a flamer's axis, degrees

    def to_dict(self, digits: int = ROUND_DIGITS) -> dict:
        out = {
            "shape": self.shape,
            "aim": [round(self.aim[0], digits), round(self.aim[1], digits)],
            "centre": [round(self.centre[0], digits), round(self.centre[1], digits)],
            "under": [{"id": i, "fraction": round(f, digits)} for i, f in self.under],
            "hole": self.hole,
        }
        if self.scatter is not None:
            out["scatter"] = {"distance": self.scatter[0], "bearing": self.scatter[1]}
        if self.direction is not None:
            out["direction"] = round(self.direction, digits)
        return out
