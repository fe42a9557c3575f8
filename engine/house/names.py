"""The static check of every formula of a ruleset file: each name it reads must exist
where it is read (a stat the file declares, an option of the action, a step of the
chain, a number of `data`), and named formulas must not refer to themselves through
each other. Run when the file is loaded, so a typo is reported with its file, line and
field before any game uses the rules, never halfway through a roll."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.house.env import UNIT_FIELDS
from engine.house.expr import Expr, ExprError
from engine.house.reach import RAW_FIELDS, SPACES, unknown_in_space
from engine.house.spec import ActionSpec, StatSpec
from engine.protocol.facts import BUILTIN_FACTS

__all__ = ["Known", "check_action", "check_formulas"]


@dataclass
class Known:
    """The names a formula may read at one place of a file."""

    stats: Mapping[str, StatSpec]
    formulas: Mapping[str, Expr]
    data: Mapping[str, Any]
    rules: set[str]
    markers: set[str] = field(default_factory=set)
    weapon_stats: set[str] = field(default_factory=set)
    facts: set[str] = field(default_factory=lambda: set(BUILTIN_FACTS))
    roles: set[str] = field(default_factory=lambda: {"actor"})
    options: set[str] = field(default_factory=set)
    values: set[str] = field(default_factory=set)
    hooks: set[str] = field(default_factory=set)


def _unknown(path: tuple[str, ...], known: Known) -> str | None:
    """Why `path` names nothing here (None: it is known)."""
    head, rest = path[0], path[1:]
    text = ".".join(path)
    if not rest and (head in known.values or head in known.formulas):
        return None
    if head in SPACES:
        return unknown_in_space(path, known.roles, known.hooks)
    if head == "weapon" and not rest:
        return None
    if head == "data":
        node: Any = known.data
        for part in rest:
            if not isinstance(node, Mapping) or part not in node:
                return f"{text}: not among the ruleset's numbers (data)"
            node = node[part]
        return None
    spaces = {"option": (known.options, "options of this action"),
              "rule": (known.rules, "the ruleset's options"),
              "fact": (known.facts, "facts"),
              "weapon": (known.weapon_stats, "weapon stats")}
    if head in spaces:
        names, what = spaces[head]
        if len(rest) == 1 and rest[0] in names:
            return None
        return f"{text}: unknown name ({what}: {', '.join(sorted(names)) or 'none'})"
    if head in known.roles:
        if not rest:
            return None
        if rest[0] in RAW_FIELDS and len(rest) == 2:
            return None
        if rest[0] == "markers" and len(rest) == 2 and \
                (not known.markers or rest[1] in known.markers):
            return None
        if len(rest) == 1 and (rest[0] in known.stats or rest[0] in UNIT_FIELDS):
            return None
        return (f"{text}: unknown stat {rest[-1]!r} (stats: "
                f"{', '.join(sorted(known.stats)) or 'none'})")
    return f"{text}: unknown name"


def check_exprs(exprs: Iterable[Expr], known: Known, *, later: bool = False) -> None:
    """Every name each formula reads is known here; `later`: a bare name may be a step
    of the actions that use the formula (checked with each of them)."""
    for e in exprs:
        for path in e.paths:
            if later and len(path) == 1:
                continue
            why = _unknown(path, known)
            if why:
                raise ExprError(e.where, why)


def _formulas_read(exprs: Iterable[Expr], formulas: Mapping[str, Expr]) -> list[str]:
    """The named formulas these formulas read, directly or through one another."""
    out: list[str] = []
    todo = [p[0] for e in exprs for p in e.paths if len(p) == 1 and p[0] in formulas]
    while todo:
        name = todo.pop()
        if name not in out:
            out.append(name)
            todo += [p[0] for p in formulas[name].paths
                     if len(p) == 1 and p[0] in formulas]
    return out


def check_action(spec: ActionSpec, known: Known) -> None:
    """Every formula of the action reads names that exist there."""
    here = Known(known.stats, known.formulas, known.data, known.rules, known.markers,
                 known.weapon_stats, known.facts | set(spec.facts),
                 {r[0] for r in spec.roles}, {o.id for o in spec.options},
                 {s.id for s in spec.steps} | {"outcome"}, known.hooks)
    check_exprs(spec.exprs(), here)
    for name in _formulas_read(spec.exprs(), known.formulas):
        formula = known.formulas[name]
        for path in formula.paths:
            if len(path) == 1 and _unknown(path, here):
                raise ExprError(formula.where, f"{path[0]}: unknown name (read by action "
                                               f"{spec.id!r}, which has no such step)")


def check_formulas(formulas: Mapping[str, Expr], known: Known,
                   actions: Iterable[ActionSpec] = ()) -> None:
    """Named formulas read known names and do not refer to themselves. A formula is
    read inside the actions of its file, so it may read their roles, options, facts and
    step values."""
    actions = list(actions)
    here = Known(known.stats, formulas, known.data, known.rules, known.markers,
                 known.weapon_stats,
                 known.facts | {f for a in actions for f in a.facts},
                 {"actor", "target"} | {r[0] for a in actions for r in a.roles},
                 {o.id for a in actions for o in a.options},
                 {s.id for a in actions for s in a.steps} | ({"outcome"} if actions else set()),
                 known.hooks)
    check_exprs(formulas.values(), here, later=True)
    for name in formulas:
        _no_cycle(name, formulas, [])


def _no_cycle(name: str, formulas: Mapping[str, Expr], trail: list[str]) -> None:
    if name in trail:
        loop = " → ".join([*trail[trail.index(name):], name])
        raise ExprError(formulas[name].where, f"a recursive definition: {loop}")
    for path in formulas[name].paths:
        if len(path) == 1 and path[0] in formulas:
            _no_cycle(path[0], formulas, [*trail, name])
