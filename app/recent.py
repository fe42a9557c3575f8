"""The recently opened files: a short JSON list in the user's config folder.

The file is `recent.json` in platformdirs' user config folder for Warboard (or in
$WARBOARD_CONFIG_DIR when set — tests and portable installs point it elsewhere):
`{"recent": ["/abs/path/game.warboard", ...]}`, newest first. It is a convenience: a
missing, unreadable or malformed list reads as empty and is replaced on the next change,
and a failure to write it never stops a save or an open.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_DIR_NAME = "warboard"
FILE_NAME = "recent.json"
CONFIG_ENV = "WARBOARD_CONFIG_DIR"
#: How many files the menu keeps.
LIMIT = 10
#: A recent list larger than this is not ours to read.
MAX_BYTES = 256 * 1024


def config_dir() -> Path:
    """Where Warboard keeps its settings: $WARBOARD_CONFIG_DIR or the platform's place."""
    given = os.environ.get(CONFIG_ENV)
    if given:
        return Path(given)
    import platformdirs  # imported here: start-up does not need it

    return Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False))


class RecentFiles:
    """Most recent first, no duplicates (compared as absolute paths), at most `limit`."""

    def __init__(self, store: str | os.PathLike | None = None, limit: int = LIMIT) -> None:
        self._store = Path(store) if store is not None else None
        self.limit = limit

    @property
    def store(self) -> Path:
        """The JSON file (resolved when first needed, so $WARBOARD_CONFIG_DIR may be set
        after the object was made)."""
        return self._store if self._store is not None else config_dir() / FILE_NAME

    def paths(self) -> list[Path]:
        """The list as stored, newest first (files that have gone are kept: a drive may be
        away; the menu shows them disabled)."""
        from engine import safe_json  # here, not at start: the window is complete before
        # a list is read (P6). safe_json, not json: a list nested 100,000 deep would
        # exhaust the parser's recursion and stop the program starting.
        try:
            if self.store.stat().st_size > MAX_BYTES:
                return []
            data = safe_json.loads(self.store.read_bytes())
        except (OSError, ValueError, RecursionError):
            return []
        items = data.get("recent") if isinstance(data, dict) else None
        if not isinstance(items, list):
            return []
        out: list[Path] = []
        seen: set[Path] = set()
        for item in items:
            if len(out) >= self.limit:
                break
            if isinstance(item, str) and item and "\0" not in item:
                p = Path(item)
                if p not in seen:
                    seen.add(p)
                    out.append(p)
        return out

    def add(self, path: str | os.PathLike) -> list[Path]:
        """Put `path` first; returns the new list."""
        p = _absolute(path)
        items = [p, *(q for q in self.paths() if q != p)][: self.limit]
        self._write(items)
        return items

    def remove(self, path: str | os.PathLike) -> list[Path]:
        p = _absolute(path)
        items = [q for q in self.paths() if q != p]
        self._write(items)
        return items

    def clear(self) -> None:
        self._write([])

    def _write(self, items: list[Path]) -> None:
        """Replace the store atomically; a failure is silent (see the module doc)."""
        import json
        import tempfile

        store = self.store
        text = json.dumps({"recent": [str(p) for p in items]}, indent=1) + "\n"
        try:
            store.parent.mkdir(parents=True, exist_ok=True)
            clean_leftovers(store.parent)
            fd, tmp = tempfile.mkstemp(prefix=".recent.", suffix=".tmp", dir=store.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                os.replace(tmp, store)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError:
            pass


#: A temporary list file older than this was left by a killed write (a live one is
#: renamed within milliseconds of being made).
STALE_S = 60.0


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove `.recent.*.tmp` files a killed write left in `folder`; returns them."""
    import time

    gone = []
    for tmp in folder.glob(".recent.*.tmp"):
        try:
            if time.time() - tmp.stat().st_mtime > STALE_S:
                tmp.unlink()
                gone.append(tmp)
        except OSError:
            continue
    return gone


def _absolute(path: str | os.PathLike) -> Path:
    return Path(os.path.abspath(os.fspath(path)))
