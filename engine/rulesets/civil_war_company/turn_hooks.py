"""What the Civil War turn asks of the ruleset (engine.turns.TurnHooks): what hampers a
company, and what falls due at the start of its side's turn.

- flags (the Turn dock's State column): suppressed, prone, fleeing, Terror markers, officer
  lost, moved — read from the company of the stand.
- triggers at the start of a side's turn, for each company's command stand (or a single
  stand): its start-of-turn bookkeeping (`start_activation`: turn-start positions for a
  retreat toward them, §4.2-3; 'moved' and 'under fire' cleared; PROPOSED, §8-1), and the
  RALLY test of a suppressed or fleeing company (§4.6, §8-4, PROPOSED), and the ammunition
  roll of an MG or battery with poor supply not rolled yet (§4.10).
"""

from __future__ import annotations

from engine.i18n import msg
from engine.model import Game
from engine.scenario import Unit
from engine.triggers import Trigger
from engine.turns import TurnHooks

from .companies import Company, company_of

__all__ = ["flags", "HOOKS", "is_record", "needs_rally", "needs_ammunition"]


def _company(game: Game, unit: Unit) -> Company:
    from .data import profiles

    rec = (game.scenario.profiles or {}).get(unit.profile) or profiles().get(unit.profile, {})
    return company_of(unit, rec, game)


def is_record(game: Game, unit: Unit) -> bool:
    """The stand that stands for its company (its command stand, or a single stand)."""
    return _company(game, unit).record.id == unit.id


def needs_rally(game: Game, unit: Unit) -> bool:
    c = _company(game, unit)
    return c.record.id == unit.id and (c.flag("suppressed") or c.flag("routing"))


def needs_ammunition(game: Game, unit: Unit) -> bool:
    """An MG or battery with poor supply whose ammunition is not rolled yet (§4.10)."""
    from .common import ammo_left

    c = _company(game, unit)
    return c.kind in ("machine_gun", "battery") and ammo_left(c) is None


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    """What hampers the stand's company, in words."""
    c = _company(game, unit)
    out = [label for key, label in (("suppressed", "suppressed"), ("prone", "prone"),
                                    ("routing", "fleeing"), ("moved", "moved"))
           if c.flag(key)]
    if c.terror:
        out.append(msg("terror {n}", n=c.terror))
    if c.kind == "company" and not c.officer:
        out.append("officer lost")
    if c.kind != "company":
        from .common import ammo_left

        left = ammo_left(c)
        out.append("ammunition not rolled" if left is None else
                   msg("ammunition {n}", n=left))
    return tuple(out)


HOOKS = TurnHooks(flags=flags, triggers=(
    Trigger("side_start", "start_activation", is_record,
            "start of the company's turn: positions kept, 'moved' cleared (§4.2-3, §8-1)",
            proposed=True),
    Trigger("side_start", "rally", needs_rally,
            "a suppressed or fleeing company tests RALLY at the start of its turn (§4.6, "
            "§8-4)", proposed=True),
    Trigger("side_start", "roll_ammunition", needs_ammunition,
            "poor supply: its ammunition is rolled before the battle (d6 a battery, d6 + d3 "
            "an MG or tachanka, §4.10) — at the start of its side's first turn"),
))
