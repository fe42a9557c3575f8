"""Each turn post's place in the chain: one compact line a person reads and a program
parses back from any forum's copy of the thread.

    warboard-chain v1 game=<id> turn=3 seal=<commitment> log=9-14 rolls=5-12
        prev=<hash> head=<hash> decl=<hash> nonces=<hash> from=<roll>

(one line in the post). `seal` is the sealed dice's commitment, `log` the log lines of the
turn, `rolls` the sealed roll numbers the post covers, `prev` the hash-chain head before the
turn's first line (the previous post's `head`), `head` the chain's head after its last line;
`decl` and `nonces` the turn's declaration commitment and the digest of the players' nonces
(engine.witness.scheme) and `from` the first roll number derived with them, or
`witness=none` for a turn rolled without players' nonces.
Only a sealed game's posts carry the line (`seal=none` is read, never written). Every
key=value is space-separated, so a line a forum wraps between tokens still parses.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.log_chain import GENESIS, entry_hash
from engine.model import Game, LogEntry

__all__ = ["MARK", "PATTERN", "ChainLine", "entry_heads", "turn_line", "chain_lines", "format_line",
           "parse_thread"]

MARK = "warboard-chain v1"
#: The whole line as a regular expression: a machine format, not words to translate (a
#: walk over a Russian post strips it first).
PATTERN = r"warboard-chain\s+v1(\s+[a-z]+=[^\s\[\]`]+)+"
_HEX = re.compile(r"[0-9a-f]{64}")
_RANGE = re.compile(r"(\d+)-(\d+)")


@dataclass(frozen=True, slots=True)
class ChainLine:
    """One post's place: see the module doc for each field."""

    game_id: str
    turn: int
    seal: str | None
    log: tuple[int, int] | None
    rolls: tuple[int, int] | None
    prev: str
    head: str
    decl: str | None = None
    nonces: str | None = None
    first: int | None = None

    @property
    def witnessed(self) -> bool:
        return self.decl is not None and self.nonces is not None

    def text(self) -> str:
        def span(r: tuple[int, int] | None) -> str:
            return "none" if r is None else f"{r[0]}-{r[1]}"

        parts = [MARK, f"game={self.game_id}", f"turn={self.turn}",
                 f"seal={self.seal or 'none'}", f"log={span(self.log)}",
                 f"rolls={span(self.rolls)}", f"prev={self.prev}", f"head={self.head}"]
        if self.witnessed:
            parts += [f"decl={self.decl}", f"nonces={self.nonces}", f"from={self.first}"]
        else:
            parts.append("witness=none")
        return " ".join(parts)


def entry_heads(log: Sequence[LogEntry]) -> list[str]:
    """The chain's head after each log line (the hash of that line with the hash it
    carries)."""
    return [entry_hash(e) for e in log]


def _game_id(game: Game) -> tuple[str, str | None]:
    from engine import sealed

    try:
        s = sealed.sealing_of(game.state)
    except sealed.SealedError:
        s = None
    if s is None:
        return str(getattr(game, "game_id", "") or "unsealed"), None
    return s.game_id, s.commitment


def _head_after(log: Sequence[LogEntry], i: int) -> str:
    """The chain's head after log line i + 1: the hash the next line carries, else the
    line's own hash (one hash per post, not one per line of the game)."""
    if i + 1 < len(log) and log[i + 1].prev:
        return log[i + 1].prev
    return entry_hash(log[i])


def turn_line(game: Game, turn: int) -> ChainLine:
    """The chain line of `turn`'s post."""
    from engine.witness.scheme import WitnessError, witnesses_of

    log = game.log
    game_id, seal = _game_id(game)
    seqs = [i for i, e in enumerate(log, start=1) if e.turn == turn]
    rolls = sorted({r.roll for i in seqs for r in log[i - 1].dice
                    if r.source == "sealed" and r.roll is not None})
    if seqs:
        prev = _head_after(log, seqs[0] - 2) if seqs[0] > 1 else GENESIS
        head = _head_after(log, seqs[-1] - 1)
    else:
        before = [i for i, e in enumerate(log, start=1) if e.turn < turn]
        prev = head = _head_after(log, before[-1] - 1) if before else GENESIS
    try:
        w = witnesses_of(game.state, game_id).get(turn)
    except WitnessError:
        w = None
    witnessed = w is not None and w.witnessed
    return ChainLine(game_id, turn, seal, (seqs[0], seqs[-1]) if seqs else None,
                     (rolls[0], rolls[-1]) if rolls else None, prev, head,
                     w.commitment if witnessed else None, w.digest if witnessed else None,
                     w.first_roll if witnessed else None)


def chain_lines(game: Game) -> list[ChainLine]:
    """The chain line of every turn that logged something, in turn order."""
    return [turn_line(game, t) for t in sorted({e.turn for e in game.log})]


def format_line(line: ChainLine, fmt: str) -> str:
    """The line in a post of format `fmt` (bbcode, markdown, text): set apart as code so
    forums neither reflow nor link it."""
    if fmt == "bbcode":
        return f"[code]{line.text()}[/code]"
    if fmt == "markdown":
        return f"`{line.text()}`"
    return line.text()


_TOKEN = re.compile(r"\s*([a-z]+)=(\S+)")


def parse_thread(text: str, damaged: list[int] | None = None) -> list[ChainLine]:
    """Every chain line in a saved thread (posts as plain text, BBCode or Markdown, any
    forum's copy), in the order they appear. A line with a field missing or malformed is
    left out, its place among the thread's lines (1, 2, …) put in `damaged` when given."""
    out: list[ChainLine] = []
    for n, m in enumerate(re.finditer(re.escape(MARK).replace(r"\ ", r"\s+"), text), 1):
        fields: dict[str, str] = {}
        pos = m.end()
        while True:
            t = _TOKEN.match(text, pos)
            if t is None:
                break
            fields[t.group(1)] = t.group(2).strip("`[]").split("[/", 1)[0]
            pos = t.end()
        line = _line(fields)
        if line is not None:
            out.append(line)
        elif damaged is not None:
            damaged.append(n)
    return out


def _line(f: dict[str, str]) -> ChainLine | None:
    def span(key: str) -> tuple[int, int] | None | bool:
        v = f.get(key)
        if v == "none":
            return None
        m = _RANGE.fullmatch(v or "")
        return (int(m.group(1)), int(m.group(2))) if m else False

    def hexa(key: str, optional: bool = False) -> str | None | bool:
        v = f.get(key)
        if optional and v in (None, "none"):
            return None
        return v if v is not None and _HEX.fullmatch(v) else False

    log, rolls = span("log"), span("rolls")
    seal = hexa("seal", True)
    prev, head = hexa("prev"), hexa("head")
    decl, nonces = hexa("decl", True), hexa("nonces", True)
    turn, first = f.get("turn", ""), f.get("from")
    if (False in (log, rolls, seal, prev, head, decl, nonces) or not turn.isdigit()
            or not f.get("game") or (decl is not None and not (first or "").isdigit())):
        return None
    return ChainLine(f["game"], int(turn), seal, log, rolls, prev, head, decl,  # type: ignore[arg-type]
                     nonces, int(first) if decl is not None and first else None)
