"""The kinds of log line a game file stores, read from a log entry.

Kept apart from engine.gamefile_schema (which needs sqlite-utils, slow to import) so the
log dock can sort its first line without loading the file layer on the user's first roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.model import LogEntry

LOG_KINDS = ("roll", "resolution", "measurement", "template", "picture")


def log_kind(entry: LogEntry) -> str:
    """The log row's kind: details["kind"] when it names one, else read from the entry —
    a resolution has steps or effects, "measure" / "template…" actions are tools' lines,
    anything else is a bare roll."""
    given = entry.details.get("kind")
    if given in LOG_KINDS:
        return given
    if "steps" in entry.details or "effects" in entry.details:
        return "resolution"
    if entry.action in ("measure", "measurement"):
        return "measurement"
    if entry.action.startswith("template"):
        return "template"
    return "roll"
