"""A sample table for the photo suggestions' tests and figures: two sides' bases (25 mm and
32 mm round, a 50 × 100 mm vehicle each, three 25 mm bases in contact) and three terrain
pieces, drawn in known places; the scenario's units stand near (not on) their bases, as
before a photo is imported."""

from __future__ import annotations

import math
import random

from bench.photo_synth import Base, Piece
from engine.scenario import Scenario, Table, Unit
from geometry.bases import BaseShape
from geometry.terrain import TerrainPiece

W, H = 72.0, 48.0
RED, BLUE = (40, 40, 200), (190, 90, 30)            # BGR
HILL, BUILDING = (70, 120, 165), (160, 160, 165)
SIDES = {"red": RED, "blue": BLUE}

TERRAIN = [Piece([(20, 14), (31, 12), (34, 20), (27, 26), (19, 22)], HILL),
           Piece([(50, 31), (58, 31), (58, 37), (50, 37)], BUILDING),
           Piece([(58, 8), (64, 9), (63, 16), (57, 15)], BUILDING)]


def truth() -> list[tuple[str, str, Base, BaseShape]]:
    """(unit id, side, the base as drawn, its shape) of every base on the sample table."""
    out = []
    spots = [(x, y) for y in (7.0, 31.0, 41.0) for x in (8.0, 14.0, 40.0, 46.0)] + \
        [(x, 24.0) for x in (8.0, 14.0, 40.0)]
    for k, (x, y) in enumerate(spots):
        side = "red" if k % 2 else "blue"
        mm = 32.0 if k % 3 == 0 else 25.0
        out.append((f"{side}-{k}", side, Base(x, y, mm / 25.4, mm / 25.4, True, SIDES[side]),
                    BaseShape.round(mm)))
    for side, (x, y), facing in (("red", (64.0, 40.0), 30.0), ("blue", (30.0, 40.0), 0.0)):
        out.append((f"{side}-tank", side, Base(x, y, 100 / 25.4, 50 / 25.4, False,
                                               SIDES[side], facing), BaseShape.rect(50, 100)))
    r = 25 / 25.4 / 2
    for i in range(3):   # a line of three in contact
        out.append((f"red-line-{i}", "red",
                    Base(56.0 + 2 * r * i, 24.0, 2 * r, 2 * r, True, RED),
                    BaseShape.round(25)))
    return out


def scenario(shift_in: float = 1.0, seed: int = 3) -> Scenario:
    """The sample table's scenario: each unit up to `shift_in` from its base's true place,
    and the hill and one building as pieces (the other building is new on the table)."""
    rng = random.Random(seed)
    units = []
    for uid, side, b, shape in truth():
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.3, 1.0) * shift_in
        facing = b.facing if not b.round else 0.0
        units.append(Unit(uid, side, "rifle-squad", round(b.x + d * math.cos(a), 2),
                          round(b.y + d * math.sin(a), 2), shape, facing))
    terrain = [TerrainPiece("hill-1", "hill", polygon=list(TERRAIN[0].points)),
               TerrainPiece("house-1", "building", polygon=list(TERRAIN[1].points))]
    return Scenario("photo sample", "iron-hearts", Table(W, H), terrain=terrain, units=units)
