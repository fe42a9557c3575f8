"""What an action needs chosen (roles, each of a kind) and what a generic cover level means
to a ruleset.

A role is declared by the action with a name of its own choosing and a `kind` that says
what fills it — the app draws one editor per kind, and `warboard resolve` takes any role
as `--role NAME=VALUE`:

- "unit": one unit (the actor, a target);
- "units": several units (squad members, the men under a template);
- "group": a group of the scenario (squad, platoon, battery …), resolved through the
  context's group lookup to its member units;
- "point": a point on the table (inches);
- "template": a template laid on the table (shape, centre, direction);
- "responder": the unit that answers — return fire, the opposed side of a duel — by
  default the target;
- "weapon": a weapon id of the ruleset's library.

The five names the protocol began with keep their old meaning without a kind: "actor"
and "target" are units, "targets" several units, "weapon" a weapon, "point" a point.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.options import SchemaError

__all__ = ["RoleKind", "ROLE_KINDS", "RoleName", "Role", "CoverTerm", "GroupRef",
           "TemplatePlacement", "group_lookup", "scenario_groups"]

RoleKind = Literal["unit", "units", "group", "point", "template", "responder", "weapon"]
#: Each role kind and what fills it.
ROLE_KINDS: dict[str, str] = {
    "unit": "one unit",
    "units": "several units",
    "group": "a group of the scenario (its members are the units)",
    "point": "a point on the table, inches",
    "template": "a template laid on the table: shape, centre and direction",
    "responder": "the unit that answers (return fire, the other side of a duel)",
    "weapon": "a weapon of the ruleset's library",
}
#: Any name: the action chooses its roles' names.
RoleName = str


@dataclass(frozen=True, slots=True)
class Role:
    """A thing the action needs chosen: `name` (how the action reads it:
    `ctx.chosen(name)`), `kind` (ROLE_KINDS: every role says what fills it, whatever its name),
    whether it is required, and the label the panels show."""

    name: str
    required: bool = True
    label: str = ""
    kind: RoleKind | None = None
    doc: str = ""

    def __post_init__(self) -> None:
        kind = self.kind
        if kind is None:
            raise SchemaError(f"role {self.name}.kind: required (one of "
                              f"{' | '.join(ROLE_KINDS)})")
        if kind not in ROLE_KINDS:
            raise SchemaError(f"role {self.name}.kind: expected one of "
                              f"{' | '.join(ROLE_KINDS)}, got {kind!r}")
        object.__setattr__(self, "kind", kind)

    @property
    def title(self) -> str:
        text = self.label or self.name.replace("_", " ")
        return text[:1].upper() + text[1:]

    @property
    def holds_units(self) -> bool:
        """Whether the role is filled with units (one, several, a group's, a responder)."""
        return self.kind in ("unit", "units", "group", "responder")

    def describe(self) -> dict:
        return {"name": self.name, "kind": self.kind, "required": self.required,
                "label": self.label, "doc": self.doc}


@dataclass(frozen=True, slots=True)
class GroupRef:
    """A group as an action reads it: id, name and the member units on the table (nested
    groups flattened, in order)."""

    id: str
    name: str
    members: tuple[Any, ...]
    #: the name in Russian when the scenario gives one (`localized` shows it in Russian)
    name_ru: str = ""

    @property
    def label(self) -> str:
        return self.name or self.id

    @property
    def member_ids(self) -> tuple[str, ...]:
        return tuple(u.id for u in self.members)


@dataclass(frozen=True, slots=True)
class TemplatePlacement:
    """A template laid for an action: shape (geometry.templates), centre (inches), and
    for a flamer the point it is aimed toward (it starts at the actor)."""

    shape: str
    x: float
    y: float
    toward: tuple[float, float] | None = None


def _field(g: Any, name: str, default: Any = None) -> Any:
    return g.get(name, default) if isinstance(g, Mapping) else getattr(g, name, default)


def scenario_groups(scenario: Any) -> dict[str, GroupRef]:
    """The group lookup of a scenario: its `groups` (scenario format 2, engine.scenario
    Group records) over the units on the table."""
    return group_lookup(getattr(scenario, "groups", None), scenario.units)


def group_lookup(groups: Iterable[Any] | None, units: Sequence[Any]
                 ) -> dict[str, GroupRef]:
    """Group id → GroupRef from a scenario's `groups` (records or dicts with `id`, `name`
    and `members`; members are unit ids or other groups' ids), over `units` (those on the
    table: a member off the table is not in `members`). A cycle of groups is cut."""
    records = {str(_field(g, "id")): g for g in (groups or ()) if _field(g, "id")}
    by_id = {u.id: u for u in units}

    def flatten(gid: str, seen: frozenset[str]) -> list[Any]:
        out: list[Any] = []
        for m in _field(records[gid], "members", ()) or ():
            m = str(m)
            if m in records and m not in seen:
                out.extend(flatten(m, seen | {m}))
            elif m in by_id:
                out.append(by_id[m])
        return out

    def unique(us: list[Any]) -> tuple[Any, ...]:
        first: dict[str, Any] = {}
        for u in us:
            first.setdefault(u.id, u)
        return tuple(first.values())

    return {gid: GroupRef(gid, str(_field(g, "name", "") or ""),
                          unique(flatten(gid, frozenset({gid}))),
                          str(_field(g, "name_ru", "") or ""))
            for gid, g in records.items()}


@dataclass(frozen=True, slots=True)
class CoverTerm:
    """What the generic cover level means in this ruleset: its own word and number
    (e.g. level 2 → "cover 2", value 2 off Damage)."""

    term: str
    value: int
    proposed: bool = False
    reason: str = ""
