"""The odds of an action as its file declares them: the label and the order of the
outcomes (formulas of the context: "hits", 0 … the dice rolled), and parts — other
distributions over the same chain, each a formula of the step values ("the target is
killed", "hits on the second target"), priced in the same walk as the outcome so they
agree with it exactly.

    [actions.fire.odds]
    label = "hits"
    order = "range(dice1 + 1)"
    parts = [ { key = { say = "{unit} killed", unit = "target.label" }, label = "killed",
                value = "damage1 >= lethal1", order = "[false, true]" } ]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.house.expr import Expr, ExprError
from engine.house.fields import Table, TextSpec
from engine.odds import OutcomeDistribution

if TYPE_CHECKING:
    from engine.house.env import Env
    from engine.house.spec import ActionSpec

__all__ = ["OddsSpec", "PartSpec", "read_extra", "priced"]


@dataclass(frozen=True)
class PartSpec:
    key: TextSpec
    label: TextSpec
    value: Expr
    order: Expr | None
    when: Expr | None

    def exprs(self) -> list[Any]:
        return [self.value, *(e for e in (self.order, self.when) if e is not None),
                *self.key.exprs(), *self.label.exprs()]


@dataclass(frozen=True)
class OddsSpec:
    label: TextSpec
    order: Expr | None
    parts: tuple[PartSpec, ...]

    def exprs(self) -> list[Any]:
        return [*(e for p in self.parts for e in p.exprs()), *self.label.exprs(),
                *([self.order] if self.order is not None else [])]


def _part(t: Table) -> PartSpec:
    part = PartSpec(TextSpec.read(t, "key", required=True),
                    TextSpec.read(t, "label", required=True),
                    t.expr("value", required=True), t.expr("order"), t.expr("when"))
    t.done()
    return part


def read_extra(t: Table) -> dict[str, Any]:
    """An action's `odds` table, when it has one (ActionSpec.extra["odds"])."""
    table = t.table("odds")
    if table is None:
        return {}
    spec = OddsSpec(TextSpec.read(table, "label", required=True), table.expr("order"),
                    tuple(_part(p) for p in table.tables("parts")))
    table.done()
    return {"odds": spec}


def _order(expr: Expr | None, env: Env) -> list[Any] | None:
    if expr is None:
        return None
    value = expr(env.lookup)
    if value is None:
        return None
    try:
        return list(value)
    except TypeError:
        raise ExprError(expr.where, f"order: expected a list, got {value!r}") from None


def _marginal(chances: Mapping[Any, Fraction], i: int) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}
    for outcome, chance in chances.items():
        out[outcome[i]] = out.get(outcome[i], 0) + chance
    return out


def _distribution(label: Any, chances: Mapping[Any, Fraction], order: list[Any] | None,
                  parts: Mapping[str, OutcomeDistribution] | None = None
                  ) -> OutcomeDistribution:
    """The chances as an OutcomeDistribution: in `order` when given (an outcome that
    cannot happen listed at 0), else sorted as icepool sorts them; none at chance 0."""
    if order is None:
        keys = sorted(o for o, q in chances.items() if q)
    else:
        keys = order
        missing = set(chances) - set(keys)
        if missing:
            raise ValueError(f"odds {label!r}: order lacks outcomes {sorted(missing, key=str)}")
    return OutcomeDistribution(label, tuple((o, chances.get(o, Fraction(0))) for o in keys),
                               dict(parts or {}))


def priced(spec: ActionSpec, env: Env,
           walk: Callable[[Callable[[Env, Any], Any]], Mapping[Any, Fraction]],
           render: Callable[[TextSpec, Env], Any]) -> OutcomeDistribution:
    """The outcome's distribution and its parts, from one walk of the chain (`walk`
    gives the chances of a function of each end's Env and last value)."""
    odds: OddsSpec = spec.extra["odds"]
    parts = [p for p in odds.parts if p.when is None or p.when(env.lookup)]

    def final(end: Env, last: Any) -> Any:
        outcome = spec.outcome(end.lookup) if spec.outcome is not None else last
        return (outcome, *(p.value(end.lookup) for p in parts))
    chances = walk(final)
    out = {}
    for i, p in enumerate(parts, start=1):
        out[str(render(p.key, env))] = _distribution(
            render(p.label, env), _marginal(chances, i), _order(p.order, env))
    return _distribution(render(odds.label, env), _marginal(chances, 0),
                         _order(odds.order, env), out)
