"""Reading one table of a ruleset file field by field: each value checked for its type,
each unknown key refused (a typo must not be silently ignored), every message naming
the file, line and field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.house.expr import Expr, ExprError, Where, compile_expr
from engine.house.source import SourceFile
from engine.house.texts import TEXT_FORMS, read_text_arg

__all__ = ["Table", "TextSpec"]

_TYPES = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
          list: "a list", dict: "a table"}


class Table:
    """A TOML table at `path` of `source`, read once per field; `done()` refuses the
    keys no reader asked for."""

    def __init__(self, source: SourceFile, path: str, data: Any) -> None:
        self.source = source
        self.path = path
        self.where = source.where(path)
        if not isinstance(data, Mapping):
            raise ExprError(self.where, f"expected a table, got {data!r}")
        self.data = data
        self.read: set[str] = set()

    def at(self, key: str | int) -> Where:
        sub = f"{self.path}[{key}]" if isinstance(key, int) else \
            (f"{self.path}.{key}" if self.path else key)
        return self.source.where(sub)

    def sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None, *,
            required: bool = False) -> Any:
        self.read.add(key)
        if key not in self.data:
            if required:
                raise ExprError(self.at(key), "required")
            return default
        value = self.data[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        elif float in kinds and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        else:
            ok = isinstance(value, kinds)
        if not ok:
            want = " or ".join(_TYPES.get(k, k.__name__) for k in kinds)
            raise ExprError(self.at(key), f"expected {want}, got {value!r}")
        return value

    def expr(self, key: str, default: Any = None, *, required: bool = False) -> Expr | None:
        """A formula field (text, or a plain number / true / false)."""
        value = self.get(key, (str, int, float, bool), default, required=required)
        if value is None:
            return None
        return compile_expr(value, self.at(key))

    def table(self, key: str, *, required: bool = False) -> Table | None:
        value = self.get(key, dict, None, required=required)
        return Table(self.source, self.sub(key), value) if value is not None else None

    def tables(self, key: str) -> list[Table]:
        """A list of tables (an array of tables, or inline tables in a list)."""
        items = self.get(key, list, [])
        return [Table(self.source, f"{self.sub(key)}[{i}]", v) for i, v in enumerate(items)]

    def choice(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(key, str, default, required=default is None)
        if value not in choices:
            raise ExprError(self.at(key), f"expected one of {', '.join(choices)}, "
                                          f"got {value!r}")
        return value

    def done(self) -> None:
        extra = [k for k in self.data if k not in self.read]
        if extra:
            known = ", ".join(sorted(self.read)) or "none"
            raise ExprError(self.at(extra[0]), f"unknown field (fields here: {known})")


class TextSpec:
    """A text players read: plain ("Leave cover"), or a template with its fields as
    formulas ({ say = "{unit}: {result}", unit = "actor.label", result = "'done'" }).
    Either way it becomes an engine.i18n message, translated by the glossary."""

    def __init__(self, template: str, args: Mapping[str, Expr] | None = None) -> None:
        self.template = template
        self.args = dict(args or {})

    @classmethod
    def read(cls, table: Table, key: str, default: str | None = None, *,
             required: bool = False) -> TextSpec | None:
        value = table.get(key, (str, dict), default, required=required)
        if value is None:
            return None
        if isinstance(value, str):
            return cls(value)
        if "say" not in value and any(k in value for k in TEXT_FORMS):
            return cls("{text}", {"text": read_text_arg(value, table.at(key))})
        inner = Table(table.source, table.sub(key), value)
        template = inner.get("say", str, required=True)
        args = {k: read_text_arg(value[k], inner.at(k)) if isinstance(value[k], Mapping)
                else inner.expr(k) for k in value if k != "say"}
        inner.read.update(args)
        inner.done()
        missing = [n for n in _fields(template) if n not in args]
        if missing:
            raise ExprError(inner.at("say"), f"{{{missing[0]}}} has no formula beside it")
        return cls(template, args)

    @property
    def paths(self) -> list[tuple[tuple[str, ...], Where]]:
        return [(p, e.where) for e in self.args.values() for p in e.paths]

    def exprs(self) -> list[Expr]:
        return list(self.args.values())


def _fields(template: str) -> list[str]:
    import string

    return [f.split("|")[0].split("!")[0].split(":")[0]
            for _, f, _, _ in string.Formatter().parse(template) if f]
