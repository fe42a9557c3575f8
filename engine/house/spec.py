"""The parts of a house ruleset as read from its file: stats, modifiers, steps, effects,
refusals and actions, each keeping the formulas it was written with and where.

Nothing here rolls or prices: engine.house.chain does both from these same objects, so
the roll and the odds of a data action cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.costs import Cost
from engine.dice import Comparison
from engine.house.effects import MORE_KINDS, exprs_of, read_more
from engine.house.expr import Expr, ExprError, Where
from engine.house.fields import Table, TextSpec
from engine.house.parts import read_extra
from engine.house.roles import read_role
from engine.house.texts import read_text_arg
from engine.options import Option

__all__ = ["StatSpec", "ModSpec", "StepSpec", "EffectSpec", "RefuseSpec", "ActionSpec",
           "read_stat", "read_action", "STEP_KINDS", "EFFECT_KINDS", "STAT_TYPES",
           "MAX_DICE"]

#: The most dice one step may roll (a pool, a sum): beyond it the step is refused.
MAX_DICE = 100
STEP_KINDS = ("test", "pool", "roll", "info")
EFFECT_KINDS = ("set_state", "set_marker", "add_marker", "adjust_state", "remove_unit",
                "move_toward", "fall_back", *MORE_KINDS)
STAT_TYPES = ("int", "number", "die", "choice", "bool", "text", "table")
_COST_KEYS = {"ap": int, "actions": int, "whole_activation": bool, "once_per": str,
              "times": int, "uses_weapon": bool, "reason": str, "proposed": bool}


@dataclass(frozen=True)
class StatSpec:
    """A unit statistic the rules read: its type and default (None: the unit must have
    it, in its state or its profile)."""

    name: str
    type: str
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] = ()
    label: str = ""
    label_ru: str = ""
    where: Where | None = None


def read_stat(table: Table, name: str) -> StatSpec:
    spec = StatSpec(name, table.choice("type", STAT_TYPES), table.get("default", object),
                    table.get("min", (int, float)), table.get("max", (int, float)),
                    tuple(table.get("choices", list, [])), table.get("label", str, name),
                    table.get("label_ru", str, ""), table.where)
    table.done()
    if spec.type == "choice" and not spec.choices:
        raise ExprError(table.at("choices"), "a choice stat lists its choices")
    return spec


@dataclass(frozen=True)
class ModSpec:
    """A modifier of a step, applied when `when` holds (engine.options.Modifier)."""

    label: TextSpec
    value: Expr
    when: Expr | None
    to: str
    reason: str
    proposed: bool
    sets: bool

    def exprs(self) -> list[Expr]:
        return [self.value, *([self.when] if self.when else []), *self.label.exprs()]


def _read_mod(t: Table) -> ModSpec:
    mod = ModSpec(TextSpec.read(t, "label", required=True), t.expr("value", required=True),
                  t.expr("when"), t.choice("to", ("target", "roll", "die_step", "pool"),
                                           "target"),
                  t.get("reason", str, ""), t.get("proposed", bool, False),
                  t.get("sets", bool, False))
    t.done()
    return mod


@dataclass(frozen=True)
class StepSpec:
    """One step of a chain. `test`: one roll (of `dice` dice summed) against a number,
    its value true or false; `pool`: `n` such rolls, its value the successes; `roll`: `n`
    dice summed, its value the total; `info`: no dice, its value the `value` formula."""

    id: str
    kind: str
    label: TextSpec
    where: Where
    when: Expr | None = None
    die: Expr | None = None
    dice: Expr | None = None
    n: Expr | None = None
    vs: Comparison = Comparison.GE
    target: Expr | None = None
    base_label: TextSpec | None = None
    modifiers: tuple[ModSpec, ...] = ()
    success: str = "success"
    failure: str = "failure"
    outcome: TextSpec | None = None
    value: Expr | None = None
    player_modifiers: bool = True
    #: faces each die rolls once more, and the most explosions off the highest face
    reroll: tuple[int, ...] = ()
    explode: int = 0
    #: an outcome chosen by condition ([{ when, say, … }], the first that holds)
    outcomes: tuple[tuple[Expr | None, TextSpec], ...] = ()
    #: a note under the roll ("threshold 7+: no die can succeed")
    note: TextSpec | None = None
    #: the step whose player modifiers apply here (default: this one's own id)
    modifiers_from: str = ""
    #: false: an info step only the roll shows (the odds walk skips it)
    priced: bool = True

    def exprs(self) -> list[Expr]:
        own = [e for e in (self.when, self.die, self.dice, self.n, self.target, self.value)
               if e is not None]
        texts = [t for t in (self.label, self.base_label, self.outcome, self.note)
                 if t is not None]
        chosen = [e for w, t in self.outcomes for e in ([w] if w else []) + t.exprs()]
        return own + [e for m in self.modifiers for e in m.exprs()] + \
            [e for t in texts for e in t.exprs()] + chosen


def _read_outcomes(t: Table) -> tuple[tuple[Expr | None, TextSpec], ...]:
    """A step's `outcome` written as a list of { when, say, … }: the first that holds."""
    if not isinstance(t.data.get("outcome"), list):
        return ()
    out = []
    for s in t.tables("outcome"):
        out.append((s.expr("when"), TextSpec.read(s, "say", required=True)))
        _text_args(s, out[-1][1])
    return tuple(out)


def _read_step(t: Table, index: int, action_label: str) -> StepSpec:
    """A step; without a label it is named as its action (players never read an id)."""
    kind = t.choice("kind", STEP_KINDS)
    outcomes = _read_outcomes(t)
    sid = t.get("id", str, required=True)
    rolls = kind in ("test", "pool", "roll")
    vs_text = t.get("vs", str, ">=" if kind == "pool" else ">")
    try:
        vs = Comparison.parse(vs_text)
    except ValueError as e:
        raise ExprError(t.at("vs"), str(e)) from None
    step = StepSpec(
        sid, kind, TextSpec.read(t, "label", action_label), t.where, t.expr("when"),
        t.expr("die", required=rolls), t.expr("dice", 1 if kind == "test" else None),
        t.expr("n", required=kind == "pool", default=1 if kind == "roll" else None), vs,
        t.expr("target", required=kind in ("test", "pool")),
        TextSpec.read(t, "base_label"), tuple(_read_mod(m) for m in t.tables("modifiers")),
        t.get("success", str, "success"), t.get("failure", str, "failure"),
        None if outcomes else TextSpec.read(t, "outcome"),
        t.expr("value", True if kind == "info" else None),
        t.get("player_modifiers", bool, rolls), tuple(t.get("reroll", list, [])),
        t.get("explode", int, 0), outcomes, TextSpec.read(t, "note"),
        t.get("modifiers_from", str, ""), t.get("priced", bool, True))
    _check_special(t, step)
    if not sid.isidentifier():
        raise ExprError(t.at("id"), f"{sid!r}: a step id is a name (letters, digits, _)")
    for key, count in (("n", step.n), ("dice", step.dice)):
        value = count(lambda path: None) if count is not None and count.constant else None
        if isinstance(value, int) and not 0 <= value <= MAX_DICE:
            raise ExprError(t.at(key), f"{value} dice: at most {MAX_DICE} dice in one step")
    if kind not in ("test", "pool", "roll") and t.has("die"):
        raise ExprError(t.at("die"), f"an {kind} step rolls no dice")
    t.done()
    return step


def _check_special(t: Table, step: StepSpec) -> None:
    """Re-rolls and explosions are for the single dice of a test or a pool."""
    from engine.house.special import MAX_EXPLODE

    if not (step.reroll or step.explode):
        return
    key = "reroll" if step.reroll else "explode"
    if step.kind not in ("test", "pool"):
        raise ExprError(t.at(key), f"re-rolls and explosions are for test and pool steps, "
                                   f"not {step.kind}")
    if step.dice is not None and not (step.dice.constant and
                                      step.dice(lambda path: None) == 1):
        raise ExprError(t.at(key), "re-rolls and explosions need one die per test (dice = 1)")
    if any(isinstance(f, bool) or not isinstance(f, int) or f < 1 for f in step.reroll):
        raise ExprError(t.at("reroll"), f"expected faces (1, 2 …), got {list(step.reroll)}")
    if not 0 <= step.explode <= MAX_EXPLODE:
        raise ExprError(t.at("explode"), f"expected 0–{MAX_EXPLODE} explosions a die, "
                                         f"got {step.explode}")


@dataclass(frozen=True)
class EffectSpec:
    """A change the outcome makes, when `when` holds."""

    kind: str
    unit: str
    key: str
    value: Expr | None
    when: Expr | None
    minimum: Expr | None
    where: Where
    #: a move's goal: the role of the point (or unit) it heads for
    toward: str = ""
    #: the fields of engine.house.effects' kinds (defer, effects) and adjust_state default
    more: dict = field(default_factory=dict)

    def exprs(self) -> list[Expr]:
        return [e for e in (self.value, self.when, self.minimum) if e is not None] + \
            exprs_of(self.more)


def _read_effect(t: Table, roles: tuple[str, ...]) -> EffectSpec:
    """An effect: a state, marker or removal (`key`), or a move on the board through
    the board's services (`move_toward` the `toward` role, `fall_back` toward the
    unit's own table edge; `value` the inches)."""
    kind = t.choice("do", EFFECT_KINDS)
    unit = t.choice("unit", roles, "actor")
    moves = kind in ("move_toward", "fall_back")
    key = "" if moves or kind in MORE_KINDS else t.get(
        "key", str, required=kind != "remove_unit", default="killed")
    value = t.expr("value", required=kind in ("set_state", "add_marker", "adjust_state",
                                              "effects") or moves,
                   default=True if kind == "set_marker" else None)
    toward = t.choice("toward", roles, "point" if "point" in roles else roles[-1]) \
        if kind == "move_toward" else ""
    more = read_more(t, kind, lambda x: _read_effect(x, roles))
    eff = EffectSpec(kind, unit, key, value, t.expr("when"), t.expr("min"), t.where, toward,
                     more)
    t.done()
    return eff


@dataclass(frozen=True)
class RefuseSpec:
    """The action is refused, rolling nothing, when `when` holds."""

    when: Expr
    say: TextSpec
    argument: str | None

    def exprs(self) -> list[Expr]:
        return [self.when, *self.say.exprs()]


@dataclass(frozen=True)
class ActionSpec:
    """An action (or a test the Tests dock lists) as its file declares it."""

    id: str
    label: str
    label_ru: str
    kind: str
    roles: tuple[tuple[str, str, bool], ...]
    options: tuple[Option, ...]
    facts: tuple[str, ...]
    cost: Cost | None
    steps: tuple[StepSpec, ...]
    effects: tuple[EffectSpec, ...]
    refuse: tuple[RefuseSpec, ...]
    outcome: Expr | None
    yes: str
    no: str
    summary: tuple[tuple[Expr | None, TextSpec], ...]
    applies: Expr | None
    audience: str
    doc: str
    where: Where
    odds_label: str = ""
    extra: dict = field(default_factory=dict)

    def exprs(self) -> list[Expr]:
        out = [e for s in self.steps for e in s.exprs()]
        out += [e for f in self.effects for e in f.exprs()]
        out += [e for r in self.refuse for e in r.exprs()]
        out += [e for w, t in self.summary for e in ([w] if w else []) + t.exprs()]
        odds = self.extra.get("odds")
        out += odds.exprs() if odds is not None else []
        return out + [e for e in (self.outcome,) if e is not None]


def _read_roles(t: Table) -> tuple[tuple[str, str, bool], ...]:
    """["actor", "target", "target2?"]: the names chosen for the action; a trailing ?
    makes one optional. "weapon" chooses a weapon, "point" a place on the table; every
    other role chooses a unit. A role written as a table says its kind, label and doc
    (engine.house.roles)."""
    names = t.get("roles", list, ["actor"])
    out = []
    for i, raw in enumerate(names):
        if isinstance(raw, dict):
            out.append(read_role(Table(t.source, f"{t.sub('roles')}[{i}]", raw)))
            continue
        if not isinstance(raw, str) or not raw.rstrip("?").isidentifier():
            raise ExprError(t.at("roles").child(i), f"expected a role name, got {raw!r}")
        name = raw.rstrip("?")
        kind = name if name in ("weapon", "point") else "unit"
        # a weapon not chosen is the unit's own: its profile's first weapon
        out.append((name, kind, not raw.endswith("?") and kind != "weapon"))
    if not out or out[0][0] != "actor":
        raise ExprError(t.at("roles"), "the first role is the actor")
    return tuple(out)


def _read_option(t: Table) -> Option:
    kind = t.choice("type", ("int", "bool", "choice", "float"))
    default = t.get("default", (int, float, bool, str), required=True)
    opt = Option(t.get("id", str, required=True), t.get("label", str, required=True), kind,
                 default, tuple(t.get("choices", list, [])), t.get("min", (int, float)),
                 t.get("max", (int, float)), t.get("reason", str, ""),
                 t.get("proposed", bool, False), t.get("help", str, ""),
                 label_ru=t.get("label_ru", str, ""))
    t.done()
    return opt


def _read_cost(t: Table) -> Cost | None:
    table = t.table("cost")
    if table is None:
        return None
    values = {k: table.get(k, kind) for k, kind in _COST_KEYS.items() if table.has(k)}
    table.done()
    try:
        return Cost(**values)
    except (TypeError, ValueError) as e:
        raise ExprError(table.where, str(e)) from None


def read_action(t: Table, action_id: str) -> ActionSpec:
    roles = _read_roles(t)
    role_names = tuple(r[0] for r in roles)
    label = t.get("label", str, required=True)
    steps = tuple(_read_step(s, i, label) for i, s in enumerate(t.tables("steps")))
    if not steps:
        raise ExprError(t.at("steps"), "an action has at least one step")
    result = t.table("result")
    yes, no = "success", "failure"
    if result is not None:
        yes, no = result.get("yes", str, yes), result.get("no", str, no)
        result.done()
    summary = []
    for s in t.tables("summary"):
        summary.append((s.expr("when"), TextSpec.read(s, "say", required=True)))
        _text_args(s, summary[-1][1])
    spec = ActionSpec(
        action_id, label, t.get("label_ru", str, ""),
        t.choice("kind", ("action", "test"), "action"), roles,
        tuple(_read_option(o) for o in t.tables("options")),
        tuple(t.get("facts", list, [])), _read_cost(t), steps,
        tuple(_read_effect(e, role_names) for e in t.tables("effects")),
        tuple(_read_refuse(r) for r in t.tables("refuse")),
        t.expr("outcome"), yes, no, tuple(summary), t.expr("applies"),
        t.get("audience", str, ""), t.get("doc", str, ""), t.where,
        t.get("odds_label", str, ""), read_extra(t))
    t.done()
    return spec


def _read_refuse(t: Table) -> RefuseSpec:
    spec = RefuseSpec(t.expr("when", required=True), TextSpec.read(t, "say", required=True),
                      t.get("argument", str))
    t.done()
    return spec


def _text_args(table: Table, text: TextSpec) -> None:
    """A summary's arguments sit beside its `say` ({ say = "…", unit = "actor.label" })."""
    for key in table.data:
        if key not in ("when", "say"):
            table.read.add(key)
            value = table.data[key]
            text.args[key] = read_text_arg(value, table.at(key)) \
                if isinstance(value, dict) else table.expr(key)
    table.done()
