"""Scenario interchange format v2 (design.md): JSON in, model out, and back — exactly.

Reading validates every value and names the field at fault (`units[3].facing: expected a
number`). Version 1 files (no `groups`, no table `edges`) are read as they are and written
back as version 2: nothing else in them changes. Keys this version does not know are kept
and written back, and so is the order of the keys in each object, so a hand-written file
survives import and export unchanged and diffs stay small. The round trip rides on `Extra`,
the dict the model classes already hold for unknown keys: it also remembers its object's key
order and the raw form of a base.

This module is the door to the format: files and text in and out, the shipped tables, and
the names of the modules that do the work — engine.scenario_fields (limits, key orders,
the error, value readers), engine.scenario_parse (the document, table, terrain, units),
engine.scenario_groups (groups and their checks) and engine.scenario_write (back to JSON).
The public parsers and writers of single records (`parse_unit`, `unit_to_dict`, …) are what
board edits (engine/edits.py) use to carry a unit, piece or group as its file JSON.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from engine import safe_json
from engine.i18n import msg
from engine.scenario import Scenario
from engine.scenario_fields import (
    BASE_SHAPES,
    DEFAULT_MPI,
    GROUP_KEYS,
    LINE_WIDTH,
    MAX_GROUP_DEPTH,
    MAX_MAGNITUDE,
    MOVEMENTS,
    PIECE_KEYS,
    TABLE_KEYS,
    TOP_KEYS,
    UNIT_KEYS,
    Extra,
    ScenarioError,
)
from engine.scenario_groups import check_groups, parse_group
from engine.scenario_parse import parse_base, parse_piece, parse_scenario, parse_unit
from engine.scenario_write import (
    base_to_dict,
    dumps_scenario,
    group_to_dict,
    piece_to_dict,
    scenario_to_dict,
    unit_base_to_dict,
    unit_to_dict,
)

#: Imports are refused above this size: a scenario of 500 units and 50 pieces is ~150 kB.
MAX_FILE_BYTES = 20 * 1024 * 1024
DEMO = ("scenarios", "crossroads.json")

__all__ = [
    "ScenarioError", "Extra", "MAX_FILE_BYTES", "MAX_MAGNITUDE", "MAX_GROUP_DEPTH", "LINE_WIDTH",
    "DEFAULT_MPI", "DEMO", "MOVEMENTS", "BASE_SHAPES", "TOP_KEYS", "TABLE_KEYS", "PIECE_KEYS",
    "UNIT_KEYS", "GROUP_KEYS", "parse_scenario", "parse_unit", "parse_piece", "parse_base",
    "parse_group", "check_groups", "scenario_to_dict", "unit_to_dict", "piece_to_dict",
    "base_to_dict", "unit_base_to_dict", "group_to_dict", "dumps_scenario", "loads_scenario",
    "load_scenario", "save_scenario", "load_demo", "shipped_scenarios",
]


def loads_scenario(text: str | bytes, *, source: str | None = None) -> Scenario:
    """A scenario from JSON text (or UTF-8 bytes); errors name `source` when given."""
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError("", msg("scenario text is over the {mb} MB limit",
                                    mb=MAX_FILE_BYTES // 2**20), source=source)
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        data = safe_json.loads(text)
        return parse_scenario(data)
    except safe_json.JSONInputError as e:
        raise ScenarioError(e.field, e.message, source=source) from None
    except UnicodeDecodeError as e:
        raise ScenarioError("", msg("not UTF-8 text (bad byte at offset {offset})",
                                    offset=e.start), source=source) from None
    except json.JSONDecodeError as e:
        raise ScenarioError("", msg("not valid JSON: {why} (line {line}, column {column})",
                                    why=safe_json.json_reason(e.msg), line=e.lineno,
                                    column=e.colno),
                            source=source) from None
    except RecursionError:
        raise ScenarioError("", msg("JSON nested too deeply"), source=source) from None
    except ScenarioError as e:
        raise (e.with_source(source) if source else e) from None


def load_scenario(path: str | os.PathLike) -> Scenario:
    """Read a scenario file, refusing anything over MAX_FILE_BYTES before reading it."""
    source = str(path)
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError("", msg("file is {size:.1f} MB; scenario files may be at "
                                        "most {mb} MB", size=size / 2**20,
                                        mb=MAX_FILE_BYTES // 2**20), source=source)
        data = safe_json.read_regular(path, MAX_FILE_BYTES)
    except safe_json.NotARegularFile:
        raise ScenarioError("", msg("not a regular file (a pipe, device or socket); a "
                                    "scenario is read from a file"), source=source) from None
    except FileNotFoundError:
        raise ScenarioError("", msg("no such file"), source=source) from None
    except IsADirectoryError:
        raise ScenarioError("", msg("is a folder, not a scenario file"), source=source) from None
    except PermissionError:
        raise ScenarioError("", msg("permission denied"), source=source) from None
    except OSError as e:  # a socket, a vanished mount: said, not a traceback
        raise ScenarioError("", msg("cannot be read ({why})", why=e.strerror or str(e)),
                            source=source) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError("", msg("file is over the {mb} MB limit",
                                    mb=MAX_FILE_BYTES // 2**20), source=source)
    return loads_scenario(data, source=source)


def save_scenario(s: Scenario, path: str | os.PathLike) -> None:
    """Write atomically: a temporary file beside the target, then os.replace over it, so a
    crash leaves the old file or the new one, never half of one."""
    text = dumps_scenario(s)
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.chmod(tmp, target.stat().st_mode & 0o7777 if target.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_demo(name: str | None = None) -> Scenario:
    """A table shipped with the program: the demo (resources/scenarios/crossroads.json),
    or the shipped scenario file `name` (see `shipped_scenarios`)."""
    from resources.loader import read_text

    file = name or DEMO[-1]
    if file not in {f for f, _ in shipped_scenarios()}:
        raise ScenarioError("scenario", msg("no shipped scenario {name}", name=repr(file)))
    return loads_scenario(read_text(DEMO[0], file), source="demo:" + file)


def shipped_scenarios() -> list[tuple[str, str]]:
    """(file name, title) of every scenario shipped in resources/scenarios, the demo
    first: what File ▸ New offers. The title is the file's name and its ruleset."""
    import json

    from resources.loader import list_names, read_text

    out = []
    for file in list_names(DEMO[0], suffix=".json"):
        try:
            data = json.loads(read_text(DEMO[0], file))
            out.append((file, f"{data['name']} ({data['ruleset']})"))
        except (ValueError, KeyError, TypeError):
            continue
    return sorted(out, key=lambda fr: (fr[0] != DEMO[-1], fr[1]))
