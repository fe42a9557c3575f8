"""The witness lines of a turn post (engine.turn_post calls `post_lines`): the players'
nonces and the declarations they followed — or the mark that the turn was rolled without
them — and the chain line (engine.witness.chain_line) that `warboard verify --posts` and
resources/verify_sealed.py read back."""

from __future__ import annotations

from engine.model import Game
from engine.witness.chain_line import format_line, turn_line
from engine.witness.scheme import TurnWitness, WitnessError, witnesses_of
from engine.witness.texts import text

__all__ = ["post_lines", "rolled_lines"]


def _esc(s: str, fmt: str) -> str:
    """Players' text made inert in the post's markup (as engine.turn_post escapes)."""
    if fmt == "bbcode":
        return s.replace("[", "［").replace("]", "］")
    if fmt == "markdown":
        for ch in "\\`*_[]<>|#":
            s = s.replace(ch, "\\" + ch)
    return s


def _italic(s: str, fmt: str) -> str:
    return {"bbcode": f"[i]{s}[/i]", "markdown": f"*{s}*"}.get(fmt, s)


def rolled_lines(game: Game, w: TurnWitness) -> int:
    """The turn's log lines rolled with the nonces — a roll applied later counted once:
    more than the declarations means a re-roll or a roll nobody declared."""
    from engine.roll_log import roll_mark

    count = 0
    for e in game.log:
        mark = roll_mark(e)
        if e.turn != w.turn or (mark is not None and mark.get("applied") and
                                isinstance(mark.get("of"), int)):
            continue
        if any(r.source == "sealed" and r.roll is not None and r.roll >= (w.first_roll or 0)
               for r in e.dice):
            count += 1
    return count


def post_lines(game: Game, turn: int, fmt: str, lang: str) -> list[str]:
    """The lines the head of `turn`'s post ends with (each group followed by a blank
    line); none for a game without sealed dice."""
    line = turn_line(game, turn)
    if line.seal is None:
        return []  # a game without sealed dice: nothing for a player to verify
    try:
        w = witnesses_of(game.state, line.game_id).get(turn)
    except WitnessError:
        w = None
    if w is not None and w.witnessed:
        nonces = "; ".join(f"{p}: «{t}»" for p, t in w.nonces)
        declared = "; ".join(f"{i}) {d}" for i, d in enumerate(w.declarations, 1))
        out = [_italic(_esc(text(lang, "nonces", nonces=nonces, decl=w.commitment,
                                 declared=declared, first=w.first_roll), fmt), fmt),
               _italic(_esc(text(lang, "rolled_count", n=len(w.declarations),
                                 m=rolled_lines(game, w)), fmt), fmt), ""]
    else:
        out = [_italic(_esc(text(lang, "no_nonces"), fmt), fmt), ""]
    out += [_esc(text(lang, "chain"), fmt), format_line(line, fmt), ""]
    return out
