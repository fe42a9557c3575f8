"""geometry.simple_ring: "certainly valid" is never said of an outline GEOS refuses (so a
scenario read without shapely is accepted and refused exactly as before), and it is said
of the sample tables' terrain (so reading them loads no shapely)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

from shapely.geometry import Polygon

from geometry.simple_ring import MAX_VERTICES, certainly_valid

ROOT = Path(__file__).resolve().parents[2]


def geos_accepts(pts) -> bool:
    """What the scenario reader asks GEOS (engine.scenario_parse)."""
    poly = Polygon(pts)
    return poly.is_valid and poly.area > 0


def test_plain_outlines_are_certainly_valid():
    assert certainly_valid([(0, 0), (4, 0), (4, 3), (0, 3)])
    assert certainly_valid([(0, 0), (4, 0), (4, 3), (0, 3), (0, 0)])  # closed
    assert certainly_valid([(0, 0), (4, 0), (2, 3)])
    assert certainly_valid([(0, 0), (0, 3), (4, 3), (4, 0)])  # clockwise


def test_anything_close_is_left_to_geos():
    assert not certainly_valid([(0, 0), (4, 3), (4, 0), (0, 3)])  # bow tie
    assert not certainly_valid([(0, 0), (2, 0), (4, 0), (4, 3)])  # straight corner
    assert not certainly_valid([(0, 0), (4, 0), (4, 0), (0, 3)])  # repeated point
    assert not certainly_valid([(0, 0), (4, 0), (2, 0)])  # no area
    assert not certainly_valid([(0, 0), (4, 0), (4, 4), (2, 0), (0, 4)])  # touches itself
    assert not certainly_valid([(0, 0), (1, 0)])
    assert not certainly_valid([(0, 0), (1, 0), (float("nan"), 1)])
    assert not certainly_valid([(0, 0), (1, 0), (0.5, 1e-12)])  # a sliver
    circle = [(math.cos(i / 20), math.sin(i / 20)) for i in range(MAX_VERTICES + 1)]
    assert not certainly_valid(circle)  # too long to check pair by pair


def _outline(rng: random.Random) -> list[tuple[float, float]]:
    """A random outline: on a small grid (touching, crossing and straight corners are
    common there), of free floats, or a star around a point (mostly simple)."""
    n = rng.randint(3, 9)
    kind = rng.choice(("grid", "free", "star"))
    if kind == "grid":
        return [(float(rng.randint(-3, 3)), float(rng.randint(-3, 3))) for _ in range(n)]
    if kind == "free":
        return [(rng.uniform(-3, 3), rng.uniform(-3, 3)) for _ in range(n)]
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    return [(r * math.cos(a), r * math.sin(a))
            for a, r in ((a, rng.choice((1.0, 2.0, rng.uniform(0.1, 3)))) for a in angles)]


def test_certainly_valid_only_when_geos_accepts():
    rng = random.Random(41)
    said = 0
    for _ in range(4000):
        pts = _outline(rng)
        if certainly_valid(pts):
            said += 1
            assert geos_accepts(pts), pts
    assert said > 1000  # the check says "valid" often enough to be tested by this


def test_sample_tables_need_no_geos():
    outlines = []
    for path in sorted((ROOT / "resources" / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        outlines += [p["polygon"] for p in data.get("terrain", []) if p.get("polygon")]
    assert outlines
    assert all(certainly_valid([tuple(pt) for pt in o]) for o in outlines)
