"""What a formula can read while an action runs: the chosen units' stats and markers,
the action's options, the ruleset's readings, the board's facts, the chosen weapon, the
ruleset's own numbers (`data.…`), its named formulas and the values of the steps rolled
so far. One `Rules` holds what the file declared; one `Env` answers for one context."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.house.expr import Expr
from engine.house.memo import of_context
from engine.house.reach import RAW_FIELDS, SPACES, Hook, read_raw, read_space
from engine.house.spec import StatSpec
from engine.i18n import msg
from engine.protocol import ActionRefused, Context
from engine.scenario import Unit

__all__ = ["Rules", "Env", "stat_value", "UNIT_FIELDS", "ruleset_number"]

#: Not found (a value may be None).
_MISSING: Any = object()

#: What a formula reads of a unit besides its declared stats.
UNIT_FIELDS = ("label", "side", "id", "commander_distance")


@dataclass(frozen=True)
class Rules:
    """The declarations a ruleset file shares between its actions."""

    stats: Mapping[str, StatSpec] = field(default_factory=dict)
    formulas: Mapping[str, Expr] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)
    markers: Mapping[str, Any] = field(default_factory=dict)
    weapon_stats: Mapping[str, StatSpec] = field(default_factory=dict)
    #: the ruleset's Python hooks the file names (`hook.name`, engine.house.reach)
    hooks: Mapping[str, Hook] = field(default_factory=dict)
    #: what reads only the declarations (a `data.…` path, which formulas read no step
    #: for a set of roles), worked out once for every context of these rules
    constants: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


def stat_value(rules: Rules, unit: Unit, profile: Mapping[str, Any] | None,
               name: str) -> Any:
    """The unit's stat: its state first (what happened in the battle), then its profile,
    then the declared default; refused when none has it."""
    if name in unit.state:
        return unit.state[name]
    if profile and name in profile:
        return profile[name]
    spec = rules.stats[name]
    if spec.default is not None:
        return spec.default
    raise ActionRefused(msg("{unit}: {stat}: no value in its state or profile",
                            unit=unit.label, stat=spec.label or name), argument="actor")


def _check(spec: StatSpec, unit: Unit, value: Any) -> Any:
    """A stat value outside its declaration is refused, naming the unit and the stat."""
    bad = False
    if spec.type == "int":
        bad = isinstance(value, bool) or not isinstance(value, int)
    elif spec.type == "number":
        bad = isinstance(value, bool) or not isinstance(value, int | float)
    elif spec.type == "bool":
        bad = not isinstance(value, bool)
    elif spec.type == "choice":
        bad = value not in spec.choices
    if not bad and spec.type in ("int", "number"):
        bad = (spec.minimum is not None and value < spec.minimum) or \
              (spec.maximum is not None and value > spec.maximum)
    if bad:
        raise ActionRefused(msg("{unit}: {stat}: {value!r} is not a valid value",
                                unit=unit.label, stat=spec.label or spec.name,
                                value=value), argument="actor")
    return value


class Env:
    """The names a formula reads at one context, with the step values known so far."""

    def __init__(self, rules: Rules, ctx: Context | None, values: dict[str, Any] | None = None,
                 *, unit: Unit | None = None,
                 profile: Mapping[str, Any] | None = None) -> None:
        self.rules = rules
        self.ctx = ctx
        self.values: dict[str, Any] = values if values is not None else {}
        #: the steps rolled so far, by id (for hooks that read the dice)
        self.steps: dict[str, Any] = {}
        #: what hooks and formulas of the context alone answered, shared along one walk
        self.cache: dict[Any, Any] = {}
        #: the formulas worked out at this point of the chain (engine.house.memo)
        self.memo: dict[str, Any] = {}
        self._unit = unit
        self._profile = profile
        #: what the context answered (stats, options, facts …): the same for every
        #: branch of the chain, so shared with the Envs made from this one
        self._read: dict[tuple[str, ...], Any] = {}

    def with_value(self, name: str, value: Any) -> Env:
        """This point of the chain with one more step value known (the odds walk makes
        one per branch, so it copies what it shares instead of building anew)."""
        env = object.__new__(Env)
        env.rules, env.ctx, env._unit, env._profile = \
            self.rules, self.ctx, self._unit, self._profile
        env.values = {**self.values, name: value}
        env.steps, env.memo = {}, {}
        env.cache, env._read = self.cache, self._read
        return env

    def _role(self, name: str) -> Unit | None:
        if self.ctx is None:
            return self._unit if name == "actor" else None
        return self.ctx.actor if name == "actor" else self.ctx.role(name)

    def _profile_of(self, unit: Unit) -> Mapping[str, Any] | None:
        if self.ctx is None:
            return self._profile
        key = ("profile", unit.id)
        profile = self.cache.get(key, _MISSING)
        if profile is _MISSING:          # the same unit's profile along one walk
            profile = self.cache[key] = self.ctx.ruleset.profile_of(unit, self.ctx.profiles)
        return profile

    def lookup(self, path: tuple[str, ...]) -> Any:
        if len(path) == 1:
            head = path[0]
            values = self.values
            if head in values:
                return values[head]
            if head in self.rules.formulas:
                return self._formula(head)
        value = self._read.get(path, _MISSING)
        if value is not _MISSING:
            return value
        head = path[0]
        value = self._answer(path, head, path[1:])
        if head != "hook":          # a hook may read the dice: engine.house.reach keeps
            self._read[path] = value    # the answers of the hooks of the context
        return value

    def _answer(self, path: tuple[str, ...], head: str, rest: tuple[str, ...]) -> Any:
        """What the context says of `path` (not a step value, not a formula)."""
        if head == "data":
            return ruleset_number(self.rules, path)
        if head in ("option", "rule", "fact", "weapon") and len(rest) == 1:
            return self._context_value(head, rest[0])
        if head == "weapon" and not rest and self.ctx is not None:
            return dict(self.ctx.weapon) if self.ctx.weapon is not None else None
        if head in SPACES:
            return read_space(self, path)
        unit = self._role(head) if self.ctx is not None or head == "actor" else None
        if unit is None:
            if not rest and self.ctx is not None and head in self._roles():
                return None           # an optional role not chosen: false in a condition
            raise KeyError(path)
        if not rest:
            return unit.id
        return self._unit_value(unit, rest, path)

    def set_value(self, name: str, value: Any) -> None:
        """A step's value, known from here on (the formulas of the dice are read again)."""
        self.values[name] = value
        self.memo.clear()

    def _formula(self, name: str) -> Any:
        if name in self.memo:
            return self.memo[name]
        key = ("formula", name)
        if key in self.cache:          # only formulas of the context are kept there
            return self.cache[key]
        shared = self.ctx is not None and self._of_context(name)
        value = self.rules.formulas[name](self.lookup)
        self.memo[name] = value
        if shared:
            self.cache[key] = value
        return value

    def role_unit(self, name: str) -> Unit | None:
        """The unit filling role `name` (None when not chosen or not a role)."""
        try:
            return self._role(name)
        except (KeyError, ValueError):
            return None

    def _roles(self) -> frozenset[str]:
        assert self.ctx is not None
        if "roles" not in self.cache:
            self.cache["roles"] = frozenset(r.name for r in self.ctx.action.roles)
        return self.cache["roles"]

    def _of_context(self, name: str) -> bool:
        """Whether formula `name` reads no step value (engine.house.memo), known once
        for the rules and these roles."""
        known = self.rules.constants.setdefault(("of_context", self._roles()), {})
        if name not in known:
            of_context(name, self.rules.formulas, self.rules.hooks, self._roles(), known)
        return known[name]

    def _context_value(self, kind: str, name: str) -> Any:
        ctx = self.ctx
        if ctx is None:
            raise KeyError((kind, name))
        if kind == "option":
            return ctx.option(name)
        if kind == "rule":
            return ctx.rule(name)
        if kind == "fact":
            return ctx.fact(name)
        weapon = ctx.weapon if ctx.weapon is not None else self._own_weapon(ctx)
        if name not in weapon:
            raise ActionRefused(msg("the weapon has no {field}", field=name),
                                argument="weapon")
        return weapon[name]

    def _own_weapon(self, ctx: Context) -> Mapping[str, Any]:
        """The weapon used when none is chosen: the first the actor's profile lists."""
        profile = self._profile_of(ctx.actor) or {}
        for wid in profile.get("weapons") or ():
            if wid in ctx.ruleset.weapons:
                return ctx.ruleset.weapons[wid]
        raise ActionRefused(msg("{unit} carries no weapon: choose one", unit=ctx.actor.label),
                            argument="weapon")

    def _commander_distance(self, unit: Unit) -> float | None:
        """Inches from the unit to its direct commander (the scenario's chain of
        command), edge to edge or centre to centre as the ruleset measures; None without
        a commander on the table."""
        ctx = self.ctx
        if ctx is None or ctx.game is None or not unit.parent \
                or not ctx.game.on_table(unit.parent):
            return None
        from engine.measure import measure_pair

        m = measure_pair(ctx.game.scenario, unit.id, unit.parent)
        return float(m.centre_in if ctx.ruleset.measure == "centre" else m.edge_in)

    def _unit_value(self, unit: Unit, rest: tuple[str, ...], path: tuple[str, ...]) -> Any:
        name = rest[0]
        if name in RAW_FIELDS and len(rest) == 2:
            return read_raw(unit, self._profile_of(unit), rest)
        if name == "markers" and len(rest) == 2:
            return unit.markers.get(rest[1], self.rules.markers.get(rest[1], 0))
        if len(rest) != 1:
            raise KeyError(path)
        if name == "label":
            return unit.label
        if name == "side":
            return unit.side
        if name == "id":
            return unit.id
        if name == "commander_distance":
            return self._commander_distance(unit)
        if name not in self.rules.stats:
            raise KeyError(path)
        value = stat_value(self.rules, unit, self._profile_of(unit), name)
        return _check(self.rules.stats[name], unit, value)


def ruleset_number(rules: Rules, path: tuple[str, ...]) -> Any:
    """`data.…`: the ruleset's own numbers, read once for all its contexts."""
    constants = rules.constants
    value = constants.get(path, _MISSING)
    if value is _MISSING:
        value = constants[path] = _walk(rules.data, path[1:], path)
    return value


def _walk(data: Any, rest: tuple[str, ...], path: tuple[str, ...]) -> Any:
    for part in rest:
        if isinstance(data, Mapping) and part in data:
            data = data[part]
        else:
            raise KeyError(path)
    return data
