"""Terrain pieces: a polygon (area) or a line with a thickness (wall, hedge) with a kind.

The kind gives the defaults of design.md; a piece may override any property.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

Movement = Literal["normal", "difficult", "impassable", "obstacle"]


@dataclass(frozen=True, slots=True)
class KindDefaults:
    """What a terrain kind means before a piece overrides it."""

    blocks_los: bool
    cover: int
    movement: Movement
    vehicle_movement: Movement
    los_depth_in: float | None = None  # woods: blocks only past this much along a line
    is_line: bool = False
    thickness_in: float = 0.0  # lines only
    hill: bool = False  # blocks between two units both off it


KINDS: dict[str, KindDefaults] = {
    "building": KindDefaults(True, 3, "difficult", "impassable"),
    "woods": KindDefaults(True, 1, "difficult", "difficult", los_depth_in=2.0),
    "hill": KindDefaults(False, 0, "normal", "normal", hill=True),
    "wall": KindDefaults(False, 2, "obstacle", "obstacle", is_line=True, thickness_in=0.25),
    "hedge": KindDefaults(False, 1, "obstacle", "obstacle", is_line=True, thickness_in=0.5),
    "trench": KindDefaults(False, 4, "normal", "normal"),
    "fortification": KindDefaults(False, 4, "normal", "normal"),
    "rough": KindDefaults(False, 1, "difficult", "difficult"),
    "crops": KindDefaults(False, 1, "difficult", "difficult"),
    "water": KindDefaults(False, 0, "impassable", "impassable"),
    "road": KindDefaults(False, 0, "normal", "normal"),
}


@dataclass(slots=True)
class TerrainPiece:
    """One piece of terrain. `polygon` for areas, `line` for walls and hedges.

    Each optional property is None when the kind's default applies.
    """

    id: str
    kind: str
    polygon: list[tuple[float, float]] | None = None
    line: list[tuple[float, float]] | None = None
    name: str | None = None
    blocks_los: bool | None = None
    los_depth_in: float | None = None
    cover: int | None = None
    movement: Movement | None = None
    height: float | None = None
    thickness_in: float | None = None
    extra: dict = field(default_factory=dict)  # unknown keys, kept for round-tripping

    @property
    def defaults(self) -> KindDefaults:
        try:
            return KINDS[self.kind]
        except KeyError:
            raise ValueError(f"kind: unknown terrain kind {self.kind!r}") from None

    @property
    def is_line(self) -> bool:
        return self.line is not None

    def eff_blocks_los(self) -> bool:
        return self.defaults.blocks_los if self.blocks_los is None else self.blocks_los

    def eff_cover(self) -> int:
        return self.defaults.cover if self.cover is None else self.cover

    def eff_movement(self, vehicle: bool = False) -> Movement:
        if self.movement is not None:
            return self.movement
        return self.defaults.vehicle_movement if vehicle else self.defaults.movement

    def eff_los_depth_in(self) -> float | None:
        return self.defaults.los_depth_in if self.los_depth_in is None else self.los_depth_in

    def eff_thickness_in(self) -> float:
        return self.defaults.thickness_in if self.thickness_in is None else self.thickness_in

    def shape(self) -> BaseGeometry:
        """The piece's area: the polygon, or the line buffered to its thickness."""
        if self.line is not None:
            return LineString(self.line).buffer(self.eff_thickness_in() / 2, cap_style="flat")
        assert self.polygon is not None
        return Polygon(self.polygon)
