"""The roll log's hash chain: each entry carries the hash of its predecessor, the game
state it changed and, in a sealed game, a seal mark keyed by the seed.

The exact bytes are docs/sealed-dice.md's "The hash chain": an entry's hash is SHA-256
over a domain line and the canonical JSON of the entry AS THE FILE STORES IT (seq, prev,
turn, actor, action, target, dice, summary, details with nothing dropped, and its `chain`
object: version, the sealing block's hash, the state records), so anyone recomputes it
from the file's row alone. Entries written before this format (no `chain`) keep their
first form (`_v1_text`) and are accepted only before the first entry of this one.

What it guarantees: without the seed, nobody edits, removes, inserts, swaps or
re-numbers an entry, or a game state the log recorded, and recomputes the chain — the seal
marks stop matching. Where no mark or nobody's seed can tell (the last entries, a seed
revealed), the posted chain heads and commitment decide (engine.verify_game).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.model import Game, LogEntry

__all__ = ["GENESIS", "CHAIN_VERSION", "canonical", "canonical_json", "entry_hash",
           "sealing_hash", "seal_mark", "link", "relink", "chain_problems", "row_hash",
           "StateRecorder", "value_digest", "remember_seed", "forget_seed"]

#: The hash the first entry carries.
GENESIS = "0" * 64
CHAIN_VERSION = 2
ENTRY_DOMAIN = b"warboard-chain-v2\n"
SEALING_DOMAIN = b"warboard-sealing-v2\n"
MARK_DOMAIN = b"warboard-chain-v2|mark|"

#: Seeds of unlocked sealed games by their sealing's hash and by their game id
#: (engine.sealed.open_session puts them here, `lock` takes them away): an entry linked
#: under that sealing gets its mark.
_SEEDS: dict[str, bytes] = {}
_SEEDS_BY_GAME: dict[str, bytes] = {}


def _normal(value: Any) -> Any:
    """JSON's own reading of `value` (tuples → lists, int keys → text), so a hash is the
    same before and after a round trip through a file."""
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def canonical(value: Any) -> bytes:
    """The canonical JSON bytes of an already-normal value (docs/sealed-dice.md)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8", "surrogatepass")


def _v1_text(entry: LogEntry, prev: str) -> str:
    """The first form of an entry's hashed text (entries written before `chain`)."""
    doc = _normal({"prev": prev, "turn": entry.turn, "actor": entry.actor,
                   "action": entry.action, "target": entry.target,
                   "dice": [r.to_dict() for r in entry.dice], "summary": entry.summary,
                   "details": entry.details})
    return json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _stored_details(entry: LogEntry) -> dict:
    """`details` as the file stores them (the summary's message form beside them), shallow:
    `_normal` copies them anyway."""
    from engine.i18n import Text, text_to_json
    from engine.model.log import SUMMARY_TEXT

    if isinstance(entry.summary, Text):
        return {**entry.details, SUMMARY_TEXT: text_to_json(entry.summary)}
    return entry.details


def canonical_json(entry: LogEntry, prev: str) -> str:
    """The text an entry's hash is taken over (without the version 2 domain line)."""
    if entry.chain is None:
        return _v1_text(entry, prev)
    doc = _normal({"seq": entry.seq, "prev": prev, "turn": entry.turn, "actor": entry.actor,
                   "action": entry.action, "target": entry.target,
                   "dice": [r.to_dict() for r in entry.dice], "summary": str(entry.summary),
                   "details": _stored_details(entry), "chain": entry.chain})
    return canonical(doc).decode("utf-8", "surrogatepass")


def entry_hash(entry: LogEntry, prev: str | None = None) -> str:
    """SHA-256 (hex) of the entry with the predecessor hash it carries (`entry.prev`
    unless given)."""
    carried = entry.prev if prev is None else prev
    text = canonical_json(entry, carried or GENESIS).encode("utf-8", "surrogatepass")
    if entry.chain is not None:
        text = ENTRY_DOMAIN + text
    return hashlib.sha256(text).hexdigest()


def sealing_hash(block: Mapping) -> str:
    """The hash of a sealing block (its revealed seed left out: revealing changes nothing)."""
    body = _normal({k: v for k, v in block.items() if k != "revealed"})
    return hashlib.sha256(SEALING_DOMAIN + canonical(body)).hexdigest()


def seal_mark(seed: bytes, entry_hash_hex: str) -> str:
    """The seal mark of an entry: HMAC-SHA256 keyed by the seed over its hash."""
    return hmac.new(seed, MARK_DOMAIN + entry_hash_hex.encode("ascii"),
                    hashlib.sha256).hexdigest()


def remember_seed(block: Mapping, seed: bytes) -> None:
    """Mark the entries linked under this sealing from now on (its seed is unlocked)."""
    _SEEDS[sealing_hash(block)] = seed
    _SEEDS_BY_GAME[str(block.get("game_id"))] = seed


def forget_seed(block: Mapping) -> None:
    _SEEDS.pop(sealing_hash(block), None)
    _SEEDS_BY_GAME.pop(str(block.get("game_id")), None)


# --------------------------------------------------------------------------- the state


class StateRecorder:
    """What the game's effects changed since the last entry: each place's value before
    its first change (engine.model.paths.write_path tells it), read again after the last
    when an entry is linked."""

    __slots__ = ("before",)

    def __init__(self, before: dict | None = None) -> None:
        self.before: dict[tuple, tuple[bool, Any]] = dict(before or {})

    def wrote(self, game: Game, path: Sequence) -> None:
        key = tuple(path)
        if key not in self.before:
            self.before[key] = _read(game, key)

    def records(self, game: Game) -> list[list]:
        """[path, before, after] of every place whose value changed, each value as its
        digest (`value_digest`; None: absent), sorted by the canonical JSON of the path."""
        out = []
        for key, before in self.before.items():
            rec = [_path(key), value_digest(*before), value_digest(*_read(game, key))]
            if rec[1] != rec[2]:
                out.append(rec)
        out.sort(key=lambda r: canonical(r[0]))
        return out

    def to_json(self) -> list[list]:
        """The pending places and their before values, for the file (its `chain_tail`)."""
        return [_normal([list(k), p, v]) for k, (p, v) in self.before.items()]

    @classmethod
    def from_json(cls, rows: Any) -> StateRecorder:
        """The recorder a file's `chain_tail` saved (anything malformed is dropped)."""
        out: dict[tuple, tuple[bool, Any]] = {}
        if isinstance(rows, list):
            for r in rows:
                if isinstance(r, list) and len(r) == 3 and isinstance(r[0], list):
                    out[tuple(r[0])] = (bool(r[1]), r[2])
        return cls(out)


def value_digest(present: bool, value: Any) -> str | None:
    """A place's value as the chain records it: SHA-256 (hex) of its canonical JSON, None
    when the place is absent — a line stays small however big the value (a turn's ledger)."""
    if not present:
        return None
    if not isinstance(value, (str, int, float, bool)) and value is not None:
        value = _normal(value)          # a scalar is its own JSON reading
    return hashlib.sha256(canonical(value)).hexdigest()


def _path(key: tuple) -> list:
    """A place's path as JSON reads it (its parts are text and whole numbers)."""
    return [p if isinstance(p, (str, int)) else _normal(p) for p in key]


_READ_PATH: Any = None


def _read(game: Game, key: tuple) -> tuple[bool, Any]:
    """(present, a copy of the value) of a place; absent when it cannot be read (a unit
    since deleted). The reader is imported once: an import in this loop costs more than
    the read (Qt's import hook runs on each)."""
    global _READ_PATH
    if _READ_PATH is None:
        from engine.model.paths import read_path

        _READ_PATH = read_path
    try:
        present, value = _READ_PATH(game, list(key))
    except (KeyError, IndexError, TypeError, ValueError):  # ModelError is a ValueError
        return False, None
    if isinstance(value, (str, int, float, bool)) or value is None:
        return bool(present), value
    return bool(present), copy.deepcopy(value)


# --------------------------------------------------------------------------- linking


def _game_sealing(game: Game) -> Mapping | None:
    block = game.state.get("sealed") if isinstance(game.state, Mapping) else None
    return block if isinstance(block, Mapping) else None


def link(game: Game, entry: LogEntry) -> LogEntry:
    """`entry` as the next of `game`'s log: its number, predecessor, the state records
    since the last entry, the sealing's hash, and its seal mark when the seed is unlocked."""
    block = _game_sealing(game)
    chain = {"v": CHAIN_VERSION, "sealing": sealing_hash(block) if block else None,
             "state": game.state_recorder.records(game)}
    seed = _SEEDS_BY_GAME.get(str(block.get("game_id"))) if block else None
    return relink(dataclasses.replace(entry, chain=chain), len(game.log) + 1,
                  game.log_head(), seed)


def relink(entry: LogEntry, seq: int, prev: str, seed: bytes | None = None) -> LogEntry:
    """A linked entry at another place: number and predecessor set, mark made again with
    `seed` or its sealing's unlocked seed (dropped when there is none here)."""
    entry = dataclasses.replace(entry, seq=seq, prev=prev, mark="")
    if entry.chain is None or not entry.chain.get("sealing"):
        return entry
    seed = seed or _SEEDS.get(entry.chain["sealing"])
    if seed is None:
        return entry
    return dataclasses.replace(entry, mark=seal_mark(seed, entry_hash(entry)))


# --------------------------------------------------------------------------- checking


def chain_problems(entries: Sequence[LogEntry], stored_prev: Sequence[str | None], *,
                   head: str | None = None, count: int | None = None) -> list[str]:
    """What is wrong with a stored log's links, one sentence per finding (empty: intact).
    Opening a game shows these; `warboard verify` checks much more (engine.verify_game).

    `stored_prev[i]` is the predecessor hash stored with entry i (None: the entry predates
    the chain, accepted only before any chained entry); `head` / `count` are the last
    entry's hash and the number of entries as last written, when the store keeps them."""
    problems: list[str] = []
    expected = GENESIS
    chained = False
    for i, (entry, prev) in enumerate(zip(entries, stored_prev, strict=True)):
        if prev is None and (chained or entry.chain is not None):
            problems.append(f"log entry {i + 1}: its link to the entry before it was "
                            f"removed — the hash chain was switched off outside Warboard")
        elif prev is not None and prev != expected:
            what = "the first entry" if i == 0 else f"entry {i}"
            problems.append(f"log entry {i + 1}: the hash of {what} before it does not match "
                            f"— an entry was changed or removed outside Warboard")
        chained = chained or prev is not None
        expected = entry_hash(entry, prev if prev is not None else expected)
    if count is not None and count != len(entries):
        problems.append(f"the log holds {len(entries)} entries but {count} were saved — "
                        f"entries were {'removed' if count > len(entries) else 'added'} "
                        f"outside Warboard")
    elif head is not None and entries and head != expected:
        problems.append(f"log entry {len(entries)} (the last) was changed outside Warboard")
    elif chained and head is None and count is None:
        problems.append("the log's saved head and count were removed outside Warboard")
    return problems


def row_hash(row: Mapping, prev: str | None = None) -> str:
    """The hash of a stored log row, from its columns alone (docs/sealed-dice.md); `prev`
    the predecessor hash to take when not the row's own (a row whose link was removed).
    A row of the chain's first form is hashed the first way."""
    carried = row.get("prev") if prev is None else prev
    if row.get("chain") is None:
        from engine.gamefile_schema import log_entry

        return entry_hash(log_entry(dict(row)), carried or GENESIS)
    doc = {"seq": row["seq"], "prev": carried or GENESIS, "turn": row["turn"],
           "actor": row["actor"], "action": row["action"], "target": row["target"],
           "dice": json.loads(row["dice"]), "summary": row["summary"],
           "details": json.loads(row["details"]), "chain": json.loads(row["chain"])}
    return hashlib.sha256(ENTRY_DOMAIN + canonical(doc)).hexdigest()
