"""Helpers for the hostile-input tests: run a call with a time bound (a FIFO with no writer
would block a reader forever: after the bound the FIFO is opened for writing, non-blocking,
to release the reader, and the call is reported as a hang), and snapshot a folder to show
that nothing else changed on disk."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest


def within(seconds: float, call: Callable[[], Any], fifos: Iterable[Path] = ()) -> Any:
    """`call()`'s result, or its exception re-raised; pytest.fail when it takes longer than
    `seconds` (every FIFO in `fifos` is then given a writer so the call can end)."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as e:  # noqa: BLE001 (re-raised in the test's thread)
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        for f in fifos:
            try:
                os.close(os.open(f, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        t.join(5)
        pytest.fail(f"hung: still running after {seconds} s")
    if "error" in out:
        raise out["error"]
    return out.get("value")


def snapshot(folder: Path) -> dict[str, str]:
    """Every regular file under `folder` (relative name → sha256); other entries by kind."""
    files: dict[str, str] = {}
    for p in sorted(folder.rglob("*")):
        name = str(p.relative_to(folder))
        if p.is_fifo():
            files[name] = "fifo"
        elif p.is_file():
            files[name] = hashlib.sha256(p.read_bytes()).hexdigest()
        elif p.is_dir():
            files[name] = "dir"
    return files
