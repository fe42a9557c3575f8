"""What is worked out for one base outline, kept in arrays: a row per outline object.

A threat view at 2,000 units asks for every base's sight-line samples, the terrain pieces
it stands on and how each piece looks from its centre, hover after hover, for outlines that
have not changed: `geometry.bases.base_polygon` hands out the same object for the same
placement. Kept a row per outline in growing arrays, a scene of n bases gathers its rows
with one fancy index instead of stacking n small arrays or asking the terrain's tree
again, either of which cost a big table's hover more than the work itself.

Outlines are known by identity, not by their geometry (hashing a shapely outline hashes
its WKB, on every look-up). Each live outline holds a slot; when it is collected the slot is freed
and its generation bumped, so rows kept for the old outline are not taken for the next
one. `Rows` are per-slot tables (a row per outline); `Cells` per-(slot, column) tables
(a cell per outline and terrain piece), filled as they are asked for. A table of terrain
facts is kept for its terrain index (`tables_of`) and goes with it.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence

import numpy as np

#: Slots are made this many at a time at first; the arrays double when full.
FIRST_SLOTS = 256

_lock = threading.Lock()


class _Slots:
    """A slot per live outline object, reused once the object is collected."""

    def __init__(self) -> None:
        self._slot: dict[int, tuple[weakref.ref, int]] = {}
        self._free: list[int] = []
        self._dead: list[tuple[int, weakref.ref]] = []  # appended by weakref callbacks
        self.gen = np.zeros(FIRST_SLOTS, dtype=np.int64)
        self.used = 0

    def of(self, polys: Sequence[object] | np.ndarray) -> np.ndarray:
        """The slot of each outline (made for those without one); call under `_lock`."""
        self._bury()
        get, out = self._slot.get, np.empty(len(polys), dtype=np.int64)
        for i, p in enumerate(polys):
            got = get(id(p))
            out[i] = got[1] if got is not None and got[0]() is p else self._new(p)
        return out

    def _new(self, poly: object) -> int:
        key = id(poly)
        dead = self._dead
        ref = weakref.ref(poly, lambda r, k=key: dead.append((k, r)))
        if self._free:
            slot = self._free.pop()
        else:
            slot, self.used = self.used, self.used + 1
            if slot >= len(self.gen):
                self.gen = np.concatenate((self.gen, np.zeros(len(self.gen), np.int64)))
        self._slot[key] = (ref, slot)
        return slot

    def _bury(self) -> None:
        """Free the slots of the outlines collected since (not in the weakref callback:
        that may run in the middle of `of`)."""
        while self._dead:
            key, ref = self._dead.pop()
            got = self._slot.get(key)
            if got is not None and got[0] is ref:
                del self._slot[key]
                self.gen[got[1]] += 1
                self._free.append(got[1])

    def slot(self, poly: object) -> int | None:
        """The outline's slot if it has one (none is made)."""
        self._bury()
        got = self._slot.get(id(poly))
        return got[1] if got is not None and got[0]() is poly else None


SLOTS = _Slots()


def slots_of(polys: Sequence[object] | np.ndarray) -> np.ndarray:
    """The slot of each outline, to ask the tables with (made for those without one)."""
    with _lock:
        return SLOTS.of(polys)


def _grown(a: np.ndarray, n: int) -> np.ndarray:
    if len(a) >= n:
        return a
    out = np.zeros((max(n, 2 * len(a)), *a.shape[1:]), dtype=a.dtype)
    out[:len(a)] = a
    return out


class Rows:
    """A table of one row per outline: `get` gives each outline's row, working out with
    `compute(outlines)` only those not kept yet (it returns one array per column, a row
    per outline; the same columns every call)."""

    def __init__(self, compute: Callable[[np.ndarray], tuple[np.ndarray, ...]]) -> None:
        self.compute = compute
        self._known = np.zeros(0, dtype=np.int64)  # generation + 1 of the row kept
        self._cols: list[np.ndarray] | None = None

    def get(self, polys: np.ndarray, slots: np.ndarray) -> tuple[np.ndarray, ...]:
        """Each outline's row; `slots` theirs (`slots_of`)."""
        with _lock:
            gen = SLOTS.gen[slots] + 1
            self._known = _grown(self._known, SLOTS.used)
            todo = (self._known[slots] != gen).nonzero()[0]
            if len(todo):
                fresh = self.compute(polys[todo])
                if self._cols is None:
                    self._cols = [np.zeros((0, *c.shape[1:]), dtype=c.dtype) for c in fresh]
                self._cols = [_grown(c, SLOTS.used) for c in self._cols]
                for col, got in zip(self._cols, fresh, strict=True):
                    col[slots[todo]] = got
                self._known[slots[todo]] = gen[todo]
            assert self._cols is not None
            return tuple(c[slots] for c in self._cols)

    def row(self, poly: object) -> tuple[np.ndarray, ...] | None:
        """The row kept for this outline, None if there is none."""
        with _lock:
            slot = SLOTS.slot(poly)
            if slot is None or slot >= len(self._known) or self._cols is None \
                    or self._known[slot] != SLOTS.gen[slot] + 1:
                return None
            return tuple(c[slot] for c in self._cols)


class Cells:
    """A table of one cell per (outline, column), `width` columns (a terrain index's
    pieces): `get` gives the cells asked for, working out only those not kept yet."""

    def __init__(self, width: int) -> None:
        self.width = width
        self._known = np.zeros((0, width), dtype=np.int64)
        self._cols: list[np.ndarray] | None = None

    def get(self, s: np.ndarray, column: np.ndarray,
            compute: Callable[[np.ndarray], tuple[np.ndarray, ...]]) -> tuple[np.ndarray, ...]:
        """The cells of (outline in slot s[h], column[h]); `compute(h)` works out those of
        the entries h not kept (one array per column of the table, the same every call)."""
        with _lock:
            gen = SLOTS.gen[s] + 1
            self._known = _grown(self._known, SLOTS.used)
            todo = (self._known[s, column] != gen).nonzero()[0]
            if len(todo) or self._cols is None:
                self._keep(compute(todo), s[todo], column[todo], gen[todo])
            return tuple(c[s, column] for c in self._cols)

    def row(self, slot: int, compute: Callable[[np.ndarray], tuple[np.ndarray, ...]]
            ) -> tuple[np.ndarray, ...]:
        """`get` of every column for the outline in `slot`, each field a (1, width) array
        (a single measure's spans: plain slices, not a fancy index per field)."""
        with _lock:
            gen = SLOTS.gen[slot] + 1
            self._known = _grown(self._known, SLOTS.used)
            todo = (self._known[slot] != gen).nonzero()[0]
            if len(todo) or self._cols is None:
                self._keep(compute(todo), slot, todo, gen)
            return tuple(c[slot:slot + 1].copy() for c in self._cols)

    def _keep(self, fresh: tuple[np.ndarray, ...], s: np.ndarray | int, column: np.ndarray,
              gen: np.ndarray | int) -> None:
        """File the cells worked out for (s, column), of generation `gen`; under `_lock`."""
        if self._cols is None:
            self._cols = [np.zeros((0, self.width), dtype=c.dtype) for c in fresh]
        self._cols = [_grown(c, SLOTS.used) for c in self._cols]
        for col, got in zip(self._cols, fresh, strict=True):
            col[s, column] = got
        self._known[s, column] = gen


_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def tables_of(owner: object) -> dict:
    """The tables kept for `owner` (a terrain index): they go when it does. Kept here, not
    on the owner, so an owner pickled for the second process carries none (their slots are
    this process's)."""
    with _lock:
        tables = _TABLES.get(owner)
        if tables is None:
            tables = _TABLES[owner] = {}
        return tables


def kept(owner: object, key: str, make: Callable[[], object]) -> object:
    """The table `key` kept for `owner` (`tables_of`), made by `make()` the first time."""
    tables = tables_of(owner)
    got = tables.get(key)
    return got if got is not None else tables.setdefault(key, make())
