"""The Keno turn's hooks (§4.2–4.5): the communication test a passed action needs, and the
Turn dock's flags (morale, suppression, a detached group acting only through its parent)."""

from __future__ import annotations

from engine.model import Game
from engine.scenario import Unit
from engine.turns import TurnHooks

from . import common
from .command import comm_test

__all__ = ["HOOKS", "flags"]


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    sc = game.scenario
    out = []
    m = common.value(sc, unit, "morale")
    if m and m != "steady":
        out.append(common.label_morale(m).lower())
    if unit.markers.get("suppression"):
        out.append(f"suppressed {unit.markers['suppression']}")
    if unit.state.get("prone"):
        out.append("prone")
    if unit.state.get("detached_from"):
        out.append(f"detached from {unit.state['detached_from']}: acts through it (§4.4-7)")
    return tuple(out)


HOOKS = TurnHooks(flags=flags, comm_test=comm_test)
