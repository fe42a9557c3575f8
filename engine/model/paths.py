"""Where effects write: a "before" record and its path, read and written exactly, so
undo restores a game (and its scenario file form) byte for byte.

A "before" record is [path, present, old_value]: path is a list such as
["unit", "u-1", "markers", "<marker>"], ["unit", id, "x"], ["game", "turn"],
["game", "state", key] or ["table", id] (old_value = index on the table), and
["groups", id] (value = [index, the group's scenario JSON]; absent = no such group: every
group effect writes the whole group, so undo restores its file form exactly).
["unit", id, "base"] holds the base's JSON form. engine/edits.py registers the heads of
whole units and pieces: ["units", id], ["terrain", id] (value = [index, the record's
scenario JSON], and a third item, the record's source key order, where that differs from
the JSON's keys; absent = not in the scenario at all). Whole records travel as
their scenario-file JSON (engine.scenario_io), so a change and its before-records stay
plain JSON and an added piece is validated exactly as a loaded one.
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable
from typing import Any

from engine import scenario_io as sio
from engine.scenario import Unit

from .game import Game, ModelError

__all__ = ["PATH_HANDLERS", "EFFECT_MODULES", "register_path", "group_writes", "check_json",
           "read_path", "write_path"]

#: Path heads other modules own: head -> (read(game, path), write(game, path, present,
#: value)). See `register_path`.
PATH_HANDLERS: dict[str, tuple[Callable[[Game, list], tuple[bool, Any]],
                               Callable[[Game, list, bool, Any], None]]] = {}
#: Modules that register effects and path heads of their own (the board edits); imported on
#: first need, so a change read back from a game file finds its effects.
EFFECT_MODULES = ("engine.edits", "engine.backdrop")


def register_path(head: str, read: Callable[[Game, list], tuple[bool, Any]],
                  write: Callable[[Game, list, bool, Any], None]) -> None:
    """Let effects write paths starting with `head` through `read` and `write`."""
    if head in ("unit", "table", "game", "groups"):
        raise ValueError(f"path head {head!r} belongs to engine.model")
    PATH_HANDLERS[head] = (read, write)


def _handler(head: str):
    if head not in PATH_HANDLERS:
        for module in EFFECT_MODULES:
            importlib.import_module(module)
    try:
        return PATH_HANDLERS[head]
    except KeyError:
        raise ModelError(f"change path {head!r}: no effect writes it") from None


def check_json(value: Any, where: str) -> None:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise ModelError(f"{where}: {value!r} is not plain JSON data") from None


def read_path(game: Game, path: list) -> tuple[bool, Any]:
    head = path[0]
    if head == "groups":
        return _read_group(game, path[1])
    if head not in ("unit", "table", "game"):
        return _handler(head)[0](game, path)
    if head == "table":
        for i, u in enumerate(game.scenario.units):
            if u.id == path[1]:
                return True, i
        return False, None
    if head == "game":
        if path[1] == "state":
            return (path[2] in game.state), copy.deepcopy(game.state.get(path[2]))
        return True, copy.deepcopy(getattr(game, path[1]))
    u = game.unit(path[1])
    if path[2] in ("markers", "state"):
        d = getattr(u, path[2])
        return (path[3] in d), copy.deepcopy(d.get(path[3]))
    if path[2] == "base":
        return True, _base_json(u)
    value = getattr(u, path[2])
    if path[2] in _OPTIONAL_UNIT_FIELDS:
        # "present" = the field is written in the scenario file, so undo restores the file
        # byte for byte (a facing of 0 that was never written stays unwritten)
        written = path[2] in getattr(u.extra, "order", ()) or (
            value != _OPTIONAL_UNIT_FIELDS[path[2]])
        return written, value
    return True, value


def write_path(game: Game, path: list, present: bool, value: Any) -> None:
    head = path[0]
    game._touched.add((head, path[1] if len(path) > 1 else None))
    game.state_recorder.wrote(game, path)
    if head == "groups":
        _write_group(game, path[1], present, value)
        return
    if head not in ("unit", "table", "game"):
        _handler(head)[1](game, path, present, value)
        return
    if head == "table":
        _set_on_table(game, path[1], present, value)
        return
    if head == "game":
        if path[1] == "state":
            _set_in(game.state, path[2], present, value)
        else:
            setattr(game, path[1], copy.deepcopy(value))
        return
    u = game.unit(path[1])
    if path[2] in ("markers", "state"):
        _set_in(getattr(u, path[2]), path[3], present, value)
    elif path[2] == "base":
        _set_base(u, value)
    else:
        setattr(u, path[2], value)
        if not present and path[2] in _OPTIONAL_UNIT_FIELDS:
            _forget_key(u, path[2])


#: Unit fields the scenario file may leave out, with the value they then have.
_OPTIONAL_UNIT_FIELDS: dict[str, Any] = {"facing": 0, "turret": None, "name": None,
                                         "parent": None}


def _forget_key(u: Unit, key: str) -> None:
    """Drop `key` from the unit's remembered source key order (it was not in the file)."""
    order = getattr(u.extra, "order", None)
    if order is not None and key in order:
        u.extra.order = tuple(k for k in order if k != key)


def _read_group(game: Game, group_id: str) -> tuple[bool, Any]:
    for i, g in enumerate(game.scenario.groups):
        if g.id == group_id:
            return True, [i, sio.group_to_dict(g)]
    return False, None


def _write_group(game: Game, group_id: str, present: bool, value: Any) -> None:
    """Replace, add or drop a whole group from its scenario JSON: exact on undo, key order
    and unknown keys included."""
    groups = game.scenario.groups
    at = next((i for i, g in enumerate(groups) if g.id == group_id), None)
    if at is not None:
        groups.pop(at)
    if present:
        index, d = value
        try:
            g = sio.parse_group(copy.deepcopy(d), f"group {group_id!r}")
        except sio.ScenarioError as e:
            raise ModelError(str(e)) from None
        groups.insert(len(groups) if index is None else min(int(index), len(groups)), g)


def group_writes(game: Game, group_id: str, changes: dict) -> list[tuple[list, bool, Any]]:
    """The write that sets some of a group's JSON keys ({key: value}, None drops the key):
    one whole-record write, so undo restores the group exactly."""
    index, d = _read_group(game, game.group(group_id).id)[1]
    for key, value in changes.items():
        if value is None:
            d.pop(key, None)
        else:
            d[key] = copy.deepcopy(value)
    return [(["groups", group_id], True, [index, d])]


def _set_in(d: dict, key: str, present: bool, value: Any) -> None:
    if present:
        d[key] = copy.deepcopy(value)
    else:
        d.pop(key, None)


def _set_on_table(game: Game, unit_id: str, present: bool, index: Any) -> None:
    units = game.scenario.units
    on = next((i for i, u in enumerate(units) if u.id == unit_id), None)
    if present and on is None:
        u = next(u for u in game.removed if u.id == unit_id)
        game.removed.remove(u)
        units.insert(index, u)
    elif not present and on is not None:
        game.removed.append(units.pop(on))



def _base_json(u: Unit) -> dict:
    return sio.unit_base_to_dict(u)


def _set_base(u: Unit, value: Any) -> None:
    """Set a unit's base from its JSON form, remembered verbatim for the file's round trip."""
    try:
        base = sio.parse_base(value, f"unit {u.id!r}.base")
    except sio.ScenarioError as e:
        raise ModelError(str(e)) from None
    u.base = base
    raw = getattr(u.extra, "raw", None)
    if isinstance(raw, dict):
        raw["base"] = (base, copy.deepcopy(value))


