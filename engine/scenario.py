"""The scenario: the table, its terrain, its units and their groups (format v2 of design.md).

These plain classes are the model that loading, saving, the CLI and the board share.
Parsing and validation live in `engine.scenario_io`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.i18n import msg
from geometry.bases import BaseShape, base_polygon
from geometry.terrain_piece import TerrainPiece

FORMAT = "warboard-scenario"
#: The version written. Version 1 (no groups, no deployment edges) is still read.
VERSION = 2
#: Table edges a side may deploy from (y grows down: north is the top edge as drawn).
EDGES = ("north", "south", "east", "west")


@dataclass(slots=True)
class Table:
    width_in: float = 72.0
    height_in: float = 48.0
    metres_per_inch: float = 1.0
    #: Deployment edge per side, {side: "north" | "south" | "east" | "west"}.
    edges: dict[str, str] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)


#: The heading that faces each edge (degrees, 0 = +x, clockwise with y down).
EDGE_HEADING = {"east": 0.0, "south": 90.0, "west": 180.0, "north": 270.0}


def deployment_facing(table: Table, side: str) -> float:
    """The heading a new unit of `side` takes: toward the enemy's edge — away from its own
    deployment edge, else toward another side's; 0 (east) when the table names none."""
    own = table.edges.get(side)
    if own in EDGE_HEADING:
        return (EDGE_HEADING[own] + 180.0) % 360.0
    enemy = next((e for s, e in table.edges.items() if s != side and e in EDGE_HEADING), None)
    return EDGE_HEADING[enemy] if enemy is not None else 0.0


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

    def placement(self) -> tuple[BaseShape, float, float, float]:
        """(base, x, y, facing): what the base's outline is made from (`base_polygon`), as
        plain values another thread or process can make it from."""
        return (self.base, self.x, self.y, self.facing)

    def polygon(self):
        """The base's outline on the table."""
        return base_polygon(*self.placement())

    @property
    def label(self) -> str:
        return self.name or self.id


@dataclass(slots=True)
class Group:
    """Units (and other groups) that act together: a squad, platoon, company, battery, HQ.

    `members` are unit or group ids; `commander` / `deputy` are unit ids (a company's
    officer need not be in one of its platoons). An `off_table` group (a battalion HQ) has
    no figure on the board. `markers` and `state` are ruleset data, as on a unit.
    """

    id: str
    kind: str
    members: list[str] = field(default_factory=list)
    name: str | None = None
    side: str | None = None
    commander: str | None = None
    deputy: str | None = None
    off_table: bool = False
    markers: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)
    #: the name in Russian (optional, as a ruleset record's `name_ru`): `localized(group,
    #: "ru")` shows it, English `name` (then the id) stays the fallback
    name_ru: str | None = None

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
    groups: list[Group] = field(default_factory=list)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(msg("no unit with id {id}", id=repr(unit_id)))

    def piece(self, piece_id: str) -> TerrainPiece:
        for p in self.terrain:
            if p.id == piece_id:
                return p
        raise KeyError(msg("no terrain piece with id {id}", id=repr(piece_id)))

    def group(self, group_id: str) -> Group:
        for g in self.groups:
            if g.id == group_id:
                return g
        raise KeyError(msg("no group with id {id}", id=repr(group_id)))

    def members(self, group_id: str, recursive: bool = True, *,
                leaders: bool = False) -> list[str]:
        """The group's member ids in order. `recursive`: the units of its member groups
        too, and no group ids (each unit once). `leaders`: the commander and deputy
        follow the members when they are not among them. Ids of units no longer on the
        table are kept: callers that need figures ask the game which are on it."""
        group = self.group(group_id)
        if not recursive:
            out = list(group.members)
        else:
            known = {g.id: g for g in self.groups}
            out, seen = [], {group_id}

            def walk(g: Group) -> None:
                for m in g.members:
                    if m in known:
                        if m not in seen:  # validation refuses loops; guard anyway
                            seen.add(m)
                            walk(known[m])
                    elif m not in out:
                        out.append(m)
            walk(group)
        if leaders:
            out += [x for x in (group.commander, group.deputy) if x and x not in out]
        return out

    def groups_of(self, member_id: str) -> list[Group]:
        """The groups that list `member_id` (a unit or group id) directly, in file order."""
        return [g for g in self.groups if member_id in g.members]

    def top_groups_of(self, unit_id: str) -> list[Group]:
        """Every group a unit belongs to, directly or through its groups, innermost first."""
        out: list[Group] = []
        frontier = [unit_id]
        while frontier:
            nxt = []
            for ident in frontier:
                for g in self.groups_of(ident):
                    if g not in out:
                        out.append(g)
                        nxt.append(g.id)
            frontier = nxt
        return out

    def group_side(self, group_id: str) -> str | None:
        """The group's side: its own, else that of its first member unit on file."""
        g = self.group(group_id)
        if g.side:
            return g.side
        sides = {u.id: u.side for u in self.units}
        for m in self.members(group_id, leaders=True):
            if m in sides:
                return sides[m]
        return None
