"""Measuring on a scenario: one pair of units, or the units under a template.

The command line and the board's measure tool both call these functions, so the numbers a
player reads on screen are the numbers a script or a forum post gets. Everything here is
plumbing over geometry/: which unit is the shooter, which is the target, and how the facts
are named and rounded for output. Values are exact in the dataclasses; `to_dict` rounds
them for JSON (ROUND_DIGITS decimals).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from engine.i18n import msg, verbatim
from engine.scenario import Scenario, Unit
from geometry.distance import centre_distance, edge_distance
from geometry.facing import (
    FRONT180,
    QUADRANTS,
    TURRET_ARC_DEG,
    FacingModel,
    arc_direction,
    in_arc,
    side_struck,
)
from geometry.los import line_of_sight
from geometry.scatter import scatter_point
from geometry.templates import TEMPLATE_SHAPES, make_template, under_template
from geometry.terrain import TerrainIndex, TerrainPiece
from geometry.units import in_to_m

#: Decimals in JSON output: a thousandth of an inch is far below what a tape measure reads.
ROUND_DIGITS = 3
#: Facing models by the names the command line and saved settings use.
FACING_MODELS: dict[str, FacingModel] = {"front180": FRONT180, "quadrants": QUADRANTS}
#: Generic cover levels (design.md), for text output.
COVER_NAMES = ("none", "light", "medium", "heavy", "fortification")
#: Terrain indexes kept for recently measured terrain layouts.
INDEX_CACHE_SIZE = 8


class MeasureError(ValueError):
    """A measurement that cannot be made; the message names the argument at fault."""


@dataclass(frozen=True, slots=True)
class Measurement:
    """Everything about FROM shooting at TO. Distances in inches and metres."""

    from_id: str
    to_id: str
    centre_in: float
    edge_in: float
    centre_m: float
    edge_m: float
    los: str  # "clear" | "partial" | "blocked"
    visible_fraction: float
    cover: int  # generic level 0-4
    cover_terrain: tuple[str, ...]
    crossed: tuple[str, ...]  # terrain ids the line of sight crosses
    target_side: str  # side of TO struck by FROM's fire
    in_arc: bool | None  # TO inside FROM's turret arc; None when FROM has no turret

    def to_dict(self, digits: int = ROUND_DIGITS) -> dict:
        """The JSON form (`--json`): keys as documented for the command line."""
        return {
            "from": self.from_id,
            "to": self.to_id,
            "centre_in": round(self.centre_in, digits),
            "centre_m": round(self.centre_m, digits),
            "edge_in": round(self.edge_in, digits),
            "edge_m": round(self.edge_m, digits),
            "los": self.los,
            "visible_fraction": round(self.visible_fraction, digits),
            "cover": self.cover,
            "cover_terrain": list(self.cover_terrain),
            "crossed": list(self.crossed),
            "target_side": self.target_side,
            "in_arc": self.in_arc,
        }


@dataclass(frozen=True, slots=True)
class TemplateResult:
    """The units under a template laid (and perhaps scattered) on a scenario."""

    shape: str
    aim: tuple[float, float]  # where it was placed
    centre: tuple[float, float]  # where it landed (after scatter)
    under: tuple[tuple[str, float], ...]  # (unit id, covered fraction), most covered first
    hole: str | None
    scatter: tuple[float, float] | None = None  # (distance, bearing) applied
    direction: float | None = None  # a flamer's axis, degrees

    def to_dict(self, digits: int = ROUND_DIGITS) -> dict:
        out = {
            "shape": self.shape,
            "aim": [round(self.aim[0], digits), round(self.aim[1], digits)],
            "centre": [round(self.centre[0], digits), round(self.centre[1], digits)],
            "under": [{"id": i, "fraction": round(f, digits)} for i, f in self.under],
            "hole": self.hole,
        }
        if self.scatter is not None:
            out["scatter"] = {"distance": self.scatter[0], "bearing": self.scatter[1]}
        if self.direction is not None:
            out["direction"] = round(self.direction, digits)
        return out


# --- terrain index cache -----------------------------------------------------------------

_INDEXES: OrderedDict[_TerrainKey, TerrainIndex] = OrderedDict()


def _piece_key(p: TerrainPiece) -> tuple:
    """Everything about a piece that geometry reads: equal keys, equal index."""
    pts = p.polygon if p.polygon is not None else p.line
    return (p.id, p.kind, p.polygon is not None, tuple(map(tuple, pts or ())), p.blocks_los,
            p.los_depth_in, p.cover, p.movement, p.height, p.thickness_in)


class _TerrainKey:
    """The terrain's content as a key, hashed once: a measure looks it up in both caches
    and files it there, and hashing the whole terrain each time cost more than the rest of
    the lookup (~17 us a time at 40 pieces)."""

    __slots__ = ("parts", "_hash")

    def __init__(self, parts: tuple) -> None:
        self.parts = parts
        self._hash = hash(parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, _TerrainKey) and self._hash == other._hash
                                 and self.parts == other.parts)


def _terrain_key(scenario: Scenario) -> _TerrainKey:
    return _TerrainKey(tuple(map(_piece_key, scenario.terrain)))


def terrain_index(scenario: Scenario, key: _TerrainKey | None = None) -> TerrainIndex:
    """The scenario's TerrainIndex, reused while its terrain is unchanged.

    Keyed by the terrain's content, not the scenario object, so an edited piece can never
    be measured against a stale index. `key`: the terrain's key when the caller has it.
    """
    key = _terrain_key(scenario) if key is None else key
    index = _INDEXES.get(key)
    if index is None:
        index = TerrainIndex(list(scenario.terrain))
        _INDEXES[key] = index
        if len(_INDEXES) > INDEX_CACHE_SIZE:
            _INDEXES.popitem(last=False)
    else:
        _INDEXES.move_to_end(key)
    return index


# --- measurement cache -------------------------------------------------------------------

#: Measurements already made, keyed by everything they read: the terrain's content, both
#: units' places and bases, the scale and the facing model. A pointer resting on a unit,
#: an action's odds and then its roll, a card and a resolve sampled 10^5 times all ask
#: for the same pair again.
_MEASURED: OrderedDict[tuple, Measurement] = OrderedDict()
MEASURED_CACHE_SIZE = 512


def _unit_key(u: Unit) -> tuple:
    return (u.id, u.x, u.y, u.facing, u.turret, u.base)


def forget_measurements() -> None:
    """Empty the measurement cache (the bench times a pair measured afresh)."""
    _MEASURED.clear()


# --- measuring ---------------------------------------------------------------------------


def facing_model(name: str) -> FacingModel:
    """A facing model by name ("front180" or "quadrants")."""
    try:
        return FACING_MODELS[name]
    except KeyError:
        raise MeasureError(msg("facing model: expected one of {models}, got {got}",
                               models=verbatim(", ".join(FACING_MODELS)),
                               got=repr(name))) from None


def _unit(scenario: Scenario, unit_id: str, role: str) -> Unit:
    try:
        return scenario.unit(unit_id)
    except KeyError:
        raise MeasureError(msg("{role}: no unit with id {id}", role=verbatim(role),
                               id=verbatim(repr(unit_id)))) from None


def measure_pair(
    scenario: Scenario,
    from_id: str,
    to_id: str,
    *,
    facing_model: FacingModel = FRONT180,
    index: TerrainIndex | None = None,
) -> Measurement:
    """Distance, line of sight, cover, side struck and turret arc of FROM firing at TO."""
    a = _unit(scenario, from_id, "from")
    b = _unit(scenario, to_id, "to")
    if a is b:
        raise MeasureError(msg("to: {id} is the unit measured from; pick another unit",
                               id=verbatim(repr(to_id))))
    mpi = scenario.table.metres_per_inch
    if index is not None:  # the caller's own index: not the scenario's, not cached
        return _measure(a, b, mpi, facing_model, index)
    terrain = _terrain_key(scenario)
    key = (terrain, _unit_key(a), _unit_key(b), mpi, facing_model)
    found = _MEASURED.get(key)
    if found is not None:
        _MEASURED.move_to_end(key)
        return found
    m = _measure(a, b, mpi, facing_model, terrain_index(scenario, terrain))
    _MEASURED[key] = m
    if len(_MEASURED) > MEASURED_CACHE_SIZE:
        _MEASURED.popitem(last=False)
    return m


def _measure(a: Unit, b: Unit, mpi: float, facing_model: FacingModel,
             index: TerrainIndex) -> Measurement:
    pa, pb = a.polygon(), b.polygon()
    centre = centre_distance(a.x, a.y, b.x, b.y)
    edge = edge_distance(pa, pb)
    los = line_of_sight(index, pa, pb)
    arc = None
    if a.turret is not None:
        arc = in_arc(a.x, a.y, arc_direction(a.facing, a.turret), TURRET_ARC_DEG, b.x, b.y)
    return Measurement(
        from_id=a.id,
        to_id=b.id,
        centre_in=centre,
        edge_in=edge,
        centre_m=in_to_m(centre, mpi),
        edge_m=in_to_m(edge, mpi),
        los=los.status,
        visible_fraction=float(los.visible_fraction),
        cover=int(los.cover),
        cover_terrain=tuple(los.cover_terrain),
        crossed=tuple(los.crossed),
        target_side=side_struck(b.x, b.y, b.facing, a.x, a.y, facing_model),
        in_arc=arc,
    )


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
    units = [u for u in scenario.units if not (origin is not None and u.id == shooter)]
    polys: Sequence = [u.polygon() for u in units]
    hit = under_template(template, polys, [u.id for u in units])
    return TemplateResult(
        shape=shape,
        aim=(x, y),
        centre=(cx, cy),
        under=tuple(hit.under),
        hole=hit.hole,
        scatter=scatter,
        direction=template.direction,
    )
