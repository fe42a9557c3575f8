"""What the command line prints is safe for a terminal: a name read from a stranger's file
(a unit called "\\x1b]0;pwned\\x07" or holding a right-to-left override) must not drive the
terminal — retitle it, move the cursor, hide or reorder the text around it.

`terminal_safe_streams()` wraps sys.stdout and sys.stderr for the length of a command so
every text written through them has its control characters (C0 but tab and line feed,
DEL, C1), line and paragraph separators and bidi controls shown as \\uXXXX. That escape is
also a valid JSON escape, so --json output keeps its meaning (json.dumps itself leaves C1
and bidi characters raw). The escaping sits at the output because names reach it through
many formats (tables, readouts, refusals, warnings); the ids are refused at the input
(engine.scenario_io).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["terminal_safe", "terminal_safe_streams"]

#: C0 controls but \t and \n, DEL and C1, the line/paragraph separators, and the bidi
#: marks, embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f"
                     "\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    """`text` with every character a terminal would act on shown as \\uXXXX."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class _SafeStream:
    """A text stream whose `write` escapes; everything else is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(terminal_safe(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def terminal_safe_streams() -> Iterator[None]:
    """sys.stdout and sys.stderr escaped while the block runs, then as they were."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _SafeStream(out), _SafeStream(err)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
