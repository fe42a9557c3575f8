"""A game file checked against what the players saw: the chain lines of the saved thread
(engine.witness.chain_line.parse_thread) and the commitment they were given. Each post's
head must be the file's head after the post's last log line, each post's previous head the
head of the post before it (else a post is missing from the thread), the roll numbers must
run on, the file must reach the last posted line and roll (else its tail was cut), and each
turn's declaration commitment and nonces must be those posted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.log_chain import GENESIS
from engine.model import LogEntry
from engine.witness.chain_line import ChainLine, entry_heads
from engine.witness.scheme import TurnWitness
from engine.witness.texts import text

__all__ = ["PostProblem", "PostsReport", "check_posts", "nonce_timing"]


@dataclass(frozen=True, slots=True)
class PostProblem:
    """One finding: its kind (also its message's key) and the message's values."""

    kind: str
    values: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        return text(lang, self.kind, **dict(self.values))

    @property
    def message(self) -> str:
        return self.text("en")


def _p(kind: str, **values: object) -> PostProblem:
    return PostProblem(kind, tuple(values.items()))


@dataclass(slots=True)
class PostsReport:
    posts: int
    problems: list[PostProblem]

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, lang: str = "en") -> str:
        lines = [p.text(lang) for p in self.problems]
        lines.append(text(lang, "posts_ok", n=self.posts) if self.ok else
                     text(lang, "posts_bad", n=self.posts, bad=len(self.problems)))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "posts": self.posts,
                "problems": [{"kind": p.kind, "message": p.message, **dict(p.values)}
                             for p in self.problems]}


def _short(h: str | None) -> str:
    return "none" if h is None else h[:16]


def check_posts(posted: Sequence[ChainLine], log: Sequence[LogEntry], *, game_id: str,
                seal: str | None, witness: Mapping[int, TurnWitness],
                commitment: str | None = None, heads: Sequence[str] | None = None,
                damaged: Sequence[int] = ()) -> PostsReport:
    """Every finding of the file (`log`, `game_id`, sealed commitment `seal`, the turns'
    `witness` records) against the posted chain lines, the thread's `damaged` lines (their
    places, engine.witness.chain_line.parse_thread) and the `commitment` the players were
    given (None: not given)."""
    heads = list(entry_heads(log) if heads is None else heads)
    out: list[PostProblem] = [_p("damaged", n=n) for n in damaged]
    out += nonce_timing(log, witness)
    if commitment is not None and commitment.strip().lower() != (seal or ""):
        out.append(_p("commitment", got=commitment.strip(), want=seal or "none"))
    if not posted:
        out.append(_p("no_posts"))
        return PostsReport(0, out)
    before: ChainLine | None = None
    last_roll, last_post = 0, 0
    starts = _first_heads(log, heads)
    for i, line in enumerate(posted, start=1):
        out += _one(i, line, heads, game_id, seal, witness)
        out += _turn_of(i, line, log)
        if before is None and line.prev not in starts:
            out.append(_p("first_prev", post=i, turn=line.turn, prev=_short(line.prev)))
        elif before is not None and line.prev != before.head:
            out.append(_p("prev", post=i, turn=line.turn, before=i - 1))
        if line.rolls is not None:
            if line.rolls[0] > last_roll + 1 and before is not None:
                out.append(_p("rolls_gap", post=i, turn=line.turn, first=line.rolls[0],
                              last=last_roll, before=last_post))
            last_roll, last_post = max(last_roll, line.rolls[1]), i
        before = line
    out += _tail(posted, log, heads)
    return PostsReport(len(posted), out)


def _first_heads(log: Sequence[LogEntry], heads: Sequence[str]) -> set[str]:
    """Where the thread's first chain line may start: the chain's start, or any head
    before the game was sealed (its posts then carried no chain line)."""
    for i, e in enumerate(log):
        if isinstance(e.chain, dict) and e.chain.get("sealing"):
            return {GENESIS, *heads[:i]}
    return {GENESIS}


def _turn_of(i: int, line: ChainLine, log: Sequence[LogEntry]) -> list[PostProblem]:
    """A post's turn is the turn of a log line it covers (a turn edited in the post shows)."""
    if line.log is None or not 0 < line.log[0] <= line.log[1] <= len(log):
        return []
    turns = {e.turn for e in log[line.log[0] - 1:line.log[1]]}
    if line.turn in turns:
        return []
    return [_p("turn", post=i, turn=line.turn, first=line.log[0], last=line.log[1])]


def _one(i: int, line: ChainLine, heads: list[str], game_id: str, seal: str | None,
         witness: Mapping[int, TurnWitness]) -> list[PostProblem]:
    """The findings of one post on its own: its game, seal, head and witness."""
    out: list[PostProblem] = []
    if line.game_id != game_id:
        out.append(_p("game_id", post=i, got=line.game_id, want=game_id))
    if line.seal != seal:
        out.append(_p("seal", post=i, got=line.seal or "none", want=seal or "none"))
    if line.log is not None and line.log[1] <= len(heads):
        if heads[line.log[1] - 1] != line.head:
            out.append(_p("head_at", post=i, turn=line.turn, head=_short(line.head),
                          seq=line.log[1]))
    elif line.log is None and line.head not in (GENESIS, *heads):
        out.append(_p("head", post=i, turn=line.turn, head=_short(line.head)))
    w = witness.get(line.turn)
    has = w is not None and w.witnessed
    if line.witnessed and not has:
        out.append(_p("witness_dropped", post=i, turn=line.turn))
    elif has and not line.witnessed:
        out.append(_p("witness_added", post=i, turn=line.turn))
    elif has and w is not None:
        if line.decl != w.commitment:
            out.append(_p("decl", post=i, turn=line.turn, got=_short(line.decl),
                          want=_short(w.commitment)))
        if line.nonces != w.digest:
            out.append(_p("nonce_digest", post=i, turn=line.turn, got=_short(line.nonces),
                          want=_short(w.digest)))
        if line.first != w.first_roll:
            out.append(_p("first_roll", post=i, turn=line.turn, got=line.first,
                          want=w.first_roll))
    return out


def nonce_timing(log: Sequence[LogEntry],
                 witness: Mapping[int, TurnWitness]) -> list[PostProblem]:
    """A witnessed turn is declared before its first roll (the program refuses otherwise),
    so every roll logged in it derives with the nonces: one numbered below `first_roll`
    was made from the seed alone (a roll applied from an earlier turn aside)."""
    from engine.roll_log import roll_mark

    out: list[PostProblem] = []
    for seq, e in enumerate(log, start=1):
        w = witness.get(e.turn)
        mark = roll_mark(e)
        if w is None or not w.witnessed or (mark is not None and mark.get("applied")
                                            and isinstance(mark.get("of"), int)):
            continue
        for r in e.dice:
            if r.source == "sealed" and r.roll is not None and r.roll < (w.first_roll or 0):
                out.append(_p("before_first", seq=seq, turn=e.turn, roll=r.roll,
                              first=w.first_roll))
    return out


def _tail(posted: Sequence[ChainLine], log: Sequence[LogEntry],
          heads: list[str]) -> list[PostProblem]:
    """The file must reach the last line and roll the thread posted."""
    posted_seq = max((p.log[1] for p in posted if p.log), default=0)
    posted_roll = max((p.rolls[1] for p in posted if p.rolls), default=0)
    roll = max((r.roll for e in log for r in e.dice
                if r.source == "sealed" and r.roll is not None), default=0)
    if posted_seq > len(heads) or posted_roll > roll:
        return [_p("tail", seq=len(heads), roll=roll, posted_seq=posted_seq,
                   posted_roll=posted_roll)]
    return []
