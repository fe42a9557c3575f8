"""JSON from outside (scenario files, faction files, game-file rows, rosters) read with
limits, so that no input ends in a traceback or is quietly misread.

`loads` refuses, with a `JSONInputError` naming the field (a path like
`units[3].name`): text that is not UTF-8; JSON nested deeper than MAX_DEPTH (checked on
the parsed value; text nested thousands deep, which would exhaust the parser's
recursion, is refused as such); NaN and Infinity (not JSON); integers of more than
MAX_INT_DIGITS digits (a float cannot hold them: `1` followed by 400 zeros); a key given
twice in one object (JSON leaves it open, Python keeps the last); strings holding a lone
surrogate (`"\\ud800"`: valid JSON escapes, but no UTF-8 text can hold them, so the
value could never be saved or shown). Size limits stay with each reader, which checks
them before reading; `read_regular` reads only regular files (a FIFO would hang).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import unicodedata
from typing import Any

from engine.i18n import Text, msg, prefixed

__all__ = ["JSONInputError", "loads", "check_value", "json_reason", "MAX_DEPTH",
           "MAX_INT_DIGITS", "NotARegularFile", "read_regular", "sniff",
           "hidden_character"]

#: The deepest nesting of arrays and objects accepted (a scenario needs about 6).
MAX_DEPTH = 64
#: The longest integer accepted, in digits (a seed of 2**64 has 20).
MAX_INT_DIGITS = 40


class JSONInputError(ValueError):
    """JSON refused: `field` is where (empty for the whole text), `message` why."""

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        #: The parser's own error, when the text is not JSON at all.
        self.decode: json.JSONDecodeError | None = None
        super().__init__(prefixed(f"{field}: " if field else "", message))


#: The json module's reasons for refusing a text, each a message (see `json_reason`).
_REASONS = {
    "Expecting value": msg("Expecting value"),
    "Expecting property name enclosed in double quotes":
        msg("Expecting property name enclosed in double quotes"),
    "Expecting ':' delimiter": msg("Expecting ':' delimiter"),
    "Expecting ',' delimiter": msg("Expecting ',' delimiter"),
    "Extra data": msg("Extra data"),
    "Unterminated string starting at": msg("Unterminated string starting at"),
    "Invalid control character at": msg("Invalid control character at"),
    "Invalid \\escape": msg("Invalid \\escape"),
    "Invalid \\uXXXX escape": msg("Invalid \\uXXXX escape"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)":
        msg("Unexpected UTF-8 BOM (decode using utf-8-sig)"),
    # Python 3.13's words for a comma before a closing bracket
    "Illegal trailing comma before end of object":
        msg("Illegal trailing comma before end of object"),
    "Illegal trailing comma before end of array":
        msg("Illegal trailing comma before end of array"),
}


def json_reason(why: str) -> Text | str:
    """The JSON parser's reason (`json.JSONDecodeError.msg`, "Expecting ',' delimiter") as
    a message a reader's language can show: the same English, a Russian beside it; a
    reason this table does not know stays as the parser wrote it."""
    return _REASONS.get(why, why)


class _Refused:
    """A value the parser met and this module refuses (a number too long, NaN, an object
    with a key twice), kept in its place until `check_value` walks to it and can name the
    field it is in."""

    __slots__ = ("why",)

    def __init__(self, why: Text) -> None:
        self.why = why


def _int(text: str) -> int | _Refused:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Refused(msg("a whole number of {digits} digits (at most {most})",
                            digits=digits, most=MAX_INT_DIGITS))
    return int(text)


def _constant(name: str) -> _Refused:
    return _Refused(msg("{name} is not a JSON number", name=name))


def _pairs(pairs: list[tuple[str, Any]]) -> dict | _Refused:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            return _Refused(msg("duplicate key {key} in one JSON object", key=repr(k)))
        out[k] = v
    return out


def loads(text: str | bytes) -> Any:
    """Parse JSON text within the limits above (JSONInputError otherwise)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise JSONInputError("", msg("not UTF-8 text (bad byte at offset {offset})",
                                         offset=e.start)) from None
    try:
        value = json.loads(text, parse_int=_int, parse_constant=_constant,
                           object_pairs_hook=_pairs)
    except RecursionError:
        raise JSONInputError("", msg("JSON nested too deeply (at most {levels} levels)",
                                     levels=MAX_DEPTH)) from None
    except json.JSONDecodeError as e:
        err = JSONInputError("", msg("not valid JSON: {why} (line {line}, column {column})",
                                     why=json_reason(e.msg), line=e.lineno,
                                     column=e.colno))
        err.decode = e
        raise err from None
    check_value(value)
    return value


def _key(path: str, k: object) -> str:
    return f"{path}.{k}" if path else str(k)


def check_value(value: Any, path: str = "") -> None:
    """Depth, lone surrogates and the values the parser kept refused (a number too long,
    NaN, a key twice), walked without recursion; the first problem raises, naming its
    field."""
    stack: list[tuple[Any, str, int]] = [(value, path, 1)]
    while stack:
        v, where, depth = stack.pop()
        if isinstance(v, dict | list):
            if depth > MAX_DEPTH:
                raise JSONInputError(where, msg("nested too deeply (at most {levels} levels)",
                                                levels=MAX_DEPTH))
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in items:
                if isinstance(k, str):
                    _text_ok(k, where)
                sub = _key(where, k) if isinstance(v, dict) else f"{where}[{k}]"
                stack.append((x, sub, depth + 1))
        elif isinstance(v, str):
            _text_ok(v, where)
        elif isinstance(v, _Refused):
            raise JSONInputError(where, v.why)


def _text_ok(s: str, where: str) -> None:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError as e:
        raise JSONInputError(where, msg("text holding a lone surrogate (U+{code}), which "
                                        "no file can hold", code=f"{ord(s[e.start]):04X}")) \
            from None


# --- ids ---------------------------------------------------------------------------------

#: Characters an id may not hold: controls, format characters (the bidi overrides and
#: isolates, zero-width joiners and spaces, soft hyphens) and line/paragraph separators —
#: invisible or reordering, they make two ids look alike or one look like another.
HIDDEN_CATEGORIES = ("Cc", "Cf", "Zl", "Zp")


def hidden_character(text: str) -> Text | None:
    """Why `text` cannot be an id (its first invisible or reordering character, by code
    point and Unicode name), or None when every character shows."""
    for i, c in enumerate(text):
        if unicodedata.category(c) in HIDDEN_CATEGORIES:
            name = unicodedata.name(c, "") or unicodedata.category(c)
            return msg("holds an invisible or reordering character (U+{code} {name}) at "
                       "position {at}; an id must be visible text", code=f"{ord(c):04X}",
                       name=name, at=i + 1)
    return None


# --- reading files -----------------------------------------------------------------------


class NotARegularFile(OSError):
    """A path that names a pipe, a device or a socket: reading it could wait forever (a
    FIFO with no writer) or never end (/dev/zero), so it is refused before a byte is read."""

    def __init__(self, path: str | os.PathLike) -> None:
        super().__init__(errno.EINVAL, "not a regular file (a pipe, device or socket)",
                         os.fspath(path))


def read_regular(path: str | os.PathLike, limit: int) -> bytes:
    """At most `limit` + 1 bytes of a regular file (the reader compares with its limit).

    The file is opened without blocking, so a FIFO with no writer is refused at once
    (NotARegularFile) rather than hanging the program; a folder raises IsADirectoryError
    as `open` would; anything else OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", os.fspath(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(path)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def sniff(path: str | os.PathLike, n: int) -> bytes:
    """The first `n` bytes of a regular file, b"" for anything else or unreadable (a
    guess at a file's kind must not hang on a FIFO)."""
    try:
        return read_regular(path, n - 1)[:n]
    except OSError:
        return b""
