"""What an action needs chosen (roles) and what a generic cover level means to a ruleset."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["RoleName", "Role", "CoverTerm"]

RoleName = Literal["actor", "target", "targets", "weapon", "point"]


@dataclass(frozen=True, slots=True)
class Role:
    """A thing the action needs chosen: the acting unit, a target unit, several targets
    (squad members, units under a template), a weapon, or a template point."""

    name: RoleName
    required: bool = True
    label: str = ""


@dataclass(frozen=True, slots=True)
class CoverTerm:
    """What the generic cover level means in this ruleset: its own word and number
    (e.g. level 2 → "cover 2", value 2 off Damage)."""

    term: str
    value: int
    proposed: bool = False
    reason: str = ""
