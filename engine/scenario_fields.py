"""The words of the scenario format (design.md): its limits, the canonical key order of
each object, the error that names a bad field, and the readers of single JSON values.

Every scenario_* module reads and writes through these, so a value is checked and an
error worded the same way wherever it is met (a file, a game file, a board edit).
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterable
from typing import Any

from engine import safe_json
from engine.i18n import msg, prefixed
from engine.scenario import Table

#: The largest magnitude of a number in a scenario (inches, millimetres, degrees): 1e308
#: is finite but no table is; geometry on it would overflow.
MAX_MAGNITUDE = 1e6
#: The deepest chain of groups in groups: an army's (fireteam to army group) is about 11;
#: a deeper chain is a mistake or a hostile file, and walking it must not exhaust a stack.
MAX_GROUP_DEPTH = 32
#: Saved files wrap at this width: short objects (a base, a point list) stay on one line.
LINE_WIDTH = 100
#: Ground scale of a table that does not give one (the rulesets will supply theirs).
DEFAULT_MPI = Table().metres_per_inch

MOVEMENTS = ("normal", "difficult", "impassable", "obstacle")
BASE_SHAPES = ("round", "oval", "rect")

# Canonical key order of each object, used for keys the source did not have.
TOP_KEYS = ("format", "version", "name", "ruleset", "table", "terrain", "units", "groups",
            "profiles")
TABLE_KEYS = ("width_in", "height_in", "metres_per_inch", "edges")
PIECE_KEYS = ("id", "kind", "name", "polygon", "line", "blocks_los", "los_depth_in", "cover",
              "movement", "height", "thickness_in")
UNIT_KEYS = ("id", "name", "side", "profile", "parent", "x", "y", "facing", "turret", "base",
             "markers", "state")
GROUP_KEYS = ("id", "kind", "name", "name_ru", "side", "off_table", "members", "commander",
              "deputy", "markers", "state")


class ScenarioError(ValueError):
    """A scenario that cannot be read. `field` is the path of the bad value ("" = the file)."""

    def __init__(self, field: str, message: str, *, source: str | None = None,
                 other: str | None = None,
                 remake: Callable[[str], str] | None = None) -> None:
        self.field = field
        self.message = message
        self.source = source
        # `other`: the path of a second field the message names ("already used by
        # terrain[2]"); `remake(name)` words the message naming it otherwise (a game file
        # names rows by table and id, not by index)
        self.other, self.remake = other, remake
        # a message made with msg() stays one, after the file and the field, so that a
        # reader's language can be shown (engine.i18n.said); English as it always was
        super().__init__(prefixed("".join(f"{p}: " for p in (source, field) if p), message))

    def with_source(self, source: str) -> ScenarioError:
        """The same error, told about the file it came from."""
        return ScenarioError(self.field, self.message, source=source, other=self.other,
                             remake=self.remake)


class Extra(dict):
    """Unknown keys of one JSON object, plus what an exact round trip needs.

    `order` is the object's key order in the source; `raw` holds sub-objects the model
    normalises (a unit's base), written back verbatim while the model value is unchanged.
    Code that treats it as a plain dict loses nothing but the order.
    """

    def __init__(self, unknown: Iterable = (), *, order: Iterable[str] = (),
                 raw: dict | None = None) -> None:
        super().__init__(unknown)
        self.order: tuple[str, ...] = tuple(order)
        self.raw: dict[str, Any] = dict(raw or {})


# --- reading values ----------------------------------------------------------------------


def _at(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _describe(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if _jsonable(v) else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(v: Any) -> bool:
    try:
        json.dumps(v)
    except (TypeError, ValueError):
        return False
    return True


def _required(d: dict, key: str, path: str) -> Any:
    if key not in d:
        raise ScenarioError(_at(path, key), msg("required key is missing"))
    return d[key]


def _object(v: Any, path: str) -> dict:
    if not isinstance(v, dict):
        raise ScenarioError(path, msg("expected an object, got {got}", got=_describe(v)))
    return v


def _list(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise ScenarioError(path, msg("expected a list, got {got}", got=_describe(v)))
    return v


def _text(v: Any, path: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ScenarioError(path, msg("expected a non-empty string, got {got}",
                                      got=_describe(v)))
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        raise ScenarioError(path, msg("text holding a lone surrogate, which no file can "
                                      "hold")) from None
    return v


def _ident(v: Any, path: str) -> str:
    """An id, or a reference to one: text whose every character shows (a bidi override or
    a zero-width space would let two ids look alike)."""
    v = _text(v, path)
    why = safe_json.hidden_character(v)
    if why is not None:
        raise ScenarioError(path, why)
    return v


def _number(v: Any, path: str, *, positive: bool = False, minimum: float | None = None) -> float:
    """A finite JSON number, kept as given (an int stays an int, for the round trip)."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ScenarioError(path, msg("expected a number, got {got}", got=_describe(v)))
    if isinstance(v, int) and abs(v) > MAX_MAGNITUDE:
        raise ScenarioError(path, msg("expected a number within ±{limit:g}, got a "
                                      "{digits}-digit whole number", limit=MAX_MAGNITUDE,
                                      digits=len(str(abs(v)))))
    if not math.isfinite(v):
        raise ScenarioError(path, msg("expected a finite number, got {got}", got=repr(v)))
    if abs(v) > MAX_MAGNITUDE:
        raise ScenarioError(path, msg("expected a number within ±{limit:g}, got {got}",
                                      limit=MAX_MAGNITUDE, got=repr(v)))
    if positive and v <= 0:
        raise ScenarioError(path, msg("expected a positive number, got {got}", got=repr(v)))
    if minimum is not None and v < minimum:
        raise ScenarioError(path, msg("expected a number of at least {minimum:g}, got {got}",
                                      minimum=minimum, got=repr(v)))
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise ScenarioError(path, msg("expected true or false, got {got}", got=_describe(v)))
    return v


#: The message of a value outside its list, by what the value is (one template each, so
#: that a translation can word each whole).
_UNKNOWN = {
    "edge": lambda **p: msg("unknown edge {got} (expected one of {options})", **p),
    "kind": lambda **p: msg("unknown kind {got} (expected one of {options})", **p),
    "movement": lambda **p: msg("unknown movement {got} (expected one of {options})", **p),
    "shape": lambda **p: msg("unknown shape {got} (expected one of {options})", **p),
}


def _choice(v: Any, path: str, options: Iterable[str], what: str) -> str:
    """`v` if it is one of `options`; `what` ("edge", "kind", "movement", "shape") says
    what the value is."""
    options = tuple(options)
    if not isinstance(v, str) or v not in options:
        raise ScenarioError(path, _UNKNOWN[what](got=_describe(v), options=", ".join(options)))
    return v


def _optional(d: dict, key: str, path: str, read) -> Any:
    """An optional key: absent or null means "the default" (None)."""
    v = d.get(key)
    return None if v is None else read(v, _at(path, key))


def _points(v: Any, path: str, minimum: int) -> list[tuple[float, float]]:
    pts = _list(v, path)
    if len(pts) < minimum:
        raise ScenarioError(path, msg("expected at least {minimum} points, got {got}",
                                      minimum=minimum, got=len(pts)))
    out = []
    for i, p in enumerate(pts):
        if not isinstance(p, list) or len(p) != 2:
            raise ScenarioError(_at(path, i), msg("expected a point [x, y], got {got}",
                                                  got=_describe(p)))
        out.append((_number(p[0], _at(_at(path, i), 0)), _number(p[1], _at(_at(path, i), 1))))
    return out


def _extra(d: dict, known: Iterable[str], raw: dict | None = None) -> Extra:
    known = set(known)
    unknown = {k: copy.deepcopy(v) for k, v in d.items() if k not in known}
    return Extra(unknown, order=d.keys(), raw=raw)
