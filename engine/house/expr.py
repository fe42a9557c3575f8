"""The house-rules expression language: conditions and formulas a game master writes in a
ruleset file ("actor.level + 1", "fact.cover >= 3 and not weapon.heavy").

It is Python's expression syntax read by the standard `ast` parser, but only a small,
closed set of nodes is accepted and nothing is ever `eval`ed: a formula is compiled to a
tree of closures over plain values. No attribute of a Python object is reachable — a
dotted name ("actor.level") is one *path* the ruleset's scope answers — no call but the
listed functions, no loops, no comprehensions, no lambdas. Integer division is exact
(a Fraction), so odds stay exact. Errors name the file, line, field and column.
"""

from __future__ import annotations

import ast
import functools
import math
import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine import dice
from engine.house.functions import MORE_FUNCTIONS
from engine.options import SchemaError

__all__ = ["Where", "ExprError", "Expr", "compile_expr", "FUNCTIONS", "MAX_LENGTH",
           "MAX_DEPTH", "Lookup"]

#: A formula longer than this is refused (a file is for people to read).
MAX_LENGTH = 400
#: Nested deeper than this is refused (the compiler and evaluator recurse).
MAX_DEPTH = 40

#: Resolves a dotted path ("actor", "level") to its value; KeyError when unknown.
Lookup = Callable[[tuple[str, ...]], Any]


@dataclass(frozen=True, slots=True)
class Where:
    """Where a value was written: file, line (None: not found) and the field's path."""

    file: str
    line: int | None
    field: str

    def __str__(self) -> str:
        line = f":{self.line}" if self.line else ""
        return f"{self.file}{line}: {self.field}"

    def child(self, name: str | int, line: int | None = None) -> Where:
        """The place of a sub-field (its own line when known, else this one's)."""
        sub = f"{self.field}[{name}]" if isinstance(name, int) else \
            (f"{self.field}.{name}" if self.field else name)
        return Where(self.file, line or self.line, sub)


class ExprError(SchemaError):
    """A formula that cannot be read or evaluated; the message names where."""

    def __init__(self, where: Where, message: str, column: int | None = None) -> None:
        col = f" (column {column + 1})" if column is not None else ""
        super().__init__(f"{where}: {message}{col}")
        self.where = where
        self.column = column


_NUMBER = (int, float, Fraction)


def _div(a: Any, b: Any) -> Any:
    if isinstance(a, int) and isinstance(b, int):
        return Fraction(a, b)
    return a / b


_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: _div,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
}
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}


def _index(seq: Sequence[Any], item: Any) -> int:
    return list(seq).index(item)


def _clamp(x: Any, lo: Any, hi: Any) -> Any:
    return max(lo, min(hi, x))


@functools.lru_cache(maxsize=64)
def _die_named(name: str) -> dice.Die:
    return dice.die(name)


def _die(d: Any) -> dice.Die:
    """engine.dice.die, a die's name read once (formulas name the same few dice)."""
    return _die_named(d) if isinstance(d, str) else dice.die(d)


def _sides(d: Any) -> int:
    """The faces of a die ("d8" → 8)."""
    return _die(d).sides


def _die_name(d: Any) -> Any:
    """A die's name for a label ("d8"; "к8" in Russian): a message, not plain text."""
    return _die(d).name


def _step_die(d: Any, steps: Any) -> str | None:
    """The die `steps` along the ladder d4 … d12 ("d8", -1 → "d6"); none below d4."""
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise ValueError(f"the steps are a whole number, got {steps!r}")
    stepped = dice.step_die(_die(d), steps)
    return f"d{stepped.sides}" if stepped is not None else None


#: The functions a formula may call, by name.
FUNCTIONS: dict[str, Callable[..., Any]] = {
    "min": min, "max": max, "abs": abs, "floor": math.floor, "ceil": math.ceil,
    "round": round, "int": int, "len": len, "index": _index, "clamp": _clamp,
    **MORE_FUNCTIONS,
    "sides": _sides, "die_name": _die_name, "step_die": _step_die,
}


def _path(node: ast.AST) -> tuple[str, ...] | None:
    """("actor", "level") for `actor.level`; None when the node is not a plain path."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return tuple(reversed(parts))
    return None


Fn = Callable[[Lookup], Any]


class _Compiler:
    """Turns an accepted AST into closures, collecting the paths it reads."""

    def __init__(self, where: Where, functions: Mapping[str, Callable[..., Any]]) -> None:
        self.where = where
        self.functions = functions
        self.paths: list[tuple[str, ...]] = []

    def fail(self, node: ast.AST, message: str) -> ExprError:
        return ExprError(self.where, message, getattr(node, "col_offset", None))

    def build(self, node: ast.AST, depth: int = 0) -> Fn:
        if depth > MAX_DEPTH:
            raise self.fail(node, f"nested more than {MAX_DEPTH} deep")
        method = getattr(self, f"_{type(node).__name__}", None)
        if method is None:
            raise self.fail(node, f"{_what(node)} is not allowed in a formula")
        return method(node, depth + 1)

    def _Constant(self, node: ast.Constant, depth: int) -> Fn:
        value = node.value
        if not isinstance(value, bool | int | float | str) and value is not None:
            raise self.fail(node, f"{value!r} is not a number, text or true/false")
        return lambda env: value

    def _Name(self, node: ast.Name, depth: int) -> Fn:
        return self._path_fn(node)

    def _Attribute(self, node: ast.Attribute, depth: int) -> Fn:
        return self._path_fn(node)

    def _path_fn(self, node: ast.AST) -> Fn:
        path = _path(node)
        if path is None:
            raise self.fail(node, "a dotted name must start with a name")
        if any(p.startswith("_") for p in path):
            raise self.fail(node, f"{'.'.join(path)}: names starting with _ are not allowed")
        if path in (("true",), ("false",), ("none",)):
            value = {"true": True, "false": False, "none": None}[path[0]]
            return lambda env: value
        self.paths.append(path)
        where = self.where

        def read(env: Lookup) -> Any:
            try:
                return env(path)
            except KeyError:
                raise ExprError(where, f"{'.'.join(path)}: no such name here",
                                node.col_offset) from None
        return read

    def _Subscript(self, node: ast.Subscript, depth: int) -> Fn:
        base, key = self.build(node.value, depth), self.build(node.slice, depth)
        where = self.where

        def item(env: Lookup) -> Any:
            container, k = base(env), key(env)
            try:
                return container[k]
            except (KeyError, IndexError, TypeError):
                raise ExprError(where, f"no entry {k!r}", node.col_offset) from None
        return item

    def _BinOp(self, node: ast.BinOp, depth: int) -> Fn:
        op = _BINARY.get(type(node.op))
        if op is None:
            raise self.fail(node, f"the operator {_what(node.op)} is not allowed")
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and \
                isinstance(node.right, ast.Constant) and node.right.value == 0:
            raise self.fail(node, "division by zero")
        left, right = self.build(node.left, depth), self.build(node.right, depth)
        where = self.where

        def binary(env: Lookup) -> Any:
            a, b = left(env), right(env)
            if not (isinstance(a, _NUMBER) and isinstance(b, _NUMBER)):
                raise ExprError(where, f"arithmetic needs numbers, got {a!r} and {b!r}",
                                node.col_offset)
            try:
                return op(a, b)
            except ZeroDivisionError:
                raise ExprError(where, "division by zero", node.col_offset) from None
            except TypeError:
                raise ExprError(where, f"cannot combine {a!r} and {b!r}",
                                node.col_offset) from None
        return binary

    def _UnaryOp(self, node: ast.UnaryOp, depth: int) -> Fn:
        inner = self.build(node.operand, depth)
        if isinstance(node.op, ast.Not):
            return lambda env: not inner(env)
        if isinstance(node.op, ast.USub):
            return lambda env: -inner(env)
        if isinstance(node.op, ast.UAdd):
            return inner
        raise self.fail(node, f"the operator {_what(node.op)} is not allowed")

    def _BoolOp(self, node: ast.BoolOp, depth: int) -> Fn:
        parts = [self.build(v, depth) for v in node.values]
        stop_on = not isinstance(node.op, ast.And)   # `or` stops at a true value
        if len(parts) == 2:       # the usual "a and b": no loop
            first, second = parts
            if stop_on:
                return lambda env: first(env) or second(env)
            return lambda env: first(env) and second(env)

        def boolean(env: Lookup) -> Any:
            """The first value that decides it, as Python's own and/or give it
            ("weapon.power or 0" is the power, else 0)."""
            value = None
            for p in parts:
                value = p(env)
                if bool(value) is stop_on:
                    return value
            return value
        return boolean

    def _Compare(self, node: ast.Compare, depth: int) -> Fn:
        first = self.build(node.left, depth)
        rest = [(self._cmp(op), self.build(c, depth)) for op, c in
                zip(node.ops, node.comparators, strict=True)]
        where = self.where
        if len(rest) == 1:
            (op, second), = rest

            def compare_one(env: Lookup) -> bool:
                a, b = first(env), second(env)
                try:
                    return bool(op(a, b))
                except TypeError:
                    raise ExprError(where, f"cannot compare {a!r} with {b!r}",
                                    node.col_offset) from None
            return compare_one

        def compare(env: Lookup) -> bool:
            a = first(env)
            for op, fn in rest:
                b = fn(env)
                try:
                    if not op(a, b):
                        return False
                except TypeError:
                    raise ExprError(where, f"cannot compare {a!r} with {b!r}",
                                    node.col_offset) from None
                a = b
            return True
        return compare

    def _cmp(self, op: ast.cmpop) -> Callable[[Any, Any], bool]:
        fn = _COMPARE.get(type(op))
        if fn is None:
            raise self.fail(op, f"the comparison {_what(op)} is not allowed")
        return fn

    def _IfExp(self, node: ast.IfExp, depth: int) -> Fn:
        test, yes, no = (self.build(n, depth) for n in (node.test, node.body, node.orelse))
        return lambda env: yes(env) if test(env) else no(env)

    def _List(self, node: ast.List, depth: int) -> Fn:
        items = [self.build(e, depth) for e in node.elts]
        return lambda env: tuple(i(env) for i in items)

    _Tuple = _List

    def _Call(self, node: ast.Call, depth: int) -> Fn:
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name not in self.functions or node.keywords:
            known = ", ".join(sorted(self.functions))
            raise self.fail(node, f"{ast.unparse(node.func)}() is not a function here "
                                  f"(functions: {known})")
        fn = self.functions[name]
        args = [self.build(a, depth) for a in node.args]
        where = self.where

        def failed(e: Exception) -> ExprError:
            if isinstance(e, ZeroDivisionError):
                return ExprError(where, "division by zero", node.col_offset)
            return ExprError(where, f"{name}(): {e}", node.col_offset)

        if len(args) == 1:          # the usual one and two arguments: no list
            only, = args

            def call_one(env: Lookup) -> Any:
                value = only(env)
                try:
                    return fn(value)
                except (ZeroDivisionError, TypeError, ValueError) as e:
                    raise failed(e) from None
            return call_one
        if len(args) == 2:
            first, second = args

            def call_two(env: Lookup) -> Any:
                a, b = first(env), second(env)
                try:
                    return fn(a, b)
                except (ZeroDivisionError, TypeError, ValueError) as e:
                    raise failed(e) from None
            return call_two

        def call(env: Lookup) -> Any:
            values = [a(env) for a in args]
            try:
                return fn(*values)
            except (ZeroDivisionError, TypeError, ValueError) as e:
                raise failed(e) from None
        return call


def _what(node: ast.AST) -> str:
    names = {"Lambda": "a lambda", "ListComp": "a comprehension", "Pow": "**",
             "Starred": "*", "NamedExpr": ":=", "JoinedStr": "an f-string",
             "Is": "is", "IsNot": "is not", "BitAnd": "&", "BitOr": "|", "MatMult": "@"}
    kind = type(node).__name__
    return names.get(kind, kind)


@dataclass(frozen=True)
class Expr:
    """A compiled formula: call it with a Lookup. `paths` are the names it reads."""

    text: str
    where: Where
    paths: tuple[tuple[str, ...], ...]
    fn: Fn

    def __call__(self, env: Lookup) -> Any:
        try:
            return self.fn(env)
        except RecursionError:
            raise ExprError(self.where, "the formula refers to itself") from None

    @property
    def constant(self) -> bool:
        return not self.paths


def compile_expr(text: Any, where: Where,
                 functions: Mapping[str, Callable[..., Any]] = FUNCTIONS) -> Expr:
    """Compile `text` (a formula, or a plain number / true / false written as TOML)."""
    if isinstance(text, bool | int | float):
        value = text
        return Expr(repr(text), where, (), lambda env: value)
    if not isinstance(text, str):
        raise ExprError(where, f"expected a formula (text) or a number, got {text!r}")
    if len(text) > MAX_LENGTH:
        raise ExprError(where, f"a formula of {len(text)} characters is over the "
                               f"{MAX_LENGTH}-character limit")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as e:
        raise ExprError(where, f"cannot read {text!r}: {e.msg}",
                        (e.offset - 1) if e.offset else None) from None
    compiler = _Compiler(where, functions)
    fn = compiler.build(tree.body)
    expr = Expr(text, where, tuple(dict.fromkeys(compiler.paths)), fn)
    if expr.constant:         # a formula of constants: its errors show now, not in a game
        expr(lambda path: None)
    return expr
