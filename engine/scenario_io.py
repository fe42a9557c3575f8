"""Scenario interchange format v2 (design.md): JSON in, model out, and back — exactly.

Reading validates every value and names the field at fault (`units[3].facing: expected a
number`). Version 1 files (no `groups`, no table `edges`) are read as they are and written
back as version 2: nothing else in them changes. Keys this version does not know are kept
and written back, and so is the order of the keys in each object, so a hand-written file
survives import and export unchanged and diffs stay small. The round trip rides on `Extra`,
the dict the model classes already hold for unknown keys: it also remembers its object's key
order and the raw form of a base.

The public parsers and writers of single records (`parse_unit`, `unit_to_dict`, …) are what
board edits (engine/edits.py) use to carry a unit, piece or group as its file JSON.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Polygon

from engine import safe_json
from engine.i18n import msg, prefixed
from engine.scenario import EDGES, FORMAT, VERSION, Group, Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import KINDS, TerrainPiece

#: Imports are refused above this size: a scenario of 500 units and 50 pieces is ~150 kB.
MAX_FILE_BYTES = 20 * 1024 * 1024
#: The largest magnitude of a number in a scenario (inches, millimetres, degrees): 1e308
#: is finite but no table is; geometry on it would overflow.
MAX_MAGNITUDE = 1e6
#: The deepest chain of groups in groups: an army's (fireteam to army group) is about 11;
#: a deeper chain is a mistake or a hostile file, and walking it must not exhaust a stack.
MAX_GROUP_DEPTH = 32
#: Saved files wrap at this width: short objects (a base, a point list) stay on one line.
LINE_WIDTH = 100
DEMO = ("scenarios", "crossroads.json")
#: Ground scale of a table that does not give one (the rulesets will supply theirs).
DEFAULT_MPI = Table().metres_per_inch

MOVEMENTS = ("normal", "difficult", "impassable", "obstacle")
BASE_SHAPES = ("round", "oval", "rect")

# Canonical key order of each object, used for keys the source did not have.
TOP_KEYS = ("format", "version", "name", "ruleset", "table", "terrain", "units", "groups",
            "profiles")
TABLE_KEYS = ("width_in", "height_in", "metres_per_inch", "edges")
PIECE_KEYS = ("id", "kind", "name", "polygon", "line", "blocks_los", "los_depth_in", "cover",
              "movement", "height", "thickness_in")
UNIT_KEYS = ("id", "name", "side", "profile", "parent", "x", "y", "facing", "turret", "base",
             "markers", "state")
GROUP_KEYS = ("id", "kind", "name", "name_ru", "side", "off_table", "members", "commander",
              "deputy", "markers", "state")

__all__ = [
    "ScenarioError", "Extra", "MAX_FILE_BYTES", "parse_scenario", "parse_unit", "parse_piece",
    "parse_base", "parse_group", "check_groups", "scenario_to_dict", "unit_to_dict",
    "piece_to_dict", "base_to_dict", "unit_base_to_dict", "group_to_dict", "dumps_scenario",
    "loads_scenario", "load_scenario", "save_scenario", "load_demo",
]


class ScenarioError(ValueError):
    """A scenario that cannot be read. `field` is the path of the bad value ("" = the file)."""

    def __init__(self, field: str, message: str, *, source: str | None = None,
                 other: str | None = None,
                 remake: Callable[[str], str] | None = None) -> None:
        self.field = field
        self.message = message
        self.source = source
        # `other`: the path of a second field the message names ("already used by
        # terrain[2]"); `remake(name)` words the message naming it otherwise (a game file
        # names rows by table and id, not by index)
        self.other, self.remake = other, remake
        # a message made with msg() stays one, after the file and the field, so that a
        # reader's language can be shown (engine.i18n.said); English as it always was
        super().__init__(prefixed("".join(f"{p}: " for p in (source, field) if p), message))

    def with_source(self, source: str) -> ScenarioError:
        """The same error, told about the file it came from."""
        return ScenarioError(self.field, self.message, source=source, other=self.other,
                             remake=self.remake)


class Extra(dict):
    """Unknown keys of one JSON object, plus what an exact round trip needs.

    `order` is the object's key order in the source; `raw` holds sub-objects the model
    normalises (a unit's base), written back verbatim while the model value is unchanged.
    Code that treats it as a plain dict loses nothing but the order.
    """

    def __init__(self, unknown: Iterable = (), *, order: Iterable[str] = (),
                 raw: dict | None = None) -> None:
        super().__init__(unknown)
        self.order: tuple[str, ...] = tuple(order)
        self.raw: dict[str, Any] = dict(raw or {})


# --- reading values ----------------------------------------------------------------------


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _describe(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if _jsonable(v) else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(v: Any) -> bool:
    try:
        json.dumps(v)
    except (TypeError, ValueError):
        return False
    return True


def _required(d: dict, key: str, path: str) -> Any:
    if key not in d:
        raise ScenarioError(_at(path, key), msg("required key is missing"))
    return d[key]


def _object(v: Any, path: str) -> dict:
    if not isinstance(v, dict):
        raise ScenarioError(path, msg("expected an object, got {got}", got=_describe(v)))
    return v


def _list(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise ScenarioError(path, msg("expected a list, got {got}", got=_describe(v)))
    return v


def _text(v: Any, path: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ScenarioError(path, msg("expected a non-empty string, got {got}",
                                      got=_describe(v)))
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        raise ScenarioError(path, msg("text holding a lone surrogate, which no file can "
                                      "hold")) from None
    return v


def _ident(v: Any, path: str) -> str:
    """An id, or a reference to one: text whose every character shows (a bidi override or
    a zero-width space would let two ids look alike)."""
    v = _text(v, path)
    why = safe_json.hidden_character(v)
    if why is not None:
        raise ScenarioError(path, why)
    return v


def _number(v: Any, path: str, *, positive: bool = False, minimum: float | None = None) -> float:
    """A finite JSON number, kept as given (an int stays an int, for the round trip)."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ScenarioError(path, msg("expected a number, got {got}", got=_describe(v)))
    if isinstance(v, int) and abs(v) > MAX_MAGNITUDE:
        raise ScenarioError(path, msg("expected a number within ±{limit:g}, got a "
                                      "{digits}-digit whole number", limit=MAX_MAGNITUDE,
                                      digits=len(str(abs(v)))))
    if not math.isfinite(v):
        raise ScenarioError(path, msg("expected a finite number, got {got}", got=repr(v)))
    if abs(v) > MAX_MAGNITUDE:
        raise ScenarioError(path, msg("expected a number within ±{limit:g}, got {got}",
                                      limit=MAX_MAGNITUDE, got=repr(v)))
    if positive and v <= 0:
        raise ScenarioError(path, msg("expected a positive number, got {got}", got=repr(v)))
    if minimum is not None and v < minimum:
        raise ScenarioError(path, msg("expected a number of at least {minimum:g}, got {got}",
                                      minimum=minimum, got=repr(v)))
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise ScenarioError(path, msg("expected true or false, got {got}", got=_describe(v)))
    return v


#: The message of a value outside its list, by what the value is (one template each, so
#: that a translation can word each whole).
_UNKNOWN = {
    "edge": lambda **p: msg("unknown edge {got} (expected one of {options})", **p),
    "kind": lambda **p: msg("unknown kind {got} (expected one of {options})", **p),
    "movement": lambda **p: msg("unknown movement {got} (expected one of {options})", **p),
    "shape": lambda **p: msg("unknown shape {got} (expected one of {options})", **p),
}


def _choice(v: Any, path: str, options: Iterable[str], what: str) -> str:
    """`v` if it is one of `options`; `what` ("edge", "kind", "movement", "shape") says
    what the value is."""
    options = tuple(options)
    if not isinstance(v, str) or v not in options:
        raise ScenarioError(path, _UNKNOWN[what](got=_describe(v), options=", ".join(options)))
    return v


def _optional(d: dict, key: str, path: str, read) -> Any:
    """An optional key: absent or null means "the default" (None)."""
    v = d.get(key)
    return None if v is None else read(v, _at(path, key))


def _points(v: Any, path: str, minimum: int) -> list[tuple[float, float]]:
    pts = _list(v, path)
    if len(pts) < minimum:
        raise ScenarioError(path, msg("expected at least {minimum} points, got {got}",
                                      minimum=minimum, got=len(pts)))
    out = []
    for i, p in enumerate(pts):
        if not isinstance(p, list) or len(p) != 2:
            raise ScenarioError(_at(path, i), msg("expected a point [x, y], got {got}",
                                                  got=_describe(p)))
        out.append((_number(p[0], _at(_at(path, i), 0)), _number(p[1], _at(_at(path, i), 1))))
    return out


def _extra(d: dict, known: Iterable[str], raw: dict | None = None) -> Extra:
    known = set(known)
    unknown = {k: copy.deepcopy(v) for k, v in d.items() if k not in known}
    return Extra(unknown, order=d.keys(), raw=raw)


# --- parsing -----------------------------------------------------------------------------


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


def parse_group(v: Any, path: str) -> Group:
    """A group from its scenario JSON object. Its members, commander and deputy are only
    checked against the rest of the scenario by `check_groups`."""
    d = _object(v, path)
    members_path = _at(path, "members")
    members = [_ident(m, _at(members_path, j))
               for j, m in enumerate(_list(_required(d, "members", path), members_path))]
    off = _bool(d["off_table"], _at(path, "off_table")) if "off_table" in d else False
    return Group(
        id=_ident(_required(d, "id", path), _at(path, "id")),
        kind=_ident(_required(d, "kind", path), _at(path, "kind")),
        members=members,
        name=_optional(d, "name", path, _text),
        name_ru=_optional(d, "name_ru", path, _text),
        side=_optional(d, "side", path, _ident),
        commander=_optional(d, "commander", path, _ident),
        deputy=_optional(d, "deputy", path, _ident),
        off_table=off,
        markers=copy.deepcopy(_object(d.get("markers", {}), _at(path, "markers"))),
        state=copy.deepcopy(_object(d.get("state", {}), _at(path, "state"))),
        extra=_extra(d, GROUP_KEYS),
    )


def check_groups(s: Scenario) -> None:
    """Groups fit the scenario: members name units or groups, once each; a unit or group is
    in at most one group of a kind; no group contains itself; commander and deputy are
    units (and two different ones). ScenarioError names the field ("groups[1].members[0]")."""
    units = {u.id for u in s.units}
    index = {g.id: i for i, g in enumerate(s.groups)}
    owner: dict[tuple[str, str], int] = {}  # (kind, member) -> group index
    for i, g in enumerate(s.groups):
        path = _at("groups", i)
        seen: set[str] = set()
        for j, m in enumerate(g.members):
            where = _at(_at(path, "members"), j)
            if m not in units and m not in index:
                raise ScenarioError(where, msg("no unit or group with id {id}", id=repr(m)))
            if m in seen:
                raise ScenarioError(where, msg("{id} is listed twice", id=repr(m)))
            seen.add(m)
            if m == g.id:
                raise ScenarioError(where, msg("group {id} cannot contain itself",
                                               id=repr(g.id)))
            other = owner.setdefault((g.kind, m), i)
            if other != i:
                raise ScenarioError(where, msg(
                    "unit {id} is already in {kind} {other} (groups[{index}]); it may belong "
                    "to one {kind} only" if m in units else
                    "group {id} is already in {kind} {other} (groups[{index}]); it may belong "
                    "to one {kind} only",
                    id=repr(m), kind=g.kind, other=repr(s.groups[other].id), index=other))
        for key in ("commander", "deputy"):
            ident = getattr(g, key)
            if ident is not None and ident not in units:
                raise ScenarioError(_at(path, key), msg(
                    "no unit with id {id} (a group, not a unit)" if ident in index else
                    "no unit with id {id}", id=repr(ident)))
        if g.commander is not None and g.commander == g.deputy:
            raise ScenarioError(_at(path, "deputy"), msg("{id} is already the commander",
                                                         id=repr(g.deputy)))
    _check_group_loops(s, index)


def _check_group_loops(s: Scenario, index: dict[str, int]) -> None:
    """No group is its own member through other groups, and no chain of groups in groups
    is deeper than MAX_GROUP_DEPTH: depth-first without recursion (a hostile chain 3,000
    deep must get this message, not a RecursionError), each finding naming the member
    field that closes the loop or passes the depth."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    height: dict[str, int] = {}  # levels of groups from this one down, itself included
    for root in s.groups:
        if root.id in state:
            continue
        state[root.id] = 1
        stack: list[tuple[str, int]] = [(root.id, 0)]  # (group, next member to visit)
        while stack:
            gid, j = stack[-1]
            members = s.groups[index[gid]].members
            if j == len(members):
                height[gid] = 1 + max((height[m] for m in members if m in index), default=0)
                state[gid] = 2
                stack.pop()
                continue
            stack[-1] = (gid, j + 1)
            m = members[j]
            if m not in index:
                continue
            where = _at(_at(_at("groups", index[gid]), "members"), j)
            if state.get(m) == 1:
                raise ScenarioError(where, msg("membership loop: {member} already contains "
                                               "{group}", member=repr(m), group=repr(gid)))
            deep = len(stack) + (height[m] if m in state else 1)
            if deep > MAX_GROUP_DEPTH:
                raise ScenarioError(where, msg(
                    "groups nested too deep: group {member} lies more than {most} groups "
                    "down the chain from {top}", member=repr(m), most=MAX_GROUP_DEPTH,
                    top=repr(stack[0][0])))
            if m not in state:
                state[m] = 1
                stack.append((m, 0))


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


# --- writing -----------------------------------------------------------------------------


def scenario_to_dict(s: Scenario) -> dict:
    """The JSON document for a scenario: the inverse of parse_scenario, key order included."""
    values = {
        "format": FORMAT,
        "version": VERSION,
        "name": s.name,
        "ruleset": s.ruleset,
        "table": _table_to_dict(s.table),
        "terrain": [piece_to_dict(p) for p in s.terrain],
        "units": [unit_to_dict(u) for u in s.units],
        "groups": [group_to_dict(g) for g in s.groups],
        "profiles": copy.deepcopy(s.profiles),
    }
    fresh = not getattr(s.extra, "order", ())
    defaults = {"profiles": None, "groups": []} if fresh else \
        {"profiles": None, "groups": [], "terrain": [], "units": []}
    return _assemble(values, defaults, s.extra, TOP_KEYS)


def _table_to_dict(t: Table) -> dict:
    values = {"width_in": t.width_in, "height_in": t.height_in,
              "metres_per_inch": t.metres_per_inch, "edges": dict(t.edges)}
    return _assemble(values, {"metres_per_inch": DEFAULT_MPI, "edges": {}}, t.extra,
                     TABLE_KEYS)


def piece_to_dict(p: TerrainPiece) -> dict:
    """A piece's scenario JSON object: the inverse of parse_piece, key order included."""
    values = {
        "id": p.id, "kind": p.kind, "name": p.name,
        "polygon": None if p.polygon is None else [list(pt) for pt in p.polygon],
        "line": None if p.line is None else [list(pt) for pt in p.line],
        "blocks_los": p.blocks_los, "los_depth_in": p.los_depth_in, "cover": p.cover,
        "movement": p.movement, "height": p.height, "thickness_in": p.thickness_in,
    }
    defaults = {k: None for k in PIECE_KEYS if k not in ("id", "kind")}
    return _assemble(values, defaults, p.extra, PIECE_KEYS)


def unit_to_dict(u: Unit) -> dict:
    """A unit's scenario JSON object: the inverse of parse_unit, key order included."""
    values = {
        "id": u.id, "name": u.name, "side": u.side, "profile": u.profile, "parent": u.parent,
        "x": u.x, "y": u.y, "facing": u.facing, "turret": u.turret,
        "base": unit_base_to_dict(u),
        "markers": copy.deepcopy(u.markers), "state": copy.deepcopy(u.state),
    }
    defaults = {"name": None, "parent": None, "facing": 0, "turret": None,
                "markers": {}, "state": {}}
    return _assemble(values, defaults, u.extra, UNIT_KEYS)


def unit_base_to_dict(u: Unit) -> dict:
    """A unit's base as JSON: verbatim as read while the base is unchanged."""
    return base_to_dict(u.base, getattr(u.extra, "raw", {}).get("base"))


def group_to_dict(g: Group) -> dict:
    """A group's scenario JSON object: the inverse of parse_group, key order included."""
    values = {"id": g.id, "kind": g.kind, "name": g.name, "name_ru": g.name_ru,
              "side": g.side, "off_table": g.off_table, "members": list(g.members),
              "commander": g.commander, "deputy": g.deputy, "markers": copy.deepcopy(g.markers),
              "state": copy.deepcopy(g.state)}
    defaults = {"name": None, "name_ru": None, "side": None, "off_table": False,
                "commander": None, "deputy": None, "markers": {}, "state": {}}
    return _assemble(values, defaults, g.extra, GROUP_KEYS)


def base_to_dict(base: BaseShape, raw: tuple[BaseShape, dict] | None = None) -> dict:
    """A base as JSON; `raw` is (the base as read, its JSON) to write back unchanged."""
    if raw is not None and raw[0] == base:
        return copy.deepcopy(raw[1])
    if base.shape == "round":
        return {"shape": "round", "diameter_mm": base.width_mm}
    return {"shape": base.shape, "width_mm": base.width_mm, "depth_mm": base.depth_mm}


def _assemble(values: dict, defaults: dict, extra: dict, canonical: Iterable[str]) -> dict:
    """One JSON object: known keys that were in the source or differ from their default,
    plus the unknown keys, in the source's order; new keys follow in canonical order."""
    order = getattr(extra, "order", ())
    present = {k: v for k, v in values.items()
               if k not in defaults or k in order or v != defaults[k]}
    out: dict = {}
    for key in (*order, *canonical, *extra):
        if key in out:
            continue
        if key in present:
            out[key] = present[key]
        elif key in extra and key not in values:
            out[key] = copy.deepcopy(extra[key])
    return out


def dumps_scenario(s: Scenario) -> str:
    """The scenario as JSON text: short objects on one line, the rest one key per line."""
    return _format(scenario_to_dict(s), 0, 0) + "\n"


def _format(value: Any, indent: int, used: int) -> str:
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value or used + len(flat) < LINE_WIDTH:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        lines = []
        for k, v in value.items():
            key = json.dumps(k, ensure_ascii=False) + ": "
            lines.append(pad + key + _format(v, indent + 2, len(pad) + len(key)))
    else:
        lines = [pad + _format(v, indent + 2, len(pad)) for v in value]
    opening, closing = ("{", "}") if isinstance(value, dict) else ("[", "]")
    return opening + "\n" + ",\n".join(lines) + "\n" + " " * indent + closing


# --- files -------------------------------------------------------------------------------


def loads_scenario(text: str | bytes, *, source: str | None = None) -> Scenario:
    """A scenario from JSON text (or UTF-8 bytes); errors name `source` when given."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError("", msg("scenario text is over the {mb} MB limit",
                                    mb=MAX_FILE_BYTES // 2**20), source=source)
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        data = safe_json.loads(text)
        return parse_scenario(data)
    except safe_json.JSONInputError as e:
        raise ScenarioError(e.field, e.message, source=source) from None
    except UnicodeDecodeError as e:
        raise ScenarioError("", msg("not UTF-8 text (bad byte at offset {offset})",
                                    offset=e.start), source=source) from None
    except json.JSONDecodeError as e:
        raise ScenarioError("", msg("not valid JSON: {why} (line {line}, column {column})",
                                    why=safe_json.json_reason(e.msg), line=e.lineno,
                                    column=e.colno),
                            source=source) from None
    except RecursionError:
        raise ScenarioError("", msg("JSON nested too deeply"), source=source) from None
    except ScenarioError as e:
        raise (e.with_source(source) if source else e) from None


def load_scenario(path: str | os.PathLike) -> Scenario:
    """Read a scenario file, refusing anything over MAX_FILE_BYTES before reading it."""
    source = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError("", msg("file is {size:.1f} MB; scenario files may be at "
                                        "most {mb} MB", size=size / 2**20,
                                        mb=MAX_FILE_BYTES // 2**20), source=source)
        data = safe_json.read_regular(path, MAX_FILE_BYTES)
    except safe_json.NotARegularFile:
        raise ScenarioError("", msg("not a regular file (a pipe, device or socket); a "
                                    "scenario is read from a file"), source=source) from None
    except FileNotFoundError:
        raise ScenarioError("", msg("no such file"), source=source) from None
    except IsADirectoryError:
        raise ScenarioError("", msg("is a folder, not a scenario file"), source=source) from None
    except PermissionError:
        raise ScenarioError("", msg("permission denied"), source=source) from None
    except OSError as e:  # a socket, a vanished mount: said, not a traceback
        raise ScenarioError("", msg("cannot be read ({why})", why=e.strerror or str(e)),
                            source=source) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError("", msg("file is over the {mb} MB limit",
                                    mb=MAX_FILE_BYTES // 2**20), source=source)
    return loads_scenario(data, source=source)


def save_scenario(s: Scenario, path: str | os.PathLike) -> None:
    """Write atomically: a temporary file beside the target, then os.replace over it, so a
    crash leaves the old file or the new one, never half of one."""
    text = dumps_scenario(s)
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp, target.stat().st_mode & 0o7777 if target.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_demo(name: str | None = None) -> Scenario:
    """A table shipped with the program: the demo (resources/scenarios/crossroads.json),
    or the shipped scenario file `name` (see `shipped_scenarios`)."""
    from resources.loader import read_text

    file = name or DEMO[-1]
    if file not in {f for f, _ in shipped_scenarios()}:
        raise ScenarioError("scenario", msg("no shipped scenario {name}", name=repr(file)))
    return loads_scenario(read_text(DEMO[0], file), source="demo:" + file)


def shipped_scenarios() -> list[tuple[str, str]]:
    """(file name, title) of every scenario shipped in resources/scenarios, the demo
    first: what File ▸ New offers. The title is the file's name and its ruleset."""
    import json

    from resources.loader import list_names, read_text

    out = []
    for file in list_names(DEMO[0], suffix=".json"):
        try:
            data = json.loads(read_text(DEMO[0], file))
            out.append((file, f"{data['name']} ({data['ruleset']})"))
        except (ValueError, KeyError, TypeError):
            continue
    return sorted(out, key=lambda fr: (fr[0] != DEMO[-1], fr[1]))
