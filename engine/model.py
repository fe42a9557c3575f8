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
reason in `state["removed"]`, so geometry only ever sees units on the table. Groups
(engine/scenario.py `Group`) carry their own `markers` and `state` the same way.

Board edits (placing, deleting and editing units, terrain and groups) are effects too; they
live in engine/edits.py and join this module's registries (`EFFECT_KINDS`, the write paths)
when it is imported, which `effect_from_dict` and reverting a stored change make sure of.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine import scenario_io as sio
from engine.dice import RollRecord
from engine.i18n import msg, prefixed
from engine.log_chain import GENESIS, entry_hash
from engine.scenario import Group, Scenario, Unit

__all__ = [
    "STATE_KEYS", "MARKER_KEYS", "Game", "LogEntry", "Effect", "SetMarker", "AddMarker",
    "SetState", "AdjustState", "MoveUnit", "RemoveUnit", "SetGame", "SetGameState",
    "SetGroupState", "AddGroupMarker", "EFFECT_KINDS", "register_path", "group_writes",
    "need_unit",
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
#: Every effect by its `kind`, filled as Effect subclasses are defined.
EFFECT_KINDS: dict[str, type] = {}


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
                "summary": self.summary, "details": self.stored_details()}

    def stored_details(self) -> dict:
        """`details` as saved: with the summary's message form (`SUMMARY_TEXT`) when the
        summary is a message, so a reopened game shows the line in either language."""
        from engine.i18n import Text, text_to_json

        out = copy.deepcopy(self.details)
        if isinstance(self.summary, Text):
            out[SUMMARY_TEXT] = text_to_json(self.summary)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> LogEntry:
        try:
            summary, details = restored_summary(str(d.get("summary", "")),
                                                dict(d.get("details", {})))
            return cls(int(d["turn"]), d.get("actor"), str(d["action"]), d.get("target"),
                       tuple(RollRecord.from_dict(r) for r in d.get("dice", [])),
                       summary, details)
        except KeyError as e:
            raise ValueError(f"log entry: missing {e.args[0]!r}") from None


#: The details key of a saved log line's summary as a message (engine.i18n.text_to_json).
SUMMARY_TEXT = "summary_text"


def restored_summary(summary: str, details: dict) -> tuple[str, dict]:
    """A saved line's summary and details: the summary a message again when its form was
    saved beside it (and it still reads as the saved English), else the English as
    stored — older files have no form."""
    from engine.i18n import Text, text_from_json

    if SUMMARY_TEXT not in details:
        return summary, details
    text = text_from_json(details[SUMMARY_TEXT])
    if not isinstance(text, Text) or text != summary:
        return summary, details          # kept whole, so the line's hash still holds
    return text, {k: v for k, v in details.items() if k != SUMMARY_TEXT}


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
    #: where each id was last seen in scenario.units: `unit` checks the spot before it trusts
    #: it, so a list changed behind the game's back is read again, never misread
    _unit_pos: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: (the last log entry, its hash): appending and every autosave capture ask for the
    #: head, and hashing a big entry (a blast's odds) again each time cost milliseconds
    _head: tuple[Any, str] | None = field(default=None, repr=False, compare=False)

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
        prev = self.log_head()
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
        if not self._log:
            return GENESIS
        last = self._log[-1]
        if self._head is None or self._head[0] is not last:
            self._head = (last, entry_hash(last))
        return self._head[1]

    @property
    def units(self) -> list[Unit]:
        """Units on the table."""
        return self.scenario.units

    def unit(self, unit_id: str) -> Unit:
        """A unit on the table or removed; ModelError naming the id otherwise."""
        units = self.scenario.units
        i = self._unit_pos.get(unit_id)
        if i is None or i >= len(units) or units[i].id != unit_id:
            # a panel asks for every unit after each change: one pass, not one per unit
            self._unit_pos = pos = {}
            for k, u in enumerate(units):
                pos.setdefault(u.id, k)
            i = pos.get(unit_id)
        if i is not None:
            return units[i]
        for u in self.removed:
            if u.id == unit_id:
                return u
        raise ModelError(msg("unit {unit}: no such unit", unit=repr(unit_id)))

    def group(self, group_id: str) -> Group:
        """A group of the scenario; ModelError naming the id otherwise."""
        for g in self.scenario.groups:
            if g.id == group_id:
                return g
        raise ModelError(msg("group {group}: no such group", group=repr(group_id)))

    def group_units(self, group_id: str, *, leaders: bool = False) -> list[Unit]:
        """The group's units on the table (through its member groups), in member order;
        `leaders` adds its commander and deputy."""
        self.group(group_id)
        on = {u.id: u for u in self.scenario.units}
        ids = self.scenario.members(group_id, recursive=True, leaders=leaders)
        return [on[i] for i in ids if i in on]

    def on_table(self, unit_id: str) -> bool:
        units = self.scenario.units
        i = self._unit_pos.get(unit_id)
        if i is not None and i < len(units) and units[i].id == unit_id:
            return True
        return any(u.id == unit_id for u in units)

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
            raise ModelError(prefixed("game.turn: ", msg("expected a whole number ≥ 1, got {got}",
                                                          got=repr(turn))))
        for key in ("sides", "activation_order"):
            v = meta.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise ModelError(prefixed(f"game.{key}: ", msg(
                    "expected a list of ids, got {got}", got=repr(v))))
        if not isinstance(meta.get("state", {}), dict):
            raise ModelError(prefixed("game.state: ", msg("expected a table")))
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
            "groups": [sio.group_to_dict(g) for g in self.scenario.groups],
            "log": [e.to_dict() for e in self._log],
        }


def _unit_dyn(u: Unit) -> dict:
    return {"id": u.id, "x": u.x, "y": u.y, "facing": u.facing, "turret": u.turret,
            "markers": copy.deepcopy(u.markers), "state": copy.deepcopy(u.state)}


# --------------------------------------------------------------------------- effects

# A "before" record is [path, present, old_value]: path is a list such as
# ["unit", "gren-1", "markers", "suppression"], ["unit", id, "x"], ["game", "turn"],
# ["game", "state", key] or ["table", id] (old_value = index on the table), and
# ["groups", id] (value = [index, the group's scenario JSON]; absent = no such group: every
# group effect writes the whole group, so undo restores its file form exactly).
# ["unit", id, "base"] holds the base's JSON form. engine/edits.py registers the heads of
# whole units and pieces: ["units", id], ["terrain", id] (value = [index, the record's
# scenario JSON], and a third item, the record's source key order, where that differs from
# the JSON's keys; absent = not in the scenario at all). Whole records travel as
# their scenario-file JSON (engine.scenario_io), so a change and its before-records stay
# plain JSON and an added piece is validated exactly as a loaded one.

#: Path heads other modules own: head -> (read(game, path), write(game, path, present,
#: value)). See `register_path`.
PATH_HANDLERS: dict[str, tuple[Callable[[Game, list], tuple[bool, Any]],
                               Callable[[Game, list, bool, Any], None]]] = {}
#: Modules that register effects and path heads of their own (the board edits); imported on
#: first need, so a change read back from a game file finds its effects.
EFFECT_MODULES = ("engine.edits",)


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


def _check_json(value: Any, where: str) -> None:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise ModelError(f"{where}: {value!r} is not plain JSON data") from None


def _read(game: Game, path: list) -> tuple[bool, Any]:
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


def _write(game: Game, path: list, present: bool, value: Any) -> None:
    head = path[0]
    game._touched.add((head, path[1] if len(path) > 1 else None))
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



class Effect:
    """One change to a game. Subclasses say what to write; `apply` returns the before
    records that `revert` uses to restore the game exactly. A subclass that sets its own
    `kind` is registered in EFFECT_KINDS, so `effect_from_dict` reads it back."""

    kind: ClassVar[str] = "effect"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            EFFECT_KINDS[cls.kind] = cls  # the dataclass(slots=True) copy replaces the first

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


def need_unit(game: Game, unit_id: str, *, on_table: bool = False) -> Unit:
    """The unit an effect writes (ModelError naming it when unknown, or not on the table
    when `on_table`)."""
    u = game.unit(unit_id)
    if on_table and not game.on_table(unit_id):
        raise ModelError(msg("unit {unit}: not on the table", unit=repr(unit_id)))
    return u


@dataclass(frozen=True, slots=True)
class SetMarker(Effect):
    """Set a marker to `value`; None removes it."""

    unit: str
    marker: str
    value: Any
    kind: ClassVar[str] = "set_marker"

    def writes(self, game):
        need_unit(game, self.unit)
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
        u = need_unit(game, self.unit)
        old = u.markers.get(self.marker, 0)
        if isinstance(old, bool) or not isinstance(old, int):
            where = msg("unit {unit}.markers.{marker}: ", unit=repr(self.unit),
                        marker=self.marker)
            raise ModelError(prefixed(where, msg("expected a count, got {got}", got=repr(old))))
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
        need_unit(game, self.unit)
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
        u = need_unit(game, self.unit)
        old = u.state.get(self.key, self.default)
        if isinstance(old, bool) or not isinstance(old, int | float):
            where = msg("unit {unit}.state.{key}: ", unit=repr(self.unit), key=self.key)
            raise ModelError(prefixed(where, msg("expected a number, got {got}", got=repr(old))))
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
        need_unit(game, self.unit, on_table=True)
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
        need_unit(game, self.unit, on_table=True)
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



# --------------------------------------------------------------------------- groups


def _need_group(game: Game, group_id: str) -> Group:
    return game.group(group_id)


def _with(g: Group, field_name: str, key: str, value: Any) -> dict | None:
    """The group's markers / state with `key` set (None removes it); None (the key left
    out of the file) once empty, unless the file wrote it."""
    d = copy.deepcopy(getattr(g, field_name))
    if value is None:
        d.pop(key, None)
    else:
        d[key] = copy.deepcopy(value)
    if not d and field_name not in getattr(g.extra, "order", ()):
        return None
    return d


@dataclass(frozen=True, slots=True)
class SetGroupState(Effect):
    """Set a group's state key (morale, losses, orders …); None removes it."""

    group: str
    key: str
    value: Any
    kind: ClassVar[str] = "set_group_state"

    def writes(self, game):
        g = _need_group(game, self.group)
        return group_writes(game, g.id, {"state": _with(g, "state", self.key, self.value)})

    def describe(self) -> str:
        if self.value is None:
            return f"{self.group}: {self.key} cleared"
        return f"{self.group}: {self.key} = {self.value}"


@dataclass(frozen=True, slots=True)
class AddGroupMarker(Effect):
    """Add `delta` to a group's marker count (terror, pinned …) within [minimum, maximum];
    a count that reaches 0 removes the marker."""

    group: str
    marker: str
    delta: int
    minimum: int = 0
    maximum: int | None = None
    kind: ClassVar[str] = "add_group_marker"

    def writes(self, game):
        g = _need_group(game, self.group)
        old = g.markers.get(self.marker, 0)
        if isinstance(old, bool) or not isinstance(old, int):
            where = msg("group {group}.markers.{marker}: ", group=repr(self.group),
                        marker=self.marker)
            raise ModelError(prefixed(where, msg("expected a count, got {got}", got=repr(old))))
        new = max(self.minimum, old + self.delta)
        if self.maximum is not None:
            new = min(self.maximum, new)
        markers = _with(g, "markers", self.marker, new if new != 0 else None)
        return group_writes(game, g.id, {"markers": markers})

    def describe(self) -> str:
        cap = f" (max {self.maximum})" if self.maximum is not None else ""
        return f"{self.group}: {self.marker} {self.delta:+d}{cap}"



def effect_from_dict(d: dict) -> Effect:
    """An effect from its `to_dict` form (game files, the log): any registered kind, the
    board edits of engine/edits.py included."""
    for module in EFFECT_MODULES:
        importlib.import_module(module)
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
