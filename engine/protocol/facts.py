"""Geometry facts of one resolution: what the board measured and what the player overrode."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.options import SchemaError

__all__ = ["FACTS", "SIDES", "Facts", "FactMissing"]

#: The geometry facts an action may consume; the app fills them from the board.
FACTS: dict[str, str] = {
    "distance_in": "distance between the units, inches (edge to edge unless the ruleset "
                   "measures centre to centre)",
    "distance_m": "the same distance in metres (scenario metres_per_inch)",
    "range_band": "range band in the ruleset's terms (a number or a name); rulesets "
                  "derive it from the distance when the app leaves it empty",
    "los": "line of sight exists (bool)",
    "visible_fraction": "share of the target's base the shooter sees, 0–1",
    "cover": "generic cover level 0–4 (none, light, medium, heavy, fortification)",
    "side_struck": "facing of the target struck: front, left, right or rear",
    "in_arc": "target inside the weapon's arc (bool)",
    "under_template": "ids of the units under a template (list)",
    "under_template_centre": "id of the unit under a template's centre hole, if any",
}
SIDES = ("front", "left", "right", "rear")


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
        for name in ("distance_in", "distance_m"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)
                                  or not math.isfinite(v) or v < 0):
                raise SchemaError(f"facts.{name}: expected a number ≥ 0, got {v!r}")
        vf = self.visible_fraction
        if vf is not None and (isinstance(vf, bool) or not isinstance(vf, int | float)
                               or not 0 <= vf <= 1):
            raise SchemaError(f"facts.visible_fraction: expected a number 0–1, got {vf!r}")
        c = self.cover
        if c is not None and (isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 4):
            raise SchemaError(f"facts.cover: expected a whole number 0–4, got {c!r}")
        if self.side_struck is not None and self.side_struck not in SIDES:
            raise SchemaError(f"facts.side_struck: expected one of {' | '.join(SIDES)}, "
                              f"got {self.side_struck!r}")
        for name in ("los", "in_arc"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, bool):
                raise SchemaError(f"facts.{name}: expected true or false, got {v!r}")
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
            who = f"action {action!r} " if action else ""
            raise FactMissing(f"{who}needs facts.{name} ({FACTS.get(name, 'ruleset fact')}):"
                              f" not measured — enter it")
        return v

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in FACTS if getattr(self, k) is not None}
        if d.get("under_template") is not None:
            d["under_template"] = list(d["under_template"])
        d.update(self.extra)
        d["overridden"] = sorted(self.overridden)
        return d
