"""Steps and resolutions: how every ruleset shows its work, and the helpers that roll them.

`make_test` turns a base number and modifiers into the `Test` that both the roll and the
odds use, so the two never disagree; `make_pool` does the same for a pool of dice whose
size and die step modifiers may change ("+2 dice veterans", "−1 die step wounded")."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from engine.dice import (
    Bands,
    Comparison,
    DiceError,
    DiceSource,
    Die,
    RollRecord,
    Test,
    draw,
    step_die,
)
from engine.i18n import join, msg
from engine.options import Modifier, apply_modifiers
from engine.protocol.facts import Facts

if TYPE_CHECKING:  # loaded where a step is rolled or priced, not to declare an action
    import icepool

    from engine.model import Change, LogEntry

__all__ = ["Step", "Resolution", "Pool", "make_test", "make_bands", "make_pool", "pool_size",
           "stepped_die", "roll_test", "roll_pool", "roll_bands", "roll_step", "info_step"]


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a resolution as the players see it.

    `results` has one label per test (per die, or per group of summed dice) and `totals`
    the compared totals when they differ from the faces (summed dice, roll bonus).
    `bands`/`otherwise` replace `target` when a roll is read against a table.
    """

    id: str
    label: str
    rolls: tuple[RollRecord, ...] = ()
    comparison: Comparison | None = None
    target: int | None = None
    base: int | None = None
    base_label: str = ""
    modifiers: tuple[Modifier, ...] = ()
    roll_bonus: int = 0
    results: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()
    bands: tuple[tuple[int, str], ...] = ()
    otherwise: str = ""
    outcome: str = ""
    note: str = ""
    highlight: tuple[str, ...] = ()

    def count(self, result: str) -> int:
        """How many tests of this step came out as `result` (e.g. "hit")."""
        return sum(1 for r in self.results if r == result)

    def with_outcome(self, outcome: str, note: str | None = None) -> Step:
        """A copy with the outcome (and note) set once the rule has read the dice."""
        return replace(self, outcome=outcome, note=self.note if note is None else note)

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(f for r in self.rolls for f in r.faces)

    def to_dict(self) -> dict:
        return {
            "id": self.id, "label": self.label, "rolls": [r.to_dict() for r in self.rolls],
            "comparison": self.comparison.symbol if self.comparison else None,
            "target": self.target, "base": self.base, "base_label": self.base_label,
            "modifiers": [{"label": m.label, "value": m.value, "reason": m.reason,
                           "proposed": m.proposed, "to": m.to, "sets": m.sets}
                          for m in self.modifiers],
            "roll_bonus": self.roll_bonus, "results": list(self.results),
            "totals": list(self.totals), "bands": [list(b) for b in self.bands],
            "otherwise": self.otherwise, "outcome": self.outcome, "note": self.note,
            "highlight": list(self.highlight),
        }


@dataclass(slots=True)
class Resolution:
    """What resolving an action produced: ordered steps, the effects as one Change (not
    yet applied — the app applies it, undoably), and a one-line summary."""

    ruleset: str
    action: str
    action_label: str
    actor: str
    target: str | None
    steps: list[Step]
    change: Change
    summary: str
    facts: Facts = field(default_factory=Facts)
    options: dict = field(default_factory=dict)
    rules: dict = field(default_factory=dict)
    #: the roles beyond actor, target, targets and weapon, as text (name → "b1", "3, 4")
    roles: dict = field(default_factory=dict)
    #: unit and group ids → the names players read (renderings say names, the log ids)
    names: dict = field(default_factory=dict)
    #: the cost its outcome priced (an engine.costs.Cost), charged on apply instead of the
    #: action's declared cost; None: the declared cost (engine.costs.charged_cost)
    cost: Any = None

    @property
    def rolls(self) -> list[RollRecord]:
        return [r for s in self.steps for r in s.rolls]

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(f"resolution {self.action!r}: no step {step_id!r}")

    def log_entry(self, turn: int) -> LogEntry:
        """The roll-log line for this resolution: the effects as the exact, id-based
        record (`effects`) and in their dict form (`change`), from which a post words
        them in its reader's language (engine.wording)."""
        from engine.model import LogEntry

        return LogEntry(turn, self.actor, self.action, self.target, tuple(self.rolls),
                        self.summary,
                        {"ruleset": self.ruleset, "options": dict(self.options),
                         "rules": dict(self.rules), "facts": self.facts.to_dict(),
                         "steps": [s.to_dict() for s in self.steps],
                         "effects": self.change.describe(),
                         "change": [e.to_dict() for e in self.change.effects]})


def stepped_die(die: Die, modifiers: Sequence[Modifier] = ()) -> Die:
    """`die` moved along the ladder (d4–d12) by the "die_step" modifiers: −1 turns a d8
    into a d6. ValueError naming the modifiers when the die falls off the bottom (the roll
    is impossible) or is not on the ladder."""
    steps = [m for m in modifiers if m.to == "die_step"]
    if not steps:
        return die
    total = sum(m.value for m in steps)
    names = ", ".join(m.text for m in steps)
    try:
        out = step_die(die, total)
    except DiceError as err:
        raise ValueError(f"die step ({names}): {err}") from None
    if out is None:
        raise ValueError(f"die step ({names}): a {die.name} stepped {total:+d} falls off "
                         f"the ladder below d4 — the roll is impossible")
    return out


def pool_size(base: int, modifiers: Sequence[Modifier] = ()) -> int:
    """The number of dice in a pool: `base` with the "pool" modifiers applied in order
    (`sets` replaces it), never below 0."""
    return max(0, apply_modifiers(base, modifiers, "pool"))


def make_test(die: Die, base: int, modifiers: Sequence[Modifier] = (),
              comparison: Comparison = Comparison.LE, *, dice: int = 1,
              natural_success: int | None = None,
              natural_failure: int | None = None) -> Test:
    """The Test for a base number and its modifiers: "target" modifiers move the target
    (in order; `sets` replaces it), "roll" modifiers become the roll bonus, "die_step"
    modifiers step the die (`stepped_die`). "pool" modifiers are for `make_pool`."""
    d = stepped_die(die, modifiers)
    if d is not die:   # a natural face the stepped die does not have cannot come up
        natural_success = natural_success if natural_success in d.faces else None
        natural_failure = natural_failure if natural_failure in d.faces else None
    return Test(d, apply_modifiers(base, modifiers, "target"), comparison, dice,
                apply_modifiers(0, modifiers, "roll"), natural_success, natural_failure)


def make_bands(die: Die, comparison: Comparison, thresholds: Sequence[tuple[int, str]],
               otherwise: str, modifiers: Sequence[Modifier] = (), *, dice: int = 1,
               naturals: Sequence[tuple[int, str]] = ()) -> Bands:
    """Bands whose roll bonus is the sum of the "roll" modifiers (damage table d10 +
    previous penetrations + DM), on the die the "die_step" modifiers leave. Thresholds
    are given final: a target-side modifier (cover lowering Damage) is already in them,
    and is listed in the step for display."""
    return Bands(stepped_die(die, modifiers), comparison, tuple(thresholds), otherwise, dice,
                 apply_modifiers(0, modifiers, "roll"), tuple(naturals))


@dataclass(frozen=True, slots=True)
class Pool:
    """`n` tests of `test` rolled together — a pool of dice after its modifiers: the pool
    size (`base_n` and the "pool" modifiers), the die (the "die_step" ones), the target
    and the roll. Roll it with `roll_pool`, price it with `successes()`: the same object
    both ways."""

    test: Test
    n: int
    base_n: int
    modifiers: tuple[Modifier, ...] = ()

    def successes(self) -> icepool.Die:
        """The exact number of successes (engine.odds.successes)."""
        from engine.odds import successes

        return successes(self.n, self.test)


def make_pool(die: Die, n: int, target: int, modifiers: Sequence[Modifier] = (),
              comparison: Comparison = Comparison.GE, *, dice: int = 1,
              natural_success: int | None = None,
              natural_failure: int | None = None) -> Pool:
    """A pool of `n` dice (before modifiers) each a test against `target`: seed 04's d6
    pool with successes on X+, seed 05's quality die stepped down. Every modifier kind
    applies: pool → n, die_step → the die, target → the number, roll → each die."""
    test = make_test(die, target, modifiers, comparison, dice=dice,
                     natural_success=natural_success, natural_failure=natural_failure)
    return Pool(test, pool_size(n, modifiers), n, tuple(modifiers))


def roll_step(dice: DiceSource, die: Die, *, id: str, label: str, n: int = 1,
              modifiers: Sequence[Modifier] = (), outcome: str = "",
              note: str = "") -> Step:
    """Roll `n` × `die` summed, plus the "roll" modifiers, with nothing to compare
    against: initiative, a scatter distance, a 2dN combat move, one side of an opposed
    roll. The sum is `step.totals[0]`; set the outcome after reading it
    (`step.with_outcome(...)`)."""
    rec = draw(dice, die, n, label=label)
    bonus = apply_modifiers(0, modifiers, "roll")
    return Step(id, label, (rec,), modifiers=tuple(modifiers), roll_bonus=bonus,
                results=("rolled",), totals=(sum(rec.faces) + bonus,), outcome=outcome,
                note=note)


@functools.lru_cache(maxsize=1024)
def _passing_faces(test: Test) -> frozenset[int]:
    """The faces of a one-die test that succeed (a Test is frozen: computed once)."""
    return frozenset(f for f in test.die.faces if test.passes((f,)))


@functools.lru_cache(maxsize=1024)
def _band_faces(bands: Bands) -> dict[int, str]:
    """Face → band label of a one-die Bands (computed once per Bands)."""
    return {f: bands.classify((f,)) for f in bands.die.faces}


def _groups(faces: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(faces[i:i + size]) for i in range(0, len(faces), size)]


def _tally(results: Sequence[str], order: Sequence[str]) -> str:
    c = Counter(results)
    parts = [msg("{n} × {result}", n=c[k], result=k) for k in order if c[k]]
    return join(", ", parts) if parts else ""


def _notes(*parts: str) -> str:
    """The non-empty notes joined by "; " (one note is kept as it is: a message stays one)."""
    given = [p for p in parts if p]
    return given[0] if len(given) == 1 else (join("; ", given) if given else "")


def roll_test(dice: DiceSource, test: Test, *, id: str, label: str, n: int = 1,
              base: int | None = None, base_label: str = "",
              modifiers: Sequence[Modifier] = (), success: str = "success",
              failure: str = "failure",
              outcome: str | Callable[[int], str] | None = None, note: str = "") -> Step:
    """Roll `n` tests (each `test.dice` dice) in one draw and judge them.

    `outcome` is the step's result text, or a function of the success count; by default
    "success" / "failure" for one test, a tally ("4 × hit, 11 × miss") for several.
    Natural-face decisions are added to the note.
    """
    rec = draw(dice, test.die, n * test.dice, label=label)
    if test.dice == 1:       # one die per test: read each face from the test's face table
        groups = [(f,) for f in rec.faces]
        ok = _passing_faces(test)
        results = tuple(success if f in ok else failure for f in rec.faces)
    else:
        groups = _groups(rec.faces, test.dice)
        results = tuple(success if test.passes(g) else failure for g in groups)
    nat = [msg("{face}: {natural}", face=g[0], natural=k) for g in groups
           if (k := test.natural(g))] \
        if test.natural_success is not None or test.natural_failure is not None else []
    k = results.count(success)
    if callable(outcome):
        text = outcome(k)
    elif outcome is not None:
        text = outcome
    else:
        text = results[0] if n == 1 else (_tally(results, (success, failure)) or "no dice")
    show_totals = test.dice > 1 or test.roll_bonus != 0
    return Step(id, label, (rec,), test.comparison, test.target,
                base if base is not None else None, base_label, tuple(modifiers),
                test.roll_bonus, results,
                tuple(test.total(g) for g in groups) if show_totals else (),
                outcome=text, note=_notes(note, join(", ", nat) if nat else ""),
                highlight=(success,))


def roll_pool(dice: DiceSource, pool: Pool, *, id: str, label: str,
              base: int | None = None, base_label: str = "", success: str = "success",
              failure: str = "failure",
              outcome: str | Callable[[int], str] | None = None, note: str = "") -> Step:
    """Roll a `Pool`: `roll_test` with the pool's size and modifiers, and a note saying how
    the pool and the die came to be when a modifier changed them ("pool 3 +2 dice = 5")."""
    said = []
    if pool.n != pool.base_n:
        said.append(msg("pool {base} → {n} dice", base=pool.base_n, n=pool.n))
    stepped = [m for m in pool.modifiers if m.to == "die_step"]
    if stepped:
        said.append(msg("die stepped to {die}", die=pool.test.die.name))
    return roll_test(dice, pool.test, id=id, label=label, n=pool.n, base=base,
                     base_label=base_label, modifiers=pool.modifiers, success=success,
                     failure=failure, outcome=outcome,
                     note=_notes(note, *said))


def roll_bands(dice: DiceSource, bands: Bands, *, id: str, label: str, n: int = 1,
               modifiers: Sequence[Modifier] = (),
               outcome: str | Callable[[Counter], str] | None = None,
               note: str = "", highlight: Sequence[str] = ()) -> Step:
    """Roll `n` rolls (each `bands.dice` dice) and read each against the bands.
    `outcome` may be a function of the Counter of labels; `highlight` names the labels
    renderings emphasise (what the actor hoped for)."""
    rec = draw(dice, bands.die, n * bands.dice, label=label)
    groups = _groups(rec.faces, bands.dice)
    if bands.dice == 1:
        table = _band_faces(bands)
        results = tuple(table[f] for f in rec.faces)
    else:
        results = tuple(bands.classify(g) for g in groups)
    if callable(outcome):
        text = outcome(Counter(results))
    elif outcome is not None:
        text = outcome
    else:
        text = results[0] if n == 1 else (_tally(results, bands.labels) or "no dice")
    show_totals = bands.dice > 1 or bands.roll_bonus != 0
    return Step(id, label, (rec,), bands.comparison, None, None, "", tuple(modifiers),
                bands.roll_bonus, results,
                tuple(bands.total(g) for g in groups) if show_totals else (),
                bands.thresholds, bands.otherwise, text, note, tuple(highlight))


def info_step(id: str, label: str, outcome: str, *, modifiers: Sequence[Modifier] = (),
              note: str = "") -> Step:
    """A step without dice: a range check, an automatic result, a comparison of two
    pools, a rule that applies ("beyond Range: hit only on a natural 1")."""
    return Step(id, label, modifiers=tuple(modifiers), outcome=outcome, note=note)
