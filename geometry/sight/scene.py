"""Bases and terrain as the arrays a sight-line pass reads, and what is kept of them per
base outline and terrain index (geometry.outline_rows)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

from ..outline_rows import Cells, Rows, kept, slots_of
from ..terrain import LOS_NONE, LOS_SOLID, EdgeTable, TerrainIndex
from .checks import _check_samples
from .crossings import _radius, _Spans, _spans, _spans_at
from .sampling import _sample_rows


@dataclass
class _Scene:
    """Bases and LOS pieces as arrays: the input of `_fractions`."""

    polys: np.ndarray
    centres: np.ndarray  # (U, 2)
    points: np.ndarray  # (U, N, 2)
    reach: np.ndarray  # (U,) farthest sample from the centre
    table: EdgeTable  # terrain LOS pieces, then blockers
    solid: np.ndarray  # (J,)
    depth: np.ndarray  # (J,) inf for solid
    on: np.ndarray  # (U, J) base overlaps piece
    bound: np.ndarray  # (U,) no vertex of a base is farther from its centre

    @classmethod
    def build(
        cls, index: TerrainIndex, polys: np.ndarray, samples: int, blockers: np.ndarray,
        overlaps: np.ndarray | None = None, slots: np.ndarray | None = None,
    ) -> _Scene:
        centres, points, bound, reach = _sample_rows(polys, _check_samples(samples), slots)
        table, solid, depth = index.los_edges, index.los_solid, index.los_depth
        if overlaps is None:
            overlaps = index.overlaps(polys)
        on = overlaps[:, index.los_pieces]
        if len(blockers):
            table = table.concat(EdgeTable.build(blockers))
            solid = np.concatenate((solid, np.ones(len(blockers), dtype=bool)))
            depth = np.concatenate((depth, np.full(len(blockers), np.inf)))
            b_on = shapely.intersects(polys[:, None], blockers[None, :])
            b_on &= ~shapely.touches(polys[:, None], blockers[None, :])
            on = np.concatenate((on, b_on), axis=1)
        return cls(polys, centres, points, reach, table, solid, depth, on, bound)



@dataclass
class _Sight(_Scene):
    """A `_Scene` over every terrain piece (then the blockers), for fractions and cover at once.

    Columns are the index's pieces in order, then the blockers; `solid` and `depth` say how
    each acts on a sight line (neither: cover only).
    """

    los: np.ndarray  # (J,) the column can block a sight line (solid or depth)
    touch: np.ndarray  # (U, P) base overlaps or touches the terrain piece: ignored for cover
    radius: np.ndarray  # (J,) farthest vertex from the column's `rep` point
    slots: np.ndarray  # (U,) each base's slot (geometry.outline_rows)
    spans: Cells | None  # each piece's span from each base's centre, kept (no blockers)

    @classmethod
    def build(  # type: ignore[override]
        cls, index: TerrainIndex, polys: np.ndarray, samples: int, blockers: np.ndarray,
        overlaps: np.ndarray | None = None,
    ) -> _Sight:
        slots = slots_of(polys)
        centres, points, bound, reach = _sample_rows(polys, _check_samples(samples), slots)
        n_p = len(index)
        touch, on = _touch_on(index, polys, slots)
        table, solid, depth, los, radius = _columns(index)
        spans: Cells | None = kept(index, "spans", lambda: Cells(n_p))  # type: ignore[assignment]
        if len(blockers):
            table = table.concat(EdgeTable.build(blockers))
            solid = np.concatenate((solid, np.ones(len(blockers), dtype=bool)))
            depth = np.concatenate((depth, np.full(len(blockers), np.inf)))
            los = np.concatenate((los, np.ones(len(blockers), dtype=bool)))
            b_on = shapely.intersects(polys[:, None], blockers[None, :])
            b_on &= ~shapely.touches(polys[:, None], blockers[None, :])
            on = np.concatenate((on, b_on), axis=1)
            radius = np.concatenate((radius, _radius(table)[n_p:]))
            spans = None
        return cls(polys, centres, points, reach, table, solid, depth, on, bound, los, touch,
                   radius, slots, spans)



def _touch_on(index: TerrainIndex, polys: np.ndarray, slots: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
    """(touch, on) of `_terrain_rows` for these outlines (in `slots`); empty for no terrain."""
    if len(index) == 0:
        return np.zeros((len(polys), 0), dtype=bool), np.zeros((len(polys), 0), dtype=bool)
    return _terrain_rows(index).get(polys, slots)  # type: ignore[return-value]



def _terrain_rows(index: TerrainIndex) -> Rows:
    """Per outline, which of the index's pieces its base overlaps or touches (`touch`) and
    which it stands in or on (`on`: overlaps, not only touching), kept with the index."""
    n_p = len(index)

    def compute(polys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        touch = np.zeros((len(polys), n_p), dtype=bool)
        on = np.zeros((len(polys), n_p), dtype=bool)
        a, b = index.tree.query(polys, predicate="intersects")
        touch[a, b] = True
        keep = ~shapely.touches(polys[a], index.shapes[b])
        on[a[keep], b[keep]] = True
        return touch, on

    return kept(index, "terrain", lambda: Rows(compute))  # type: ignore[return-value]



def _columns(index: TerrainIndex) -> tuple:
    """The index's pieces as a `_Sight`'s columns: edge table, solid, depth, blocks a line,
    bounding radius — worked out once per index."""
    def make() -> tuple:
        depth = np.full(len(index), np.inf)
        depth[index.los_pieces] = index.los_depth
        return (index.edges, index.effect == LOS_SOLID, depth, index.effect != LOS_NONE,
                _radius(index.edges))

    return kept(index, "columns", make)  # type: ignore[return-value]



def _kept_spans(index: TerrainIndex, slot: np.intp, centre: np.ndarray) -> _Spans:
    """`_spans` of every piece from the centre of the base in `slot`, kept per (outline,
    piece) with the index (the threat view's cells: `_spans_at` works them out the same)."""
    n_p = len(index)
    if n_p == 0:
        return _spans(index.edges, centre[:1], centre[1:])
    table, radius = index.edges, _columns(index)[4]
    cols = np.arange(n_p)

    def fresh(h: np.ndarray) -> tuple[np.ndarray, ...]:
        x, y = np.full(len(h), centre[0]), np.full(len(h), centre[1])
        return _spans_at(table, cols[h], x, y, radius[h]).cells()

    return _Spans(*kept(index, "spans", lambda: Cells(n_p)).row(slot, fresh))  # type: ignore
