"""Named checks: a chain of steps, written like an action's, that Python rules call with
facts they measured themselves — the turn's communication test when an action is
passed, a move's dice once the board has said how far. A check has no roles and no
context: its formulas read its declared `inputs`, its own `let` formulas, the ruleset's
readings (`rule.…`), numbers (`data.…`) and shared formulas, and the steps rolled so far.

    [checks.signal]
    label = "Signal test"
    inputs = ["courage", "distance", "seen"]
    let = { near = "seen and distance <= 12" }
    refuse = [{ when = "…", say = "…" }]
    [[checks.signal.steps]]  …

Its roll and its exact odds come from the same plans as an action's (engine.house.chain),
so they cannot disagree."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.dice import DiceSource
from engine.house import chain
from engine.house.chain import _NOTHING, Planned, _holds, _roll, plan, render, step_outcome
from engine.house.env import Env, Rules
from engine.house.expr import Expr, ExprError
from engine.house.fields import Table
from engine.house.names import Known, check_exprs
from engine.house.pack import Pack, read_formulas, read_pack
from engine.house.source import read_source
from engine.house.spec import ActionSpec, read_action
from engine.odds import OutcomeDistribution
from engine.protocol import ActionRefused, Step

__all__ = ["Check", "CheckPlan", "CheckRoll", "read_check", "load_checks", "ruleset_checks"]

#: A check is planned without a context: the chain reads one only for the player's own
#: modifiers, which a check's steps never take (read_check turns them off).
_NO_CONTEXT: Any = None

#: What an action declares and a check cannot have (it is called, not chosen).
_NOT_IN_A_CHECK = ("roles", "options", "facts", "cost", "effects", "applies", "audience",
                   "kind")


class CheckEnv(Env):
    """What a check's formulas read: its inputs and step values, its `let` formulas and
    the ruleset's readings, besides the ruleset's numbers and shared formulas."""

    def __init__(self, rules: Rules, values: dict[str, Any], lets: Mapping[str, Expr],
                 readings: Mapping[str, Any], fixed: frozenset[str] = frozenset()) -> None:
        super().__init__(rules, None, values)
        self.lets = lets
        self.readings = readings
        self._known: dict[str, Any] = {}     # the `let` values worked out so far
        #: the lets that read no step (only inputs, readings, numbers and one another):
        #: the same on every branch of the chain, so their values are shared
        self.fixed = fixed
        self._shared: dict[str, Any] = {}

    def with_value(self, name: str, value: Any) -> CheckEnv:
        env = CheckEnv(self.rules, {**self.values, name: value}, self.lets, self.readings,
                       self.fixed)
        env._read = self._read     # the ruleset's numbers: the same on every branch
        env._shared = self._shared
        return env

    def lookup(self, path: tuple[str, ...]) -> Any:
        head = path[0]
        if len(path) == 1 and head not in self.values and head in self.lets:
            known = self._shared if head in self.fixed else self._known
            if head not in known:           # values never change in one env: work it once
                known[head] = self.lets[head](self.lookup)
            return known[head]
        if head == "rule" and len(path) == 2:
            if path[1] not in self.readings:
                raise KeyError(path)
            return self.readings[path[1]]
        return super().lookup(path)


@dataclass(frozen=True)
class CheckPlan:
    """What a check does before its first die: `refused` (the refusal's words, nothing
    rolled), else the steps planned up to and including the first that rolls dice.
    `free`: it rolls no die at all (every step that runs is an `info` step)."""

    refused: Any
    steps: tuple[Planned, ...] = ()

    @property
    def free(self) -> bool:
        return self.refused is None and all(p.spec.kind == "info" for p in self.steps)

    @property
    def rolled(self) -> Planned | None:
        """The first step that rolls dice (its test, pool or dice), if any."""
        return next((p for p in self.steps if p.spec.kind != "info"), None)


@dataclass(frozen=True)
class CheckRoll:
    """A check rolled: its steps as the Steps dock shows them and its outcome."""

    steps: tuple[Step, ...]
    outcome: Any


def _fixed(lets: Mapping[str, Expr], inputs: set[str]) -> frozenset[str]:
    """The lets whose bare names are all inputs or fixed lets (no step value)."""
    fixed: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, e in lets.items():
            if name not in fixed and all(len(p) > 1 or p[0] in inputs or p[0] in fixed
                                         for p in e.paths):
                fixed.add(name)
                changed = True
    return frozenset(fixed)


class Check:
    """A named check of a ruleset file (see the module's docstring)."""

    def __init__(self, spec: ActionSpec, rules: Rules, inputs: tuple[str, ...],
                 lets: Mapping[str, Expr]) -> None:
        self.spec = spec
        self.rules = rules
        self.inputs = inputs
        self.lets = dict(lets)
        self.id = spec.id
        self.label = spec.label
        self.fixed = _fixed(self.lets, set(inputs))

    def __repr__(self) -> str:
        return f"Check({self.id!r})"

    def env(self, values: Mapping[str, Any], readings: Mapping[str, Any]) -> CheckEnv:
        """The formulas' names for these inputs; a missing or unknown input is refused."""
        missing = [n for n in self.inputs if n not in values]
        extra = [n for n in values if n not in self.inputs]
        if missing or extra:
            raise ExprError(self.spec.where, f"check {self.id}: inputs "
                            f"{', '.join(self.inputs)}; missing {missing}, unknown {extra}")
        return CheckEnv(self.rules, dict(values), self.lets, readings, self.fixed)

    def refusal(self, env: CheckEnv) -> ActionRefused | None:
        """The first refusal that holds, with its words and the argument at fault."""
        for r in self.spec.refuse:
            if r.when(env.lookup):
                return ActionRefused(render(r.say, env), argument=r.argument)
        return None

    def plan(self, values: Mapping[str, Any], readings: Mapping[str, Any]) -> CheckPlan:
        """The refusal, or the steps up to the first die (see CheckPlan)."""
        env = self.env(values, readings)
        why = self.refusal(env)
        if why is not None:
            return CheckPlan(why.text)
        out = []
        for s in self.spec.steps:
            if not _holds(s.when, env):
                env = env.with_value(s.id, env.values.get(s.id, _NOTHING[s.kind]))
                continue
            p = plan(s, env, _NO_CONTEXT)
            out.append(p)
            if s.kind != "info":
                break
            env = env.with_value(s.id, s.value(env.lookup) if s.value is not None else True)
        return CheckPlan(None, tuple(out))

    def _refuse(self, env: CheckEnv) -> None:
        refused = self.refusal(env)
        if refused is not None:
            raise refused

    def resolve(self, values: Mapping[str, Any], readings: Mapping[str, Any],
                dice: DiceSource) -> CheckRoll:
        """Roll the chain through `dice` (ActionRefused when a refusal holds)."""
        env = self.env(values, readings)
        self._refuse(env)
        steps, last = [], None
        for s in self.spec.steps:
            if not _holds(s.when, env):
                env = env.with_value(s.id, env.values.get(s.id, _NOTHING[s.kind]))
                continue
            step, value = _roll(plan(s, env, _NO_CONTEXT), env, dice)
            env = env.with_value(s.id, value)
            last = value
            text = step_outcome(s, env)
            steps.append(step.with_outcome(text) if text is not None else step)
        outcome = self.spec.outcome(env.lookup) if self.spec.outcome is not None else last
        return CheckRoll(tuple(steps), outcome)

    def odds(self, values: Mapping[str, Any], readings: Mapping[str, Any]
             ) -> OutcomeDistribution:
        """The exact distribution of the outcome, with the declared `parts` (the
        distribution of each part's formula, e.g. the inches a move rolls)."""
        env = self.env(values, readings)
        self._refuse(env)
        main = chain.odds(self.spec, env, _NO_CONTEXT)
        parts = {name: chain.odds(replace(self.spec, outcome=expr, odds_label=name), env,
                                  _NO_CONTEXT)
                 for name, expr in self.spec.extra.get("parts", {}).items()}
        return replace(main, parts=parts) if parts else main


def _names(t: Table, key: str) -> tuple[str, ...]:
    names = t.get(key, list, [])
    for i, n in enumerate(names):
        if not isinstance(n, str) or not n.isidentifier():
            raise ExprError(t.at(key).child(i), f"expected a name, got {n!r}")
    return tuple(names)


def _no_cycle(name: str, lets: Mapping[str, Expr], trail: list[str]) -> None:
    if name in trail:
        loop = " → ".join([*trail[trail.index(name):], name])
        raise ExprError(lets[name].where, f"a recursive definition: {loop}")
    for path in lets[name].paths:
        if len(path) == 1 and path[0] in lets:
            _no_cycle(path[0], lets, [*trail, name])


def read_check(t: Table, check_id: str, rules: Rules, known: Known) -> Check:
    """A [checks.<id>] table: an action's chain without roles, read and name-checked."""
    for key in _NOT_IN_A_CHECK:
        if t.has(key):
            raise ExprError(t.at(key), f"a check has no {key} (it is called with its "
                                       "inputs, not chosen)")
    inputs = _names(t, "inputs")
    lets = read_formulas(t, "let")
    parts = read_formulas(t, "parts")
    spec = read_action(t, check_id)
    spec = replace(spec, steps=tuple(replace(s, player_modifiers=False) for s in spec.steps),
                   extra={"parts": parts})
    steps = {s.id for s in spec.steps}
    here = Known(known.stats, known.formulas, known.data, known.rules, known.markers,
                 known.weapon_stats, known.facts, set(), set(),
                 set(inputs) | set(lets) | steps | {"outcome"})
    check_exprs([*lets.values(), *spec.exprs(), *parts.values()], here)
    for name in lets:
        _no_cycle(name, lets, [])
    return Check(spec, rules, inputs, lets)


def load_checks(path: Path | Traversable, *, data: Mapping[str, Any] | None = None,
                rule_ids: set[str] = frozenset(), name: str | None = None
                ) -> tuple[Pack, dict[str, Check]]:
    """A file of actions and checks: its actions (a Pack, see engine.house.pack) and its
    [checks] by id, every formula's names checked."""
    source = read_source(path, name)
    top = Table(source, "", source.data)
    pack = read_pack(top, data=data, rule_ids=rule_ids, extra=("checks",))
    known = Known(pack.rules.stats, pack.rules.formulas, pack.rules.data, set(rule_ids),
                  set(pack.markers), set(pack.rules.weapon_stats))
    checks = {}
    table = top.table("checks")
    for check_id in (table.data if table is not None else {}):
        assert table is not None
        sub = table.table(check_id)
        assert sub is not None
        checks[check_id] = read_check(sub, check_id, pack.rules, known)
    if table is not None:
        table.done()
    return pack, checks


def ruleset_checks(ruleset_id: str, filename: str, *, data: Mapping[str, Any],
                   rule_ids: set[str]) -> tuple[Pack, dict[str, Check]]:
    """A Python ruleset's file resources/rulesets/<id>/<filename> (see `load_checks`)."""
    path = files("resources.rulesets").joinpath(ruleset_id, filename)
    return load_checks(path, data=data, rule_ids=rule_ids, name=f"{ruleset_id}/{filename}")
