"""The board inside a Civil War resolution, on top of engine.board_ops: LOS and distance
from every stand, which stand a lost platoon is, whether a prone stand sits in a building
or trench, the point a retreat runs away from, and what the board asks the ruleset
(BoardHints). Vectorised over stands with shapely / numpy."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point

from engine.board_ops import BoardOps
from engine.board_rules import BoardShape, UnitBadge
from engine.i18n import msg
from engine.scenario import Scenario, Unit

__all__ = ["StandLine", "stand_lines", "shooter_point", "loss_order", "in_building_or_trench",
           "point_distance", "move_allowance_m", "weapon_scheme", "state_badges",
           "state_shapes"]


@dataclass(frozen=True, slots=True)
class StandLine:
    """One firing stand: whether it sees the target company and how far it is (edge to
    edge, to the nearest target stand it sees, else the nearest)."""

    stand: str
    los: bool
    distance_in: float


def _polys(units: Sequence[Unit]) -> np.ndarray:
    return np.array([u.polygon() for u in units], dtype=object)


def stand_lines(board: BoardOps, shooter: str, target: str) -> list[StandLine]:
    """LOS and distance from each stand of `shooter` (a company group or a unit) to the
    target company `target` (§6.1): a stand has LOS when it sees any part of any target
    stand (BoardOps.los_between: one visibility matrix)."""
    a_ids, b_ids, vis = board.los_between(shooter, target)
    units = {u.id: u for u in board.scenario.units}
    pa = np.array([units[i].polygon() for i in a_ids], dtype=object)
    pb = np.array([units[i].polygon() for i in b_ids], dtype=object)
    seen = vis > 0
    dist = shapely.distance(pa[:, None], pb[None, :])
    out = []
    for i, sid in enumerate(a_ids):
        row = np.where(seen[i], dist[i], np.inf)
        d = float(row.min()) if seen[i].any() else float(dist[i].min())
        out.append(StandLine(sid, bool(seen[i].any()), d))
    return out


def shooter_point(shooter_stands: Sequence[Unit], centre: tuple[float, float]
                  ) -> tuple[float, float]:
    """The point a retreat runs "directly away" from: the centre of the shooter's stand
    nearest the company's centre (PROPOSED, §6.7)."""
    cx, cy = centre
    s = min(shooter_stands, key=lambda u: math.hypot(u.x - cx, u.y - cy))
    return (s.x, s.y)


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
            msg('Civil War: {profile} move {inches}"', profile=rec,
                inches=f"{rec['move_in']:g}"))


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


def _profile(unit: Unit):
    from .data import profiles

    return profiles().get(unit.profile)


def state_badges(unit: Unit) -> list[UnitBadge]:
    """BoardHints: an MG's or a battery's ammunition left (§4.7-7, §4.8-5, §4.10): "AM7",
    "AM0" when it is out, "AM?" for poor supply not rolled yet. A company's own markers
    (SUP, PRO, ROU, Terror) are unit markers the board shows by itself."""
    from .common import ammo_left, ammo_total
    from .companies import Company

    rec = _profile(unit)
    if rec is None or rec["kind"] not in ("machine_gun", "battery"):
        return []
    c = Company(unit, (unit,), rec)
    left, total = ammo_left(c), ammo_total(c)
    if left is None:
        return [UnitBadge("ammo", msg("AM?"), msg("ammunition: poor supply, not rolled yet — "
                                             "roll it before the battle (§4.10)"), "info")]
    tip = msg("ammunition: {left} of {total} shots left (§4.10)", left=left, total=total) \
        if total is not None else msg("ammunition: {left} shots left (§4.10)", left=left)
    return [UnitBadge("ammo", msg("AM{left}", left=left), tip, "out" if left <= 0 else "info")]


def state_shapes(unit: Unit) -> list[BoardShape]:
    """BoardHints: where the battery's last shot landed (state `last_shot`, written by
    Artillery fire): the template where it came down, its hole (3"), and a dashed arrow
    from the point it was aimed at when it scattered."""
    from .data import rule_number

    shot = unit.state.get("last_shot")
    if not isinstance(shot, dict):
        return []
    try:
        cx, cy = (float(v) for v in shot["centre"])
        ax, ay = (float(v) for v in shot["aim"])
        dist, bearing = (float(v) for v in shot.get("scatter") or (0.0, 0.0))
    except (KeyError, TypeError, ValueError):
        return []
    area = shot.get("shape") == "blast-5"
    size = rule_number("artillery.area_template_in" if area else "artillery.aimed_template_in")
    kind = msg('{size}" area template', size=f"{size:g}") if area else \
        msg('{size}" aimed template', size=f"{size:g}")
    moved = msg('scattered {distance}" at {bearing}°', distance=f"{dist:g}",
                bearing=f"{bearing:.0f}") if dist > 0 else msg("no scatter")
    out = [BoardShape(f"{unit.id}.last_shot", "circle", ((cx, cy),), size / 2,
                      label=msg("last shot"), tone="hit",
                      tip=msg("{unit}: {shape}, last shot, {moved}; it lands at ({x}, {y})",
                              unit=unit.label, shape=kind, moved=moved, x=f"{cx:.1f}",
                              y=f"{cy:.1f}"))]
    if not area:
        out.append(BoardShape(f"{unit.id}.last_shot.hole", "circle", ((cx, cy),), 0.15,
                              tone="hit", tip=msg("the template's hole: the stand under it "
                                                  "took a direct hit (§4.7-3)")))
    if dist > 0:
        out.append(BoardShape(f"{unit.id}.last_shot.scatter", "line", ((ax, ay), (cx, cy)),
                              tone="aim", arrow=True,
                              tip=msg("aimed at ({x}, {y}), {moved} (§4.7-2)", x=f"{ax:.1f}",
                                      y=f"{ay:.1f}", moved=moved)))
    return out
