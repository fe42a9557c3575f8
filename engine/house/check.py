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
from engine.house.env import _MISSING, Env, Rules, ruleset_number
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


class _Names(dict):
    """The names a check's formulas have read at one point of its chain, by path: a
    name not asked yet is worked out (`__missing__`) and kept, since nothing a check
    reads changes at one point. Formulas look names up here directly (a dict), so a
    name read again costs a dict look-up. What reads no step (`stable`: the inputs, the
    lets of inputs alone, the readings, the ruleset's numbers) is shared by every point
    of one walk, each point starting from it."""

    __slots__ = ("values", "lets", "kept", "formulas", "readings", "rules", "stable",
                 "base")

    def __missing__(self, path: tuple[str, ...]) -> Any:
        head = path[0]
        if len(path) == 1:
            if head in self.values:
                value = self.values[head]
            elif head in self.lets:
                value = self.stable.get(path, _MISSING) if head in self.kept else _MISSING
                if value is _MISSING:
                    value = self.lets[head].fn(self.__getitem__)
            elif head in self.formulas:
                value = self.formulas[head].fn(self.__getitem__)
            else:
                value = self._base(path)
            if head in self.kept:
                self.stable[path] = value
        elif head == "rule" and len(path) == 2:
            if path[1] not in self.readings:
                raise KeyError(path)
            value = self.stable[path] = self.readings[path[1]]
        elif head == "data":
            value = self.stable[path] = ruleset_number(self.rules, path)
        else:
            value = self._base(path)
        self[path] = value
        return value

    def _base(self, path: tuple[str, ...]) -> Any:
        """What an Env without a context answers of any other name (KeyError mostly)."""
        if self.base is None:
            self.base = Env(self.rules, None, {})
        return self.base.lookup(path)


class CheckEnv(Env):
    """What a check's formulas read: its inputs and step values, its `let` formulas and
    the ruleset's readings, besides the ruleset's numbers and shared formulas."""

    def __init__(self, rules: Rules, values: dict[str, Any], lets: Mapping[str, Expr],
                 readings: Mapping[str, Any], fixed: frozenset[str] = frozenset(),
                 stable: dict[tuple[str, ...], Any] | None = None) -> None:
        super().__init__(rules, None, values)
        self.lets = lets
        self.readings = readings
        #: the names that read no step (inputs, and the lets of inputs, readings and
        #: numbers alone): the same on every branch of the chain, so their values are
        #: shared (engine.house.check.Check.kept); `stable` some of them already read
        self.fixed = fixed
        self._name_values(stable if stable is not None else {})

    def _name_values(self, stable: dict[tuple[str, ...], Any],
                     base: Env | None = None) -> None:
        names = _Names(stable)
        names.values, names.lets, names.kept = self.values, self.lets, self.fixed
        names.readings, names.stable = self.readings, stable
        names.formulas, names.rules, names.base = self.rules.formulas, self.rules, base
        self.names = names
        self.lookup = names.__getitem__       # type: ignore[method-assign]

    def with_value(self, name: str, value: Any) -> CheckEnv:
        """This point of the chain with one more step value known: what reads no step
        shared, the rest anew."""
        env = object.__new__(CheckEnv)
        env.rules, env.ctx, env._unit, env._profile = self.rules, None, None, None
        env.values = {**self.values, name: value}
        env.steps, env.memo, env.cache = {}, {}, {}
        env.lets, env.readings, env.fixed = self.lets, self.readings, self.fixed
        env._read = self._read
        env._name_values(self.names.stable, self.names.base)
        return env

    def set_value(self, name: str, value: Any) -> None:
        super().set_value(name, value)
        self.names.clear()                    # what read the old value is read again


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
        self._names = frozenset(inputs)
        #: the names whose value no step changes: the inputs no step shares a name
        #: with, and the lets that read only those (and readings and numbers)
        steps = {s.id for s in spec.steps}
        inputs_kept = self._names - steps
        self.kept = (inputs_kept | _fixed(self.lets, set(inputs_kept))) - steps
        self._kept_names = tuple(name for name in inputs if name in self.kept)
        self._kept_paths = tuple((name,) for name in self._kept_names)
        self._constant_names = _constant_lets(self.lets, steps | self._names)
        self._constants: dict[tuple[str, ...], Any] | None = None

    def constants(self) -> dict[tuple[str, ...], Any]:
        """The lets of the ruleset's numbers alone (`reach = "data.comms.contact_in"`),
        the same for every call: worked out once. One that fails is left out, to fail
        where it is read, as it would."""
        if self._constants is None:
            done: dict[tuple[str, ...], Any] = {}

            def look(path: tuple[str, ...]) -> Any:
                if len(path) > 1 and path[0] == "data":
                    return ruleset_number(self.rules, path)
                return done[path]

            for name in self._constant_names:
                try:
                    done[(name,)] = self.lets[name](look)
                except (KeyError, ValueError, ArithmeticError, TypeError):
                    continue
            self._constants = done
        return self._constants

    def __repr__(self) -> str:
        return f"Check({self.id!r})"

    def env(self, values: Mapping[str, Any], readings: Mapping[str, Any]) -> CheckEnv:
        """The formulas' names for these inputs; a missing or unknown input is refused."""
        if values.keys() != self._names:
            missing = [n for n in self.inputs if n not in values]
            extra = [n for n in values if n not in self.inputs]
            raise ExprError(self.spec.where, f"check {self.id}: inputs "
                            f"{', '.join(self.inputs)}; missing {missing}, unknown {extra}")
        # the inputs are read by path: named once here for every point of the walk
        stable = dict(zip(self._kept_paths, map(values.__getitem__, self._kept_names),
                          strict=True))
        stable.update(self.constants())
        return CheckEnv(self.rules, dict(values), self.lets, readings, self.kept, stable)

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
        main = chain.odds(self.spec, env, _NO_CONTEXT)      # refused as `resolve` is
        declared = self.spec.extra.get("parts")
        if not declared:
            return main
        parts = {name: chain.odds(replace(self.spec, outcome=expr, odds_label=name), env,
                                  _NO_CONTEXT, refuse=False)
                 for name, expr in declared.items()}
        return replace(main, parts=parts)


def _constant_lets(lets: Mapping[str, Expr], shadowed: set[str] | frozenset[str]
                   ) -> tuple[str, ...]:
    """The lets that read only the ruleset's numbers (`data.…`) and one another, in
    an order each comes after those it reads (none a step or an input shadows)."""
    order: list[str] = []
    changed = True
    while changed:
        changed = False
        for name, e in lets.items():
            if name not in order and name not in shadowed and all(
                    (len(p) > 1 and p[0] == "data") or (len(p) == 1 and p[0] in order)
                    for p in e.paths):
                order.append(name)
                changed = True
    return tuple(order)


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
