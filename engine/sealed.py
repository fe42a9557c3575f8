"""Sealed dice: a game master's rolls that his players can check after the game.

Before play the app draws a secret seed (32 random bytes) and shows its commitment,
SHA-256 of the seed and the game's id (its domain line names the sealing's version: 2
requires and commits to the log's hash chain, engine.log_chain), for the game master to
post. Every app roll of the sealed game then comes from the seed and a roll counter
(`SealedDice`): roll number k of die dN, n dice, is
HMAC-SHA256(seed, "warboard-sealed-v1|game id|k|N|n|block") read as uniform faces by
rejection sampling, so each roll is fixed by its number alone and every
logged roll carries its number. When the seed is revealed, `verify` recomputes every
logged sealed roll and reports each roll whose faces differ, each number missing from the
log (a roll made and not posted), and whether the seed matches the commitment. Typed
physical dice stay allowed; they are marked typed and cannot be checked.

Where the seed is kept: in the game file, encrypted (Fernet: AES-128-CBC with an HMAC)
under a key derived from the game master's passphrase (engine.seal_keys: Argon2id; scrypt
in games sealed before), the function and its settings kept beside it. Opening the file shows
the commitment, never the seed; the app rolls with it only after the game master unlocks
it with the passphrase in this session (`unlock`), and it is written in the clear only
when he reveals it.

What this proves, and what not: once the commitment is posted, the rolls cannot be
changed, re-rolled quietly or picked among after the fact without `verify` showing it.
It does not prove that the game master did not know the seed — he holds it, so he could
compute the coming rolls in advance and order his actions to suit them.

Every message a player reads is in engine.forum_text (English and Russian).
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine import log_chain
from engine.dice import DiceError, Die, RollRecord
from engine.forum_text import TEXTS, text
from engine.i18n import msg, prefixed, register_glossary
from engine.model import LogEntry
from engine.seal_keys import MIN_PASSPHRASE, NEW_KDF, Kdf, derive_key, kdf_from_dict
from engine.witness.scheme import RollContext, TurnWitness, roll_context, roll_faces, witness_for

__all__ = ["STATE_KEY", "MESSAGES", "SealedError", "Sealing", "SealedDice", "SealedSession",
           "new_seed", "commitment", "sealed_faces", "seal", "unlock", "reveal",
           "sealing_of", "next_roll_number", "verify", "VerifyReport", "Problem",
           "app_dice", "session_for", "lock", "check_seed"]

#: The game-state key a sealed game keeps its commitment and encrypted seed under.
STATE_KEY = "sealed"
#: The sealing's version: 2 requires the log's hash chain (engine.log_chain) and commits
#: to it (its commitment's domain is COMMIT_DOMAINS[2]); 1 is a sealing made before.
VERSION = 2
VERSIONS = (1, 2)
DOMAIN = "warboard-sealed-v1"
#: The commitment's domain line by sealing version (docs/sealed-dice.md).
COMMIT_DOMAINS = {1: "warboard-sealed-v1", 2: "warboard-sealed-v2"}
SEED_BYTES = 32

#: The messages a player reads: engine.forum_text, in English and Russian.
MESSAGES = TEXTS["en"]


#: The refusals' keys: made messages (engine.i18n) whose Russian is forum_text's own.
_REFUSALS = ("passphrase_short", "passphrase_wrong", "not_sealed", "already_sealed", "locked",
             "seed_format", "bad_state")
register_glossary("ru", {TEXTS["en"][k]: TEXTS["ru"][k] for k in _REFUSALS
                         if k in TEXTS.get("ru", {})})


def _msg(key: str, **values: object) -> str:
    """A refusal in English that a reader's language rebuilds (the same words as
    forum_text's table in each language)."""
    if key in _REFUSALS:
        return msg(TEXTS["en"][key], **values)
    return text("en", key, **values)


class SealedError(ValueError):
    """A sealing that cannot be made, unlocked or read, with a message naming why."""


# --------------------------------------------------------------------------- the seed


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def check_seed(seed: str) -> bytes:
    """The seed's bytes; SealedError unless it is 64 hex digits."""
    text = seed.strip().lower()
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raw = b""
    if len(raw) != SEED_BYTES:
        raise SealedError(_msg("seed_format", n=2 * SEED_BYTES, got=seed))
    return raw


def commitment(seed: str, game_id: str, version: int = VERSION) -> str:
    """SHA-256 of the seed and the game's id under the sealing version's domain: what the
    game master posts before play."""
    raw = check_seed(seed)
    domain = COMMIT_DOMAINS[version]
    return hashlib.sha256(f"{domain}\n{game_id}\n".encode() + raw).hexdigest()


def sealed_faces(seed: str, game_id: str, roll: int, die: Die, n: int,
                 witness: TurnWitness | None = None) -> tuple[int, ...]:
    """The faces of roll number `roll` (n × die): HMAC-SHA256 blocks read 4 bytes at a
    time, values past the largest multiple of the die's sides dropped so every face is
    equally likely; with the turn's players' nonces and declaration commitment when it
    has them (engine.witness.scheme)."""
    return roll_faces(check_seed(seed), game_id, roll, die, n, witness)


# --------------------------------------------------------------------------- sealing


@dataclass(frozen=True, slots=True)
class Sealing:
    """What a sealed game keeps in its state: its id, the commitment, the encrypted seed
    (and the seed itself once revealed)."""

    game_id: str
    commitment: str
    salt: str
    box: str
    revealed: str | None = None
    version: int = VERSION
    #: the key derivation the box was sealed with (engine.seal_keys)
    kdf: Kdf = NEW_KDF

    def to_dict(self) -> dict:
        d = {"version": self.version, "game_id": self.game_id, "commitment": self.commitment,
             "kdf": self.kdf.to_dict(self.salt), "box": self.box}
        if self.revealed is not None:
            d["revealed"] = self.revealed
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> Sealing:
        """The sealing a game keeps, every field checked: a field of the wrong kind, a
        truncated or foreign box or salt, key settings outside engine.seal_keys' limits,
        or a revealed seed that is not one is refused naming the field — never reported as
        a wrong passphrase, never left to Python's own words."""
        version = d.get("version", 1)
        if isinstance(version, bool) or version not in VERSIONS:
            raise _bad("version", msg("expected {v}, got {got}", v=VERSION,
                                      got=repr(d.get("version"))))
        game_id, commit = _text_field(d, "game_id"), _text_field(d, "commitment")
        if len(commit) != 64 or any(c not in "0123456789abcdef" for c in commit):
            raise _bad("commitment", msg("expected 64 hexadecimal digits"))
        kdf = d.get("kdf")
        if not isinstance(kdf, Mapping):
            raise _bad("kdf", msg("expected an object, got {got}", got=_short(kdf)))
        params = kdf_from_dict(kdf, _bad)
        salt = _text_field(kdf, "salt", "kdf.salt")
        if len(_b64(salt, "kdf.salt")) < 16:
            raise _bad("kdf.salt", msg("cut short (fewer than 16 bytes)"))
        box = _text_field(d, "box")
        token = _b64(box, "box")
        if len(token) < 73 or token[0] != 0x80 or (len(token) - 57) % 16:
            raise _bad("box", msg("cut short or not a sealed seed ({n} bytes)", n=len(token)))
        revealed = d.get("revealed")
        if revealed is not None:
            if not isinstance(revealed, str):
                raise _bad("revealed", msg("expected text, got {got}", got=_short(revealed)))
            try:
                check_seed(revealed)
            except SealedError:
                raise _bad("revealed", msg("expected {n} hexadecimal digits",
                                           n=2 * SEED_BYTES)) from None
        return cls(game_id, commit, salt, box, revealed, version, params)


def _bad(field_name: str, why: object) -> SealedError:
    """The sealing's field `field_name` is damaged, and why."""
    return SealedError(_msg("bad_state", field=prefixed(f"{field_name}: ", why)))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _text_field(d: Mapping, key: str, name: str | None = None) -> str:
    value = d.get(key)
    if not isinstance(value, str) or not value:
        raise _bad(name or key, msg("expected text, got {got}", got=_short(value)))
    return value


def _b64(text: str, name: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), altchars=b"-_", validate=True)
    except (ValueError, UnicodeEncodeError):
        raise _bad(name, msg("not base64 text")) from None


def _passphrase_bytes(passphrase: str) -> bytes:
    """The passphrase as UTF-8; a lone surrogate (half a character, from a broken paste
    or input method) is refused instead of raising Python's encoding error."""
    if not isinstance(passphrase, str):
        raise SealedError(msg("passphrase: expected text"))
    try:
        return passphrase.encode("utf-8")
    except UnicodeEncodeError:
        raise SealedError(msg("passphrase: it holds half a character (a lone surrogate); "
                              "type it again")) from None


def _fernet(passphrase: str, salt: bytes, kdf: Kdf = NEW_KDF):
    from cryptography.fernet import Fernet  # only sealing and unlocking need it

    key = derive_key(kdf, _passphrase_bytes(passphrase), salt)
    return Fernet(base64.urlsafe_b64encode(key))


def seal(passphrase: str, *, seed: str | None = None,
         game_id: str | None = None) -> tuple[Sealing, str]:
    """A new sealing: (what the game keeps, the seed). The seed is encrypted under the
    passphrase; the caller shows the commitment and forgets the seed unless it rolls."""
    _passphrase_bytes(passphrase)
    if len(passphrase) < MIN_PASSPHRASE:
        raise SealedError(_msg("passphrase_short", n=MIN_PASSPHRASE))
    seed = new_seed() if seed is None else seed
    check_seed(seed)
    game_id = game_id or str(uuid.uuid4())
    salt = secrets.token_bytes(16)
    box = _fernet(passphrase, salt).encrypt(seed.encode()).decode()
    return Sealing(game_id, commitment(seed, game_id),
                   base64.urlsafe_b64encode(salt).decode(), box), seed


def unlock(sealing: Sealing, passphrase: str) -> str:
    """The seed, decrypted with the game master's passphrase (SealedError if wrong)."""
    from cryptography.fernet import InvalidToken

    salt = _b64(sealing.salt, "kdf.salt")
    try:
        seed = _fernet(passphrase, salt, sealing.kdf).decrypt(
            sealing.box.encode()).decode("ascii")
    except InvalidToken:
        raise SealedError(_msg("passphrase_wrong")) from None
    except UnicodeDecodeError:
        raise _bad("box", msg("the sealed seed is not {n} hexadecimal digits",
                              n=2 * SEED_BYTES)) from None
    try:
        check_seed(seed)
    except SealedError:
        raise _bad("box", msg("the sealed seed is not {n} hexadecimal digits",
                              n=2 * SEED_BYTES)) from None
    if commitment(seed, sealing.game_id, sealing.version) != sealing.commitment:
        raise SealedError(_msg("bad_state", field="commitment"))
    return seed


def reveal(sealing: Sealing, passphrase: str) -> Sealing:
    """The sealing with its seed written in the clear, for anyone to verify."""
    seed = unlock(sealing, passphrase)
    return dataclasses.replace(sealing, revealed=seed)


def sealing_of(state: Mapping) -> Sealing | None:
    """The game's sealing (None for a game without sealed dice)."""
    d = state.get(STATE_KEY) if isinstance(state, Mapping) else None
    if d is None:
        return None
    if not isinstance(d, Mapping):
        raise _bad(STATE_KEY, msg("expected an object, got {got}", got=_short(d)))
    return Sealing.from_dict(d)


def next_roll_number(log: Iterable[LogEntry]) -> int:
    """One past the highest sealed roll number in the log."""
    top = 0
    for e in log:
        for r in e.dice:
            if r.source == "sealed" and r.roll is not None:
                top = max(top, r.roll)
    return top + 1


# --------------------------------------------------------------------------- rolling


@dataclass(slots=True)
class SealedSession:
    """An unlocked sealed game in this process: the seed and the next roll number."""

    game_id: str
    seed: str
    next_roll: int = 1

    def take(self) -> int:
        k = self.next_roll
        self.next_roll += 1
        return k


class SealedDice:
    """The app's dice of a sealed game: each `roll` call is the session's next numbered
    roll (`last_roll` says which, for `engine.dice.draw` to log)."""

    kind = "sealed"
    seed: int | None = None  # the secret seed is never put in a record

    def __init__(self, session: SealedSession, context: RollContext | None = None) -> None:
        self.session = session
        self.context = context or RollContext()
        self.last_roll: int | None = None
        self.records: list[RollRecord] = []

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise DiceError(f"step {label!r}: dice count must be a whole number ≥ 0, "
                            f"got {n!r}")
        k = self.session.take()
        faces = list(sealed_faces(self.session.seed, self.session.game_id, k, die, n,
                                  self.context.for_roll(k)))
        self.last_roll = k
        self.records.append(RollRecord(label, die.name, tuple(faces), self.kind, None, k))
        return faces


#: Unlocked sessions by game id: held in memory only, never saved.
_SESSIONS: dict[str, SealedSession] = {}


def open_session(sealing: Sealing, seed: str, log: Iterable[LogEntry]) -> SealedSession:
    """Remember an unlocked seed for this process; rolls go on after the log's last."""
    if commitment(seed, sealing.game_id, sealing.version) != sealing.commitment:
        raise SealedError(_msg("passphrase_wrong"))
    session = SealedSession(sealing.game_id, seed, next_roll_number(log))
    _SESSIONS[sealing.game_id] = session
    log_chain.remember_seed(sealing.to_dict(), check_seed(seed))
    return session


def session_for(state: Mapping) -> SealedSession | None:
    sealing = sealing_of(state)
    return None if sealing is None else _SESSIONS.get(sealing.game_id)


def lock(state: Mapping) -> None:
    """Forget the unlocked seed of this game."""
    sealing = sealing_of(state)
    if sealing is not None:
        _SESSIONS.pop(sealing.game_id, None)
        log_chain.forget_seed(sealing.to_dict())


def app_dice(game, seed: int | None = None):
    """The app's dice for `game`: its sealed dice when it is sealed (DiceError while the
    seed is locked), else the seeded generator (`RandomDice(seed)`)."""
    from engine.dice import RandomDice

    state = getattr(game, "state", None) if game is not None else None
    if isinstance(state, Mapping) and isinstance(state.get(STATE_KEY), Mapping):
        session = session_for(state)
        if session is None:
            raise DiceError(_msg("locked"))
        return SealedDice(session, roll_context(state, session.game_id,
                                                getattr(game, "turn", 1)))
    return RandomDice(seed)


# --------------------------------------------------------------------------- verifying


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: its kind (mismatch, missing, duplicate, unnumbered — also its message's
    key), the roll number (None for an unnumbered roll), the log line, and the message's
    values."""

    kind: str
    roll: int | None
    seq: int | None
    values: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str = "en") -> str:
        return text(lang, self.kind, **dict(self.values))

    @property
    def message(self) -> str:
        return self.text("en")


def _problem(kind: str, roll: int | None, seq: int | None, **values: object) -> Problem:
    return Problem(kind, roll, seq, tuple({"roll": roll, "seq": seq, **values}.items()))


@dataclass(slots=True)
class VerifyReport:
    commitment_ok: bool
    commitment: str  # what the seed gives
    committed: str  # what the game committed to
    rolls: int = 0
    typed: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.commitment_ok and not self.problems

    def commitment_text(self, lang: str = "en") -> str:
        if self.commitment_ok:
            return text(lang, "commit_ok", commitment=self.commitment)
        return text(lang, "commit_bad", got=self.commitment, want=self.committed)

    def text(self, lang: str = "en") -> str:
        lines = [self.commitment_text(lang)]
        lines += [p.text(lang) for p in self.problems]
        key = "summary_ok" if not self.problems else "summary_bad"
        lines.append(text(lang, key, n=self.rolls, typed=self.typed, bad=len(self.problems)))
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"ok": self.ok, "commitment_ok": self.commitment_ok, "rolls": self.rolls,
                "typed": self.typed,
                "problems": [{"kind": p.kind, "roll": p.roll, "seq": p.seq,
                              "message": p.message} for p in self.problems]}


def _faces(t: Iterable[int]) -> str:
    return ", ".join(str(f) for f in t)


def verify(log: Iterable[LogEntry], sealing: Sealing, seed: str,
           witness: Mapping[int, TurnWitness] | None = None) -> VerifyReport:
    """Every sealed roll of the log recomputed from `seed` (and the turns' players' nonces,
    `witness`): each that differs, each number missing, each logged twice with other
    faces, and whether the commitment matches. A roll logged twice with the same faces
    (rolled, then applied) is one roll."""
    check_seed(seed)
    got = commitment(seed, sealing.game_id, sealing.version)
    report = VerifyReport(hmac.compare_digest(got, sealing.commitment), got,
                          sealing.commitment)
    seen: dict[int, tuple[tuple[int, ...], str, int]] = {}
    for seq, e in enumerate(log, start=1):
        for r in e.dice:
            if r.source == "typed":
                report.typed += 1
                continue
            if r.source != "sealed":
                continue
            if r.roll is None:
                report.problems.append(_problem("unnumbered", None, seq, label=r.label))
                continue
            if r.roll < 1:
                report.problems.append(_problem("bad_number", r.roll, seq, label=r.label))
                continue
            before = seen.get(r.roll)
            if before is not None:
                if (before[0], before[1]) != (r.faces, r.die):
                    report.problems.append(_problem("duplicate", r.roll, seq,
                                                    first=before[2]))
                continue
            seen[r.roll] = (r.faces, r.die, seq)
            report.rolls += 1
            try:
                expected = sealed_faces(seed, sealing.game_id, r.roll, _die(r.die),
                                        len(r.faces),
                                        witness_for(witness or {}, e.turn, r.roll))
            except DiceError:
                expected = ()
            if expected != r.faces:
                report.problems.append(_problem(
                    "mismatch", r.roll, seq, label=r.label, die=r.die,
                    logged=_faces(r.faces), expected=_faces(expected) or "?"))
    report.problems.extend(_missing(seen))
    report.problems.sort(key=lambda p: (p.roll is None, p.roll or 0, p.kind))
    return report


def _missing(seen: Iterable[int]) -> list[Problem]:
    """The numbers missing below the highest seen, a run of them as one finding: a
    number as large as a file can hold (10¹²) costs one finding, not a list that size."""
    out: list[Problem] = []
    expected = 1
    for k in sorted(seen):
        if k > expected:
            last = k - 1
            out.append(_problem("missing", expected, None) if last == expected else
                       _problem("missing_run", expected, None, last=last,
                                count=last - expected + 1))
        expected = k + 1
    return out


def _die(name: str) -> Die:
    from engine.dice import die

    return die(name)
