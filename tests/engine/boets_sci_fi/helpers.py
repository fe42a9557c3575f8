"""Set-ups shared by the Boets tests: fighters on round bases, formations as scenario
groups, an open table with each side's own edge."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import Game
from engine.rulesets.boets_sci_fi import RULESET as BF
from engine.scenario import Group, Scenario, Table, Unit
from geometry.bases import BaseShape

BASE = BaseShape("round", 25, 25)      # a fighter's 25 mm base, 0.98"
EDGES = {"polaris": "south", "raiders": "north"}


def fighter(uid: str, profile: str, x: float, y: float, *, side: str = "polaris",
            player: str | None = None, rank: str | None = None, **state) -> Unit:
    extra = {"player": player} if player else {}
    if rank:
        state["rank"] = rank
    return Unit(uid, side, profile, x, y, BASE, facing=0.0, state=state, extra=extra)


def squad(gid: str, profile: str, n: int, x: float, y: float, *, side: str = "polaris",
          player: str | None = None, kind: str = "squad", deputy: int | None = None,
          ranks: dict[int, str] | None = None, gap: float = 1.0) -> tuple[list[Unit], Group]:
    """`n` fighters in a row from (x, y), `gap` inches apart; the first commands."""
    ranks = ranks or {}
    units = [fighter(f"{gid}-{i + 1}", profile, x + i * gap, y, side=side, player=player,
                     rank=ranks.get(i)) for i in range(n)]
    return units, Group(gid, kind, [u.id for u in units], side=side, commander=units[0].id,
                        deputy=units[deputy].id if deputy is not None else None)


def group(gid: str, kind: str, members: Sequence[Group], *, commander: str,
          deputy: str | None = None, side: str = "polaris") -> Group:
    return Group(gid, kind, [m.id for m in members], side=side, commander=commander,
                 deputy=deputy)


def game_of(*parts, width: float = 48.0, height: float = 48.0) -> Game:
    """A game of (units, group) formations, loose units and extra groups."""
    units: list[Unit] = []
    groups: list[Group] = []
    for p in parts:
        if isinstance(p, tuple):
            units += p[0]
            groups.append(p[1])
        elif isinstance(p, Group):
            groups.append(p)
        else:
            units.append(p)
    game = Game(Scenario("test", BF.id, Table(width, height, 1.0, edges=dict(EDGES)), [],
                         units, groups=groups))
    game.sides = ["polaris", "raiders"]
    return game
