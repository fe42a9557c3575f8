"""The Keno turn's hooks (§4.2–4.5): the communication test a passed action needs, and the
Turn dock's flags (morale, suppression, a detached group acting only through its parent)."""

from __future__ import annotations

from engine.dice import Die
from engine.i18n import msg
from engine.model import Game
from engine.scenario import Unit
from engine.turns import TurnHooks, activating, activations

from . import common
from .command import comm_test, pass_outlook

__all__ = ["HOOKS", "flags", "initiative_die", "can_act", "running"]


def flags(game: Game, unit: Unit) -> tuple[str, ...]:
    sc = game.scenario
    out = []
    m = common.value(sc, unit, "morale")
    if m and m != "steady":
        out.append(common.label_morale(m, lower=True))
    if unit.markers.get("suppression"):
        out.append(msg("suppressed {n}", n=unit.markers["suppression"]))
    if unit.state.get("prone"):
        out.append("prone")
    if unit.state.get("detached_from"):
        out.append(msg("detached from {parent}: acts through it (§4.4-7)",
                       parent=unit.state["detached_from"]))
    return tuple(out)


def running(game: Game) -> set[str]:
    """The units acting now: the one whose activation runs, and every unit that received a
    passed activation inside it (§4.4-5, recursively)."""
    head = activating(game)
    if head is None:
        return set()
    out = {head}
    for rec in reversed(activations(game)):
        if rec.get("kind") == "passed":
            out.add(rec.get("unit"))
        elif rec.get("kind") != "pass failed":
            break
    return out


def can_act(game: Game, unit: Unit) -> str | None:
    """A detached group acts only through its parent squad's passed actions (§4.4-7,
    §4.8-5): it may receive one while the parent acts, and act on it; never in an
    activation slot of its own (so the turn does not wait for it)."""
    parent = unit.state.get("detached_from")
    if not parent:
        return None
    now = running(game)
    if unit.id in now or parent in now:
        return None
    return msg("a detached group acts only through {parent}'s passed actions (§4.4-7)",
               parent=parent)


def initiative_die(game: Game, side: str) -> Die | None:
    """§4.A-1 (PROPOSED best_quality): the best quality die among the side's units on the
    table; "d6" (or a side with nobody on the table): the structure's d6."""
    from engine.readings import readings_for

    from .ruleset import RULESET

    if readings_for(RULESET, game).get("initiative_die") != "best_quality":
        return None
    dice = [common.quality_die(game.scenario, u) for u in game.scenario.units
            if u.side == side and game.on_table(u.id)]
    return max(dice, key=lambda d: d.sides) if dice else None


HOOKS = TurnHooks(can_act=can_act, flags=flags, comm_test=comm_test,
                  initiative_die=initiative_die, pass_outlook=pass_outlook)
