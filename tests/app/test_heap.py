"""app.heap: a big game on the board moves the heap out of the cyclic collector's sight
(gc.freeze), after collecting what the last game left; a small game changes nothing."""

from __future__ import annotations

import gc
import weakref

import pytest

from app import heap
from bench.board_driver import big_table
from tests.app.helpers import show_window


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def scanned() -> set[int]:
    """The objects the cyclic collector looks at (frozen ones are not listed)."""
    return {id(o) for o in gc.get_objects()}


@pytest.fixture(autouse=True)
def thawed():
    """Each test starts with nothing frozen; afterwards the heap is frozen again as the suite
    keeps it (tests/conftest.py), so the later tests' collections stay short."""
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def test_a_small_table_leaves_the_collector_alone():
    assert heap.settle(heap.SETTLE_FROM_UNITS - 1) is False
    assert gc.get_freeze_count() == 0


def test_a_big_table_collects_the_old_cycles_and_freezes_what_is_alive():
    old = Node()
    gone = weakref.ref(old)
    kept = Node()
    del old
    assert heap.settle(heap.SETTLE_FROM_UNITS) is True
    assert gone() is None  # the last game's cycles went before the freeze
    assert gc.get_freeze_count() > 0
    assert id(kept) not in scanned()  # frozen: the collector no longer looks at it
    # what is made after the freeze is collected as before
    new = Node()
    fresh = weakref.ref(new)
    del new
    gc.collect()
    assert fresh() is None
    # and settling again lets what was frozen be collected
    frozen = weakref.ref(kept)
    del kept
    heap.settle(heap.SETTLE_FROM_UNITS)
    assert frozen() is None


def test_the_window_settles_the_heap_once_a_big_game_is_on_the_board(qtbot):
    win = show_window(qtbot, big_table(heap.SETTLE_FROM_UNITS, 10, seed=3), (800, 600))
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0, timeout=5000)
    assert win.scene.unit_items  # the board's items are among what was frozen
    seen = scanned()
    assert not any(id(item) in seen for item in win.scene.unit_items.values())
