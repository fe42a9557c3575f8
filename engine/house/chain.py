"""Running a data action: one walk of its steps rolls them, another prices them, both
from the same plan of each step, so the roll and the exact odds cannot disagree.

The odds walk is the chain itself: a step's exact distribution (icepool) is mapped, value
by value, onto the rest of the chain with that value known, which is how a failed step
ends a chain or a later step reads an earlier one's successes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, NamedTuple

import icepool

from engine.dice import DiceSource, Die, die
from engine.house.effects import MORE_KINDS, build_more
from engine.house.env import Env
from engine.house.expr import Expr, ExprError
from engine.house.fields import TextSpec
from engine.house.parts import priced
from engine.house.spec import MAX_DICE, ActionSpec, EffectSpec, StepSpec
from engine.house.special import Special, die_chance, pool_chances, roll_special
from engine.i18n import msg
from engine.model import AddMarker, AdjustState, Effect, RemoveUnit, SetMarker, SetState
from engine.odds import OutcomeDistribution, face_die, p_test, sum_of
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

__all__ = ["resolve", "odds", "render", "step_outcome"]


def render(text: TextSpec | None, env: Env) -> Any:
    """A TextSpec as a message (plain text stays plain)."""
    if text is None:
        return ""
    if not text.args:
        return text.template
    return msg(text.template, **{k: e(env.lookup) for k, e in text.args.items()})


def _whole(value: Any, expr: Expr, what: str) -> int:
    if type(value) is int:          # the usual case, checked first
        return value
    if isinstance(value, bool) or not isinstance(value, int | Fraction | float):
        raise ExprError(expr.where, f"{what}: expected a whole number, got {value!r}")
    if value != int(value):
        raise ExprError(expr.where, f"{what}: {value} is not a whole number "
                                    "(use floor() or ceil())")
    return int(value)


def _holds(expr: Expr | None, env: Env) -> bool:
    return expr is None or bool(expr(env.lookup))


class Planned(NamedTuple):
    """A step made concrete at one point of the chain: its test, pool or dice (a
    named tuple: the odds walk makes one per step and branch)."""

    spec: StepSpec
    modifiers: tuple[Modifier, ...]
    test: Any = None
    pool: Any = None
    die: Die | None = None
    n: int = 1
    base: int | None = None


def _modifiers(step: StepSpec, env: Env, ctx: Context, labels: bool = True
               ) -> tuple[Modifier, ...]:
    """The step's modifiers that hold here (`labels` false: unnamed, for the odds)."""
    out = []
    for m in step.modifiers:
        if m.when is None or m.when(env.lookup):
            value = _whole(m.value(env.lookup), m.value, "modifier")
            out.append(Modifier(render(m.label, env) if labels else "", value, m.reason,
                                m.proposed, m.to, m.sets))
    if step.player_modifiers:
        out += ctx.modifiers(step.modifiers_from or step.id)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _die_named(value: Any) -> Die:
    return die(value)


def _die(step: StepSpec, env: Env) -> Die:
    assert step.die is not None
    value = step.die(env.lookup)
    try:
        return value if isinstance(value, Die) else _die_named(value)
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


def plan(step: StepSpec, env: Env, ctx: Context, *, labels: bool = True) -> Planned:
    """The step made concrete here. `labels` false (the odds walk, which shows no
    modifier): the modifiers' labels are not written, unless a refusal names them."""
    mods = _modifiers(step, env, ctx, labels)
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
        if not labels:            # the refusal names the modifiers: plan it with them
            return plan(step, env, ctx)
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
    special = Special(frozenset(s.reroll), s.explode)
    if special and s.kind in ("test", "pool"):
        test, n = (p.test, 1) if s.kind == "test" else (p.pool.test, p.pool.n)
        step = roll_special(dice, test, n, special, id=s.id, label=label, base=p.base,
                            base_label=base_label, modifiers=p.modifiers, success=s.success,
                            failure=s.failure)
        k = step.count(s.success)
        return step, (k == 1) if s.kind == "test" else k
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


def _distribution(p: Planned) -> list[tuple[Any, Fraction]]:
    """The step's exact values and their chances (none of chance 0)."""
    s = p.spec
    special = Special(frozenset(s.reroll), s.explode) if s.reroll or s.explode else None
    if special and s.kind == "test":
        chance = die_chance(p.test, special)
        return [(v, q) for v, q in ((True, chance), (False, 1 - chance)) if q]
    if special and s.kind == "pool":
        return pool_chances(p.pool.n, p.pool.test, special)
    if s.kind == "test":
        chance = p_test(p.test)
        return [(v, q) for v, q in ((True, chance), (False, 1 - chance)) if q]
    if s.kind == "pool":
        d = p.pool.successes()
    else:
        assert p.die is not None
        bonus = sum(m.value for m in p.modifiers if m.to == "roll")
        d = (sum_of(p.n, face_die(p.die)) if p.n else icepool.Die([0])) + bonus
    den = d.denominator()
    return [(v, Fraction(q, den)) for v, q in d.items() if q]


def step_outcome(step: StepSpec, env: Env) -> Any:
    """The step's outcome text once its value is known (None: the roll's own words)."""
    for when, text in step.outcomes:
        if _holds(when, env):
            return render(text, env)
    return render(step.outcome, env) if step.outcome is not None else None

_ONE = Fraction(1)
_ZERO = Fraction(0)
_BOOL = {bool}

#: The value of a step its `when` skipped (unless an earlier step of that id ran).
_NOTHING: dict[str, Any] = {"test": False, "pool": 0, "roll": 0, "info": None}


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
    return _effect(e, env, ctx)


def _effect(e: EffectSpec, env: Env, ctx: Context) -> list[Effect]:
    unit = ctx.role(e.unit) if e.unit != "actor" else ctx.actor
    if unit is None:
        raise ExprError(e.where, f"{e.unit}: not chosen, so it cannot be changed")
    value = e.value(env.lookup) if e.value is not None else None
    if e.kind in ("move_toward", "fall_back"):
        return _move(e, unit, value, ctx)
    if e.kind == "set_state":
        return [SetState(unit.id, e.key, value)]
    if e.kind == "set_marker":
        return [SetMarker(unit.id, e.key, value)]
    if e.kind == "remove_unit":
        return [RemoveUnit(unit.id, e.key)]
    assert e.value is not None
    delta = _whole(value, e.value, "value")
    low = _whole(e.minimum(env.lookup), e.minimum, "min") if e.minimum else None
    if e.kind == "add_marker":
        return [AddMarker(unit.id, e.key, delta, minimum=low if low is not None else 0)]
    default = e.more.get("default")
    if default is not None:
        return [AdjustState(unit.id, e.key, delta, minimum=low,
                            default=_whole(default(env.lookup), default, "default"))]
    return [AdjustState(unit.id, e.key, delta, minimum=low)]


def _move(e: EffectSpec, unit: Any, inches: Any, ctx: Context) -> list[Effect]:
    """A move on the board through its services (stopped by what stops any move)."""
    if isinstance(inches, bool) or not isinstance(inches, int | float | Fraction):
        raise ExprError(e.where, f"value: expected inches, got {inches!r}")
    if ctx.game is None:
        raise ActionRefused(msg("a move needs the board (a game)"))
    board = ctx.board
    if e.kind == "fall_back":
        return list(board.move_toward_edge(unit.id, board.side_edge(unit.side),
                                           float(inches)).effects)
    goal = ctx.role(e.toward)
    if goal is None:
        raise ActionRefused(msg("{role}: not chosen", role=e.toward), argument=e.toward)
    point = (goal.x, goal.y) if hasattr(goal, "x") else tuple(goal)
    return list(board.move_toward(unit.id, point, float(inches)).effects)


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
            if s.id not in env.values:
                env.set_value(s.id, _NOTHING[s.kind])
            continue
        step, value = _roll(plan(s, env, ctx), env, dice)
        env.set_value(s.id, value)
        last = value
        env.steps[s.id] = step
        text = step_outcome(s, env)
        steps.append(step.with_outcome(text) if text is not None else step)
    outcome = spec.outcome(env.lookup) if spec.outcome is not None else last
    env.set_value("outcome", outcome)
    effects = [x for e in spec.effects if _holds(e.when, env) for x in _effects(e, env, ctx)]
    return ctx.resolution(steps, effects, _summary(spec, env, ctx, outcome))


def _walk(spec: ActionSpec, env: Env, ctx: Context, i: int, last: Any,
          final: Callable[[Env, Any], Any] | None = None) -> dict[Any, Fraction]:
    """The chances of each outcome (or of `final` at each end of the chain) from step
    `i` on, the earlier values known: each value of step i, weighted by its chance, with
    the rest of the chain walked again. A step not `priced` is skipped."""
    while i < len(spec.steps) and not (spec.steps[i].priced and
                                       (spec.steps[i].when is None or
                                        spec.steps[i].when(env.lookup))):
        if spec.steps[i].id not in env.values:
            env = env.with_value(spec.steps[i].id, _NOTHING[spec.steps[i].kind])
        i += 1
    if i == len(spec.steps):
        if final is not None:
            return {final(env, last): _ONE}
        return {spec.outcome(env.lookup) if spec.outcome is not None else last: _ONE}
    p = plan(spec.steps[i], env, ctx, labels=False)
    if p.spec.kind == "info":
        value = p.spec.value(env.lookup) if p.spec.value is not None else True
        return _walk(spec, env.with_value(p.spec.id, value), ctx, i + 1, value, final)
    if i == len(spec.steps) - 1:
        return _last(spec, env, p, final)
    out: dict[Any, Fraction] = {}
    for value, chance in _distribution(p):
        rest = _walk(spec, env.with_value(p.spec.id, value), ctx, i + 1, value, final)
        for outcome, q in rest.items():
            share = chance if len(rest) == 1 else chance * q    # one outcome: q is 1
            out[outcome] = out[outcome] + share if outcome in out else share
    return out


def _last(spec: ActionSpec, env: Env, p: Planned,
          final: Callable[[Env, Any], Any] | None) -> dict[Any, Fraction]:
    """`_walk` at the chain's last step: each value ends the chain, so its outcome is
    read at once (the value itself when the action declares no outcome formula)."""
    plain = final is None and spec.outcome is None
    if plain and p.spec.kind == "test" and not (p.spec.reroll or p.spec.explode):
        chance = p_test(p.test)         # a plain test: its two values are the outcome
        return {v: q for v, q in ((True, chance), (False, 1 - chance)) if q}
    out: dict[Any, Fraction] = {}
    for value, chance in _distribution(p):
        if plain:
            outcome = value
        else:
            end = env.with_value(p.spec.id, value)
            outcome = final(end, value) if final is not None else spec.outcome(end.lookup)
        out[outcome] = out[outcome] + chance if outcome in out else chance
    return out


def odds(spec: ActionSpec, env: Env, ctx: Context, *, refuse: bool = True
         ) -> OutcomeDistribution:
    """The exact distribution of the outcome: the chain walked over every value
    (`refuse`: the action's refusals are checked first)."""
    if refuse:
        _refusals(spec, env)
    if "odds" in spec.extra:
        return priced(spec, env, lambda final: _walk(spec, env, ctx, 0, None, final), render)
    chances = _walk(spec, env, ctx, 0, None)
    label = spec.odds_label or spec.label
    if set(map(type, chances)) <= _BOOL:         # every outcome true or false
        # the chances are exact and complete: "no" is 1 - "yes", already summed
        return OutcomeDistribution(label, ((spec.yes, chances.get(True, _ZERO)),
                                           (spec.no, chances.get(False, _ZERO))))
    try:
        ordered = sorted(chances.items())
    except TypeError:              # outcomes of several kinds: in the order they came
        ordered = list(chances.items())
    return OutcomeDistribution(label, tuple((o, q) for o, q in ordered if q))
