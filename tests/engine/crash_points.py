"""Kill a saving process at chosen moments of its save: before a given write, sync,
truncate or deletion of SQLite's (tests/sqlite_faults.py, installed in the child only) or
a given os.replace / os.rename / os.unlink / os.fsync of the engine's.

Why at these moments and not after a random delay: a process killed with SIGKILL leaves
the disk as its last finished system call left it, so the moments between two of those
calls are every state a kill can leave. A first run of the child records the calls of
one save (`fork` with no moment); `moments` picks, for each run of like calls (the journal written,
the journal synced, the database written, synced, the journal deleted, the rename), the
call that begins it and one in its middle, and the moment the save is reported done. A
kill then costs one fork and one save, never a wait.

A child is `child(path, start, say)`: it sets up, calls `say(start)` when ready, then
saves change after change, calling `say(n)` when change n is committed and `say(-n)`
when change n is only submitted (an autosave's write in flight may carry it).
"""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable
from pathlib import Path

from tests.sqlite_faults import installed

Child = Callable[[Path, int, Callable[[int], None]], None]
#: A moment: before the n-th call of a kind on a file of a role ("write", "db-journal", 3),
#: counted from the child's ready. Counting per kind and file keeps the moment where it is
#: when the child makes other calls first (clearing a killed Save As's temporary file).
Moment = tuple[str, str, int]
#: The moment after the save: its commit reported, the next save not begun.
SAVED: Moment = ("report", "commit", 1)
#: The engine's own file calls (Save As renames its temporary file over the game, the
#: folder is synced, side files are removed), counted with SQLite's.
OS_CALLS = ("replace", "rename", "unlink", "remove", "fsync")


def _role(name: object, path: Path) -> str:
    """Which file a call is on, named by its role: "db", "db-journal", "tmp", …"""
    if isinstance(name, int):
        return "fd"
    base = os.path.basename(os.fspath(name))
    if base.startswith(path.name):
        return "db" + base[len(path.name):]
    if base.startswith(f".{path.name}."):
        return "tmp-journal" if base.endswith("-journal") else "tmp"
    return "other"


def _in_child(child: Child, path: Path, start: int, kill_at: Moment | None,
              out: int) -> None:
    """The forked child: count the calls after it is ready; die before the call `kill_at`,
    or (kill_at None) report each call on `out` and exit once the first new change is
    committed."""
    lock = threading.Lock()
    counts: dict[tuple[str, str], int] = {}
    ready = False

    def tell(kind: str, name: object) -> None:
        with lock:
            if not ready:
                return
            call = (kind, _role(name, path))
            counts[call] = n = counts.get(call, 0) + 1
            if kill_at is None:
                os.write(out, f"e {kind} {call[1]}\n".encode())
            elif (*call, n) == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)

    for call in OS_CALLS:
        real = getattr(os, call)
        setattr(os, call, lambda first, *a, _real=real, _call=call, **kw: (
            tell(_call, first), _real(first, *a, **kw))[1])

    def say(n: int) -> None:
        nonlocal ready
        os.write(out, f"{n}\n".encode())
        if n > start and kill_at is None:
            os._exit(0)                       # one save recorded
        if n > start and kill_at == SAVED:
            os.kill(os.getpid(), signal.SIGKILL)
        with lock:
            ready = True

    with installed() as shim:
        shim.hook = tell
        child(path, start, say)


def fork(child: Child, path: Path, start: int,
         kill_at: Moment | None) -> tuple[list[int], list[tuple[str, str]]]:
    """Run `child` in a forked process until it is killed at `kill_at` (or, with
    None, until its first save is recorded); what it said, and the calls it recorded."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        try:
            _in_child(child, path, start, kill_at, write_fd)
        finally:
            os._exit(3)
    os.close(write_fd)
    data, status = b"", None
    try:
        while select.select([read_fd], [], [], 30)[0]:
            chunk = os.read(read_fd, 65536)
            if not chunk:                     # the child is gone: its end of the pipe closed
                break
            data += chunk
        else:
            raise AssertionError(f"the child neither died nor exited in 30 s: {data[-200:]!r}")
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(read_fd)
        if status is None:                    # a failed assertion: no child left behind
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    lines = data.decode().splitlines()
    if kill_at is None:
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (status, lines[-3:])
    else:
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, \
            f"the child ended by itself (status {status}): it failed before the kill"
    said = [int(x) for x in lines if not x.startswith("e ")]
    calls = [tuple(x.split()[1:]) for x in lines if x.startswith("e ")]
    return said, calls


def moments(calls: list[tuple[str, str]]) -> list[Moment]:
    """Kill points covering every phase of the recorded save: the first and a middle call
    of each run of like calls, and the moment it is reported done."""
    assert calls, "the save made no file call"

    def at(i: int) -> Moment:
        return (*calls[i], calls[: i + 1].count(calls[i]))

    out = []
    i = 0
    while i < len(calls):
        j = i
        while j + 1 < len(calls) and calls[j + 1] == calls[i]:
            j += 1
        out += [at(i)] + ([at((i + j) // 2)] if j - i >= 2 else [])
        i = j + 1
    return [*out, SAVED]


def reported(said: list[int], start: int) -> tuple[int, int]:
    """(the last change reported committed, the last that may have been in flight: every
    change submitted since that commit, else the one after it)."""
    committed = [n for n in said if n >= 0]
    submitted = [-n for n in said if n < 0]
    last = committed[-1] if committed else start
    return last, max([last + 1, *submitted])
