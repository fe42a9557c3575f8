"""Typed, validated values: data-file fields, ruleset options, player options, modifiers.

A ruleset's numbers live in data files and its choices in options; both are checked here
so that a bad value is refused with the field's full name ("weapons.rifle.shots:
expected a whole number ≥ 1, got 0") instead of surfacing later as a wrong result.

- `Field` describes one value (type, range, choices, required, default, nested items).
  `validate_record` / `validate_table` check a dict / a table of dicts against a schema.
- `Option` is a choice a group or a player makes: a ruleset-wide AMBIGUOUS reading
  (`measure_from = edge | centre`) or an action's situational modifier
  ("side shot", +1, PROPOSED). A bool or int option may carry a `Modifier` for named
  steps, so rule code collects "what modifies the fire roll" from the options set.
- `Modifier` is one line of a calculation — the target number, the roll, the number of
  dice in a pool or the die's step on the ladder (d8 → d6) — with its reason and a
  PROPOSED mark when the number is ours, not the source's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.i18n import msg, prefixed

__all__ = ["SchemaError", "Field", "Schema", "BASE", "validate_value", "validate_record",
           "validate_table", "Option", "Modifier", "MODIFIER_TARGETS", "apply_modifiers",
           "validate_options"]

FieldType = Literal["int", "float", "str", "bool", "list", "dict", "die"]


class SchemaError(ValueError):
    """A value that does not fit its declared field; the message starts with the field."""


@dataclass(frozen=True, slots=True)
class Field:
    """One value in a record. `items` checks each element of a list (or each value of a
    dict); `fields` checks a nested record."""

    type: FieldType
    required: bool = True
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Any, ...] = ()
    items: Field | None = None
    fields: Mapping[str, Field] | None = None
    doc: str = ""


Schema = Mapping[str, Field]

#: A library profile's base, in the scenario format's form ({shape = "round", diameter_mm =
#: 25} or {shape = "rect", width_mm = 50, depth_mm = 25}): the base a placed unit of the
#: profile stands on. Any ruleset's profile schema may carry it as "base".
BASE = Field("dict", required=False, doc="the base a placed unit stands on", fields={
    "shape": Field("str", choices=("round", "oval", "rect")),
    "diameter_mm": Field("float", required=False, minimum=1),
    "width_mm": Field("float", required=False, minimum=1),
    "depth_mm": Field("float", required=False, minimum=1),
})


#: What a value of each field type is, in a message ("expected a whole number 0–10").
_KINDS = {"int": msg("a whole number"), "float": msg("a number"), "str": msg("text"),
          "bool": msg("true or false"), "list": msg("a list"), "dict": msg("a table"),
          "die": msg("a die such as 'd10'")}
#: Python's names of the types a refused value can have, each a message ("got list").
_TYPES = {"str": msg("str"), "int": msg("int"), "float": msg("float"), "bool": msg("bool"),
          "list": msg("list"), "tuple": msg("tuple"), "NoneType": msg("NoneType")}


def _describe(f: Field) -> Any:
    kind = _KINDS[f.type]
    if f.minimum is not None and f.maximum is not None:
        return msg("{kind} {low}–{high}", kind=kind, low=_num(f.minimum), high=_num(f.maximum))
    if f.minimum is not None:
        return msg("{kind} ≥ {low}", kind=kind, low=_num(f.minimum))
    if f.maximum is not None:
        return msg("{kind} ≤ {high}", kind=kind, high=_num(f.maximum))
    return kind


def _num(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _type_name(value: Any) -> Any:
    name = type(value).__name__
    return _TYPES.get(name, name)


def validate_value(value: Any, f: Field, where: str) -> Any:
    """`value` checked against `f`; SchemaError "where: expected …, got …" otherwise.
    The message is built only when a value is refused (valid values are the rule)."""
    given = value

    def bad() -> SchemaError:
        return SchemaError(prefixed(f"{where}: ", msg("expected {what}, got {got}",
                                                      what=_describe(f), got=repr(given))))

    if f.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise bad()
    elif f.type == "float":
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value):
            raise bad()
        value = float(value)
    elif f.type == "str":
        if not isinstance(value, str):
            raise bad()
    elif f.type == "bool":
        if not isinstance(value, bool):
            raise bad()
    elif f.type == "die":
        from engine.dice import DiceError, die
        try:
            value = die(value)
        except DiceError:
            raise bad() from None
    elif f.type == "list":
        if not isinstance(value, list | tuple):
            raise bad()
        if f.items is not None:
            value = [validate_value(v, f.items, f"{where}[{i}]") for i, v in enumerate(value)]
        else:
            value = list(value)
    elif f.type == "dict":
        if not isinstance(value, Mapping):
            raise bad()
        if f.fields is not None:
            value = validate_record(value, f.fields, where)
        elif f.items is not None:
            value = {str(k): validate_value(v, f.items, f"{where}.{k}") for k, v in value.items()}
        else:
            value = dict(value)
    if f.type in ("int", "float"):
        if (f.minimum is not None and value < f.minimum) or \
                (f.maximum is not None and value > f.maximum):
            raise bad()
    if f.choices and value not in f.choices:
        opts = " | ".join(str(c) for c in f.choices)
        raise SchemaError(prefixed(f"{where}: ", msg("expected one of {options}, got {got}",
                                                     options=opts, got=repr(value))))
    return value


def validate_record(data: Any, schema: Schema, where: str, *,
                    allow_extra: bool = False) -> dict:
    """A dict checked field by field; missing optional fields get their default.

    Unknown keys are refused (a typo in a data file should not be silently ignored)
    unless `allow_extra`, in which case they are kept unchanged.
    """
    if not isinstance(data, Mapping):
        raise SchemaError(prefixed(f"{where}: ", msg("expected a table, got {got}",
                                                     got=_type_name(data))))
    out: dict = {}
    for name, f in schema.items():
        path = f"{where}.{name}" if where else name
        if name not in data or data[name] is None:
            if f.required and f.default is None:
                raise SchemaError(prefixed(f"{path}: ", msg("required")))
            out[name] = f.default
            continue
        out[name] = validate_value(data[name], f, path)
    extra = [k for k in data if k not in schema]
    if extra and not allow_extra:
        known = ", ".join(schema)
        field = f"{where}.{extra[0]}" if where else str(extra[0])
        raise SchemaError(prefixed(f"{field}: ", msg("unknown field (known: {known})",
                                                     known=known)))
    for k in extra:
        out[k] = data[k]
    return out


def validate_table(data: Any, schema: Schema, where: str, *,
                   allow_extra: bool = False) -> dict[str, dict]:
    """A table of records keyed by id (`[weapons.rifle]` in TOML), each validated."""
    if not isinstance(data, Mapping):
        raise SchemaError(prefixed(f"{where}: ", msg("expected a table of records, got {got}",
                                                     got=_type_name(data))))
    return {str(k): validate_record(v, schema, f"{where}.{k}", allow_extra=allow_extra)
            for k, v in data.items()}


# --------------------------------------------------------------------------- modifiers


ModifierTarget = Literal["target", "roll", "pool", "die_step"]
#: What a modifier can change: the target number, the roll's total, the number of dice in
#: a pool, or the die's step on engine.dice.DIE_LADDER (−1: d8 → d6).
MODIFIER_TARGETS: tuple[str, ...] = ("target", "roll", "pool", "die_step")
_UNIT_WORD = {"pool": ("die", "dice"), "die_step": ("die step", "die steps")}


@dataclass(frozen=True, slots=True)
class Modifier:
    """One term of a calculation, shown to the players with its reason.

    `to` = "target" adds to the number the die is compared with; "roll" adds to the die
    total (penetration d10 + gun − band); "pool" adds dice to a pool (`pool_size`,
    `make_pool`); "die_step" moves the die along the ladder (`make_test`: −1 turns a d8
    into a d6). `sets=True` replaces the running value instead of adding (snap fire:
    "Accuracy set to 2"). `proposed` marks numbers that are ours.
    """

    label: str
    value: int
    reason: str = ""
    proposed: bool = False
    to: ModifierTarget = "target"
    sets: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise SchemaError(f"modifier {self.label!r}.value: expected a whole number, "
                              f"got {self.value!r}")
        if self.to not in MODIFIER_TARGETS:
            raise SchemaError(f"modifier {self.label!r}.to: expected one of "
                              f"{' | '.join(MODIFIER_TARGETS)}, got {self.to!r}")
        if self.sets and self.to == "die_step":
            raise SchemaError(f"modifier {self.label!r}.sets: a die step moves the die, "
                              f"it cannot set it")

    @property
    def text(self) -> str:
        """"+1 coax ranging" / "= 2 snap fire" / "−2 full-speed fire" / "+2 dice
        veterans" / "−1 die step wounded"."""
        word = ""
        if self.to in _UNIT_WORD:
            one, many = _UNIT_WORD[self.to]
            word = (one if abs(self.value) == 1 else many) + " "
        if self.sets:
            return f"= {self.value} {word}{self.label}"
        sign = "+" if self.value >= 0 else "−"
        return f"{sign}{abs(self.value)} {word}{self.label}"


def apply_modifiers(base: int, modifiers: list[Modifier] | tuple[Modifier, ...],
                    to: str = "target") -> int:
    """`base` with the modifiers aimed at `to` applied in order (set, then add on)."""
    value = base
    for m in modifiers:
        if m.to != to:
            continue
        value = m.value if m.sets else value + m.value
    return value


# --------------------------------------------------------------------------- options


OptionKind = Literal["bool", "int", "float", "choice", "str"]


@dataclass(frozen=True, slots=True)
class Option:
    """A choice with a documented default.

    Ruleset-wide options record an AMBIGUOUS reading (`reason` cites the spec, e.g.
    "§4.A-2"); action options are what a player sets before resolving. `proposed`
    marks a default (or a modifier value) that is ours, not the source's.

    `modifier` (bool options: applied when True) / `modifier_from_value` (int options:
    the value chosen is the modifier) make the option a `Modifier` for the step ids in
    `steps`; `Context.modifiers(step)` collects them.
    """

    id: str
    label: str
    kind: OptionKind
    default: Any
    choices: tuple[str, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    reason: str = ""
    proposed: bool = False
    help: str = ""
    modifier: int | None = None
    modifier_from_value: bool = False
    steps: tuple[str, ...] = ()
    to: ModifierTarget = "target"
    #: the label in Russian (engine.i18n.localized picks it; else the ruleset's glossary)
    label_ru: str = ""

    def __post_init__(self) -> None:
        if self.to not in MODIFIER_TARGETS:
            raise SchemaError(f"option {self.id}.to: expected one of "
                              f"{' | '.join(MODIFIER_TARGETS)}, got {self.to!r}")
        if self.kind == "choice" and not self.choices:
            raise SchemaError(f"option {self.id}: a choice option needs choices")
        if self.modifier is not None and self.kind != "bool":
            raise SchemaError(f"option {self.id}: `modifier` is for bool options")
        if self.modifier_from_value and self.kind != "int":
            raise SchemaError(f"option {self.id}: `modifier_from_value` is for int options")
        self.validate(self.default, f"option {self.id}.default")

    def field(self) -> Field:
        t: FieldType = {"bool": "bool", "int": "int", "float": "float", "choice": "str",
                        "str": "str"}[self.kind]  # type: ignore[assignment]
        return Field(t, minimum=self.minimum, maximum=self.maximum, choices=self.choices)

    def validate(self, value: Any, where: str | None = None) -> Any:
        """`value` checked, with text from a command line ("true", "3") converted."""
        where = where or f"option {self.id}"
        if isinstance(value, str) and self.kind in ("bool", "int", "float"):
            value = _from_text(value, self.kind, where)
        return validate_value(value, self.field(), where)

    def as_modifier(self, value: Any) -> Modifier | None:
        """The Modifier this option contributes at `value`, or None."""
        if self.modifier is not None and value is True:
            return Modifier(self.label, self.modifier, self.reason, self.proposed, self.to)
        if self.modifier_from_value and value:
            return Modifier(self.label, int(value), self.reason, self.proposed, self.to)
        return None

    def to_dict(self) -> dict:
        return {"id": self.id, "label": self.label, "kind": self.kind,
                "default": self.default, "choices": list(self.choices),
                "minimum": self.minimum, "maximum": self.maximum, "reason": self.reason,
                "proposed": self.proposed, "help": self.help, "modifier": self.modifier,
                "modifier_from_value": self.modifier_from_value, "steps": list(self.steps),
                "to": self.to}


def _from_text(text: str, kind: str, where: str) -> Any:
    t = text.strip().lower()
    if kind == "bool":
        if t in ("true", "yes", "on", "1"):
            return True
        if t in ("false", "no", "off", "0"):
            return False
        raise SchemaError(prefixed(f"{where}: ", msg("expected {what}, got {got}",
                                                     what=_KINDS["bool"], got=repr(text))))
    try:
        return int(t) if kind == "int" else float(t)
    except ValueError:
        raise SchemaError(prefixed(f"{where}: ", msg("expected {what}, got {got}",
                                                     what=_KINDS[kind], got=repr(text)))) \
            from None


def validate_options(specs: tuple[Option, ...] | list[Option], values: Mapping[str, Any],
                     where: str) -> dict[str, Any]:
    """All options of `specs` with `values` applied over the defaults; unknown ids and bad
    values raise SchemaError naming "<where>.<option id>"."""
    by_id = {o.id: o for o in specs}
    for k in values:
        if k not in by_id:
            known = ", ".join(by_id) or "none"
            raise SchemaError(prefixed(f"{where}.{k}: ", msg("unknown option (known: {known})",
                                                             known=known)))
    return {o.id: (o.validate(values[o.id], f"{where}.{o.id}") if o.id in values
                   else o.default) for o in specs}

