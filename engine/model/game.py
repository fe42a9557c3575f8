"""The game in play: a Scenario plus turn state, removed units and the roll log.

Per-unit game state lives on the scenario's own `Unit` (engine/scenario.py), in two plain
JSON-able dicts, so a scenario exported mid-game still carries it: `unit.markers` (counters
and flags on the table) and `unit.state` (everything else). Which keys a ruleset uses it
declares on its Ruleset (`Ruleset.vocabulary`); this module keeps no list of them. Removed
units leave `scenario.units` for `game.removed`, with the reason in `state["removed"]`, so
geometry only ever sees units on the table. Groups (engine/scenario.py `Group`) carry their
own `markers` and `state` the same way.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from engine import scenario_io as sio
from engine.i18n import msg, prefixed
from engine.log_chain import GENESIS, StateRecorder, entry_hash, link
from engine.scenario import Group, Scenario, Unit

from .log import LogEntry

__all__ = ["Game", "ModelError", "GAME_FIELDS"]

GAME_FIELDS = ("turn", "active_side", "phase", "activation_order", "sides")


class ModelError(ValueError):
    """An effect that cannot apply: unknown unit, bad key or a value that is not JSON."""


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
    #: an autosave must copy (engine.autosave.Autosaver); not part of the game's value.
    _touched: set = field(default_factory=set, compare=False, repr=False)
    #: where each id was last seen in scenario.units: `unit` checks the spot before it trusts
    #: it, so a list changed behind the game's back is read again, never misread
    _unit_pos: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: (the last log entry, its hash): appending and every autosave capture ask for the
    #: head, and hashing a big entry (a blast's odds) again each time cost milliseconds
    _head: tuple[Any, str] | None = field(default=None, repr=False, compare=False)
    #: what effects changed since the last log entry, for the next one's state records
    #: (engine.log_chain): the chain covers the game state, not only the dice
    state_recorder: StateRecorder = field(default_factory=StateRecorder, repr=False,
                                          compare=False)
    #: the table picture under the board (engine.backdrop.Backdrop), or None; written
    #: through the SetBackdrop effect like any edit
    backdrop: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not self.sides:
            self.sides = list(dict.fromkeys(u.side for u in self.scenario.units))

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The roll log, read-only: entries are only ever appended."""
        return tuple(self._log)

    def append_log(self, entry: LogEntry, *, stored: bool = False) -> LogEntry:
        """Append `entry`, linked to the last one (engine.log_chain.link: its number, that
        one's hash, the state changed since, the seal mark); the log is append-only, so the
        chain only ever grows. `stored`: an entry read back from a file, kept as it was
        linked then. Returns the entry as appended."""
        if stored:
            prev = self.log_head()
            if entry.prev != prev or entry.seq != len(self._log) + 1:
                entry = dataclasses.replace(entry, prev=prev, seq=len(self._log) + 1)
        else:
            entry = link(self, entry)
            self.state_recorder = StateRecorder()
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
                game.append_log(LogEntry.from_dict(e), stored=True)
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
