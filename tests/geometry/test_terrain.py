"""Terrain pieces and the TerrainIndex: kind defaults, overrides, LOS roles, queries."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from shapely.geometry import box

from geometry.terrain import (
    KINDS,
    LOS_DEPTH,
    LOS_NONE,
    LOS_SOLID,
    EdgeTable,
    TerrainIndex,
    TerrainPiece,
    los_effect,
)


def area(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float, **kw) -> TerrainPiece:
    return TerrainPiece(pid, kind, polygon=[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], **kw)


def test_kind_table_matches_design():
    assert (KINDS["building"].blocks_los, KINDS["building"].cover) == (True, 3)
    assert (KINDS["building"].movement, KINDS["building"].vehicle_movement) == (
        "difficult", "impassable")
    assert (KINDS["woods"].los_depth_in, KINDS["woods"].cover) == (2.0, 1)
    assert KINDS["hill"].hill and not KINDS["hill"].blocks_los
    assert (KINDS["wall"].cover, KINDS["hedge"].cover) == (2, 1)
    assert KINDS["trench"].cover == KINDS["fortification"].cover == 4
    assert KINDS["water"].movement == "impassable"


def test_los_roles_by_kind_and_override():
    assert los_effect(area("a", "building", 0, 0, 1, 1)) == LOS_SOLID
    assert los_effect(area("a", "hill", 0, 0, 1, 1)) == LOS_SOLID
    assert los_effect(area("a", "woods", 0, 0, 1, 1)) == LOS_DEPTH
    assert los_effect(area("a", "rough", 0, 0, 1, 1)) == LOS_NONE
    assert los_effect(TerrainPiece("w", "wall", line=[(0, 0), (1, 0)])) == LOS_NONE
    assert los_effect(area("a", "hill", 0, 0, 1, 1, blocks_los=False)) == LOS_NONE
    assert los_effect(area("a", "rough", 0, 0, 1, 1, blocks_los=True)) == LOS_SOLID
    assert los_effect(area("a", "woods", 0, 0, 1, 1, blocks_los=False)) == LOS_NONE
    assert los_effect(area("a", "building", 0, 0, 1, 1, los_depth_in=3.0)) == LOS_DEPTH


def test_piece_overrides_and_shape():
    p = area("a", "woods", 0, 0, 2, 1, cover=2, movement="normal")
    assert (p.eff_cover(), p.eff_movement(), p.eff_movement(vehicle=True)) == (
        2, "normal", "normal")
    wall = TerrainPiece("w", "wall", line=[(0, 0), (4, 0)])
    assert wall.shape().area == pytest.approx(4 * 0.25)  # flat caps, 0.25" thick
    assert wall.is_line and not p.is_line


def test_index_groups_pieces():
    idx = TerrainIndex([
        area("house", "building", 0, 0, 2, 2),
        area("wood", "woods", 5, 0, 8, 3, los_depth_in=3.0),
        TerrainPiece("wall", "wall", line=[(0, 5), (4, 5), (4, 8)]),
        area("pond", "water", 10, 10, 12, 12),
    ])
    assert len(idx) == 4 and idx.ids == ("house", "wood", "wall", "pond")
    assert idx.index_of("pond") == 3
    assert idx.los_pieces.tolist() == [0, 1]
    assert idx.los_solid.tolist() == [True, False]
    assert idx.los_depth.tolist() == [np.inf, 3.0]
    assert idx.cover.tolist() == [3, 1, 2, 0]
    assert idx.is_line.tolist() == [False, False, True, False]
    assert idx.wall_piece.tolist() == [2, 2]
    assert idx.wall_segments.tolist() == [[0, 5, 4, 5], [4, 5, 4, 8]]
    assert idx.movement_mask("impassable").tolist() == [False, False, False, True]
    assert idx.movement_mask("impassable", vehicle=True).tolist() == [True, False, False, True]
    with pytest.raises(KeyError, match="nope"):
        idx.index_of("nope")


def test_overlaps_means_interiors_meet_and_touching_counts_for_touching():
    idx = TerrainIndex([area("house", "building", 0, 0, 2, 2)])
    inside, edge, away = box(0.5, 0.5, 1, 1), box(2, 0, 3, 1), box(5, 5, 6, 6)
    assert idx.overlaps([inside, edge, away])[:, 0].tolist() == [True, False, False]
    assert idx.touching(edge).tolist() == [0]
    assert idx.touching(away).tolist() == []


def test_union_where_is_merged_and_cached():
    idx = TerrainIndex([area("a", "woods", 0, 0, 2, 2), area("b", "woods", 1, 0, 3, 2),
                        area("c", "water", 9, 9, 10, 10)])
    u = idx.union_where(np.array([True, True, False]))
    assert u.area == pytest.approx(6.0)
    assert idx.union_where(np.array([True, True, False])) is u
    assert idx.union_where(np.zeros(3, dtype=bool)).is_empty


def test_edge_table_orients_rings_counter_clockwise():
    clockwise = shapely.Polygon([(0, 0), (0, 1), (1, 1), (1, 0)])
    tab = EdgeTable.build([clockwise])
    signed = np.sum(tab.ax * tab.by - tab.bx * tab.ay) / 2  # shoelace over the edges
    assert signed == pytest.approx(1.0)
    assert (tab.count.tolist(), tab.vcount.tolist(), tab.connected.tolist()) == ([4], [4], [True])


def test_self_intersecting_piece_is_repaired_into_parts():
    bow_tie = TerrainPiece("b", "building", polygon=[(0, 0), (2, 2), (2, 0), (0, 2)])
    idx = TerrainIndex([bow_tie])
    assert idx.shapes[0].is_valid and idx.shapes[0].area == pytest.approx(2.0)
    assert idx.los_edges.connected.tolist() == [False]  # two triangles: no single span
    assert idx.los_edges.count.tolist() == [6]


def test_bad_pieces_name_the_field():
    with pytest.raises(ValueError, match=r"terrain\[1\].id: duplicate"):
        TerrainIndex([area("a", "woods", 0, 0, 1, 1), area("a", "woods", 2, 2, 3, 3)])
    with pytest.raises(ValueError, match=r"terrain\[0\].*unknown terrain kind"):
        TerrainIndex([area("a", "lava", 0, 0, 1, 1)])
    with pytest.raises(ValueError, match=r"terrain\[0\].polygon"):
        TerrainIndex([TerrainPiece("a", "woods", polygon=[(0, 0), (1, 1)])])
    with pytest.raises(ValueError, match=r"terrain\[0\].polygon: the piece has no area"):
        TerrainIndex([TerrainPiece("a", "woods", polygon=[(0, 0), (1, 1), (2, 2)])])
    with pytest.raises(ValueError, match=r"terrain\[0\]: expected exactly one"):
        TerrainIndex([TerrainPiece("a", "woods")])
    with pytest.raises(ValueError, match=r"terrain\[0\]: expected a TerrainPiece"):
        TerrainIndex([{"id": "a"}])


def test_empty_index():
    idx = TerrainIndex([])
    assert len(idx) == 0 and len(idx.los_edges) == 0
    assert idx.overlaps([box(0, 0, 1, 1)]).shape == (1, 0)
