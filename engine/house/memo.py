"""Which named formulas read the context alone (units, options, readings, facts, the
board) and which read the dice (a step's value, the outcome, a hook of the dice): the
first are worked out once per resolution or walk of the odds, the others once per point
of the chain — the odds of a chain of two pools read each formula at every pair of
values, and a formula read again there costs as much as the roll's whole Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.house.expr import Expr

__all__ = ["of_context"]


def of_context(name: str, formulas: Mapping[str, Expr], hooks: Mapping[str, Any],
               roles: set[str], known: dict[str, bool]) -> bool:
    """Whether formula `name` reads no step value (`known` keeps the answers)."""
    if name in known:
        return known[name]
    known[name] = False                 # a loop (refused at load) reads as of the dice
    answer = True
    for path in formulas[name].paths:
        head = path[0]
        if len(path) == 1:
            if head in formulas:
                answer = of_context(head, formulas, hooks, roles, known)
            else:
                answer = head in roles
        elif head == "hook":
            answer = bool(getattr(hooks.get(path[1]), "of_context", False))
        if not answer:
            break
    known[name] = answer
    return answer
