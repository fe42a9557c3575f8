"""A file of data actions: its stats, markers, named formulas, numbers and actions, read,
checked and turned into protocol Actions. A whole house ruleset's rules.toml is one
(engine.house.folder adds the ruleset's own table); a Python ruleset may keep some of
its actions in such a file too (resources/rulesets/<id>/ beside its numbers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.house.action import DataAction
from engine.house.env import Rules
from engine.house.expr import ExprError
from engine.house.fields import Table
from engine.house.names import Known, check_action, check_formulas
from engine.house.reach import Hook
from engine.house.source import SourceFile, read_source
from engine.house.spec import read_action, read_stat

__all__ = ["Pack", "read_pack", "load_pack", "ruleset_pack", "PACK_KEYS"]

#: The top-level tables of a file of actions.
PACK_KEYS = ("format", "stats", "weapon_stats", "markers", "formulas", "data", "actions")
FORMAT = "warboard-rules-1"


@dataclass(frozen=True)
class Pack:
    """What a file of actions declares, checked."""

    rules: Rules
    actions: tuple[DataAction, ...]
    source: SourceFile
    #: the markers declared, with their labels and badges (for the vocabulary)
    markers: Mapping[str, Mapping[str, Any]]


def _each(top: Table, key: str, read: Callable[[Table, str], Any],
          what: str = "") -> dict[str, Any]:
    """`read` of each sub-table of [key] by its name; `what` ("a stat"): names must be
    names (letters, digits, _)."""
    table = top.table(key)
    if table is None:
        return {}
    out = {}
    for name in table.data:
        sub = table.table(name)
        assert sub is not None
        if what and not name.isidentifier():
            raise ExprError(table.at(name), f"{name!r}: {what}'s name is a name "
                                            "(letters, digits, _)")
        out[name] = read(sub, name)
    table.done()
    return out


def _stats(top: Table, key: str) -> dict[str, Any]:
    return _each(top, key, read_stat, "a stat")


def read_formulas(top: Table, key: str = "formulas") -> dict[str, Any]:
    """A table of named formulas (`[formulas]`, a check's `let`), each name a name."""
    table = top.table(key)
    if table is None:
        return {}
    out = {}
    for name in table.data:
        if not name.isidentifier():
            raise ExprError(table.at(name), f"{name!r}: a formula's name is a name")
        out[name] = table.expr(name, required=True)
    table.done()
    return out


def _marker(sub: Table, name: str) -> dict[str, Any]:
    out = {"default": sub.get("default", (int, bool), 0),
           "label": sub.get("label", str, name),
           "label_ru": sub.get("label_ru", str, ""),
           "badge": sub.get("badge", str, ""),
           "colour": sub.get("colour", str, "#d9822b"),
           "counted": sub.get("counted", bool, False)}
    sub.done()
    return out


def _markers(top: Table) -> dict[str, Any]:
    return _each(top, "markers", _marker)


def _bare_names(formulas: Mapping[str, Any], steps: set[str]) -> None:
    """A formula's bare name is another formula, a step or a role of some action."""
    for formula in formulas.values():
        for path in formula.paths:
            if len(path) == 1 and path[0] not in formulas and path[0] not in steps \
                    and path[0] != "outcome":
                raise ExprError(formula.where, f"{path[0]}: unknown name (not a formula, "
                                               "nor a step or role of any action)")


def read_pack(top: Table, *, data: Mapping[str, Any] | None = None,
              rule_ids: set[str] = frozenset(), extra: tuple[str, ...] = (),
              hooks: Mapping[str, Hook] | None = None) -> Pack:
    """Read the actions of the file whose top table is `top`; `data` the numbers the
    formulas read as `data.…` (default: the file's own [data]); `rule_ids` the ruleset's
    option ids (`rule.…`); `extra` other top-level keys a caller reads itself."""
    fmt = top.get("format", str, FORMAT)
    if fmt != FORMAT:
        raise ExprError(top.at("format"), f"unknown format {fmt!r} (expected {FORMAT!r})")
    own = top.get("data", dict, {})
    markers = _markers(top)
    rules = Rules(_stats(top, "stats"), read_formulas(top), data if data is not None else own,
                  {k: v["default"] for k, v in markers.items()},
                  _stats(top, "weapon_stats"), dict(hooks or {}))
    known = Known(rules.stats, rules.formulas, rules.data, set(rule_ids), set(markers),
                  set(rules.weapon_stats), hooks=set(rules.hooks))
    actions = []
    table = top.table("actions")
    for action_id in (table.data if table is not None else {}):
        assert table is not None
        sub = table.table(action_id)
        assert sub is not None
        spec = read_action(sub, action_id)
        check_action(spec, known)
        actions.append(DataAction(spec, rules))
    if table is not None:
        table.done()
    check_formulas(rules.formulas, known, [a.spec for a in actions])
    _bare_names(rules.formulas, {s.id for a in actions for s in a.spec.steps} |
                {r[0] for a in actions for r in a.spec.roles})
    top.read.update(extra)
    top.done()
    return Pack(rules, tuple(actions), top.source, markers)


def load_pack(path: Path | Traversable, *, data: Mapping[str, Any] | None = None,
              rule_ids: set[str] = frozenset(), name: str | None = None,
              hooks: Mapping[str, Hook] | None = None) -> Pack:
    """Read a file of actions (see `read_pack`)."""
    source = read_source(path, name)
    return read_pack(Table(source, "", source.data), data=data, rule_ids=rule_ids,
                     hooks=hooks)


def ruleset_pack(ruleset_id: str, filename: str, *, data: Mapping[str, Any],
                 rule_ids: set[str], hooks: Mapping[str, Hook] | None = None) -> Pack:
    """A Python ruleset's file of data actions, resources/rulesets/<id>/<filename>;
    `hooks` the Python functions its formulas may name (`hook.…`)."""
    from engine.rulesets.registry import data_file

    path = data_file("resources.rulesets", ruleset_id, filename)
    return load_pack(path, data=data, rule_ids=rule_ids, name=f"{ruleset_id}/{filename}",
                     hooks=hooks)
