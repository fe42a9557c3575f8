"""A second process for the geometry a big table's pointer events wait for.

Python runs one thread at a time (the interpreter lock). On a big table the threat view's
sight lines are many small calls of numpy and shapely that hold the lock, and the
interface thread needs the same lock to paint the hover: on a thread the two take turns.
In a process of its own the work runs on the other core while the interface paints, and
the figures are the same (the same function on the same values).

The process starts (spawned, importing only numpy, shapely and the geometry: no Qt) when a
big game comes on the board, so it is ready by the first hover. Until it is, or if it
fails, callers work on their own thread as before (`ready`). Values sent with every call
that change seldom (the table's terrain index) go once, then by token (`run`'s `keep`).
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

#: Tables with at least this many units start the process when they come on the board.
OFFLOAD_FROM_UNITS = 150
#: Values kept by token, in each process, at most (the oldest go first).
KEPT_MOST = 4
#: Processes. With two, the threat view's two directions were worked out at once, one in
#: each, a little sooner; but with the interface painting the hover that made three busy
#: threads for two cores, and the hover's own event waited for a core. One leaves the
#: interface a core of its own.
PROCESSES = 1
#: Modules the process imports as it starts (what its work needs), before the first call.
WARM_MODULES = ("numpy", "shapely", "geometry.bases", "geometry.los")

# ----------------------------------------------------------------------- in the process

_kept: OrderedDict[int, Any] = OrderedDict()


class Forgotten(LookupError):
    """The process no longer holds a value sent by token (it was restarted, or the value
    was pushed out): the caller sends it again."""


#: How often a process looks whether the program is still there (seconds).
WATCH_S = 0.5
#: The processes' niceness: below the interface, which paints the hover while they work
#: and must not wait for them for a core.
NICENESS = 10


def _settle_in(program: int) -> None:
    """In the process, as it starts: yield the processor to the interface, and leave when
    the program is gone (killed, crashed: its own exit ends the processes itself) rather
    than linger idle."""
    try:
        os.nice(NICENESS)
    except OSError:  # not allowed here: it runs at the program's priority
        pass
    def watch() -> None:
        while os.getppid() == program:
            time.sleep(WATCH_S)
        os._exit(0)

    threading.Thread(target=watch, name="offload-watch", daemon=True).start()


def _warm(modules: Sequence[str]) -> bool:
    for name in modules:
        importlib.import_module(name)
    return True


def _call(fn: Callable[..., Any], keep: Sequence[tuple[int, Any]], args: tuple) -> Any:
    """`fn(*kept values, *args)`: a kept value comes as (token, value) the first time and as
    (token, None) after that."""
    values = []
    for token, value in keep:
        if value is None:
            if token not in _kept:
                raise Forgotten(token)
            _kept.move_to_end(token)
        else:
            _kept[token] = value
            while len(_kept) > KEPT_MOST:
                _kept.popitem(last=False)
        values.append(_kept[token])
    return fn(*values, *args)


# ----------------------------------------------------------------------- in the program


class Offload:
    """The second processes, seen from the program: `start` them, ask whether they are
    `ready`, `run` a call (or `run_all` several at once) in them, from a worker thread: the
    call blocks until the result comes."""

    def __init__(self) -> None:
        self._pool = None
        self._warmed: list[Future] = []
        self._lock = threading.Lock()
        # what the process holds, by our objects' identity: the object itself is kept so its
        # id is not reused while the token stands for it
        self._tokens: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._next_token = 1
        self._exit_hooked = False

    def start(self) -> None:
        """Spawn the process (once) and have it import what its work needs."""
        with self._lock:
            if self._pool is not None:
                return
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                max_workers=PROCESSES, mp_context=multiprocessing.get_context("spawn"),
                initializer=_settle_in, initargs=(os.getpid(),))
            self._warmed = [self._pool.submit(_warm, WARM_MODULES) for _ in range(PROCESSES)]
            if not self._exit_hooked:  # ended before the interpreter takes itself down
                import atexit

                atexit.register(self.stop)
                self._exit_hooked = True

    @property
    def processes(self) -> int:
        """How many processes calls are shared out to (PROCESSES)."""
        return PROCESSES

    def ready(self) -> bool:
        """Started, its imports done and nothing broken."""
        warmed = self._warmed
        return bool(warmed) and all(f.done() and not f.cancelled() and f.exception() is None
                                    for f in warmed)

    def wait_ready(self, timeout: float) -> None:
        """Block until `start`'s imports are done (raises what they raised, or TimeoutError):
        for a caller that needs the processes now (the self-test), not the interface."""
        for warmed in self._warmed:
            warmed.result(timeout=timeout)

    def run(self, fn: Callable[..., Any], keep: Sequence[Any], *args: Any) -> Any:
        """`fn(*keep, *args)` in a process; `keep` are values sent once and then named by
        token. Raises what the call raised; `BrokenProcessPool` if a process died (then
        `ready` is False until `start` makes new ones)."""
        return self.run_all([(fn, keep, args)])[0]

    def run_all(self, calls: Sequence[tuple[Callable[..., Any], Sequence[Any], tuple]]
                ) -> list[Any]:
        """`run` for each (fn, keep, args), all at once (one in each process): the results
        in order, once all are in."""
        return list(self.run_each(calls))

    def run_each(self, calls: Sequence[tuple[Callable[..., Any], Sequence[Any], tuple]]
                 ) -> Iterator[Any]:
        """`run_all`'s results one at a time, each as soon as it is in (the calls all
        handed over first): a caller may use the first while the process works on the
        next."""
        from concurrent.futures.process import BrokenProcessPool

        pool = self._pool
        if pool is None:
            raise RuntimeError("offload: run before start")
        try:
            futures = [pool.submit(_call, fn, self._keep(keep, resend=False), args)
                       for fn, keep, args in calls]
            for (fn, keep, args), future in zip(calls, futures, strict=True):
                try:
                    got = future.result()
                except Forgotten:  # that process has not had it yet (or no longer has it)
                    got = pool.submit(_call, fn, self._keep(keep, resend=True), args).result()
                yield got
        except BrokenProcessPool:
            self._broken(pool)
            raise

    def warm(self, fn: Callable[..., Any], *args: Any, keep: Sequence[Any] = ()
             ) -> Future | None:
        """Have the process call `fn(*keep, *args)` when it is free, not waiting for it:
        work done ahead of need, whose use is what it leaves in the process (its caches;
        `keep` as `run` sends them, so later calls find the same objects). None when the
        process is not started or has died (nothing to warm)."""
        from concurrent.futures.process import BrokenProcessPool

        pool = self._pool
        if pool is None:
            return None
        try:
            return pool.submit(_call, fn, self._keep(keep, resend=False), args)
        except BrokenProcessPool:
            self._broken(pool)
            return None

    def stop(self) -> None:
        """End the process (the program is closing); `start` makes a new one."""
        with self._lock:
            pool, self._pool, self._warmed = self._pool, None, []
            self._tokens.clear()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _keep(self, values: Sequence[Any], *, resend: bool) -> list[tuple[int, Any]]:
        """Each value as `_call` takes it: (token, None) when the processes have it, else
        (token, value), a new token for a value not seen before."""
        out = []
        with self._lock:
            for value in values:
                held = self._tokens.get(id(value))
                known = held is not None and held[1] is value
                if known:
                    token = held[0]
                else:
                    token, self._next_token = self._next_token, self._next_token + 1
                    self._tokens[id(value)] = (token, value)
                self._tokens.move_to_end(id(value))
                while len(self._tokens) > KEPT_MOST:
                    self._tokens.popitem(last=False)
                out.append((token, None if known and not resend else value))
        return out

    def _broken(self, pool) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool, self._warmed = None, []
                self._tokens.clear()
        pool.shutdown(wait=False, cancel_futures=True)


_shared: Offload | None = None


def shared() -> Offload:
    """The program's one second process (made, not started, on first use)."""
    global _shared
    if _shared is None:
        _shared = Offload()
    return _shared


def prepare(units: int, placements: Sequence[tuple] = (),
            index: Callable[[], Any] | None = None) -> bool:
    """A game of `units` units is on the board: start the process for a big one (True),
    and have it make the units' outlines and sight-line samples (`placements`: (base, x, y,
    facing) each) before the first hover needs them — with `index()` giving the table's
    terrain index (asked for a big table only), also what the threat view reads of each
    base against it (geometry.los.prepare_table; the index then goes by token, as the
    hovers send it)."""
    if units < OFFLOAD_FROM_UNITS:
        return False
    second = shared()
    second.start()
    if placements:
        from geometry.los import prepare_placed, prepare_table

        if index is None:
            second.warm(prepare_placed, list(placements))
        else:
            second.warm(prepare_table, list(placements), keep=[index()])
    return True
