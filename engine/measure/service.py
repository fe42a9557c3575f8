"""A game's measurement service: its terrain index, what it has measured, its readings.

Every door that measures — the Measure and Threat tools, the drag readout, the Actions
dock's facts, `warboard measure`, the rulesets' own measures — asks the service of the
game's scenario (`service_for`), so they share one terrain index and one set of answers,
and read the side struck by the same reading (`facing`).

Game and Scenario are slotted value dataclasses (compared by value, no weak reference, no
room for an attribute), so the service cannot hang on either: `service_for` keeps the
services of the last few scenarios used, by identity, and holds those scenarios while it
does. Caches are the service's own: a benchmark that wants a pair measured afresh takes
`afresh()`, a service sharing the terrain indexes with nothing measured.
"""

from __future__ import annotations

import operator
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from engine.i18n import msg, verbatim
from engine.scenario import Scenario, Unit
from geometry.distance import centre_distance, edge_distance
from geometry.facing import (
    TURRET_ARC_DEG,
    FacingModel,
    arc_direction,
    in_arc,
    side_struck,
)
from geometry.los import line_of_sight, visibility_block
from geometry.measure_lines import edge_to_point, gap_segment, inside_along, unit_direction
from geometry.ranges import RangeScheme
from geometry.templates import Template, TemplateHit, under_template
from geometry.terrain import TerrainIndex, TerrainPiece
from geometry.units import in_to_m

from .results import (
    BandSegment,
    MeasureError,
    Measurement,
    PointMeasurement,
    facing_for,
)

#: Terrain indexes a service keeps for recently measured terrain layouts.
INDEX_CACHE_SIZE = 8
#: Measurements a service keeps, most recently asked for last.
MEASURED_CACHE_SIZE = 512
#: Stand-to-stand visibility blocks a service keeps (shooters x targets, by position).
VISIBILITY_CACHE_SIZE = 32
#: Services kept by `service_for` (one per scenario recently measured on).
SERVICES_KEPT = 8
#: How far past the measured line the band ray is cast to find where A's base ends.
_BAND_REACH_IN = 1e3


def _piece_key(p: TerrainPiece) -> tuple:
    """Everything about a piece that geometry reads: equal keys, equal index."""
    pts = p.polygon if p.polygon is not None else p.line
    return (p.id, p.kind, p.polygon is not None, tuple(map(tuple, pts or ())), p.blocks_los,
            p.los_depth_in, p.cover, p.movement, p.height, p.thickness_in)


class _TerrainKey:
    """The terrain's content as a key, hashed once: a measure looks it up in both caches
    and files it there, and hashing the whole terrain each time cost more than the rest of
    the lookup."""

    __slots__ = ("parts", "_hash")

    def __init__(self, parts: tuple) -> None:
        self.parts = parts
        self._hash = hash(parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, _TerrainKey) and self._hash == other._hash
                                 and self.parts == other.parts)


def _unit_key(u: Unit) -> tuple:
    return (u.id, u.x, u.y, u.facing, u.turret, u.base)


#: A unit's id and what its outline is made from (`Unit.placement`): the units index's key.
_PLACED = operator.attrgetter("id", "base", "x", "y", "facing")


@dataclass(frozen=True, slots=True)
class _UnitsIndex:
    """The table's units' outlines in an STRtree (`MeasureService.units_under`), with the
    placements they were made from."""

    key: list[tuple]
    ids: list[str]
    polys: np.ndarray
    tree: shapely.STRtree


class MeasureService:
    """Measuring on one scenario (see the module docstring)."""

    def __init__(self, scenario: Scenario,
                 indexes: OrderedDict[_TerrainKey, TerrainIndex] | None = None) -> None:
        self.scenario = scenario
        self._indexes: OrderedDict[_TerrainKey, TerrainIndex] = (
            OrderedDict() if indexes is None else indexes)
        self._measured: OrderedDict[tuple, Measurement] = OrderedDict()
        self._seen: OrderedDict[tuple, np.ndarray] = OrderedDict()
        self._default_facing: FacingModel | None = None
        self._units: _UnitsIndex | None = None

    def afresh(self) -> MeasureService:
        """A service on the same scenario sharing these terrain indexes, nothing measured."""
        fresh = MeasureService(self.scenario, self._indexes)
        fresh._default_facing = self._default_facing  # the same scenario's ruleset
        return fresh

    # --- terrain and readings ------------------------------------------------------------

    def terrain_key(self) -> _TerrainKey:
        return _TerrainKey(tuple(map(_piece_key, self.scenario.terrain)))

    def terrain_index(self, key: _TerrainKey | None = None) -> TerrainIndex:
        """The scenario's TerrainIndex, reused while its terrain is unchanged: keyed by the
        terrain's content, so an edited piece is never measured against a stale index."""
        key = self.terrain_key() if key is None else key
        index = self._indexes.get(key)
        if index is None:
            index = TerrainIndex(list(self.scenario.terrain))
            self._indexes[key] = index
            if len(self._indexes) > INDEX_CACHE_SIZE:
                self._indexes.popitem(last=False)
        else:
            self._indexes.move_to_end(key)
        return index

    def ruleset(self) -> Any:
        """The scenario's ruleset, None when it is not installed (defaults are read)."""
        from engine.rulesets.registry import RulesetNotFound, get_ruleset

        try:
            return get_ruleset(self.scenario.ruleset)
        except RulesetNotFound:
            return None

    def facing(self, readings: Mapping[str, Any] | None = None,
               ruleset: Any = None) -> FacingModel:
        """The facing model of the game's readings (`engine.readings`): the side struck
        every door names. `ruleset` defaults to the scenario's."""
        if readings or ruleset is not None:
            return facing_for(ruleset if ruleset is not None else self.ruleset(), readings)
        if self._default_facing is None:
            self._default_facing = facing_for(self.ruleset(), None)
        return self._default_facing

    def names_sides(self) -> bool:
        """Whether the scenario's ruleset reads a facing model (its units have faces worth
        naming, as a tank's armour does)."""
        rs = self.ruleset()
        return rs is not None and rs.board.facing_model is not None

    # --- pairs ---------------------------------------------------------------------------

    def unit(self, unit_id: str, role: str) -> Unit:
        try:
            return self.scenario.unit(unit_id)
        except KeyError:
            raise MeasureError(msg("{role}: no unit with id {id}", role=verbatim(role),
                                   id=verbatim(repr(unit_id)))) from None

    def pair(self, from_id: str, to_id: str, *, readings: Mapping[str, Any] | None = None,
             facing_model: FacingModel | None = None,
             index: TerrainIndex | None = None) -> Measurement:
        """Distance, line of sight, cover, side struck and turret arc of FROM firing at TO;
        the side by `facing_model`, else by the readings (`facing`)."""
        a = self.unit(from_id, "from")
        b = self.unit(to_id, "to")
        if a is b:
            raise MeasureError(msg("to: {id} is the unit measured from; pick another unit",
                                   id=verbatim(repr(to_id))))
        model = facing_model if facing_model is not None else self.facing(readings)
        mpi = self.scenario.table.metres_per_inch
        if index is not None:  # the caller's own index: not the scenario's, not cached
            return _measure(a, b, mpi, model, index)
        terrain = self.terrain_key()
        key = (terrain, _unit_key(a), _unit_key(b), mpi, model)
        found = self._measured.get(key)
        if found is not None:
            self._measured.move_to_end(key)
            return found
        m = _measure(a, b, mpi, model, self.terrain_index(terrain))
        self._measured[key] = m
        if len(self._measured) > MEASURED_CACHE_SIZE:
            self._measured.popitem(last=False)
        return m

    def side_struck(self, from_id: str, to_id: str,
                    readings: Mapping[str, Any] | None = None) -> str:
        """The side of TO that FROM's fire strikes, by the readings: `pair(...).target_side`
        without the line of sight (the Threat tool names it for every unit listed)."""
        a = self.unit(from_id, "from")
        return self.side_from(a.x, a.y, to_id, readings)

    def side_from(self, x: float, y: float, to_id: str,
                  readings: Mapping[str, Any] | None = None) -> str:
        """The side of TO struck by fire from (x, y): where a dragged unit would shoot from."""
        b = self.unit(to_id, "to")
        return side_struck(b.x, b.y, b.facing, x, y, self.facing(readings))

    def visibility(self, shooters: Sequence[Unit], targets: Sequence[Unit]) -> np.ndarray:
        """How much of each target each shooter sees ([i, j], read-only), worked out once
        per terrain and positions of both: a volley's facts, odds and roll all read its
        stands' lines of sight, and only the shooters x targets pairs are measured."""
        terrain = self.terrain_key()
        key = (terrain, tuple(map(_unit_key, shooters)), tuple(map(_unit_key, targets)))
        found = self._seen.get(key)
        if found is not None:
            self._seen.move_to_end(key)
            return found
        polys = {u.id: u.polygon() for u in (*shooters, *targets)}
        seen = visibility_block(self.terrain_index(terrain), [polys[u.id] for u in shooters],
                                [polys[u.id] for u in targets])
        seen.setflags(write=False)
        self._seen[key] = seen
        if len(self._seen) > VISIBILITY_CACHE_SIZE:
            self._seen.popitem(last=False)
        return seen

    # --- templates --------------------------------------------------------------------------

    def units_under(self, template: Template, leave_out: str | None = None) -> TemplateHit:
        """`under_template` over the table's units (but `leave_out`), asked of only the
        bases whose boxes meet the template's (or hold its centre): the others cannot be
        under it. The outlines' STRtree is kept while no unit moves, turns, changes base,
        leaves or joins the table (`_units_index`); a ghost template follows the pointer
        over an unchanged table."""
        index = self._units_index()
        found = index.tree.query(template.shape)
        if template.hole is not None:  # the hole's base holds the centre
            found = np.union1d(found, index.tree.query(shapely.Point(template.centre)))
        ids = index.ids
        keep = [int(i) for i in np.sort(found) if ids[i] != leave_out]
        return under_template(template, index.polys[keep], [ids[i] for i in keep])

    def _units_index(self) -> _UnitsIndex:
        """The units' outlines and their STRtree, made again when a placement differs (the
        units are compared by value: a move sets a unit's fields in place)."""
        units = self.scenario.units
        key = list(map(_PLACED, units))
        kept = self._units
        if kept is not None and kept.key == key:
            return kept
        polys = np.empty(len(units), dtype=object)
        polys[:] = [u.polygon() for u in units]
        kept = _UnitsIndex(key, [u.id for u in units], polys, shapely.STRtree(polys))
        self._units = kept
        return kept

    # --- what the board draws --------------------------------------------------------------

    def to_point(self, from_id: str, x: float, y: float) -> PointMeasurement:
        """From a unit to a point: edge (0 inside its base) and centre distances."""
        a = self.unit(from_id, "from")
        mpi = self.scenario.table.metres_per_inch
        edge = edge_to_point(a.polygon(), x, y)
        centre = centre_distance(a.x, a.y, x, y)
        return PointMeasurement(a.id, x, y, edge, centre, edge * mpi, centre * mpi)

    def gap_line(self, from_id: str, to_id: str
                 ) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The closest points of the two bases (None when they touch): the edge distance."""
        a, b = self.unit(from_id, "from"), self.unit(to_id, "to")
        return gap_segment(a.polygon(), b.polygon())

    def band_segments(self, from_id: str, x: float, y: float,
                      scheme: RangeScheme | None) -> list[BandSegment]:
        """FROM's range bands along the line from its centre to (x, y), each starting at
        its base's edge; past the last band, the out-of-range stretch (index None)."""
        a = self.unit(from_id, "from")
        ux, uy, length = unit_direction(a.x, a.y, x, y)
        if scheme is None or length <= 0:
            return []
        inside = inside_along(a.polygon(), a.x, a.y, ux, uy, length + _BAND_REACH_IN)
        mpi = self.scenario.table.metres_per_inch
        out: list[BandSegment] = []
        lo = 0.0
        for k, band in enumerate(scheme.bands):
            hi = band.max if scheme.unit == "in" else band.max / mpi
            s, e = inside + lo, min(inside + hi, length)
            if s >= length:
                break
            out.append(BandSegment(k, (a.x + ux * s, a.y + uy * s), (a.x + ux * e, a.y + uy * e)))
            lo = hi
        if inside + lo < length:
            s = inside + lo
            out.append(BandSegment(None, (a.x + ux * s, a.y + uy * s), (x, y)))
        return out


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


_SERVICES: OrderedDict[int, tuple[Scenario, MeasureService]] = OrderedDict()


def service_for(scenario: Scenario) -> MeasureService:
    """The measurement service of this scenario (of the game playing on it), made the first
    time it is asked for; the last SERVICES_KEPT are kept (module docstring)."""
    key = id(scenario)
    found = _SERVICES.get(key)
    if found is not None and found[0] is scenario:
        _SERVICES.move_to_end(key)
        return found[1]
    service = MeasureService(scenario)
    _SERVICES[key] = (scenario, service)
    if len(_SERVICES) > SERVICES_KEPT:
        _SERVICES.popitem(last=False)
    return service
