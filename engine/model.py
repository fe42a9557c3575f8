"""The game in play: a Scenario plus turn state, per-unit state and the roll log.

No Qt here. Everything that changes during play changes through an `Effect`, grouped in a
`Change` that `apply_change` applies and `revert_change` undoes exactly (it keeps the
values it overwrote), so every applied resolution and every board edit can be undone and
redone.

Per-unit game state lives on the scenario's own `Unit` (engine/scenario.py), in two plain
JSON-able dicts, so a scenario exported mid-game still carries it:
- `unit.markers` — counters and flags on the table: "suppression", "pinned", "terror" …
- `unit.state`   — everything else: "hp", "wounds", "morale", "crew", "ap_left",
  "ap_spent", "activated", "aim", … (ruleset-specific keys are fine; see STATE_KEYS).
Removed units (casualties, routed) leave `scenario.units` for `game.removed`, with the
reason in `state["removed"]`, so geometry only ever sees units on the table.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.dice import RollRecord
from engine.log_chain import GENESIS, entry_hash
from engine.scenario import Scenario, Unit

__all__ = [
    "STATE_KEYS", "MARKER_KEYS", "Game", "LogEntry", "Effect", "SetMarker", "AddMarker",
    "SetState", "AdjustState", "MoveUnit", "RemoveUnit", "SetGame", "SetGameState",
    "AddUnit", "DeleteUnit", "EditUnit", "AddTerrain", "RemoveTerrain", "EditTerrain",
    "UNIT_EDIT_FIELDS", "TERRAIN_EDIT_FIELDS",
    "Change", "apply_change", "revert_change", "effect_from_dict", "ModelError",
]

#: Conventional per-unit state keys shared by rulesets (others may be added freely).
STATE_KEYS = {
    "hp": "hit points left (int)",
    "wounds": "wounds taken (int)",
    "morale": "morale state (str, ruleset terms: steady / shaken / broken / routed …)",
    "crew": "vehicle crew: {position: {name, alive, …}} (dict)",
    "ap_left": "action points left this turn (int)",
    "ap_spent": "action points spent this turn (int)",
    "activated": "has activated this turn (bool)",
    "removed": "why a unit left the table (str; set by RemoveUnit)",
}
#: Conventional marker names.
MARKER_KEYS = {
    "suppression": "suppression count (int)",
    "pinned": "pinned / prone (bool or int)",
    "terror": "terror markers (int)",
}

GAME_FIELDS = ("turn", "active_side", "phase", "activation_order", "sides")


class ModelError(ValueError):
    """An effect that cannot apply: unknown unit, bad key or a value that is not JSON."""


# --------------------------------------------------------------------------- log


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the append-only roll log: who did what to whom, with which dice."""

    turn: int
    actor: str | None
    action: str
    target: str | None = None
    dice: tuple[RollRecord, ...] = ()
    summary: str = ""
    details: dict = field(default_factory=dict)
    #: The hash of the entry before it (engine.log_chain), set by `Game.append_log`; not
    #: part of the entry's value (two entries with the same content are equal).
    prev: str = field(default="", compare=False)

    def to_dict(self) -> dict:
        return {"turn": self.turn, "actor": self.actor, "action": self.action,
                "target": self.target, "dice": [r.to_dict() for r in self.dice],
                "summary": self.summary, "details": copy.deepcopy(self.details)}

    @classmethod
    def from_dict(cls, d: dict) -> LogEntry:
        try:
            return cls(int(d["turn"]), d.get("actor"), str(d["action"]), d.get("target"),
                       tuple(RollRecord.from_dict(r) for r in d.get("dice", [])),
                       str(d.get("summary", "")), dict(d.get("details", {})))
        except KeyError as e:
            raise ValueError(f"log entry: missing {e.args[0]!r}") from None


# --------------------------------------------------------------------------- game


@dataclass(slots=True)
class Game:
    """A scenario in play. `state` holds ruleset-wide JSON-able state (initiative …)."""

    scenario: Scenario
    sides: list[str] = field(default_factory=list)
    turn: int = 1
    active_side: str | None = None
    phase: str | None = None
    activation_order: list[str] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    removed: list[Unit] = field(default_factory=list)
    _log: list[LogEntry] = field(default_factory=list)
    #: (path head, id) of everything an effect wrote since `take_touched` last ran: what
    #: an autosave must copy (engine.gamefile.Autosaver); not part of the game's value.
    _touched: set = field(default_factory=set, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.sides:
            self.sides = list(dict.fromkeys(u.side for u in self.scenario.units))

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The roll log, read-only: entries are only ever appended."""
        return tuple(self._log)

    def append_log(self, entry: LogEntry) -> LogEntry:
        """Append `entry`, chained to the last one (it carries that one's hash); the log is
        append-only, so the chain only ever grows. Returns the entry as stored."""
        prev = entry_hash(self._log[-1]) if self._log else GENESIS
        if entry.prev != prev:
            entry = dataclasses.replace(entry, prev=prev)
        self._log.append(entry)
        return entry

    def take_touched(self) -> set[tuple[str, Any]]:
        """What effects wrote since the last call — ("unit" | "units" | "table", unit id),
        ("terrain", piece id), ("game", key) … — and forget it."""
        got, self._touched = self._touched, set()
        return got

    def log_head(self) -> str:
        """The hash of the last log entry (GENESIS for an empty log)."""
        return entry_hash(self._log[-1]) if self._log else GENESIS

    @property
    def units(self) -> list[Unit]:
        """Units on the table."""
        return self.scenario.units

    def unit(self, unit_id: str) -> Unit:
        """A unit on the table or removed; ModelError naming the id otherwise."""
        for u in self.scenario.units:
            if u.id == unit_id:
                return u
        for u in self.removed:
            if u.id == unit_id:
                return u
        raise ModelError(f"unit {unit_id!r}: no such unit")

    def on_table(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.scenario.units)

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.scenario.units if u.side == side]

    def marker(self, unit_id: str, name: str, default: Any = 0) -> Any:
        return self.unit(unit_id).markers.get(name, default)

    def get_state(self, unit_id: str, key: str, default: Any = None) -> Any:
        return self.unit(unit_id).state.get(key, default)

    def all_units(self) -> list[Unit]:
        """Units on the table, then removed ones (marked by state["removed"]) — what a
        game file saves as the scenario's units."""
        return [*self.scenario.units, *self.removed]

    def meta(self) -> dict:
        """Turn state and log as plain JSON; with the scenario saved over `all_units()`
        this is the whole game (see `from_meta`)."""
        return {"turn": self.turn, "active_side": self.active_side, "phase": self.phase,
                "sides": list(self.sides), "activation_order": list(self.activation_order),
                "state": copy.deepcopy(self.state),
                "log": [e.to_dict() for e in self._log]}

    @classmethod
    def from_meta(cls, scenario: Scenario, meta: dict) -> Game:
        """A game from a scenario whose units may include removed ones (state["removed"]
        set) and the dict `meta()` wrote. Bad fields raise ModelError naming them."""
        turn = meta.get("turn", 1)
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise ModelError(f"game.turn: expected a whole number ≥ 1, got {turn!r}")
        for key in ("sides", "activation_order"):
            v = meta.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise ModelError(f"game.{key}: expected a list of ids, got {v!r}")
        if not isinstance(meta.get("state", {}), dict):
            raise ModelError("game.state: expected a table")
        on = [u for u in scenario.units if "removed" not in u.state]
        off = [u for u in scenario.units if "removed" in u.state]
        scenario.units = on
        game = cls(scenario, list(meta.get("sides", [])), turn, meta.get("active_side"),
                   meta.get("phase"), list(meta.get("activation_order", [])),
                   copy.deepcopy(meta.get("state", {})), off)
        for i, e in enumerate(meta.get("log", [])):
            try:
                game.append_log(LogEntry.from_dict(e))
            except (ValueError, TypeError) as err:
                raise ModelError(f"game.log[{i}]: {err}") from None
        return game

    def snapshot(self) -> dict:
        """Everything that changes during play, as plain JSON-able data."""
        return {
            "turn": self.turn, "active_side": self.active_side, "phase": self.phase,
            "sides": list(self.sides), "activation_order": list(self.activation_order),
            "state": copy.deepcopy(self.state),
            "units": [_unit_dyn(u) for u in self.scenario.units],
            "removed": [_unit_dyn(u) for u in self.removed],
            "log": [e.to_dict() for e in self._log],
        }


def _unit_dyn(u: Unit) -> dict:
    return {"id": u.id, "x": u.x, "y": u.y, "facing": u.facing, "turret": u.turret,
            "markers": copy.deepcopy(u.markers), "state": copy.deepcopy(u.state)}


# --------------------------------------------------------------------------- effects

# A "before" record is [path, present, old_value]: path is a list such as
# ["unit", "gren-1", "markers", "suppression"], ["unit", id, "x"], ["game", "turn"],
# ["game", "state", key] or ["table", id] (old_value = index on the table).
# Board edits add: ["unit", id, "base"] (value = the base's JSON form), ["units", id]
# (value = [index, the unit's scenario JSON]; absent = not in scenario.units at all) and
# ["terrain", id] (value = [index, the piece's scenario JSON]; absent = no such piece).
# Whole units and pieces travel as their scenario-file JSON (engine.scenario_io), so a
# change and its before-records stay plain JSON and an added piece is validated exactly
# as a loaded one.


def _check_json(value: Any, where: str) -> None:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise ModelError(f"{where}: {value!r} is not plain JSON data") from None


def _read(game: Game, path: list) -> tuple[bool, Any]:
    head = path[0]
    if head in ("units", "terrain"):
        return _read_record(game, head, path[1])
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


def _write(game: Game, path: list, present: bool, value: Any) -> None:
    head = path[0]
    game._touched.add((head, path[1] if len(path) > 1 else None))
    if head in ("units", "terrain"):
        _write_record(game, head, path[1], present, value)
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


# --- whole units and pieces as scenario JSON (board edits) ---------------------------------


def _read_record(game: Game, head: str, ident: str) -> tuple[bool, Any]:
    from engine import scenario_io as sio

    items = game.scenario.units if head == "units" else game.scenario.terrain
    for i, thing in enumerate(items):
        if thing.id == ident:
            d = sio._unit_to_dict(thing) if head == "units" else sio._piece_to_dict(thing)
            return True, [i, d]
    return False, None


def _write_record(game: Game, head: str, ident: str, present: bool, value: Any) -> None:
    items: list = game.scenario.units if head == "units" else game.scenario.terrain
    at = next((i for i, thing in enumerate(items) if thing.id == ident), None)
    if at is not None:
        items.pop(at)
    if present:
        index, d = value
        thing = _parse_record(head, d, f"{head} {ident!r}")
        items.insert(len(items) if index is None else min(int(index), len(items)), thing)


def _parse_record(head: str, d: Any, where: str):
    """A Unit or TerrainPiece from its scenario JSON; ModelError naming the field."""
    from engine import scenario_io as sio

    try:
        if head == "units":
            return sio._parse_unit(copy.deepcopy(d), where)
        return sio._parse_piece(copy.deepcopy(d), where)
    except sio.ScenarioError as e:
        raise ModelError(str(e)) from None


def _base_json(u: Unit) -> dict:
    from engine import scenario_io as sio

    return sio._base_to_dict(u.base, getattr(u.extra, "raw", {}).get("base"))


def _set_base(u: Unit, value: Any) -> None:
    """Set a unit's base from its JSON form, remembered verbatim for the file's round trip."""
    from engine import scenario_io as sio

    try:
        base = sio._parse_base(sio._object(value, "base"), f"unit {u.id!r}.base")
    except sio.ScenarioError as e:
        raise ModelError(str(e)) from None
    u.base = base
    raw = getattr(u.extra, "raw", None)
    if isinstance(raw, dict):
        raw["base"] = (base, copy.deepcopy(value))


def _id_taken(game: Game, ident: str) -> str | None:
    """What already uses an id (ids are unique across units, removed units and terrain)."""
    if any(u.id == ident for u in game.all_units()):
        return "a unit"
    if any(p.id == ident for p in game.scenario.terrain):
        return "a terrain piece"
    return None


class Effect:
    """One change to a game. Subclasses say what to write; `apply` returns the before
    records that `revert` uses to restore the game exactly."""

    kind: ClassVar[str] = "effect"

    def writes(self, game: Game) -> list[tuple[list, bool, Any]]:
        """(path, present, new_value) to write, in order, computed from the current game."""
        raise NotImplementedError

    def apply(self, game: Game) -> list[list]:
        before = []
        for path, present, value in self.writes(game):
            if present:
                _check_json(value, f"{self.kind} {'/'.join(map(str, path))}")
            was_present, old = _read(game, path)
            before.append([path, was_present, old])
            _write(game, path, present, value)
        return before

    @staticmethod
    def revert(game: Game, before: list[list]) -> None:
        for path, present, old in reversed(before):
            _write(game, path, present, old)

    def describe(self) -> str:
        raise NotImplementedError

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__}  # type: ignore[attr-defined]
        return {"kind": self.kind, **d}


def _need_unit(game: Game, unit_id: str, *, on_table: bool = False) -> Unit:
    u = game.unit(unit_id)
    if on_table and not game.on_table(unit_id):
        raise ModelError(f"unit {unit_id!r}: not on the table")
    return u


@dataclass(frozen=True, slots=True)
class SetMarker(Effect):
    """Set a marker to `value`; None removes it."""

    unit: str
    marker: str
    value: Any
    kind: ClassVar[str] = "set_marker"

    def writes(self, game):
        _need_unit(game, self.unit)
        return [(["unit", self.unit, "markers", self.marker], self.value is not None,
                 self.value)]

    def describe(self) -> str:
        if self.value is None:
            return f"{self.unit}: {self.marker} removed"
        return f"{self.unit}: {self.marker} = {self.value}"


@dataclass(frozen=True, slots=True)
class AddMarker(Effect):
    """Add `delta` (negative removes) to a marker count, kept within [minimum, maximum];
    a count that reaches 0 removes the marker."""

    unit: str
    marker: str
    delta: int
    minimum: int = 0
    maximum: int | None = None
    kind: ClassVar[str] = "add_marker"

    def writes(self, game):
        u = _need_unit(game, self.unit)
        old = u.markers.get(self.marker, 0)
        if isinstance(old, bool) or not isinstance(old, int):
            raise ModelError(f"unit {self.unit!r}.markers.{self.marker}: "
                             f"expected a count, got {old!r}")
        new = max(self.minimum, old + self.delta)
        if self.maximum is not None:
            new = min(self.maximum, new)
        return [(["unit", self.unit, "markers", self.marker], new != 0, new)]

    def describe(self) -> str:
        cap = f" (max {self.maximum})" if self.maximum is not None else ""
        return f"{self.unit}: {self.marker} {self.delta:+d}{cap}"


@dataclass(frozen=True, slots=True)
class SetState(Effect):
    """Set a per-unit state key (morale, aim, crew …); None removes it."""

    unit: str
    key: str
    value: Any
    kind: ClassVar[str] = "set_state"

    def writes(self, game):
        _need_unit(game, self.unit)
        return [(["unit", self.unit, "state", self.key], self.value is not None, self.value)]

    def describe(self) -> str:
        if self.value is None:
            return f"{self.unit}: {self.key} cleared"
        return f"{self.unit}: {self.key} = {self.value}"


@dataclass(frozen=True, slots=True)
class AdjustState(Effect):
    """Add `delta` to a numeric state key (hp −1, wounds +1, ap_left −1), clamped;
    a missing key counts as `default`."""

    unit: str
    key: str
    delta: int
    minimum: int | None = None
    maximum: int | None = None
    default: int = 0
    kind: ClassVar[str] = "adjust_state"

    def writes(self, game):
        u = _need_unit(game, self.unit)
        old = u.state.get(self.key, self.default)
        if isinstance(old, bool) or not isinstance(old, int | float):
            raise ModelError(f"unit {self.unit!r}.state.{self.key}: "
                             f"expected a number, got {old!r}")
        new = old + self.delta
        if self.minimum is not None:
            new = max(self.minimum, new)
        if self.maximum is not None:
            new = min(self.maximum, new)
        return [(["unit", self.unit, "state", self.key], True, new)]

    def describe(self) -> str:
        return f"{self.unit}: {self.key} {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class MoveUnit(Effect):
    """Move a unit on the table (inches); facing / turret unchanged when None."""

    unit: str
    x: float
    y: float
    facing: float | None = None
    turret: float | None = None
    kind: ClassVar[str] = "move"

    def writes(self, game):
        _need_unit(game, self.unit, on_table=True)
        w: list[tuple[list, bool, Any]] = [(["unit", self.unit, "x"], True, float(self.x)),
                                           (["unit", self.unit, "y"], True, float(self.y))]
        if self.facing is not None:
            w.append((["unit", self.unit, "facing"], True, float(self.facing) % 360.0))
        if self.turret is not None:
            w.append((["unit", self.unit, "turret"], True, float(self.turret) % 360.0))
        return w

    def describe(self) -> str:
        extra = f", facing {self.facing:g}°" if self.facing is not None else ""
        return f"{self.unit}: moves to ({self.x:g}, {self.y:g}){extra}"


@dataclass(frozen=True, slots=True)
class RemoveUnit(Effect):
    """Take a unit off the table (casualty, destroyed, routed off); `reason` is kept."""

    unit: str
    reason: str = "casualty"
    kind: ClassVar[str] = "remove"

    def writes(self, game):
        _need_unit(game, self.unit, on_table=True)
        return [(["unit", self.unit, "state", "removed"], True, self.reason),
                (["table", self.unit], False, None)]

    def describe(self) -> str:
        return f"{self.unit}: removed ({self.reason})"


@dataclass(frozen=True, slots=True)
class SetGame(Effect):
    """Set a turn-level field: turn, active_side, phase, activation_order or sides."""

    key: str
    value: Any
    kind: ClassVar[str] = "set_game"

    def writes(self, game):
        if self.key not in GAME_FIELDS:
            raise ModelError(f"set_game.key: expected one of {', '.join(GAME_FIELDS)}, "
                             f"got {self.key!r}")
        if self.key == "turn" and (isinstance(self.value, bool)
                                   or not isinstance(self.value, int) or self.value < 1):
            raise ModelError(f"set_game.turn: expected a whole number ≥ 1, got {self.value!r}")
        return [(["game", self.key], True, self.value)]

    def describe(self) -> str:
        return f"game: {self.key} = {self.value}"


@dataclass(frozen=True, slots=True)
class SetGameState(Effect):
    """Set a ruleset-wide game state key (initiative, weather …); None removes it."""

    key: str
    value: Any
    kind: ClassVar[str] = "set_game_state"

    def writes(self, game):
        return [(["game", "state", self.key], self.value is not None, self.value)]

    def describe(self) -> str:
        return f"game: {self.key} = {self.value}"


# --------------------------------------------------------------------------- board edits

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
        raise ModelError(f"{where}.id: expected a non-empty string, got {ident!r}")
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
            raise ModelError(f"add_unit.unit.id: {ident!r} is already used by {taken}")
        _parse_record("units", self.unit, "add_unit.unit")  # refuse bad data before writing
        return [(["units", ident], True, [self.index, copy.deepcopy(self.unit)])]

    def describe(self) -> str:
        return f"{self.unit.get('id')}: placed at ({self.unit.get('x')}, {self.unit.get('y')})"


@dataclass(frozen=True, slots=True)
class DeleteUnit(Effect):
    """Take a unit out of the scenario altogether (a board edit, not a casualty:
    RemoveUnit keeps casualties in `game.removed`). Units it commanded lose their parent,
    so the scenario stays loadable."""

    unit: str
    kind: ClassVar[str] = "delete_unit"

    def writes(self, game):
        _need_unit(game, self.unit, on_table=True)
        orphans = [u.id for u in game.all_units() if u.parent == self.unit]
        return [*[(["unit", o, "parent"], True, None) for o in orphans],
                (["units", self.unit], False, None)]

    def describe(self) -> str:
        return f"{self.unit}: deleted"


@dataclass(frozen=True, slots=True)
class EditUnit(Effect):
    """Set some of a unit's fields: {field: value} over UNIT_EDIT_FIELDS. `base` takes the
    scenario JSON form ({"shape": "round", "diameter_mm": 25}); name, parent and turret
    take None to clear."""

    unit: str
    changes: dict
    kind: ClassVar[str] = "edit_unit"

    def writes(self, game):
        _need_unit(game, self.unit)
        if not isinstance(self.changes, dict) or not self.changes:
            raise ModelError("edit_unit.changes: expected a table of fields to set")
        out = []
        for key, value in self.changes.items():
            where = f"edit_unit.changes.{key}"
            if key not in UNIT_EDIT_FIELDS:
                raise ModelError(f"{where}: expected one of {', '.join(UNIT_EDIT_FIELDS)}")
            _check_unit_field(game, self.unit, key, value, where)
            out.append((["unit", self.unit, key], True, copy.deepcopy(value)))
        return out

    def describe(self) -> str:
        return f"{self.unit}: " + ", ".join(f"{k} = {v}" for k, v in self.changes.items())


def _check_unit_field(game: Game, unit_id: str, key: str, value: Any, where: str) -> None:
    if key in ("side", "profile") or (key == "name" and value is not None):
        if not isinstance(value, str) or not value.strip():
            raise ModelError(f"{where}: expected a non-empty string, got {value!r}")
    elif key == "parent" and value is not None:
        parents = {u.id: u.parent for u in game.all_units()}
        if value == unit_id or value not in parents:
            raise ModelError(f"{where}: expected the id of another unit, got {value!r}")
        cur = value
        while cur is not None:
            if cur == unit_id:
                raise ModelError(f"{where}: {value!r} is under {unit_id!r}: a command loop")
            cur = parents.get(cur)
    elif key == "turret" and value is not None:
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value):
            raise ModelError(f"{where}: expected a number or null, got {value!r}")
    elif key == "base":
        from engine import scenario_io as sio

        try:
            sio._parse_base(sio._object(value, where), where)
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
            raise ModelError(f"add_terrain.piece.id: {ident!r} is already used by {taken}")
        _parse_record("terrain", self.piece, "add_terrain.piece")
        return [(["terrain", ident], True, [self.index, copy.deepcopy(self.piece)])]

    def describe(self) -> str:
        return f"{self.piece.get('id')}: {self.piece.get('kind')} laid"


def _need_piece(game: Game, piece_id: str) -> tuple[int, dict]:
    present, record = _read_record(game, "terrain", piece_id)
    if not present:
        raise ModelError(f"terrain {piece_id!r}: no such piece")
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
        return f"{self.piece}: removed"


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
            raise ModelError("edit_terrain.changes: expected a table of fields to set")
        for key, value in self.changes.items():
            if key not in TERRAIN_EDIT_FIELDS:
                raise ModelError(f"edit_terrain.changes.{key}: expected one of "
                                 f"{', '.join(TERRAIN_EDIT_FIELDS)}")
            if value is None:
                d.pop(key, None)
            else:
                d[key] = copy.deepcopy(value)
        _parse_record("terrain", d, f"terrain {self.piece!r}")
        return [(["terrain", self.piece], True, [index, d])]

    def describe(self) -> str:
        return f"{self.piece}: " + ", ".join(
            f"{k} = {'…' if k in ('polygon', 'line') else v}" for k, v in self.changes.items())


EFFECT_KINDS: dict[str, type[Effect]] = {
    c.kind: c for c in (SetMarker, AddMarker, SetState, AdjustState, MoveUnit, RemoveUnit,
                        SetGame, SetGameState, AddUnit, DeleteUnit, EditUnit, AddTerrain,
                        RemoveTerrain, EditTerrain)
}


def effect_from_dict(d: dict) -> Effect:
    """An effect from its `to_dict` form (game files, the log)."""
    d = dict(d)
    kind = d.pop("kind", None)
    cls = EFFECT_KINDS.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ModelError(f"effect.kind: expected one of {', '.join(EFFECT_KINDS)}, "
                         f"got {kind!r}")
    try:
        return cls(**d)
    except TypeError as e:
        raise ModelError(f"effect {kind}: {e}") from None


# --------------------------------------------------------------------------- changes


@dataclass(slots=True)
class Change:
    """Effects applied together and undone together. `before` is filled by
    `apply_change` (one list of before-records per effect) and cleared by revert."""

    effects: list[Effect] = field(default_factory=list)
    label: str = ""
    before: list[list[list]] | None = None

    @property
    def applied(self) -> bool:
        return self.before is not None

    def describe(self) -> list[str]:
        return [e.describe() for e in self.effects]

    def to_dict(self) -> dict:
        return {"label": self.label, "effects": [e.to_dict() for e in self.effects],
                "before": copy.deepcopy(self.before)}

    @classmethod
    def from_dict(cls, d: dict) -> Change:
        return cls([effect_from_dict(e) for e in d.get("effects", [])],
                   str(d.get("label", "")), copy.deepcopy(d.get("before")))


def apply_change(game: Game, change: Change) -> None:
    """Apply every effect in order, all or nothing: if one fails, those already applied
    are reverted and the error is raised."""
    if change.applied:
        raise ModelError(f"change {change.label!r}: already applied")
    done: list[list[list]] = []
    try:
        for e in change.effects:
            done.append(e.apply(game))
    except Exception:
        for before in reversed(done):
            Effect.revert(game, before)
        raise
    change.before = done


def revert_change(game: Game, change: Change) -> None:
    """Undo an applied change exactly (last effect first)."""
    if change.before is None:
        raise ModelError(f"change {change.label!r}: not applied, nothing to revert")
    for before in reversed(change.before):
        Effect.revert(game, before)
    change.before = None
