"""The roll log's hash chain: each entry carries the hash of its predecessor.

An entry's hash is sha256 over a canonical JSON of the entry (engine.model.LogEntry.to_dict,
keys sorted, no spaces, UTF-8) together with the hash it carries (`prev`); the first entry
carries GENESIS. So changing, removing or re-ordering an entry breaks the chain at the
entry after it, and a game file that also stores the head (the last entry's hash and the
count) shows a removed last entry too.

What it does and does not guarantee: there is no secret, so someone who rewrites an entry
AND recomputes every later hash and the head is not detected. The chain catches the edits a
player makes by hand with an SQLite browser or a text editor, and makes the log
append-only in practice: Warboard itself only ever appends.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model import LogEntry

__all__ = ["GENESIS", "canonical_json", "entry_hash", "chain_problems"]

#: The hash the first entry carries.
GENESIS = "0" * 64


def _normal(value: Any) -> Any:
    """JSON's own reading of `value` (tuples → lists, int keys → text), so the hash of an
    entry is the same before and after a round trip through a file."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def canonical_json(entry: LogEntry, prev: str) -> str:
    """The text an entry's hash is taken over: `LogEntry.to_dict` with `prev`, read as
    JSON reads it. Built from the entry's fields as to_dict gives them, without its deep
    copy of the details (the JSON round trip copies them anyway; a blast's logged odds at
    2,000 units made the copy most of a hash's cost)."""
    doc = _normal({"prev": prev, "turn": entry.turn, "actor": entry.actor,
                   "action": entry.action, "target": entry.target,
                   "dice": [r.to_dict() for r in entry.dice], "summary": entry.summary,
                   "details": entry.details})
    return json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def entry_hash(entry: LogEntry, prev: str | None = None) -> str:
    """sha256 (hex) of the entry with the predecessor hash it carries (`entry.prev` unless
    given)."""
    carried = entry.prev if prev is None else prev
    text = canonical_json(entry, carried or GENESIS)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def chain_problems(entries: Sequence[LogEntry], stored_prev: Sequence[str | None], *,
                   head: str | None = None, count: int | None = None) -> list[str]:
    """What is wrong with a stored log, one sentence per finding (empty: intact).

    `stored_prev[i]` is the predecessor hash stored with entry i (None: the entry predates
    the chain, which is not a finding); `head` / `count` are the last entry's hash and the
    number of entries as last written, when the store keeps them."""
    problems: list[str] = []
    expected = GENESIS
    for i, (entry, prev) in enumerate(zip(entries, stored_prev, strict=True)):
        if prev is not None and prev != expected:
            what = "the first entry" if i == 0 else f"entry {i}"
            problems.append(f"log entry {i + 1}: the hash of {what} before it does not match "
                            f"— an entry was changed or removed outside Warboard")
        expected = entry_hash(entry, prev if prev is not None else expected)
    if count is not None and count != len(entries):
        problems.append(f"the log holds {len(entries)} entries but {count} were saved — "
                        f"entries were {'removed' if count > len(entries) else 'added'} "
                        f"outside Warboard")
    elif head is not None and entries and head != expected:
        problems.append(f"log entry {len(entries)} (the last) was changed outside Warboard")
    return problems
