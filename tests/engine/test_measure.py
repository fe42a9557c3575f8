"""measure_pair and template_query on hand-made tables with hand-computed answers."""

from __future__ import annotations

import math

import pytest

from engine.measure import (
    MeasureError,
    facing_model,
    measure_pair,
    template_query,
    terrain_index,
)
from engine.scenario_io import parse_scenario
from geometry.facing import QUADRANTS

R25 = 12.5 / 25.4  # radius of a 25 mm base, inches
TANK_HALF_DEPTH = 50 / 25.4  # half of a 100 mm hull
MPI = 2.5


def rnd(uid, x, y, facing=0, **kw):
    return {"id": uid, "side": "s", "profile": "p", "x": x, "y": y, "facing": facing,
            "base": {"shape": "round", "diameter_mm": 25}, **kw}


def tank(uid, x, y, facing=0, turret=0):
    return {"id": uid, "side": "s", "profile": "m4a1-sherman", "x": x, "y": y,
            "facing": facing, "turret": turret,
            "base": {"shape": "rect", "width_mm": 50, "depth_mm": 100}}


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


@pytest.fixture(scope="module")
def table():
    """Rows of the test table, each a separate situation:
    y=10  A → B in the open, B facing A; G at the edge of a wood
    y=20  E → F with a building square between them
    y=30  tank T (facing east) → C facing away; D south of T
    y=40  I → H behind a wall 1" in front of H
    y=50  J → K with a building covering the south half of the line
    """
    return parse_scenario({
        "format": "warboard-scenario", "version": 1, "name": "measure", "ruleset": "test",
        "table": {"width_in": 72, "height_in": 72, "metres_per_inch": MPI},
        "terrain": [
            {"id": "wood", "kind": "woods", "name": "Spinney", "polygon": rect(38, 5, 44, 15)},
            {"id": "house", "kind": "building", "polygon": rect(14, 17, 16, 23)},
            {"id": "wall", "kind": "wall", "line": [[30, 38], [30, 42]]},
            {"id": "shed", "kind": "building", "polygon": rect(14, 50, 16, 56)},
        ],
        "units": [
            rnd("A", 10, 10), rnd("B", 20, 10, 180), rnd("G", 38.6, 10),
            rnd("E", 10, 20), rnd("F", 20, 20),
            tank("T", 10, 30), rnd("C", 30, 30, 0), rnd("D", 10, 40),
            rnd("I", 20, 40), rnd("H", 31, 40),
            rnd("J", 5, 50), rnd("K", 25, 50),
            rnd("N", 10, 60, 0), rnd("S1", 10 + 10 * math.cos(math.radians(120)),
                                     60 + 10 * math.sin(math.radians(120))),
            rnd("S2", 10 + 10 * math.cos(math.radians(160)),
                60 + 10 * math.sin(math.radians(160))),
        ],
    })


def test_distances_in_the_open(table):
    m = measure_pair(table, "A", "B")
    assert m.centre_in == pytest.approx(10)
    assert m.edge_in == pytest.approx(10 - 2 * R25)  # 9.0157"
    assert m.centre_m == pytest.approx(25)
    assert m.edge_m == pytest.approx((10 - 2 * R25) * MPI)
    assert (m.los, m.visible_fraction, m.cover, m.cover_terrain) == ("clear", 1.0, 0, ())
    assert m.target_side == "front"  # B faces A
    assert m.in_arc is None  # A has no turret


def test_json_form_is_rounded_and_keyed(table):
    d = measure_pair(table, "A", "B").to_dict()
    assert d == {
        "from": "A", "to": "B", "centre_in": 10.0, "centre_m": 25.0, "edge_in": 9.016,
        "edge_m": 22.539, "los": "clear", "visible_fraction": 1.0, "cover": 0,
        "cover_terrain": [], "crossed": [], "target_side": "front", "in_arc": None,
    }


def test_tank_edge_distance_and_rear_shot(table):
    m = measure_pair(table, "T", "C")
    assert m.edge_in == pytest.approx(20 - TANK_HALF_DEPTH - R25)  # 17.539"
    assert m.target_side == "rear"  # C faces away from T
    assert m.in_arc is True


@pytest.mark.parametrize(("turret", "expected"), [(0, True), (90, True), (-90, True),
                                                   (135, False), (180, False), (270, True)])
def test_turret_arc(table, turret, expected):
    table.unit("T").turret = turret
    try:
        assert measure_pair(table, "T", "C").in_arc is expected
    finally:
        table.unit("T").turret = 0


def test_side_struck_depends_on_the_facing_model(table):
    # D is due south of T, i.e. 90° to T's right: front under front180 (ties go to the
    # more protected face), right under quadrants.
    assert measure_pair(table, "D", "T").target_side == "front"
    assert measure_pair(table, "D", "T", facing_model=QUADRANTS).target_side == "right"
    assert measure_pair(table, "S1", "N").target_side == "right"  # 120° right of N's facing
    assert measure_pair(table, "S2", "N").target_side == "rear"  # 160°
    assert measure_pair(table, "S2", "N", facing_model=QUADRANTS).target_side == "rear"


def test_building_between_blocks(table):
    m = measure_pair(table, "E", "F")
    assert m.los == "blocked"
    assert m.visible_fraction == 0.0
    assert "house" in m.crossed


def test_building_over_half_the_line_is_partial(table):
    m = measure_pair(table, "J", "K")
    assert m.los == "partial"
    assert 0.0 < m.visible_fraction < 1.0


def test_target_in_woods_has_light_cover(table):
    m = measure_pair(table, "A", "G")
    assert m.los == "clear"
    assert (m.cover, m.cover_terrain) == (1, ("wood",))


def test_target_behind_a_wall_has_medium_cover(table):
    m = measure_pair(table, "I", "H")
    assert m.los == "clear"  # walls do not block
    assert (m.cover, m.cover_terrain) == (2, ("wall",))
    # the wall is 10" in front of I, not within 1" of it: no cover the other way
    assert measure_pair(table, "H", "I").cover == 0


def test_unknown_ids_and_same_unit(table):
    with pytest.raises(MeasureError, match="from: no unit with id 'Z'"):
        measure_pair(table, "Z", "A")
    with pytest.raises(MeasureError, match="to: no unit with id 'Z'"):
        measure_pair(table, "A", "Z")
    with pytest.raises(MeasureError, match="same|measured from"):
        measure_pair(table, "A", "A")
    with pytest.raises(MeasureError, match="facing model"):
        facing_model("hexes")


def test_terrain_index_is_reused_until_the_terrain_changes(table):
    first = terrain_index(table)
    assert terrain_index(table) is first
    table.piece("house").polygon = [(14, 17), (16, 17), (16, 24), (14, 24)]
    try:
        assert terrain_index(table) is not first
    finally:
        table.piece("house").polygon = [(14, 17), (16, 17), (16, 23), (14, 23)]
    assert terrain_index(table) is first




def test_a_pair_measured_again_is_remembered_until_anything_it_reads_changes(table):
    first = measure_pair(table, "E", "F")
    assert measure_pair(table, "E", "F") is first  # nothing changed: the same answer
    assert measure_pair(table, "F", "E") is not first  # the other way is its own pair
    f = table.unit("F")
    f.y += 10  # F moved out from behind the house: measured again, and clear now
    try:
        moved = measure_pair(table, "E", "F")
        assert moved is not first and moved.los == "clear"
    finally:
        f.y -= 10
    assert measure_pair(table, "E", "F").los == "blocked"
    table.piece("house").polygon = [(14, 30), (16, 30), (16, 31), (14, 31)]  # house moved
    try:
        assert measure_pair(table, "E", "F").los == "clear"
    finally:
        table.piece("house").polygon = [(14, 17), (16, 17), (16, 23), (14, 23)]
    assert measure_pair(table, "D", "T", facing_model=QUADRANTS).target_side == "right"
    assert measure_pair(table, "D", "T").target_side == "front"
    # the caller's own index is used as given, never answered from the cache
    own = measure_pair(table, "E", "F", index=terrain_index(table))
    assert own == first and own is not first
# --- templates ---------------------------------------------------------------------------


def lens_area(r1: float, r2: float, d: float) -> float:
    """Area shared by two circles (radii r1, r2, centres d apart)."""
    a = r1 * r1 * math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))
    b = r2 * r2 * math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
    c = 0.5 * math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2))
    return a + b - c


def test_blast_over_a_base_puts_it_under_the_hole(table):
    r = template_query(table, "blast-3", 20, 10)
    assert r.centre == (20, 10)
    assert r.hole == "B"
    assert [i for i, _ in r.under] == ["B"]
    assert r.under[0][1] == pytest.approx(1.0)


def test_blast_partly_over_a_base(table):
    r = template_query(table, "blast-5", 12.5, 10)  # 2.5" from A's centre: the rim crosses A
    under = dict(r.under)
    expected = lens_area(2.5, R25, 2.5) / (math.pi * R25 * R25)
    assert under["A"] == pytest.approx(expected, rel=0.01)  # ≈ 0.45 (polygonal circles)
    assert r.hole is None
    assert set(under) == {"A"}


def test_scatter_moves_the_template_before_counting(table):
    r = template_query(table, "blast-3", 20, 7, scatter=(3, 90))  # 90° = down the table
    assert r.aim == (20, 7)
    assert r.centre == pytest.approx((20, 10))
    assert r.hole == "B"
    d = r.to_dict()
    assert d["centre"] == [20.0, 10.0]
    assert d["under"] == [{"id": "B", "fraction": 1.0}]
    assert d["hole"] == "B"
    assert d["scatter"] == {"distance": 3, "bearing": 90}


def test_flamer_from_a_point(table):
    r = template_query(table, "flamer", 12.5, 10, toward=(20, 10))
    # 8" long from x=12.5: its 3" wide end is a disc centred at x=19 reaching x=20.5,
    # which holds all of B (19.51..20.49); A (..10.49) is behind the narrow end.
    under = dict(r.under)
    assert set(under) == {"B"}
    assert under["B"] > 0.99
    assert r.direction == pytest.approx(0)
    assert r.hole is None
    with pytest.raises(MeasureError, match="toward"):
        template_query(table, "flamer", 12.5, 10)


def test_flamer_fired_by_a_unit_starts_at_its_base_and_spares_it(table):
    """A's flamer: the narrow end sits on A's base edge (x = 10 + 0.49), so it reaches
    18.49" and B (19.51..20.49) is out of reach; A itself is never under its own template."""
    r = template_query(table, "flamer", 0, 0, toward=(20, 10), shooter="A")
    assert r.under == () and r.direction == pytest.approx(0)
    from_point = template_query(table, "flamer", 10, 10, toward=(20, 10))
    assert "A" in dict(from_point.under)  # a bare point at A's centre would catch A itself
    with pytest.raises(MeasureError, match="shooter: no unit with id 'nobody'"):
        template_query(table, "flamer", 0, 0, toward=(20, 10), shooter="nobody")


def test_template_errors(table):
    with pytest.raises(MeasureError, match="shape: expected one of blast-3, blast-5, flamer"):
        template_query(table, "blast-7", 0, 0)
    with pytest.raises(MeasureError, match="distance"):
        template_query(table, "blast-3", 0, 0, scatter=(-1, 0))
