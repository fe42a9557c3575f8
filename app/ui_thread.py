"""A worker thread's result handed to the interface thread.

Qt's objects are touched on the interface thread only, and a worker must not even emit a
signal of a widget: the window may be closed and deleted while the worker runs, and a
signal sent to a deleted object from another thread is a crash some time later. The
worker posts a call through one relay object that lives as long as the program; the call
runs on the interface thread, where it can see whether its widget is still there."""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from shiboken6 import isValid


class _Relay(QObject):
    call = Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.call.connect(self._run)

    @staticmethod
    def _run(fn: Callable[[], None]) -> None:
        fn()


_relay: _Relay | None = None

#: How soon (seconds) a thread asking for the interpreter lock gets it from a busy one.
#: Python's 5 ms default is how long each call from Qt into Python (a paint, an event)
#: waited while a worker drew a tool's lines, so a hover's repaint lagged behind the pointer.
SWITCH_INTERVAL_S = 0.001


def prepare() -> None:
    """Make the relay, on the interface thread (before any worker posts), and let the
    interface take the interpreter lock from the workers quickly (SWITCH_INTERVAL_S)."""
    global _relay
    if _relay is None:
        _relay = _Relay()
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))


def post(fn: Callable[[], None]) -> None:
    """Run `fn` on the interface thread (from any thread), when its event loop gets to it."""
    if _relay is None:
        raise RuntimeError("ui_thread.post: prepare() was not called on the interface thread")
    _relay.call.emit(fn)


def deliver(owner: QObject, fn: Callable[..., None], *args) -> None:
    """From a worker: call `fn(*args)` on the interface thread if `owner` (the widget or
    tool the result is for) has not been deleted by then."""
    post(lambda: fn(*args) if isValid(owner) else None)
