"""Line of sight, visible fraction and cover between unit bases (design.md, Terrain).

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
one GEOS call per line: measured on 40 pairs x 24 lines, shapely.intersects against the merged
blockers costs ~1.8 us per line and woods depth via shapely.intersection ~10 us per line,
which misses the 10 ms threat-view budget. Instead each (shooter, piece) pair gets its angular
span and near/far distance once; a pair of units only looks at pieces whose span meets its
sight fan; a line whose angle is inside a solid piece's span and which reaches past its far
point is blocked outright (a connected shape covers every angle of its span); the rest are
crossed edge by edge with a half-open side rule, which also gives the length inside woods.
`reference_visible_fraction` is the plain shapely form of the same rules, kept as the oracle
for tests and the baseline for the benchmark.

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
them out (a 2,000-unit threat view's direction 30 -> 10-15 ms, P2 12 -> 6.3 ms), and
`prepare_table` works them out for a whole table ahead of its first hover.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from .outline_rows import Cells, Rows, kept, slots_of
from .terrain import LOS_NONE, LOS_SOLID, EdgeTable, TerrainIndex

#: Sight lines per target base; 24 keeps a half-hidden base within ±0.1 of 0.5 while the
#: threat view (one unit against 200) stays inside its 10 ms budget.
DEFAULT_SAMPLES = 24
#: visibility_matrix works through this many (pair, piece) cells at a time at most.
CHUNK_CELLS = 400_000
#: A wall or hedge gives cover when the sight line crosses it this close to the target.
WALL_COVER_REACH_IN = 1.0
#: The cover `threat_view` gives for a pair that sees nothing: not worked out (cover only
#: matters for a target that can be seen, and skipping it halves the threat view's work).
NOT_SEEN = -1
#: Fill of its oriented envelope above which a base is sampled as a rectangle, not an ellipse
#: (a rectangle fills 1, an ellipse pi/4 = 0.785).
_RECT_FILL = (1 + np.pi / 4) / 2
_GOLDEN_ANGLE = np.pi * (3 - np.sqrt(5))
_EPS = 1e-9
#: Most (line, edge) rows handled in one numpy pass, to bound memory on big matrices.
_CHUNK = 1 << 21

Status = Literal["clear", "partial", "blocked"]


@dataclass
class LosResult:
    """What the shooter sees of the target, and the cover the target has against it."""

    status: Status
    visible_fraction: float
    crossed: list[str]  # pieces any sight line crosses (not those the shooter stands on)
    cover: int  # 0-4
    cover_terrain: list[str]  # the pieces that give `cover`
    blocked_by: list[str] = field(default_factory=list)  # pieces that block some sight line


# ------------------------------------------------------------------------------ sampling


def sample_points(
    polys: Sequence[Polygon] | np.ndarray, samples: int = DEFAULT_SAMPLES, name: str = "polys"
) -> tuple[np.ndarray, np.ndarray]:
    """Centres (n, 2) and sample points (n, samples, 2) spread over each base.

    The base's box along its own axes (`base_frames`) gives its centre and half-axes; a
    sunflower spiral on the unit disc (radius sqrt((i + 0.5) / n), angle i x golden angle) is
    mapped onto it: affinely for round and oval bases (an even spread over the ellipse, which
    is the base), and stretched from the disc to the square for rectangles so the corners are
    seen too. Every point lies strictly inside a convex base; the first is next to the centre.
    """
    centre, pts, _ = _samples(_as_polygons(polys, name), _check_samples(samples))
    return centre, pts


#: Sample points already worked out, a row per base outline object and sample count
#: (geometry.outline_rows: the outline's centre, points, bound and reach). Outlines come from
#: geometry.bases.base_polygon, which hands out the same object for the same placement, so
#: measuring a pair again (the pointer moving, the threat view, a re-aimed measure) reuses
#: them; a row goes when its outline is garbage-collected.
_SAMPLE_ROWS: dict[int, Rows] = {}


def _sample_rows(polys: np.ndarray, samples: int, slots: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`sample_points` with each base's bound (the corner of its box: every vertex is
    within it) and reach (its farthest sample from the centre), kept per outline (no
    outline: empty arrays, nothing kept)."""
    if len(polys) == 0:
        return _with_reach(*_compute_samples(polys, samples))
    rows = _SAMPLE_ROWS.get(samples) or _SAMPLE_ROWS.setdefault(
        samples, Rows(lambda ps, n=samples: _with_reach(*_compute_samples(ps, n))))
    if slots is None:
        slots = slots_of(polys)
    return rows.get(polys, slots)  # type: ignore[return-value]


def _with_reach(centre: np.ndarray, pts: np.ndarray, bound: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    return centre, pts, bound, np.sqrt(((pts - centre[:, None, :]) ** 2).sum(-1)).max(axis=1)


def _sampled(poly, samples: int) -> tuple | None:
    """The (centre, points, bound) kept for this outline, None if none is."""
    rows = _SAMPLE_ROWS.get(samples)
    row = rows.row(poly) if rows is not None else None
    return None if row is None else row[:3]


def _samples(polys: np.ndarray, samples: int, slots: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`sample_points`, and how far each base reaches from its centre at most (the corner of
    its box: every vertex is within it). Each row depends on its own base only, so rows are
    kept per outline and only the unseen outlines are computed."""
    return _sample_rows(polys, samples, slots)[:3]


def _compute_samples(polys: np.ndarray, samples: int
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    centre, half_a, half_b = base_frames(polys)
    len_a, len_b = np.hypot(*half_a.T), np.hypot(*half_b.T)
    rect = shapely.area(polys) / (4 * len_a * len_b) > _RECT_FILL
    i = np.arange(samples)
    r = np.sqrt((i + 0.5) / samples)
    th = i * _GOLDEN_ANGLE
    c, s = np.cos(th), np.sin(th)
    disc = np.stack([r * c, r * s], axis=-1)
    square = disc / np.maximum(np.abs(c), np.abs(s))[:, None]
    unit = np.where(rect[:, None, None], square[None], disc[None])  # (n, samples, 2)
    pts = (
        centre[:, None, :]
        + unit[..., 0:1] * half_a[:, None, :]
        + unit[..., 1:2] * half_b[:, None, :]
    )
    return centre, pts, np.hypot(len_a, len_b)


def base_frames(polys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Centre (n, 2) and half-axis vectors (n, 2), (n, 2) of each base's box along its axes.

    The axes are the principal axes of the outline's vertices, or the first edge's direction
    when those are isotropic (a square, a circle) or the outline has four corners (a
    rectangle). For the bases of `base_polygon` this is their oriented envelope, in numpy at
    a fraction of shapely.oriented_envelope's cost (~30 us per round base).
    """
    xy, ring = shapely.get_coordinates(shapely.get_exterior_ring(polys), return_index=True)
    n = len(polys)
    last = np.concatenate((ring[1:] != ring[:-1], [True]))  # the closing repeat of each ring
    keep = ~last
    rk, xk = ring[keep], xy[keep]
    nv = np.bincount(rk, minlength=n)
    mx = np.bincount(rk, xk[:, 0], minlength=n) / nv
    my = np.bincount(rk, xk[:, 1], minlength=n) / nv
    dx, dy = xy[:, 0] - mx[ring], xy[:, 1] - my[ring]
    dxk, dyk = dx[keep], dy[keep]
    sxx = np.bincount(rk, dxk * dxk, minlength=n)
    syy = np.bincount(rk, dyk * dyk, minlength=n)
    sxy = np.bincount(rk, dxk * dyk, minlength=n)
    first = np.concatenate(([True], ring[1:] != ring[:-1])).nonzero()[0]
    edge = np.arctan2(xy[first + 1, 1] - xy[first, 1], xy[first + 1, 0] - xy[first, 0])
    pca = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    flat = np.hypot(sxx - syy, 2 * sxy) <= 1e-9 * (sxx + syy)
    ang = np.where(flat | (nv == 4), edge, pca)
    ux, uy = np.cos(ang), np.sin(ang)
    along = dx * ux[ring] + dy * uy[ring]
    across = -dx * uy[ring] + dy * ux[ring]
    a_lo = np.minimum.reduceat(along, first)
    a_hi = np.maximum.reduceat(along, first)
    b_lo = np.minimum.reduceat(across, first)
    b_hi = np.maximum.reduceat(across, first)
    ca, cb = (a_lo + a_hi) / 2, (b_lo + b_hi) / 2
    centre = np.stack([mx + ca * ux - cb * uy, my + ca * uy + cb * ux], axis=1)
    half_a = np.stack([ux, uy], axis=1) * ((a_hi - a_lo) / 2)[:, None]
    half_b = np.stack([-uy, ux], axis=1) * ((b_hi - b_lo) / 2)[:, None]
    return centre, half_a, half_b


# ------------------------------------------------------------------------------ public API


def line_of_sight(
    index: TerrainIndex,
    shooter: Polygon,
    target: Polygon,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> LosResult:
    """LOS from the shooter's base to the target's: status, visible fraction, cover."""
    shooter = _as_polygon(shooter, "shooter")
    target = _as_polygon(target, "target")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    polys = np.array([shooter, target], dtype=object)
    # what each base alone decides, kept per outline (outline_rows): pointer after pointer
    # measures the same bases again
    slots = slots_of(polys)
    touch, overlaps = _touch_on(index, polys, slots)
    scene = _Scene.build(index, polys, samples, blockers, overlaps, slots)
    p = scene.centres[0]
    sp_all = _kept_spans(index, slots[0], p)
    sp = sp_all.take(index.los_pieces)
    if len(blockers):
        sp = sp.join(_spans(scene.table, p[:1], p[1:]).take(np.arange(len(sp.lo[0]),
                                                                     len(scene.table))))
    frac, blocking = _fractions(scene, np.array([0]), np.array([1]), True, sp)
    fraction = float(frac[0])
    n_terrain = len(index.los_pieces)
    blocked_by = [
        index.ids[index.los_pieces[j]] if j < n_terrain else f"blockers[{j - n_terrain}]"
        for j in sorted(blocking)
    ]
    crossed, cover, cover_terrain = _cover(index, touch[0], overlaps[1],
                                           p, scene.points[1], target, sp_all)
    status: Status = "clear" if fraction >= 1.0 else "blocked" if fraction <= 0.0 else "partial"
    return LosResult(status, fraction, crossed, cover, cover_terrain, blocked_by)


def visible_fractions(
    index: TerrainIndex,
    shooter: Polygon,
    targets: Sequence[Polygon] | np.ndarray,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> np.ndarray:
    """Visible fraction of each target from one shooter (the threat view), in one pass."""
    shooter = _as_polygon(shooter, "shooter")
    targets = _as_polygons(targets, "targets")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    polys = np.concatenate(([shooter], targets)).astype(object)
    scene = _Scene.build(index, polys, samples, blockers)
    t = np.arange(1, len(polys))
    frac, _ = _fractions(scene, np.zeros(len(t), dtype=np.int64), t)
    return frac


def visibility_matrix(
    index: TerrainIndex, polys: Sequence[Polygon] | np.ndarray, *, samples: int = DEFAULT_SAMPLES
) -> np.ndarray:
    """n x n visible fractions: [i, j] is how much of unit j unit i sees (diagonal 1).

    Worked through a block of shooters at a time, each block's pairs x pieces arrays held
    to about CHUNK_CELLS elements: memory stays bounded (≈ 100 MB of work arrays besides the
    n x n answer) however many units and pieces; every pair's figure is the one a single
    call for it gives (each pair is worked out on its own)."""
    polys = _as_polygons(polys, "polys")
    n = len(polys)
    out = np.ones((n, n))
    if n < 2:
        return out
    scene = _Scene.build(index, polys, samples, _NO_POLYS)
    pieces = max(len(scene.table), 1)
    rows = max(1, CHUNK_CELLS // (pieces * (n - 1)))
    others = np.arange(n)
    for first in range(0, n, rows):
        shooters = np.arange(first, min(first + rows, n))
        s = np.repeat(shooters, n - 1)
        t = np.concatenate([np.delete(others, i) for i in shooters])
        frac, _ = _fractions(scene, s, t)
        out[s, t] = frac
    return out


def reference_visible_fraction(
    index: TerrainIndex,
    shooter: Polygon,
    target: Polygon,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> float:
    """The same visible fraction computed plainly with shapely, piece by piece.

    Slow on purpose (no index, no culling): the oracle the fast path is tested against and
    the "naive per-pair loop" the benchmark compares with.
    """
    centres, pts = sample_points([shooter, target], samples)
    starts = np.broadcast_to(centres[0], pts[1].shape)
    lines = shapely.linestrings(np.stack([starts, pts[1]], axis=1))
    blocked = np.zeros(len(lines), dtype=bool)
    depth = np.zeros(len(lines))
    solids = [(index.shapes[j], None) for j in index.los_pieces[index.los_solid]]
    solids += [(b, None) for b in blockers]
    woods = [
        (index.shapes[j], d)
        for j, d in zip(index.los_pieces, index.los_depth, strict=True)
        if np.isfinite(d)
    ]
    for g, d in solids + woods:
        s_on = _overlap(shooter, g)
        t_on = _overlap(target, g)
        if d is None:
            if not (s_on or t_on):
                blocked |= shapely.intersects(lines, g)
            continue
        inside = shapely.length(shapely.intersection(lines, g))
        for base, on in ((shooter, s_on), (target, t_on)):
            if on:
                inside = inside - shapely.length(
                    shapely.intersection(lines, shapely.intersection(g, base))
                )
        depth += np.maximum(inside, 0.0) / d
    blocked |= depth > 1 + _EPS
    return float(1.0 - blocked.mean())


# ------------------------------------------------------------------------------ the core


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


def _clip01(a: np.ndarray) -> np.ndarray:
    """`np.clip(a, 0, 1)` by two ufuncs (np.clip's Python wrapper cost more than the work
    on the few values of one measure)."""
    return np.minimum(np.maximum(a, 0.0), 1.0)


def _wrap(a: np.ndarray) -> np.ndarray:
    """Angles folded into [-pi, pi)."""
    return (a + np.pi) % (2 * np.pi) - np.pi


@dataclass
class _Spans:
    """Per (shooter, piece): angular span around `mid`, near and far distance, flags."""

    mid: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    dmin: np.ndarray
    dmax: np.ndarray
    wrap: np.ndarray  # the shooter's centre is in or on the piece's hull: no usable span
    inside: np.ndarray  # the shooter's centre is inside the piece


    def cells(self) -> tuple[np.ndarray, ...]:
        """The fields in order, as a table of kept cells holds them (outline_rows.Cells)."""
        return tuple(getattr(self, f) for f in _SPAN_FIELDS)

    def take(self, cols: np.ndarray) -> _Spans:
        return _Spans(*(getattr(self, f)[:, cols] for f in _SPAN_FIELDS))

    def join(self, other: _Spans) -> _Spans:
        return _Spans(*(np.concatenate((getattr(self, f), getattr(other, f)), axis=1)
                        for f in _SPAN_FIELDS))


_SPAN_FIELDS = ("mid", "lo", "hi", "dmin", "dmax", "wrap", "inside")


def _spans(tab: EdgeTable, px: np.ndarray, py: np.ndarray) -> _Spans:
    """Angular spans of every piece seen from every shooter centre (S x J arrays)."""
    px, py = px[:, None], py[:, None]
    mid = np.arctan2(tab.rep[None, :, 1] - py, tab.rep[None, :, 0] - px)
    vpiece = np.repeat(np.arange(len(tab)), tab.vcount)
    dx, dy = tab.vx[None, :] - px, tab.vy[None, :] - py
    rel = _wrap(np.arctan2(dy, dx) - mid[:, vpiece])
    lo = np.minimum.reduceat(rel, tab.vstart, axis=1)
    hi = np.maximum.reduceat(rel, tab.vstart, axis=1)
    dmax = np.maximum.reduceat(np.hypot(dx, dy), tab.vstart, axis=1)
    # nearest point of each edge
    ex, ey = tab.bx - tab.ax, tab.by - tab.ay
    ll = np.maximum(ex * ex + ey * ey, 1e-300)
    u = _clip01(((px - tab.ax) * ex + (py - tab.ay) * ey) / ll)
    dist = np.hypot(tab.ax + u * ex - px, tab.ay + u * ey - py)
    dmin = np.minimum.reduceat(dist, tab.start, axis=1)
    inside = shapely.contains_xy(tab.geoms[None, :], px, py)
    dmin[inside] = 0.0
    wrap = shapely.intersects_xy(tab.hulls[None, :], px, py) | (hi - lo >= np.pi - 1e-6)
    return _Spans(mid, lo, hi, dmin, dmax, wrap, inside)


def _fractions(
    scene: _Scene, s: np.ndarray, t: np.ndarray, want_blocking: bool = False,
    spans: _Spans | None = None,
) -> tuple[np.ndarray, set[int]]:
    """Visible fraction for each pair (s[k] shoots at t[k]); optionally the blocking pieces.

    `spans`, if given, are the pieces' spans seen from the one shooter of all pairs.
    """
    n_pairs, n_samples = len(s), scene.points.shape[1]
    blocked = np.zeros((n_pairs, n_samples), dtype=bool)
    blocking: set[int] = set()
    if len(scene.table) == 0 or n_pairs == 0:
        return np.ones(n_pairs), blocking
    if spans is None:
        shooters, row = np.unique(s, return_inverse=True)
        sp = _spans(scene.table, scene.centres[shooters, 0], scene.centres[shooters, 1])
    else:
        sp, row = spans, np.zeros(n_pairs, dtype=np.int64)

    # pairs x pieces: does the piece meet the pair's sight fan (and may it act)?
    p = scene.centres[s]
    tc = scene.centres[t]
    dist = np.hypot(*(tc - p).T)
    r_t = scene.reach[t]
    sine = _clip01(r_t / np.maximum(dist, 1e-300))
    half = np.where(dist > r_t, np.arcsin(sine), np.pi)
    phi = np.arctan2(tc[:, 1] - p[:, 1], tc[:, 0] - p[:, 0])
    c = _wrap(phi[:, None] - sp.mid[row])
    lo, hi = sp.lo[row], sp.hi[row]
    off = np.where((c >= lo) & (c <= hi), 0.0,
                   np.minimum(np.abs(_wrap(c - lo)), np.abs(_wrap(c - hi))))
    cand = sp.wrap[row] | (off <= half[:, None] + 1e-9)
    cand &= (dist + r_t)[:, None] > sp.dmin[row] - 1e-9
    cand &= ~(scene.solid[None, :] & (scene.on[s] | scene.on[t]))
    kk, jj = cand.nonzero()
    if len(kk) == 0:
        return np.ones(n_pairs), blocking

    # candidate (pair, piece) x sample lines: cull by angle and distance
    rk = row[kk]
    q = scene.points[t]  # (pairs, N, 2)
    length, angle = _sight_lines(kk, p, q)
    rel = _wrap(angle - sp.mid[rk, jj][:, None])
    lo_c, hi_c = sp.lo[rk, jj][:, None], sp.hi[rk, jj][:, None]
    wrap_c = sp.wrap[rk, jj][:, None]
    maybe = (wrap_c | ((rel >= lo_c - 1e-9) & (rel <= hi_c + 1e-9)))
    maybe &= length > sp.dmin[rk, jj][:, None] - 1e-9
    solid_c = scene.solid[jj][:, None]
    sure = (maybe & solid_c & ~wrap_c & scene.table.connected[jj][:, None]
            & (rel > lo_c) & (rel < hi_c) & (length >= sp.dmax[rk, jj][:, None]))
    ci, li = sure.nonzero()
    blocked[kk[ci], li] = True
    if want_blocking:
        blocking.update(jj[ci].tolist())
    maybe &= ~sure & ~blocked[kk]

    # the rest: cross the lines with the pieces' edges
    ci, li = maybe.nonzero()
    if len(ci):
        k, j = kk[ci], jj[ci]
        inside0 = sp.inside[rk[ci], j]
        n_cross, frac = _cross(scene.table, j, p[k, 0], p[k, 1], q[k, li, 0], q[k, li, 1],
                               inside0)
        is_solid = scene.solid[j]
        hit = is_solid & ((n_cross > 0) | inside0)
        blocked[k[hit], li[hit]] = True
        if want_blocking:
            blocking.update(j[hit].tolist())
        d = ~is_solid
        if d.any():
            kd, ld = k[d], li[d]
            share, inside = _woods_shares(
                scene, s, t, kd, ld, j[d], p[kd, 0], p[kd, 1], q[kd, ld, 0], q[kd, ld, 1],
                frac[d] * length[ci[d], ld], inside0[d], (n_pairs, n_samples), want_blocking)
            deep = share > 1 + _EPS
            blocked |= deep
            if want_blocking:
                contributes = deep[k[d], li[d]] & (inside > _EPS)
                blocking.update(j[d][contributes].tolist())
    return 1.0 - blocked.sum(axis=1) / n_samples, blocking


def _sight_lines(
    kk: np.ndarray, p: np.ndarray, q: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Length and direction of the sight lines p[k] -> q[k, i], one row per entry k of kk.

    Worked out once per pair among kk (a pair has a row for each piece near it).
    """
    if (kk == kk[0]).all():  # one pair: a single pair's measure, most often
        k = kk[0]
        dx, dy = q[k, :, 0] - p[k, 0], q[k, :, 1] - p[k, 1]
        n = len(kk)
        return np.repeat(np.hypot(dx, dy)[None], n, 0), np.repeat(np.arctan2(dy, dx)[None], n, 0)
    first = np.concatenate(([True], kk[1:] != kk[:-1]))
    used, row = kk[first], first.cumsum() - 1
    dx, dy = q[used, :, 0] - p[used, 0:1], q[used, :, 1] - p[used, 1:2]
    return np.hypot(dx, dy)[row], np.arctan2(dy, dx)[row]


def _woods_shares(
    scene: _Scene, s: np.ndarray, t: np.ndarray, k: np.ndarray, li: np.ndarray, j: np.ndarray,
    px: np.ndarray, py: np.ndarray, qx: np.ndarray, qy: np.ndarray, inside: np.ndarray,
    inside0: np.ndarray, shape: tuple[int, int], lengths: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Woods depth used by each sight line (the sum of length / depth over its woods) as a
    (pairs, samples) array, and each row's length counted (not inside the two bases) on the
    lines past the threshold if `lengths`, else only where that decides the line.

    Row h is line li[h] of pair k[h] (s[k[h]] shoots at t[k[h]]) through woods column j[h],
    `inside` the length of it inside the woods, `inside0` whether it starts inside them. The
    parts inside the bases are taken off only on the lines that go past the threshold
    without that: taking them off only lowers the sum, so the other lines stay unblocked.
    """
    share = np.zeros(shape)
    np.add.at(share, (k, li), np.maximum(inside, 0.0) / scene.depth[j])
    need = share[k, li] > 1 + _EPS
    on_s, on_t = scene.on[s[k], j], scene.on[t[k], j]
    need &= on_s | on_t
    if not need.any():
        return share, inside
    if not lengths:
        # nor the lines that stay over it whatever the bases take off: from the shooter's
        # centre a line is in its base for at most `bound`, in the target's for 2 `bound`
        most = (on_s * scene.bound[s[k]] + on_t * 2 * scene.bound[t[k]]) * (1 + 1e-9) + 1e-9
        least = np.zeros(shape)
        np.add.at(least, (k, li), np.maximum(inside - most, 0.0) / scene.depth[j])
        need &= least[k, li] <= 1 + _EPS
        if not need.any():
            return share, inside
    inside = inside.copy()
    inside[need] -= _inside_bases(scene, s[k[need]], t[k[need]], j[need], px[need], py[need],
                                  qx[need], qy[need], inside0[need])
    share = np.zeros(shape)
    np.add.at(share, (k, li), np.maximum(inside, 0.0) / scene.depth[j])
    return share, inside


def _inside_bases(
    scene: _Scene, s: np.ndarray, t: np.ndarray, j: np.ndarray, px: np.ndarray,
    py: np.ndarray, qx: np.ndarray, qy: np.ndarray, inside0: np.ndarray,
) -> np.ndarray:
    """Length of each line inside (woods j ∩ shooter's base) plus (woods j ∩ target's base).

    No polygon overlay: along the line, with W(x) and B(x) the woods' and the base's
    indicators, the part inside both is the integral of W·B, which the crossings of the
    line with each outline give directly. With F(x) the integral of W up to x (linear
    between woods crossings) and the base entered (sign +1) or left (-1) at each base
    crossing x_e: integral of W·B = B(0)·F(1) + sum_e sign_e·(F(1) - F(x_e)).
    """
    out = np.zeros(len(j))
    on_s, on_t = scene.on[s, j], scene.on[t, j]
    h = np.concatenate((on_s.nonzero()[0], on_t.nonzero()[0]))
    if len(h) == 0:
        return out
    units = np.concatenate((s[on_s], t[on_t]))
    px, py, qx, qy = px[h], py[h], qx[h], qy[h]
    wr, wt, w_in = _crossings(scene.table, j[h], px, py, qx, qy)
    bases, bu = np.unique(units, return_inverse=True)
    br, bt, b_in = _crossings(_outline_strips(scene.polys[bases]), bu, px, py, qx, qy)
    ws = np.where(w_in, 1.0, -1.0)
    f1 = inside0[h] + _sums(wr, ws * (1.0 - wt), len(h))  # F(1)
    order = np.argsort(wr, kind="stable")
    wr, wt, ws = wr[order], wt[order], ws[order]
    wcount = np.bincount(wr, minlength=len(h))
    fx = inside0[h][br] * bt  # F(x_e), then the woods crossings before x_e
    some = (wcount[br] > 0).nonzero()[0]
    if len(some):
        item, i, _ = _ragged(wcount[br[some]], (np.cumsum(wcount) - wcount)[br[some]])
        fx += _sums(some[item], ws[i] * np.maximum(bt[some[item]] - wt[i], 0.0), len(br))
    both = np.where(shapely.contains_xy(scene.polys[units], px, py), f1, 0.0)
    both += _sums(br, np.where(b_in, 1.0, -1.0) * (f1[br] - fx), len(h))
    np.add.at(out, h, _clip01(both) * np.hypot(qx - px, qy - py))
    return out


def _sums(row: np.ndarray, weights: np.ndarray, n: int) -> np.ndarray:
    """Sum of the weights per row, as floats (np.bincount gives ints when there are none)."""
    return np.bincount(row, weights, minlength=n).astype(float, copy=False)


class _Strips(NamedTuple):
    """Polygons' rings as point strips, the part of `EdgeTable` that `_crossings` reads."""

    sx: np.ndarray
    sy: np.ndarray
    sstart: np.ndarray
    scount: np.ndarray
    sring: np.ndarray


def _outline_strips(polys: np.ndarray) -> _Strips:
    """Strips of the oriented rings of some polygons (bases), in numpy."""
    rings, owner = shapely.get_rings(shapely.orient_polygons(polys), return_index=True)
    xy, ring = shapely.get_coordinates(rings, return_index=True)
    scount = np.bincount(owner[ring], minlength=len(polys))
    return _Strips(xy[:, 0].copy(), xy[:, 1].copy(), np.cumsum(scount) - scount, scount,
                   np.concatenate((ring[1:] == ring[:-1], [False])))


def _cross(
    tab: EdgeTable, j: np.ndarray, px: np.ndarray, py: np.ndarray, qx: np.ndarray,
    qy: np.ndarray, inside0: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Cross each segment P->Q with every edge of polygon j: (crossings, share inside).

    The crossings are `_crossings`'; the share of the segment inside is the sum of -t over
    entries and +t over exits in (0, 1), plus 1 if Q ends inside.
    """
    row, tpar, enter = _crossings(tab, j, px, py, qx, qy)
    n_cross = _sums(row, np.ones(len(row)), len(j))
    net = _sums(row, np.where(enter, 1.0, -1.0), len(j))
    tsum = _sums(row, np.where(enter, -tpar, tpar), len(j))
    end_inside = _clip01(inside0 + net)
    return n_cross, _clip01(tsum + end_inside)


def _crossings(
    tab: EdgeTable | _Strips, j: np.ndarray, px: np.ndarray, py: np.ndarray, qx: np.ndarray,
    qy: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Where each segment P->Q crosses the outline of polygon j[h] strictly between its
    ends: (h, t along the segment, entering?), each segment's crossings in ring order.

    An edge counts as crossed when its ends lie on different sides of the line, a vertex on
    the line counting as the + side (the half-open rule keeps the parity right when a line
    runs through a vertex). Entering or leaving follows from the side, because the rings are
    oriented.

    Segments are grouped by the length of their polygon's strip (`EdgeTable.sx`, rounded up)
    and each group is done as a dense (segments x points) block, padded by repeating the last
    point (a zero-length edge: never crossed). Each point is sided once and an edge is crossed
    where the sides of its two ends differ; the few crossings found get their parameter t
    afterwards. ~4x faster than one row per (segment, edge) with gathers and bincounts.
    """
    rows_out, t_out, enter_out = [], [], []
    width = _strip_widths(tab.scount[j] - 1)  # edges and ring steps
    for w in np.bincount(width).nonzero()[0]:
        rows = (width == w).nonzero()[0]
        step = max(1, _CHUNK // int(w))
        for r in (rows[i:i + step] for i in range(0, len(rows), step)):
            jr = j[r]
            vx, vy, inv = _padded_strips(tab, jr, int(w))
            x0, y0 = px[r, None], py[r, None]
            dx, dy = qx[r, None] - x0, qy[r, None] - y0
            xr, yr = vx[inv] - x0, vy[inv] - y0
            side = dx * yr - dy * xr
            plus = side >= 0
            ri, ci = (plus[:, :-1] != plus[:, 1:]).nonzero()
            edge = tab.sring[tab.sstart[jr[ri]] + ci]  # not the step from one ring to the next
            ri, ci = ri[edge], ci[edge]
            sa, sb = side[ri, ci], side[ri, ci + 1]
            axr, ayr = xr[ri, ci], yr[ri, ci]
            ex, ey = xr[ri, ci + 1] - axr, yr[ri, ci + 1] - ayr
            tpar = (axr * ey - ayr * ex) / (sb - sa)
            valid = (tpar > 0) & (tpar < 1)
            rows_out.append(r[ri[valid]])
            t_out.append(tpar[valid])
            enter_out.append((sa > sb)[valid])
    if not rows_out:
        return np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0, dtype=bool)
    return np.concatenate(rows_out), np.concatenate(t_out), np.concatenate(enter_out)


def _strip_widths(cnt: np.ndarray) -> np.ndarray:
    """The padded block width of strips of `cnt` steps: up to 32 steps by 4s, up to 256 by
    16s, then the next power of two (+1 for the closing point). All short, the common
    case, in one step."""
    short = (cnt + 3) // 4 * 4
    if len(cnt) == 0 or cnt.max() <= 32:
        return 1 + short
    return 1 + np.where(cnt <= 32, short, np.where(
        cnt <= 256, (cnt + 15) // 16 * 16,
        1 << np.ceil(np.log2(np.maximum(cnt, 1))).astype(np.int64)))


def _padded_strips(
    tab: EdgeTable | _Strips, j: np.ndarray, w: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The strips of the distinct polygons among j as (m, w) arrays x, y, padded by repeating
    each strip's last point, and for each j its row."""
    seen = np.zeros(len(tab.scount), dtype=bool)
    seen[j] = True
    uj = seen.nonzero()[0]
    inv = (seen.cumsum() - 1)[j]
    cnt = tab.scount[uj, None]
    v = tab.sstart[uj, None] + np.minimum(np.arange(w)[None, :], cnt - 1)
    return tab.sx[v], tab.sy[v], inv


# ------------------------------------------------------------------------------ cover


def _cover(
    index: TerrainIndex, ignored: np.ndarray, target_on: np.ndarray,
    centre: np.ndarray, pts: np.ndarray, target: Polygon, spans: _Spans,
) -> tuple[list[str], int, list[str]]:
    """Pieces crossed, cover level and the pieces giving it (rules in the module docstring).
    `ignored`: the pieces the shooter's base overlaps or touches."""
    if len(index) == 0:
        return [], 0, []
    hits = _line_hits(index.edges, centre, pts, spans, index.is_line, ignored) & ~ignored
    crossed = hits.any(axis=0)
    gives = (crossed | target_on) & ~index.is_line & ~ignored
    li, pj = (hits & index.is_line).nonzero()
    if len(li):
        gives[_walls_near(index, li, pj, centre, pts, target)] = True
    level = int(index.cover[gives].max()) if gives.any() else 0
    giving = gives & (index.cover == level) if level > 0 else np.zeros_like(gives)
    ids = index.ids
    return ([ids[j] for j in crossed.nonzero()[0]], level,
            [ids[j] for j in giving.nonzero()[0]])


def _walls_near(
    index: TerrainIndex, li: np.ndarray, pj: np.ndarray, centre: np.ndarray, pts: np.ndarray,
    target: Polygon,
) -> np.ndarray:
    """The walls (piece indices) that sight line li[h] crosses within reach of the target.

    "Where the line crosses the wall" is where it crosses the wall's centre line; a line that
    only clips a wall's thickness near an end is placed at the nearest point of the part of
    the wall it passes through.
    """
    h, g = (pj[:, None] == index.wall_piece[None, :]).nonzero()
    ax, ay, bx, by = index.wall_segments[g].T
    qx, qy = pts[li[h], 0], pts[li[h], 1]
    dx, dy = qx - centre[0], qy - centre[1]
    ex, ey = bx - ax, by - ay
    den = dx * ey - dy * ex
    ok = np.abs(den) > 1e-15
    den = np.where(ok, den, 1.0)
    t = ((ax - centre[0]) * ey - (ay - centre[1]) * ex) / den
    u = ((ax - centre[0]) * dy - (ay - centre[1]) * dx) / den
    ok &= (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    xy = np.stack([centre[0] + t * dx, centre[1] + t * dy], axis=1)[ok]
    near = shapely.dwithin(shapely.points(xy), target, WALL_COVER_REACH_IN + _EPS)
    found = set(pj[h[ok][near]].tolist())
    has = np.zeros(len(li), dtype=bool)
    has[h[ok]] = True
    missed = (~has).nonzero()[0]  # clipped a wall's thickness only
    if len(missed):
        m = len(missed)
        near = _part_inside_near(index, pj[missed], np.full(m, centre[0]), np.full(m, centre[1]),
                                 pts[li[missed]], np.full(m, target, dtype=object))
        found |= set(pj[missed][near].tolist())
    return np.array(sorted(found), dtype=np.int64)


def _part_inside_near(
    index: TerrainIndex, j: np.ndarray, px: np.ndarray, py: np.ndarray, q: np.ndarray,
    targets: np.ndarray,
) -> np.ndarray:
    """Whether the part of segment P->q[h] inside piece j[h] comes within reach of a wall
    of targets[h] (the place a line that only clips a wall's thickness crosses it).

    The part inside is cut from the segment at its crossings with the piece's outline
    (`_crossings`), not by a shapely overlay per line.
    """
    n = len(j)
    qx, qy = q[:, 0], q[:, 1]
    row, tt, enter = _crossings(index.edges, j, px, py, qx, qy)
    start_in = shapely.contains_xy(index.shapes[j], px, py)
    end_in = start_in + _sums(row, np.where(enter, 1.0, -1.0), n) > 0
    # the ends of the inside parts, in order along each segment: pair them up
    r = np.concatenate((row, start_in.nonzero()[0], end_in.nonzero()[0]))
    at = np.concatenate((tt, np.zeros(start_in.sum()), np.ones(end_in.sum())))
    order = np.lexsort((at, r))
    r, at = r[order], at[order]
    rank = np.arange(len(r)) - np.searchsorted(r, r)
    a = ((rank % 2 == 0)[:-1] & (r[1:] == r[:-1])).nonzero()[0]
    near = np.zeros(n, dtype=bool)
    if len(a) == 0:
        return near
    dx, dy = qx - px, qy - py
    ends = np.stack([np.stack([px[r[a]] + at[i] * dx[r[a]], py[r[a]] + at[i] * dy[r[a]]], axis=1)
                     for i in (a, a + 1)], axis=1)
    close = shapely.dwithin(shapely.linestrings(ends), targets[r[a]], WALL_COVER_REACH_IN + _EPS)
    near[r[a][close]] = True
    return near


def _line_hits(tab: EdgeTable, p: np.ndarray, q: np.ndarray, sp: _Spans,
               every_line: np.ndarray, skip: np.ndarray) -> np.ndarray:
    """(len(q), len(tab)) booleans: segment p -> q[i] meets polygon j (touching counts).

    The angular cull of `_fractions` first (`sp`: the spans seen from p), then edge
    crossings for the undecided: every line of a piece in `every_line` (a wall: where
    each crosses it matters), of any other piece only until one line is known to meet it
    (then whether some line does is decided), and none of a piece in `skip`.
    """
    length = np.hypot(q[:, 0] - p[0], q[:, 1] - p[1])[:, None]
    rel = _wrap(np.arctan2(q[:, 1] - p[1], q[:, 0] - p[0])[:, None] - sp.mid)
    in_span = (rel >= sp.lo - 1e-9) & (rel <= sp.hi + 1e-9)
    maybe = (sp.wrap | in_span) & (length > sp.dmin - 1e-9)
    sure = maybe & ~sp.wrap & tab.connected & (rel > sp.lo) & (rel < sp.hi) & (length >= sp.dmax)
    hits = sure | (sp.inside & (length > 0))
    open_ = (every_line | ~hits.any(axis=0)) & ~skip
    li, pj = (maybe & ~hits & open_).nonzero()
    if len(li):
        n_cross, _ = _cross(tab, pj, np.full(len(li), p[0]), np.full(len(li), p[1]),
                            q[li, 0], q[li, 1], sp.inside[0, pj])
        hits[li, pj] = n_cross > 0
    return hits


# ------------------------------------------------------------------------------ threat view


@dataclass(frozen=True)
class ThreatView:
    """Both directions of sight between one unit and each of `others` (the threat view).

    `sees[i]`, `sees_cover[i]`: how much of others[i] the unit sees, and the cover others[i]
    has against it (line_of_sight(unit, others[i])). `seen_by[i]`, `seen_by_cover[i]`: how
    much of the unit others[i] sees, and the unit's cover against it
    (line_of_sight(others[i], unit)). Unlike line_of_sight, cover is only worked out where
    something is seen: where the fraction is 0 the cover is NOT_SEEN (-1).
    """

    sees: np.ndarray
    sees_cover: np.ndarray
    seen_by: np.ndarray
    seen_by_cover: np.ndarray


def seen_by_fractions(
    index: TerrainIndex,
    shooters: Sequence[Polygon] | np.ndarray,
    target: Polygon,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> np.ndarray:
    """Visible fraction of one target from each shooter ("who sees it"), in one pass.

    [i] equals line_of_sight(index, shooters[i], target).visible_fraction.
    """
    target = _as_polygon(target, "target")
    shooters = _as_polygons(shooters, "shooters")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    if len(shooters) == 0:
        return np.ones(0)
    scene = _Sight.build(index, np.concatenate(([target], shooters)).astype(object), samples,
                         blockers)
    them = np.arange(1, len(shooters) + 1)
    frac, _ = _trace(index, scene, them, np.zeros(len(them), dtype=np.int64), False)
    return frac


def threat_view(
    index: TerrainIndex,
    unit: Polygon,
    others: Sequence[Polygon] | np.ndarray,
    *,
    blockers: Sequence[Polygon] = (),
    samples: int = DEFAULT_SAMPLES,
) -> ThreatView:
    """Fractions and cover both ways between a unit and every other, sharing one scene."""
    unit = _as_polygon(unit, "unit")
    others = _as_polygons(others, "others")
    blockers = _as_polygons(blockers, "blockers") if len(blockers) else _NO_POLYS
    n = len(others)
    if n == 0:
        empty = np.zeros(0)
        return ThreatView(empty, empty.astype(np.int64), empty, empty.astype(np.int64))
    scene = _Sight.build(index, np.concatenate(([unit], others)).astype(object), samples,
                         blockers)
    sees, sees_cover = _threat_half(index, scene, n, "sees")
    seen_by, seen_by_cover = _threat_half(index, scene, n, "seen_by")
    return ThreatView(sees, sees_cover, seen_by, seen_by_cover)


def threat_half_placed(
    index: TerrainIndex, unit: Polygon | tuple, placed: Sequence[tuple], which: ThreatHalf, *,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[np.ndarray, np.ndarray]:
    """One direction of `threat_view_placed`: ("sees") how much of each other the unit sees
    and their cover, or ("seen_by") how much of the unit each other sees and its cover — the
    same arrays as that ThreatView's, so the two may be worked out apart (one per core)."""
    from .bases import base_polygon

    unit = _as_polygon(_outline_of(unit), "unit")
    others = _as_polygons([base_polygon(*p) for p in placed], "others")
    n = len(others)
    if n == 0:
        return np.zeros(0), np.zeros(0, dtype=np.int64)
    scene = _Sight.build(index, np.concatenate(([unit], others)).astype(object), samples,
                         _NO_POLYS)
    return _threat_half(index, scene, n, which)


ThreatHalf = Literal["sees", "seen_by"]


def _threat_half(index: TerrainIndex, scene: _Sight, n: int, which: ThreatHalf
                 ) -> tuple[np.ndarray, np.ndarray]:
    if which not in ("sees", "seen_by"):
        raise ValueError(f"which: expected 'sees' or 'seen_by', got {which!r}")
    me, them = np.zeros(n, dtype=np.int64), np.arange(1, n + 1)
    s, t = (me, them) if which == "sees" else (them, me)
    fraction, cover = _trace(index, scene, s, t, True)
    assert cover is not None
    return fraction, cover


def threat_view_placed(
    index: TerrainIndex, unit: Polygon | tuple, placed: Sequence[tuple], *,
    samples: int = DEFAULT_SAMPLES,
) -> ThreatView:
    """`threat_view` with the others given as placements, (base, x, y, facing) each: their
    outlines are made here (`base_polygon`, as a unit's polygon is), so a caller in another
    process sends a few numbers per unit rather than outlines; `unit` may be a placement
    too (what is kept for its outline in that process is then found again)."""
    from .bases import base_polygon

    return threat_view(index, _outline_of(unit), [base_polygon(*p) for p in placed],
                       samples=samples)


def _outline_of(unit: Polygon | tuple) -> object:
    """A unit given as its outline or as its placement (base, x, y, facing): a placement
    gives the outline `base_polygon` keeps, and with it what is kept for that outline
    (an outline sent to another process arrives there as a new object each time)."""
    if isinstance(unit, tuple):
        from .bases import base_polygon

        return base_polygon(*unit)
    return unit


def prepare_placed(placed: Sequence[tuple], *, samples: int = DEFAULT_SAMPLES) -> int:
    """Make the outlines of these placements ((base, x, y, facing) each) and their sight
    lines' sample points ahead of need: `base_polygon` keeps the outlines and `_samples`
    their points, so the first threat view of a big table after it comes on the board costs
    what later ones do (at 2,000 units the two took 130 ms of a first hover's figures).
    Returns how many outlines were prepared."""
    from .bases import base_polygon

    polys = _as_polygons([base_polygon(*p) for p in placed], "placed")
    if len(polys):
        _samples(polys, _check_samples(samples))
    return len(polys)


def prepare_table(index: TerrainIndex, placed: Sequence[tuple], *,
                  samples: int = DEFAULT_SAMPLES) -> int:
    """`prepare_placed`, and what the threat view reads of each base against this terrain
    ahead of need: the pieces it stands on, and each piece's span from its centre (for
    every piece: a hover looks at those near its sight lines). Kept with the index
    (geometry.outline_rows), so the first hover of a big table costs what later ones do.
    Returns how many outlines were prepared."""
    from .bases import base_polygon

    polys = _as_polygons([base_polygon(*p) for p in placed], "placed")
    if len(polys) == 0:
        return 0
    sc = _Sight.build(index, polys, _check_samples(samples), _NO_POLYS)
    n_cols = len(sc.table)
    if n_cols and sc.spans is not None:
        step = max(1, CHUNK_CELLS // (8 * n_cols))  # bases a chunk: bounded memory
        for first in range(0, len(polys), step):
            owner = np.repeat(np.arange(first, min(first + step, len(polys))), n_cols)
            column = np.tile(np.arange(n_cols), len(owner) // n_cols)

            def fresh(h: np.ndarray, owner=owner, column=column) -> tuple[np.ndarray, ...]:
                return _spans_at(sc.table, column[h], sc.centres[owner[h], 0],
                                 sc.centres[owner[h], 1], sc.radius[column[h]]).cells()

            sc.spans.get(sc.slots[owner], column, fresh)
    return len(polys)


def target_covers(
    index: TerrainIndex,
    shooter: Polygon,
    targets: Sequence[Polygon] | np.ndarray,
    *,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[np.ndarray, np.ndarray]:
    """(visible fraction, cover) of each target from one shooter, in one pass ("who of the
    squad is in what cover"). [i] equals line_of_sight(index, shooter, targets[i])'s
    visible_fraction and cover — the cover also where nothing is seen, unlike threat_view."""
    shooter = _as_polygon(shooter, "shooter")
    targets = _as_polygons(targets, "targets")
    n = len(targets)
    if n == 0:
        return np.ones(0), np.zeros(0, dtype=np.int64)
    scene = _Sight.build(index, np.concatenate(([shooter], targets)).astype(object), samples,
                         _NO_POLYS)
    fraction, cover = _trace(index, scene, np.zeros(n, dtype=np.int64), np.arange(1, n + 1),
                             True, cover_unseen=True)
    assert cover is not None
    return fraction, cover


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


def _radius(table: EdgeTable) -> np.ndarray:
    """Each column's farthest vertex from its `rep` point."""
    if len(table) == 0:
        return np.zeros(0)
    vpiece = np.repeat(np.arange(len(table)), table.vcount)
    far = np.hypot(table.vx - table.rep[vpiece, 0], table.vy - table.rep[vpiece, 1])
    return np.maximum.reduceat(far, table.vstart)


def _spans_at(
    tab: EdgeTable, j: np.ndarray, px: np.ndarray, py: np.ndarray, radius: np.ndarray,
) -> _Spans:
    """`_spans` for chosen (centre, piece) pairs only: 1-D arrays, one entry per pair.

    The same arithmetic as `_spans`, element by element, so both give the same numbers.
    `radius`: each pair's piece's bounding radius around its `rep` point.
    """
    mid = np.arctan2(tab.rep[j, 1] - py, tab.rep[j, 0] - px)
    item, v, offs = _ragged(tab.vcount[j], tab.vstart[j])
    dx, dy = tab.vx[v] - px[item], tab.vy[v] - py[item]
    rel = _wrap(np.arctan2(dy, dx) - mid[item])
    lo = np.minimum.reduceat(rel, offs)
    hi = np.maximum.reduceat(rel, offs)
    dmax = np.maximum.reduceat(np.hypot(dx, dy), offs)
    item, e, offs = _ragged(tab.count[j], tab.start[j])
    ax, ay = tab.ax[e], tab.ay[e]
    ex, ey = tab.bx[e] - ax, tab.by[e] - ay
    ll = np.maximum(ex * ex + ey * ey, 1e-300)
    x0, y0 = px[item], py[item]
    u = _clip01(((x0 - ax) * ex + (y0 - ay) * ey) / ll)
    dmin = np.minimum.reduceat(np.hypot(ax + u * ex - x0, ay + u * ey - y0), offs)
    # in the piece or its hull: only where the centre is within the piece's bounding circle
    near = (np.hypot(tab.rep[j, 0] - px, tab.rep[j, 1] - py) <= radius + 1e-7).nonzero()[0]
    inside = np.zeros(len(j), dtype=bool)
    inside[near] = shapely.contains_xy(tab.geoms[j[near]], px[near], py[near])
    dmin[inside] = 0.0
    in_hull = np.zeros(len(j), dtype=bool)
    in_hull[near] = shapely.intersects_xy(tab.hulls[j[near]], px[near], py[near])
    wrap = in_hull | (hi - lo >= np.pi - 1e-6)
    return _Spans(mid, lo, hi, dmin, dmax, wrap, inside)


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


def _ragged(count: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flatten runs start[i]:start[i] + count[i] (all count > 0): owner, index, run offsets."""
    offs = np.cumsum(count) - count
    item = np.repeat(np.arange(len(count)), count)
    return item, np.arange(count.sum()) - np.repeat(offs - start, count), offs


def _trace(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, want_cover: bool,
    cover_unseen: bool = False,
) -> tuple[np.ndarray, np.ndarray | None]:
    """Visible fraction (and cover, if asked) for each pair: s[k] shoots at t[k]; the cover
    of a pair that sees nothing (fraction 0) is not worked out, but NOT_SEEN — unless
    `cover_unseen` (then every pair's cover is worked out, as line_of_sight gives it).

    The rules and the arithmetic are those of `_fractions` and `_cover`; what differs is the
    pruning, made for many shooters: a piece is looked at for a pair only if its bounding
    circle meets the pair's sight fan (the hull of the shooter's centre and the disc holding
    the target's samples), and its angular span is computed for those (pair, piece) alone.
    """
    n_pairs, n_samples = len(s), sc.points.shape[1]
    n_p = len(index)
    cover = np.zeros(n_pairs, dtype=np.int64) if want_cover else None
    kk, jj, sp = _candidates(sc, s, t, n_p if want_cover else 0)
    if len(kk) == 0:
        if cover is not None:  # a piece the target stands in gives cover all the same
            cover[:] = _trace_cover(index, sc, s, t, kk, jj, np.zeros((0, n_samples), bool))
        return np.ones(n_pairs), cover
    tab = sc.table
    blocked = np.zeros((n_pairs, n_samples), dtype=bool)
    los_c = sc.los[jj] & ~(sc.solid[jj] & (sc.on[s[kk], jj] | sc.on[t[kk], jj]))
    solid_c = (los_c & sc.solid[jj])[:, None]
    depth_c = (los_c & ~sc.solid[jj])[:, None]

    # candidate (pair, piece) x sample lines: cull by angle and distance
    p = sc.centres[s]
    q = sc.points[t]  # (pairs, N, 2)
    length, angle = _sight_lines(kk, p, q)
    rel = _wrap(angle - sp.mid[:, None])
    lo_c, hi_c, wrap_c = sp.lo[:, None], sp.hi[:, None], sp.wrap[:, None]
    maybe = wrap_c | ((rel >= lo_c - 1e-9) & (rel <= hi_c + 1e-9))
    maybe &= length > sp.dmin[:, None] - 1e-9
    sure = (maybe & ~wrap_c & tab.connected[jj][:, None] & (rel > lo_c) & (rel < hi_c)
            & (length >= sp.dmax[:, None]))
    ci, li = (sure & solid_c).nonzero()
    blocked[kk[ci], li] = True
    # woods a line surely goes through for more than their depth (between the bases)
    deep = _deep_in_woods(index, sc, s, t, kk, jj, depth_c[:, 0], p, q, length)
    ci, li = deep.nonzero()
    blocked[kk[ci], li] = True
    sure |= deep
    # what still needs crossing for the fractions: lines not yet blocked, for a solid piece
    # they do not surely meet and for woods (their depth)
    need = maybe & ~blocked[kk] & ((solid_c & ~sure) | depth_c)
    ci, li = need.nonzero()
    k, j = kk[ci], jj[ci]
    inside0 = sp.inside[ci]
    n_cross, frac = _cross(tab, j, p[k, 0], p[k, 1], q[k, li, 0], q[k, li, 1], inside0)
    hit = solid_c[ci, 0] & ((n_cross > 0) | inside0)
    blocked[k[hit], li[hit]] = True
    d = depth_c[ci, 0]
    if d.any():
        kd, ld = k[d], li[d]
        share, _ = _woods_shares(sc, s, t, kd, ld, j[d], p[kd, 0], p[kd, 1], q[kd, ld, 0],
                                 q[kd, ld, 1], frac[d] * length[ci[d], ld], inside0[d],
                                 (n_pairs, n_samples))
        blocked |= share > 1 + _EPS
    fraction = 1.0 - blocked.mean(axis=1)
    if cover is None:
        return fraction, None

    # cover, for the pairs that see something: which pieces some line crosses, then for walls
    # where. Still to cross: for a seen pair, every line of a wall and the lines of a piece no
    # line is yet known to meet, that the fractions did not cross already.
    line_hit = sure | (sp.inside[:, None] & (length > 0))
    line_hit[ci, li] |= n_cross > 0
    seen = fraction > 0 if not cover_unseen else np.ones(n_pairs, dtype=bool)
    terrain = ((jj < n_p) & seen[kk]).nonzero()[0]
    counts = np.zeros(len(jj), dtype=bool)
    counts[terrain] = ~sc.touch[s[kk[terrain]], jj[terrain]]
    wall = np.zeros(len(jj), dtype=bool)
    wall[counts] = index.is_line[jj[counts]]
    level = np.zeros(len(jj), dtype=np.int64)
    level[counts] = index.cover[jj[counts]]
    # only a piece that could raise the pair's cover above what is already known to give
    # it, and a wall only near enough the target to count, is crossed further
    met = line_hit.any(axis=1)
    area_met = counts & ~wall & met
    known = _known_cover(index, sc, s, t, kk[area_met], jj[area_met])
    more = counts & (level > known[kk]) & np.where(wall, _near_target(sc, t[kk], jj), ~met)
    ci, li = (maybe & ~sure & ~need & more[:, None]).nonzero()
    k = kk[ci]
    n_cross, _ = _cross(tab, jj[ci], p[k, 0], p[k, 1], q[k, li, 0], q[k, li, 1], sp.inside[ci])
    line_hit[ci, li] |= n_cross > 0
    keep = seen[kk]
    cover[:] = _trace_cover(index, sc, s, t, kk[keep], jj[keep], line_hit[keep])
    cover[~seen] = NOT_SEEN
    return fraction, cover


def _deep_in_woods(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray, woods: np.ndarray, p: np.ndarray, q: np.ndarray, length: np.ndarray,
) -> np.ndarray:
    """(candidates, samples): the line runs through the disc inside the woods piece
    (`TerrainIndex.woods_discs`) for more than its depth, so it is blocked whatever else it
    crosses. Only where neither base stands in the woods (nothing is taken off then)."""
    out = np.zeros(length.shape, dtype=bool)
    c = (woods & (jj < len(index))).nonzero()[0]
    if len(c) == 0:
        return out
    c = c[~(sc.on[s[kk[c]], jj[c]] | sc.on[t[kk[c]], jj[c]])]
    centre, radius = index.woods_discs
    j, k = jj[c], kk[c]
    wx = (centre[j, 0] - p[k, 0])[:, None]
    wy = (centre[j, 1] - p[k, 1])[:, None]
    dx, dy = q[k, :, 0] - p[k, 0:1], q[k, :, 1] - p[k, 1:2]
    ll = np.maximum(length[c], 1e-300)
    along = (wx * dx + wy * dy) / ll  # from the shooter's centre, along the line
    half2 = radius[j, None] ** 2 - (wx * wx + wy * wy - along * along)
    half = np.sqrt(np.maximum(half2, 0.0))
    chord = np.minimum(along + half, ll) - np.maximum(along - half, 0.0)
    out[c] = (half2 > 0) & (chord > sc.depth[j, None] * (1 + 2 * _EPS) + 1e-9)
    return out


def _candidates(
    sc: _Sight, s: np.ndarray, t: np.ndarray, n_cover: int,
) -> tuple[np.ndarray, np.ndarray, _Spans]:
    """The (pair, piece) candidates kk, jj that may block a pair's lines or give it cover
    (the first `n_cover` columns count for cover), with their spans from the shooter."""
    p, c, r_t = sc.centres[s], sc.centres[t], sc.reach[t]
    tab = sc.table
    d = c - p
    l2 = np.maximum((d * d).sum(axis=1), 1e-300)
    wx = tab.rep[None, :, 0] - p[:, 0:1]
    wy = tab.rep[None, :, 1] - p[:, 1:2]
    u = _clip01((wx * d[:, 0:1] + wy * d[:, 1:2]) / l2[:, None])
    near = np.hypot(wx - u * d[:, 0:1], wy - u * d[:, 1:2]) <= sc.radius + r_t[:, None] + 1e-6
    acts = sc.los[None, :] & ~(sc.solid[None, :] & (sc.on[s] | sc.on[t]))
    if n_cover:
        acts[:, :n_cover] |= ~sc.touch[s, :n_cover]
    kk, jj = (near & acts).nonzero()
    if len(kk) == 0:
        return kk, jj, _Spans(*(np.zeros(0) for _ in _SPAN_FIELDS))
    if sc.spans is not None:  # kept per (base, piece): a base's centre sees a piece so
        def fresh(h: np.ndarray) -> tuple[np.ndarray, ...]:  # hover after hover
            return _spans_at(tab, jj[h], p[kk[h], 0], p[kk[h], 1], sc.radius[jj[h]]).cells()

        sp = _Spans(*sc.spans.get(sc.slots[s[kk]], jj, fresh))
    elif (s == s[0]).all():  # one shooter (the unit looking out): each piece's span once
        uj, inv = np.unique(jj, return_inverse=True)
        x, y = np.full(len(uj), p[0, 0]), np.full(len(uj), p[0, 1])
        one = _spans_at(tab, uj, x, y, sc.radius[uj])
        sp = _Spans(*(getattr(one, f)[inv] for f in _SPAN_FIELDS))
    else:
        sp = _spans_at(tab, jj, p[kk, 0], p[kk, 1], sc.radius[jj])
    # the sight fan, as `_fractions` cuts it (a little wider: this is only a cull)
    dist = np.sqrt(l2[kk])
    r_k = r_t[kk]
    half = np.where(dist > r_k, np.arcsin(_clip01(r_k / dist)), np.pi)
    cc = _wrap(np.arctan2(d[kk, 1], d[kk, 0]) - sp.mid)
    off = np.where((cc >= sp.lo) & (cc <= sp.hi), 0.0,
                   np.minimum(np.abs(_wrap(cc - sp.lo)), np.abs(_wrap(cc - sp.hi))))
    fan = (sp.wrap | (off <= half + 1e-7)) & (dist + r_k > sp.dmin - 1e-7)
    return kk[fan], jj[fan], _Spans(*(getattr(sp, f)[fan] for f in _SPAN_FIELDS))


def _trace_cover(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray, line_hit: np.ndarray,
) -> np.ndarray:
    """Cover level of each pair, by the rules of `_cover`, from the candidates' line hits."""
    n_pairs, n_p = len(s), len(index)
    if n_p == 0:
        return np.zeros(n_pairs, dtype=np.int64)
    terrain = jj < n_p
    kk, jj, line_hit = kk[terrain], jj[terrain], line_hit[terrain]
    counts = ~sc.touch[s[kk], jj]  # pieces the shooter's base meets are ignored
    wall = index.is_line[jj]
    crossed = counts & ~wall & line_hit.any(axis=1)
    level = _known_cover(index, sc, s, t, kk[crossed], jj[crossed])
    # a wall counts only if it would raise the level, and only near the target
    wall &= counts & (index.cover[jj] > level[kk])
    wall[wall] = _near_target(sc, t[kk[wall]], jj[wall])
    ci, li = (line_hit & wall[:, None]).nonzero()
    if len(ci):
        k, pj = _walls_near_pairs(index, sc, s, t, kk[ci], jj[ci], li)
        np.maximum.at(level, k, index.cover[pj])
    return level


def _known_cover(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray,
) -> np.ndarray:
    """Each pair's cover from the area pieces its target stands in (not met by the
    shooter's base) and the area pieces (pair kk[h], piece jj[h]) some line crosses."""
    n_p = len(index)
    on = sc.on[t, :n_p] & ~index.is_line & ~sc.touch[s, :n_p]
    level = np.where(on, index.cover[None, :], 0).max(axis=1, initial=0).astype(np.int64)
    np.maximum.at(level, kk, index.cover[jj])
    return level


def _near_target(sc: _Sight, tu: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Whether column j[h] may come within a wall's cover reach of base tu[h] (bounding
    circles: a wall farther off can give that base no cover)."""
    gap = np.hypot(sc.table.rep[j, 0] - sc.centres[tu, 0], sc.table.rep[j, 1] - sc.centres[tu, 1])
    return gap <= sc.radius[j] + sc.bound[tu] + WALL_COVER_REACH_IN + 1e-6


def _walls_near_pairs(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, k: np.ndarray,
    pj: np.ndarray, li: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """`_walls_near` for many pairs: the (pair, wall) among sight line li[h] of pair k[h]
    crossing wall pj[h] that cross it within reach of the pair's target."""
    h, g = (pj[:, None] == index.wall_piece[None, :]).nonzero()
    ax, ay, bx, by = index.wall_segments[g].T
    cx, cy = sc.centres[s[k[h]], 0], sc.centres[s[k[h]], 1]
    q = sc.points[t[k[h]], li[h]]
    dx, dy = q[:, 0] - cx, q[:, 1] - cy
    ex, ey = bx - ax, by - ay
    den = dx * ey - dy * ex
    ok = np.abs(den) > 1e-15
    den = np.where(ok, den, 1.0)
    tt = ((ax - cx) * ey - (ay - cy) * ex) / den
    uu = ((ax - cx) * dy - (ay - cy) * dx) / den
    ok &= (tt >= 0) & (tt <= 1) & (uu >= 0) & (uu <= 1)
    has = np.zeros(len(k), dtype=bool)
    has[h[ok]] = True
    xy = np.stack([cx + tt * dx, cy + tt * dy], axis=1)[ok]
    h = h[ok]
    tu = t[k[h]]
    # shapely only for the crossings that may be near: not beyond the base's bounding circle
    maybe = (np.hypot(xy[:, 0] - sc.centres[tu, 0], xy[:, 1] - sc.centres[tu, 1])
             <= sc.bound[tu] + WALL_COVER_REACH_IN + 1e-6)
    h, xy, tu = h[maybe], xy[maybe], tu[maybe]
    near = shapely.dwithin(shapely.points(xy), sc.polys[tu], WALL_COVER_REACH_IN + _EPS)
    found_k, found_j = [k[h][near]], [pj[h][near]]
    missed = (~has).nonzero()[0]  # clipped a wall's thickness only
    if len(missed):
        m = k[missed]
        near = _part_inside_near(index, pj[missed], sc.centres[s[m], 0], sc.centres[s[m], 1],
                                 sc.points[t[m], li[missed]], sc.polys[t[m]])
        found_k.append(m[near])
        found_j.append(pj[missed][near])
    return np.concatenate(found_k), np.concatenate(found_j)


# ------------------------------------------------------------------------------ input checks

_NO_POLYS = np.zeros(0, dtype=object)


def _as_polygon(p: object, name: str) -> Polygon:
    if not isinstance(p, Polygon) or p.is_empty or p.area <= 0:
        raise ValueError(f"{name}: expected a base polygon with an area, got {p!r:.60}")
    return p


def _as_polygons(polys: Sequence[Polygon] | np.ndarray, name: str) -> np.ndarray:
    """`_as_polygon` for each, checked at once (shapely's vectorised predicates); the first
    bad one is named as `_as_polygon` names it."""
    arr = np.empty(len(polys), dtype=object)
    for i, p in enumerate(polys):  # one by one: a list inside must not become an axis
        arr[i] = p
    ok = shapely.is_geometry(arr)
    if ok.all():
        ok = (shapely.get_type_id(arr) == 3) & ~shapely.is_empty(arr)
        ok[ok] = shapely.area(arr[ok]) > 0
    if not ok.all():
        i = int((~ok).nonzero()[0][0])
        _as_polygon(arr[i], f"{name}[{i}]")
    return arr


def _check_samples(samples: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int | np.integer) or samples < 1:
        raise ValueError(f"samples: expected a positive whole number, got {samples!r}")
    return int(samples)


def _overlap(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Interiors meet: standing in or on the piece, not just touching its outline."""
    return bool(shapely.intersects(a, b) and not shapely.touches(a, b))


def _polygonal(g: BaseGeometry) -> BaseGeometry:
    """The areal part of an intersection (drops the stray lines and points GEOS may return)."""
    if shapely.get_type_id(g) in (3, 6):
        return g
    parts = shapely.get_parts(g)
    return shapely.union_all(parts[shapely.area(parts) > 0])
