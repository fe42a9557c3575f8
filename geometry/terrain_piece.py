"""One piece of terrain as a scenario holds it: plain data, with no numpy or shapely until
its shape is asked for (reading a scenario, and the commands that only roll dice, never ask;
geometry.terrain re-exports it beside the index that does the geometry)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from geometry.terrain_kinds import KINDS, KindDefaults, Movement

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry


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
        from shapely.geometry import LineString, Polygon

        if self.line is not None:
            return LineString(self.line).buffer(self.eff_thickness_in() / 2, cap_style="flat")
        assert self.polygon is not None
        return Polygon(self.polygon)
