"""Parts of a ruleset loaded when first asked for: its actions, declared by id and by where
their objects live, and hooks named by module and attribute.

A ruleset declares every action, but one command asks for one of them: a morale test
priced on the command line need not import the ruleset's fire, movement and organisation
modules (and what they import). `ActionList` keeps the declaration order and the ids
without importing anything; `action(id)` imports the one module that action lives in,
iterating imports them all (what the window's docks do). `deferred` does the same for a
single function (a board hint, a turn hook), `Later` for a field's value (a turn
structure) built when first read."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from engine.options import SchemaError

if TYPE_CHECKING:
    from engine.protocol.action import Action

__all__ = ["ActionList", "LazyAction", "Later", "LaterField", "deferred"]


def _resolve(where: str, package: str | None) -> Any:
    """The object at "module:attribute" (a module name starting with "." is relative to
    `package`)."""
    module, sep, attr = where.partition(":")
    if not sep or not module or not attr:
        raise SchemaError(f"{where!r}: expected MODULE:ATTRIBUTE")
    return getattr(importlib.import_module(module, package), attr)


@dataclass(frozen=True, slots=True)
class LazyAction:
    """An action declared by id: `where` ("module:attribute") names an Action, an Action
    class (built with no arguments), a mapping of actions by id or a sequence of actions
    (the module's own list: the one with this id)."""

    id: str
    where: str

    def load(self, package: str | None) -> Action:
        from engine.protocol.action import Action

        obj = _resolve(self.where, package)
        if isinstance(obj, type):
            obj = obj()
        elif isinstance(obj, Mapping):
            obj = obj.get(self.id)
        elif isinstance(obj, tuple | list):
            obj = next((a for a in obj if getattr(a, "id", None) == self.id), None)
        if not isinstance(obj, Action) or obj.id != self.id:
            found = getattr(obj, "id", obj)
            raise SchemaError(f"action {self.id!r}: {self.where} gives {found!r}, not the "
                              f"action {self.id!r}")
        return obj


class ActionList(Sequence["Action"]):
    """A ruleset's actions in declaration order: Actions, or `LazyAction`s imported the
    first time they are asked for (`get` one by id, or any iteration for all)."""

    __slots__ = ("_items", "_package", "_index")

    def __init__(self, *items: Action | LazyAction, package: str | None = None) -> None:
        self._items: list[Action | LazyAction] = list(items)
        self._package = package
        self._index = {self._id(i): n for n, i in enumerate(items)}

    @staticmethod
    def _id(item: Action | LazyAction) -> str:
        return item.id

    @property
    def ids(self) -> tuple[str, ...]:
        """Every action's id, in order, without importing any."""
        return tuple(self._id(i) for i in self._items)

    def _at(self, n: int) -> Action:
        item = self._items[n]
        if isinstance(item, LazyAction):
            item = self._items[n] = item.load(self._package)
        return item

    def get(self, action_id: str) -> Action | None:
        """The action `action_id` (importing its module alone), or None."""
        n = self._index.get(action_id)
        return None if n is None else self._at(n)

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, n: int) -> Action: ...

    @overload
    def __getitem__(self, n: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, n: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(n, slice):
            return tuple(self._at(i) for i in range(len(self._items))[n])
        return self._at(range(len(self._items))[n])

    def __iter__(self) -> Iterator[Action]:
        return (self._at(n) for n in range(len(self._items)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionList | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.ids)

    def __repr__(self) -> str:
        return f"ActionList({', '.join(self.ids)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (tuple(self),))


def _rebuild(actions: tuple[Action, ...]) -> ActionList:
    return ActionList(*actions)


class _Deferred:
    """The function at "module:attribute", imported on its first call."""

    __slots__ = ("where", "package", "_target")

    def __init__(self, where: str, package: str | None) -> None:
        self.where, self.package = where, package
        self._target: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._target is None:
            self._target = _resolve(self.where, self.package)
        return self._target(*args, **kwargs)

    def __repr__(self) -> str:
        return f"deferred({self.where!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Deferred, (self.where, self.package))


def deferred(where: str, package: str | None = None) -> Callable[..., Any]:
    """A function standing for the one at "module:attribute", imported on its first call
    (a hook the board calls, whose module a command need not load)."""
    return _Deferred(where, package)


class Later:
    """A value built the first time it is read: a Ruleset field given as `Later(build)`
    (its turn structure, whose modules a priced morale test does not need)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[], Any]) -> None:
        self.build = build

    def __repr__(self) -> str:
        return f"Later({getattr(self.build, '__qualname__', self.build)!r})"


class LaterField:
    """A dataclass field (the class attribute's default) that may be given a `Later`:
    read, it builds the value once and keeps it."""

    def __init__(self, default: Any = None) -> None:
        self.default = default
        self.slot = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_later_{name}"

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self.default
        value = obj.__dict__.get(self.slot, self.default)
        if isinstance(value, Later):
            value = value.build()
            obj.__dict__[self.slot] = value
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        obj.__dict__[self.slot] = value
