"""Single figures and attached officers (§4.9): a single officer within a squad's cohesion
distance counts as part of that squad when it is shot at (only a sniper may pick him out);
for morale, movement and shooting his owner counts him in or out as suits him."""

from __future__ import annotations

from engine.measure import measure_pair
from engine.model import Game

from . import common

__all__ = ["SINGLE_KINDS", "is_single", "attached_squad"]

#: Profile kinds of single figures (officers, snipers), who join and leave squads freely.
SINGLE_KINDS = ("commander", "single_figure")


def is_single(game: Game, unit_id: str) -> bool:
    u = game.unit(unit_id)
    return common.profile_of(game.scenario, u).get("kind") in SINGLE_KINDS \
        and common.figures(game.scenario, u) == 1


def attached_squad(game: Game, officer_id: str, cohesion_in: float = 2.0) -> str | None:
    """The nearest squad of his side within the cohesion distance (§4.9-1, §4.A-20), or
    None (he stands alone)."""
    if not is_single(game, officer_id):
        return None
    off = game.unit(officer_id)
    best: tuple[float, str] | None = None
    for u in game.scenario.units:
        if u.side != off.side or u.id == officer_id or not game.on_table(u.id):
            continue
        if common.profile_of(game.scenario, u).get("kind") != "squad":
            continue
        gap = measure_pair(game.scenario, officer_id, u.id).edge_in
        if gap <= cohesion_in + 1e-9 and (best is None or gap < best[0]):
            best = (gap, u.id)
    return best[1] if best else None
