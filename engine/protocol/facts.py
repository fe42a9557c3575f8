"""Facts of one resolution: what the board measured and what the player overrode, and the
declarations (`FactSpec`) that say what each fact is and how it is measured.

A fact is declared once — by the protocol (the built-ins below), by a ruleset
(`Ruleset.facts`) or by an action (a `FactSpec` in `Action.facts`) — with its type (which
decides how it is shown, typed and checked), its scope (what it is measured between) and
the function that measures it from a `FactProbe` (engine.facts builds the probe on the
board). A "member" fact is measured from each member of a group actor ("LOS from each
stand") and a "target" fact to each unit of a several-units role; their value is a
mapping unit id → value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

from engine.options import SchemaError

__all__ = ["FACTS", "SIDES", "FACT_TYPES", "FACT_SCOPES", "Facts", "FactMissing", "FactSpec",
           "FactProbe", "BUILTIN_FACTS", "fact_spec"]

SIDES = ("front", "left", "right", "rear")

FactType = Literal["distance_in", "distance_m", "number", "fraction", "count", "bool",
                   "cover", "side", "band", "ids", "id", "text"]
#: How a fact's value is typed, shown and entered (the app picks its editor from this).
FACT_TYPES: dict[str, str] = {
    "distance_in": "a distance in inches (a number ≥ 0)",
    "distance_m": "a distance in metres (a number ≥ 0)",
    "number": "a number",
    "fraction": "a share 0–1",
    "count": "a whole number ≥ 0",
    "bool": "yes or no",
    "cover": "a generic cover level 0–4 (the ruleset names each)",
    "side": "a facing: front, left, right or rear",
    "band": "a range band: a number or a name",
    "ids": "unit ids (a list)",
    "id": "one unit id",
    "text": "text (or JSON)",
}
FactScope = Literal["pair", "member", "target", "template", "derived", "context"]
#: What a fact is measured between.
FACT_SCOPES: dict[str, str] = {
    "pair": "the actor and its target (one value)",
    "member": "each member of the actor (a group; a single unit is one member) and the "
              "target: unit id → value",
    "target": "the actor and each unit of its several-units role: unit id → value",
    "template": "the template laid for the action",
    "derived": "the other facts (the range band from the distance)",
    "context": "anything else on the board (the probe's scenario)",
}


class FactProbe(Protocol):
    """What a fact's `measure` function reads (engine.facts builds it on the board).

    `actor` / `target` are the two units of this measurement (for a "member" fact each
    member of the group in turn, for a "target" fact each target); `pair()` is the
    engine.measure Measurement between them (cached: every pair fact shares one);
    `template` the laid TemplateResult or None; `facts` the facts measured so far (for
    "derived" facts); `range_band()` the action's band at those facts' distance."""

    scenario: Any
    ruleset: Any
    action: Any
    actor: Any
    target: Any
    template: Any
    facts: Facts
    rules: Mapping[str, Any]

    def pair(self) -> Any: ...

    def range_band(self) -> int | str | None: ...


@dataclass(frozen=True, slots=True)
class FactSpec:
    """A declared fact: its name, label and doc for the panels, its `type` (FACT_TYPES),
    its `scope` (FACT_SCOPES) and `measure(probe) -> value` (None: the board cannot
    measure it; the player enters it). A measure that cannot answer returns None.

    For an each-unit fact ("member" / "target" scope), `measure_many(probe, units)`
    measures all the units in one pass (vectorised: one shapely/numpy call for the whole
    squad, not one per pair) and returns their values in order — engine.facts calls it
    instead of `measure` once per unit. `units(probe)` names the units a "target" fact is
    measured to when the action's several-units role is empty (e.g. the squad of the one
    target chosen); without it such a fact stays unmeasured then."""

    name: str
    label: str = ""
    type: FactType = "text"
    scope: FactScope = "pair"
    measure: Callable[[FactProbe], Any] | None = None
    doc: str = ""
    measure_many: Callable[[FactProbe, Sequence[Any]], Sequence[Any]] | None = None
    units: Callable[[FactProbe], Sequence[Any]] | None = None

    def __post_init__(self) -> None:
        if self.type not in FACT_TYPES:
            raise SchemaError(f"fact {self.name}.type: expected one of "
                              f"{' | '.join(FACT_TYPES)}, got {self.type!r}")
        if self.scope not in FACT_SCOPES:
            raise SchemaError(f"fact {self.name}.scope: expected one of "
                              f"{' | '.join(FACT_SCOPES)}, got {self.scope!r}")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ")

    @property
    def each(self) -> bool:
        """Whether the value is a mapping unit id → value (member and target scopes)."""
        return self.scope in ("member", "target")

    def check(self, value: Any) -> Any:
        """`value` typed and checked (SchemaError "facts.<name>: expected …"); a mapping
        for an each-unit fact is checked item by item."""
        if value is None:
            return None
        if self.each and isinstance(value, Mapping):
            return {str(k): _check_one(self, v, f"facts.{self.name}.{k}")
                    for k, v in value.items()}
        return _check_one(self, value, f"facts.{self.name}")

    def describe(self) -> dict:
        return {"name": self.name, "label": self.title, "type": self.type,
                "scope": self.scope, "measured": self.measured, "doc": self.doc}

    @property
    def measured(self) -> bool:
        """Whether the board measures it (else the player enters it)."""
        return self.measure is not None or self.measure_many is not None


_EXPECT = {"distance_in": "a number ≥ 0", "distance_m": "a number ≥ 0", "number": "a number",
           "fraction": "a number 0–1", "count": "a whole number ≥ 0",
           "cover": "a whole number 0–4", "bool": "true or false",
           "side": "one of " + " | ".join(SIDES), "band": "a number or a name",
           "ids": "a list of unit ids", "id": "a unit id"}


def _check_one(spec: FactSpec, v: Any, where: str) -> Any:
    t = spec.type

    def bad() -> SchemaError:
        return SchemaError(f"{where}: expected {_EXPECT.get(t, FACT_TYPES[t])}, got {v!r}")

    if t in ("distance_in", "distance_m", "number", "fraction"):
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise bad()
        if (t != "number" and v < 0) or (t == "fraction" and v > 1):
            raise bad()
        return float(v)
    if t in ("count", "cover"):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or (t == "cover" and v > 4):
            raise bad()
        return v
    if t == "bool":
        if not isinstance(v, bool):
            raise bad()
        return v
    if t == "side":
        if v not in SIDES:
            raise bad()
        return v
    if t == "band":
        if isinstance(v, bool) or not isinstance(v, int | str):
            raise bad()
        return v
    if t == "ids":
        if isinstance(v, str) or not isinstance(v, list | tuple):
            raise bad()
        return tuple(str(x) for x in v)
    if t == "id":
        if not isinstance(v, str):
            raise bad()
        return v
    return v


def _pair(attr: str) -> Callable[[FactProbe], Any]:
    def measure(p: FactProbe) -> Any:
        return getattr(p.pair(), attr) if p.target is not None else None
    return measure


def _distance(unit: str) -> Callable[[FactProbe], Any]:
    def measure(p: FactProbe) -> Any:
        if p.target is None:
            return None
        m = p.pair()
        centre = getattr(p.ruleset, "measure", "edge") == "centre"
        return getattr(m, f"{'centre' if centre else 'edge'}_{unit}")
    return measure


def _los(p: FactProbe) -> bool | None:
    return p.pair().los != "blocked" if p.target is not None else None


def _under(p: FactProbe) -> tuple[str, ...] | None:
    return tuple(uid for uid, _ in p.template.under) if p.template is not None else None


def _hole(p: FactProbe) -> str | None:
    return p.template.hole if p.template is not None else None


#: The protocol's own facts, declared like any ruleset's: the one declaration of the
#: built-ins (FACTS, their docs, and the fields of `Facts` follow it).
BUILTIN_FACTS: dict[str, FactSpec] = {s.name: s for s in (
    FactSpec("distance_in", "distance (in)", "distance_in", "pair", _distance("in"),
             "distance between the units, inches (edge to edge unless the ruleset "
             "measures centre to centre)"),
    FactSpec("distance_m", "distance (m)", "distance_m", "pair", _distance("m"),
             "the same distance in metres, at the table's ground scale"),
    FactSpec("range_band", "range band", "band", "derived", lambda p: p.range_band(),
             "range band in the rules' terms (a number or a name), worked out from the "
             "distance when left empty"),
    FactSpec("los", "line of sight", "bool", "pair", _los, "whether the shooter sees the target"),
    FactSpec("visible_fraction", "visible", "fraction", "pair", _pair("visible_fraction"),
             "share of the target's base the shooter sees, 0–1"),
    FactSpec("cover", "cover", "cover", "pair", _pair("cover"),
             "generic cover level 0–4 (none, light, medium, heavy, fortification)"),
    FactSpec("side_struck", "side struck", "side", "pair", _pair("target_side"),
             "facing of the target struck: front, left, right or rear"),
    FactSpec("in_arc", "in arc", "bool", "pair", _pair("in_arc"),
             "whether the target is inside the weapon's arc"),
    FactSpec("under_template", "under template", "ids", "template", _under,
             "the units under a template"),
    FactSpec("under_template_centre", "under the hole", "id", "template", _hole,
             "the unit under a template's centre hole, if any"),
)}
#: The built-in facts an action may consume (the app fills them from the board): name → doc.
FACTS: dict[str, str] = {name: spec.doc for name, spec in BUILTIN_FACTS.items()}


def fact_spec(name: str, *declared: FactSpec) -> FactSpec:
    """The declaration of fact `name`: the first of `declared` (an action's, then its
    ruleset's) with that name, then the built-ins; an undeclared name is a text fact
    the board cannot measure (the player enters it)."""
    for s in declared:
        if s.name == name:
            return s
    return BUILTIN_FACTS.get(name) or FactSpec(name, doc="a fact of the rules, entered by hand")


class FactMissing(ValueError):
    """An action needs a fact the board could not give and the player did not enter."""


@dataclass(frozen=True, slots=True)
class Facts:
    """Geometry facts for one resolution; `overridden` names those the player set by
    hand ("the real table wins over its mirror"). `extra` holds ruleset-specific facts."""

    distance_in: float | None = None
    distance_m: float | None = None
    range_band: int | str | None = None
    los: bool | None = None
    visible_fraction: float | None = None
    cover: int | None = None
    side_struck: str | None = None
    in_arc: bool | None = None
    under_template: tuple[str, ...] | None = None
    under_template_centre: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    overridden: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name, spec in BUILTIN_FACTS.items():  # each checked as its declaration says
            spec.check(getattr(self, name))
        if self.under_template is not None:
            object.__setattr__(self, "under_template", tuple(self.under_template))
        unknown = set(self.overridden) - set(FACTS) - set(self.extra)
        if unknown:
            raise SchemaError(f"facts.overridden: unknown fact {sorted(unknown)[0]!r}")

    def override(self, **values: Any) -> Facts:
        """A copy with `values` set by the player (validated, marked as overridden).
        Unknown names go to `extra`."""
        known = {k: v for k, v in values.items() if k in FACTS}
        extra = {k: v for k, v in values.items() if k not in FACTS}
        return replace(self, **known, extra={**self.extra, **extra},
                       overridden=self.overridden | frozenset(values))

    def get(self, name: str) -> Any:
        if name in FACTS:
            return getattr(self, name)
        return self.extra.get(name)

    def need(self, name: str, action: str = "") -> Any:
        """The fact's value, or FactMissing telling the player what to enter."""
        v = self.get(name)
        if v is None:
            from engine.i18n import msg

            spec = BUILTIN_FACTS.get(name)
            title = spec.title if spec is not None else name.replace("_", " ")
            raise FactMissing(msg("{fact}: not measured — enter it under Facts from the "
                                  "board", fact=title))
        return v

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in FACTS if getattr(self, k) is not None}
        if d.get("under_template") is not None:
            d["under_template"] = list(d["under_template"])
        d.update(self.extra)
        d["overridden"] = sorted(self.overridden)
        return d


def _check_fields() -> None:
    """`Facts` carries a field per built-in declaration, in its order: a fact declared in
    BUILTIN_FACTS and not given a field (or the reverse) stops the import here."""
    from dataclasses import fields

    names = tuple(f.name for f in fields(Facts))
    if names != (*BUILTIN_FACTS, "extra", "overridden"):
        raise TypeError(f"Facts fields {names} do not follow BUILTIN_FACTS "
                        f"{tuple(BUILTIN_FACTS)}")


_check_fields()
