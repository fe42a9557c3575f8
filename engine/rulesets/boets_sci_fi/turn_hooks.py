"""What the Boets turn asks of the ruleset (engine.turns.TurnHooks).

- can_act: a unit under 3 that failed its turn test holds (§8-7, state "holds", cleared
  each turn); a panicking formation is not under the player's command (§4.6-3).
- flags: holds, only shoots (§4.6-4), prone and ББ −2 (§4.5-3), in Panic, commander lost.
- triggers at the start of a side's turn: the small-unit test (§4.1-7), the takeover test
  and its re-test (§4.5), the Panic test and the recovery test (§4.6).
"""

from __future__ import annotations

from engine.i18n import msg
from engine.model import Game
from engine.scenario import Unit
from engine.triggers import Trigger
from engine.turns import TurnHooks

from .data import rule_number
from .formations import commander_lost, formation_of, profile_of

__all__ = ["can_act", "flags", "initiative_die", "small_unit", "takeover_due", "panic_due_now",
           "HOOKS"]


def _rule(game: Game, key: str):
    from engine.readings import readings_for

    from .ruleset import RULESET  # built from this module: read it late

    return readings_for(RULESET, game)[key]


def can_act(game: Game, unit: Unit) -> str | None:
    if unit.state.get("holds"):
        return "a unit under 3 failed its Leadership test: holds this turn (§4.1-7, §8-7)"
    g = formation_of(game, unit)
    if g is not None and g.state.get("panicking"):
        return msg("{group} is in Panic: it retreats, not under command (§4.6)", group=g.label)
    return None


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    out = []
    if unit.state.get("holds"):
        out.append("holds")
    if unit.state.get("only_shoot"):
        out.append("may only shoot")
    g = formation_of(game, unit)
    if g is not None:
        if g.state.get("prone"):
            out.append("prone, ББ −2")
        if g.state.get("panicking"):
            out.append("in Panic")
        if commander_lost(game, g) and g.state.get("takeover") != "done":
            out.append("commander lost")
    return tuple(out)


def small_unit(game: Game, unit: Unit) -> bool:
    """§4.1-7: the fighter stands in a unit of fewer than 3 (or alone, not independent)."""
    if profile_of(game, unit).get("independent"):
        return False
    g = formation_of(game, unit)
    if g is None:
        return True
    ids = game.scenario.members(g.id)
    return len(ids) < int(rule_number("leadership.small_unit")) and ids[0] == unit.id


def takeover_due(game: Game, unit: Unit) -> bool:
    from .morale import takeover_group

    return takeover_group(game, unit, _rule(game, "takeover_tester")) is not None


def panic_due_now(game: Game, unit: Unit) -> bool:
    """The formation's first fighter on the table is due its Panic or recovery test."""
    from .morale import panic_key, panic_reason

    g = formation_of(game, unit)
    if g is None or game.group_units(g.id)[0].id != unit.id:
        return False
    if g.state.get("panicking"):
        return True
    reading = _rule(game, "panic_trigger")
    return panic_reason(game, g, reading)[0] \
        and g.state.get("panic_tested") != panic_key(game, g, reading)


def initiative_die(game: Game, side: str):
    """§4.A-1: the die each side rolls for who goes first, a reading of the game."""
    from engine.dice import die

    return die(_rule(game, "first_player_die"))


HOOKS = TurnHooks(can_act=can_act, flags=flags, initiative_die=initiative_die, triggers=(
    Trigger("side_start", "small_unit_test", small_unit,
            "a unit under 3 fighters tests Leadership each turn (§4.1-7)"),
    Trigger("side_start", "takeover_test", takeover_due,
            "the commander is dead: his successor tests to take over (§4.5)"),
    Trigger("side_start", "panic_test", panic_due_now,
            "losses of ½ or more, or in Panic: Panic / recovery test (§4.6, §4.A-9)"),
))
