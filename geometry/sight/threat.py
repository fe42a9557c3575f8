"""The threat view: many shooters against one unit and the unit against them, fractions and
cover both ways in one pass, pruned per (pair, piece) (geometry.los, threat view)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from shapely.geometry import Polygon

from ..terrain import TerrainIndex
from .checks import _EPS, _NO_POLYS, _as_polygon, _as_polygons, _check_samples
from .cover import _known_cover, _near_target, _trace_cover
from .crossings import _SPAN_FIELDS, _clip01, _cross, _sight_lines, _Spans, _spans_at, _wrap
from .pairs import CHUNK_CELLS, _woods_shares
from .sampling import DEFAULT_SAMPLES, _samples
from .scene import _Sight

#: The cover `threat_view` gives for a pair that sees nothing: not worked out (cover only
#: matters for a target that can be seen, and skipping it halves the threat view's work).
NOT_SEEN = -1



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
    from ..bases import base_polygon

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
    from ..bases import base_polygon

    return threat_view(index, _outline_of(unit), [base_polygon(*p) for p in placed],
                       samples=samples)



def _outline_of(unit: Polygon | tuple) -> object:
    """A unit given as its outline or as its placement (base, x, y, facing): a placement
    gives the outline `base_polygon` keeps, and with it what is kept for that outline
    (an outline sent to another process arrives there as a new object each time)."""
    if isinstance(unit, tuple):
        from ..bases import base_polygon

        return base_polygon(*unit)
    return unit



def prepare_placed(placed: Sequence[tuple], *, samples: int = DEFAULT_SAMPLES) -> int:
    """Make the outlines of these placements ((base, x, y, facing) each) and their sight
    lines' sample points ahead of need: `base_polygon` keeps the outlines and `_samples`
    their points, so the first threat view of a big table after it comes on the board costs
    what later ones do (on a big table the two were most of a first hover's figures).
    Returns how many outlines were prepared."""
    from ..bases import base_polygon

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
    from ..bases import base_polygon

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
    # line is yet known to meet, that the fractions did not cross already
    line_hit = sure | (sp.inside[:, None] & (length > 0))
    line_hit[ci, li] |= n_cross > 0
    seen = fraction > 0 if not cover_unseen else np.ones(n_pairs, dtype=bool)
    cover[:] = _seen_cover(index, sc, s, t, kk, jj, sp, p, q, maybe & ~sure & ~need,
                           line_hit, seen)
    return fraction, cover


def _seen_cover(
    index: TerrainIndex, sc: _Sight, s: np.ndarray, t: np.ndarray, kk: np.ndarray,
    jj: np.ndarray, sp: _Spans, p: np.ndarray, q: np.ndarray, open_: np.ndarray,
    line_hit: np.ndarray, seen: np.ndarray,
) -> np.ndarray:
    """`_trace`'s cover of each pair (NOT_SEEN where not `seen`): `line_hit` what the
    fractions found each candidate's lines to meet, `open_` the lines not yet crossed.
    Only a piece that could raise the pair's cover above what is already known to give it,
    and a wall only near enough the target to count, is crossed further."""
    n_p = len(index)
    terrain = ((jj < n_p) & seen[kk]).nonzero()[0]
    counts = np.zeros(len(jj), dtype=bool)
    counts[terrain] = ~sc.touch[s[kk[terrain]], jj[terrain]]
    wall = np.zeros(len(jj), dtype=bool)
    wall[counts] = index.is_line[jj[counts]]
    level = np.zeros(len(jj), dtype=np.int64)
    level[counts] = index.cover[jj[counts]]
    met = line_hit.any(axis=1)
    area_met = counts & ~wall & met
    known = _known_cover(index, sc, s, t, kk[area_met], jj[area_met])
    more = counts & (level > known[kk]) & np.where(wall, _near_target(sc, t[kk], jj), ~met)
    ci, li = (open_ & more[:, None]).nonzero()
    k = kk[ci]
    n_cross, _ = _cross(sc.table, jj[ci], p[k, 0], p[k, 1], q[k, li, 0], q[k, li, 1],
                        sp.inside[ci])
    line_hit[ci, li] |= n_cross > 0
    keep = seen[kk]
    cover = _trace_cover(index, sc, s, t, kk[keep], jj[keep], line_hit[keep])
    cover[~seen] = NOT_SEEN
    return cover



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
