"""The two steps of a witnessed turn, as new witness blocks for the game's state (the app
pushes them as undoable changes, the command line saves them): the game master's
declarations (`declare`), then the players' nonces (`enter_nonces`). Once nonces are in,
the declarations are fixed; once a roll was made with the nonces, they are fixed too."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.i18n import msg
from engine.model import LogEntry
from engine.witness.scheme import (
    TurnWitness,
    WitnessError,
    clean_line,
    declaration_commitment,
    nonce_digest,
    with_turn,
    witnesses_of,
)

__all__ = ["declare", "enter_nonces", "parse_nonce", "game_id_of"]


def game_id_of(state: Mapping) -> str:
    """The sealed game's id; WitnessError for a game without sealed dice."""
    from engine import sealed

    s = sealed.sealing_of(state)
    if s is None:
        raise WitnessError(msg("this game is not played with sealed dice"))
    return s.game_id


def declare(state: Mapping, turn: int, declarations: Iterable[str],
            log: Sequence[LogEntry]) -> tuple[dict, str]:
    """(the new witness block, the declaration commitment to post) for `turn`: refused
    once the turn has a sealed roll of its own (every roll of a witnessed turn derives
    with the nonces, so the verifier can tell one that did not)."""
    game_id = game_id_of(state)
    lines = tuple(clean_line(d, msg("declaration {n}", n=i))
                  for i, d in enumerate(declarations, start=1))
    old = witnesses_of(state, game_id).get(turn)
    if old is not None and old.nonces:
        raise WitnessError(msg("turn {t}: the declarations cannot change once the players' "
                               "nonces are in", t=turn))
    if any(e.turn == turn and r.source == "sealed" and not _applied(e)
           for e in log for r in e.dice):
        raise WitnessError(msg("turn {t} has sealed rolls already: declare a turn before "
                               "its first roll", t=turn))
    commit = declaration_commitment(game_id, turn, lines)
    return with_turn(state, TurnWitness(turn, lines, commit)), commit


def _applied(e: LogEntry) -> bool:
    """A line applying a roll logged earlier (maybe in the turn before)."""
    from engine.roll_log import roll_mark

    mark = roll_mark(e)
    return mark is not None and bool(mark.get("applied")) and isinstance(mark.get("of"), int)


def enter_nonces(state: Mapping, turn: int, nonces: Iterable[tuple[str, str]],
                 log: Sequence[LogEntry], next_roll: int) -> tuple[dict, str]:
    """(the new witness block, the nonces' digest): rolls of `turn` from `next_roll` on
    derive with them."""
    game_id = game_id_of(state)
    old = witnesses_of(state, game_id).get(turn)
    if old is None:
        raise WitnessError(msg("turn {t}: the nonces need the declarations committed first",
                               t=turn))
    pairs = tuple(nonces)
    digest = nonce_digest(pairs)
    if old.witnessed and any(r.source == "sealed" and r.roll is not None
                             and r.roll >= (old.first_roll or 0)
                             for e in log if e.turn == turn for r in e.dice):
        raise WitnessError(msg("turn {t}: the players' nonces are entered and rolls were "
                               "made with them; they cannot change", t=turn))
    pairs = tuple((clean_line(p, "player"), clean_line(t, "nonce")) for p, t in pairs)
    record = TurnWitness(turn, old.declarations, old.commitment, pairs, next_roll)
    return with_turn(state, record), digest


def parse_nonce(text: str, n: int) -> tuple[str, str]:
    """"PLAYER=NONCE" (the command line's form) as a pair."""
    player, sep, nonce = text.partition("=")
    if not sep:
        raise WitnessError(msg("nonce {n}: expected PLAYER=NONCE, got {got}", n=n,
                               got=repr(text)))
    return player, nonce
