"""The chain of command as a tree for the Turn dock: who commands whom (Unit.parent), who
may still act this turn, and who may receive a passed action now — from which running
commander and on what terms (the ruleset's `TurnHooks.pass_outlook`: no test, a test with
its exact odds, or impossible and why). Generic: the tree is read from the units' parent
links and the turn model; what a pass would meet is the ruleset's to say."""

from __future__ import annotations

from dataclasses import dataclass

from engine import turns
from engine.model import Game
from engine.turns import PassOutlook, TurnStructure

__all__ = ["CommandNode", "command_tree", "passer_for"]


@dataclass(frozen=True, slots=True)
class CommandNode:
    """One unit in the tree, in the order drawn (a commander before his subordinates).

    `depth` 0 is a root (no commander on the table; `off_table` names whom it answers to
    off the table: a commander id that is no unit on the table, or an off-table group
    holding it). `may_act`: it may still take its own activation this turn
    or is acting now. `passer`: the running commander above it with an action left (None:
    nobody can pass to it now); `receive`: why it cannot receive from him, or None when it
    can; `outlook`: what the pass would meet, as the ruleset says."""

    unit: str
    label: str
    side: str
    depth: int
    commander: str | None
    off_table: str | None
    may_act: bool
    activated: bool
    actions_left: int | None
    passer: str | None = None
    links: int | None = None
    receive: str | None = None
    outlook: PassOutlook | None = None

    @property
    def can_receive(self) -> bool:
        return self.passer is not None and self.receive is None


def _off_table_head(game: Game, unit) -> str | None:
    """Who a unit answers to off the table: its commander's id when that is no unit on the
    table, else the name of an off-table group that holds it (a battery's HQ, KP-1's
    spotters)."""
    if unit.parent is not None:
        return unit.parent
    for g in game.scenario.groups:
        if g.off_table and unit.id in g.members:
            return g.label
    return None


def _on_table_parent(game: Game, unit) -> str | None:
    p = unit.parent
    if p is None:
        return None
    try:
        game.unit(p)
    except ValueError:
        return None
    return p if game.on_table(p) else None


def passer_for(game: Game, structure: TurnStructure, unit_id: str) -> str | None:
    """The nearest commander up the unit's chain who has an action left in the running
    activation (the slot's unit, or one that received a passed activation in it), or None."""
    if not structure.passes_allowed or turns.activating(game) is None:
        return None
    cur, seen = game.unit(unit_id).parent, {unit_id}
    while cur is not None and cur not in seen:
        seen.add(cur)
        try:
            c = game.unit(cur)
        except ValueError:
            return None
        if game.on_table(c.id) and (turns.actions_left(game, c.id, structure) or 0) > 0:
            return c.id
        cur = c.parent
    return None


def _receive(game: Game, structure: TurnStructure, passer: str, unit_id: str
             ) -> tuple[int | None, str | None, PassOutlook | None]:
    links = turns.chain_links(game, passer, unit_id)
    if links is None:
        return None, "not under his command", None
    why = turns.why_cannot_act(game, structure, unit_id)
    hook = structure.hooks.pass_outlook
    outlook = hook(game, game.unit(passer), game.unit(unit_id), links - 1) \
        if hook is not None else None
    if why is None and outlook is not None and outlook.kind == "impossible":
        why = outlook.text
    return links, why, outlook


def command_tree(game: Game, structure: TurnStructure, side: str | None = None
                 ) -> list[CommandNode]:
    """The units on the table (of `side`, or all) as a tree by their commanders, each
    commander before his subordinates, in the scenario's order within a level."""
    units = [u for u in game.units if game.on_table(u.id) and (side is None or u.side == side)]
    ids = {u.id for u in units}
    children: dict[str | None, list] = {}
    for u in units:
        parent = _on_table_parent(game, u)
        children.setdefault(parent if parent in ids else None, []).append(u)
    running = turns.activating(game)
    out: list[CommandNode] = []

    def visit(u, depth: int, seen: frozenset) -> None:
        parent = _on_table_parent(game, u)
        left = turns.actions_left(game, u.id, structure)
        acting = u.id == running or (left or 0) > 0
        may = acting or (not u.state.get("activated")
                         and turns.why_cannot_act(game, structure, u.id) is None)
        passer = passer_for(game, structure, u.id)
        links = why = outlook = None
        if passer is not None:
            links, why, outlook = _receive(game, structure, passer, u.id)
        out.append(CommandNode(u.id, u.label, u.side, depth, parent if parent in ids else None,
                               _off_table_head(game, u) if parent is None else None, may,
                               bool(u.state.get("activated")), left, passer, links, why,
                               outlook))
        for c in children.get(u.id, []):
            if c.id not in seen:
                visit(c, depth + 1, seen | {c.id})

    for root in children.get(None, []):
        visit(root, 0, frozenset({root.id}))
    return out
