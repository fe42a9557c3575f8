"""Set-ups shared by the Civil War tests: stands, companies on an open table, contexts."""

from __future__ import annotations

from engine.model import Game
from engine.rulesets.civil_war_company import RULESET as CW
from engine.rulesets.civil_war_company.companies import MARKER_FLAGS
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape

STAND = BaseShape("rect", 50, 25)     # a platoon stand, 1.97" × 0.98"
MG_BASE = BaseShape("rect", 40, 30)


def unit(uid: str, profile: str, x: float = 0.0, y: float = 0.0, *, side: str = "a",
         parent: str | None = None, facing: float = 90.0, base: BaseShape = STAND,
         **state) -> Unit:
    markers = {k: v for k, v in state.items() if k in MARKER_FLAGS}
    return Unit(uid, side, profile, x, y, base, facing=facing, parent=parent,
                markers=markers, state={k: v for k, v in state.items() if k not in markers})


def company(prefix: str, profile: str, xs: list[float], y: float, *, side: str,
            facing: float = 90.0, **state) -> list[Unit]:
    """Stands at (x, y) for x in xs; the first is the command stand and holds `state`."""
    lead = f"{prefix}-1"
    return [unit(f"{prefix}-{i + 1}", profile, x, y, side=side, facing=facing,
                 parent=None if i == 0 else lead, **(state if i == 0 else {}))
            for i, x in enumerate(xs)]


def game_of(*units: Unit, width: float = 72.0, height: float = 48.0, terrain=()) -> Game:
    return Game(Scenario("test", CW.id, Table(width, height, 10.0), list(terrain),
                         list(units)))
