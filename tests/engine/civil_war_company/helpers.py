"""Set-ups shared by the Civil War tests: stands, companies (scenario groups) on an open
table."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import Game
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.companies import MARKER_FLAGS
from engine.scenario import Group, Scenario, Table, Unit
from geometry.bases import BaseShape

STAND = BaseShape("rect", 50, 25)     # a platoon stand, 1.97" × 0.98"
MG_BASE = BaseShape("rect", 40, 30)


def unit(uid: str, profile: str, x: float = 0.0, y: float = 0.0, *, side: str = "a",
         facing: float = 90.0, base: BaseShape = STAND, **state) -> Unit:
    """A unit; state flags the board shows (prone, suppressed, routing) go to markers."""
    markers = {k: v for k, v in state.items() if k in MARKER_FLAGS}
    return Unit(uid, side, profile, x, y, base, facing=facing, markers=markers,
                state={k: v for k, v in state.items() if k not in markers})


def company(gid: str, profile: str, xs: Sequence[float], y: float | Sequence[float], *,
            side: str, facing: float = 90.0, name: str | None = None, ids=None,
            **state) -> tuple[list[Unit], Group]:
    """A company group of stands at (x, y); the first is the command stand. Marker flags
    go on it, the rest of `state` on the group."""
    ys = list(y) if isinstance(y, Sequence) else [y] * len(xs)
    ids = ids or [f"{gid}-{i + 1}" for i in range(len(xs))]
    markers = {k: v for k, v in state.items() if k in MARKER_FLAGS}
    units = [unit(uid, profile, x, yy, side=side, facing=facing,
                  **(markers if i == 0 else {}))
             for i, (uid, x, yy) in enumerate(zip(ids, xs, ys, strict=True))]
    group = Group(gid, "company", [u.id for u in units], name=name, side=side,
                  commander=units[0].id,
                  state={k: v for k, v in state.items() if k not in markers})
    return units, group


def game_of(*parts, width: float = 72.0, height: float = 48.0, terrain=()) -> Game:
    """A game of units and (units, group) companies on an open table."""
    units: list[Unit] = []
    groups: list[Group] = []
    for p in parts:
        if isinstance(p, tuple):
            units += p[0]
            groups.append(p[1])
        else:
            units.append(p)
    return Game(Scenario("test", CW.id, Table(width, height, 10.0), list(terrain), units,
                         groups=groups))
