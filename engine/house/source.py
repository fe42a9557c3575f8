"""Reading a house ruleset's files: size and encoding limits, TOML with its error's line,
and the line each key was written on, so every later message can name file, line and
field ("rules.toml:42: actions.observe.steps[0].target: …").

tomllib gives values but no positions; `key_lines` recovers them with a line scan of the
TOML structure the guide teaches (tables, arrays of tables, `key = value`, inline tables
on one line). A key it cannot place borrows the line of its nearest placed parent.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.house.expr import Where
from engine.options import SchemaError

__all__ = ["MAX_FILE_BYTES", "SourceFile", "read_source", "key_lines"]

#: A ruleset file larger than this is refused before it is parsed.
MAX_FILE_BYTES = 1_000_000

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r'^\s*((?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+)'
                  r'(?:\s*\.\s*(?:"[^"]*"|\'[^\']*\'|[A-Za-z0-9_-]+))*)\s*=')
_PART = re.compile(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_-]+)')


def _parts(dotted: str) -> list[str]:
    return [a or b or c for a, b, c in _PART.findall(dotted)]


def key_lines(text: str) -> dict[str, int]:
    """The line (1-based) of each table and key: "actions.fire" → 12,
    "actions.fire.steps[0].target" → 15 (arrays of tables are counted)."""
    lines: dict[str, int] = {}
    counts: dict[str, int] = {}
    prefix = ""
    for n, raw in enumerate(text.splitlines(), start=1):
        head = _HEADER.match(raw)
        if head and not _KEY.match(raw):
            prefix = _table_path(_parts(head.group(2)), counts, head.group(1) == "[[")
            lines.setdefault(prefix, n)
            continue
        key = _KEY.match(raw)
        if key:
            path = ".".join(_parts(key.group(1)))
            lines.setdefault(f"{prefix}.{path}" if prefix else path, n)
    return lines


def _table_path(parts: list[str], counts: dict[str, int], array: bool) -> str:
    """The indexed path of a table header: the parts that are arrays of tables get the
    index of their current (last) element; a new [[array]] element gets the next one and
    starts the counts of the arrays nested in it afresh."""
    out: list[str] = []
    for k, part in enumerate(parts):
        name = ".".join(parts[:k + 1])
        if array and k == len(parts) - 1:
            i = counts.get(name, 0)
            counts[name] = i + 1
            for nested in [c for c in counts if c.startswith(name + ".")]:
                del counts[nested]
            out.append(f"{part}[{i}]")
        elif name in counts:
            out.append(f"{part}[{counts[name] - 1}]")
        else:
            out.append(part)
    return ".".join(out)


@dataclass
class SourceFile:
    """A parsed ruleset file and where its keys are."""

    name: str
    data: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)

    def where(self, path: str) -> Where:
        """The Where of dotted `path`, with the line of it or its nearest parent."""
        probe = path
        while probe:
            if probe in self.lines:
                return Where(self.name, self.lines[probe], path)
            cut = max(probe.rfind("."), probe.rfind("["))
            probe = probe[:cut] if cut > 0 else ""
        return Where(self.name, None, path)


def read_source(path: Path | Traversable, name: str | None = None) -> SourceFile:
    """Read and parse one TOML file of a ruleset folder (or of a package's resources),
    refusing what is too big, not UTF-8 or not TOML, with the file (and line) named."""
    name = name or path.name
    try:
        if isinstance(path, Path) and path.stat().st_size > MAX_FILE_BYTES:
            raise SchemaError(f"{name}: {path.stat().st_size:,} bytes is over the "
                              f"{MAX_FILE_BYTES:,}-byte limit for a ruleset file")
        raw = path.read_bytes()
    except OSError as e:
        raise SchemaError(f"{name}: cannot read ({e.strerror or e})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise SchemaError(f"{name}: {len(raw):,} bytes is over the {MAX_FILE_BYTES:,}-byte "
                          "limit for a ruleset file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise SchemaError(f"{name}:{line}: not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        line = _error_line(str(e))
        where = f"{name}:{line}" if line else name
        raise SchemaError(f"{where}: not valid TOML: {e}") from None
    return SourceFile(name, data, key_lines(text))


def _error_line(message: str) -> int | None:
    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else None
