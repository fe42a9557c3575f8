"""What the Boets ruleset tells the board (engine.protocol.BoardHints): a drag reaches the
fighter's Ск; each fighter out of
his squad's command distance — the 1-step chain of §4.7-3 / §4.A-12 — gets a warning badge,
so a move that breaks coherency shows on the table at once, whoever made it (the Move
action, a drag, an undo)."""

from __future__ import annotations

from engine.board_rules import UnitBadge
from engine.i18n import msg
from engine.scenario import Scenario

from .data import rule_number
from .formations import FORMATION_KINDS, profile_of
from .manoeuvre import coherency_violators

__all__ = ["out_of_command", "board_warnings", "move_allowance_m"]


def move_allowance_m(unit) -> tuple[float, str] | None:
    """A fighter's drag on the board reaches his Ск (§4.7-1), in steps of the ruleset's
    length; "metres" at the ruleset's scale of 1 m to the inch (the board turns it back
    into inches)."""
    speed = profile_of(None, unit).get("speed")
    if speed is None:
        return None
    step = float(rule_number("inches_per_step"))
    return speed * step, msg('Boets: Ск {speed} steps ({inches}")', speed=speed,
                              inches=f"{speed * step:g}")


def _leaf_formations(scenario: Scenario):
    """The formations with no formation inside them (squads, or a platoon of fighters)."""
    kinds = {g.id: g.kind for g in scenario.groups}
    return [g for g in scenario.groups if g.kind in FORMATION_KINDS
            and not any(kinds.get(m) in FORMATION_KINDS for m in g.members)]


def out_of_command(scenario: Scenario, measure: str = "centre",
                   links: str = "chain") -> dict[str, str]:
    """{fighter id: his formation's name} for every fighter on the table cut off from his
    squad's chain of 1-step links (§4.7-3, §4.A-12 readings `measure` and `links`)."""
    on = {u.id: u for u in scenario.units}
    step = float(rule_number("inches_per_step"))
    out: dict[str, str] = {}
    for g in _leaf_formations(scenario):
        units = [on[i] for i in scenario.members(g.id) if i in on]
        for uid in coherency_violators(units, step, measure, links):
            out[uid] = g.label
    return out


def board_warnings(scenario: Scenario) -> dict[str, list[UnitBadge]]:
    """A "CMD" warning on each fighter out of command distance, with the rule in its tip.
    The board has no game readings to hand: the default readings (centre to centre, a
    chain) are used; the Move action's own check follows the game's readings."""
    return {uid: [UnitBadge("out_of_command", msg("CMD"),
                            msg("out of {group}'s command distance: more than 1 step from "
                                "its chain (§4.7-3)", group=name), "warning")]
            for uid, name in out_of_command(scenario).items()}
