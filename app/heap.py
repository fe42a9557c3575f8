"""Python's cyclic garbage collector and a big table.

A full collection walks every object alive. With 2,000 units on the board that is some
130,000 objects, and such a collection, which comes now and then as the threat view or a
drag makes new objects, held up the interface for frames. Once a big game is on the board
`settle` collects what the last game left and moves every object alive then (the game, the
board's items, the program's modules) out of the collector's sight (`gc.freeze`). Later
collections look only at what was made since. Small tables never need it: their
collections are short."""

from __future__ import annotations

import gc

#: Tables with at least this many units settle the heap after they are loaded.
SETTLE_FROM_UNITS = 300


def settle(units: int) -> bool:
    """After a game of `units` units is on the board: True when the heap was settled."""
    if units < SETTLE_FROM_UNITS:
        return False
    gc.unfreeze()  # the last game's objects can be collected now
    gc.collect()
    gc.freeze()
    return True
