"""The fighters' formations on the board (03 §4.1, §4.3–4.6): which squad / platoon /
company a fighter fights in, the LDR its tests use, who succeeds a dead commander, and the
loss tally per formation and side-turn that the Panic trigger reads (§4.A-9)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.i18n import msg
from engine.model import Effect, Game, SetGroupState
from engine.scenario import Group, Unit

from .data import armlists
from .leadership import commander_ldr, senior_first

__all__ = ["profile_of", "rank_of", "formation_of", "squad_of", "unit_ldr", "test_ldr",
           "successor", "commander_lost", "tally_effects", "tally", "panic_tally",
           "previous_side_turn", "FORMATION_KINDS"]

FORMATION_KINDS = ("squad", "platoon", "company")


def profile_of(game: Game | None, unit: Unit) -> Mapping[str, Any]:
    own = (game.scenario.profiles or {}) if game is not None else {}
    return own.get(unit.profile) or armlists().get(unit.profile, {})


def rank_of(game: Game | None, unit: Unit) -> str:
    """A fighter's rank: his own state's `rank`, else his armlist's (private)."""
    return str(unit.state.get("rank") or profile_of(game, unit).get("rank", "private"))


def _formations(game: Game, unit: Unit) -> list[Group]:
    return [g for g in game.scenario.top_groups_of(unit.id) if g.kind in FORMATION_KINDS]


def formation_of(game: Game | None, unit: Unit) -> Group | None:
    """The outermost formation the fighter fights in (independent squad, platoon or
    company): it panics and retreats as one (PROPOSED)."""
    if game is None:
        return None
    gs = _formations(game, unit)
    return gs[-1] if gs else None


def squad_of(game: Game | None, unit: Unit) -> Group | None:
    """The innermost formation (his squad)."""
    if game is None:
        return None
    gs = _formations(game, unit)
    return gs[0] if gs else None


def unit_ldr(game: Game, group: Group, reading: str = "numeric_max",
             when: str = "organisation") -> int:
    """§4.4: the formation's commander LDR from its fighters' LDRs; §4.A-20: computed from
    every fighter it was organised with ("organisation") or from the survivors
    ("turn_start")."""
    ids = game.scenario.members(group.id, leaders=True)
    units = [game.unit(i) for i in ids]
    if when != "organisation":
        units = [u for u in units if game.on_table(u.id)] or units
    return commander_ldr([int(profile_of(game, u)["ldr"]) for u in units], reading)


def _led_by_living_commander(game: Game, unit: Unit) -> Group | None:
    for g in _formations(game, unit):
        if g.commander and game.on_table(g.commander):
            return g
    return None


def test_ldr(game: Game | None, unit: Unit, reading: str = "numeric_max",
             when: str = "organisation") -> tuple[int, str]:
    """§4.3-3: while the fighter's commander lives, his tests use the commander's LDR;
    otherwise his own armlist LDR. Returns (LDR, where it came from)."""
    own = int(profile_of(game, unit)["ldr"])
    if game is None:
        return own, "own ЛДР"
    g = _led_by_living_commander(game, unit)
    if g is None:
        return own, "own ЛДР"
    his = int(profile_of(game, game.unit(g.commander))["ldr"])
    return unit_ldr(game, g, reading, when), \
        msg("commander's ЛДР of {group} (§4.4; his own {own})", group=g.label, own=his)


def commander_lost(game: Game, group: Group) -> bool:
    """The formation had a commander and he is no longer on the table."""
    return bool(group.commander) and not game.on_table(group.commander)


def successor(game: Game, group: Group) -> str | None:
    """§4.5-1, §4.1-5, §4.A-8: the deputy if he lives, else the most senior surviving
    fighter of the formation (lieutenant, senior sergeant, sergeant, private)."""
    if group.deputy and game.on_table(group.deputy):
        return group.deputy
    alive = [u for u in game.group_units(group.id) if u.id != group.commander]
    order = senior_first([(u.id, rank_of(game, u)) for u in alive])
    return order[0] if order else None


def tally(game: Game, group: Group) -> Mapping[str, Any]:
    """This side-turn's loss tally of the formation: {"turn", "side", "start", "losses"}
    (empty when it has lost nobody to this ruleset's actions this side-turn)."""
    t = group.state.get("tally") or {}
    if t.get("turn") == game.turn and t.get("side") == game.active_side:
        return t
    return {}


def previous_side_turn(game: Game) -> tuple[int, str | None]:
    """The side-turn before the running one: the side before the active one in this turn's
    order, else the last side of the turn before."""
    order = list(game.activation_order or game.sides)
    side = game.active_side
    if side not in order:
        return game.turn - 1, order[-1] if order else None
    i = order.index(side)
    return (game.turn, order[i - 1]) if i > 0 else (game.turn - 1, order[-1])


def panic_tally(game: Game, group: Group) -> Mapping[str, Any]:
    """The tally the Panic trigger reads under §4.A-9 A: this side-turn's, else that of the
    side-turn just ended — the enemy's fire the formation suffered, tested at the start of
    its own turn (PROPOSED)."""
    now = tally(game, group)
    if now:
        return now
    t = group.state.get("tally") or {}
    if t and (t.get("turn"), t.get("side")) == previous_side_turn(game):
        return t
    return {}


def tally_effects(game: Game | None, killed: Iterable[str]) -> list[Effect]:
    """The formations' loss tallies after `killed` fighters are removed: the strength at
    the start of this side-turn is kept the first time it loses someone (§4.A-9 A)."""
    if game is None:
        return []
    by_group: dict[str, int] = {}
    for uid in killed:
        g = formation_of(game, game.unit(uid))
        if g is not None:
            by_group[g.id] = by_group.get(g.id, 0) + 1
    out: list[Effect] = []
    for gid, k in by_group.items():
        g = game.group(gid)
        t = dict(tally(game, g)) or {"turn": game.turn, "side": game.active_side,
                                     "start": len(game.group_units(gid)), "losses": 0}
        t["losses"] += k
        out.append(SetGroupState(gid, "tally", t))
    return out
