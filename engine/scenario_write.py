"""Writing a scenario document: the model back to JSON, the source's key order and unknown
keys kept, and the text a saved file holds (short objects on one line).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable
from typing import Any

from engine.scenario import FORMAT, VERSION, Group, Scenario, Table, Unit
from engine.scenario_fields import (
    DEFAULT_MPI,
    GROUP_KEYS,
    LINE_WIDTH,
    PIECE_KEYS,
    TABLE_KEYS,
    TOP_KEYS,
    UNIT_KEYS,
)
from geometry.bases import BaseShape
from geometry.terrain_piece import TerrainPiece


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
