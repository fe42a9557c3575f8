"""The board inside a Civil War resolution: LOS and distance from every stand, the
retreat "directly away from the shooter" until blocked, which stand a lost platoon is,
whether a prone stand sits in a building or trench, and what the board asks the ruleset
(BoardHints). Vectorised over stands with shapely / numpy.

Until the engine's board operations land (engine/board_ops.py), these are the package's
own; they take a Scenario and Units and return plain data.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point, box

from engine.measure import terrain_index
from engine.scenario import Scenario, Unit
from geometry.bases import base_polygon
from geometry.los import visibility_matrix

__all__ = ["StandLine", "stand_lines", "Retreat", "retreat", "away_vector", "loss_order",
           "in_building_or_trench", "move_allowance_m", "weapon_scheme"]


@dataclass(frozen=True, slots=True)
class StandLine:
    """One firing stand: whether it sees the target company and how far it is (edge to
    edge, to the nearest target stand it sees, else the nearest)."""

    stand: str
    los: bool
    distance_in: float


def _polys(units: Sequence[Unit]) -> np.ndarray:
    return np.array([u.polygon() for u in units], dtype=object)


def stand_lines(scenario: Scenario, shooters: Sequence[Unit],
                targets: Sequence[Unit]) -> list[StandLine]:
    """LOS and distance from each shooter stand to the target company (§6.1): a stand has
    LOS when it sees any part of any target stand."""
    if not shooters or not targets:
        return []
    polys = np.concatenate([_polys(shooters), _polys(targets)])
    vis = visibility_matrix(terrain_index(scenario), polys)
    n = len(shooters)
    seen = vis[:n, n:] > 0
    dist = shapely.distance(polys[:n, None], polys[None, n:])
    out = []
    for i, s in enumerate(shooters):
        row = np.where(seen[i], dist[i], np.inf)
        d = float(row.min()) if seen[i].any() else float(dist[i].min())
        out.append(StandLine(s.id, bool(seen[i].any()), d))
    return out


@dataclass(frozen=True, slots=True)
class Retreat:
    """Where each stand ends, how far the company went of how far it had to, and what
    stopped it."""

    moves: dict[str, tuple[float, float]]
    wanted_in: float
    achieved_in: float
    blocked_by: tuple[str, ...] = ()

    @property
    def blocked(self) -> bool:
        return self.achieved_in + 1e-9 < self.wanted_in


def away_vector(shooter_stands: Sequence[Unit], centre: tuple[float, float]
                ) -> tuple[float, float]:
    """Unit vector "directly away from the shooter": from the shooter's stand nearest the
    company's centre to that centre (PROPOSED, §6.7)."""
    cx, cy = centre
    if not shooter_stands:
        return (0.0, 0.0)
    s = min(shooter_stands, key=lambda u: math.hypot(u.x - cx, u.y - cy))
    dx, dy = cx - s.x, cy - s.y
    d = math.hypot(dx, dy)
    return (dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)


def _blockers(scenario: Scenario, moving: set[str]) -> np.ndarray:
    return np.array([u.polygon() for u in scenario.units if u.id not in moving], dtype=object)


def _labels(scenario: Scenario, moving: set[str]) -> list[str]:
    return [u.id for u in scenario.units if u.id not in moving]


def retreat(scenario: Scenario, stands: Sequence[Unit],
            vectors: dict[str, tuple[float, float, float]], wanted_in: float,
            sample_in: float) -> Retreat:
    """Move every stand along its (ux, uy, up to) vector by the same distance, as far as
    `wanted_in` if nothing blocks it: impassable terrain swept on the way, another unit's
    base, or the table's edge (§4.2-5). The company stops at the last sampled distance
    where no stand is blocked."""
    if not stands or wanted_in <= 0:
        return Retreat({}, wanted_in, 0.0)
    index = terrain_index(scenario)
    impassable = index.movement_mask("impassable", False)
    ids = {u.id for u in stands}
    others, other_ids = _blockers(scenario, ids), _labels(scenario, ids)
    t = scenario.table
    table = box(0, 0, t.width_in, t.height_in).buffer(1e-6)
    start = _polys(stands)
    steps = np.arange(sample_in, wanted_in + 1e-9, sample_in)
    if len(steps) == 0 or steps[-1] < wanted_in - 1e-9:
        steps = np.append(steps, wanted_in)
    best, why = 0.0, ()
    for d in steps:
        pos = _positions(stands, vectors, float(d))
        moved = np.array([base_polygon(u.base, x, y, u.facing)
                          for u, (x, y) in zip(stands, pos, strict=True)], dtype=object)
        swept = shapely.convex_hull(shapely.union(start, moved))
        reasons: list[str] = []
        if not shapely.within(moved, table).all():
            reasons.append("the table's edge")
        if len(index):
            hit = index.overlaps(swept) & impassable[None, :]
            reasons += [index.ids[j] for j in np.flatnonzero(hit.any(axis=0))]
        if len(others):
            inner = shapely.buffer(swept, -1e-6)
            touch = shapely.intersects(inner[:, None], others[None, :]).any(axis=0)
            reasons += [other_ids[j] for j in np.flatnonzero(touch)]
        if reasons:
            why = tuple(reasons)
            break
        best = float(d)
    final = _positions(stands, vectors, best)
    return Retreat({u.id: p for u, p in zip(stands, final, strict=True)}, wanted_in,
                   best, why)


def _positions(stands: Sequence[Unit], vectors: dict[str, tuple[float, float, float]],
               d: float) -> list[tuple[float, float]]:
    out = []
    for u in stands:
        ux, uy, cap = vectors[u.id]
        k = min(d, cap)
        out.append((u.x + ux * k, u.y + uy * k))
    return out


def loss_order(stands: Sequence[Unit], shooter_centre: tuple[float, float],
               record_id: str) -> list[Unit]:
    """Which stands go first when platoons are lost (the owner's choice; PROPOSED): the
    stands nearest the shooter, the command stand last."""
    sx, sy = shooter_centre
    return sorted(stands, key=lambda u: (u.id == record_id, math.hypot(u.x - sx, u.y - sy),
                                         u.id))


def in_building_or_trench(scenario: Scenario, stands: Sequence[Unit]) -> list[bool]:
    """Per stand: its base overlaps a building or a trench ("soldiers prone in buildings and
    trenches cannot fire", §5.3)."""
    pieces = [p for p in scenario.terrain if p.kind in ("building", "trench")
              and p.polygon is not None]
    if not pieces or not stands:
        return [False] * len(stands)
    shapes = np.array([shapely.Polygon(p.polygon) for p in pieces], dtype=object)
    return list(shapely.intersects(_polys(stands)[:, None], shapes[None, :]).any(axis=1))


def point_distance(unit: Unit, point: tuple[float, float]) -> float:
    """Edge of the unit's base to a point, inches."""
    return float(shapely.distance(unit.polygon(), Point(point)))


def move_allowance_m(unit: Unit) -> tuple[float, str] | None:
    """BoardHints: a stand's move (its profile's move_in) in metres at the ruleset's
    scale, which the board turns back into inches."""
    from .data import profiles, rule_number

    rec = profiles().get(unit.profile)
    if rec is None or rec.get("move_in") is None:
        return None
    return (float(rec["move_in"]) * rule_number("metres_per_inch"),
            f"Civil War: {rec['name']} move {rec['move_in']:g}\"")


def weapon_scheme(unit: Unit):
    """BoardHints: the unit's range in thirds (§6.2), from its profile (a battery's gun
    class)."""
    from .data import guns, profiles
    from .fire_rules import range_scheme

    rec = profiles().get(unit.profile)
    if rec is None:
        return None
    if rec["kind"] == "battery":
        gun = guns()[rec["gun_class"]]
        return gun["name"], range_scheme(gun["range_in"])
    return rec["name"], range_scheme(rec["range_in"], rec["kind"] == "machine_gun")
