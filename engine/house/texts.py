"""Texts made of texts: a field of a message may itself be a message, a list of optional
parts joined by a separator, or the first of several alternatives, each chosen by its
condition — so "Manny: −2 armour (2 → 0), −1 HP (5 → 4), light wound" is written once in
the file rather than in Python.

    damage = { join = ", ", parts = [
        { when = "on_armour > 0", say = "−{n} armour", n = "on_armour" },
        { when = "wounded", value = "severity + ' wound'" } ] }
    text = { cases = [ { when = "hits == 0", say = "{unit}: no damage", unit = "target.label" },
                       { say = "{unit}: hit", unit = "target.label" } ] }

Each form compiles to a `TextExpr`, which reads like a formula (`paths`, `where`, called
with a lookup), so the static name check and the message rendering treat it as one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.house.expr import Expr, ExprError, Lookup, Where, compile_expr
from engine.i18n import join, msg

__all__ = ["TextExpr", "read_text_arg", "TEXT_FORMS"]

#: The keys that make a table a text rather than a message's own fields.
TEXT_FORMS = ("say", "join", "cases", "value")


@dataclass(frozen=True)
class TextExpr:
    """A text field compiled from its table: called with a lookup it gives the message
    (None when its `when` does not hold — a part left out)."""

    where: Where
    paths: tuple[tuple[str, ...], ...]
    fn: Callable[[Lookup], Any]
    when: Expr | None = None

    def __call__(self, env: Lookup) -> Any:
        if self.when is not None and not self.when(env):
            return None
        return self.fn(env)


def _paths(items: Sequence[Any]) -> tuple[tuple[str, ...], ...]:
    return tuple(dict.fromkeys(p for i in items if i is not None for p in i.paths))


def _arg(value: Any, where: Where) -> Expr | TextExpr:
    if isinstance(value, Mapping):
        return read_text_arg(value, where)
    return compile_expr(value, where)


def _known(table: Mapping[str, Any], where: Where, allowed: tuple[str, ...]) -> None:
    extra = [k for k in table if k not in allowed]
    if extra:
        raise ExprError(where.child(extra[0]), f"unknown field (fields here: "
                                               f"{', '.join(allowed)})")


def read_text_arg(table: Mapping[str, Any], where: Where) -> TextExpr:
    """A text written as a table (see the module's doc); errors name the field."""
    when = compile_expr(table["when"], where.child("when")) if "when" in table else None
    forms = [k for k in ("say", "join", "cases", "value") if k in table]
    if len(forms) != 1:
        raise ExprError(where, "a text table has one of say, join, cases or value")
    form = forms[0]
    if form == "value":
        _known(table, where, ("when", "value"))
        e = compile_expr(table["value"], where.child("value"))
        return TextExpr(where, _paths([e, when]), e, when)
    if form == "say":
        template = table["say"]
        if not isinstance(template, str):
            raise ExprError(where.child("say"), f"expected text, got {template!r}")
        args = {k: _arg(v, where.child(k)) for k, v in table.items() if k not in ("say",
                                                                                   "when")}
        _fields_present(template, args, where)
        return TextExpr(where, _paths([*args.values(), when]),
                        lambda env: msg(template, **{k: a(env) for k, a in args.items()}),
                        when)
    if form == "join":
        _known(table, where, ("when", "join", "parts"))
        sep = table["join"]
        parts_raw = table.get("parts")
        if not isinstance(sep, str) or not isinstance(parts_raw, list):
            raise ExprError(where, "a join has a separator (text) and a list of parts")
        parts = [_arg(p, where.child("parts").child(i)) for i, p in enumerate(parts_raw)]

        def joined(env: Lookup) -> Any:
            return join(sep, [v for v in (p(env) for p in parts) if v is not None])
        return TextExpr(where, _paths([*parts, when]), joined, when)
    _known(table, where, ("when", "cases"))
    raw = table["cases"]
    if not isinstance(raw, list) or not all(isinstance(c, Mapping) for c in raw):
        raise ExprError(where.child("cases"), "expected a list of texts")
    cases = [read_text_arg(c, where.child("cases").child(i)) for i, c in enumerate(raw)]

    def first(env: Lookup) -> Any:
        for c in cases:
            value = c(env)
            if value is not None:
                return value
        return ""
    return TextExpr(where, _paths([*cases, when]), first, when)


def _fields_present(template: str, args: Mapping[str, Any], where: Where) -> None:
    import string

    names = [f.split("|")[0].split("!")[0].split(":")[0]
             for _, f, _, _ in string.Formatter().parse(template) if f]
    missing = [n for n in names if n not in args]
    if missing:
        raise ExprError(where.child("say"), f"{{{missing[0]}}} has no formula beside it")
