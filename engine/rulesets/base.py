"""The ruleset protocol: what a ruleset declares and what resolving an action returns.

A ruleset module (engine/rulesets/<name>.py) builds one `Ruleset` and exposes it as the
module attribute `RULESET`; the registry finds it. Read docs/ruleset-protocol.md first.

- `Ruleset`  — id, name, dice, scale, profile schemas, cover mapping (generic 0–4 → its
  own term and value), ruleset-wide `Option`s (AMBIGUOUS readings) and `Action`s.
- `Action`   — id, label, `Role`s it needs, player `Option`s, the geometry `facts` it
  reads, and two methods: `resolve(ctx, dice) -> Resolution` and
  `odds(ctx) -> OutcomeDistribution` (exact); `applies_to(ruleset, unit, profile)` says
  which units may take it (`Ruleset.actions_for(unit)` is what the app offers a unit).
- `Context`  — everything an action reads: actor, target, weapon, point, `Facts` (filled
  by the app from the board, any of them overridden by the player), option values,
  ruleset option values, the game, profiles.
- `Step` / `Resolution` — the ordered steps (dice and faces, target, comparison,
  modifiers with reasons, outcome) and the effects as one undoable `Change`.

`roll_test`, `roll_bands` and `info_step` build Steps so every ruleset shows its work the
same way; `make_test` turns a base number and modifiers into the `Test` that both the roll
and the odds use, so the two never disagree.
"""

from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from engine.dice import Bands, Comparison, DiceSource, Die, RollRecord, Test, draw
from engine.model import Change, Effect, Game, LogEntry
from engine.odds import OutcomeDistribution
from engine.options import (
    Modifier,
    Option,
    Schema,
    SchemaError,
    apply_modifiers,
    validate_options,
    validate_record,
)
from engine.scenario import Unit

__all__ = [
    "FACTS", "Facts", "FactMissing", "Role", "CoverTerm", "Context", "Step", "Resolution",
    "Action", "Ruleset", "make_test", "make_bands", "roll_test", "roll_bands", "roll_step",
    "info_step",
]

# --------------------------------------------------------------------------- facts

#: The geometry facts an action may consume; the app fills them from the board.
FACTS: dict[str, str] = {
    "distance_in": "distance between the units, inches (edge to edge unless the ruleset "
                   "measures centre to centre)",
    "distance_m": "the same distance in metres (scenario metres_per_inch)",
    "range_band": "range band in the ruleset's terms (a number or a name); rulesets "
                  "derive it from the distance when the app leaves it empty",
    "los": "line of sight exists (bool)",
    "visible_fraction": "share of the target's base the shooter sees, 0–1",
    "cover": "generic cover level 0–4 (none, light, medium, heavy, fortification)",
    "side_struck": "facing of the target struck: front, left, right or rear",
    "in_arc": "target inside the weapon's arc (bool)",
    "under_template": "ids of the units under a template (list)",
    "under_template_centre": "id of the unit under a template's centre hole, if any",
}
SIDES = ("front", "left", "right", "rear")


class FactMissing(ValueError):
    """An action needs a fact the board could not give and the player did not enter."""


@dataclass(frozen=True, slots=True)
class Facts:
    """Geometry facts for one resolution; `overridden` names those the player set by
    hand ("the real table wins over its mirror"). `extra` holds ruleset-specific facts."""

    distance_in: float | None = None
    distance_m: float | None = None
    range_band: int | str | None = None
    los: bool | None = None
    visible_fraction: float | None = None
    cover: int | None = None
    side_struck: str | None = None
    in_arc: bool | None = None
    under_template: tuple[str, ...] | None = None
    under_template_centre: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    overridden: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name in ("distance_in", "distance_m"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)
                                  or not math.isfinite(v) or v < 0):
                raise SchemaError(f"facts.{name}: expected a number ≥ 0, got {v!r}")
        vf = self.visible_fraction
        if vf is not None and (isinstance(vf, bool) or not isinstance(vf, int | float)
                               or not 0 <= vf <= 1):
            raise SchemaError(f"facts.visible_fraction: expected a number 0–1, got {vf!r}")
        c = self.cover
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 4):
            raise SchemaError(f"facts.cover: expected a whole number 0–4, got {c!r}")
        if self.side_struck is not None and self.side_struck not in SIDES:
            raise SchemaError(f"facts.side_struck: expected one of {' | '.join(SIDES)}, "
                              f"got {self.side_struck!r}")
        for name in ("los", "in_arc"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, bool):
                raise SchemaError(f"facts.{name}: expected true or false, got {v!r}")
        if self.under_template is not None:
            object.__setattr__(self, "under_template", tuple(self.under_template))
        unknown = set(self.overridden) - set(FACTS) - set(self.extra)
        if unknown:
            raise SchemaError(f"facts.overridden: unknown fact {sorted(unknown)[0]!r}")

    def override(self, **values: Any) -> Facts:
        """A copy with `values` set by the player (validated, marked as overridden).
        Unknown names go to `extra`."""
        known = {k: v for k, v in values.items() if k in FACTS}
        extra = {k: v for k, v in values.items() if k not in FACTS}
        return replace(self, **known, extra={**self.extra, **extra},
                       overridden=self.overridden | frozenset(values))

    def get(self, name: str) -> Any:
        if name in FACTS:
            return getattr(self, name)
        return self.extra.get(name)

    def need(self, name: str, action: str = "") -> Any:
        """The fact's value, or FactMissing telling the player what to enter."""
        v = self.get(name)
        if v is None:
            who = f"action {action!r} " if action else ""
            raise FactMissing(f"{who}needs facts.{name} ({FACTS.get(name, 'ruleset fact')}):"
                              f" not measured — enter it")
        return v

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in FACTS if getattr(self, k) is not None}
        if d.get("under_template") is not None:
            d["under_template"] = list(d["under_template"])
        d.update(self.extra)
        d["overridden"] = sorted(self.overridden)
        return d


# --------------------------------------------------------------------------- declarations

RoleName = Literal["actor", "target", "targets", "weapon", "point"]


@dataclass(frozen=True, slots=True)
class Role:
    """A thing the action needs chosen: the acting unit, a target unit, several targets
    (squad members, units under a template), a weapon, or a template point."""

    name: RoleName
    required: bool = True
    label: str = ""


@dataclass(frozen=True, slots=True)
class CoverTerm:
    """What the generic cover level means in this ruleset: its own word and number
    (Iron Hearts: level 2 → "cover 2", value 2 off Damage)."""

    term: str
    value: int
    proposed: bool = False
    reason: str = ""


# --------------------------------------------------------------------------- steps


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

    @property
    def rolls(self) -> list[RollRecord]:
        return [r for s in self.steps for r in s.rolls]

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(f"resolution {self.action!r}: no step {step_id!r}")

    def log_entry(self, turn: int) -> LogEntry:
        """The roll-log line for this resolution."""
        return LogEntry(turn, self.actor, self.action, self.target, tuple(self.rolls),
                        self.summary,
                        {"ruleset": self.ruleset, "options": dict(self.options),
                         "rules": dict(self.rules), "facts": self.facts.to_dict(),
                         "steps": [s.to_dict() for s in self.steps],
                         "effects": self.change.describe()})


def make_test(die: Die, base: int, modifiers: Sequence[Modifier] = (),
              comparison: Comparison = Comparison.LE, *, dice: int = 1,
              natural_success: int | None = None,
              natural_failure: int | None = None) -> Test:
    """The Test for a base number and its modifiers: "target" modifiers move the target
    (in order; `sets` replaces it), "roll" modifiers become the roll bonus."""
    return Test(die, apply_modifiers(base, modifiers, "target"), comparison, dice,
                apply_modifiers(0, modifiers, "roll"), natural_success, natural_failure)


def make_bands(die: Die, comparison: Comparison, thresholds: Sequence[tuple[int, str]],
               otherwise: str, modifiers: Sequence[Modifier] = (), *, dice: int = 1,
               naturals: Sequence[tuple[int, str]] = ()) -> Bands:
    """Bands whose roll bonus is the sum of the "roll" modifiers (damage table d10 +
    previous penetrations + DM). Thresholds are given final: a target-side modifier
    (cover lowering Damage) is already in them, and is listed in the step for display."""
    return Bands(die, comparison, tuple(thresholds), otherwise, dice,
                 apply_modifiers(0, modifiers, "roll"), tuple(naturals))


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
    return ", ".join(f"{c[k]} × {k}" for k in order if c[k])


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
    nat = [f"{g[0]}: {k}" for g in groups if (k := test.natural(g))] \
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
                outcome=text, note="; ".join(filter(None, [note, ", ".join(nat)])),
                highlight=(success,))


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


# --------------------------------------------------------------------------- context


@dataclass(frozen=True, slots=True)
class Context:
    """What an action reads. Build it with `Ruleset.context(...)`, which validates it."""

    ruleset: Ruleset
    action: Action
    actor: Unit
    target: Unit | None = None
    targets: tuple[Unit, ...] = ()
    weapon: Mapping[str, Any] | None = None
    weapon_id: str | None = None
    point: tuple[float, float] | None = None
    facts: Facts = field(default_factory=Facts)
    options: Mapping[str, Any] = field(default_factory=dict)
    rules: Mapping[str, Any] = field(default_factory=dict)
    game: Game | None = None
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    extra_modifiers: tuple[tuple[str, Modifier], ...] = ()

    def option(self, option_id: str) -> Any:
        try:
            return self.options[option_id]
        except KeyError:
            raise KeyError(f"action {self.action.id!r} has no option {option_id!r}") from None

    def rule(self, option_id: str) -> Any:
        try:
            return self.rules[option_id]
        except KeyError:
            raise KeyError(f"ruleset {self.ruleset.id!r} has no option {option_id!r}") from None

    def profile(self, unit: Unit | None = None) -> Mapping[str, Any]:
        """The profile record of `unit` (default: the actor): the scenario's own profiles
        first, then the ruleset's library (`Ruleset.profile_of`)."""
        u = unit or self.actor
        record = self.ruleset.profile_of(u, self.profiles)
        if record is not None:
            return record
        raise SchemaError(f"units[{u.id}].profile: no profile {u.profile!r} in the "
                          f"scenario or the {self.ruleset.id} library")

    def modifiers(self, step: str) -> list[Modifier]:
        """Modifiers for step id `step`: from the action options that are set (in the
        action's declared order), then the ones the player typed for that step."""
        out = []
        for o in self.action.options:
            if step in o.steps:
                m = o.as_modifier(self.options.get(o.id, o.default))
                if m is not None:
                    out.append(m)
        out.extend(m for s, m in self.extra_modifiers if s == step)
        return out

    def fact(self, name: str) -> Any:
        return self.facts.need(name, self.action.id)

    def resolution(self, steps: Sequence[Step], effects: Sequence[Effect],
                   summary: str) -> Resolution:
        """The Resolution of this context's action (effects as one unapplied Change)."""
        target = self.target.id if self.target else None
        return Resolution(self.ruleset.id, self.action.id, self.action.label, self.actor.id,
                          target, list(steps),
                          Change(list(effects), f"{self.action.label}: {self.actor.label}"),
                          summary, self.facts, dict(self.options), dict(self.rules))

    def resolve(self, dice: DiceSource) -> Resolution:
        """Shorthand for `ctx.action.resolve(ctx, dice)`."""
        return self.action.resolve(self, dice)

    def odds(self) -> OutcomeDistribution:
        """Shorthand for `ctx.action.odds(ctx)`."""
        return self.action.odds(self)


# --------------------------------------------------------------------------- actions


class Action(ABC):
    """An action of a ruleset. Subclass, set the class attributes, implement both methods.

    `steps` lists the step ids a player may add free modifiers to; `facts` the FACTS
    names (or ruleset-specific names) it reads; `ap_cost` is informative for the UI.
    `kind` is "action" (something a unit does, usually for AP) or "test" (a unit-wide
    test the Tests panel lists: morale, detection, a skill check).
    """

    id: ClassVar[str]
    label: ClassVar[str]
    kind: ClassVar[Literal["action", "test"]] = "action"
    roles: ClassVar[tuple[Role, ...]] = (Role("actor"),)
    options: ClassVar[tuple[Option, ...]] = ()
    facts: ClassVar[tuple[str, ...]] = ()
    steps: ClassVar[tuple[str, ...]] = ()
    ap_cost: ClassVar[int | None] = None
    doc: ClassVar[str] = ""
    #: whom `applies_to` admits, in words ("vehicles", "characters with grenades"), for
    #: the refusal "tank_fire applies to vehicles only"; "" when it applies to every unit
    audience: ClassVar[str] = ""

    @abstractmethod
    def resolve(self, ctx: Context, dice: DiceSource) -> Resolution:
        """Roll (only through `dice`), judge, and return steps + effects."""

    @abstractmethod
    def odds(self, ctx: Context) -> OutcomeDistribution:
        """The exact outcome distribution of `resolve` for the same context."""

    def applies_to(self, ruleset: Ruleset, unit: Unit, profile: Mapping[str, Any]) -> bool:
        """Whether `unit` (whose profile record is `profile`) can take this action at all,
        so the app offers it only to units that can: a rifleman has no main gun to fire.
        Read the profile, not the unit's state — a tank out of AP still *has* the action,
        and `resolve` refuses it. Default: every unit. Override it together with
        `audience`."""
        return True

    def role(self, name: str) -> Role | None:
        return next((r for r in self.roles if r.name == name), None)

    def range_band(self, ctx: Context) -> int | str | None:
        """The range band this action reads at `ctx`'s distance, from the ruleset's scheme
        for the weapon, so the app can fill and show `facts.range_band`. None (the
        default) when the action has no bands; the action derives its band itself when
        the fact is empty either way."""
        return None

    def describe(self) -> dict:
        """JSON-able declaration for the UI and `warboard … --json`."""
        return {"id": self.id, "label": self.label, "kind": self.kind, "doc": self.doc,
                "roles": [{"name": r.name, "required": r.required, "label": r.label}
                          for r in self.roles],
                "options": [o.to_dict() for o in self.options], "facts": list(self.facts),
                "steps": list(self.steps), "ap_cost": self.ap_cost,
                "audience": self.audience}


# --------------------------------------------------------------------------- ruleset


@dataclass(frozen=True, slots=True)
class BoardHints:
    """What the board asks a ruleset while a unit is dragged or measured. Each hook takes a
    scenario Unit and answers None where the ruleset's data has no answer (the board then
    falls back to its own setting or draws plain lines)."""

    #: metres one AP of movement takes the unit, and where that figure comes from
    move_allowance_m: Callable[[Any], tuple[float, str] | None] | None = None
    #: the unit's first weapon: its name and range scheme (geometry.ranges.RangeScheme)
    weapon_scheme: Callable[[Any], tuple[str, Any] | None] | None = None
    #: whether the unit moves as a vehicle (terrain's vehicle movement)
    is_vehicle: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Ruleset:
    """A ruleset's declaration. `profile_fields` maps a profile kind ("character",
    "weapon", "vehicle" …) to its schema; `profiles` and `weapons` are the library
    records loaded from resources/rulesets/<id>/ (validated)."""

    id: str
    name: str
    dice: tuple[Die, ...]
    metres_per_inch: float
    distance_unit: Literal["m", "in", "step"]
    cover: Mapping[int, CoverTerm]
    actions: tuple[Action, ...]
    options: tuple[Option, ...] = ()
    profile_fields: Mapping[str, Schema] = field(default_factory=dict)
    profiles: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    weapons: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    measure: Literal["edge", "centre"] = "edge"
    inches_per_step: float = 1.0
    doc: str = ""
    #: engine.turns.TurnStructure (None: engine.turns.DEFAULT)
    turn_structure: Any = None
    board: BoardHints = field(default_factory=BoardHints)

    def __post_init__(self) -> None:
        where = f"ruleset {self.id}"
        if sorted(self.cover) != [0, 1, 2, 3, 4]:
            raise SchemaError(f"{where}.cover: expected terms for levels 0–4, "
                              f"got {sorted(self.cover)}")
        if not (isinstance(self.metres_per_inch, int | float) and self.metres_per_inch > 0):
            raise SchemaError(f"{where}.metres_per_inch: expected a number > 0, "
                              f"got {self.metres_per_inch!r}")
        for what, ids in (("actions", [a.id for a in self.actions]),
                          ("options", [o.id for o in self.options])):
            dup = [i for i, c in Counter(ids).items() if c > 1]
            if dup:
                raise SchemaError(f"{where}.{what}: duplicate id {dup[0]!r}")

    def action(self, action_id: str) -> Action:
        for a in self.actions:
            if a.id == action_id:
                return a
        known = ", ".join(a.id for a in self.actions)
        raise KeyError(f"ruleset {self.id!r} has no action {action_id!r} (known: {known})")

    def profile_of(self, unit: Unit, profiles: Mapping[str, Mapping[str, Any]] | None = None
                   ) -> Mapping[str, Any] | None:
        """`unit`'s profile record: from `profiles` (the scenario's own) first, then this
        ruleset's library; None when neither has it."""
        for source in (profiles or {}, self.profiles):
            if unit.profile in source:
                return source[unit.profile]
        return None

    def actions_for(self, unit: Unit, profile: Mapping[str, Any] | None = None, *,
                    profiles: Mapping[str, Mapping[str, Any]] | None = None
                    ) -> tuple[Action, ...]:
        """The actions `unit` can take (`Action.applies_to`), in declaration order.
        `profile` defaults to `profile_of(unit, profiles)`; a unit whose profile is
        unknown gets every action (nothing to judge it by)."""
        record = profile if profile is not None else self.profile_of(unit, profiles)
        if record is None:
            return self.actions
        return tuple(a for a in self.actions if a.applies_to(self, unit, record))

    def why_not(self, action_id: str, unit: Unit, profile: Mapping[str, Any] | None = None,
                *, profiles: Mapping[str, Mapping[str, Any]] | None = None) -> str | None:
        """None when `unit` can take action `action_id`, else why not, in words:
        "tank_fire applies to vehicles only" (KeyError for an unknown action)."""
        action = self.action(action_id)
        if action in self.actions_for(unit, profile, profiles=profiles):
            return None
        if action.audience:
            return f"{action.id} applies to {action.audience} only"
        return f"{action.id} does not apply to this unit"

    def cover_term(self, level: int) -> CoverTerm:
        if level not in self.cover:
            raise SchemaError(f"cover: expected a level 0–4, got {level!r}")
        return self.cover[level]

    def option_values(self, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Ruleset options: defaults with `values` applied (validated)."""
        return validate_options(self.options, values or {}, f"{self.id}.options")

    def validate_profile(self, kind: str, data: Mapping[str, Any], where: str) -> dict:
        if kind not in self.profile_fields:
            known = ", ".join(self.profile_fields) or "none"
            raise SchemaError(f"{where}: unknown profile kind {kind!r} (known: {known})")
        return validate_record(data, self.profile_fields[kind], where)

    def weapon(self, weapon_id: str) -> Mapping[str, Any]:
        try:
            return self.weapons[weapon_id]
        except KeyError:
            raise SchemaError(f"weapon: no weapon {weapon_id!r} in the {self.id} "
                              f"library") from None

    def context(self, action_id: str, *, actor: Unit, target: Unit | None = None,
                targets: Sequence[Unit] = (),
                weapon: str | Mapping[str, Any] | None = None,
                point: tuple[float, float] | None = None, facts: Facts | None = None,
                options: Mapping[str, Any] | None = None,
                rules: Mapping[str, Any] | None = None, game: Game | None = None,
                profiles: Mapping[str, Mapping[str, Any]] | None = None,
                extra_modifiers: Sequence[tuple[str, Modifier]] = ()) -> Context:
        """A validated Context: required roles present, options known and in range,
        extra modifiers aimed at declared steps."""
        action = self.action(action_id)
        given = {"actor": actor, "target": target, "targets": targets or None,
                 "weapon": weapon, "point": point}
        for r in action.roles:
            if r.required and given[r.name] is None:
                raise SchemaError(f"{action.id}.{r.name}: required ({r.label or r.name})")
        weapon_id = weapon if isinstance(weapon, str) else None
        record = self.weapon(weapon) if isinstance(weapon, str) else weapon
        for step, _ in extra_modifiers:
            if step not in action.steps:
                raise SchemaError(f"{action.id}.modifiers: no step {step!r} "
                                  f"(steps: {', '.join(action.steps) or 'none'})")
        if profiles is None and game is not None:
            profiles = game.scenario.profiles or {}
        return Context(self, action, actor, target, tuple(targets), record, weapon_id,
                       point, facts or Facts(),
                       validate_options(action.options, options or {}, action.id),
                       self.option_values(rules), game, profiles or {},
                       tuple(extra_modifiers))

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "dice": [d.name for d in self.dice],
                "metres_per_inch": self.metres_per_inch, "distance_unit": self.distance_unit,
                "measure": self.measure,
                "cover": {lvl: {"term": t.term, "value": t.value, "proposed": t.proposed}
                          for lvl, t in self.cover.items()},
                "options": [o.to_dict() for o in self.options],
                "actions": [a.describe() for a in self.actions]}
