"""A fault-injecting SQLite VFS for tests: the n-th write (or the n-th sync/truncate) that
SQLite makes to any file — database, rollback journal, WAL — fails with an I/O error, as a
failing disk would make it fail. SQLite's own test suite tests its writes this way.

Why ctypes: Python's sqlite3 module cannot install a VFS, and apsw is a second SQLite
build. But the stdlib `_sqlite3` links the system libsqlite3 dynamically, so loading that
same library with ctypes reaches the very SQLite that `sqlite3.connect` uses: a VFS
registered here as the default is the one every connection of the test opens its files
with (`install` checks this and refuses otherwise).

How: the shim VFS is a copy of the default VFS's struct with its own name and xOpen. Its
xOpen calls the real xOpen, then points the opened file at a copy of the file's io methods
in which only xWrite, xSync and xTruncate are Python callbacks; they count, fail the
chosen call, and otherwise forward to the real method. Reads, locks and shared memory stay
the real C functions. Counting is across all files and all threads (an autosaver writes
from its own thread; ctypes callbacks take the GIL). A `hook` set on the shim is told of
every write, sync, truncate and file deletion (a rollback journal's commit) before it
happens: the crash tests kill the process there (tests/engine/crash_points.py).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

SQLITE_OK = 0
SQLITE_IOERR_WRITE = 10 | (3 << 8)
SQLITE_IOERR_FSYNC = 10 | (4 << 8)
SQLITE_IOERR_TRUNCATE = 10 | (6 << 8)

_p = ctypes.c_void_p
_WRITE = ctypes.CFUNCTYPE(ctypes.c_int, _p, _p, ctypes.c_int, ctypes.c_int64)
_TRUNCATE = ctypes.CFUNCTYPE(ctypes.c_int, _p, ctypes.c_int64)
_SYNC = ctypes.CFUNCTYPE(ctypes.c_int, _p, ctypes.c_int)
_DELETE = ctypes.CFUNCTYPE(ctypes.c_int, _p, ctypes.c_char_p, ctypes.c_int)
# The file name passes as a raw pointer: SQLite keeps it (a bytes copy would dangle).
_OPEN = ctypes.CFUNCTYPE(ctypes.c_int, _p, _p, _p, ctypes.c_int, ctypes.POINTER(ctypes.c_int))


class IoMethods(ctypes.Structure):
    """sqlite3_io_methods (version 3): the methods not wrapped are kept as raw pointers."""
    _fields_ = [("iVersion", ctypes.c_int), ("xClose", _p), ("xRead", _p),
                ("xWrite", _WRITE), ("xTruncate", _TRUNCATE), ("xSync", _SYNC),
                *[(name, _p) for name in (
                    "xFileSize", "xLock", "xUnlock", "xCheckReservedLock", "xFileControl",
                    "xSectorSize", "xDeviceCharacteristics", "xShmMap", "xShmLock",
                    "xShmBarrier", "xShmUnmap", "xFetch", "xUnfetch")]]


class File(ctypes.Structure):
    """sqlite3_file: every VFS's file begins with its io methods."""
    _fields_ = [("pMethods", ctypes.POINTER(IoMethods))]


class Vfs(ctypes.Structure):
    """sqlite3_vfs (version 3)."""


Vfs._fields_ = [("iVersion", ctypes.c_int), ("szOsFile", ctypes.c_int),
                ("mxPathname", ctypes.c_int), ("pNext", ctypes.POINTER(Vfs)),
                ("zName", ctypes.c_char_p), ("pAppData", _p), ("xOpen", _OPEN),
                ("xDelete", _DELETE),
                *[(name, _p) for name in (
                    "xAccess", "xFullPathname", "xDlOpen", "xDlError", "xDlSym",
                    "xDlClose", "xRandomness", "xSleep", "xCurrentTime", "xGetLastError",
                    "xCurrentTimeInt64", "xSetSystemCall", "xGetSystemCall",
                    "xNextSystemCall")]]


def _library() -> ctypes.CDLL:
    """The libsqlite3 the sqlite3 module runs on (checked by version here, by name in
    `install`)."""
    lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
    lib.sqlite3_libversion.restype = ctypes.c_char_p
    lib.sqlite3_vfs_find.restype = ctypes.POINTER(Vfs)
    lib.sqlite3_vfs_find.argtypes = [ctypes.c_char_p]
    lib.sqlite3_vfs_register.argtypes = [ctypes.POINTER(Vfs), ctypes.c_int]
    lib.sqlite3_vfs_unregister.argtypes = [ctypes.POINTER(Vfs)]
    version = lib.sqlite3_libversion().decode()
    if version != sqlite3.sqlite_version:
        raise RuntimeError(f"ctypes found SQLite {version}, sqlite3 runs "
                           f"{sqlite3.sqlite_version}: not the same library")
    return lib


class FaultyVfs:
    """The shim VFS. `at("write", n)` fails the n-th write from now on, `at("sync", n)`
    the n-th sync or truncate, `at(None)` nothing; `fired` says whether it failed one."""

    NAME = b"faulty"

    def __init__(self) -> None:
        self._lib = _library()
        self._lock = threading.Lock()
        self.kind: str | None = None
        self.n = 0
        self.count = 0
        self.fired = False
        self.writes = 0           # all writes seen, faulted or not
        #: Told (kind, file name) before each write, sync, truncate and delete.
        self.hook: Callable[[str, str], None] | None = None
        self._names: dict[int, str] = {}  # open file -> its name
        self.orig = self._lib.sqlite3_vfs_find(None)
        self._methods: dict[int, tuple[IoMethods, IoMethods]] = {}  # ours -> (ours, real)
        self._write, self._truncate, self._sync = (
            _WRITE(self._x_write), _TRUNCATE(self._x_truncate), _SYNC(self._x_sync))
        self.vfs = Vfs.from_buffer_copy(self.orig.contents)
        self._name = ctypes.create_string_buffer(self.NAME)
        self.vfs.zName = ctypes.cast(self._name, ctypes.c_char_p)
        self.vfs.pNext = None
        self._open = _OPEN(self._x_open)
        self.vfs.xOpen = self._open
        self._delete = _DELETE(self._x_delete)
        self.vfs.xDelete = self._delete

    def at(self, kind: str | None, n: int = 0) -> None:
        with self._lock:
            self.kind, self.n, self.count, self.fired = kind, n, 0, False

    def _fault(self, kind: str) -> bool:
        with self._lock:
            if self.kind != kind:
                return False
            self.count += 1
            if self.count == self.n:
                self.fired = True
                return True
            return False

    def _real(self, pfile: int) -> IoMethods:
        ours = ctypes.cast(pfile, ctypes.POINTER(File)).contents.pMethods
        return self._methods[ctypes.addressof(ours.contents)][1]

    def _x_open(self, _vfs, name, pfile, flags, out_flags) -> int:
        rc = self.orig.contents.xOpen(ctypes.cast(self.orig, _p), name, pfile, flags,
                                      out_flags)
        file = ctypes.cast(pfile, ctypes.POINTER(File)).contents
        self._names[pfile] = ctypes.string_at(name).decode(errors="replace") if name else ""
        if file.pMethods:
            file.pMethods = ctypes.pointer(self._ours(file.pMethods.contents))
        return rc

    def _ours(self, real: IoMethods) -> IoMethods:
        """One wrapped copy per distinct io methods table (a VFS has a few)."""
        for ours, known in self._methods.values():
            if ctypes.addressof(known) == ctypes.addressof(real):
                return ours
        ours = IoMethods.from_buffer_copy(real)
        ours.xWrite, ours.xTruncate, ours.xSync = self._write, self._truncate, self._sync
        self._methods[ctypes.addressof(ours)] = (ours, real)
        return ours

    def _tell(self, kind: str, pfile: int) -> None:
        if self.hook is not None:
            self.hook(kind, self._names.get(pfile, ""))

    def _x_delete(self, _vfs, name, sync_dir) -> int:
        if self.hook is not None:
            self.hook("delete", (name or b"").decode(errors="replace"))
        return self.orig.contents.xDelete(ctypes.cast(self.orig, _p), name, sync_dir)

    def _x_write(self, pfile, buf, amount, offset) -> int:
        self.writes += 1
        self._tell("write", pfile)
        if self._fault("write"):
            return SQLITE_IOERR_WRITE
        return self._real(pfile).xWrite(pfile, buf, amount, offset)

    def _x_truncate(self, pfile, size) -> int:
        self._tell("truncate", pfile)
        if self._fault("sync"):
            return SQLITE_IOERR_TRUNCATE
        return self._real(pfile).xTruncate(pfile, size)

    def _x_sync(self, pfile, flags) -> int:
        self._tell("sync", pfile)
        if self._fault("sync"):
            return SQLITE_IOERR_FSYNC
        return self._real(pfile).xSync(pfile, flags)


@contextmanager
def installed() -> Iterator[FaultyVfs]:
    """The shim as SQLite's default VFS for the block (every `sqlite3.connect` opens its
    files through it), the original default restored after."""
    shim = FaultyVfs()
    lib = shim._lib
    if lib.sqlite3_vfs_register(ctypes.byref(shim.vfs), 1) != SQLITE_OK:
        raise RuntimeError("SQLite refused the fault-injecting VFS")
    try:
        with sqlite3.connect("file::memory:?vfs=faulty", uri=True):
            pass                                # the sqlite3 module sees the shim
        yield shim
    finally:
        lib.sqlite3_vfs_register(shim.orig, 1)
        lib.sqlite3_vfs_unregister(ctypes.byref(shim.vfs))
