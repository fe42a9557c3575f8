"""Board edits: placing, deleting and editing units, terrain pieces and groups.

Each is an `engine.model.Effect`, so an edit is undone and redone like an applied
resolution (the app wraps each in a QUndoCommand). Whole records travel as their
scenario-file JSON (engine.scenario_io), validated exactly as a loaded file is; the path
heads "units", "terrain" and "groups" they write are registered with engine.model here.
Ids are unique across units (removed ones too), terrain pieces and groups.
"""

from __future__ import annotations

import copy
import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import scenario_io as sio
from engine.i18n import msg, prefixed
from engine.model import Effect, Game, ModelError, group_writes, need_unit, register_path

__all__ = [
    "AddUnit", "DeleteUnit", "EditUnit", "AddTerrain", "RemoveTerrain", "EditTerrain",
    "AddGroup", "DeleteGroup", "EditGroup", "AddMember", "RemoveMember",
    "UNIT_EDIT_FIELDS", "TERRAIN_EDIT_FIELDS", "GROUP_EDIT_FIELDS",
]

# --------------------------------------------------------------------------- records

_PARSE = {"units": sio.parse_unit, "terrain": sio.parse_piece, "groups": sio.parse_group}
_DUMP = {"units": sio.unit_to_dict, "terrain": sio.piece_to_dict}


def _items(game: Game, head: str) -> list:
    return game.scenario.units if head == "units" else game.scenario.terrain


def _read_record(game: Game, path: list) -> tuple[bool, Any]:
    """[index, the record's JSON], plus its source key order where that differs from the
    JSON's keys: a unit whose parent was set since it was read writes "parent", though its
    file never did — restored from the JSON alone, a later clearing of the parent would
    leave `"parent": null` where the original unit leaves nothing."""
    head, ident = path[0], path[1]
    for i, thing in enumerate(_items(game, head)):
        if thing.id == ident:
            d = _DUMP[head](thing)
            order = list(getattr(thing.extra, "order", ()))
            return True, [i, d] if order == list(d) else [i, d, order]
    return False, None


def _write_record(game: Game, path: list, present: bool, value: Any) -> None:
    head, ident = path[0], path[1]
    thing = _record_from(head, ident, value) if present else None
    items = _items(game, head)
    at = next((i for i, old in enumerate(items) if old.id == ident), None)
    if at is not None:
        items.pop(at)
    if thing is not None:
        index = value[0]
        items.insert(len(items) if index is None else min(int(index), len(items)), thing)


def _record_from(head: str, ident: str, value: Any):
    """The record a ["units" | "terrain", id] value holds, with its source key order."""
    where = f"{head} {ident!r}"
    if not isinstance(value, list) or len(value) not in (2, 3):
        raise ModelError(f"{where}: expected [index, record] or [index, record, key order], "
                         f"got {value!r:.60}")
    thing = _parse_record(head, value[1], where)
    if len(value) == 3:
        thing.extra.order = tuple(_key_order(value[2], where))
    return thing


def _key_order(order: Any, where: str) -> list[str]:
    if not isinstance(order, list) or not all(isinstance(k, str) for k in order):
        raise ModelError(f"{where}: expected the key order as a list of names, "
                         f"got {order!r:.60}")
    return order


for _head in _DUMP:
    register_path(_head, _read_record, _write_record)


def _parse_record(head: str, d: Any, where: str):
    """A Unit, TerrainPiece or Group from its scenario JSON; ModelError naming the field."""
    try:
        return _PARSE[head](copy.deepcopy(d), where)
    except sio.ScenarioError as e:
        raise ModelError(str(e)) from None


def _id_taken(game: Game, ident: str) -> str | None:
    """What already uses an id (unique across units, removed units, terrain and groups)."""
    if any(u.id == ident for u in game.all_units()):
        return msg("a unit")
    if any(p.id == ident for p in game.scenario.terrain):
        return msg("a terrain piece")
    if any(g.id == ident for g in game.scenario.groups):
        return msg("a group")
    return None


def _taken_error(where: str, ident: str, taken: str) -> ModelError:
    """An id already in use: the field named, the player's language through msg()."""
    return ModelError(prefixed(f"{where}: ", msg("{id} is already used by {taken}",
                                                  id=repr(ident), taken=taken)))


def _no_changes(where: str) -> ModelError:
    return ModelError(prefixed(f"{where}: ", msg("expected a table of fields to set")))


def _one_of(where: str, fields: Sequence[str]) -> ModelError:
    return ModelError(prefixed(f"{where}: ", msg("expected one of {fields}",
                                                  fields=", ".join(fields))))


# --------------------------------------------------------------------------- units, terrain

#: Unit fields EditUnit may set (position and facing go through MoveUnit).
UNIT_EDIT_FIELDS = ("name", "side", "profile", "parent", "base", "turret")
#: Terrain fields EditTerrain may set: the shape, the kind and the per-piece overrides.
TERRAIN_EDIT_FIELDS = ("kind", "name", "polygon", "line", "blocks_los", "los_depth_in",
                       "cover", "movement", "height", "thickness_in")


def _record_id(d: Any, where: str) -> str:
    if not isinstance(d, dict):
        raise ModelError(f"{where}: expected the scenario JSON object, got {d!r:.40}")
    ident = d.get("id")
    if not isinstance(ident, str) or not ident.strip():
        raise ModelError(prefixed(f"{where}.id: ", msg("expected a non-empty string, got {got}",
                                                       got=repr(ident))))
    return ident


@dataclass(frozen=True, slots=True)
class AddUnit(Effect):
    """Put a new unit on the table. `unit` is its scenario JSON (format v1's unit object);
    `index` is its place in the unit list (None = last)."""

    unit: dict
    index: int | None = None
    kind: ClassVar[str] = "add_unit"

    def writes(self, game):
        ident = _record_id(self.unit, "add_unit.unit")
        taken = _id_taken(game, ident)
        if taken:
            raise _taken_error("add_unit.unit.id", ident, taken)
        _parse_record("units", self.unit, "add_unit.unit")  # refuse bad data before writing
        return [(["units", ident], True, [self.index, copy.deepcopy(self.unit)])]

    def describe(self) -> str:
        return msg("{unit}: placed at ({x}, {y})", unit=self.unit.get("id"),
                   x=str(self.unit.get("x")), y=str(self.unit.get("y")))


@dataclass(frozen=True, slots=True)
class DeleteUnit(Effect):
    """Take a unit out of the scenario altogether (a board edit, not a casualty:
    RemoveUnit keeps casualties in `game.removed`). Units it commanded lose their parent,
    so the scenario stays loadable."""

    unit: str
    kind: ClassVar[str] = "delete_unit"

    def writes(self, game):
        need_unit(game, self.unit, on_table=True)
        orphans = [u.id for u in game.all_units() if u.parent == self.unit]
        return [*[(["unit", o, "parent"], True, None) for o in orphans],
                *_leave_groups(game, self.unit),
                (["units", self.unit], False, None)]

    def describe(self) -> str:
        return msg("{unit}: deleted", unit=self.unit)


@dataclass(frozen=True, slots=True)
class EditUnit(Effect):
    """Set some of a unit's fields: {field: value} over UNIT_EDIT_FIELDS. `base` takes the
    scenario JSON form ({"shape": "round", "diameter_mm": 25}); name, parent and turret
    take None to clear."""

    unit: str
    changes: dict
    kind: ClassVar[str] = "edit_unit"

    def writes(self, game):
        need_unit(game, self.unit)
        if not isinstance(self.changes, dict) or not self.changes:
            raise _no_changes("edit_unit.changes")
        out = []
        for key, value in self.changes.items():
            where = f"edit_unit.changes.{key}"
            if key not in UNIT_EDIT_FIELDS:
                raise _one_of(where, UNIT_EDIT_FIELDS)
            _check_unit_field(game, self.unit, key, value, where)
            out.append((["unit", self.unit, key], True, copy.deepcopy(value)))
        return out

    def describe(self) -> str:
        return msg("{unit}: {changes}", unit=self.unit,
                   changes=", ".join(f"{k} = {v}" for k, v in self.changes.items()))


def _check_unit_field(game: Game, unit_id: str, key: str, value: Any, where: str) -> None:
    if key in ("side", "profile") or (key == "name" and value is not None):
        if not isinstance(value, str) or not value.strip():
            raise ModelError(prefixed(f"{where}: ", msg("expected a non-empty string, got {got}",
                                                         got=repr(value))))
    elif key == "parent" and value is not None:
        parents = {u.id: u.parent for u in game.all_units()}
        if value == unit_id or value not in parents:
            raise ModelError(prefixed(f"{where}: ", msg(
                "expected the id of another unit, got {got}", got=repr(value))))
        cur = value
        while cur is not None:
            if cur == unit_id:
                raise ModelError(prefixed(f"{where}: ", msg(
                    "{parent} is under {unit}: a command loop", parent=repr(value),
                    unit=repr(unit_id))))
            cur = parents.get(cur)
    elif key == "turret" and value is not None:
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value):
            raise ModelError(prefixed(f"{where}: ", msg("expected a number or null, got {got}",
                                                         got=repr(value))))
    elif key == "base":
        try:
            sio.parse_base(value, where)
        except sio.ScenarioError as e:
            raise ModelError(str(e)) from None


@dataclass(frozen=True, slots=True)
class AddTerrain(Effect):
    """Lay a new terrain piece. `piece` is its scenario JSON; `index` its place in the
    terrain list (None = last)."""

    piece: dict
    index: int | None = None
    kind: ClassVar[str] = "add_terrain"

    def writes(self, game):
        ident = _record_id(self.piece, "add_terrain.piece")
        taken = _id_taken(game, ident)
        if taken:
            raise _taken_error("add_terrain.piece.id", ident, taken)
        _parse_record("terrain", self.piece, "add_terrain.piece")
        return [(["terrain", ident], True, [self.index, copy.deepcopy(self.piece)])]

    def describe(self) -> str:
        return msg("{piece}: {kind} laid", piece=self.piece.get("id"),
                   kind=self.piece.get("kind"))


def _need_piece(game: Game, piece_id: str) -> tuple[int, dict]:
    present, record = _read_record(game, ["terrain", piece_id])
    if not present:
        raise ModelError(msg("terrain {piece}: no such piece", piece=repr(piece_id)))
    return record[0], record[1]


@dataclass(frozen=True, slots=True)
class RemoveTerrain(Effect):
    """Take a terrain piece off the table."""

    piece: str
    kind: ClassVar[str] = "remove_terrain"

    def writes(self, game):
        _need_piece(game, self.piece)
        return [(["terrain", self.piece], False, None)]

    def describe(self) -> str:
        return msg("{piece}: removed", piece=self.piece)


@dataclass(frozen=True, slots=True)
class EditTerrain(Effect):
    """Set some of a piece's fields: {field: value} over TERRAIN_EDIT_FIELDS (None = the
    kind's default for an override). The edited piece must still be a valid piece: a kind
    changed between area and line kinds must come with the matching polygon / line."""

    piece: str
    changes: dict
    kind: ClassVar[str] = "edit_terrain"

    def writes(self, game):
        index, d = _need_piece(game, self.piece)
        if not isinstance(self.changes, dict) or not self.changes:
            raise _no_changes("edit_terrain.changes")
        for key, value in self.changes.items():
            if key not in TERRAIN_EDIT_FIELDS:
                raise _one_of(f"edit_terrain.changes.{key}", TERRAIN_EDIT_FIELDS)
            if value is None:
                d.pop(key, None)
            else:
                d[key] = copy.deepcopy(value)
        _parse_record("terrain", d, f"terrain {self.piece!r}")
        return [(["terrain", self.piece], True, [index, d])]

    def describe(self) -> str:
        return f"{self.piece}: " + ", ".join(
            f"{k} = {'…' if k in ('polygon', 'line') else v}" for k, v in self.changes.items())


# --------------------------------------------------------------------------- groups

#: Group fields EditGroup may set; name, side, commander and deputy take None to clear.
GROUP_EDIT_FIELDS = ("kind", "name", "name_ru", "side", "off_table", "members", "commander",
                     "deputy")


def _check_groups(game: Game, groups: list, where: str) -> None:
    """The scenario's groups would be valid as `groups` (check_groups over every unit,
    removed ones too); ModelError naming the edit and the field otherwise."""
    trial = dataclasses.replace(game.scenario, units=game.all_units(), groups=groups)
    try:
        sio.check_groups(trial)
    except sio.ScenarioError as e:
        raise ModelError(f"{where}: {e}") from None


def _leave_groups(game: Game, member: str) -> list[tuple[list, bool, Any]]:
    """Writes that take `member` out of every group's members, commander and deputy."""
    out: list[tuple[list, bool, Any]] = []
    for g in game.scenario.groups:
        changes: dict[str, Any] = {}
        if member in g.members:
            changes["members"] = [m for m in g.members if m != member]
        for key in ("commander", "deputy"):
            if getattr(g, key) == member:
                changes[key] = None
        if changes:
            out += group_writes(game, g.id, changes)
    return out


@dataclass(frozen=True, slots=True)
class AddGroup(Effect):
    """Form a new group. `group` is its scenario JSON (format v2's group object); `index`
    its place in the group list (None = last)."""

    group: dict
    index: int | None = None
    kind: ClassVar[str] = "add_group"

    def writes(self, game):
        ident = _record_id(self.group, "add_group.group")
        taken = _id_taken(game, ident)
        if taken:
            raise _taken_error("add_group.group.id", ident, taken)
        new = _parse_record("groups", self.group, "add_group.group")
        groups = list(game.scenario.groups)
        groups.insert(len(groups) if self.index is None else self.index, new)
        _check_groups(game, groups, "add_group")
        return [(["groups", ident], True, [self.index, copy.deepcopy(self.group)])]

    def describe(self) -> str:
        return msg("{group}: {kind} formed", group=self.group.get("id"),
                   kind=self.group.get("kind"))


@dataclass(frozen=True, slots=True)
class DeleteGroup(Effect):
    """Disband a group; groups that listed it lose it (its units stay on the table)."""

    group: str
    kind: ClassVar[str] = "delete_group"

    def writes(self, game):
        game.group(self.group)
        return [*_leave_groups(game, self.group), (["groups", self.group], False, None)]

    def describe(self) -> str:
        return msg("{group}: disbanded", group=self.group)


@dataclass(frozen=True, slots=True)
class EditGroup(Effect):
    """Set some of a group's fields: {field: value} over GROUP_EDIT_FIELDS (members is the
    whole new list). The groups must still be valid afterwards (no unit twice in one kind,
    no loops, commander and deputy units)."""

    group: str
    changes: dict
    kind: ClassVar[str] = "edit_group"

    def writes(self, game):
        g = game.group(self.group)
        if not isinstance(self.changes, dict) or not self.changes:
            raise _no_changes("edit_group.changes")
        for key in self.changes:
            if key not in GROUP_EDIT_FIELDS:
                raise _one_of(f"edit_group.changes.{key}", GROUP_EDIT_FIELDS)
        writes = group_writes(game, g.id, self.changes)
        d = writes[0][2][1]
        edited = _parse_record("groups", d, f"edit_group.changes ({self.group!r})")
        groups = [edited if x.id == g.id else x for x in game.scenario.groups]
        _check_groups(game, groups, "edit_group")
        return writes

    def describe(self) -> str:
        return msg("{group}: {changes}", group=self.group,
                   changes=", ".join(f"{k} = {v}" for k, v in self.changes.items()))


@dataclass(frozen=True, slots=True)
class AddMember(Effect):
    """Put a unit or group into a group (at `index`, None = last)."""

    group: str
    member: str
    index: int | None = None
    kind: ClassVar[str] = "add_member"

    def writes(self, game):
        members = list(game.group(self.group).members)
        if self.member in members:
            raise ModelError(prefixed("add_member.member: ", msg(
                "{member} is already in {group}", member=repr(self.member),
                group=repr(self.group))))
        members.insert(len(members) if self.index is None else self.index, self.member)
        return EditGroup(self.group, {"members": members}).writes(game)

    def describe(self) -> str:
        return msg("{group}: {member} joins", group=self.group, member=self.member)


@dataclass(frozen=True, slots=True)
class RemoveMember(Effect):
    """Take a unit or group out of a group's members (it stays on the table; a commander
    or deputy keeps the post, which does not need membership)."""

    group: str
    member: str
    kind: ClassVar[str] = "remove_member"

    def writes(self, game):
        g = game.group(self.group)
        if self.member not in g.members:
            raise ModelError(prefixed("remove_member.member: ", msg(
                "{member} is not in {group}", member=repr(self.member),
                group=repr(self.group))))
        return group_writes(game, g.id,
                            {"members": [m for m in g.members if m != self.member]})

    def describe(self) -> str:
        return msg("{group}: {member} leaves", group=self.group, member=self.member)
