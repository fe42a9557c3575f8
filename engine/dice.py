"""Dice: the dice themselves, how a face is judged, and where the faces come from.

A resolution never calls a random generator directly. It asks a `DiceSource` for faces,
so the same rule code runs with the app's seeded generator (`RandomDice`), with values a
player typed from physical dice (`TypedDice`) or with a fixed script in tests
(`ScriptedDice`). `draw()` is the one call rule code uses: it rolls, checks every face
against its die and returns a `RollRecord` for the roll log, so that a dispute at the
table can be settled by reading the log.

Judging a face is data, not code: a `Test` (one die or a summed handful, compared with a
target by ≤, <, ≥ or >, optionally with "a natural 1 always succeeds, a natural 10 always
fails") or `Bands` (the first of several thresholds a total meets: wound / suppression /
miss, a hit-location or damage table). `engine.odds` turns the same objects into exact
distributions, so a rule written once is both rolled and priced.
"""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from engine import seeds
from engine.i18n import Text, msg, verbatim

if TYPE_CHECKING:  # numpy loads with the first generator: typed dice and exact odds need none
    import numpy as np

__all__ = [
    "D3", "D4", "D6", "D8", "D10", "D12", "D20", "STANDARD_DICE", "DIE_LADDER",
    "Die", "die", "step_die", "Comparison", "Test", "Bands", "DiceError", "RollRecord",
    "DiceSource", "RandomDice", "TypedDice", "ScriptedDice", "draw", "parse_faces",
]

#: The largest die the app accepts (a d100, or a d360 for a uniform bearing).
MAX_SIDES = 1000


class DiceError(ValueError):
    """A die face that cannot be used: out of range, not a number, or missing.

    Besides the message, the error says what went wrong as data, so a panel can show
    exactly the fields a step needs and mark the value it refused:

    - `reason`: "missing" (typed values ran out), "face" (a value that is not a face of
      the die: out of range or not a whole number), "unused" (values left over), or None
      for other errors (a bad die spec, seed or count);
    - `step`: the step's label (the dice label), `die`: the die's name ("d10");
    - `needed`: how many dice the step needs (with "missing"), `left`: how many typed
      values were left for it;
    - `value`: the refused value (with "face"), `position`: its 0-based index among the
      typed values, when the source knows it.
    """

    def __init__(self, message: str, *, reason: str | None = None, step: str | None = None,
                 die: str | None = None, needed: int | None = None, left: int | None = None,
                 value: object = None, position: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.step = step
        self.die = die
        self.needed = needed
        self.left = left
        self.value = value
        self.position = position


# --------------------------------------------------------------------------- dice


@dataclass(frozen=True, slots=True)
class Die:
    """An N-sided die with faces 1..N.

    A d3 is the usual "d6 halved, rounded up" of seed 001 (1–2 → 1, 3–4 → 2, 5–6 → 3):
    its faces are 1–3 and a player with only a d6 types the halved value. Non-standard
    sizes (a d7 to pick one of seven squad members at random) are allowed up to
    `MAX_SIDES`; the standard ones have module constants.
    """

    sides: int

    def __post_init__(self) -> None:
        if isinstance(self.sides, bool) or not isinstance(self.sides, int):
            raise DiceError(f"die: expected a whole number of sides, got {self.sides!r}")
        if not 1 <= self.sides <= MAX_SIDES:
            raise DiceError(f"die: {self.sides} sides is outside 1–{MAX_SIDES}")

    @property
    def name(self) -> str:
        """"d10" — a message, so a Russian reader sees "к10"."""
        return _die_name(self.sides)

    @property
    def faces(self) -> range:
        return range(1, self.sides + 1)

    def check(self, value: object, *, label: str) -> int:
        """The face `value` as an int, or DiceError naming the step, the die and the value."""
        face = _as_int(value)
        if face is None:
            raise DiceError(msg("step {step} needs a {die}: {value} is not a whole number",
                                step=quoted(label), die=self.name, value=repr(value)),
                            reason="face", step=label, die=self.name, value=value)
        if not 1 <= face <= self.sides:
            said = (msg("step {step} needs a {die}: {face} is not a face of a {die} "
                        "(1–{sides}) (read a d6 halved, rounded up)", step=quoted(label),
                        die=self.name, face=face, sides=self.sides) if self.sides == 3 else
                    msg("step {step} needs a {die}: {face} is not a face of a {die} "
                        "(1–{sides})", step=quoted(label), die=self.name, face=face,
                        sides=self.sides))
            raise DiceError(said, reason="face",
                            step=label, die=self.name, value=value)
        return face

    def __str__(self) -> str:
        return self.name


def quoted(label: str) -> Text:
    """A step's label in quotes, as `repr` writes it ('Aim', "Commander's search") — a
    message, so a Russian reader sees «Наведение»."""
    return msg('"{label}"', label=label) if "'" in str(label) else msg("'{label}'", label=label)


def dice_name(n: int, d: Die | str) -> str:
    """"d10" for one die, "2d6" for two — messages, written "к10", "2к6" in Russian; `d`
    a Die or a die's name as logged ("d10")."""
    sides = d.sides if isinstance(d, Die) else _sides_of(str(d))
    if sides is None:
        return str(d) if n <= 1 else f"{n}×{d}"
    return msg("d{sides}", sides=sides) if n <= 1 else msg("{n}d{sides}", n=n, sides=sides)


def _sides_of(name: str) -> int | None:
    m = re.fullmatch(r"\s*[dDкК](\d+)\s*", name)
    return int(m.group(1)) if m else None


D3, D4, D6, D8, D10, D12, D20 = (Die(n) for n in (3, 4, 6, 8, 10, 12, 20))
STANDARD_DICE: tuple[Die, ...] = (D3, D4, D6, D8, D10, D12, D20)
#: Die steps for "step the die down / up" rules (seed 004's quality die).
DIE_LADDER: tuple[Die, ...] = (D4, D6, D8, D10, D12)


def die(spec: str | int | Die) -> Die:
    """A die from "d10", "D10", 10 or a Die — for data files and the command line."""
    if isinstance(spec, Die):
        return spec
    if isinstance(spec, int) and not isinstance(spec, bool):
        return Die(spec)
    if isinstance(spec, str):
        sides = _sides_of(spec)                          # d10, D10, к10 (Russian)
        if sides is not None:
            return Die(sides)
    raise DiceError(msg("die: expected a die such as 'd10', got {spec}", spec=repr(spec)))


def step_die(d: Die, steps: int) -> Die | None:
    """`d` moved `steps` along DIE_LADDER (negative = down); None when it falls off the
    bottom (the roll is impossible). Above d12 the die stays d12."""
    if d not in DIE_LADDER:
        raise DiceError(f"die: {d.name} is not on the die ladder d4–d12")
    i = DIE_LADDER.index(d) + steps
    if i < 0:
        return None
    return DIE_LADDER[min(i, len(DIE_LADDER) - 1)]


@cache
def _die_name(sides: int) -> Text:
    """One shared name per die size: every roll names its die (a sampled resolve rolls
    hundreds of thousands of times)."""
    return msg("d{sides}", sides=sides)


def _as_int(value: object) -> int | None:
    if type(value) is int:  # the common case first: a face from any dice source
        return value
    if isinstance(value, bool):
        return None
    numpy = sys.modules.get("numpy")  # a numpy integer exists only once numpy is loaded
    if isinstance(value, int) or (numpy is not None and isinstance(value, numpy.integer)):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return None


# --------------------------------------------------------------------------- judging


class Comparison(enum.Enum):
    """How a total meets a target. Every step states it: "good" differs by ruleset."""

    LE = "≤"
    LT = "<"
    GE = "≥"
    GT = ">"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def ascii(self) -> str:
        return {"≤": "<=", "<": "<", "≥": ">=", ">": ">"}[self.value]

    def holds(self, total: int, target: int) -> bool:
        if self is Comparison.LE:
            return total <= target
        if self is Comparison.LT:
            return total < target
        if self is Comparison.GE:
            return total >= target
        return total > target

    @classmethod
    def parse(cls, text: str) -> Comparison:
        for c in cls:
            if text.strip() in (c.value, c.ascii, c.name.lower(), c.name):
                return c
        raise ValueError(f"comparison: expected one of ≤ < ≥ > (or <= >=), got {text!r}")


@dataclass(frozen=True, slots=True)
class Test:
    """One die (or `dice` dice summed) plus `roll_bonus`, compared with `target`.

    `natural_success` / `natural_failure` are faces that decide the test whatever the
    modifiers ("a natural 1 always succeeds, a natural 10 always fails"); they look at
    the raw face, so they need a single die. Success on a d6 "5+" is Test(D6, 5, GE);
    seed 001's 2d6 morale is Test(D6, 7, LE, dice=2); seed 004's quality die is
    Test(D8, level, GT).
    """

    die: Die
    target: int
    comparison: Comparison = Comparison.LE
    dice: int = 1
    roll_bonus: int = 0
    natural_success: int | None = None
    natural_failure: int | None = None
    __test__ = False  # not a pytest test class, though rule tests import it by this name

    def __post_init__(self) -> None:
        if self.dice < 1:
            raise ValueError(f"test.dice: expected at least 1, got {self.dice}")
        naturals = (self.natural_success, self.natural_failure)
        if self.dice != 1 and any(n is not None for n in naturals):
            raise ValueError("test: natural-face rules need a single die (dice=1)")
        for name, n in zip(("natural_success", "natural_failure"), naturals, strict=True):
            if n is not None and n not in self.die.faces:
                raise ValueError(f"test.{name}: {n} is not a face of a {self.die.name}")
        if self.natural_success is not None and self.natural_success == self.natural_failure:
            raise ValueError("test: natural_success and natural_failure are the same face")

    def total(self, faces: Sequence[int]) -> int:
        return sum(faces) + self.roll_bonus

    def passes(self, faces: Sequence[int]) -> bool:
        """Whether the faces of one test (len == dice) succeed."""
        if len(faces) != self.dice:
            raise ValueError(f"test: expected {self.dice} faces, got {len(faces)}")
        if self.natural_success is not None and faces[0] == self.natural_success:
            return True
        if self.natural_failure is not None and faces[0] == self.natural_failure:
            return False
        return self.comparison.holds(self.total(faces), self.target)

    def natural(self, faces: Sequence[int]) -> str | None:
        """"natural success" / "natural failure" when a natural rule decided, else None."""
        if self.natural_success is not None and faces[0] == self.natural_success:
            return "natural success"
        if self.natural_failure is not None and faces[0] == self.natural_failure:
            return "natural failure"
        return None

    @property
    def expression(self) -> str:
        """E.g. "d10 ≤ 6", "2d6 ≤ 7", "d10 + 2 > 7"."""
        bonus = f" {'+' if self.roll_bonus > 0 else '−'} {abs(self.roll_bonus)}" \
            if self.roll_bonus else ""
        return msg("{dice}{rest}", dice=dice_name(self.dice, self.die),
                   rest=f"{bonus} {self.comparison.symbol} {self.target}")


@dataclass(frozen=True, slots=True)
class Bands:
    """A total sorted into the first band whose threshold it meets, else `otherwise`.

    Seed 000's wound roll with Damage 8 behind cover 2:
    Bands(D10, LE, ((6, "wound"), (8, "suppression")), otherwise="miss").
    A d10 + modifiers damage table uses GE with thresholds listed from the highest down.
    Totals pushed past the faces by a bonus fall into the first or last band naturally.
    `naturals` are raw faces read before any threshold: a skill check's fumble is
    Bands(D10, LE, ((5, "success"),), "non-success", naturals=((10, "fumble"),)).
    """

    die: Die
    comparison: Comparison
    thresholds: tuple[tuple[int, str], ...]
    otherwise: str
    dice: int = 1
    roll_bonus: int = 0
    naturals: tuple[tuple[int, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.thresholds:
            raise ValueError("bands.thresholds: expected at least one (threshold, label)")
        if self.dice < 1:
            raise ValueError(f"bands.dice: expected at least 1, got {self.dice}")
        if self.naturals and self.dice != 1:
            raise ValueError("bands.naturals: natural-face rules need a single die (dice=1)")
        for face, _ in self.naturals:
            if face not in self.die.faces:
                raise ValueError(f"bands.naturals: {face} is not a face of a {self.die.name}")

    @property
    def labels(self) -> tuple[str, ...]:
        """Every label, in table order, `otherwise` then naturals last (no duplicates)."""
        seen: list[str] = []
        for label in [t[1] for t in self.thresholds] + [self.otherwise] + \
                [n[1] for n in self.naturals]:
            if label not in seen:
                seen.append(label)
        return tuple(seen)

    def total(self, faces: Sequence[int]) -> int:
        return sum(faces) + self.roll_bonus

    def classify(self, faces: Sequence[int]) -> str:
        if len(faces) != self.dice:
            raise ValueError(f"bands: expected {self.dice} faces, got {len(faces)}")
        for face, label in self.naturals:
            if faces[0] == face:
                return label
        t = self.total(faces)
        for threshold, label in self.thresholds:
            if self.comparison.holds(t, threshold):
                return label
        return self.otherwise


# --------------------------------------------------------------------------- records


#: "sealed": the app's dice of a sealed game (engine.sealed), each roll numbered.
SOURCE_KINDS = ("app", "typed", "script", "sealed")


@dataclass(frozen=True, slots=True)
class RollRecord:
    """One roll as it goes to the log: what was rolled, for which step, from where.
    `roll` is a sealed roll's number (engine.sealed), None for every other source."""

    label: str
    die: str
    faces: tuple[int, ...]
    source: str
    seed: int | None = None
    roll: int | None = None

    def to_dict(self) -> dict:
        d = {"label": self.label, "die": self.die, "faces": list(self.faces),
             "source": self.source, "seed": self.seed}
        if self.roll is not None:  # only sealed rolls carry the key
            d["roll"] = self.roll
        return d

    @classmethod
    def from_dict(cls, d: dict) -> RollRecord:
        try:
            rec = cls(str(d["label"]), str(d["die"]), tuple(int(f) for f in d["faces"]),
                      str(d["source"]), None if d.get("seed") is None else int(d["seed"]),
                      None if d.get("roll") is None else int(d["roll"]))
        except KeyError as e:
            raise ValueError(msg("roll record: missing {key}",
                                 key=verbatim(repr(e.args[0])))) from None
        if rec.source not in SOURCE_KINDS:
            raise ValueError(msg("roll record.source: expected one of {kinds}, got {got}",
                                 kinds=verbatim(SOURCE_KINDS), got=repr(rec.source)))
        return rec

    @property
    def source_text(self) -> str:
        """"app, seed 42" / "sealed, roll #7" / "typed" / "script" — for renderings and
        the log view (a copied resolution so carries its sealed roll numbers)."""
        if self.source == "sealed" and self.roll is not None:
            return msg("sealed, roll #{roll}", roll=self.roll)
        if self.source == "app" and self.seed is not None:
            return msg("app, seed {seed}", seed=self.seed)
        return self.source


# --------------------------------------------------------------------------- sources


@runtime_checkable
class DiceSource(Protocol):
    """Where faces come from. `kind` is "app", "typed" or "script"; `seed` is the app
    generator's seed (None otherwise). `roll` returns `n` faces of `die` or raises
    DiceError naming `label`."""

    kind: str
    seed: int | None

    def roll(self, die: Die, n: int, *, label: str) -> list[int]: ...


class RandomDice:
    """The app's generator: numpy PCG64, always seeded so every roll can be replayed.

    Without a seed one is drawn from the OS and kept in `seed`; the same seed gives the
    same faces for the same sequence of `roll` calls.
    """

    kind = "app"

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = seeds.draw_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise DiceError(msg("seed: expected a non-negative whole number, got {seed}",
                                seed=repr(seed)))
        import numpy as np

        self.seed: int | None = seed
        self._rng = np.random.default_rng(seed)
        self.records: list[RollRecord] = []

    def roll_array(self, die: Die, n: int) -> np.ndarray:
        """`n` faces as a numpy array, for fairness tests and simulation (not logged)."""
        return self._rng.integers(1, die.sides + 1, size=n)

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        _check_count(n, label)
        faces = [int(f) for f in self.roll_array(die, n)]
        self.records.append(RollRecord(label, die.name, tuple(faces), self.kind, self.seed))
        return faces


class TypedDice:
    """Faces typed from physical dice, used in order; each is checked against the die the
    step asks for, so a 0 or 11 offered to a d10 is refused with the step's name."""

    kind = "typed"
    seed: int | None = None

    def __init__(self, values: str | Iterable[int | str]) -> None:
        tokens = _split_tokens(values) if isinstance(values, str) else list(values)
        self._values: list[int | str] = tokens
        self._pos = 0
        self.records: list[RollRecord] = []

    @property
    def remaining(self) -> list[int | str]:
        return self._values[self._pos:]

    def roll(self, die: Die, n: int, *, label: str) -> list[int]:
        _check_count(n, label)
        left = len(self._values) - self._pos
        if n > left:
            raise DiceError(msg("step {step} needs {n} × {die}, only {left} "
                                "{left|value|values|values} left", step=quoted(label), n=n,
                                die=die.name, left=left),
                            reason="missing", step=label, die=die.name, needed=n, left=left)
        chunk = self._values[self._pos:self._pos + n]
        faces = []
        for i, v in enumerate(chunk):
            try:
                faces.append(die.check(v, label=label))
            except DiceError as err:
                err.position, err.needed, err.left = self._pos + i, n, left
                raise
        self._pos += n
        self.records.append(RollRecord(label, die.name, tuple(faces), self.kind, None))
        return faces

    def check_exhausted(self) -> None:
        """Raise DiceError if typed values were left over (a miscount at the table)."""
        if self.remaining:
            left = ", ".join(str(v) for v in self.remaining)
            raise DiceError(msg("{n} typed value(s) not used: {values}",
                                n=len(self.remaining), values=left),
                            reason="unused", left=len(self.remaining), position=self._pos)


class ScriptedDice(TypedDice):
    """A fixed script of faces for tests: the same checks as typed dice."""

    kind = "script"


def _check_count(n: int, label: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise DiceError(msg("step {step}: dice count must be a whole number ≥ 0, got {n}",
                            step=quoted(label), n=repr(n)))


def _split_tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def parse_faces(text: str) -> list[int]:
    """"3,5,1" or "3 5 1" → [3, 5, 1]; DiceError naming the bad value and its position.

    Faces are checked against their dice only when a step asks for them (TypedDice)."""
    out = []
    for i, tok in enumerate(_split_tokens(text), start=1):
        v = _as_int(tok)
        if v is None:
            raise DiceError(msg("dice value {i}: {value} is not a whole number", i=i,
                                value=repr(tok)), reason="face",
                            value=tok, position=i - 1)
        out.append(v)
    return out


def draw(source: DiceSource, die: Die, n: int, *, label: str) -> RollRecord:
    """Roll `n` × `die` from `source` for the step `label`, checked and recorded.

    Rule code calls this rather than `source.roll`, so faces from any source, including
    a third-party one, are validated and every roll carries its source for the log.
    """
    _check_count(n, label)
    faces = source.roll(die, n, label=label)
    if len(faces) != n:
        raise DiceError(msg("step {step} needs {n} × {die}, the source gave {got}",
                            step=quoted(label), n=n, die=die.name, got=len(faces)),
                        reason="missing", step=label, die=die.name, needed=n,
                        left=len(faces))
    checked = tuple(die.check(f, label=label) for f in faces)
    return RollRecord(label, die.name, checked, source.kind, getattr(source, "seed", None),
                      getattr(source, "last_roll", None))

