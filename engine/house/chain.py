"""Running a data action: one walk of its steps rolls them, another prices them, both
from the same plan of each step, so the roll and the exact odds cannot disagree.

The odds walk is the chain itself: a step's exact distribution (icepool) is mapped, value
by value, onto the rest of the chain with that value known, which is how a failed step
ends a chain or a later step reads an earlier one's successes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from engine.dice import DiceSource, Die, die
from engine.house.effects import MORE_KINDS, build_more
from engine.house.env import Env
from engine.house.expr import Expr, ExprError
from engine.house.fields import TextSpec
from engine.house.parts import priced
from engine.house.spec import MAX_DICE, ActionSpec, EffectSpec, StepSpec
from engine.i18n import msg
from engine.model import AddMarker, AdjustState, Effect, RemoveUnit, SetMarker, SetState
from engine.odds import OutcomeDistribution, distribution, face_die, p_test, sum_of
from engine.options import Modifier
from engine.protocol import (
    ActionRefused,
    Context,
    Resolution,
    Step,
    info_step,
    make_pool,
    make_test,
    roll_pool,
    roll_step,
    roll_test,
)

__all__ = ["resolve", "odds", "render"]


def render(text: TextSpec | None, env: Env) -> Any:
    """A TextSpec as a message (plain text stays plain)."""
    if text is None:
        return ""
    if not text.args:
        return text.template
    return msg(text.template, **{k: e(env.lookup) for k, e in text.args.items()})


def _whole(value: Any, expr: Expr, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | float):
        raise ExprError(expr.where, f"{what}: expected a whole number, got {value!r}")
    if value != int(value):
        raise ExprError(expr.where, f"{what}: {value} is not a whole number "
                                    "(use floor() or ceil())")
    return int(value)


def _holds(expr: Expr | None, env: Env) -> bool:
    return expr is None or bool(expr(env.lookup))


@dataclass(frozen=True)
class Planned:
    """A step made concrete at one point of the chain: its test, pool or dice."""

    spec: StepSpec
    modifiers: tuple[Modifier, ...]
    test: Any = None
    pool: Any = None
    die: Die | None = None
    n: int = 1
    base: int | None = None


def _modifiers(step: StepSpec, env: Env, ctx: Context) -> tuple[Modifier, ...]:
    out = []
    for m in step.modifiers:
        if _holds(m.when, env):
            value = _whole(m.value(env.lookup), m.value, "modifier")
            out.append(Modifier(render(m.label, env), value, m.reason, m.proposed, m.to,
                                m.sets))
    if step.player_modifiers:
        out += ctx.modifiers(step.modifiers_from or step.id)
    return tuple(out)


def _die(step: StepSpec, env: Env) -> Die:
    assert step.die is not None
    value = step.die(env.lookup)
    try:
        return die(value)
    except (ValueError, TypeError) as e:
        raise ExprError(step.die.where, f"expected a die (d6, d8 …): {e}") from None


def _count(expr: Expr | None, env: Env, what: str) -> int:
    if expr is None:
        return 1
    n = _whole(expr(env.lookup), expr, what)
    if not 0 <= n <= MAX_DICE:
        raise ActionRefused(msg("{what}: {n} dice is outside 0–{most}", what=what, n=n,
                                most=MAX_DICE))
    return n


def plan(step: StepSpec, env: Env, ctx: Context) -> Planned:
    mods = _modifiers(step, env, ctx)
    if step.kind == "info":
        return Planned(step, mods)
    d = _die(step, env)
    if step.kind == "roll":
        return Planned(step, mods, die=d, n=_count(step.n, env, "n"))
    assert step.target is not None
    base = _whole(step.target(env.lookup), step.target, "target")
    try:
        if step.kind == "test":
            test = make_test(d, base, mods, step.vs, dice=_count(step.dice, env, "dice"))
            return Planned(step, mods, test=test, base=base)
        pool = make_pool(d, _count(step.n, env, "n"), base, mods, step.vs,
                         dice=_count(step.dice, env, "dice"))
    except ValueError as e:       # a die stepped off the ladder: the roll is impossible
        raise ActionRefused(str(e), argument="actor") from None
    if pool.n > MAX_DICE:
        raise ActionRefused(msg("{what}: {n} dice is outside 0–{most}", what="n", n=pool.n,
                                most=MAX_DICE))
    return Planned(step, mods, pool=pool, base=base)


def _roll(p: Planned, env: Env, dice: DiceSource) -> tuple[Step, Any]:
    s = p.spec
    label = render(s.label, env)
    base_label = render(s.base_label, env) if s.base_label else "target"
    note = render(s.note, env)
    if s.kind == "test":
        step = roll_test(dice, p.test, id=s.id, label=label, base=p.base,
                         base_label=base_label, modifiers=p.modifiers, success=s.success,
                         failure=s.failure, note=note)
        return step, all(r == s.success for r in step.results)
    if s.kind == "pool":
        step = roll_pool(dice, p.pool, id=s.id, label=label, base=p.base,
                         base_label=base_label, success=s.success, failure=s.failure,
                         note=note)
        return step, step.count(s.success)
    if s.kind == "roll":
        assert p.die is not None
        step = roll_step(dice, p.die, id=s.id, label=label, n=p.n, modifiers=p.modifiers)
        return step, step.totals[0]
    assert s.value is not None
    return info_step(s.id, label, "", modifiers=p.modifiers, note=note), \
        s.value(env.lookup)


def _distribution(p: Planned) -> icepool.Die:
    s = p.spec
    if s.kind == "test":
        chance = p_test(p.test)
        weights = {True: chance.numerator, False: chance.denominator - chance.numerator}
        return icepool.Die({k: w for k, w in weights.items() if w})
    if s.kind == "pool":
        return p.pool.successes()
    assert p.die is not None
    bonus = sum(m.value for m in p.modifiers if m.to == "roll")
    total = sum_of(p.n, face_die(p.die)) if p.n else icepool.Die([0])
    return total + bonus


def _refusals(spec: ActionSpec, env: Env) -> None:
    for r in spec.refuse:
        if r.when(env.lookup):
            raise ActionRefused(render(r.say, env), argument=r.argument)


def _effects(e: EffectSpec, env: Env, ctx: Context) -> list[Effect]:
    if e.kind in MORE_KINDS:
        value = e.value(env.lookup) if e.value is not None else None
        unit = ctx.role(e.unit) if e.unit != "actor" else ctx.actor
        return build_more(e, value, unit, lambda t: render(t, env),
                          lambda inner: _effects(inner, env, ctx))
    return [_effect(e, env, ctx)]


def _effect(e: EffectSpec, env: Env, ctx: Context) -> Effect:
    unit = ctx.role(e.unit) if e.unit != "actor" else ctx.actor
    if unit is None:
        raise ExprError(e.where, f"{e.unit}: not chosen, so it cannot be changed")
    value = e.value(env.lookup) if e.value is not None else None
    if e.kind == "set_state":
        return SetState(unit.id, e.key, value)
    if e.kind == "set_marker":
        return SetMarker(unit.id, e.key, value)
    if e.kind == "remove_unit":
        return RemoveUnit(unit.id, e.key)
    assert e.value is not None
    delta = _whole(value, e.value, "value")
    low = _whole(e.minimum(env.lookup), e.minimum, "min") if e.minimum else None
    if e.kind == "add_marker":
        return AddMarker(unit.id, e.key, delta, minimum=low if low is not None else 0)
    default = e.more.get("default")
    if default is not None:
        return AdjustState(unit.id, e.key, delta, minimum=low,
                           default=_whole(default(env.lookup), default, "default"))
    return AdjustState(unit.id, e.key, delta, minimum=low)


def _outcome_text(spec: ActionSpec, outcome: Any) -> Any:
    if isinstance(outcome, bool):
        return spec.yes if outcome else spec.no
    return outcome


def _summary(spec: ActionSpec, env: Env, ctx: Context, outcome: Any) -> Any:
    for when, text in spec.summary:
        if _holds(when, env):
            return render(text, env)
    return msg("{unit}: {result}", unit=ctx.actor.label, result=_outcome_text(spec, outcome))


def resolve(spec: ActionSpec, env: Env, ctx: Context, dice: DiceSource) -> Resolution:
    """Roll the chain through `dice`, then build its effects and summary."""
    _refusals(spec, env)
    steps, last = [], None
    for s in spec.steps:
        if not _holds(s.when, env):
            continue
        step, value = _roll(plan(s, env, ctx), env, dice)
        env.set_value(s.id, value)
        last = value
        env.steps[s.id] = step
        text = render(s.outcome, env) if s.outcome is not None else None
        steps.append(step.with_outcome(text) if text is not None else step)
    outcome = spec.outcome(env.lookup) if spec.outcome is not None else last
    env.set_value("outcome", outcome)
    effects = [x for e in spec.effects if _holds(e.when, env) for x in _effects(e, env, ctx)]
    return ctx.resolution(steps, effects, _summary(spec, env, ctx, outcome))


def _walk(spec: ActionSpec, env: Env, ctx: Context, i: int, last: Any,
          final: Callable[[Env, Any], Any] | None = None) -> dict[Any, Fraction]:
    """The exact chances of the outcome (or of `final` at each end of the chain) from
    step `i` on, the earlier values known: each value of a step's distribution weighs
    the rest of the chain walked with that value."""
    while i < len(spec.steps) and not (spec.steps[i].priced and
                                       _holds(spec.steps[i].when, env)):
        i += 1
    if i == len(spec.steps):
        if final is not None:
            return {final(env, last): Fraction(1)}
        return {spec.outcome(env.lookup) if spec.outcome is not None else last: Fraction(1)}
    p = plan(spec.steps[i], env, ctx)
    if p.spec.kind == "info":
        value = p.spec.value(env.lookup) if p.spec.value is not None else True
        return _walk(spec, env.with_value(p.spec.id, value), ctx, i + 1, value, final)
    d = _distribution(p)
    whole = d.denominator()
    out: dict[Any, Fraction] = {}
    for value, quantity in d.items():
        if not quantity:
            continue
        weight = Fraction(quantity, whole)
        rest = _walk(spec, env.with_value(p.spec.id, value), ctx, i + 1, value, final)
        for outcome, chance in rest.items():
            out[outcome] = out.get(outcome, 0) + weight * chance
    return out


def _as_die(chances: dict[Any, Fraction]) -> icepool.Die:
    """The chances as an icepool die (whole weights over their common denominator)."""
    common = math.lcm(*(c.denominator for c in chances.values()))
    return icepool.Die({o: int(c * common) for o, c in chances.items()})


def odds(spec: ActionSpec, env: Env, ctx: Context) -> OutcomeDistribution:
    """The exact distribution of the outcome: the chain walked over every value."""
    _refusals(spec, env)
    if "odds" in spec.extra:
        return priced(spec, env, lambda final: _walk(spec, env, ctx, 0, None, final), render,
                      _as_die)
    d = _as_die(_walk(spec, env, ctx, 0, None))
    label = spec.odds_label or spec.label
    outcomes = d.outcomes()
    if all(isinstance(o, bool) for o in outcomes):
        p = Fraction(d.quantity(True), d.denominator())
        return OutcomeDistribution(label, ((spec.yes, p), (spec.no, 1 - p)))
    return distribution(label, d)

