"""Measuring on a scenario: one pair of units, or the units under a template.

The command line, the board's tools, the Actions dock's facts and the rulesets all measure
through the scenario's measurement service (`service_for`, engine.measure.service), so the
numbers a player reads on screen are the numbers a script or a forum post gets, and the
side struck follows the game's reading everywhere. The functions here are that service's
doors by scenario, kept for the callers that hold only a scenario.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.i18n import msg, verbatim
from geometry.template_shapes import TEMPLATE_SHAPES

from .results import (
    COVER_NAMES,
    FACING_MODELS,
    ROUND_DIGITS,
    BandSegment,
    MeasureError,
    Measurement,
    PointMeasurement,
    TemplateResult,
    facing_for,
)

if TYPE_CHECKING:
    from engine.scenario import Scenario
    from geometry.facing import FacingModel
    from geometry.terrain import TerrainIndex

    from .service import MeasureService, service_for

#: Names read from the service module on first use: it brings the geometry (numpy,
#: shapely), which a module that only names this package's errors and results (a ruleset,
#: the facts, a command that rolls dice) never needs.
_FROM_SERVICE = ("MeasureService", "service_for")

__all__ = ["COVER_NAMES", "FACING_MODELS", "ROUND_DIGITS", "BandSegment", "Measurement",
           "MeasureError", "MeasureService", "PointMeasurement", "TemplateResult",
           "facing_for", "facing_model", "measure_pair", "service_for", "template_query",
           "terrain_index"]


def __getattr__(name: str) -> Any:
    if name in _FROM_SERVICE:
        from . import service

        value = getattr(service, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def terrain_index(scenario: Scenario) -> TerrainIndex:
    """The scenario's TerrainIndex, from its measurement service (reused while the terrain
    is unchanged)."""
    from .service import service_for

    return service_for(scenario).terrain_index()


def facing_model(name: str) -> FacingModel:
    """A facing model by name ("front180" or "quadrants")."""
    try:
        return FACING_MODELS[name]
    except KeyError:
        raise MeasureError(msg("facing model: expected one of {models}, got {got}",
                               models=verbatim(", ".join(FACING_MODELS)),
                               got=repr(name))) from None


def measure_pair(
    scenario: Scenario,
    from_id: str,
    to_id: str,
    *,
    facing_model: FacingModel | None = None,
    readings: Mapping[str, Any] | None = None,
    index: TerrainIndex | None = None,
) -> Measurement:
    """Distance, line of sight, cover, side struck and turret arc of FROM firing at TO, by
    the scenario's service: the side by `facing_model` if given, else by the game's
    `readings` (engine.readings; the ruleset's defaults without them)."""
    from .service import service_for

    return service_for(scenario).pair(from_id, to_id, readings=readings,
                                      facing_model=facing_model, index=index)


def template_query(
    scenario: Scenario,
    shape: str,
    x: float,
    y: float,
    *,
    toward: tuple[float, float] | None = None,
    scatter: tuple[float, float] | None = None,
    shooter: str | None = None,
) -> TemplateResult:
    """The units under a blast-3 / blast-5 template centred at (x, y), or a flamer whose
    narrow end is at (x, y) pointing at `toward`; `scatter` (distance, bearing) moves the
    template before anything is counted. A flamer fired by `shooter` starts at the edge of
    his base (x, y then only name the unit's place) and never counts him as under it."""
    from geometry.scatter import scatter_point
    from geometry.templates import make_template

    from .service import service_for

    if shape not in TEMPLATE_SHAPES:
        raise MeasureError(msg("shape: expected one of {shapes}, got {got}",
                               shapes=verbatim(", ".join(TEMPLATE_SHAPES)),
                               got=verbatim(repr(shape))))
    if shape == "flamer" and toward is None:
        raise MeasureError(msg("toward: a flamer needs a point to aim at"))
    origin = None
    if shape == "flamer" and shooter is not None:
        try:
            unit = scenario.unit(shooter)
        except KeyError:
            raise MeasureError(msg("{role}: no unit with id {id}", role=verbatim("shooter"),
                                   id=verbatim(repr(shooter)))) from None
        x, y, origin = unit.x, unit.y, unit.polygon()
    try:
        template = make_template(shape, x, y, toward, origin=origin)
        cx, cy = (x, y) if scatter is None else scatter_point(x, y, *scatter)
    except ValueError as e:
        raise MeasureError(str(e)) from None
    if (cx, cy) != (x, y):
        template = template.translated(cx - x, cy - y)
    hit = service_for(scenario).units_under(template,
                                            leave_out=shooter if origin is not None else None)
    return TemplateResult(
        shape=shape,
        aim=(x, y),
        centre=(cx, cy),
        under=tuple(hit.under),
        hole=hit.hole,
        scatter=scatter,
        direction=template.direction,
    )
