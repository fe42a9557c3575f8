"""Reading a scenario document: the top level, the table, terrain pieces, units and bases,
each validated value by value, and the checks that span them (ids, parents). Groups are
read and checked in engine.scenario_groups.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from engine.i18n import msg
from engine.scenario import EDGES, FORMAT, VERSION, Scenario, Table, Unit
from engine.scenario_fields import (
    BASE_SHAPES,
    MOVEMENTS,
    PIECE_KEYS,
    TABLE_KEYS,
    TOP_KEYS,
    UNIT_KEYS,
    ScenarioError,
    _at,
    _bool,
    _choice,
    _describe,
    _extra,
    _ident,
    _list,
    _number,
    _object,
    _optional,
    _points,
    _required,
    _text,
)
from engine.scenario_groups import check_groups, parse_group
from geometry.bases import BaseShape
from geometry.simple_ring import certainly_valid
from geometry.terrain_kinds import KINDS
from geometry.terrain_piece import TerrainPiece


def parse_scenario(data: Any) -> Scenario:
    """A validated Scenario from a decoded JSON document; ScenarioError names the bad field."""
    if not isinstance(data, dict):
        raise ScenarioError("", msg("expected a scenario object at the top level, got {got}",
                                    got=_describe(data)))
    d = data
    _check_format(d)
    scenario = Scenario(
        name=_text(_required(d, "name", ""), "name"),
        ruleset=_text(_required(d, "ruleset", ""), "ruleset"),
        table=_parse_table(_required(d, "table", ""), "table"),
        terrain=[parse_piece(p, _at("terrain", i))
                 for i, p in enumerate(_list(d.get("terrain", []), "terrain"))],
        units=[parse_unit(u, _at("units", i))
               for i, u in enumerate(_list(d.get("units", []), "units"))],
        profiles=_optional(d, "profiles", "", lambda v, p: copy.deepcopy(_object(v, p))),
        extra=_extra(d, TOP_KEYS),
        groups=[parse_group(g, _at("groups", i))
                for i, g in enumerate(_list(d.get("groups", []), "groups"))],
    )
    _check_ids(scenario)
    _check_parents(scenario)
    check_groups(scenario)
    return scenario


def _check_format(d: dict) -> None:
    fmt = d.get("format")
    if fmt != FORMAT:
        if "format" not in d:
            raise ScenarioError("format", msg('expected "{format}" (a Warboard scenario), it '
                                              "is missing", format=FORMAT))
        raise ScenarioError("format", msg('expected "{format}" (a Warboard scenario), got '
                                          "{got}", format=FORMAT, got=_describe(fmt)))
    version = _required(d, "version", "")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ScenarioError("version", msg("expected a whole number, got {got}",
                                           got=_describe(version)))
    if version > VERSION:
        raise ScenarioError("version", msg("{version} is newer than this program reads "
                                           "({newest})", version=version, newest=VERSION))
    if version < 1:
        raise ScenarioError("version", msg("{version} is not a version of this format "
                                           "(expected 1 to {newest})", version=version,
                                           newest=VERSION))


def _parse_table(v: Any, path: str) -> Table:
    d = _object(v, path)
    table = Table(
        width_in=_number(_required(d, "width_in", path), _at(path, "width_in"), positive=True),
        height_in=_number(_required(d, "height_in", path), _at(path, "height_in"), positive=True),
        extra=_extra(d, TABLE_KEYS),
    )
    mpi = _optional(d, "metres_per_inch", path, lambda v, p: _number(v, p, positive=True))
    if mpi is not None:
        table.metres_per_inch = mpi
    edges = _object(d.get("edges", {}), _at(path, "edges"))
    table.edges = {_text(side, _at(path, "edges")): _choice(edge, _at(_at(path, "edges"), side),
                                                            EDGES, "edge")
                   for side, edge in edges.items()}
    return table


def parse_piece(v: Any, path: str) -> TerrainPiece:
    """A terrain piece from its scenario JSON object; `path` names it in errors
    ("terrain[2]", or "add_terrain.piece" for a board edit)."""
    d = _object(v, path)
    pid = _ident(_required(d, "id", path), _at(path, "id"))
    kind = _choice(_required(d, "kind", path), _at(path, "kind"), KINDS, "kind")
    polygon, line = _piece_shape(d, path, kind)
    return TerrainPiece(
        id=pid,
        kind=kind,
        polygon=polygon,
        line=line,
        name=_optional(d, "name", path, _text),
        blocks_los=_optional(d, "blocks_los", path, _bool),
        los_depth_in=_optional(d, "los_depth_in", path, lambda v, p: _number(v, p, minimum=0)),
        cover=_optional(d, "cover", path, _cover),
        movement=_optional(d, "movement", path,
                           lambda v, p: _choice(v, p, MOVEMENTS, "movement")),
        height=_optional(d, "height", path, _number),
        thickness_in=_optional(d, "thickness_in", path,
                               lambda v, p: _number(v, p, positive=True)),
        extra=_extra(d, PIECE_KEYS),
    )


def _piece_shape(d: dict, path: str, kind: str):
    """Walls and hedges are lines; every other kind is a polygon, and a valid one."""
    wanted, other = ("line", "polygon") if KINDS[kind].is_line else ("polygon", "line")
    if d.get(other) is not None:
        raise ScenarioError(_at(path, other), msg("a {kind} is drawn with {wanted}, not {other}",
                                                  kind=kind, wanted=repr(wanted),
                                                  other=repr(other)))
    if d.get(wanted) is None:
        raise ScenarioError(_at(path, wanted), msg("required key is missing (a {kind} needs it)",
                                                   kind=kind))
    if wanted == "line":
        return None, _points(d["line"], _at(path, "line"), 2)
    pts = _points(d["polygon"], _at(path, "polygon"), 3)
    if certainly_valid(pts):  # most outlines: no shapely (and numpy) to load for them
        return pts, None
    import shapely
    from shapely.geometry import Polygon

    poly = Polygon(pts)
    if not poly.is_valid or poly.area <= 0:
        reason = _invalid_reason(shapely.is_valid_reason(poly)) if not poly.is_valid else \
            msg("it has no area")
        raise ScenarioError(_at(path, "polygon"), msg("not a valid polygon ({reason})",
                                                      reason=reason))
    return pts, None


#: GEOS's reasons for an invalid polygon ("Self-intersection[3 2]"), by their words before
#: the point; the point is kept as GEOS wrote it.
_GEOS_REASON = re.compile(r"^([A-Za-z -]+)\[([^\]]*)\]$")


def _invalid_reason(reason: str) -> Any:
    """GEOS's reason as a message a reader's language can show (the same English); a
    reason not listed here stays as GEOS wrote it."""
    m = _GEOS_REASON.match(reason)
    words, at = (m.group(1), m.group(2)) if m else (reason, None)
    if words == "Self-intersection":
        return msg("Self-intersection[{at}]", at=at)
    if words == "Ring Self-intersection":
        return msg("Ring Self-intersection[{at}]", at=at)
    if words == "Too few points in geometry component":
        return msg("Too few points in geometry component[{at}]", at=at)
    if words == "Invalid Coordinate":
        return msg("Invalid Coordinate[{at}]", at=at)
    return reason


def _cover(v: Any, path: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 4:
        raise ScenarioError(path, msg("expected a whole number from {low} to {high}, got {got}",
                                      low=0, high=4, got=_describe(v)))
    return v


def parse_unit(v: Any, path: str) -> Unit:
    """A unit from its scenario JSON object; `path` names it in errors ("units[0]")."""
    d = _object(v, path)
    base_path = _at(path, "base")
    base_raw = _object(_required(d, "base", path), base_path)
    base = parse_base(base_raw, base_path)
    facing = d.get("facing", 0.0)
    return Unit(
        id=_ident(_required(d, "id", path), _at(path, "id")),
        side=_ident(_required(d, "side", path), _at(path, "side")),
        profile=_ident(_required(d, "profile", path), _at(path, "profile")),
        x=_number(_required(d, "x", path), _at(path, "x")),
        y=_number(_required(d, "y", path), _at(path, "y")),
        base=base,
        facing=_number(facing, _at(path, "facing")),
        turret=_optional(d, "turret", path, _number),
        name=_optional(d, "name", path, _text),
        markers=copy.deepcopy(_object(d.get("markers", {}), _at(path, "markers"))),
        state=copy.deepcopy(_object(d.get("state", {}), _at(path, "state"))),
        parent=_optional(d, "parent", path, _ident),
        extra=_extra(d, UNIT_KEYS, raw={"base": (base, copy.deepcopy(base_raw))}),
    )


def parse_base(v: Any, path: str) -> BaseShape:
    """A base from its JSON object ({"shape": "round", "diameter_mm": 25})."""
    d = _object(v, path)
    shape = _choice(_required(d, "shape", path), _at(path, "shape"), BASE_SHAPES, "shape")
    if shape == "round":
        for wrong in ("width_mm", "depth_mm"):
            if wrong in d:
                raise ScenarioError(_at(path, wrong), msg("a round base takes diameter_mm"))
        dia = _number(_required(d, "diameter_mm", path), _at(path, "diameter_mm"), positive=True)
        return BaseShape.round(dia)
    if "diameter_mm" in d:
        raise ScenarioError(_at(path, "diameter_mm"),
                            msg("a oval base takes width_mm and depth_mm" if shape == "oval"
                                else "a rect base takes width_mm and depth_mm"))
    w = _number(_required(d, "width_mm", path), _at(path, "width_mm"), positive=True)
    dp = _number(_required(d, "depth_mm", path), _at(path, "depth_mm"), positive=True)
    return BaseShape(shape, w, dp)


def _check_ids(s: Scenario) -> None:
    """Ids name one thing on the table: unique across units, terrain and groups together."""
    seen: dict[str, str] = {}
    things = [(_at("terrain", i), p.id) for i, p in enumerate(s.terrain)]
    things += [(_at("units", i), u.id) for i, u in enumerate(s.units)]
    things += [(_at("groups", i), g.id) for i, g in enumerate(s.groups)]
    for path, ident in things:
        if ident in seen:
            def said(other: str, ident: str = ident) -> str:
                return msg("duplicate id {id} (already used by {other})", id=repr(ident),
                           other=other)

            raise ScenarioError(_at(path, "id"), said(seen[ident]), other=seen[ident],
                                remake=said)
        seen[ident] = path


def _check_parents(s: Scenario) -> None:
    """A parent names another unit, and commanders do not command themselves in a loop."""
    parents = {u.id: u.parent for u in s.units}
    for i, u in enumerate(s.units):
        if u.parent is None:
            continue
        path = _at(_at("units", i), "parent")
        if u.parent not in parents:
            raise ScenarioError(path, msg("no unit with id {id}", id=repr(u.parent)))
        chain, cur = {u.id}, u.parent
        while cur is not None:
            if cur in chain:
                raise ScenarioError(path, msg("command loop through {id}", id=repr(cur)))
            chain.add(cur)
            cur = parents[cur]
