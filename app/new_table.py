"""What File ▸ New makes: the choices its dialog returns (NewTable) and the blank table
built from them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.scenario import Scenario


@dataclass(frozen=True, slots=True)
class NewTable:
    """What File ▸ New asks for: the demo, or a blank table of a size and ruleset."""

    demo: bool = False
    name: str = "New table"
    ruleset: str = ""          # "": the default table's (the shipped demo's) ruleset
    width_in: float = 72.0
    height_in: float = 48.0
    metres_per_inch: float = 2.5
    #: with `demo`: which shipped scenario (resources/scenarios); None = the demo
    demo_file: str | None = None


def _first_ruleset() -> str:
    """The default table's ruleset (the shipped demo's), else the first registered."""
    from engine.rulesets.registry import list_rulesets
    from engine.scenario_io import ScenarioError, load_demo

    try:
        return load_demo().ruleset
    except (ScenarioError, OSError):
        found = list_rulesets()
        return found[0].id if found else ""


def blank_scenario(spec: NewTable) -> Scenario:
    """An empty table: no terrain, no units."""
    from engine.scenario import Scenario, Table
    if spec.width_in <= 0 or spec.height_in <= 0:
        raise ValueError(f"table: expected a positive size, got {spec.width_in:g} × "
                         f"{spec.height_in:g}")
    if spec.metres_per_inch <= 0:
        raise ValueError(f"table.metres_per_inch: expected a positive number, "
                         f"got {spec.metres_per_inch:g}")
    return Scenario(spec.name.strip() or "New table", spec.ruleset or _first_ruleset(),
                    Table(float(spec.width_in), float(spec.height_in),
                          float(spec.metres_per_inch)))
