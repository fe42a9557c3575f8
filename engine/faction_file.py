"""Faction files: the JSON a faction is exported to and imported from, read with limits
(size checked before a byte is read, engine.safe_json's depth and number limits) and its
envelope (format, version) checked; the library validates the records."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from engine import safe_json
from engine.i18n import msg, said
from engine.options import SchemaError

FACTION_FORMAT = "warboard-faction"
FACTION_VERSION = 1
#: Faction files larger than this are refused (design.md: imports have size limits).
MAX_IMPORT_BYTES = 2_000_000


def read_faction_file(path: str | os.PathLike) -> bytes:
    """A faction file's bytes, its size checked before a byte is read."""
    try:
        size = os.stat(path).st_size
        if size > MAX_IMPORT_BYTES:
            raise SchemaError(msg("faction file: {size} bytes is over the {limit}-byte "
                                  "limit", size=size, limit=MAX_IMPORT_BYTES))
        return safe_json.read_regular(path, MAX_IMPORT_BYTES)
    except safe_json.NotARegularFile:
        raise SchemaError(msg("faction file: not a regular file (a pipe, device or "
                              "socket)")) from None
    except IsADirectoryError:
        raise SchemaError(msg("faction file: is a folder")) from None
    except OSError as e:
        raise SchemaError(msg("faction file: {why}", why=_os_reason(e))) from None


def parse_faction(source: str | bytes | Mapping[str, Any]) -> dict:
    """The faction document from JSON text or a parsed object, its envelope checked."""
    if isinstance(source, Mapping):
        data = dict(source)
    else:
        raw = source.encode() if isinstance(source, str) else source
        if len(raw) > MAX_IMPORT_BYTES:
            raise SchemaError(msg("faction file: {size} bytes is over the {limit}-byte "
                                  "limit", size=len(raw), limit=MAX_IMPORT_BYTES))
        try:
            data = safe_json.loads(raw)
        except safe_json.JSONInputError as e:
            if e.decode is not None:
                raise SchemaError(msg("faction file: bad JSON at line {line}: {why}",
                                      line=e.decode.lineno,
                                      why=safe_json.json_reason(e.decode.msg))) from None
            raise SchemaError(msg("faction file: {why}", why=said(e))) from None
        if not isinstance(data, dict):
            raise SchemaError(msg("faction file: expected a JSON object at the top"))
    if data.get("format") != FACTION_FORMAT:
        raise SchemaError(msg("format: expected {format}, got {got}",
                              format=repr(FACTION_FORMAT), got=repr(data.get("format"))))
    if data.get("version") != FACTION_VERSION:
        raise SchemaError(msg("version: expected {version}, got {got} (newer files need "
                              "a newer Warboard)", version=FACTION_VERSION,
                              got=repr(data.get("version"))))
    return data


#: The operating system's reasons a file cannot be read (`OSError.strerror`), each a
#: message; any other stays as the system wrote it.
_OS_REASONS = {
    "No such file or directory": msg("No such file or directory"),
    "Permission denied": msg("Permission denied"),
    "Not a directory": msg("Not a directory"),
}


def _os_reason(e: OSError) -> Any:
    why = e.strerror or str(e)
    return _OS_REASONS.get(why, why)
