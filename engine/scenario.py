"""The scenario: the table, its terrain and its units (format v1 of design.md).

These plain classes are the model that loading, saving, the CLI and the board share.
Parsing and validation live in `engine.scenario_io`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from geometry.bases import BaseShape, base_polygon
from geometry.terrain import TerrainPiece

FORMAT = "warboard-scenario"
VERSION = 1


@dataclass(slots=True)
class Table:
    width_in: float = 72.0
    height_in: float = 48.0
    metres_per_inch: float = 1.0
    extra: dict = field(default_factory=dict)


@dataclass(slots=True)
class Unit:
    """A unit on the table: where it stands, how it faces, on what base."""

    id: str
    side: str
    profile: str
    x: float
    y: float
    base: BaseShape
    facing: float = 0.0
    turret: float | None = None  # relative to the hull; None = no turret
    name: str | None = None
    markers: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)
    parent: str | None = None
    extra: dict = field(default_factory=dict)

    def polygon(self):
        """The base's outline on the table."""
        return base_polygon(self.base, self.x, self.y, self.facing)

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(slots=True)
class Scenario:
    name: str
    ruleset: str
    table: Table
    terrain: list[TerrainPiece] = field(default_factory=list)
    units: list[Unit] = field(default_factory=list)
    profiles: dict | None = None  # custom profiles defined inside the scenario
    extra: dict = field(default_factory=dict)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(f"no unit with id {unit_id!r}")

    def piece(self, piece_id: str) -> TerrainPiece:
        for p in self.terrain:
            if p.id == piece_id:
                return p
        raise KeyError(f"no terrain piece with id {piece_id!r}")
