"""Effects beyond the plain state changes of engine.house.spec: a change scheduled for a
later boundary of the turn (`defer`: a character killed in the round dies at the end of
his own turn, engine.deferred), the effects a ruleset's hook gives (`effects`: the
board's bookkeeping, engine.house.reach), and the value a missing state key counts as
(`default` of `adjust_state`, so the log says "5 → 0" for a unit whose HP was never
written)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.house.expr import ExprError
from engine.house.fields import Table, TextSpec
from engine.model import Effect
from engine.triggers import BOUNDARIES

if TYPE_CHECKING:
    from engine.house.spec import EffectSpec

__all__ = ["MORE_KINDS", "read_more", "build_more"]

MORE_KINDS = ("defer", "effects")


def read_more(t: Table, kind: str,
              read_effect: Callable[[Table], EffectSpec]) -> dict[str, Any]:
    """The fields the kinds of this module add (and `default` of adjust_state)."""
    more: dict[str, Any] = {}
    if kind == "adjust_state" and t.has("default"):
        more["default"] = t.expr("default")
    if kind == "defer":
        at = t.get("at", str, required=True)
        if at not in BOUNDARIES:
            raise ExprError(t.at("at"), f"expected one of {', '.join(BOUNDARIES)}, got {at!r}")
        inner = [read_effect(x) for x in t.tables("effects")]
        if not inner:
            raise ExprError(t.at("effects"), "a deferred change lists its effects")
        more.update(at=at, effects=tuple(inner), label=TextSpec.read(t, "label", ""))
    return more


def exprs_of(more: dict[str, Any]) -> list[Any]:
    out = [more["default"]] if "default" in more else []
    for e in more.get("effects", ()):
        out += e.exprs()
    label = more.get("label")
    return out + (label.exprs() if label is not None else [])


def build_more(e: EffectSpec, value: Any, unit: Any, render: Callable[[Any], Any],
               build: Callable[[EffectSpec], Sequence[Effect]]) -> list[Effect]:
    """The effects of a `defer` or `effects` entry; `build` makes the inner ones."""
    from engine.deferred import defer

    if e.kind == "effects":
        if value is None:
            return []
        items = list(value) if isinstance(value, list | tuple) else [value]
        if not all(isinstance(x, Effect) for x in items):
            raise ExprError(e.where, f"value: expected effects, got {value!r}")
        return items
    inner = [x for spec in e.more["effects"] for x in build(spec)]
    return [defer(inner, e.more["at"], unit=unit.id if unit is not None else None,
                  label=render(e.more["label"]))]
