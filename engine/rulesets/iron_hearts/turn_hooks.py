"""What the Iron Hearts turn asks of the ruleset (engine.turns.TurnHooks): who may not act,
what hampers a soldier, and the tests due at the start of a side's turn.

- can_act: a soldier who failed a start-of-turn Guts test does nothing this turn (01
  §4.5-3, state "cannot_act", cleared when the next turn starts); one at 0 HP is out of the
  fight (§4.10, state "casualty"); a knocked-out vehicle does not act (§5.7, state
  "status").
- flags: cannot act, suppressed N (§4.5-1), pinned, casualty — what the Turn dock shows.
- triggers: at the start of his side's turn a suppressed character rolls one Guts test
  per Suppression (§4.5-3, §4.5-6): the Tests dock offers "suppression_test".
"""

from __future__ import annotations

from engine.i18n import msg
from engine.model import Game
from engine.scenario import Unit
from engine.triggers import Trigger
from engine.turns import TurnHooks

from .common import CASUALTY

__all__ = ["can_act", "flags", "suppressed", "HOOKS"]


def can_act(game: Game, unit: Unit) -> str | None:
    """None when the unit may act this turn, else why not (with the rules paragraph)."""
    if unit.state.get("cannot_act"):
        return "failed a start-of-turn Guts test: does nothing this turn (01 §4.5-3)"
    casualty = unit.state.get("casualty")
    if casualty:
        return msg("{casualty} (01 §4.10)", casualty=CASUALTY.get(casualty, casualty))
    status = unit.state.get("status")
    if status in ("knocked_out", "destroyed"):
        return msg("{status} (01 §5.7)", status=status.replace("_", " "))
    return None


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    """What stops or hampers the unit, in words, for the Turn dock."""
    out: list[str] = []
    if unit.state.get("cannot_act"):
        out.append("cannot act")
    sup = unit.markers.get("suppression", 0)
    if sup:
        out.append(msg("suppressed {n}", n=sup) if isinstance(sup, int) and sup is not True
                   else "suppressed")
    if unit.markers.get("pinned"):
        out.append("pinned")
    if unit.state.get("casualty"):
        out.append(msg("casualty ({what})", what=unit.state["casualty"]))
    return tuple(out)


def suppressed(game: Game, unit: Unit) -> bool:
    """Due the start-of-turn Guts tests: a character (the test is for characters, §4.5)
    who carries Suppression and is still in the fight."""
    from .ruleset import RULESET  # the ruleset is built from this module: read it late

    sup = unit.markers.get("suppression", 0)
    return bool(sup) and not unit.state.get("casualty") and RULESET.why_not(
        "suppression_test", unit, profiles=game.scenario.profiles) is None


HOOKS = TurnHooks(can_act=can_act, flags=flags, triggers=(
    Trigger("side_start", "suppression_test", suppressed,
            "one Guts test per Suppression at the start of the side's turn (01 §4.5-3)"),))
