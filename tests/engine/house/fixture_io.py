"""The recorded fixtures' one format: JSON, gzipped with no timestamp (so re-recording
the same cases writes the same bytes)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any


def read(path: Path) -> Any:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def write(path: Path, value: Any) -> None:
    path.parent.mkdir(exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(json.dumps(value, ensure_ascii=False).encode("utf-8"))
