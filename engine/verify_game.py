"""`warboard verify` and File ▸ Verify dice…: one strict check of a game file, told the
same way by both (two adapters, one report).

It reads the file read-only, row by row as stored, and fails on any sign of tampering,
each named (engine.verify_text): the hash chain broken, switched off or rewritten
(engine.log_chain; docs/sealed-dice.md gives the bytes), lines removed, renumbered,
re-ordered or re-kinded, the saved head or count changed, a line changed under a sealed
game's seal mark or without one, a sealing replaced, a roll reused, moved, relabelled
(sealed ↔ typed ↔ the app's seeded dice) or its result rewritten, the game state edited
outside Warboard, and — against what the players saw — a commitment other than the
posted one, a posted chain head the log no longer holds, or sealed rolls cut off after
the last posted one. Once the seed is known (revealed, or given) every sealed roll is
recomputed (engine.sealed.verify) and every seal mark checked.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.log_chain import GENESIS, StateRecorder, row_hash, seal_mark, sealing_hash
from engine.verify_text import VERIFY_TEXTS, verify_text

__all__ = ["Problem", "VerifyReport", "verify_game"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: its kind (its sentence's key: engine.verify_text, or engine.sealed's
    for a roll that does not match the seed), the log line and the sentence's values."""

    kind: str
    seq: int | None = None
    values: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        if self.kind in VERIFY_TEXTS["en"]:
            values = dict(self.values)
            key = f"{self.kind}_run" if self.kind in _RUN_KINDS and "last" in values \
                else self.kind
            return verify_text(lang, key, seq=self.seq, **values)
        from engine.forum_text import text

        return text(lang, self.kind, **dict(self.values))

    @property
    def message(self) -> str:
        return self.text("en")


def _p(kind: str, seq: int | None = None, **values: Any) -> Problem:
    return Problem(kind, seq, tuple(values.items()))


@dataclass(slots=True)
class VerifyReport:
    """What verifying a game file found. `heads[i]` is the chain's hash after log line
    i + 1 (what a post names), `last_roll` the highest sealed roll number logged."""

    path: Path
    problems: list[Problem] = field(default_factory=list)
    notes: list[Problem] = field(default_factory=list)
    lines: int = 0
    rolls: int = 0
    typed: int = 0
    heads: list[str] = field(default_factory=list)
    last_roll: int = 0
    commitment: str | None = None
    game_id: str | None = None
    #: the sealed rolls recomputed from the seed (engine.sealed.verify), once it is known
    seeded: Any = None

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def kinds(self) -> set[str]:
        return {p.kind for p in self.problems}

    def text(self, lang: str = "en") -> str:
        """The verdict, the commitment (the seed known), each problem, the sealed rolls'
        count and the notes, a line each."""
        from engine.forum_text import text

        head = verify_text(lang, "verdict_ok", n=self.lines, rolls=self.rolls) if self.ok \
            else verify_text(lang, "verdict_bad", bad=len(self.problems))
        lines = [head]
        if self.seeded is not None:
            lines.append(self.seeded.commitment_text(lang))
        lines += [p.text(lang) for p in self.problems if p.kind != "commit_bad"]
        if self.seeded is not None:
            key = "summary_ok" if self.ok else "summary_bad"
            lines.append(text(lang, key, n=self.rolls, typed=self.seeded.typed,
                              bad=len(self.problems)))
        return "\n".join([*lines, *(p.text(lang) for p in self.notes)])

    def to_dict(self, lang: str = "en") -> dict:
        return {"ok": self.ok, "lines": self.lines, "rolls": self.rolls,
                "typed": self.typed, "last_roll": self.last_roll,
                "head": self.heads[-1] if self.heads else GENESIS,
                "commitment": self.commitment, "game_id": self.game_id,
                "problems": [{"kind": p.kind, "line": p.seq, "message": p.text(lang)}
                             for p in self.problems],
                "notes": [p.text(lang) for p in self.notes]}


@dataclass(slots=True)
class _Raw:
    rows: list[dict]
    meta: dict[str, str]
    game: dict[str, str]


def verify_game(path: str | os.PathLike, *, expected_head: str | None = None,
                expected_last_roll: int | None = None, commitment: str | None = None,
                seed: str | None = None) -> VerifyReport:
    """Every check of the game file at `path` (see the module doc); nothing is written.
    `expected_head` / `expected_last_roll`: the chain head and last sealed roll number
    of the last post the players saw; `commitment` the one the game master posted;
    `seed` the revealed seed when the file does not hold it (SealedError if malformed)."""
    from engine.gamefile import GameFileError

    report = VerifyReport(Path(path))
    try:
        raw = _read(report.path)
    except GameFileError as e:
        report.problems.append(_p("unreadable", why=str(e.message)))
        return report
    report.lines = len(raw.rows)
    entries = _entries(raw.rows, report)
    if entries is None:
        return report
    _check_links(raw, entries, report)
    _check_rolls(entries, report)
    sealing = _check_sealing(raw, entries, report, commitment, seed)
    game = _game(report)
    if game is not None:
        _check_state(raw, game, report)
    _check_posts(report, expected_head, expected_last_roll)
    report.problems = _runs(report.problems)
    if report.kinds & {"chain_off", "chain_off_sealed"}:   # not a game from before it
        report.notes = [n for n in report.notes if n.kind != "note_legacy"]
    if sealing is None:
        report.rolls = len({r.roll for e in entries for r in e.dice
                            if r.source == "sealed" and r.roll is not None})
    return report


#: Problems told once for a run of consecutive lines ("log lines 8–15 …").
_RUN_KINDS = ("chain_off", "chain_off_sealed", "mark_bad")


def _runs(problems: list[Problem]) -> list[Problem]:
    """The problems with each run of consecutive lines of one kind in _RUN_KINDS told as
    one (its first line's values, and `last`)."""
    out: list[Problem] = []
    for p in problems:
        before = out[-1] if out else None
        if p.kind in _RUN_KINDS and before is not None and before.kind == p.kind and \
                p.seq is not None and p.seq == dict(before.values).get("last", before.seq) + 1:
            values = {**dict(before.values), "last": p.seq}
            out[-1] = Problem(before.kind, before.seq, tuple(values.items()))
        else:
            out.append(p)
    return out


# --------------------------------------------------------------------------- reading


def _read(path: Path) -> _Raw:
    """The file's log rows, meta and game rows as stored (GameFileError when the file is
    not a whole Warboard game)."""
    from engine.gamefile import _with_reader

    def read(db) -> _Raw:
        cur = db.execute("SELECT * FROM log ORDER BY seq")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r, strict=True)) for r in cur.fetchall()]
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        game = dict(db.execute("SELECT key, json FROM game").fetchall())
        return _Raw(rows, meta, game)

    return _with_reader(path, read)  # type: ignore[return-value]


def _entries(rows: list[dict], report: VerifyReport) -> list | None:
    """The rows as log entries (None, with the problem, when one cannot be read)."""
    from engine.gamefile import GameFileError
    from engine.gamefile_schema import log_entry

    out = []
    for i, row in enumerate(rows, 1):
        if row["seq"] != i:
            if isinstance(row["seq"], int) and row["seq"] > i:
                report.problems.append(_p("gap", i, before=i - 1, seq_after=row["seq"]))
            else:
                report.problems.append(_p("renumbered_rows", i, got=repr(row["seq"])))
            return None
        try:
            out.append(log_entry(row))
        except (GameFileError, KeyError) as e:
            report.problems.append(_p("unreadable", why=str(getattr(e, "message", e))))
            return None
    return out


def _game(report: VerifyReport):
    """The game's table and state as the file holds them (its log, read above, left out)."""
    from engine.gamefile import GameFileError, _read_game, _with_reader

    try:
        return _with_reader(report.path, lambda db: _read_game(db, []), integrity=False)
    except GameFileError as e:
        report.problems.append(_p("unreadable", why=str(e.message)))
        return None


# --------------------------------------------------------------------------- the chain


def _check_links(raw: _Raw, entries: Sequence, report: VerifyReport) -> None:
    """Each row's link to the one before, the chain's form, the saved head and count."""
    from engine.log_kinds import log_kind

    expected, chained, second_form = GENESIS, False, False
    for seq, row in enumerate(raw.rows, 1):
        prev, v2 = row.get("prev"), row.get("chain") is not None
        if prev is None:
            if chained or v2:
                report.problems.append(_p("chain_off", seq))
        elif prev != expected:
            report.problems.append(_p("break", seq, before=seq - 1))
        if second_form and not v2 and prev is not None:
            report.problems.append(_p("downgraded", seq))
        try:
            expected = row_hash(row, prev if prev is not None else expected)
        except (ValueError, TypeError, KeyError):
            report.problems.append(_p("break", seq, before=seq - 1))
        report.heads.append(expected)
        chained, second_form = chained or prev is not None, second_form or v2
    for seq, (row, entry) in enumerate(zip(raw.rows, entries, strict=True), 1):
        want = log_kind(entry)
        if row["kind"] != want:
            report.problems.append(_p("kind", seq, got=row["kind"], want=want))
    if not chained and not second_form:
        if raw.rows:
            report.notes.append(_p("note_legacy", last=len(raw.rows)))
        return
    count, head = raw.meta.get("log_entries"), raw.meta.get("log_head")
    if count is None and head is None:
        report.problems.append(_p("head_removed"))
    elif count != str(len(raw.rows)):
        saved = int(count) if isinstance(count, str) and count.isdigit() else -1
        report.problems.append(_p("count", n=len(raw.rows), saved=count,
                                  how="removed" if saved > len(raw.rows) else "added"))
    elif raw.rows and head != expected:
        report.problems.append(_p("head", len(raw.rows)))


# --------------------------------------------------------------------------- the rolls


def _check_rolls(entries: Sequence, report: VerifyReport) -> None:
    """Each roll used once (a roll and the lines applying it), in order, as it was rolled;
    each applied line's dice those of the roll it names."""
    from engine.roll_log import roll_mark

    first: dict[int, int] = {}
    top = 0
    for seq, e in enumerate(entries, 1):
        mark = roll_mark(e)
        report.typed += sum(r.source == "typed" for r in e.dice)
        if mark is not None:
            want = "app" if mark.get("seed") is not None else "sealed"
            for r in e.dice:
                if r.source != want:
                    report.problems.append(_p("relabelled", seq, label=r.label,
                                              got=r.source, want=want))
            _check_pair(entries, seq, e, mark, report)
        for r in e.dice:
            if r.source != "sealed" or not isinstance(r.roll, int):
                continue
            if r.roll not in first:
                first[r.roll] = seq
                if r.roll < top:
                    report.problems.append(_p("out_of_order", seq, roll=r.roll, later=top))
                top = max(top, r.roll)
            elif first[r.roll] != seq and not _applies(entries, seq, first[r.roll]):
                report.problems.append(_p("reused", seq, roll=r.roll, first=first[r.roll]))
    report.last_roll = top


def _applies(entries: Sequence, seq: int, rolled_seq: int) -> bool:
    """Line `seq` is the application of the roll logged at line `rolled_seq`."""
    from engine.roll_log import roll_mark

    mark, rolled = roll_mark(entries[seq - 1]), roll_mark(entries[rolled_seq - 1])
    return (mark is not None and mark.get("applied") is True and mark.get("of") == rolled_seq
            and rolled is not None and rolled.get("applied") is False)


def _faces(e) -> str:
    return "; ".join(f"{r.die} {', '.join(map(str, r.faces))}" for r in e.dice) or "—"


def _check_pair(entries: Sequence, seq: int, e, mark: Mapping, report: VerifyReport) -> None:
    of = mark.get("of")
    if mark.get("applied") is not True or of is None:
        return
    from engine.roll_log import roll_mark

    rolled = entries[of - 1] if isinstance(of, int) and 0 < of < seq else None
    rmark = roll_mark(rolled) if rolled is not None else None
    if rolled is None or rmark is None or rmark.get("applied") is not False or \
            (rolled.actor, rolled.action) != (e.actor, e.action):
        report.problems.append(_p("pair_missing", seq, of=of))
        return
    got = [(r.die, r.faces, r.source, r.roll) for r in e.dice]
    want = [(r.die, r.faces, r.source, r.roll) for r in rolled.dice]
    if got != want:
        report.problems.append(_p("pair", seq, of=of, got=_faces(e), want=_faces(rolled)))


# --------------------------------------------------------------------------- the seal


def _check_sealing(raw: _Raw, entries: Sequence, report: VerifyReport,
                   posted: str | None, seed: str | None):
    """The sealing against the posted commitment, each line's seal and sealing, and (the
    seed known) every sealed roll recomputed. Returns the sealing (None: not sealed)."""
    from engine import sealed

    try:
        state = json.loads(raw.game.get("state") or "{}")
        block = state.get("sealed") if isinstance(state, dict) else None
        sealing = sealed.sealing_of(state)
    except (ValueError, sealed.SealedError) as e:
        report.problems.append(_p("sealing_damaged", why=str(e)))
        return None
    if sealing is None:
        return None
    report.commitment, report.game_id = sealing.commitment, sealing.game_id
    if posted is not None and posted.strip().lower() != sealing.commitment:
        report.problems.append(_p("commitment_posted", got=sealing.commitment,
                                  want=posted.strip()))
    seed = seed if seed is not None else sealing.revealed
    key = sealed.check_seed(seed) if seed is not None else None
    if key is not None and sealed.commitment(seed, sealing.game_id, sealing.version) != \
            sealing.commitment:
        key = None          # not this game's seed: its marks cannot be told (commit_bad)
    _check_marks(raw, entries, report, sealing, sealing_hash(block), key)
    if seed is None:
        report.notes.append(_p("note_no_seed"))
        report.rolls = len({r.roll for e in entries for r in e.dice
                            if r.source == "sealed" and r.roll is not None})
        return sealing
    from engine.witness.scheme import WitnessError, witnesses_of

    try:
        witness = witnesses_of(state, sealing.game_id)
    except WitnessError as e:
        report.problems.append(_p("sealing_damaged", why=str(e)))
        witness = {}
    found = sealed.verify(entries, sealing, seed, witness)
    report.rolls, report.seeded = found.rolls, found
    if not found.commitment_ok:
        report.problems.append(Problem("commit_bad", None, (("got", found.commitment),
                                                           ("want", found.committed))))
    report.problems.extend(Problem(p.kind, p.seq, p.values) for p in found.problems)
    return sealing


def _check_marks(raw: _Raw, entries: Sequence, report: VerifyReport, sealing, sh: str,
                 key: bytes | None) -> None:
    from engine.roll_log import roll_mark

    last_marked, sealed_from = 0, None
    for seq, (row, e) in enumerate(zip(raw.rows, entries, strict=True), 1):
        rolls = [r.roll for r in e.dice if r.source == "sealed"]
        chain = _chain(row)
        if chain is None or row.get("prev") is None:
            if rolls and sealing.version >= 2:
                report.problems.append(_p("chain_off_sealed", seq, roll=rolls[0]))
            continue
        under = chain.get("sealing")
        if under is None:
            if rolls:
                report.problems.append(_p("sealed_before_sealing", seq, roll=rolls[0]))
            continue
        if under != sh:
            report.problems.append(_p("sealing_changed", seq))
            continue
        sealed_from = sealed_from or seq
        if roll_mark(e) is None:       # a rolled or applied line was told above
            for r in e.dice:
                if r.source == "app":
                    report.problems.append(_p("relabelled", seq, label=r.label, got="app",
                                              want="sealed"))
        mark = row.get("mark")
        if not mark:
            if rolls:
                report.problems.append(_p("mark_missing", seq, roll=rolls[0]))
            continue
        last_marked = seq
        if key is not None and mark != seal_mark(key, report.heads[seq - 1]):
            report.problems.append(_p("mark_bad", seq))
    if sealed_from is not None and last_marked < len(raw.rows):
        report.notes.append(_p("note_unsealed_tail", first=max(last_marked, sealed_from - 1)
                               + 1, last=len(raw.rows)))


def _chain(row: Mapping) -> dict | None:
    try:
        chain = json.loads(row["chain"]) if row.get("chain") is not None else None
    except (ValueError, TypeError):
        return None
    return chain if isinstance(chain, dict) else None


# --------------------------------------------------------------------------- the state


def _check_state(raw: _Raw, game, report: VerifyReport) -> None:
    """Each place the log recorded: its record's value before is the last one's after,
    and the file holds the last after (or what the saved tail says changed since)."""
    from engine.log_chain import _read, value_digest

    last: dict[tuple, tuple[int, str | None]] = {}
    for seq, row in enumerate(raw.rows, 1):
        chain = _chain(row)
        for rec in (chain or {}).get("state", []) if chain else []:
            if not (isinstance(rec, list) and len(rec) == 3 and isinstance(rec[0], list)):
                continue
            path = _key(rec[0])
            if path in last and last[path][1] != rec[1]:
                report.problems.append(_p("state_gap", seq, place=_place(game, path),
                                          before=last[path][0]))
            last[path] = (seq, rec[2])
    try:
        tail = StateRecorder.from_json(json.loads(raw.game.get("chain_tail") or "[]")).before
    except ValueError:
        tail = {}
    changed = []
    for path, (seq, after) in last.items():
        if path in tail:
            if value_digest(*tail[path]) != after:
                report.problems.append(_p("state_gap", len(raw.rows) + 1,
                                          place=_place(game, path), before=seq))
            changed.append(_place(game, path))
            continue
        if value_digest(*_read(game, path)) != after:
            report.problems.append(_p("state_edited", seq, place=_place(game, path),
                                      got=_value(_read(game, path))))
    if changed:
        report.notes.append(_p("note_tail_state", places=", ".join(changed[:8])))


def _key(path: list) -> tuple:
    return tuple(tuple(p) if isinstance(p, list) else p for p in path)


def _place(game, path: tuple) -> str:
    """"Pfc. Dawson: markers.hp", "game: turn" — a unit by its name."""
    if len(path) >= 2 and path[0] == "unit":
        try:
            unit = game.unit(path[1])
            who = unit.name or unit.id
        except (ValueError, KeyError):
            who = str(path[1])
        return f"{who}: {'.'.join(map(str, path[2:]))}"
    return f"{path[0]}: {'.'.join(map(str, path[1:]))}"


def _value(pair: tuple) -> str:
    present, value = pair
    if not present:
        return "absent"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# --------------------------------------------------------------------------- the posts


def _check_posts(report: VerifyReport, head: str | None, last_roll: int | None) -> None:
    if head is not None and head.strip().lower() not in report.heads:
        report.problems.append(_p("posted_head", head=head.strip()[:16] + "…"))
    if last_roll is not None and report.last_roll < last_roll:
        report.problems.append(_p("tail_cut", want=last_roll, got=report.last_roll))
