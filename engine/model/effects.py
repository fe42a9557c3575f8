"""Effects: each one change to a game, saying what it writes; `apply` keeps the values it
overwrote so `revert` restores the game exactly. Board edits (engine/edits.py) are effects
too and join `EFFECT_KINDS` when that module is imported, which `effect_from_dict` makes
sure of."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.i18n import msg, prefixed
from engine.scenario import Group, Unit

from .game import GAME_FIELDS, Game, ModelError
from .paths import EFFECT_MODULES, check_json, group_writes, read_path, write_path

__all__ = ["Effect", "SetMarker", "AddMarker", "SetState", "AdjustState", "MoveUnit",
           "RemoveUnit", "SetGame", "SetGameState", "SetGroupState", "AddGroupMarker",
           "EFFECT_KINDS", "need_unit", "effect_from_dict"]

#: Every effect by its `kind`, filled as Effect subclasses are defined.
EFFECT_KINDS: dict[str, type] = {}


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
                check_json(value, f"{self.kind} {'/'.join(map(str, path))}")
            was_present, old = read_path(game, path)
            before.append([path, was_present, old])
            write_path(game, path, present, value)
        return before

    @staticmethod
    def revert(game: Game, before: list[list]) -> None:
        for path, present, old in reversed(before):
            write_path(game, path, present, old)

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


def _counted(old: Any, add: Any, where: Callable[[], Any]) -> int:
    """A marker count after `add.delta`, kept within [add.minimum, add.maximum]; a stored
    value that is not a count is refused naming where it is (`where()`)."""
    if isinstance(old, bool) or not isinstance(old, int):
        raise ModelError(prefixed(where(), msg("expected a count, got {got}", got=repr(old))))
    new = max(add.minimum, old + add.delta)
    return new if add.maximum is None else min(add.maximum, new)


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
        new = _counted(u.markers.get(self.marker, 0), self,
                       lambda: msg("unit {unit}.markers.{marker}: ", unit=repr(self.unit),
                                   marker=self.marker))
        return [(["unit", self.unit, "markers", self.marker], new != 0, new)]

    def describe(self) -> str:
        cap = f" (max {self.maximum})" if self.maximum is not None else ""
        return f"{self.unit}: {self.marker} {self.delta:+d}{cap}"


@dataclass(frozen=True, slots=True)
class SetState(Effect):
    """Set a per-unit state key (a key its ruleset declares); None removes it."""

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
    """Add `delta` to a numeric state key (a count of the ruleset's, or the turn's AP left),
    clamped; a missing key counts as `default`."""

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
    """Set a group's state key (a key its ruleset declares); None removes it."""

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
    """Add `delta` to a group's marker count within [minimum, maximum]; a count that
    reaches 0 removes the marker."""

    group: str
    marker: str
    delta: int
    minimum: int = 0
    maximum: int | None = None
    kind: ClassVar[str] = "add_group_marker"

    def writes(self, game):
        g = _need_group(game, self.group)
        new = _counted(g.markers.get(self.marker, 0), self,
                       lambda: msg("group {group}.markers.{marker}: ", group=repr(self.group),
                                   marker=self.marker))
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
