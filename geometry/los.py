"""Line of sight, visible fraction and cover between unit bases (design.md, Terrain).

The rules, in one place; the work is in geometry.sight by subject — `sampling` (where the
sight lines end), `crossings` (lines against outlines), `cover`, `pairs` (one shooter),
`threat` (the threat view), `reference` (the plain shapely oracle) — and this module
gathers their public names, the one import path callers use.

Sampling. A shot is traced from the shooter's centre (the centre of its base) to `samples`
points spread over the target's base: a sunflower (Vogel) spiral, area-even over a round or
oval base, stretched to the corners on a rectangular one (see `sample_points`). The visible
fraction is the share of those sight lines that nothing blocks, so `line_of_sight(a, b)` and
`line_of_sight(b, a)` may differ: a small base peeking past a corner sees a large one that
sees only part of it.

What blocks one sight line:
- a SOLID piece (building, hill, or any piece overridden to block) that the line touches,
  unless the shooter's or the target's base overlaps that piece (a unit inside the building,
  on the hill, sees out and is seen);
- woods (DEPTH pieces) once the line has gone through more than their `los_depth_in` in total.
  Depth is counted between the two bases only: the part of the line inside the shooter's or
  the target's own base is not counted, so a unit standing in woods sees out (and is seen) if
  less than the depth lies between. Pieces with different depths add up as shares: the line
  is blocked when the sum of (length inside piece / its depth) exceeds 1, which is "more than
  2 inches of woods in total" when all depths are the default 2";
- `blockers`: other units' bases, which block like buildings (and are ignored if they overlap
  the shooter or the target).

Cover (0-4): the highest cover among the area pieces the target's base overlaps and the area
pieces any sight line crosses; a wall or hedge counts when a sight line crosses it within
1" of the target's base. Pieces the shooter's base overlaps or touches are ignored.

Speed. The sight lines are crossed with the terrain's edges in numpy rather than through
one GEOS call per line: a call per line (shapely.intersects against the merged blockers,
woods depth via shapely.intersection) misses the 10 ms threat-view budget. Instead each
(shooter, piece) pair gets its angular span and near/far distance once; a pair of units
only looks at pieces whose span meets its sight fan; a line whose angle is inside a solid
piece's span and which reaches past its far point is blocked outright (a connected shape
covers every angle of its span); the rest are crossed edge by edge with a half-open side
rule, which also gives the length inside woods. `reference_visible_fraction` is the plain
shapely form of the same rules, kept as the oracle for tests and the baseline for the
benchmark.

Woods inside a base are taken off along the line itself: the crossings of the line with
the woods' outline and with the base's give the length inside both (no polygon overlay),
and only on lines the woods would block without that.

The threat view (`threat_view`, `seen_by_fractions`) has many shooters against one target,
so it cannot share one shooter's spans: it first keeps the pieces whose bounding circle
meets each pair's sight fan, computes spans for those (pair, piece) alone (once per piece
when the one unit looks out), and takes cover from the same line crossings, in one scene for
both directions. A line through the disc inscribed in a woods piece for more than its depth
is blocked without crossing anything. Cover is worked out only for pairs that see
something (NOT_SEEN otherwise), after the fractions, crossing only the lines of pieces
not yet known to be met that could raise the pair's cover above what is known, and of walls
only those whose bounding circle comes within their cover reach of the target.

What a scene reads of one base alone is kept per outline object (geometry.outline_rows):
its samples, the pieces it stands on and, without blockers, each piece's span from its
centre, so hover after hover on a table that stands still gathers them rather than works
them out, and `prepare_table` works them out for a whole table ahead of its first hover.
"""

from __future__ import annotations

from .sight.checks import _EPS, _NO_POLYS, _as_polygon, _as_polygons, _check_samples
from .sight.cover import WALL_COVER_REACH_IN
from .sight.crossings import _SPAN_FIELDS, _Spans, _spans, _spans_at
from .sight.pairs import (
    CHUNK_CELLS,
    LosResult,
    Status,
    line_of_sight,
    visibility_block,
    visibility_matrix,
    visible_fractions,
)
from .sight.reference import reference_visible_fraction
from .sight.sampling import (
    DEFAULT_SAMPLES,
    _compute_samples,
    _sample_rows,
    _sampled,
    _samples,
    base_frames,
    sample_points,
)
from .sight.scene import _kept_spans
from .sight.threat import (
    NOT_SEEN,
    ThreatHalf,
    ThreatView,
    prepare_placed,
    prepare_table,
    seen_by_fractions,
    target_covers,
    threat_half_placed,
    threat_view,
    threat_view_placed,
)

__all__ = [
    "CHUNK_CELLS", "DEFAULT_SAMPLES", "NOT_SEEN", "WALL_COVER_REACH_IN", "LosResult", "Status",
    "ThreatHalf", "ThreatView", "base_frames", "line_of_sight", "prepare_placed",
    "prepare_table", "reference_visible_fraction", "sample_points", "seen_by_fractions",
    "target_covers", "threat_half_placed", "threat_view", "threat_view_placed",
    "visibility_block", "visibility_matrix", "visible_fractions",
    # what the tests read of the work itself
    "_EPS", "_NO_POLYS", "_SPAN_FIELDS", "_Spans", "_as_polygon", "_as_polygons",
    "_check_samples", "_compute_samples", "_kept_spans", "_sample_rows", "_sampled",
    "_samples", "_spans", "_spans_at",
]
