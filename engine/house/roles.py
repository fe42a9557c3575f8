"""Roles written as tables: what fills them (a unit, a weapon, a responder who answers at
the same moment through engine.joint), whether they are needed, and the label and help
the panels show —

    roles = ["actor", "target", { name = "weapon", kind = "weapon" },
             { name = "target2", required = false, label = "second target" }]
"""

from __future__ import annotations

from engine.house.expr import ExprError
from engine.house.fields import Table
from engine.protocol.roles import ROLE_KINDS

__all__ = ["RoleSpec", "read_role", "role_label", "role_doc"]


class RoleSpec(tuple):
    """(name, kind, required) as the plain roles are, with the label and doc beside."""

    label: str
    doc: str

    def __new__(cls, name: str, kind: str, required: bool, label: str = "",
                doc: str = "") -> RoleSpec:
        self = super().__new__(cls, (name, kind, required))
        self.label = label
        self.doc = doc
        return self


def read_role(t: Table) -> RoleSpec:
    name = t.get("name", str, required=True)
    if not name.isidentifier():
        raise ExprError(t.at("name"), f"expected a role name, got {name!r}")
    kind = t.choice("kind", tuple(ROLE_KINDS), "unit")
    role = RoleSpec(name, kind, t.get("required", bool, True), t.get("label", str, ""),
                    t.get("doc", str, ""))
    t.done()
    return role


def role_label(role: tuple) -> str:
    return getattr(role, "label", "")


def role_doc(role: tuple) -> str:
    return getattr(role, "doc", "")
