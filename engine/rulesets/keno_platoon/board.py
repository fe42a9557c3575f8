"""BoardHints for the board's tools: a unit's move per action (by its movement class and
state, §4.10), whether it moves as a vehicle, and a selected commander's contact zone —
the ground within 6" of his base (edge to edge, §6-1) that he sees (geometry.viewshed),
where a subordinate needs no comm test (§4.4-3, §4.5-4) — with every unit under him
marked: in contact, by a comm test with its exact odds, or out of reach and why (each
measured pair by pair on the board, as the pass measures it)."""

from __future__ import annotations

from engine.board_rules import BoardZone, ZoneMark
from engine.i18n import msg
from engine.model import Game
from engine.scenario import Unit

from . import common, data, movement

__all__ = ["move_allowance_m", "is_vehicle", "contact_zones"]

#: A contact's kind (command.contact_report) as the board marks it.
TONES = {"contact": "in", "test": "test", "impossible": "out"}


def move_allowance_m(unit: Unit) -> tuple[float, str] | None:
    """The normal move per action in metres (the scale is 1 m per inch: the board turns
    it back into inches)."""
    if common.profile_of(None, unit) == {} and "move_class" not in unit.state:
        return None
    base = common.move_class_of(None, unit)
    row = movement.state_class(base, movement.is_encumbered(unit.state),
                               unit.state.get("tow_state"))
    rec = data.move_class(row)
    return float(rec["inches"]), msg('Keno: {move_class} {inches}" per action', move_class=rec,
                                     inches=f"{rec['inches']:g}")


def is_vehicle(unit: Unit) -> bool:
    return bool(common.value(None, unit, "vehicle", False))


def contact_zones(game: Game, unit: Unit) -> list[BoardZone]:
    """The selected commander's 6" contact zone and the units under him, marked; none for
    a unit nobody is under (the geometry loads here: the commands that only roll dice
    load the ruleset without it)."""
    from shapely.geometry import Point

    from engine.measure import terrain_index
    from geometry.viewshed import seen_within

    from .command import contact_report

    report = contact_report(game, unit.id)
    if not report:
        return []
    reach = float(data.rule_number("comms.contact_in"))
    # the ground within 6" of his base that he sees (solid pieces and deep woods cut it)
    area = seen_within(terrain_index(game.scenario), unit.polygon(), reach)
    if data.rule_number("comms.measure") != "edge":
        area = area.intersection(Point(unit.x, unit.y).buffer(reach))
    marks = []
    for c in report:
        where = {"sight": "in sight" if c.los else "out of sight",
                 "distance": f"{c.distance_in:.1f}"}
        if c.kind == "contact":
            text = msg('{sight}, {distance}": no comm test', **where)
        elif c.kind == "test":
            text = msg('{sight}, {distance}": comm test, {p} to get through',
                       p=str(c.p_through), **where)
        else:
            text = msg('{sight}, {distance}": no pass — {why}', why=c.why, **where)
        short = {"contact": msg("no test"), "test": f"{c.p_through}"}.get(c.kind,
                                                                          msg("no pass"))
        marks.append(ZoneMark(c.unit, TONES[c.kind], text, short))
    return [BoardZone(msg('{reach}" contact in sight: no comm test', reach=f"{reach:g}"),
                      area, tuple(marks))]
