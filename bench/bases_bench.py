"""P14: a pass over every unit's placed outline on a 5,000-unit table, what a click's hit
test and the labels' layout ask of `geometry.bases.base_polygon` each time.

Timed warm (the pass already made once, as on a board the user has been clicking on):
`median_ms` with the kept-outline cache the app has, `lru4096_median_ms` the same pass
through a cache of 4,096 placements built beside it for comparison (a least-recently-used
cache smaller than the table evicts each outline just before the pass asks for it again,
so every call builds one). Target: ≤ 16 ms median, the board's per-event budget (P8)."""

from __future__ import annotations

import statistics
from functools import lru_cache

from bench import Options, Outcome, target, timings_ms
from geometry import bases
from geometry.bases import BaseShape, base_polygon, clear_cache

UNITS = 5000
MEDIAN_MS = 16.0


def _table() -> list[tuple[BaseShape, float, float, float]]:
    kinds = (BaseShape("round", 25, 25), BaseShape("rect", 50, 100), BaseShape("oval", 60, 35))
    return [(kinds[i % 3], 1.0 + (i % 100) * 0.7, 1.0 + (i // 100) * 0.9, float(i * 37 % 360))
            for i in range(UNITS)]


@target("P14", "placed-outlines-5000")
def p14_placed_outlines(opts: Options) -> Outcome:
    table = _table()
    clear_cache()
    kept = timings_ms(lambda: [base_polygon(*p) for p in table], repeat=7)
    small = lru_cache(maxsize=4096)(bases._placed.__wrapped__)
    old = timings_ms(lambda: [small(*p) for p in table], repeat=7)
    med = statistics.median(kept)
    return Outcome({"median_ms": med, "max_ms": max(kept),
                    "lru4096_median_ms": statistics.median(old), "units": UNITS,
                    "kept": bases.PLACED_KEPT, "target_ms": MEDIAN_MS}, med <= MEDIAN_MS)
