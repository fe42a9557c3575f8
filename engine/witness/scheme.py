"""Players' entropy for sealed dice: rolls the game master cannot foresee.

The game master holds the sealed seed, so with the seed alone he could compute coming rolls
and order his resolutions to suit them. A witnessed turn closes that door: he first posts a
commitment to the turn's declared, ordered resolutions (`declaration_commitment`); then the
players post short nonces (any text); the turn's rolls derive from the seed, the game id, the
turn, the declaration commitment and the digest of the nonces (`nonce_digest`). When the
game master commits he cannot know the nonces; when the players post them they cannot know
the seed; nobody knows a roll before the last nonce is in, and anyone with the revealed seed
recomputes every roll afterwards (docs/sealed-dice.md has every byte).

A turn without players' nonces rolls as before (`DOMAIN_V1`), and its post says so. The
records live in the game's state under `STATE_KEY` (saved with the game, undoable).
"""

from __future__ import annotations

import hashlib
import hmac
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.dice import DiceError, Die
from engine.i18n import msg

__all__ = ["STATE_KEY", "DOMAIN_V1", "DOMAIN_V2", "DECLARE_TAG", "NONCES_TAG",
           "WitnessError", "TurnWitness", "declaration_commitment", "nonce_digest",
           "clean_line", "roll_message", "roll_faces", "witnesses_of", "witness_for",
           "RollContext", "roll_context", "with_turn"]

#: The game-state key the turns' declarations and nonces are kept under.
STATE_KEY = "witness"
DOMAIN_V1 = "warboard-sealed-v1"
DOMAIN_V2 = "warboard-roll-v2"
DECLARE_TAG = "warboard-declare-v1"
NONCES_TAG = "warboard-nonces-v1"
#: The longest declaration line, player name or nonce (characters).
MAX_TEXT = 200


class WitnessError(ValueError):
    """A declaration, nonce or record that cannot be used, naming the field."""


def clean_line(value: object, field_name: str) -> str:
    """One line of text as it is hashed: NFC, stripped; refused when empty, too long or
    holding a control character (a line break would make two lines of one)."""
    if not isinstance(value, str):
        raise WitnessError(msg("{field}: expected text, got {got}", field=field_name,
                               got=repr(value)))
    text = unicodedata.normalize("NFC", value).strip()
    if not text:
        raise WitnessError(msg("{field}: empty", field=field_name))
    if len(text) > MAX_TEXT:
        raise WitnessError(msg("{field}: longer than {n} characters", field=field_name,
                               n=MAX_TEXT))
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text):
        raise WitnessError(msg("{field}: holds a control character (one line of plain "
                               "text)", field=field_name))
    return text


def declaration_commitment(game_id: str, turn: int, declarations: Iterable[str]) -> str:
    """SHA-256 (hex) of the tag, the game id, the turn and each declared resolution, one
    per line in their order, every line ended by a line feed."""
    lines = [clean_line(d, msg("declaration {n}", n=i))
             for i, d in enumerate(declarations, start=1)]
    if not lines:
        raise WitnessError(msg("declarations: at least one"))
    text = f"{DECLARE_TAG}\n{game_id}\n{turn}\n" + "".join(f"{d}\n" for d in lines)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def nonce_digest(nonces: Iterable[tuple[str, str]]) -> str:
    """SHA-256 (hex) of the tag and each player's name and nonce, a line each, in the
    order they were entered."""
    pairs = [(clean_line(p, msg("player {n}", n=i)), clean_line(t, msg("nonce {n}", n=i)))
             for i, (p, t) in enumerate(nonces, start=1)]
    if not pairs:
        raise WitnessError(msg("nonces: at least one"))
    text = f"{NONCES_TAG}\n" + "".join(f"{p}\n{t}\n" for p, t in pairs)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class TurnWitness:
    """One turn's record: the declarations and their commitment; once the players posted,
    their nonces and the first roll number derived with them."""

    turn: int
    declarations: tuple[str, ...]
    commitment: str
    nonces: tuple[tuple[str, str], ...] = ()
    first_roll: int | None = None

    @property
    def witnessed(self) -> bool:
        return bool(self.nonces) and self.first_roll is not None

    @property
    def digest(self) -> str | None:
        return nonce_digest(self.nonces) if self.nonces else None

    def to_dict(self) -> dict:
        d: dict = {"turn": self.turn, "declarations": list(self.declarations),
                   "commitment": self.commitment}
        if self.nonces:
            d["nonces"] = [{"player": p, "nonce": t} for p, t in self.nonces]
            d["first_roll"] = self.first_roll
        return d

    @classmethod
    def from_dict(cls, d: Mapping, game_id: str) -> TurnWitness:
        """A stored record, checked: a commitment that its declarations do not give is
        refused naming the turn."""
        turn = d.get("turn")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise WitnessError(msg("witness.turn: expected a whole number ≥ 1, got {got}",
                                   got=repr(turn)))
        decl = d.get("declarations")
        if not isinstance(decl, list):
            raise WitnessError(msg("witness turn {t}: declarations: expected a list", t=turn))
        commit = declaration_commitment(game_id, turn, decl)
        if d.get("commitment") != commit:
            raise WitnessError(msg("witness turn {t}: the declarations do not give the "
                                   "stored commitment", t=turn))
        raw = d.get("nonces") or []
        if not isinstance(raw, list) or not all(isinstance(x, Mapping) for x in raw):
            raise WitnessError(msg("witness turn {t}: nonces: expected a list", t=turn))
        nonces = tuple((clean_line(x.get("player"), "player"), clean_line(x.get("nonce"),
                                                                        "nonce"))
                       for x in raw)
        first = d.get("first_roll")
        if nonces and (isinstance(first, bool) or not isinstance(first, int) or first < 1):
            raise WitnessError(msg("witness turn {t}: first_roll: expected a whole number "
                                   "≥ 1, got {got}", t=turn, got=repr(first)))
        return cls(turn, tuple(clean_line(x, "declaration") for x in decl), commit, nonces,
                   first if nonces else None)


def witnesses_of(state: Mapping, game_id: str) -> dict[int, TurnWitness]:
    """The game's witnessed turns by turn number (empty for a game without)."""
    d = state.get(STATE_KEY) if isinstance(state, Mapping) else None
    if d is None:
        return {}
    turns = d.get("turns") if isinstance(d, Mapping) else None
    if not isinstance(turns, list):
        raise WitnessError(msg("witness.turns: expected a list"))
    out: dict[int, TurnWitness] = {}
    for t in turns:
        if not isinstance(t, Mapping):
            raise WitnessError(msg("witness.turns: expected objects"))
        w = TurnWitness.from_dict(t, game_id)
        if w.turn in out:
            raise WitnessError(msg("witness turn {t}: recorded twice", t=w.turn))
        out[w.turn] = w
    return out


def with_turn(state: Mapping, record: TurnWitness) -> dict:
    """The state's witness block with `record` put in place of its turn's."""
    d = state.get(STATE_KEY) if isinstance(state, Mapping) else None
    turns = [t for t in (d or {}).get("turns", []) if t.get("turn") != record.turn]
    turns.append(record.to_dict())
    return {"version": 1, "turns": sorted(turns, key=lambda t: t["turn"])}


def witness_for(records: Mapping[int, TurnWitness], turn: int, roll: int) -> TurnWitness | None:
    """The record roll number `roll` logged in `turn` derives with (None: as before)."""
    w = records.get(turn)
    if w is None or not w.witnessed or roll < (w.first_roll or 0):
        return None
    return w


def roll_message(game_id: str, roll: int, sides: int, n: int, block: int,
                 w: TurnWitness | None) -> bytes:
    """The HMAC's message for one block of a roll: v1 without players' nonces, v2 with."""
    if w is None:
        return f"{DOMAIN_V1}|{game_id}|{roll}|{sides}|{n}|{block}".encode()
    return (f"{DOMAIN_V2}|{game_id}|{w.turn}|{w.commitment}|{w.digest}|{roll}|{sides}|{n}|"
            f"{block}").encode()


def roll_faces(key: bytes, game_id: str, roll: int, die: Die, n: int,
               w: TurnWitness | None = None) -> tuple[int, ...]:
    """The faces of roll `roll` (n × die): HMAC-SHA256 blocks under the seed's bytes, read
    4 bytes at a time big-endian, values at or past the largest multiple of the die's
    sides below 2³² dropped (so every face is equally likely), face = value mod sides + 1."""
    limit = (2 ** 32 // die.sides) * die.sides
    faces: list[int] = []
    block = 0
    while len(faces) < n:
        digest = hmac.new(key, roll_message(game_id, roll, die.sides, n, block, w),
                          hashlib.sha256).digest()
        for i in range(0, len(digest), 4):
            v = int.from_bytes(digest[i:i + 4], "big")
            if v < limit and len(faces) < n:
                faces.append(v % die.sides + 1)
        block += 1
    return tuple(faces)


@dataclass(frozen=True, slots=True)
class RollContext:
    """What the app's sealed dice need at roll time: the turn's record, if witnessed."""

    witness: TurnWitness | None = None

    def for_roll(self, roll: int) -> TurnWitness | None:
        w = self.witness
        return w if w is not None and roll >= (w.first_roll or 0) else None


def roll_context(state: Mapping, game_id: str, turn: int) -> RollContext:
    """The context of a roll made now in `turn`; DiceError when the turn's declarations
    are committed but the players' nonces not yet entered (a roll then would be one the
    game master could foresee)."""
    try:
        w = witnesses_of(state, game_id).get(turn)
    except WitnessError as e:
        raise DiceError(e.args[0]) from None
    if w is not None and not w.witnessed:
        raise DiceError(msg("turn {t}: the declarations are committed; enter the players' "
                            "nonces before rolling (File ▸ Sealed dice ▸ Players' "
                            "nonces…)", t=turn))
    return RollContext(w)
